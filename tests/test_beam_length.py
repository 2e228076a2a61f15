"""Length normalisation in beam search, checked against a brute-force search over outputs."""

from __future__ import annotations

import itertools
import math

import pytest
import torch
from torch import nn

from dlbook.decoding import beam_search
from dlbook.seq2seq import EOS, SOS, Seq2Seq, pad_batch


class ShortOrLong(nn.Module):
    """vocab 4 (PAD, SOS, EOS, x): stop at once with 0.5, or emit x and then stop with 0.9.

    The plain sum prefers the empty output (log 0.5 > log 0.45); per token, "x" wins
    (log 0.45 / 2 > log 0.5 / 1).
    """

    def start(self, src, lengths):
        return None

    def step(self, tokens, state):
        p = torch.tensor([[1e-9, 1e-9, 0.5, 0.5]]) if int(tokens[0]) == SOS else torch.tensor(
            [[1e-9, 1e-9, 0.9, 0.1]])
        return p.log(), state


def brute_force(model, src, lengths, *, vocab, max_len, penalty):
    """Score every output of up to max_len tokens exactly; return the best (tokens, score)."""
    best = None
    for n in range(0, max_len + 1):
        # Every token but EOS, PAD and SOS included: beam search does not exclude them either.
        for body in itertools.product([t for t in range(vocab) if t != EOS], repeat=n):
            path = list(body) + ([EOS] if n < max_len else [])
            if not path:
                continue
            state, log_prob, last = model.start(src, lengths), 0.0, SOS
            for tok in path:
                logits, state = model.step(torch.tensor([last]), state)
                log_prob += torch.log_softmax(logits[0].float(), -1)[tok].item()
                last = tok
            score = log_prob / len(path) ** penalty
            if best is None or score > best[1]:
                best = (list(body), score)
    return best


def test_length_penalty_changes_the_winner_as_designed():
    src, lengths = torch.tensor([[3]]), torch.tensor([1])
    plain = beam_search(ShortOrLong(), src, lengths, beam=2, max_len=4)
    per_token = beam_search(ShortOrLong(), src, lengths, beam=2, max_len=4, length_penalty=1.0)
    assert plain[0][0] == [] and plain[0][1] == pytest.approx(math.log(0.5), abs=1e-6)
    assert per_token[0][0] == [3]
    assert per_token[0][1] == pytest.approx(math.log(0.45) / 2, abs=1e-6)


@pytest.mark.parametrize("penalty", [0.0, 0.6, 1.0])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_wide_beam_finds_the_brute_force_best(seed, penalty):
    torch.manual_seed(seed)
    vocab = 6  # PAD, SOS, EOS and three symbols
    model = Seq2Seq(vocab, embed=4, hidden=8).eval()
    with torch.no_grad():
        model.decoder.readout.bias[EOS] += 1.0  # short and long outputs both plausible
    src, lengths = pad_batch([[3, 4, 5]])
    max_len = 4
    expected = brute_force(model, src, lengths, vocab=vocab, max_len=max_len, penalty=penalty)
    # A beam as wide as the number of outputs never prunes, so it must find the optimum.
    tokens, score = beam_search(model, src, lengths, beam=1000, max_len=max_len,
                                length_penalty=penalty)[0]
    assert tokens == expected[0]
    assert score == pytest.approx(expected[1], abs=1e-5)


def test_zero_penalty_keeps_summed_log_probabilities():
    torch.manual_seed(0)
    model = Seq2Seq(6, embed=4, hidden=8).eval()
    src, lengths = pad_batch([[3, 4]])
    assert (beam_search(model, src, lengths, beam=3, max_len=5)
            == beam_search(model, src, lengths, beam=3, max_len=5, length_penalty=0.0))


@pytest.mark.parametrize("bad", [-0.5, float("inf"), True, "1"])
def test_bad_penalty_is_named(bad):
    with pytest.raises(ValueError, match="length_penalty"):
        beam_search(ShortOrLong(), torch.tensor([[3]]), torch.tensor([1]), beam=2, max_len=3,
                    length_penalty=bad)
