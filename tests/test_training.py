"""The next-token trainer: it learns, it is reproducible, and it rejects bad input clearly."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.charlm import CharLSTM
from dlbook.training import NonFiniteLossError, fit_next_token, window_starts


def periodic_data(n: int = 2000, period: int = 5) -> torch.Tensor:
    return torch.arange(n) % period


class LogitsOnly(nn.Module):
    """A model that returns bare logits, not (logits, state)."""

    def __init__(self, vocab: int):
        super().__init__()
        self.embed = nn.Embedding(vocab, vocab)

    def forward(self, x):
        return self.embed(x)


def test_window_starts_shape_range_and_reproducibility():
    starts = window_starts(50, context=10, batch=4, steps=300, seed=3)
    assert starts.shape == (300, 4)
    assert int(starts.min()) == 0 and int(starts.max()) == 50 - 10 - 1
    assert torch.equal(starts, window_starts(50, context=10, batch=4, steps=300, seed=3))
    assert not torch.equal(starts, window_starts(50, context=10, batch=4, steps=300, seed=4))


@pytest.mark.slow
def test_a_char_lstm_learns_a_periodic_stream():
    torch.manual_seed(0)
    model = CharLSTM(5, hidden=16, embed=8)
    curve = fit_next_token(model, periodic_data(), vocab=5, context=20, batch=16, steps=150,
                           lr=1e-2, log_every=10)
    # log(5) = 1.61 nats at the start; a period-5 stream is perfectly predictable.
    assert curve.losses[0] > 1.3
    assert curve.losses[-1] < curve.losses[0] / 10
    assert curve.steps[0] == 0 and curve.steps[-1] == 149


def test_models_returning_bare_logits_are_accepted():
    torch.manual_seed(0)
    model = LogitsOnly(5)
    curve = fit_next_token(model, periodic_data(), vocab=5, context=8, batch=8, steps=60,
                           lr=5e-2, log_every=20)
    assert curve.losses[-1] < curve.losses[0] / 2


def test_a_shared_schedule_gives_identical_training():
    data = periodic_data()
    starts = window_starts(len(data), context=8, batch=4, steps=20, seed=1)
    losses = []
    for _ in range(2):
        torch.manual_seed(0)
        model = LogitsOnly(5)
        losses.append(fit_next_token(model, data, vocab=5, context=8, batch=4, steps=20, lr=1e-2,
                                     starts=starts, log_every=1).losses)
    assert losses[0] == losses[1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(context=5000), "context=5000 needs at least 5001 tokens"),
        (dict(steps=0), "steps must be a positive int"),
        (dict(batch=-1), "batch must be a positive int"),
        (dict(context=0), "context must be a positive int"),
        (dict(vocab=3), "build the model with vocab >= 5"),
    ],
)
def test_bad_arguments_are_named_with_the_fix(kwargs, message):
    args = dict(vocab=5, context=8, batch=4, steps=3, lr=1e-2)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        fit_next_token(LogitsOnly(5), periodic_data(), **args)


def test_empty_data_is_rejected():
    with pytest.raises(ValueError, match="data is empty"):
        fit_next_token(LogitsOnly(5), torch.tensor([], dtype=torch.long), vocab=5, context=2,
                       batch=1, steps=1, lr=1e-2)


def test_model_with_the_wrong_vocabulary_is_rejected():
    with pytest.raises(ValueError, match="produces 7 logits per position but vocab=5"):
        fit_next_token(LogitsOnly(7), periodic_data(), vocab=5, context=8, batch=4, steps=2,
                       lr=1e-2)


def test_a_schedule_that_leaves_the_data_is_rejected():
    starts = torch.full((3, 4), 1995)
    with pytest.raises(ValueError, match="starts must be a"):
        fit_next_token(LogitsOnly(5), periodic_data(), vocab=5, context=8, batch=4, steps=3,
                       lr=1e-2, starts=starts)


def test_a_non_finite_loss_stops_training_with_advice():
    model = LogitsOnly(5)
    with torch.no_grad():
        model.embed.weight[0, 0] = float("nan")
    with pytest.raises(NonFiniteLossError, match="lower lr"):
        fit_next_token(model, periodic_data(), vocab=5, context=8, batch=4, steps=5, lr=1e-2)
    assert issubclass(NonFiniteLossError, ValueError)
