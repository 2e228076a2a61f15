"""The vanilla recurrence written out, and the bookkeeping of variable-length batches.

Chapter 1 checks :func:`rnn_loop` against ``nn.RNN``, pads batches with :func:`pad_sequences`,
reads each sequence's last real state with :func:`last_valid`, and tests causality with
:func:`future_sensitivity`.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import nn

from dlbook._checks import is_int


def rnn_loop(
    inputs: torch.Tensor,
    *,
    weight_ih: torch.Tensor,
    weight_hh: torch.Tensor,
    bias: torch.Tensor,
    h0: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Run the vanilla (Elman) recurrence ``h_t = tanh(W_ih x_t + W_hh h_{t-1} + b)``.

    ``inputs`` is ``(B, T, D)``, ``weight_ih`` is ``(H, D)``, ``weight_hh`` is ``(H, H)`` and
    ``bias`` is ``(H,)`` (``nn.RNN`` keeps two biases; pass their sum). Returns every state
    ``(B, T, H)`` and the last one ``(B, H)``. The same weights serve every step: that
    sharing is what lets one set of parameters read a sequence of any length.
    """
    if inputs.dim() != 3 or 0 in inputs.shape:
        raise ValueError(f"inputs must have shape (B, T, D) with B, T, D >= 1, got "
                         f"{tuple(inputs.shape)}")
    batch, steps, size = inputs.shape
    if weight_hh.dim() != 2 or weight_ih.dim() != 2:
        raise ValueError(f"weight_ih must be (H, D) and weight_hh (H, H), got "
                         f"{tuple(weight_ih.shape)} and {tuple(weight_hh.shape)}")
    hidden = weight_hh.shape[0]
    if weight_ih.shape != (hidden, size) or weight_hh.shape != (hidden, hidden):
        raise ValueError(
            f"weight_ih must be (H, D) = ({hidden}, {size}) for inputs of width D = {size}, and "
            f"weight_hh (H, H); got {tuple(weight_ih.shape)} and {tuple(weight_hh.shape)}"
        )
    tensors = {"inputs": inputs, "weight_ih": weight_ih, "weight_hh": weight_hh, "bias": bias,
               **({"h0": h0} if h0 is not None else {})}
    for name, t in tensors.items():
        if not t.dtype.is_floating_point or t.dtype != inputs.dtype:
            raise TypeError(f"{name} must be a floating-point tensor of inputs' dtype "
                            f"({inputs.dtype}), got {t.dtype}")
    if bias.shape != (hidden,) or (h0 is not None and h0.shape != (batch, hidden)):
        raise ValueError(f"bias must be ({hidden},) and h0 ({batch}, {hidden}) for inputs of "
                         f"batch {batch}, got "
                         f"{tuple(bias.shape)} and {None if h0 is None else tuple(h0.shape)}")
    h = inputs.new_zeros(batch, hidden) if h0 is None else h0
    states = []
    for t in range(steps):
        # Rows are examples, so the column-vector equation W x becomes x @ W.T.
        h = torch.tanh(inputs[:, t] @ weight_ih.T + h @ weight_hh.T + bias)
        states.append(h)
    return torch.stack(states, dim=1), h


def pad_sequences(
    sequences: Sequence[torch.Tensor], *, value: float = 0.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """Stack sequences of shape ``(T_i, D)`` into ``(B, T_max, D)`` plus their lengths ``(B,)``.

    Positions past a sequence's end hold ``value``; tests fill them with poison (huge numbers
    or NaN) to prove that nothing downstream reads them.
    """
    if isinstance(sequences, torch.Tensor) or not isinstance(sequences, Sequence):
        raise TypeError(f"sequences must be a list of (T, D) tensors, got "
                        f"{type(sequences).__name__}; a padded batch needs no padding")
    if not sequences:
        raise ValueError("sequences is empty; pass at least one (T, D) tensor")
    first = sequences[0]
    for i, s in enumerate(sequences):
        if (not isinstance(s, torch.Tensor) or s.dim() != 2 or s.dtype != first.dtype
                or s.shape[1] != first.shape[1]):
            raise ValueError(f"sequences[{i}] must be a (T, D) tensor like sequences[0] "
                             f"({tuple(first.shape)[1:]} features, {first.dtype}), got "
                             f"{tuple(s.shape) if isinstance(s, torch.Tensor) else type(s)}")
    lengths = torch.tensor([len(s) for s in sequences])
    if int(lengths.min()) == 0:
        raise ValueError("every sequence needs at least one step; drop empty sequences first")
    batch = sequences[0].new_full((len(sequences), int(lengths.max()), sequences[0].shape[-1]),
                                  value)
    for i, sequence in enumerate(sequences):
        batch[i, : len(sequence)] = sequence
    return batch, lengths


def length_mask(lengths: torch.Tensor, steps: int) -> torch.Tensor:
    """Boolean ``(B, T)`` mask, true at real positions and false at padding."""
    if not is_int(steps) or steps < 0:
        raise ValueError(f"steps must be a non-negative int, got {steps!r}")
    steps = int(steps)
    _check_lengths(lengths, low=0, high=steps, width="steps")
    return torch.arange(steps).unsqueeze(0) < lengths.unsqueeze(1)


def _check_lengths(lengths: torch.Tensor, *, low: int, high: int, width: str) -> None:
    if not isinstance(lengths, torch.Tensor) or lengths.dim() != 1 or (
            lengths.dtype.is_floating_point or lengths.dtype == torch.bool):
        raise ValueError(f"lengths must be a 1-D integer tensor, got "
                         f"{lengths!r:.60}")
    if lengths.numel() and (int(lengths.min()) < low or int(lengths.max()) > high):
        raise ValueError(f"lengths must lie in [{low}, {width}={high}] (the padded width), got "
                         f"{lengths.tolist()[:8]}")


def last_valid(outputs: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Each sequence's output at its own last real step: ``(B, T, H) -> (B, H)``."""
    if outputs.dim() != 3:
        raise ValueError(f"outputs must be (B, T, H), got {tuple(outputs.shape)}")
    # a length of 0 would wrap around to step -1
    _check_lengths(lengths, low=1, high=outputs.shape[1], width="outputs.shape[1]")
    if len(lengths) != len(outputs):
        raise ValueError(f"lengths has {len(lengths)} entries for the {len(outputs)} sequences "
                         f"of outputs")
    index = (lengths - 1).to(outputs.device).view(-1, 1, 1).expand(-1, 1, outputs.shape[-1])
    return outputs.gather(1, index).squeeze(1)


def packed_final_state(
    rnn: nn.RNN | nn.GRU, inputs: torch.Tensor, lengths: torch.Tensor
) -> torch.Tensor:
    """Final hidden state of a batch-first, single-direction RNN/GRU on a padded batch, via packing.

    Packing hands the module only the real steps, so padded positions are never computed.
    """
    packed = nn.utils.rnn.pack_padded_sequence(inputs, lengths.cpu(), batch_first=True,
                                               enforce_sorted=False)
    _, h_n = rnn(packed)
    return h_n[-1]


@torch.no_grad()
def future_sensitivity(module: nn.Module, inputs: torch.Tensor, *, t: int,
                       seed: int = 0) -> float:
    """Largest change in the outputs at steps ``<= t`` when the inputs after ``t`` are shuffled.

    The shuffle is a random permutation of the future steps that is never the identity.

    A causal model returns exactly zero: its output at step ``t`` reads only inputs up to ``t``.
    ``module(inputs)`` may return a tensor ``(B, T, H)`` or a tuple whose first item is one.
    """
    steps = inputs.shape[1]
    if not 0 <= t < steps - 2:
        raise ValueError(
            f"t must lie in [0, {steps - 3}] so that at least two future steps can be "
            f"shuffled, got {t}"
        )
    generator = torch.Generator().manual_seed(seed)
    order = torch.randperm(steps - t - 1, generator=generator)
    if torch.equal(order, torch.arange(len(order))):
        order = order.roll(1)  # the identity is no test: move every future step
    order = order + t + 1
    shuffled = inputs.clone()
    shuffled[:, t + 1 :] = inputs[:, order]

    def outputs_of(x: torch.Tensor) -> torch.Tensor:
        out = module(x)
        return out[0] if isinstance(out, tuple) else out

    before, after = outputs_of(inputs)[:, : t + 1], outputs_of(shuffled)[:, : t + 1]
    return (before - after).abs().max().item()
