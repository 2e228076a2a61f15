"""Gradient probes: how much of a loss's gradient reaches the first input of a sequence."""

from __future__ import annotations

from collections.abc import Iterable

import torch
from torch import nn

from dlbook.device import make_generator


def first_input_gradient(module: nn.Module, inputs: torch.Tensor) -> torch.Tensor:
    """Norm of the gradient of the summed final hidden state with respect to ``x_1``.

    ``module`` is a batch-first ``nn.RNN``, ``nn.LSTM`` or ``nn.GRU``; ``inputs`` has shape
    ``(B, T, D)``. The loss is the sum of the top layer's last output; the result holds one
    norm per sequence, shape ``(B,)``. The module's parameters receive no gradient.
    """
    if inputs.dim() != 3:
        raise ValueError(f"inputs must have shape (B, T, D), got {tuple(inputs.shape)}")
    x = inputs.detach().clone().requires_grad_(True)
    outputs, _ = module(x)
    (grad,) = torch.autograd.grad(outputs[:, -1].sum(), x)
    return grad[:, 0].norm(dim=-1)


def gradient_vs_lag(
    module: nn.Module,
    *,
    lags: Iterable[int],
    samples: int = 8,
    seed: int = 0,
) -> dict[int, float]:
    """Mean first-input gradient norm at each lag, on ``samples`` standard-normal sequences.

    The lag is the sequence length: the distance from the first input to the state that
    the loss reads. The same ``seed`` gives the same sequences to every module, so two
    architectures can be compared on identical inputs.
    """
    size = module.input_size
    result = {}
    for lag in lags:
        if isinstance(lag, bool) or not isinstance(lag, int) or lag <= 0:
            raise ValueError(f"every lag must be a positive int, got {lag!r}")
        inputs = torch.randn(samples, lag, size, generator=make_generator(seed + lag))
        result[lag] = first_input_gradient(module, inputs).mean().item()
    return result
