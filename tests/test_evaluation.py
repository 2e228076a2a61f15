"""The fixed-window evaluation: batched windows give the number one window at a time gives."""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from dlbook.charlm import CharLSTM
from dlbook.evaluation import fixed_window_loss


def one_window_at_a_time(model, sequence, *, vocab, window):
    """The protocol written as plainly as possible: the reference the batched code must match."""
    total, count = 0.0, 0
    with torch.no_grad():
        for start in range(0, len(sequence) - 1, window):
            x = sequence[start : start + window]
            y = sequence[start + 1 : start + window + 1]
            x = x[: len(y)]
            logits, _ = model(x.unsqueeze(0))
            total += nn.functional.cross_entropy(logits[0], y, reduction="sum").item()
            count += len(y)
    return total / count


@pytest.mark.parametrize("length", [1001, 1037, 64])
def test_batched_equals_window_by_window(length):
    torch.manual_seed(0)
    model = CharLSTM(11, hidden=24, embed=8, layers=2)
    sequence = torch.randint(0, 11, (length,), generator=torch.Generator().manual_seed(1))
    batched = fixed_window_loss(model, sequence, vocab=11, window=25, batch=7)
    reference = one_window_at_a_time(model, sequence, vocab=11, window=25)
    assert batched == pytest.approx(reference, rel=1e-6)


def test_every_token_after_the_first_is_scored_once():
    # A model that always predicts uniformly scores exactly log(vocab) per token.
    class Uniform(nn.Module):
        def __init__(self):
            super().__init__()
            self.dummy = nn.Parameter(torch.zeros(()))

        def forward(self, x):
            return torch.zeros(*x.shape, 6) + 0 * self.dummy

    sequence = torch.arange(103) % 6
    assert fixed_window_loss(Uniform(), sequence, vocab=6, window=10) == pytest.approx(math.log(6))


def test_state_is_reset_at_every_window_boundary():
    # If no state crossed a boundary, the loss of the whole stream is the token-weighted mean of
    # the losses of its windows evaluated as separate little streams.
    torch.manual_seed(0)
    model = CharLSTM(7, hidden=16, embed=8)
    sequence = torch.randint(0, 7, (10 * 20 + 1,), generator=torch.Generator().manual_seed(2))
    pieces = [sequence[i * 20 : (i + 1) * 20 + 1] for i in range(10)]
    separate = sum(fixed_window_loss(model, p, vocab=7, window=20) for p in pieces) / 10
    assert fixed_window_loss(model, sequence, vocab=7, window=20) == pytest.approx(separate,
                                                                                 rel=1e-6)


def test_training_mode_is_restored():
    model = CharLSTM(5, hidden=8)
    model.train()
    fixed_window_loss(model, torch.arange(50) % 5, vocab=5, window=10)
    assert model.training


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(window=0), ValueError, "window must be a positive int"),
        (dict(window=60), ValueError, "window=60 needs at least 61 tokens"),
        (dict(vocab=3), ValueError, "build the model with vocab >= 5"),
        (dict(batch=0), ValueError, "batch must be a positive int"),
    ],
)
def test_bad_arguments(kwargs, error, message):
    args = dict(vocab=5, window=10)
    args.update(kwargs)
    with pytest.raises(error, match=message):
        fixed_window_loss(CharLSTM(5, hidden=8), torch.arange(50) % 5, **args)


def test_vocabulary_mismatch_between_model_and_data():
    with pytest.raises(ValueError, match="produces 9 logits"):
        fixed_window_loss(CharLSTM(9, hidden=8), torch.arange(50) % 5, vocab=5, window=10)


def test_non_tensor_sequence_is_a_type_error():
    with pytest.raises(TypeError, match="sequence must be a 1-D torch.Tensor"):
        fixed_window_loss(CharLSTM(5, hidden=8), [1, 2, 3], vocab=5, window=1)
