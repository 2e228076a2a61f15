"""The forget-gate trace: replay a trained LSTM by hand and watch what its forget gate does.

``nn.LSTM`` does not expose its gates. The trace recomputes every step with
:func:`dlbook.cells.lstm_gates` from the module's own weights, records the forget gate,
and checks that the replayed outputs reproduce the module's outputs: a trace of a
computation that differs from the model's would describe some other network.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from dlbook.cells import cell_parameters, lstm_gates


@dataclass
class ForgetTrace:
    """Forget-gate activations ``(B, T, H)`` and how closely the replay matched the module."""

    forget: torch.Tensor
    max_abs_diff: float

    def mean_per_step(self) -> list[float]:
        """The forget gate averaged over sequences and units, one value per step."""
        return self.forget.mean(dim=(0, 2)).tolist()


def forget_gate_trace(lstm: nn.LSTM, inputs: torch.Tensor, *, atol: float = 1e-5) -> ForgetTrace:
    """Replay a one-layer, batch-first ``lstm`` on ``inputs`` ``(B, T, D)`` from a zero state.

    Returns the forget gate at every step. Raises ``RuntimeError`` if the replayed outputs
    differ from ``lstm(inputs)`` by more than ``atol`` anywhere, so a trace that reaches a
    figure is known to be the trace of this very module.
    """
    if not isinstance(lstm, nn.LSTM) or lstm.num_layers != 1 or not lstm.batch_first:
        raise TypeError(
            f"lstm must be a one-layer nn.LSTM with batch_first=True, got {lstm!r}; "
            f"for a RecallClassifier pass model.rnn"
        )
    if lstm.proj_size or lstm.bidirectional:
        raise ValueError("the replay covers plain unidirectional LSTMs without projections")
    if inputs.dim() != 3 or inputs.shape[-1] != lstm.input_size:
        raise ValueError(
            f"inputs must have shape (B, T, {lstm.input_size}), got {tuple(inputs.shape)}"
        )
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
        raise RuntimeError(
            f"the replay differs from the module by {diff:.3g} > atol={atol:g}; the trace "
            f"would not describe this LSTM"
        )
    return ForgetTrace(forget=torch.stack(forgets, dim=1), max_abs_diff=diff)
