"""Truncated backpropagation through time over a long stream, and what a cut does.

A recurrent network reading a stream of length ``T`` can be trained three ways:

* **full BPTT**: one forward pass over the whole stream, one backward pass through all of it;
* **truncated BPTT**: the stream is cut into chunks of ``K`` steps; the final state of one
  chunk is the initial state of the next (its *value* crosses the cut) but it is detached,
  so no gradient flows back across the cut;
* **fixed-window training**: every chunk starts again from the initial state, so neither
  values nor gradients cross a cut.

:func:`truncated_bptt` implements all three (``chunk >= T`` is full BPTT, ``carry=False`` is
fixed-window training), and :func:`overlapping_bptt` Williams and Peng's BPTT(h; h'), whose
backward windows overlap. :func:`parallel_streams` lays a long corpus out as the batch of
contiguous streams that carried state needs. The other functions measure consequences of a
cut: which lags still receive gradient (:func:`horizon_fraction`, :func:`chunked_jacobian`)
and how random truncation with a reweighted backward pass stays unbiased
(:func:`keep_or_cut`, :func:`random_truncation_gradient`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn

from dlbook._checks import positive_int

State = torch.Tensor | tuple[torch.Tensor, ...] | None


def detach_state(state: State) -> State:
    """Cut the graph behind ``state`` but keep its value (a tensor, a tuple of them, or None)."""
    if state is None:
        return None
    if isinstance(state, torch.Tensor):
        return state.detach()
    return tuple(s.detach() for s in state)


@dataclass
class TruncatedRun:
    """What one pass of :func:`truncated_bptt` leaves behind."""

    losses: list[float]  # one loss per chunk, in stream order
    outputs: torch.Tensor  # (B, T, O), detached: the outputs the chunks produced
    state: State  # the final state (detached): hand it to the next call to keep streaming


def truncated_bptt(
    model: Callable[[torch.Tensor, State], tuple[torch.Tensor, State]],
    inputs: torch.Tensor,
    targets: torch.Tensor,
    *,
    chunk: int,
    loss_fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
    optimizer: torch.optim.Optimizer | None = None,
    state: State = None,
    carry: bool = True,
) -> TruncatedRun:
    """Run ``model`` over a stream in chunks of ``chunk`` steps, one backward pass per chunk.

    ``model(x, state)`` maps ``x`` of shape ``(B, k, D)`` and a state to ``(outputs, state)``,
    as ``nn.RNN`` does; ``inputs`` is ``(B, T, D)`` and ``targets`` is ``(B, T, ...)``.
    Each chunk's ``loss_fn(outputs, targets)`` is backpropagated at once. With an
    ``optimizer`` the parameters are updated after every chunk (online truncated training);
    without one the gradients of all chunks accumulate in ``.grad``, which then holds the
    truncated gradient of the summed loss. ``carry=True`` hands each chunk's final state,
    detached, to the next chunk; ``carry=False`` restarts every chunk from ``state``.
    """
    chunk = positive_int("chunk", chunk)
    if inputs.dim() != 3 or 0 in inputs.shape[:2]:
        raise ValueError(f"inputs must have shape (B, T, D) with B, T >= 1, got "
                         f"{tuple(inputs.shape)}")
    if targets.shape[:2] != inputs.shape[:2]:
        raise ValueError(
            f"targets must start with the (B, T) of inputs {tuple(inputs.shape[:2])}, got "
            f"{tuple(targets.shape)}; give one target per input step"
        )
    initial, losses, outputs = state, [], []
    for start in range(0, inputs.shape[1], chunk):
        stop = start + chunk
        out, state = model(inputs[:, start:stop], state if carry else initial)
        loss = loss_fn(out, targets[:, start:stop])
        loss.backward()
        if optimizer is not None:
            optimizer.step()
            optimizer.zero_grad()
        # The cut: the value travels on to the next chunk, the graph behind it does not.
        state = detach_state(state)
        losses.append(loss.item())
        outputs.append(out.detach())
    return TruncatedRun(losses, torch.cat(outputs, dim=1), state)


def overlapping_bptt(
    model: Callable[[torch.Tensor, State], tuple[torch.Tensor, State]],
    inputs: torch.Tensor,
    targets: torch.Tensor,
    *,
    h: int,
    h_prime: int,
    loss_fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
    optimizer: torch.optim.Optimizer | None = None,
    state: State = None,
) -> TruncatedRun:
    """Williams and Peng's BPTT(h; h'): every ``h_prime`` steps, backpropagate through ``h``.

    At every multiple of ``h_prime`` the last ``h`` steps are run again from the (detached)
    state stored ``h`` steps earlier, and the losses of the newest ``h_prime`` steps are
    backpropagated through all ``h`` of them; then ``optimizer``, if given, steps. Every loss
    thus receives gradient through at least ``h - h_prime`` steps, where truncated BPTT gives
    the first loss of a chunk none. ``h_prime == h`` is :func:`truncated_bptt` with
    ``chunk=h``; the price of overlap is ``h / h_prime`` backward steps per stream step.
    """
    h, h_prime = positive_int("h", h), positive_int("h_prime", h_prime)
    if h % h_prime or inputs.dim() != 3 or inputs.shape[1] % h_prime:
        raise ValueError(
            f"h={h} must be a multiple of h_prime={h_prime}, and inputs (B, T, D) with T a "
            f"multiple of h_prime, got {tuple(inputs.shape)}; trim the stream or change h_prime"
        )
    if targets.shape[:2] != inputs.shape[:2]:
        raise ValueError(f"targets must start with the (B, T) of inputs, got "
                         f"{tuple(targets.shape)}; give one target per input step")
    stored, losses, outputs = {0: state}, [], []
    for stop in range(h_prime, inputs.shape[1] + 1, h_prime):
        start = max(0, stop - h)
        out, final = model(inputs[:, start:stop], stored[start])
        newest = out[:, stop - h_prime - start:]
        loss = loss_fn(newest, targets[:, stop - h_prime:stop])
        loss.backward()
        if optimizer is not None:
            optimizer.step()
            optimizer.zero_grad()
        stored[stop] = detach_state(final)
        stored.pop(stop - h, None)  # no later window starts there
        losses.append(loss.item())
        outputs.append(newest.detach())
    return TruncatedRun(losses, torch.cat(outputs, dim=1), stored[inputs.shape[1]])


def parallel_streams(sequence: torch.Tensor, *, streams: int) -> torch.Tensor:
    """Lay ``sequence`` ``(N, ...)`` out as contiguous rows ``(streams, N // streams, ...)``.

    Row ``b`` is the ``b``-th consecutive slice of the sequence (the last ``N % streams``
    elements are dropped). Read column chunks ``[:, k*K:(k+1)*K]`` in order, and the state a
    row carries out of chunk ``k`` is the state of the very text that chunk ``k + 1`` of the
    same row continues: what truncated BPTT with carried state assumes. Shuffle the chunks
    or the rows, and the carried state describes some other text.
    """
    streams = positive_int("streams", streams)
    length = sequence.shape[0] // streams
    if length == 0:
        raise ValueError(f"sequence of length {sequence.shape[0]} cannot fill streams={streams} "
                         f"rows; use fewer streams")
    return sequence[: streams * length].reshape(streams, length, *sequence.shape[1:])


def overlapping_horizon_fraction(lag: int, *, h: int, h_prime: int) -> float:
    """Fraction of the losses of BPTT(h; h') whose gradient reaches an input ``lag`` steps back.

    The newest ``h_prime`` losses of a window of ``h`` steps sit at positions
    ``h - h_prime .. h - 1``; position ``t`` reaches ``t - lag`` when ``t >= lag``:
    ``min(1, max(0, (h - lag) / h_prime))``. With ``h_prime == h`` it is
    :func:`horizon_fraction`.
    """
    lag, h = positive_int("lag", lag), positive_int("h", h)
    h_prime = positive_int("h_prime", h_prime)
    return min(1.0, max(0.0, (h - lag) / h_prime))


class StreamRegressor(nn.Module):
    """A vanilla ``nn.RNN`` (tanh, batch first) with a linear readout at every step.

    ``forward(x, state)`` returns ``(y, state)`` with ``y`` of shape ``(B, T, outputs)``, the
    interface :func:`truncated_bptt` expects.
    """

    def __init__(self, inputs: int, *, hidden: int, outputs: int) -> None:
        super().__init__()
        self.rnn = nn.RNN(
            positive_int("inputs", inputs), positive_int("hidden", hidden), batch_first=True
        )
        self.readout = nn.Linear(hidden, positive_int("outputs", outputs))

    def forward(self, x: torch.Tensor, state: State = None) -> tuple[torch.Tensor, torch.Tensor]:
        hidden, state = self.rnn(x, state)
        return self.readout(hidden), state


def horizon_fraction(lag: int, chunk: int) -> float:
    """Fraction of a chunk's losses whose gradient reaches an input ``lag`` steps earlier.

    A loss at position ``t`` of a chunk (``t = 0 .. chunk-1``) reaches ``t - lag`` only when
    that position lies in the same chunk, i.e. for ``chunk - lag`` of the ``chunk`` losses:
    ``max(0, 1 - lag / chunk)``.
    """
    lag, chunk = positive_int("lag", lag), positive_int("chunk", chunk)
    return max(0.0, 1.0 - lag / chunk)


def chunked_jacobian(*, length: int, chunk: int, weight: float = 0.9) -> torch.Tensor:
    """``J[t, s] = d h_t / d x_s`` for ``h_t = weight * h_{t-1} + x_t`` under truncated BPTT.

    Computed by autograd (float64) through :func:`truncated_bptt`'s cut, one backward pass per
    output position. Within a chunk ``J[t, s] = weight ** (t - s)`` for ``s <= t``; across a
    cut it is exactly zero, although the value of ``h`` crossed it.
    """
    length, chunk = positive_int("length", length), positive_int("chunk", chunk)
    if not 0.0 < abs(weight) < 10.0:
        raise ValueError(f"weight must be non-zero with |weight| < 10, got {weight!r}")
    x = torch.zeros(length, dtype=torch.float64, requires_grad=True)
    h, states = torch.zeros((), dtype=torch.float64), []
    for t in range(length):
        if t > 0 and t % chunk == 0:
            h = h.detach()  # the cut between two chunks
        h = weight * h + x[t]
        states.append(h)
    rows = [torch.autograd.grad(h_t, x, retain_graph=True)[0] for h_t in states]
    return torch.stack(rows)


def keep_or_cut(state: torch.Tensor, *, prob: float, generator: torch.Generator) -> torch.Tensor:
    """One step of random truncation with the reweighting of Tallec and Ollivier (2017).

    With probability ``prob`` the graph is cut here (the gradient stops). Otherwise the value
    passes unchanged and the gradient flowing back through it is multiplied by
    ``1 / (1 - prob)``, which compensates in expectation for the cuts that did not happen.
    """
    if not 0.0 <= prob < 1.0:
        raise ValueError(f"prob must lie in [0, 1), got {prob!r}; 1 would cut every step")
    if torch.rand((), generator=generator).item() < prob:
        return state.detach()
    scale = 1.0 / (1.0 - prob)
    # Same value as `state`; the backward pass sees the factor `scale`.
    return state.detach() + scale * (state - state.detach())


def random_truncation_gradient(
    *, weight: float, lag: int, prob: float, generator: torch.Generator
) -> float:
    """One random-truncation sample of ``d h_lag / d x_0`` for ``h_t = weight * h_{t-1} + x_t``.

    The exact value is ``weight ** lag``. Each of the ``lag`` steps is cut with probability
    ``prob`` by :func:`keep_or_cut`, so a sample is either 0 or ``(weight / (1 - prob)) ** lag``;
    its expectation is the exact value.
    """
    lag = positive_int("lag", lag)
    x0 = torch.zeros((), dtype=torch.float64, requires_grad=True)
    h = x0
    for _ in range(lag):
        h = weight * keep_or_cut(h, prob=prob, generator=generator)
    if not h.requires_grad:  # cut somewhere: nothing reached x0
        return 0.0
    (grad,) = torch.autograd.grad(h, x0)
    return grad.item()
