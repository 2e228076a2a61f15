"""Tests of dlbook.decoding: greedy search, beam search and the accuracy metrics."""

from __future__ import annotations

import pytest
import torch
from torch import nn
from torch.nn import functional as F

from dlbook.decoding import (
    beam_search,
    greedy_decode,
    sequence_accuracy,
    symbol_accuracy,
    termination_accuracy,
)
from dlbook.seq2seq import DIGIT_VOCAB, EOS, SOS, Seq2Seq, add_sos_eos, pad_batch


class ScriptedModel(nn.Module):
    """A model that follows the decoding protocol with a fixed table of next-token logits.

    The state is the step counter; ``table[t]`` (B, V) holds the logits emitted at step ``t``
    whatever the previous token was, so the greedy path is known in advance.
    """

    def __init__(self, table: torch.Tensor) -> None:
        super().__init__()
        self.table = table

    def start(self, src, lengths):
        return 0

    def step(self, tokens, state):
        return self.table[min(state, len(self.table) - 1)], state + 1


class TreeModel(nn.Module):
    """Next-token distribution depends on the previous token: greedy is not optimal here."""

    def __init__(self) -> None:
        super().__init__()
        # vocab 5: PAD, SOS, EOS, a=3, b=4
        p = torch.full((5, 5), 1e-9)
        p[SOS] = torch.tensor([0, 0, 0, 0.55, 0.45])  # first token: a slightly ahead of b
        p[3] = torch.tensor([0, 0, 0.2, 0.4, 0.4])  # after a: flat, low-probability EOS
        p[4] = torch.tensor([0, 0, 0.95, 0.03, 0.02])  # after b: almost surely EOS
        self.log_p = (p / p.sum(1, keepdim=True) + 1e-12).log()

    def start(self, src, lengths):
        return None

    def step(self, tokens, state):
        return self.log_p[tokens], state


def one_hot_rows(ids, vocab=6):
    return torch.stack([F.one_hot(torch.tensor(i), vocab).float() * 5 for i in ids])


def test_greedy_stops_at_eos_and_at_max_len():
    table = one_hot_rows([3, 4, EOS, 5, 5]).unsqueeze(1).expand(-1, 2, -1)
    model = ScriptedModel(table)
    src, lengths = pad_batch([[3], [4]])
    assert greedy_decode(model, src, lengths, max_len=10) == [[3, 4], [3, 4]]
    assert greedy_decode(model, src, lengths, max_len=1) == [[3], [3]]


def test_greedy_sequences_stop_independently():
    rows = torch.stack([one_hot_rows([3, EOS, 5, 5]), one_hot_rows([3, 4, 5, EOS])], dim=1)
    model = ScriptedModel(rows)
    src, lengths = pad_batch([[3], [4]])
    assert greedy_decode(model, src, lengths, max_len=10) == [[3], [3, 4, 5]]


def test_beam_finds_the_better_path_greedy_misses():
    model = TreeModel()
    src, lengths = torch.tensor([[3]]), torch.tensor([1])
    assert greedy_decode(model, src, lengths, max_len=4)[0][:1] == [3]
    best, score = beam_search(model, src, lengths, beam=2, max_len=4)[0]
    assert best == [4]
    assert score == pytest.approx(torch.tensor(0.45 * 0.95).log().item(), abs=1e-6)


def trained_free_model(seed=0):
    torch.manual_seed(seed)
    return Seq2Seq(DIGIT_VOCAB, hidden=16).eval()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_beam_width_one_equals_greedy(seed):
    model = trained_free_model(seed)
    src, lengths = pad_batch([[3, 4, 5, 9]])
    greedy = greedy_decode(model, src, lengths, max_len=8)[0]
    (tokens, _), = beam_search(model, src, lengths, beam=1, max_len=8)
    assert tokens == greedy


@pytest.mark.parametrize("seed", [0, 1])
def test_beam_scores_are_summed_log_probabilities(seed):
    model = trained_free_model(seed)
    src, lengths = pad_batch([[5, 6, 7]])
    results = beam_search(model, src, lengths, beam=4, max_len=6)
    assert len(results) == 4
    scores = [s for _, s in results]
    assert scores == sorted(scores, reverse=True)
    for tokens, score in results:
        # Replay with teacher forcing; a finished hypothesis also pays for its EOS.
        finished = len(tokens) < 6
        path = tokens + [EOS] if finished else tokens
        dec_in, _ = add_sos_eos([path[:-1]] if path else [[]])
        with torch.no_grad():
            log_p = F.log_softmax(model(src, lengths, dec_in[:, : len(path)]), dim=-1)[0]
        manual = sum(log_p[t, tok].item() for t, tok in enumerate(path))
        assert score == pytest.approx(manual, abs=1e-5)


def test_finished_hypotheses_stop_growing():
    model = TreeModel()
    results = beam_search(model, torch.tensor([[3]]), torch.tensor([1]), beam=3, max_len=5)
    assert all(EOS not in tokens for tokens, _ in results)
    # "b" ends at once with EOS; it is reported as [4], not extended past its EOS.
    assert [4] in [tokens for tokens, _ in results]


def test_metrics_on_a_hand_example():
    targets = [[1, 2, 3], [4, 5], [6]]
    predictions = [[1, 2, 3], [4, 9, 7], []]
    assert symbol_accuracy(predictions, targets) == pytest.approx(4 / 6)
    assert sequence_accuracy(predictions, targets) == pytest.approx(1 / 3)
    assert termination_accuracy(predictions, targets) == pytest.approx(1 / 3)
    # Extra symbols after the target's length do not change symbol accuracy.
    assert symbol_accuracy([[1, 2, 3, 3, 3]], [[1, 2, 3]]) == 1.0


def test_errors_name_the_problem():
    model = trained_free_model()
    src, lengths = pad_batch([[3, 4], [5]])
    with pytest.raises(ValueError, match="one source"):
        beam_search(model, src, lengths, beam=2, max_len=4)
    with pytest.raises(ValueError, match="beam"):
        beam_search(model, src[:1], lengths[:1], beam=0, max_len=4)
    with pytest.raises(ValueError, match="max_len"):
        greedy_decode(model, src, lengths, max_len=0)
    with pytest.raises(ValueError, match="equally long"):
        symbol_accuracy([[1]], [[1], [2]])
    with pytest.raises(ValueError, match="no symbols"):
        symbol_accuracy([[]], [[]])
