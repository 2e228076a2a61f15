"""State-space layers: zero-order-hold discretisation and the recurrence as a convolution.

A (diagonal) linear state-space model ``x'(t) = A x(t) + B u(t)``, ``y(t) = C x(t)`` is
turned into a recurrence ``x_t = Abar x_{t-1} + Bbar u_t`` by holding the input constant
over each step of length ``dt`` (zero-order hold). With fixed coefficients the output is a
causal convolution of the input with the kernel ``K_j = C Abar^j Bbar``. ``A``, ``B`` and
``C`` are 1-D tensors of length ``N`` (the diagonal of a diagonal system); inputs and outputs
are one channel, shape ``(B, T)``. A *selective* layer (Mamba) lets the step size depend on
the input, so the coefficients change at every step: no fixed kernel exists any more, but
the recurrence is still linear in the state and a scan (:mod:`dlbook.scan`) computes it.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from dlbook._checks import check_finite, positive_int
from dlbook.scan import doubling_scan, linear_recurrence_loop


def _vector(name: str, value: float | torch.Tensor) -> torch.Tensor:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a float or a 1-D tensor, got a bool")
    if isinstance(value, int | float):
        value = torch.tensor([float(value)], dtype=torch.float64)
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"{name} must be a float or a 1-D tensor, got {type(value).__name__}")
    if value.dim() == 0:
        value = value.reshape(1)
    if value.dim() != 1:
        raise ValueError(f"{name} must be 1-D (the diagonal, length N), got {tuple(value.shape)}")
    return check_finite(name, value, hint="pass finite coefficients")


def _finite_number(name: str, value: object, *, positive: bool = False) -> float:
    """A finite float (> 0 when ``positive``): a step size, a step's weight or bias."""
    kind = f"a finite{' positive' if positive else ''} float"
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be {kind}, got {value!r}")
    if not math.isfinite(value) or (positive and not value > 0):
        raise ValueError(f"{name} must be {kind}, got {value!r}")
    return float(value)


def zoh_discretise(
    a: float | torch.Tensor, b: float | torch.Tensor, *, step: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """Zero-order hold for a diagonal system: ``Abar = exp(A dt)``,
    ``Bbar = (exp(A dt) - 1) / A * B`` (``= dt * B`` where ``A = 0``).

    Exact when the input is constant over each step: ``x_t`` then equals the continuous
    state at time ``t * dt``. Returns ``(Abar, Bbar)``, each of shape ``(N,)``.
    """
    step = _finite_number("step", step, positive=True)
    a, b = _vector("a", a), _vector("b", b)
    if a.shape != b.shape:
        raise ValueError(f"a and b must have the same length N, got {a.numel()} and {b.numel()}")
    abar = torch.exp(a * step)
    # expm1 keeps precision for small |A dt|; the A = 0 limit of expm1(A dt) / A is dt.
    safe = torch.where(a == 0, torch.ones_like(a), a)
    gain = torch.where(a == 0, torch.full_like(a, float(step)), torch.expm1(a * step) / safe)
    return abar, gain * b


def _inputs(u: torch.Tensor) -> torch.Tensor:
    if not isinstance(u, torch.Tensor) or u.dim() != 2:
        shape = tuple(u.shape) if isinstance(u, torch.Tensor) else type(u).__name__
        raise ValueError(f"u must be a tensor of shape (B, T), got {shape}")
    if not u.dtype.is_floating_point:  # the state is real-valued: it decays by abar < 1
        raise TypeError(f"u must be floating point, got {u.dtype}; pass u.float() or u.double()")
    if u.shape[1] == 0:
        raise ValueError(f"u has no time steps (shape {tuple(u.shape)}); pass at least one step")
    return check_finite("u", u, hint="pass finite inputs")


def _same_length(names: str, *vectors: torch.Tensor) -> None:
    """``vectors`` (called ``names``, e.g. ``"abar, bbar and c"``) must all have length N."""
    sizes = [v.numel() for v in vectors]
    if len(set(sizes)) > 1:
        raise ValueError(f"{names} must have the same length N (one entry per state), got "
                         f"{', '.join(map(str, sizes[:-1]))} and {sizes[-1]}")


def ssm_recurrence(
    abar: torch.Tensor, bbar: torch.Tensor, c: float | torch.Tensor, u: torch.Tensor
) -> torch.Tensor:
    """Run ``x_t = Abar x_{t-1} + Bbar u_t``, ``y_t = C x_t`` from ``x_0 = 0``.

    ``u`` has shape ``(B, T)``; returns ``y`` of shape ``(B, T)``.
    """
    u = _inputs(u)
    # computed in the input's dtype, whatever the coefficients' (zoh_discretise gives float64)
    abar, bbar, c = (_vector(n, v).to(u.dtype) for n, v in (("abar", abar), ("bbar", bbar),
                                                             ("c", c)))
    _same_length("abar, bbar and c", abar, bbar, c)
    x = torch.zeros(u.shape[0], abar.numel(), dtype=u.dtype)
    ys = []
    for t in range(u.shape[1]):
        x = abar * x + bbar * u[:, t : t + 1]
        ys.append(x @ c)
    return torch.stack(ys, dim=1)


def ssm_kernel(
    abar: torch.Tensor, bbar: torch.Tensor, c: float | torch.Tensor, *, length: int
) -> torch.Tensor:
    """The convolution kernel ``K_j = sum_n C_n Abar_n^j Bbar_n`` for ``j = 0 .. length-1``.

    Unrolling the recurrence gives ``y_t = sum_j K_j u_{t-j}``: the input ``j`` steps ago
    has been multiplied by ``Abar`` ``j`` times.
    """
    length = positive_int("length", length)
    abar = _vector("abar", abar)
    # in abar's dtype: a float c would otherwise be float64 against float32 coefficients
    bbar, c = _vector("bbar", bbar).to(abar.dtype), _vector("c", c).to(abar.dtype)
    _same_length("abar, bbar and c", abar, bbar, c)
    powers = abar.unsqueeze(0) ** torch.arange(length, dtype=abar.dtype).unsqueeze(1)  # (L, N)
    return powers @ (c * bbar)


def causal_convolution(u: torch.Tensor, kernel: torch.Tensor) -> torch.Tensor:
    """``y_t = sum_{j=0}^{t} K_j u_{t-j}`` for ``u`` of shape ``(B, T)`` and a 1-D kernel.

    Pads ``len(kernel) - 1`` zeros on the left, so no output sees a later input. Uses
    ``F.conv1d`` (a cross-correlation), hence the flipped kernel.
    """
    u = _inputs(u)
    if not isinstance(kernel, torch.Tensor) or kernel.dim() != 1 or kernel.numel() == 0:
        shape = tuple(kernel.shape) if isinstance(kernel, torch.Tensor) else type(kernel).__name__
        raise ValueError(f"kernel must be 1-D and hold at least one tap (K_0, K_1, ...), got "
                         f"{shape}; build it with ssm_kernel(..., length=L)")
    padded = F.pad(u.unsqueeze(1), (kernel.numel() - 1, 0))
    return F.conv1d(padded, kernel.flip(0).to(u.dtype).view(1, 1, -1)).squeeze(1)


def selective_coefficients(
    u: torch.Tensor, a: torch.Tensor, b: torch.Tensor, *, step_weight: float,
    step_bias: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Zero-order hold with an input-dependent step: the selective state space of Mamba.

    Step ``t`` gets its own step size ``dt_t = softplus(step_weight * u_t + step_bias)``,
    hence its own ``Abar_t = exp(A dt_t)`` and ``Bbar_t = (exp(A dt_t) - 1) / A * B``. A
    large ``dt_t`` forgets the state and takes in ``u_t``; a small one keeps the state and
    lets ``u_t`` pass almost unseen. Returns the coefficients of the linear recurrence
    ``x_t = a_t * x_{t-1} + b_t``: ``a_t = Abar_t`` and ``b_t = Bbar_t u_t``, each of shape
    ``(B, T, N)``, ready for :func:`dlbook.scan.doubling_scan`.
    """
    u, a, b = _inputs(u), _vector("a", a), _vector("b", b)
    _same_length("a and b", a, b)
    step_weight, step_bias = (_finite_number(n, v) for n, v in (("step_weight", step_weight),
                                                                ("step_bias", step_bias)))
    a, b = a.to(u.dtype), b.to(u.dtype)
    dt = F.softplus(step_weight * u + step_bias).unsqueeze(-1)  # (B, T, 1)
    safe = torch.where(a == 0, torch.ones_like(a), a)
    gain = torch.where(a == 0, dt, torch.expm1(a * dt) / safe)  # (B, T, N)
    return torch.exp(a * dt), gain * b * u.unsqueeze(-1)


def selective_ssm(
    u: torch.Tensor, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, *,
    step_weight: float, step_bias: float, parallel: bool = True,
) -> torch.Tensor:
    """Output ``y_t = C x_t`` of the selective layer from ``x_0 = 0``, shape ``(B, T)``.

    ``parallel=True`` evaluates the time-varying recurrence with the doubling scan,
    ``parallel=False`` with the step-by-step loop; the two agree up to rounding.
    """
    coeff, drive = selective_coefficients(u, a, b, step_weight=step_weight,
                                          step_bias=step_bias)
    c = _vector("c", c).to(u.dtype)
    if c.shape != (coeff.shape[-1],):
        raise ValueError(f"c must have length N = {coeff.shape[-1]}, got {c.numel()}")
    states = (doubling_scan if parallel else linear_recurrence_loop)(coeff, drive)
    return states @ c
