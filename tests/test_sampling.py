"""Generation: the state streams (nothing recomputed), temperature reshapes the distribution,
greedy decoding is the temperature-zero limit and falls into loops."""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from dlbook.charlm import CharLSTM
from dlbook.corpus import CharVocabulary
from dlbook.sampling import generate, greedy, repeating_tail, sample_text


class Bigram(nn.Module):
    """Next-token logits from a fixed table indexed by the current token. The 'state' counts
    the tokens read so far, so a test can see exactly how much input each call processed."""

    def __init__(self, table: torch.Tensor):
        super().__init__()
        self.vocab = table.shape[1]
        self.table = nn.Parameter(table.clone())
        self.tokens_read = 0

    def forward(self, x, state=None):
        self.tokens_read += x.numel()
        seen = (0 if state is None else state) + x.shape[1]
        return self.table[x], seen


def test_state_streams_so_each_token_is_read_once():
    model = Bigram(torch.zeros(5, 5))
    prompt = torch.tensor([0, 1, 2, 3])
    generate(model, prompt, steps=10, temperature=1.0, seed=0)
    # The prompt once, then one token per step except the last (whose successor is not needed).
    assert model.tokens_read == len(prompt) + 10 - 1


def test_streamed_greedy_matches_recomputing_from_scratch():
    torch.manual_seed(0)
    model = CharLSTM(12, hidden=16, embed=8, layers=2)
    with torch.no_grad():
        model.head.weight.mul_(20)  # sharpen the logits so argmax ties cannot occur
    prompt = torch.tensor([3, 1, 4, 1, 5])
    new = greedy(model, prompt, steps=30)
    full = torch.cat([prompt, new])
    with torch.no_grad():
        logits, _ = model(full[:-1].unsqueeze(0))
    # Every greedy token is the argmax of a full recomputation over everything before it.
    assert torch.equal(logits[0, len(prompt) - 1 :].argmax(-1), new)


def test_greedy_is_the_zero_temperature_limit_and_loops():
    table = torch.full((4, 4), -5.0)
    for i, j in [(0, 1), (1, 2), (2, 0), (3, 0)]:
        table[i, j] = 5.0  # 0 -> 1 -> 2 -> 0 ... and 3 -> 0
    model = Bigram(table)
    new = greedy(model, torch.tensor([3]), steps=12)
    assert new.tolist() == [0, 1, 2] * 4
    assert torch.equal(generate(model, torch.tensor([3]), steps=12, temperature=0), new)
    assert repeating_tail(new.tolist()) == (3, 0)


@pytest.mark.slow
@pytest.mark.parametrize("temperature", [0.5, 1.0, 2.0])
def test_samples_follow_softmax_of_logits_over_temperature(temperature):
    logits = torch.tensor([0.0, 1.0, 2.0])
    model = Bigram(logits.expand(3, 3))  # the same distribution whatever came before
    draws = generate(model, torch.tensor([0]), steps=6000, temperature=temperature, seed=1)
    freq = torch.bincount(draws, minlength=3).double() / len(draws)
    expected = torch.softmax(logits.double() / temperature, dim=0)
    # Three standard errors of a frequency near 0.5 from 6000 draws is about 0.02.
    assert torch.allclose(freq, expected, atol=0.025), (freq, expected)


@pytest.mark.slow
def test_low_temperature_concentrates_and_high_temperature_spreads():
    model = Bigram(torch.tensor([0.0, 0.5, 1.0, 1.5]).expand(4, 4))

    def entropy(t):
        draws = generate(model, torch.tensor([0]), steps=3000, temperature=t, seed=2)
        p = torch.bincount(draws, minlength=4).double() / len(draws)
        return -sum(float(q) * math.log(float(q)) for q in p if q > 0)

    assert entropy(0.2) < entropy(0.8) < entropy(1.5) <= math.log(4)


def test_same_seed_same_text_and_other_seed_other_text():
    torch.manual_seed(0)
    model = CharLSTM(20, hidden=16, embed=8)
    prompt = torch.tensor([1, 2, 3])
    a = generate(model, prompt, steps=50, temperature=1.0, seed=5)
    assert torch.equal(a, generate(model, prompt, steps=50, temperature=1.0, seed=5))
    assert not torch.equal(a, generate(model, prompt, steps=50, temperature=1.0, seed=6))
    assert a.shape == (50,) and int(a.min()) >= 0 and int(a.max()) < 20


def test_sample_text_decodes_the_continuation_only():
    vocab = CharVocabulary.from_text("abc ")
    model = CharLSTM(vocab.size, hidden=8, embed=4)
    text = sample_text(model, vocab, "ab", steps=7, temperature=0.8, seed=0)
    assert len(text) == 7 and set(text) <= set("abc ")
    with pytest.raises(ValueError, match="outside the vocabulary"):
        sample_text(model, vocab, "xyz", steps=3, temperature=1.0)
    with pytest.raises(ValueError, match="vocabulary has 4"):
        sample_text(CharLSTM(5, hidden=8), vocab, "ab", steps=3, temperature=1.0)


def test_generation_errors_name_the_argument():
    model = CharLSTM(6, hidden=8, embed=4)
    prompt = torch.tensor([0, 1])
    with pytest.raises(ValueError, match="temperature"):
        generate(model, prompt, steps=3, temperature=-0.1)
    with pytest.raises(ValueError, match="temperature"):
        generate(model, prompt, steps=3, temperature=float("nan"))
    with pytest.raises(ValueError, match="steps"):
        generate(model, prompt, steps=0, temperature=1.0)
    with pytest.raises(ValueError, match="vocab=6"):
        generate(model, torch.tensor([0, 9]), steps=3, temperature=1.0)
    with pytest.raises(TypeError, match="model.vocab"):
        generate(nn.LSTM(2, 2), prompt, steps=3, temperature=1.0)


def test_generation_leaves_the_training_mode_as_it_found_it():
    model = CharLSTM(6, hidden=8, embed=4)
    model.train()
    generate(model, torch.tensor([0]), steps=2, temperature=1.0)
    assert model.training


@pytest.mark.parametrize(
    "text, expected",
    [("abcabcabc", (3, 0)), ("xyabababab", (2, 2)), ("hello the the the ", (4, 5)),
     ("abcdefgh", None), ("aab", None), ("zzzz", (1, 0))],
)
def test_repeating_tail_finds_the_shortest_loop_and_where_it_starts(text, expected):
    assert repeating_tail(text) == expected


def test_repeating_tail_respects_its_limits():
    assert repeating_tail("ab" * 3, min_repeats=4) is None
    assert repeating_tail("abcd" * 5, max_period=3) is None
    with pytest.raises(ValueError, match="max_period"):
        repeating_tail("aaa", max_period=0)


def test_word_statistics_counts_spelling_and_repetition():
    from dlbook.sampling import word_statistics

    stats = word_statistics("The cat, the dog; the qzx.", "a cat and THE dog")
    assert stats == {"words": 6, "known": pytest.approx(5 / 6), "distinct": pytest.approx(4 / 6)}
    with pytest.raises(ValueError, match="no alphabetic words"):
        word_statistics("1, 2; 3.", "text")
