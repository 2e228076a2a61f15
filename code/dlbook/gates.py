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


def _checked(layer: nn.Module, inputs: torch.Tensor, outputs: list[torch.Tensor],
             atol: float) -> float:
    with torch.no_grad():
        expected, _ = layer(inputs)
    diff = (torch.stack(outputs, dim=1) - expected).abs().max().item()
    if not diff <= atol:
        raise RuntimeError(
            f"the replay differs from the module by {diff:.3g} > atol={atol:g}; the trace "
            f"would not describe this layer"
        )
    return diff


def keep_gate_trace(layer: nn.LSTM | nn.GRU, inputs: torch.Tensor, *,
                    atol: float = 1e-5) -> ForgetTrace:
    """The keep gate of a one-layer, batch-first LSTM or GRU on ``inputs`` ``(B, T, D)``.

    For an LSTM this is :func:`forget_gate_trace`. For a GRU the gate is ``z`` of PyTorch's
    ``h' = (1 - z) * n + z * h``, replayed in the reset-after form ``nn.GRU`` computes;
    the result's ``forget`` field holds ``z``. Raises ``RuntimeError`` if the replay
    differs from the module by more than ``atol``.
    """
    if isinstance(layer, nn.LSTM):
        return forget_gate_trace(layer, inputs, atol=atol)
    _check_replayable(layer, (nn.GRU,), inputs)
    params = cell_parameters(layer)
    h = inputs.new_zeros(inputs.shape[0], layer.hidden_size)
    keeps, outputs = [], []
    with torch.no_grad():
        for t in range(inputs.shape[1]):
            r, z, xn, hn = _gru_gates(inputs[:, t], h, **params)
            h = (1 - z) * torch.tanh(xn + r * hn) + z * h
            keeps.append(z)
            outputs.append(h)
    diff = _checked(layer, inputs, outputs, atol)
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
    diff = _checked(lstm, inputs, outputs, atol)
    return ForgetTrace(forget=torch.stack(forgets, dim=1), max_abs_diff=diff)
