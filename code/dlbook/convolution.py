"""Dilated causal convolutions: a stack whose receptive field doubles with every layer.

Layer ``l`` (counting from 0) is a causal ``nn.Conv1d`` with kernel size ``k`` and dilation
``2 ** l``: its taps look ``0, d, 2d, ..., (k - 1) d`` steps back. Each layer widens the
window by ``(k - 1) * 2 ** l``, so ``L`` layers see ``1 + (k - 1)(2 ** L - 1)`` inputs.
Shapes follow ``nn.Conv1d``: ``(B, C, T)``.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from dlbook._checks import positive_int
from dlbook.device import make_generator


def receptive_field(*, kernel_size: int, layers: int) -> int:
    """Inputs one output of the stack can see: ``1 + (k - 1)(2 ** L - 1)``."""
    positive_int("kernel_size", kernel_size)
    positive_int("layers", layers)
    return 1 + (kernel_size - 1) * (2**layers - 1)


class DilatedCausalStack(nn.Module):
    """``layers`` causal convolutions with dilations ``1, 2, 4, ...`` and ``tanh`` between.

    Causal: each layer pads ``(k - 1) * dilation`` zeros on the left only, so output ``t``
    depends on inputs ``<= t`` and the output is as long as the input.
    """

    def __init__(self, *, channels: int, kernel_size: int, layers: int) -> None:
        super().__init__()
        self.channels = positive_int("channels", channels)
        self.kernel_size = positive_int("kernel_size", kernel_size)
        self.convs = nn.ModuleList(
            nn.Conv1d(channels, channels, kernel_size, dilation=2**layer)
            for layer in range(positive_int("layers", layers))
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() != 3 or x.shape[1] != self.channels:
            raise ValueError(
                f"x must have shape (B, C={self.channels}, T), got {tuple(x.shape)}"
            )
        for i, conv in enumerate(self.convs):
            x = conv(F.pad(x, ((self.kernel_size - 1) * conv.dilation[0], 0)))
            # tanh, not ReLU: its slope is never zero, so a dead unit cannot hide an input
            # from the gradient probe.
            if i < len(self.convs) - 1:
                x = torch.tanh(x)
        return x


def gradient_footprint(
    module: DilatedCausalStack, *, length: int, position: int = -1, seed: int = 0
) -> list[int]:
    """Input positions that receive a non-zero gradient from output ``position``.

    Feeds one random input of shape ``(1, C, length)``, backpropagates the sum of the
    channels of output ``position`` and returns the sorted time indices whose input
    gradient is non-zero: the receptive field measured, not computed from the formula.
    """
    positive_int("length", length)
    if not -length <= position < length:
        raise ValueError(
            f"position must index a time step in [-{length}, {length}), got {position}"
        )
    dtype = module.convs[0].weight.dtype
    x = torch.randn(1, module.channels, length, generator=make_generator(seed), dtype=dtype)
    x.requires_grad_(True)
    (grad,) = torch.autograd.grad(module(x)[0, :, position].sum(), x)
    return torch.nonzero(grad[0].abs().sum(dim=0)).flatten().tolist()
