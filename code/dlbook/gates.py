"""Keep-gate traces: replay a trained LSTM or GRU by hand and watch what its keep gate does.

``nn.LSTM`` and ``nn.GRU`` do not expose their gates. A trace recomputes every step from
the module's own weights (:func:`dlbook.cells.lstm_gates`, or the GRU's reset-after step),
records the gate that keeps the old state (the LSTM's forget gate ``f``, the GRU's ``z``),
and checks that the replayed outputs reproduce the module's outputs: a trace of a
computation that differs from the model's would describe some other network.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from dlbook.cells import _gru_gates, cell_parameters, lstm_gates


@dataclass
class ForgetTrace:
    """Forget-gate activations ``(B, T, H)`` and how closely the replay matched the module."""

    forget: torch.Tensor
    max_abs_diff: float

    def mean_per_step(self) -> list[float]:
        """The forget gate averaged over sequences and units, one value per step."""
        return self.forget.mean(dim=(0, 2)).tolist()


def _check_replayable(layer: nn.Module, kinds: tuple[type, ...], inputs: torch.Tensor) -> None:
    names = " or ".join(kind.__name__ for kind in kinds)
    if not isinstance(layer, kinds) or layer.num_layers != 1 or not layer.batch_first:
        raise TypeError(
            f"the layer must be a one-layer nn.{names} with batch_first=True, got {layer!r}; "
            f"for a RecallClassifier pass model.rnn"
        )
    if getattr(layer, "proj_size", 0) or layer.bidirectional:
        raise ValueError("the replay covers plain unidirectional layers without projections")
    if inputs.dim() != 3 or inputs.shape[-1] != layer.input_size:
        raise ValueError(
            f"inputs must have shape (B, T, {layer.input_size}), got {tuple(inputs.shape)}"
        )


def keep_gate_trace(layer: nn.LSTM | nn.GRU, inputs: torch.Tensor, *,
                    atol: float = 1e-5) -> ForgetTrace:
    """The keep gate of a one-layer, batch-first LSTM or GRU on ``inputs`` ``(B, T, D)``.

    The gate is the LSTM's forget gate ``f`` or the GRU's ``z`` of PyTorch's
    ``h' = (1 - z) * n + z * h`` (reset-after form); the result's ``forget`` field holds it.
    Unlike :func:`forget_gate_trace`, each step's gates are computed from the module's own
    previous output, not from the replay's: in a trained network float32 rounding can
    compound over 80 steps to 1e-4, which would hide a wrong replay. Each replayed output is
    checked against the module's; a difference above ``atol`` raises ``RuntimeError``.
    """
    _check_replayable(layer, (nn.LSTM, nn.GRU), inputs)
    params = cell_parameters(layer)
    with torch.no_grad():
        states, _ = layer(inputs)  # (B, T, H)
        previous = torch.cat([torch.zeros_like(states[:, :1]), states[:, :-1]], dim=1)
        c = torch.zeros_like(states[:, 0])
        keeps, outputs = [], []
        for t in range(inputs.shape[1]):
            x, h = inputs[:, t], previous[:, t]
            if isinstance(layer, nn.LSTM):
                gates = lstm_gates(x, h, **params)
                c = gates.forget * c + gates.input * gates.candidate
                keeps.append(gates.forget)
                outputs.append(gates.output * torch.tanh(c))
            else:
                r, z, xn, hn = _gru_gates(x, h, **params)
                keeps.append(z)
                outputs.append((1 - z) * torch.tanh(xn + r * hn) + z * h)
    diff = (torch.stack(outputs, dim=1) - states).abs().max().item()
    if not diff <= atol:
        raise RuntimeError(f"the replay differs from the module by {diff:.3g} > atol={atol:g}; "
                           f"the trace would not describe this layer")
    return ForgetTrace(forget=torch.stack(keeps, dim=1), max_abs_diff=diff)


def forget_gate_trace(lstm: nn.LSTM, inputs: torch.Tensor, *, atol: float = 1e-5) -> ForgetTrace:
    """Replay a one-layer, batch-first ``lstm`` on ``inputs`` ``(B, T, D)`` from a zero state.

    Returns the forget gate at every step. Raises ``RuntimeError`` if the replayed outputs
    differ from ``lstm(inputs)`` by more than ``atol`` anywhere, so a trace that reaches a
    figure is known to be the trace of this very module.
    """
    _check_replayable(lstm, (nn.LSTM,), inputs)
    params = cell_parameters(lstm)
    batch, steps, _ = inputs.shape
    h = inputs.new_zeros(batch, lstm.hidden_size)
    c = torch.zeros_like(h)
    forgets, outputs = [], []
    with torch.no_grad():
        for t in range(steps):
            gates = lstm_gates(inputs[:, t], h, **params)
            c = gates.forget * c + gates.input * gates.candidate
            h = gates.output * torch.tanh(c)
            forgets.append(gates.forget)
            outputs.append(h)
        expected, _ = lstm(inputs)
    diff = (torch.stack(outputs, dim=1) - expected).abs().max().item()
    if not diff <= atol:
        raise RuntimeError(f"the replay differs from the module by {diff:.3g} > atol={atol:g}; "
                           f"the trace would not describe this LSTM")
    return ForgetTrace(forget=torch.stack(forgets, dim=1), max_abs_diff=diff)
