"""Property-based tests: the trainer's additions for comparisons at equal cost, and every
trainer, evaluation and sampler handed a broken model, keep the contract of ``contract.py``.

The additions: ``warmup_cosine``, ``make_optimizer`` (Adam or AdamW with ``decay_groups``),
``window_starts`` and ``block_means``, and ``fit_next_token`` with a ``schedule``, marks
and ``on_mark``. The broken models are what a caller may really hand over: a model for
another vocabulary, one whose logits come sequence-first ``(T, B, V)`` or only for the last
position ``(B, V)``, one whose weights are NaN (a diverged run), the other family's model
(a transformer to the recurrent sampler and back), and one on the meta device. Each must be
refused by name (``model``), never trained or scored on misaligned targets, never sampled
as token 0.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

from contract import NUMBERS, call, finite, perturb, tensor, tensors
from dlbook import sampling, transformer
from dlbook.charlm import CharLSTM, carried_state_loss, loss_by_position
from dlbook.evaluation import fixed_window_loss
from dlbook.training import (
    block_means,
    fit_next_token,
    make_optimizer,
    warmup_cosine,
    window_starts,
)

torch.set_num_threads(1)
FEW = settings(max_examples=25)
SEEDS = st.integers(0, 2**16)


def lstm(vocab: int) -> CharLSTM:
    torch.manual_seed(0)
    return CharLSTM(vocab, hidden=3, embed=2)


def tiny_transformer(vocab: int, context: int = 12) -> transformer.CharTransformer:
    torch.manual_seed(0)
    return transformer.CharTransformer(vocab, context=context, dim=4, layers=1, heads=2)


class Reshaped(nn.Module):
    """A recurrent model whose logits come out in another layout: ``"tbv"`` sequence-first,
    ``"bv"`` the last position only."""

    def __init__(self, inner: nn.Module, layout: str):
        super().__init__()
        self.inner, self.layout, self.vocab = inner, layout, inner.vocab

    def forward(self, x, state=None):
        logits, state = self.inner(x, state)
        return (logits.transpose(0, 1) if self.layout == "tbv" else logits[:, -1]), state


def nan_weights(model: nn.Module) -> nn.Module:
    with torch.no_grad():
        for parameter in model.parameters():
            parameter.fill_(float("nan"))
    return model


def on_meta(vocab: int) -> CharLSTM:
    with torch.device("meta"):
        return CharLSTM(vocab, hidden=3, embed=2)


def broken_models(vocab: int, *, sampler: str | None = None):
    """Models a caller may hand over by mistake, for data over ``vocab`` ids; each must be
    refused. A sampler (``"recurrent"`` or ``"transformer"``) is also handed the other
    family's model, and takes a model for a larger vocabulary (it draws from all of it)."""
    own = tiny_transformer if sampler == "transformer" else lstm
    models = [Reshaped(lstm(vocab), "tbv"), Reshaped(lstm(vocab), "bv"),
              nan_weights(own(vocab)), on_meta(vocab)]
    if sampler is None:
        models.append(lstm(vocab + 2))
    else:
        models.append(lstm(vocab) if sampler == "transformer" else tiny_transformer(vocab))
    return st.sampled_from(models)


@given(step=st.integers(0, 60), warmup=st.integers(0, 10), extra=st.integers(1, 50),
       floor=st.floats(0, 0.99), data=st.data())
def test_warmup_cosine(step, warmup, extra, floor, data):
    valid = {"step": step, "warmup": warmup, "total": warmup + extra, "floor": floor}
    bad = {"step": st.integers(-3, -1) | NUMBERS, "warmup": NUMBERS | st.just(warmup + extra),
           "total": NUMBERS, "floor": NUMBERS}
    args, broken = perturb(data, valid, bad)
    factor = call(warmup_cosine, broken=broken, **args)
    if factor is not None:
        assert 0 <= factor <= 1
        if args["step"] >= args["total"]:
            assert abs(factor - args["floor"]) < 1e-12


@given(decay=st.none() | st.floats(1e-4, 0.5), lr=st.floats(1e-4, 0.1), data=st.data())
def test_make_optimizer(decay, lr, data):
    model = tiny_transformer(5)
    valid = {"model": model, "lr": lr, "weight_decay": decay, "betas": (0.9, 0.99)}
    bad = {"lr": NUMBERS, "weight_decay": NUMBERS,
           "betas": st.tuples(NUMBERS, NUMBERS) | st.tuples(NUMBERS) | NUMBERS}
    args, broken = perturb(data, valid, bad)
    optimizer = call(make_optimizer, broken=broken, **args)
    if optimizer is not None and args["weight_decay"] is not None:
        decayed, kept = optimizer.param_groups
        tables = {id(model.embed.weight), id(model.position.weight)}
        assert all(p.dim() >= 2 and id(p) not in tables for p in decayed["params"])
        assert kept["weight_decay"] == 0.0
        assert len(decayed["params"]) + len(kept["params"]) == len(list(model.parameters()))


@given(n_tokens=st.integers(2, 60), context=st.integers(1, 8), batch=st.integers(1, 4),
       steps=st.integers(1, 4), seed=SEEDS, numpy=st.booleans(), data=st.data())
def test_window_starts_and_block_means(n_tokens, context, batch, steps, seed, numpy, data):
    as_int = np.int64 if numpy else int
    valid = {"n_tokens": max(n_tokens, context + 1), "context": as_int(context),
             "batch": as_int(batch), "steps": as_int(steps), "seed": as_int(seed)}
    bad = {"context": st.integers(-1, 0) | st.integers(61, 70) | NUMBERS,
           "batch": st.integers(-1, 0) | NUMBERS, "steps": st.integers(-1, 0) | NUMBERS,
           "seed": st.integers(-2, -1) | NUMBERS}
    args, broken = perturb(data, valid, bad)
    starts = call(window_starts, broken=broken, **args)
    if starts is not None:
        assert starts.shape == (args["steps"], args["batch"])
        assert int(starts.min()) >= 0 and int(starts.max()) + args["context"] < args["n_tokens"]
    losses = [float(v) for v in range(steps * batch)]
    args, broken = perturb(data, {"losses": losses, "block": batch},
                           {"block": st.integers(-1, 0) | NUMBERS})
    means = call(block_means, broken=broken, **args)
    if means is not None:
        at, values = means
        assert at[-1] == len(losses) and len(at) == len(values)
        assert abs(sum(values[:-1]) * args["block"] - sum(losses[: at[-2]]) if len(at) > 1
                   else 0) < 1e-9


@FEW
@given(vocab=st.integers(1, 5), steps=st.integers(1, 6), warmup=st.integers(0, 3),
       extra=st.integers(2, 10), seed=SEEDS, data=st.data())
def test_fit_next_token_with_a_schedule_and_marks(vocab, steps, warmup, extra, seed, data):
    clock, seen = iter(range(10**6)), []  # a fake clock: each reading one second later
    valid = {"model": lstm(vocab), "vocab": vocab, "context": 3, "batch": 2, "steps": steps,
             "lr": 1e-2, "schedule": partial(warmup_cosine, warmup=warmup, total=warmup + 4,
                                             floor=0.1),
             "marks": [1.0, 2.5], "log_every": 2,
             "data": tensor(seed, (3 + extra,), torch.int64, low=0, high=vocab)}
    bad = {"model": broken_models(vocab),
           "schedule": st.sampled_from([lambda step: float("nan"), lambda step: -1.0,
                                        lambda step: True]),
           "marks": st.lists(NUMBERS, min_size=1, max_size=3), "log_every": NUMBERS}
    args, broken = perturb(data, valid, bad)
    curve = call(fit_next_token, broken=broken, clock=lambda: float(next(clock)),
                 on_mark=seen.append, **args)
    assert curve is None or broken != "model", "a broken model was trained"
    if curve is not None:
        assert curve.updates == args["steps"] and all(finite(v) for v in curve.losses)
        assert curve.marks == seen and all(m.seconds >= m.mark for m in seen)


@FEW
@given(vocab=st.integers(1, 5), window=st.integers(1, 4), seed=SEEDS, data=st.data())
def test_the_evaluations_refuse_broken_models(vocab, window, seed, data):
    # window + 1 windows of window tokens: B != T, so a sequence-first layout shows
    sequence = tensor(seed, (window * (window + 1) + 1,), torch.int64, low=0, high=vocab)
    valid = {"model": lstm(vocab), "sequence": sequence, "vocab": vocab}
    args, broken = perturb(data, valid, {"model": broken_models(vocab),
                                         "sequence": tensors(low=-1, high=vocab + 1)})
    for evaluate, extra_args in ((fixed_window_loss, {"window": window, "batch": window + 1}),
                                 (loss_by_position, {"window": window}),
                                 (carried_state_loss, {"chunk": window + 1})):
        loss = call(evaluate, broken=broken, **args, **extra_args)
        assert loss is None or broken != "model", f"{evaluate.__name__} scored a broken model"
        if loss is not None:
            assert bool(torch.isfinite(torch.as_tensor(loss)).all())


@FEW
@given(vocab=st.integers(1, 5), n=st.integers(2, 4), steps=st.integers(1, 4),
       temperature=st.sampled_from([0, 0.5, 1.0, 1e30]), seed=SEEDS, data=st.data())
def test_the_samplers_refuse_broken_models(vocab, n, steps, temperature, seed, data):
    prompt = tensor(seed, (n,), torch.int64, low=0, high=vocab)
    for generate, family in ((sampling.generate, "recurrent"),
                             (transformer.generate, "transformer")):
        model = lstm(vocab) if family == "recurrent" else tiny_transformer(vocab)
        args, broken = perturb(data, {"model": model, "prompt": prompt},
                               {"model": broken_models(vocab, sampler=family)})
        new = call(generate, broken=broken, steps=steps, temperature=temperature, seed=seed,
                   **args)
        assert new is None or broken != "model", f"{family} sampler drew from a broken model"
        if new is not None:
            assert new.shape == (steps,) and 0 <= int(new.min()) <= int(new.max()) < vocab
