"""The trainer's additions for equal-cost comparisons: AdamW with decoupled weight decay, the
warm-up + cosine schedule, the wall-clock budget with its marks, and selection at the marks.

A fake clock makes every budget test exact: each forward pass of the model costs one
second of fake time, so no test sleeps and no result depends on the machine's speed.
"""

from __future__ import annotations

import math
from functools import partial

import pytest
import torch
from torch import nn

from dlbook.charlm import CharLSTM
from dlbook.evaluation import fixed_window_loss
from dlbook.studies.selection import EvaluateEvery
from dlbook.training import (
    BudgetMark,
    budget_cosine,
    decay_groups,
    fit_next_token,
    make_optimizer,
    warmup_cosine,
)
from dlbook.transformer import CharTransformer

torch.set_num_threads(1)
DATA = torch.arange(400) % 5
TRAIN = dict(vocab=5, context=8, batch=4)


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Ticking(nn.Module):
    """Bare logits from a table; each forward costs one second of the fake clock. ``idle``
    takes part with weight zero, so its gradient is exactly zero: only decay can move it."""

    def __init__(self, clock: FakeClock | None = None):
        super().__init__()
        torch.manual_seed(0)
        self.embed = nn.Embedding(5, 5)
        self.idle = nn.Linear(3, 3)
        self.clock = clock

    def forward(self, x):
        if self.clock is not None:
            self.clock.now += 1.0
        return self.embed(x) + 0.0 * self.idle.weight.sum()


# -- the schedule ------------------------------------------------------------------------

@pytest.mark.parametrize(("step", "factor"), [(0, 0.2), (1, 0.4), (3, 0.8), (4, 1.0),
                                              (9, 0.55), (14, 0.1), (15, 0.1), (1000, 0.1)])
def test_warmup_cosine_at_known_steps(step, factor):
    # warm-up over 4 updates to the peak at step 4; cosine to 0.1 at step 14; halfway at 9
    assert warmup_cosine(step, warmup=4, total=14, floor=0.1) == pytest.approx(factor)


def test_warmup_cosine_rises_then_falls_and_starts_at_the_peak_without_warmup():
    values = [warmup_cosine(s, warmup=100, total=2000, floor=0.1) for s in range(2100)]
    assert all(a < b for a, b in zip(values[:100], values[1:101], strict=True))
    assert all(a >= b for a, b in zip(values[100:-1], values[101:], strict=True))
    assert values[100] == 1.0 and values[2000] == pytest.approx(0.1)
    assert warmup_cosine(0, warmup=0, total=10, floor=0.0) == 1.0
    assert warmup_cosine(5, warmup=0, total=10, floor=0.0) == pytest.approx(0.5)


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(step=-1), "step must be an int >= 0"),
    (dict(warmup=14), "total=14 must exceed warmup=14"),
    (dict(total=0), "total must be a positive int"),
    (dict(floor=1.0), r"floor must be a number in \[0, 1\)"),
])
def test_warmup_cosine_refuses_bad_arguments(kwargs, message):
    args = dict(step=0, warmup=4, total=14, floor=0.1) | kwargs
    with pytest.raises(ValueError, match=message):
        warmup_cosine(args.pop("step"), **args)


@pytest.mark.parametrize(("step", "spent", "factor"), [
    (0, 0.0, 0.2), (3, 0.0, 0.8), (4, 0.0, 1.0), (4, 0.5, 0.55), (100, 0.5, 0.55),
    (100, 1.0, 0.1), (1, 0.5, 0.22)])
def test_budget_cosine_at_known_points(step, spent, factor):
    # warm-up over 4 updates (factor 1 from update 4), times a cosine over the budget
    # share: 1 at the start, halfway (0.55) at half the budget, 0.1 at the end
    assert budget_cosine(step, spent, warmup=4, floor=0.1) == pytest.approx(factor)


def test_budget_cosine_falls_with_the_budget_whatever_the_update_count():
    shares = [i / 100 for i in range(101)]
    for step in (10, 10_000):  # a slow machine and a fast one reach the end together
        values = [budget_cosine(step, s, warmup=4, floor=0.1) for s in shares]
        assert all(a > b for a, b in zip(values, values[1:], strict=False))
        assert values[-1] == pytest.approx(0.1)


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(spent=1.5), r"spent must be the share of the budget gone, in \[0, 1\]"),
    (dict(spent=-0.1), r"spent must be the share"),
    (dict(warmup=-1), "warmup must be an int >= 0"),
    (dict(floor=1.0), r"floor must be a number in \[0, 1\)"),
])
def test_budget_cosine_refuses_bad_arguments(kwargs, message):
    args = dict(step=0, spent=0.0, warmup=4, floor=0.1) | kwargs
    with pytest.raises(ValueError, match=message):
        budget_cosine(args.pop("step"), args.pop("spent"), **args)


def test_the_trainer_passes_the_budget_share_spent_before_each_update():
    clock, seen = FakeClock(), []

    def by_budget(step, spent):
        seen.append((step, spent))
        return 1.0

    curve = fit_next_token(Ticking(clock), DATA, **TRAIN, steps=100, lr=1e-2, budget=8,
                           budget_schedule=by_budget, clock=clock)
    # each update costs one fake second, so update k starts with k of the 8 seconds spent
    assert curve.updates == 8 and seen == [(k, k / 8) for k in range(8)]


@pytest.mark.parametrize("kwargs", [dict(), dict(budget=5, schedule=lambda step: 1.0)])
def test_a_budget_schedule_needs_a_budget_and_no_step_schedule(kwargs):
    with pytest.raises(ValueError, match="budget_schedule follows the share of a budget"):
        fit_next_token(Ticking(), DATA, **TRAIN, steps=2, lr=1e-2,
                       budget_schedule=lambda step, spent: 1.0, **kwargs)


def test_the_trainer_scales_lr_by_the_schedule_at_every_update():
    seen = []

    def schedule(step):
        seen.append(step)
        return 0.0 if step >= 2 else 1.0

    model = Ticking()
    fit_next_token(model, DATA, **TRAIN, steps=2, lr=1e-2, clip=None, schedule=schedule)
    after_two = [p.detach().clone() for p in model.parameters()]
    model = Ticking()
    fit_next_token(model, DATA, **TRAIN, steps=5, lr=1e-2, clip=None, schedule=schedule)
    assert seen == [0, 1, 0, 1, 2, 3, 4]
    for p, q in zip(model.parameters(), after_two, strict=True):
        assert torch.equal(p, q)  # a factor of 0 stops learning: steps 2-4 changed nothing


def test_a_constant_schedule_of_one_trains_exactly_as_no_schedule():
    curves = [fit_next_token(Ticking(), DATA, **TRAIN, steps=6, lr=1e-2, log_every=1,
                             schedule=schedule).losses for schedule in (None, lambda s: 1.0)]
    assert curves[0] == curves[1]


@pytest.mark.parametrize("bad", [float("nan"), -0.5, "1"])
def test_a_schedule_returning_a_bad_factor_is_named(bad):
    with pytest.raises(ValueError, match=r"schedule\(0\) returned"):
        fit_next_token(Ticking(), DATA, **TRAIN, steps=2, lr=1e-2, schedule=lambda s: bad)


# -- AdamW and which parameters decay ----------------------------------------------------

def names(model, group):
    ids = {id(p) for p in group["params"]}
    return {n for n, p in model.named_parameters() if id(p) in ids}


def test_decay_groups_decay_matrices_but_not_biases_norms_or_embeddings():
    model = CharTransformer(7, context=8, dim=8, layers=2, heads=2)
    decay, keep = decay_groups(model, 0.1)
    assert (decay["weight_decay"], keep["weight_decay"]) == (0.1, 0.0)
    assert names(model, decay) == {f"blocks.{i}.{w}.weight" for i in range(2)
                                   for w in ("attn.qkv", "attn.proj", "mlp.0", "mlp.2")}
    assert {"embed.weight", "position.weight", "norm.weight", "norm.bias",
            "blocks.0.norm1.weight", "blocks.1.attn.qkv.bias"} <= names(model, keep)
    assert len(decay["params"]) + len(keep["params"]) == len(list(model.parameters()))
    lstm = CharLSTM(7, hidden=4, embed=3)
    decay, keep = decay_groups(lstm, 0.1)
    assert names(lstm, decay) == {"lstm.weight_ih_l0", "lstm.weight_hh_l0", "head.weight"}
    assert names(lstm, keep) == {"embed.weight", "lstm.bias_ih_l0", "lstm.bias_hh_l0",
                                 "head.bias"}


def test_the_default_optimiser_is_still_plain_adam():
    optimizer = make_optimizer(Ticking(), lr=1e-3)
    assert type(optimizer) is torch.optim.Adam
    assert optimizer.defaults["weight_decay"] == 0 and optimizer.defaults["betas"] == (0.9, 0.999)
    assert type(make_optimizer(Ticking(), lr=1e-3, weight_decay=0.1)) is torch.optim.AdamW


def test_decay_is_decoupled_a_zero_gradient_still_shrinks_a_matrix_by_lr_times_decay():
    model = Ticking()
    optimizer = make_optimizer(model, lr=0.1, weight_decay=0.5, betas=(0.9, 0.99))
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    optimizer.step()
    torch.testing.assert_close(model.idle.weight, before["idle.weight"] * (1 - 0.1 * 0.5))
    for name in ("idle.bias", "embed.weight"):
        assert torch.equal(dict(model.named_parameters())[name], before[name])


@pytest.mark.parametrize("weight_decay", [None, 0.5])
def test_the_trainer_applies_decay_under_the_schedule(weight_decay):
    model = Ticking()
    start = model.idle.weight.detach().clone()
    schedule = partial(warmup_cosine, warmup=2, total=6, floor=0.1)
    fit_next_token(model, DATA, **TRAIN, steps=6, lr=0.1, weight_decay=weight_decay,
                   schedule=schedule)
    shrink = math.prod(1 - 0.1 * schedule(s) * 0.5 for s in range(6)) if weight_decay else 1.0
    torch.testing.assert_close(model.idle.weight, start * shrink)


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(weight_decay=-0.1), r"weight_decay must be a finite number > 0 \(or None for Adam"),
    (dict(betas=(0.9,)), r"betas must be a pair"),
    (dict(betas=(0.9, 1.0)), r"betas\[1\] must be a number in \[0, 1\)"),
])
def test_bad_optimiser_settings_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fit_next_token(Ticking(), DATA, **TRAIN, steps=2, lr=1e-2, **kwargs)


def test_a_tiny_transformer_learns_with_adamw_and_the_schedule():
    torch.manual_seed(0)
    model = CharTransformer(5, context=8, dim=16, layers=1, heads=2)
    before = fixed_window_loss(model, DATA, vocab=5, window=8)
    fit_next_token(model, DATA, **TRAIN, steps=40, lr=1e-2, weight_decay=0.1, betas=(0.9, 0.99),
                   schedule=partial(warmup_cosine, warmup=5, total=40, floor=0.1))
    assert fixed_window_loss(model, DATA, vocab=5, window=8) < before / 4


# -- the wall-clock budget and its marks -------------------------------------------------

def test_the_budget_stops_training_and_marks_are_recorded_in_order():
    clock = FakeClock()
    seen = []
    curve = fit_next_token(Ticking(clock), DATA, **TRAIN, steps=100, lr=1e-2, log_every=4,
                           budget=10, marks=(1, 2.5, 4, 10), on_mark=seen.append, clock=clock)
    assert curve.updates == 10 and curve.train_seconds == 10.0
    assert curve.steps == [0, 4, 8, 9]  # the last update before the stop is logged
    assert curve.marks == seen == [
        BudgetMark(mark=1, steps=1, tokens=32, seconds=1.0),
        BudgetMark(mark=2.5, steps=3, tokens=96, seconds=3.0),  # the first update past 2.5 s
        BudgetMark(mark=4, steps=4, tokens=128, seconds=4.0),
        BudgetMark(mark=10, steps=10, tokens=320, seconds=10.0)]


def test_time_spent_in_callbacks_is_not_charged_to_the_budget():
    clock = FakeClock()

    def slow(_):
        clock.now += 100.0  # an evaluation that takes far longer than the budget

    curve = fit_next_token(Ticking(clock), DATA, **TRAIN, steps=100, lr=1e-2, budget=5,
                           marks=(2, 5), on_step=slow, on_mark=slow, clock=clock)
    assert curve.updates == 5 and [m.steps for m in curve.marks] == [2, 5]
    assert curve.train_seconds == 5.0 and curve.seconds == 5.0 + 7 * 100.0


def test_marks_past_the_last_step_are_not_recorded():
    clock = FakeClock()
    curve = fit_next_token(Ticking(clock), DATA, **TRAIN, steps=3, lr=1e-2, budget=10,
                           marks=(2, 5), clock=clock)
    assert curve.updates == 3 and [m.mark for m in curve.marks] == [2]
    unbounded = fit_next_token(Ticking(clock := FakeClock()), DATA, **TRAIN, steps=4, lr=1e-2,
                               marks=(1, 3), clock=clock)
    assert unbounded.updates == 4 and [m.steps for m in unbounded.marks] == [1, 3]


def test_without_a_budget_the_trainer_reports_its_updates_and_no_marks():
    curve = fit_next_token(Ticking(), DATA, **TRAIN, steps=3, lr=1e-2)
    assert curve.updates == 3 and curve.marks == []
    assert 0 < curve.train_seconds <= curve.seconds


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(budget=0), r"budget must be a finite number > 0 \(or None for no time limit\)"),
    (dict(budget=5, marks=(1, 6)), "marks must be increasing seconds within budget=5"),
    (dict(marks=(2, 2)), "marks must be increasing"),
    (dict(marks=(-1,)), r"marks\[0\] must be a finite number > 0"),
])
def test_bad_budgets_and_marks_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fit_next_token(Ticking(), DATA, **TRAIN, steps=2, lr=1e-2, **kwargs)


def test_selection_at_the_marks_keeps_the_best_state():
    clock = FakeClock()
    model = Ticking(clock)
    valid = torch.arange(100, 200) % 5
    watched = EvaluateEvery(model, valid, vocab=5, window=8)
    watched.evaluate(0)
    curve = fit_next_token(model, DATA, **TRAIN, steps=100, lr=0.05, budget=12,
                           marks=(3, 6, 12), on_mark=watched.at_mark, clock=clock)
    assert watched.at == [0, 3, 6, 12] == [0] + [m.steps for m in curve.marks]
    assert watched.best == min(watched.losses) and watched.best_at in watched.at
    assert watched.losses[-1] < watched.losses[0]  # it learned
    model.load_state_dict(watched.best_state)
    assert fixed_window_loss(model, valid, vocab=5, window=8) == watched.best
