"""Tests of dlbook.copytask (data, training, scoring) and dlbook.blind (text, floors)."""

from __future__ import annotations

import pytest
import torch

from dlbook.blind import ALPHABET, encode, held_out_chunks, prose_of, unigram_accuracy
from dlbook.copytask import (
    VOCAB,
    _fresh_batch,
    copy_accuracy,
    held_out_strings,
    random_digit_strings,
    run_copy_cell,
    task_targets,
)
from dlbook.seq2seq import EOS, FIRST_SYMBOL


def test_digit_strings_are_digit_ids_of_the_asked_shape():
    x = random_digit_strings(50, 7, generator=torch.Generator().manual_seed(0))
    assert x.shape == (50, 7) and int(x.min()) >= FIRST_SYMBOL and int(x.max()) < VOCAB
    assert torch.equal(task_targets(x, task="copy"), x)
    assert torch.equal(task_targets(x, task="reverse")[:, 0], x[:, -1])
    with pytest.raises(ValueError, match="task"):
        task_targets(x, task="sort")
    with pytest.raises(ValueError, match="length"):
        random_digit_strings(5, 0, generator=torch.Generator())


def test_held_out_strings_are_distinct_and_never_drawn_for_training():
    test = held_out_strings(90, 2, seed=0)  # 90 of the 100 two-digit strings
    assert len({tuple(r) for r in test.tolist()}) == 90
    banned = {tuple(r) for r in test.tolist()}
    batch = _fresh_batch(500, 2, torch.Generator().manual_seed(1), banned)
    assert not banned & {tuple(r) for r in batch.tolist()}
    with pytest.raises(ValueError, match="distinct"):
        held_out_strings(101, 2, seed=0)


class _Oracle(torch.nn.Module):
    """Emits the source, then EOS after ``stop_after`` symbols (never, if None)."""

    def __init__(self, stop_after: int | None) -> None:
        super().__init__()
        self.stop_after = stop_after

    def start(self, src, lengths):
        return (src, 0)

    def step(self, tokens, state):
        src, t = state
        logits = torch.zeros(src.shape[0], VOCAB)
        stop = self.stop_after is not None and t >= self.stop_after
        logits[torch.arange(src.shape[0]), EOS if stop else src[:, t % src.shape[1]]] = 1.0
        return logits, (src, t + 1)


def test_copy_accuracy_scores_the_first_l_symbols_apart_from_termination():
    src = held_out_strings(20, 6, seed=3)
    assert copy_accuracy(_Oracle(6), src, src) == {"symbol": 1.0, "sequence": 1.0,
                                                   "termination": 1.0}
    # Never stops: every symbol right, but no output terminates.
    assert copy_accuracy(_Oracle(None), src, src) == {"symbol": 1.0, "sequence": 1.0,
                                                      "termination": 0.0}
    # Stops one symbol early: the missing last symbol counts as wrong.
    early = copy_accuracy(_Oracle(5), src, src)
    assert early == {"symbol": pytest.approx(5 / 6), "sequence": 0.0, "termination": 0.0}


def test_run_copy_cell_returns_plain_values():
    out = run_copy_cell(length=3, hidden=8, attention=True, steps=2, batch=8, n_test=10,
                        keep_model=True)
    assert {"symbol", "sequence", "termination", "forced", "seconds"} <= set(out)
    assert all(0.0 <= out[k] <= 1.0 for k in ("symbol", "sequence", "termination", "forced"))
    assert isinstance(out["state_dict"], dict)


@pytest.mark.slow
@pytest.mark.parametrize("attention", [False, True])
def test_a_copy_model_learns_short_strings(attention):
    out = run_copy_cell(length=3, hidden=32, attention=attention, steps=150, batch=64, lr=1e-2,
                        n_test=200)
    assert out["symbol"] > 0.9  # chance is 0.1


def test_prose_of_keeps_words_and_drops_code_maths_and_markup(tmp_path):
    qmd = tmp_path / "x.qmd"
    qmd.write_text("# Title {#sec-x}\n\nSome *words*, see @fig-a and [@key].\n\n"
                   "```{python}\nsecret = 1\n```\n\nMaths $x^2$ and `code` go; "
                   "[a link](http://e.org) stays.\n\n::: {.callout-note}\nNote.\n:::\n")
    text = prose_of(qmd)
    # Extraction is dlbook.corpus's: a cross-reference keeps its word ("Figure #"), a
    # citation goes; normalisation then drops the placeholder, maths and code.
    assert text == "title some words, see figure and. maths and go; a link stays. note."
    assert set(text) <= set(ALPHABET)
    with pytest.raises(FileNotFoundError):
        prose_of(tmp_path / "missing.qmd")


def test_encoding_chunks_and_the_unigram_floor():
    ids = encode("abca ab")
    assert ids.tolist() == [FIRST_SYMBOL + ALPHABET.index(c) for c in "abca ab"]
    assert held_out_chunks(ids, length=3).shape == (2, 3)
    accuracy, top = unigram_accuracy(encode("aaab"), encode("abab"))
    assert top == "a" and accuracy == 0.5
    with pytest.raises(ValueError, match="ALPHABET"):
        encode("A")
