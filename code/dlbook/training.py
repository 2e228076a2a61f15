"""The next-token trainer: fixed-window sampling, cross-entropy at every position, clipping.

For comparing models at equal cost it also takes, all optional: AdamW with decoupled weight
decay (:func:`make_optimizer`), a learning-rate schedule by update (:func:`warmup_cosine`)
or by the share of a wall-clock budget spent (:func:`budget_cosine`), and a wall-clock
budget with marks at which the caller evaluates (:class:`BudgetMark`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import torch
from torch import nn

from dlbook._checks import (
    NonFiniteLossError,
    check_logits,
    finite_numbers,
    fraction,
    logits_of,
    model_device,
    non_negative_int,
    positive_int,
    positive_number,
    token_sequence,
)
from dlbook.device import make_generator


@dataclass(frozen=True)
class BudgetMark:
    """Where training stood when its training time first reached ``mark`` seconds: after
    ``steps`` updates, having read ``tokens`` input tokens, in ``seconds`` (>= ``mark``)."""

    mark: float
    steps: int
    tokens: int
    seconds: float


@dataclass
class LearningCurve:
    """A sparse learning curve: ``losses[i]`` is the mean training loss of the steps up to
    and including ``steps[i]`` since the previous entry. ``seconds`` is the wall time of the
    whole call, ``train_seconds`` that of the updates alone (callbacks excluded)."""

    steps: list[int] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    seconds: float = 0.0
    updates: int = 0
    train_seconds: float = 0.0
    marks: list[BudgetMark] = field(default_factory=list)


def block_means(losses: list[float], block: int) -> tuple[list[int], list[float]]:
    """Per-step ``losses`` as means over blocks of ``block`` steps, each at its last update
    (1-based); a shorter final block takes the remainder."""
    block = positive_int("block", block)
    losses = finite_numbers("losses", losses, why="a NaN or infinite loss is a failed run")
    at = [min(i + block, len(losses)) for i in range(0, len(losses), block)]
    means = [sum(losses[i:i + block]) / len(losses[i:i + block])
             for i in range(0, len(losses), block)]
    return at, means


def window_starts(
    n_tokens: int, *, context: int, batch: int, steps: int, seed: int = 0
) -> torch.Tensor:
    """Draw the start of every training window: a ``(steps, batch)`` tensor.

    Each window holds ``context`` inputs and needs one more token for its last target, so
    starts are uniform on ``[0, n_tokens - context - 1]``. Passing the same schedule to two
    calls of :func:`fit_next_token` trains both models on identical minibatches.
    """
    context, batch, steps = (positive_int(n, v) for n, v in (
        ("context", context), ("batch", batch), ("steps", steps)))
    if n_tokens < context + 1:
        raise ValueError(
            f"context={context} needs at least {context + 1} tokens but the data has "
            f"{n_tokens}; shorten the context or supply more data"
        )
    generator = make_generator(seed)
    return torch.randint(0, n_tokens - context, (steps, batch), generator=generator)


def check_starts(starts: object, n_tokens: int, *, context: int, batch: int, steps: int) -> None:
    """A precomputed schedule must be ``(steps, batch)`` integer starts with every window,
    and the token after it, inside the data (a negative start would wrap around)."""
    for name, value in (("context", context), ("batch", batch), ("steps", steps)):
        positive_int(name, value)
    if (not isinstance(starts, torch.Tensor) or starts.dtype.is_floating_point
            or starts.dtype.is_complex or starts.dtype == torch.bool
            or tuple(starts.shape) != (steps, batch) or int(starts.min()) < 0
            or int(starts.max()) + context >= n_tokens):
        raise ValueError(
            f"starts must be a (steps, batch) = ({steps}, {batch}) integer schedule with every "
            f"window inside the data (starts in [0, {n_tokens - context - 1}]); build it with "
            f"window_starts({n_tokens}, context={context}, ...)"
        )


def decay_groups(model: nn.Module, weight_decay: float) -> list[dict]:
    """Split the parameters into a group that weight decay shrinks and one it leaves alone.

    The rule: a parameter is decayed when it is a matrix (or larger: the weights of linear,
    recurrent and convolutional layers) and is not an embedding table. Biases, LayerNorm
    gains and shifts, and the token and position tables are not: decoupled decay shrinks
    every row of a table at every step, read or not, so a rare character would fade. A tied
    output layer *is* the token table, so it is not decayed either.
    """
    tables = {id(m.weight) for m in model.modules() if isinstance(m, nn.Embedding)}
    decay = [p for p in model.parameters() if p.dim() >= 2 and id(p) not in tables]
    chosen = {id(p) for p in decay}
    keep = [p for p in model.parameters() if id(p) not in chosen]
    return [{"params": decay, "weight_decay": weight_decay}, {"params": keep, "weight_decay": 0.0}]


def make_optimizer(model: nn.Module, *, lr: float, weight_decay: float | None = None,
                   betas: tuple[float, float] = (0.9, 0.999)) -> torch.optim.Optimizer:
    """Adam on every parameter (``weight_decay=None``, the book's default) or AdamW: the Adam
    step plus, for the :func:`decay_groups` matrices, ``w -= lr * weight_decay * w``, kept
    out of the gradient's moment estimates (decoupled weight decay, Loshchilov & Hutter)."""
    lr = positive_number("lr", lr)
    weight_decay = positive_number("weight_decay", weight_decay, allow_none=True,
                                   none_means="Adam without weight decay")
    if not isinstance(betas, tuple | list) or len(betas) != 2:
        raise ValueError(f"betas must be a pair (beta1, beta2) such as (0.9, 0.99), got {betas!r}")
    betas = (fraction("betas[0]", betas[0]), fraction("betas[1]", betas[1]))
    if weight_decay is None:
        return torch.optim.Adam(model.parameters(), lr=lr, betas=betas)
    return torch.optim.AdamW(decay_groups(model, weight_decay), lr=lr, betas=betas)


def warmup_cosine(step: int, *, warmup: int, total: int, floor: float) -> float:
    """The learning-rate factor of update ``step`` (0-based): linear warm-up, cosine decay.

    While ``step < warmup`` the factor is ``(step + 1) / (warmup + 1)``, rising linearly to 1
    at ``step = warmup``; then half a cosine takes it down to ``floor`` at ``step = total``,
    where it stays. Pass it to the trainer as ``schedule=partial(warmup_cosine, ...)``; the
    trainer multiplies ``lr`` by it at every update.
    """
    non_negative_int("step", step)
    if non_negative_int("warmup", warmup) >= positive_int("total", total):
        raise ValueError(f"total={total} must exceed warmup={warmup}: the decay needs steps")
    fraction("floor", floor)
    if step < warmup:
        return (step + 1) / (warmup + 1)
    progress = min(step - warmup, total - warmup) / (total - warmup)
    return floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress))


def budget_cosine(step: int, spent: float, *, warmup: int, floor: float) -> float:
    """The learning-rate factor of update ``step`` (0-based) when a share ``spent`` (0 to 1)
    of the wall-clock budget has gone: a linear warm-up over the first ``warmup`` updates
    (as in :func:`warmup_cosine`) times half a cosine from 1 at ``spent = 0`` to ``floor`` at
    ``spent = 1``.

    Why by time: a budget fixes seconds, not updates, and updates per second depend on the
    model and the machine. A cosine over updates would need a guessed rate, and would end
    early on a fast machine (then sit at the floor) or be cut off on a slow one. Over the
    budget it ends at the budget on any machine. Pass it as
    ``budget_schedule=partial(budget_cosine, ...)`` with ``budget``.
    """
    non_negative_int("step", step)
    non_negative_int("warmup", warmup)
    if isinstance(spent, bool) or not isinstance(spent, int | float) or not 0 <= spent <= 1:
        raise ValueError(f"spent must be the share of the budget gone, in [0, 1], got {spent!r}")
    fraction("floor", floor)
    ramp = (step + 1) / (warmup + 1) if step < warmup else 1.0
    return ramp * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * spent)))


def check_budget(budget: float | None, marks: Sequence[float]) -> list[float]:
    """The budget marks as a list: numbers > 0, increasing, none past ``budget`` (when given)."""
    positive_number("budget", budget, allow_none=True, none_means="no time limit")
    marks = [positive_number(f"marks[{i}]", m) for i, m in enumerate(marks)]
    if (any(b <= a for a, b in zip(marks, marks[1:], strict=False))
            or (budget is not None and marks and marks[-1] > budget)):
        raise ValueError(f"marks must be increasing seconds within budget={budget}, got {marks}")
    return marks


def set_lr(optimizer: torch.optim.Optimizer, lr: float, factor: float, step: int) -> None:
    """Set every group's learning rate to ``lr * factor`` (a schedule's value at ``step``)."""
    if isinstance(factor, bool) or not isinstance(factor, int | float) or not (
            0 <= factor < math.inf):
        raise ValueError(f"schedule({step}) returned {factor!r}; a schedule must return a "
                         f"finite factor >= 0 that multiplies lr")
    for group in optimizer.param_groups:
        group["lr"] = lr * factor


def fit_next_token(
    model: nn.Module,
    data: torch.Tensor,
    *,
    vocab: int,
    context: int,
    batch: int,
    steps: int,
    lr: float,
    clip: float | None = 1.0,
    log_every: int = 100,
    starts: torch.Tensor | None = None,
    seed: int = 0,
    on_step: Callable[[int], None] | None = None,
    weight_decay: float | None = None,
    betas: tuple[float, float] = (0.9, 0.999),
    schedule: Callable[[int], float] | None = None,
    budget: float | None = None,
    budget_schedule: Callable[[int, float], float] | None = None,
    marks: Sequence[float] = (),
    on_mark: Callable[[BudgetMark], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> LearningCurve:
    """Train ``model`` to predict every next token of random windows of ``data``.

    Protocol: each step draws ``batch`` windows of ``context`` tokens (or takes them from a
    precomputed ``starts`` schedule), starts every window from a zero state, scores the
    cross-entropy at every position, clips the global gradient norm to ``clip`` and takes
    one Adam step. ``model(x)`` may return logits ``(B, T, vocab)`` or ``(logits, state)``.
    ``on_step(n)``, if given, is called after the ``n``-th update (to evaluate, say); it
    must not touch the model's parameters.

    For comparisons at equal cost: ``weight_decay`` makes the step AdamW's
    (:func:`make_optimizer`); ``schedule(step)`` multiplies ``lr`` at each update
    (:func:`warmup_cosine`); ``budget`` stops training once its updates have taken that
    many seconds (``steps`` is then a cap), and ``budget_schedule(step, spent)`` may then
    replace ``schedule``: its factor follows the share ``spent`` of the budget gone before
    the update (:func:`budget_cosine`). When the training time first reaches each of
    ``marks`` (seconds), a :class:`BudgetMark` is recorded and passed to ``on_mark``. Only
    the updates are timed, by ``clock``: time in ``on_step`` and ``on_mark`` is not charged.
    """
    vocab = positive_int("vocab", vocab)
    data = token_sequence("data", data, vocab=vocab)
    lr, clip = positive_number("lr", lr), positive_number("clip", clip, allow_none=True)
    context, batch, steps = (positive_int(n, v) for n, v in (
        ("context", context), ("batch", batch), ("steps", steps)))
    if starts is None:
        starts = window_starts(len(data), context=context, batch=batch, steps=steps, seed=seed)
    else:
        check_starts(starts, len(data), context=context, batch=batch, steps=steps)
    log_every = positive_int("log_every", log_every)
    pending = check_budget(budget, marks)
    if budget_schedule is not None and (budget is None or schedule is not None):
        raise ValueError("budget_schedule follows the share of a budget spent: pass budget, "
                         "and not schedule (which follows the update count) as well")
    device = model_device(model)
    offsets = torch.arange(context + 1)
    optimizer = make_optimizer(model, lr=lr, weight_decay=weight_decay, betas=betas)
    curve, running, count, began = LearningCurve(), 0.0, 0, clock()
    model.train()
    for step in range(steps):
        tick = clock()
        if schedule is not None:
            set_lr(optimizer, lr, schedule(step), step)
        elif budget_schedule is not None:
            # below 1: the loop stops once the updates have taken the whole budget
            set_lr(optimizer, lr, budget_schedule(step, curve.train_seconds / budget), step)
        windows = data[starts[step].unsqueeze(1) + offsets].to(device)  # (B, context + 1)
        inputs, targets = windows[:, :-1], windows[:, 1:]
        logits = logits_of(model(inputs))  # no state passed: every window starts from zero
        check_logits(logits, vocab=vocab, inputs=inputs)
        loss = nn.functional.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1))
        if not math.isfinite(loss.item()):
            raise NonFiniteLossError(
                f"the loss became {loss.item()} at step {step}; if the model's weights were "
                f"finite before training, lower lr (now {lr}) or clip the gradient (clip={clip})"
            )
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        if clip is not None:
            nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        curve.updates, curve.train_seconds = step + 1, curve.train_seconds + clock() - tick
        if on_step is not None:
            on_step(step + 1)
        running, count = running + loss.item(), count + 1
        spent = budget is not None and curve.train_seconds >= budget
        if step % log_every == 0 or step == steps - 1 or spent:
            curve.steps.append(step)
            curve.losses.append(running / count)
            running, count = 0.0, 0
        while pending and pending[0] <= curve.train_seconds:
            curve.marks.append(BudgetMark(mark=pending.pop(0), steps=step + 1, tokens=(
                step + 1) * batch * context, seconds=curve.train_seconds))
            if on_mark is not None:
                on_mark(curve.marks[-1])
        if spent:
            break
    curve.seconds = clock() - began
    return curve
