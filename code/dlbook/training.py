"""The next-token trainer: fixed-window sampling, cross-entropy at every position, clipping."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import torch
from torch import nn

from dlbook._checks import (
    check_logits,
    logits_of,
    model_device,
    positive_int,
    positive_number,
    token_sequence,
)
from dlbook.device import make_generator


class NonFiniteLossError(ValueError):
    """Training produced a NaN or infinite loss."""


@dataclass
class LearningCurve:
    """A sparse learning curve: ``losses[i]`` is the mean training loss of the steps up to
    and including ``steps[i]`` since the previous entry."""

    steps: list[int] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    seconds: float = 0.0


def window_starts(
    n_tokens: int, *, context: int, batch: int, steps: int, seed: int = 0
) -> torch.Tensor:
    """Draw the start of every training window: a ``(steps, batch)`` tensor.

    Each window holds ``context`` inputs and needs one more token for its last target, so
    starts are uniform on ``[0, n_tokens - context - 1]``. Passing the same schedule to two
    calls of :func:`fit_next_token` trains both models on identical minibatches.
    """
    for name, value in (("context", context), ("batch", batch), ("steps", steps)):
        positive_int(name, value)
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
            or tuple(starts.shape) != (steps, batch) or int(starts.min()) < 0
            or int(starts.max()) + context >= n_tokens):
        raise ValueError(
            f"starts must be a (steps, batch) = ({steps}, {batch}) integer schedule with every "
            f"window inside the data (starts in [0, {n_tokens - context - 1}]); build it with "
            f"window_starts({n_tokens}, context={context}, ...)"
        )


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
) -> LearningCurve:
    """Train ``model`` to predict every next token of random windows of ``data``.

    Protocol: each step draws ``batch`` windows of ``context`` tokens (or takes them from a
    precomputed ``starts`` schedule), starts every window from a zero state, scores the
    cross-entropy at every position, clips the global gradient norm to ``clip`` and takes
    one Adam step. ``model(x)`` may return logits ``(B, T, vocab)`` or ``(logits, state)``.
    ``on_step(n)``, if given, is called after the ``n``-th update (to evaluate, say); it
    must not touch the model's parameters.
    """
    data = token_sequence("data", data, vocab=positive_int("vocab", vocab))
    lr, clip = positive_number("lr", lr), positive_number("clip", clip, allow_none=True)
    if starts is None:
        starts = window_starts(len(data), context=context, batch=batch, steps=steps, seed=seed)
    else:
        check_starts(starts, len(data), context=context, batch=batch, steps=steps)
    positive_int("log_every", log_every)
    device = model_device(model)
    offsets = torch.arange(context + 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    curve, running, count, began = LearningCurve(), 0.0, 0, time.perf_counter()
    model.train()
    for step in range(steps):
        windows = data[starts[step].unsqueeze(1) + offsets].to(device)  # (B, context + 1)
        inputs, targets = windows[:, :-1], windows[:, 1:]
        logits = logits_of(model(inputs))  # no state passed: every window starts from zero
        check_logits(logits, vocab=vocab)
        loss = nn.functional.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1))
        if not math.isfinite(loss.item()):
            raise NonFiniteLossError(
                f"the loss became {loss.item()} at step {step}; lower lr (now {lr}) or clip "
                f"the gradient (clip={clip})"
            )
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        if clip is not None:
            nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        if on_step is not None:
            on_step(step + 1)
        running, count = running + loss.item(), count + 1
        if step % log_every == 0 or step == steps - 1:
            curve.steps.append(step)
            curve.losses.append(running / count)
            running, count = 0.0, 0
    curve.seconds = time.perf_counter() - began
    return curve
