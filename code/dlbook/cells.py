"""One step of a gated cell, computed by hand from PyTorch's stacked weights.

PyTorch stores the gates of a recurrent layer stacked in one matrix: ``weight_ih`` has
shape ``(G * H, D)`` and ``weight_hh`` shape ``(G * H, H)``, with ``G = 4`` gates for an LSTM
in the order (input ``i``, forget ``f``, candidate ``g``, output ``o``) and ``G = 3`` for a GRU
in the order (reset ``r``, update ``z``, candidate ``n``). Each layer keeps TWO bias vectors,
``bias_ih`` and ``bias_hh``; only their sum matters for an LSTM, and for every GRU gate
except the candidate of PyTorch's reset-after form.

The functions here take those tensors directly (``cell_parameters`` pulls them out of an
``nn.LSTM``, ``nn.GRU``, ``nn.LSTMCell`` or ``nn.GRUCell``), work on a batch ``x`` of shape
``(B, D)`` and a state of shape ``(B, H)``, and match the modules to float rounding.

GRU convention, stated once: in PyTorch (and in Cho et al. 2014) the new state is
``h' = (1 - z) * n + z * h``, so ``z`` is the gate that KEEPS the old state. A positive bias
on ``z`` therefore favours remembering.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
from torch import nn
from torch.nn import functional as F

from dlbook._checks import positive_int


class LSTMGates(NamedTuple):
    """The four LSTM gate activations of one step, each of shape ``(B, H)``."""

    input: torch.Tensor  # i: how much of the candidate enters the cell
    forget: torch.Tensor  # f: how much of the old cell survives
    candidate: torch.Tensor  # g: the proposed new content, in (-1, 1)
    output: torch.Tensor  # o: how much of the cell is exposed as h


def cell_parameters(module: nn.Module, *, layer: int = 0) -> dict[str, torch.Tensor | None]:
    """``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh`` of a cell or of one layer.

    Works for ``nn.LSTM``/``nn.GRU`` (unidirectional; ``layer`` picks the layer) and for
    ``nn.LSTMCell``/``nn.GRUCell``. The result unpacks straight into the step functions:
    ``lstm_step(x, (h, c), **cell_parameters(lstm))``.
    """
    if isinstance(module, nn.LSTMCell | nn.GRUCell):
        suffix = ""
    elif isinstance(module, nn.LSTM | nn.GRU):
        if module.bidirectional:
            raise ValueError("module is bidirectional; pass a unidirectional nn.LSTM or nn.GRU")
        if not 0 <= layer < module.num_layers:
            raise ValueError(f"layer must be in [0, {module.num_layers}), got {layer!r}")
        suffix = f"_l{layer}"
    else:
        raise TypeError(
            f"module must be nn.LSTM, nn.GRU, nn.LSTMCell or nn.GRUCell, got "
            f"{type(module).__name__}"
        )
    return {
        name: getattr(module, name + suffix, None)
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")
    }


def _check(x: torch.Tensor, h: torch.Tensor, weight_ih: torch.Tensor,
           weight_hh: torch.Tensor, gates: int, bias_ih=None, bias_hh=None) -> int:
    named = {"x": x, "h": h, "weight_ih": weight_ih, "weight_hh": weight_hh,
             "bias_ih": bias_ih, "bias_hh": bias_hh}
    dtype = getattr(x, "dtype", None)
    for name, t in named.items():
        if t is not None and (not isinstance(t, torch.Tensor) or t.dtype != dtype
                              or not t.dtype.is_floating_point):
            raise TypeError(f"{name} must be a floating-point tensor of x's dtype ({dtype}), "
                            f"got {getattr(t, 'dtype', type(t).__name__)}")
    if x.dim() != 2 or h.dim() != 2 or x.shape[0] != h.shape[0]:
        raise ValueError(f"x must be (B, D) and h (B, H) with the same B, got "
                         f"{tuple(x.shape)} and {tuple(h.shape)}")
    hidden = h.shape[-1]
    if tuple(weight_hh.shape) != (gates * hidden, hidden):
        raise ValueError(
            f"weight_hh has shape {tuple(weight_hh.shape)} but h, a state of size {hidden}, needs "
            f"({gates * hidden}, {hidden}); pass the weights of a cell with {gates} gates"
        )
    if tuple(weight_ih.shape) != (gates * hidden, x.shape[-1]):
        raise ValueError(
            f"weight_ih has shape {tuple(weight_ih.shape)} but x, of size {x.shape[-1]}, needs "
            f"({gates * hidden}, {x.shape[-1]}); check the input width"
        )
    for name in ("bias_ih", "bias_hh"):
        if named[name] is not None and tuple(named[name].shape) != (gates * hidden,):
            raise ValueError(f"{name} must have shape ({gates * hidden},), got "
                             f"{tuple(named[name].shape)}")
    return hidden


def lstm_gates(
    x: torch.Tensor,
    h: torch.Tensor,
    weight_ih: torch.Tensor,
    weight_hh: torch.Tensor,
    bias_ih: torch.Tensor | None = None,
    bias_hh: torch.Tensor | None = None,
) -> LSTMGates:
    """The four gates of one LSTM step from input ``x`` ``(B, D)`` and state ``h`` ``(B, H)``.

    One fused matrix product per operand computes all four pre-activations at once; they
    are then split in PyTorch's order (i, f, g, o).
    """
    _check(x, h, weight_ih, weight_hh, 4, bias_ih, bias_hh)
    pre = F.linear(x, weight_ih, bias_ih) + F.linear(h, weight_hh, bias_hh)
    i, f, g, o = pre.chunk(4, dim=-1)
    return LSTMGates(torch.sigmoid(i), torch.sigmoid(f), torch.tanh(g), torch.sigmoid(o))


def lstm_step(
    x: torch.Tensor,
    state: tuple[torch.Tensor, torch.Tensor],
    weight_ih: torch.Tensor,
    weight_hh: torch.Tensor,
    bias_ih: torch.Tensor | None = None,
    bias_hh: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """One LSTM step: ``(h, c) -> (h', c')``, as ``nn.LSTMCell`` computes it.

    ``c' = f * c + i * g`` is the additive cell path: the old cell reaches the new one
    through an element-wise product with the forget gate and nothing else.
    ``h' = o * tanh(c')``. Shapes: ``x`` ``(B, D)``, ``h`` and ``c`` ``(B, H)``.
    """
    if (not isinstance(state, tuple | list) or len(state) != 2
            or not all(isinstance(s, torch.Tensor) and s.dim() == 2 and s.dtype == x.dtype
                       and s.shape[:1] == x.shape[:1] for s in state)
            or state[0].shape != state[1].shape):
        raise ValueError(f"state must be (h, c): two (B, H) tensors of x's dtype, got "
                         f"{[(tuple(s.shape), s.dtype) for s in state if hasattr(s, 'shape')]}")
    h, c = state
    gates = lstm_gates(x, h, weight_ih, weight_hh, bias_ih, bias_hh)
    c_next = gates.forget * c + gates.input * gates.candidate
    return gates.output * torch.tanh(c_next), c_next


def _gru_gates(x, h, weight_ih, weight_hh, bias_ih, bias_hh):
    _check(x, h, weight_ih, weight_hh, 3, bias_ih, bias_hh)
    xr, xz, xn = F.linear(x, weight_ih, bias_ih).chunk(3, dim=-1)
    hr, hz, hn = F.linear(h, weight_hh, bias_hh).chunk(3, dim=-1)
    return torch.sigmoid(xr + hr), torch.sigmoid(xz + hz), xn, hn


def gru_step_pytorch(
    x: torch.Tensor,
    h: torch.Tensor,
    weight_ih: torch.Tensor,
    weight_hh: torch.Tensor,
    bias_ih: torch.Tensor | None = None,
    bias_hh: torch.Tensor | None = None,
) -> torch.Tensor:
    """One GRU step in PyTorch's reset-after form, as ``nn.GRUCell`` computes it.

    ``r = sigmoid(W_ir x + b_ir + W_hr h + b_hr)``, ``z`` likewise,
    ``n = tanh(W_in x + b_in + r * (W_hn h + b_hn))`` and ``h' = (1 - z) * n + z * h``:
    the reset gate multiplies the recurrent term AFTER the matrix product, so all three
    ``W_h* h`` products can be computed in one fused matmul before ``r`` is known.
    """
    r, z, xn, hn = _gru_gates(x, h, weight_ih, weight_hh, bias_ih, bias_hh)
    n = torch.tanh(xn + r * hn)
    return (1 - z) * n + z * h


def gru_step_cho(
    x: torch.Tensor,
    h: torch.Tensor,
    weight_ih: torch.Tensor,
    weight_hh: torch.Tensor,
    bias_ih: torch.Tensor | None = None,
    bias_hh: torch.Tensor | None = None,
) -> torch.Tensor:
    """One GRU step in Cho et al.'s (2014) reset-before form, from the same stacked weights.

    Identical to :func:`gru_step_pytorch` except for the candidate:
    ``n = tanh(W_in x + b_in + W_hn (r * h) + b_hn)``. The reset gate scales the old state
    BEFORE the matrix product, so the candidate's recurrent product must wait for ``r``.
    ``h' = (1 - z) * n + z * h``, with ``z`` the keep gate in both conventions.
    """
    r, z, xn, _ = _gru_gates(x, h, weight_ih, weight_hh, bias_ih, bias_hh)
    hidden = h.shape[-1]
    w_hn = weight_hh[2 * hidden:]
    b_hn = None if bias_hh is None else bias_hh[2 * hidden:]
    n = torch.tanh(xn + F.linear(r * h, w_hn, b_hn))
    return (1 - z) * n + z * h


def dropout_masks(
    batch: int,
    steps: int,
    size: int,
    *,
    p: float,
    locked: bool,
    generator: torch.Generator,
) -> torch.Tensor:
    """Inverted-dropout masks for a recurrent state, shape ``(batch, steps, size)``.

    Entries are 0 (dropped, probability ``p``) or ``1 / (1 - p)`` (kept). With
    ``locked=False`` every step draws a fresh mask (naive per-step dropout); with
    ``locked=True`` one mask per sequence is reused at every step (the locked or
    variational dropout of Gal and Ghahramani 2016), so a unit is either dropped for the
    whole sequence or kept for the whole sequence.
    """
    if not 0.0 <= p < 1.0:
        raise ValueError(f"p must be in [0, 1), got {p!r}; it is the probability of dropping")
    batch, steps, size = (positive_int(name, value) for name, value in (
        ("batch", batch), ("steps", steps), ("size", size)))
    draws = 1 if locked else steps
    keep = torch.rand(batch, draws, size, generator=generator) >= p
    return (keep.float() / (1.0 - p)).expand(batch, steps, size).clone()


_GATES = {"rnn": 1, "gru": 3, "lstm": 4}


def parameter_count(kind: str, *, input_size: int, hidden_size: int) -> int:
    """Parameters of one PyTorch recurrent layer: ``G * H * (D + H + 2)``.

    ``G`` is 1 (tanh RNN), 3 (GRU) or 4 (LSTM): every gate has an input matrix ``(H, D)``,
    a recurrent matrix ``(H, H)`` and PyTorch's two bias vectors of size ``H``.
    """
    if kind not in _GATES:
        raise ValueError(f"kind must be one of {sorted(_GATES)}, got {kind!r}")
    input_size = positive_int("input_size", input_size)
    hidden_size = positive_int("hidden_size", hidden_size)
    return _GATES[kind] * hidden_size * (input_size + hidden_size + 2)
