"""Parallel recurrence: the linear recurrence ``c_t = a_t * c_{t-1} + b_t`` as a scan.

When the gates depend on the input only (never on the previous state), a gated cell update
is this elementwise linear recurrence. One step is the affine map ``c -> a * c + b``, and
applying two maps in turn is again an affine map, so the pairs ``(a, b)`` form an
associative composition. An associative composition can be evaluated as a prefix scan: the
doubling scan below needs ``ceil(log2 T)`` whole-sequence steps instead of ``T`` dependent
ones. Shapes are ``(B, T, D)`` throughout.
"""

from __future__ import annotations

import torch

from dlbook._checks import positive_int


def _check_pair(a: torch.Tensor, b: torch.Tensor) -> None:
    for name, x in (("a", a), ("b", b)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(
                f"{name} must be a torch.Tensor of shape (B, T, D), got {type(x).__name__}"
            )
        if x.dim() != 3:
            raise ValueError(f"{name} must have shape (B, T, D), got {tuple(x.shape)}")
    if a.shape != b.shape:
        raise ValueError(
            f"a and b must have the same shape, got {tuple(a.shape)} and {tuple(b.shape)}; "
            f"one coefficient pair per batch entry, time step and channel"
        )
    if a.shape[1] == 0:
        raise ValueError("a and b have no time steps (T = 0); pass at least one step")


def _initial(a: torch.Tensor, initial: torch.Tensor | None) -> torch.Tensor:
    if initial is None:
        return torch.zeros(a.shape[0], a.shape[2], dtype=a.dtype, device=a.device)
    expected = (a.shape[0], a.shape[2])
    if tuple(initial.shape) != expected:
        raise ValueError(f"initial must have shape (B, D) = {expected}, got {tuple(initial.shape)}")
    return initial


def compose(
    first: tuple[torch.Tensor, torch.Tensor], second: tuple[torch.Tensor, torch.Tensor]
) -> tuple[torch.Tensor, torch.Tensor]:
    """The pair for "apply ``first``, then ``second``": ``(a2 * a1, a2 * b1 + b2)``.

    ``second(first(c)) = a2 * (a1 * c + b1) + b2``, which is again of the form ``a * c + b``.
    """
    (a1, b1), (a2, b2) = first, second
    return a2 * a1, a2 * b1 + b2


def linear_recurrence_loop(
    a: torch.Tensor, b: torch.Tensor, *, initial: torch.Tensor | None = None
) -> torch.Tensor:
    """Reference: ``c_t = a_t * c_{t-1} + b_t`` one step at a time, ``c_0 = initial``.

    ``a`` and ``b`` have shape ``(B, T, D)``; ``initial`` has shape ``(B, D)`` (zeros when
    omitted). Returns every ``c_t``, shape ``(B, T, D)``.
    """
    _check_pair(a, b)
    c = _initial(a, initial)
    out = []
    for t in range(a.shape[1]):
        c = a[:, t] * c + b[:, t]
        out.append(c)
    return torch.stack(out, dim=1)


def doubling_scan(
    a: torch.Tensor, b: torch.Tensor, *, initial: torch.Tensor | None = None
) -> torch.Tensor:
    """Every ``c_t`` of the linear recurrence by a doubling (Hillis-Steele) scan.

    Same contract as :func:`linear_recurrence_loop`. After the step with offset ``k``,
    position ``t`` holds the composition of the ``2k`` maps ending at ``t`` (fewer near the
    start); offsets ``1, 2, 4, ...`` reach the whole prefix in ``ceil(log2 T)`` steps, each
    a handful of whole-tensor operations that run in parallel over ``t``.
    """
    _check_pair(a, b)
    c0 = _initial(a, initial)
    steps = a.shape[1]
    offset = 1
    while offset < steps:
        # Positions before ``offset`` already hold their full prefix; the rest absorb the
        # prefix that ends ``offset`` steps earlier, which is applied first.
        head_a, head_b = a[:, :offset], b[:, :offset]
        tail_a, tail_b = compose((a[:, :-offset], b[:, :-offset]), (a[:, offset:], b[:, offset:]))
        a = torch.cat([head_a, tail_a], dim=1)
        b = torch.cat([head_b, tail_b], dim=1)
        offset *= 2
    # The prefix map at t sends c_0 to c_t.
    return a * c0.unsqueeze(1) + b


def scan_steps(length: int) -> int:
    """Number of doubling steps for a sequence of ``length``: ``ceil(log2 length)``."""
    return (positive_int("length", length) - 1).bit_length()
