"""How a gradient travels backwards through a recurrence: traces, Jacobian products, clipping.

Each function here computes one quantity the chapter on backpropagation through time reasons
about, small enough to check by hand: the scalar trace of a three-step linear recurrence,
the per-step Jacobians of a vanilla RNN, the retention of a scalar tanh recurrence, the
transient growth of matrix powers, the gradient-norm clipping rule, and a training run with
and without it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import torch
from torch import nn
from torch.nn import functional as F

from dlbook._checks import positive_int


def scalar_trace(
    *, a: float, b: float, inputs: Sequence[float], detach: int | None = None
) -> tuple[float, float]:
    """``(dL/da, dL/db)`` for ``h_t = a h_{t-1} + b x_t``, ``h_0 = 0``, ``L = h_T^2 / 2``.

    Autograd on the unrolled graph, in float64. ``detach=k`` cuts the graph behind ``h_k``
    (its value is kept), as truncated BPTT does at a chunk boundary.
    """
    if len(inputs) == 0:
        raise ValueError("inputs must hold at least one value, got an empty sequence")
    named = [("a", a), ("b", b), *((f"inputs[{i}]", x) for i, x in enumerate(inputs))]
    for name, value in named:
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value)):
            raise ValueError(f"{name} must be a finite number, got {value!r}")
    if detach is not None and not 1 <= detach < len(inputs):
        raise ValueError(
            f"detach must name a step in 1..{len(inputs) - 1} (a state the loss reads through) "
            f"or be None, got {detach!r}"
        )
    a_ = torch.tensor(float(a), dtype=torch.float64, requires_grad=True)
    b_ = torch.tensor(float(b), dtype=torch.float64, requires_grad=True)
    h = torch.zeros((), dtype=torch.float64)
    for t, x in enumerate(inputs, start=1):
        h = a_ * h + b_ * float(x)
        if t == detach:
            h = h.detach()
    loss = h**2 / 2
    grad_a, grad_b = torch.autograd.grad(loss, (a_, b_))
    return grad_a.item(), grad_b.item()


def rnn_step_jacobians(rnn: nn.RNN, inputs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """States and per-step Jacobians ``J_t = dh_t/dh_{t-1} = diag(1 - h_t^2) W_hh``.

    ``rnn`` is a one-layer, batch-first tanh ``nn.RNN``; ``inputs`` is one sequence of shape
    ``(T, D)``. Returns ``states`` of shape ``(T, H)`` and ``jacobians`` of shape
    ``(T, H, H)``, computed from the formula, not by autograd, so a test can compare the two.
    """
    if not isinstance(rnn, nn.RNN) or rnn.num_layers != 1 or rnn.nonlinearity != "tanh":
        raise TypeError("rnn must be a one-layer nn.RNN with nonlinearity='tanh'")
    if inputs.dim() != 2 or inputs.shape[1] != rnn.input_size:
        raise ValueError(
            f"inputs must have shape (T, {rnn.input_size}), got {tuple(inputs.shape)}; "
            f"pass one sequence, not a batch"
        )
    with torch.no_grad():
        states, _ = rnn(inputs.unsqueeze(0))
        states = states[0]
        w_hh = rnn.weight_hh_l0
        jacobians = (1 - states**2).unsqueeze(-1) * w_hh  # row i scaled by tanh'(pre_i)
    return states, jacobians


def tanh_retention(*, weight: float, start: float, steps: int) -> tuple[list[float], list[float]]:
    """Value ``h_t`` and sensitivity ``dh_t/dh_0`` of ``h_t = tanh(weight * h_{t-1})``.

    No input arrives after ``h_0 = start``: the recurrence either keeps the value or lets it
    fade. The sensitivity is the product of local multipliers ``weight * (1 - h_k^2)``,
    obtained here by autograd. Both lists have ``steps + 1`` entries (``t = 0 .. steps``).
    """
    steps = positive_int("steps", steps)
    h0 = torch.tensor(float(start), dtype=torch.float64, requires_grad=True)
    h, values, sensitivities = h0, [float(start)], [1.0]
    for _ in range(steps):
        h = torch.tanh(weight * h)
        (grad,) = torch.autograd.grad(h, h0, retain_graph=True)
        values.append(h.item())
        sensitivities.append(grad.item())
    return values, sensitivities


def power_norms(matrix: torch.Tensor, *, steps: int) -> list[float]:
    """Spectral norms ``||A^k||_2`` for ``k = 0 .. steps``: how much ``A^k`` can amplify.

    For a normal matrix this is ``rho(A)^k``; for a non-normal one it can rise far above
    ``rho(A)^k`` before the eigenvalues win (transient growth).
    """
    steps = positive_int("steps", steps)
    if matrix.dim() != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ValueError(f"matrix must be square, got shape {tuple(matrix.shape)}")
    a = matrix.to(torch.float64)
    power, norms = torch.eye(a.shape[0], dtype=torch.float64), []
    for _ in range(steps + 1):
        norms.append(torch.linalg.matrix_norm(power, ord=2).item())
        power = a @ power
    return norms


def clip_by_norm(grads: Iterable[torch.Tensor], *, max_norm: float) -> float:
    """Rescale ``grads`` in place so their joint norm is at most ``max_norm``; return the old norm.

    The rule of Pascanu et al. (2013): ``g <- g * min(1, max_norm / ||g||)``. The direction
    never changes, only the length, and only when the length exceeds ``max_norm``.
    """
    if not max_norm > 0:
        raise ValueError(f"max_norm must be positive, got {max_norm!r}")
    grads = list(grads)
    if not grads:
        raise ValueError("grads is empty; pass the gradient tensors to clip, e.g. [p.grad ...]")
    if not all(isinstance(g, torch.Tensor) and g.dtype.is_floating_point for g in grads):
        raise TypeError("grads must be floating-point tensors (gradients), e.g. [p.grad ...]")
    norm = torch.sqrt(sum((g.double() ** 2).sum() for g in grads)).item()
    scale = min(1.0, max_norm / (norm + 1e-12))
    for g in grads:
        g.mul_(scale)
    return norm


def sgd_with_clipping(
    model: nn.Module,
    inputs: torch.Tensor,
    targets: torch.Tensor,
    *,
    steps: int,
    lr: float,
    max_norm: float | None,
    loss_fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] = F.mse_loss,
) -> tuple[list[float], list[float]]:
    """Full-batch SGD on one batch, clipped by :func:`clip_by_norm` unless ``max_norm`` is None.

    ``model(inputs)`` returns ``outputs`` or ``(outputs, state)``. Returns the loss before
    every step and the gradient norm before clipping. Training stops at the first loss or
    gradient norm that is not finite (it is still recorded): no later step could mean
    anything, and clipping a non-finite gradient cannot repair it.
    """
    steps = positive_int("steps", steps)
    if not lr > 0:
        raise ValueError(f"lr must be positive, got {lr!r}")
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    losses: list[float] = []
    norms: list[float] = []
    for _ in range(steps):
        output = model(inputs)
        loss = loss_fn(output[0] if isinstance(output, tuple) else output, targets)
        optimizer.zero_grad()
        loss.backward()
        grads = [p.grad for p in model.parameters() if p.grad is not None]
        norm = torch.sqrt(sum((g.double() ** 2).sum() for g in grads)).item()
        losses.append(loss.item())
        norms.append(norm)
        if not (math.isfinite(losses[-1]) and math.isfinite(norm)):
            break
        if max_norm is not None:
            clip_by_norm(grads, max_norm=max_norm)
        optimizer.step()
    return losses, norms
