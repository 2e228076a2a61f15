"""The trainer's on_step callback: called after every update, and it changes nothing."""

from __future__ import annotations

import torch

from dlbook.charlm import CharLSTM
from dlbook.evaluation import fixed_window_loss
from dlbook.training import fit_next_token


def stream(n=600, vocab=5, seed=0):
    return torch.randint(0, vocab, (n,), generator=torch.Generator().manual_seed(seed))


def train(on_step=None):
    torch.manual_seed(0)
    model = CharLSTM(5, hidden=16, embed=8)
    curve = fit_next_token(model, stream(), vocab=5, context=20, batch=8, steps=12, lr=1e-2,
                           log_every=4, seed=3, on_step=on_step)
    return model, curve


def test_on_step_sees_every_update_count_once():
    seen = []
    train(seen.append)
    assert seen == list(range(1, 13))


def test_evaluating_inside_on_step_leaves_training_bit_identical():
    plain_model, plain_curve = train()
    held = stream(300, seed=1)
    losses = []
    holder = {}

    def evaluate(updates):
        if updates % 4 == 0:
            losses.append(fixed_window_loss(holder["model"], held, vocab=5, window=20))

    torch.manual_seed(0)
    model = CharLSTM(5, hidden=16, embed=8)
    holder["model"] = model
    curve = fit_next_token(model, stream(), vocab=5, context=20, batch=8, steps=12, lr=1e-2,
                           log_every=4, seed=3, on_step=evaluate)
    assert len(losses) == 3
    assert curve.losses == plain_curve.losses
    for p, q in zip(model.parameters(), plain_model.parameters(), strict=True):
        assert torch.equal(p, q)
    assert model.training  # the evaluation restored training mode
