"""Tests of dlbook.copytask (data, training, scoring) and dlbook.blind (text, floors)."""

from __future__ import annotations

import pytest
import torch

from dlbook.blind import ALPHABET, encode, held_out_chunks, prose_of, unigram_accuracy
from dlbook.copytask import (
    VOCAB,
    _fresh_batch,
    build_copy_model,
    copy_accuracy,
    forced_symbol_accuracy,
    held_out_strings,
    random_digit_strings,
    run_copy_cell,
    task_targets,
    train_on_strings,
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


# -- issue 34: scores and training refuse strings that are not encoded digit strings ------

@pytest.mark.parametrize("score", [copy_accuracy, forced_symbol_accuracy])
def test_the_scores_refuse_raw_digits(score):
    raw = torch.randint(0, 10, (4, 3), generator=torch.Generator().manual_seed(0))
    model = build_copy_model(hidden=4, attention=False)
    # raw digits 0, 1, 2 are PAD, SOS, EOS: both scores used to return a number
    for src, targets in ((raw, raw + FIRST_SYMBOL), (raw + FIRST_SYMBOL, raw)):
        with pytest.raises(ValueError, match=r"(src|targets) holds ids in \[0, 9\] but must "
                                             r"lie in \[3, 13\).*encode"):
            score(model, src, targets)


@pytest.mark.parametrize("score", [copy_accuracy, forced_symbol_accuracy])
def test_the_scores_refuse_targets_of_another_shape(score):
    src = held_out_strings(4, 3, seed=0)
    model = build_copy_model(hidden=4, attention=False)
    # forced_symbol_accuracy(m, s, s[:, :2]) used to return a number (0.125 in the issue)
    for targets in (src[:, :2], src[:2], src[0]):
        with pytest.raises(ValueError, match=r"src|targets"):
            score(model, src, targets)
    with pytest.raises(ValueError, match=r"n and L >= 1"):
        score(model, src[:0], src[:0])


def test_training_refuses_an_exclude_it_could_never_draw():
    model = build_copy_model(hidden=4, attention=False)
    train = dict(task="copy", length=2, steps=1, batch=2, lr=1e-2)
    # strings of another length would never be drawn, so excluding them protected nothing
    with pytest.raises(ValueError, match=r"exclude holds strings of length 3 but training "
                                         r"draws length=2.*held_out_strings\(n, 2"):
        train_on_strings(model, **train, exclude=held_out_strings(5, 3, seed=0))
    with pytest.raises(ValueError, match=r"exclude holds ids in \[0, .*reserved"):
        train_on_strings(model, **train, exclude=held_out_strings(5, 2, seed=0) - FIRST_SYMBOL)
    with pytest.raises(ValueError, match=r"exclude must have 2 dimensions"):
        train_on_strings(model, **train, exclude=held_out_strings(5, 2, seed=0)[0])
    assert len(train_on_strings(model, **train, exclude=held_out_strings(5, 2, seed=0))) == 1


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
