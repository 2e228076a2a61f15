"""Gradient probes: how much of a loss's gradient reaches the first input of a sequence."""

from __future__ import annotations

from collections.abc import Iterable

import torch
from torch import nn
from torch.nn import functional as F

from dlbook._checks import is_int, positive_int
from dlbook.cells import gru_step_pytorch, lstm_step
from dlbook.device import make_generator

#: The gates of each layer kind, in PyTorch's stacking order of ``weight_ih`` rows.
GATE_NAMES = {nn.RNN: ("tanh",), nn.GRU: ("reset", "update", "candidate"),
              nn.LSTM: ("input", "forget", "candidate", "output")}


def first_input_gradient(module: nn.Module, inputs: torch.Tensor) -> torch.Tensor:
    """Norm of the gradient of the summed final hidden state with respect to ``x_1``.

    ``module`` is a batch-first ``nn.RNN``, ``nn.LSTM`` or ``nn.GRU``; ``inputs`` has shape
    ``(B, T, D)``. The loss is the sum of the top layer's last output; the result holds one
    norm per sequence, shape ``(B,)``. The module's parameters receive no gradient.
    """
    if not isinstance(module, nn.RNN | nn.LSTM | nn.GRU) or not module.batch_first:
        # A sequence-first module would read (B, T, D) as (T, B, D): the "first input"
        # would be a whole batch row, and the answer a plausible-looking wrong number.
        raise ValueError(f"module must be an nn.RNN, nn.LSTM or nn.GRU built with "
                         f"batch_first=True, got {module!r:.80}")
    if inputs.dim() != 3 or 0 in inputs.shape:
        raise ValueError(f"inputs must have shape (B, T, D) with B, T >= 1, got "
                         f"{tuple(inputs.shape)}")
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
    samples = positive_int("samples", samples)
    if not isinstance(module, nn.RNN | nn.LSTM | nn.GRU) or not module.batch_first:
        raise ValueError(f"module must be an nn.RNN, nn.LSTM or nn.GRU built with "
                         f"batch_first=True, got {module!r:.80}")
    size = module.input_size
    result = {}
    for lag in lags:
        if not is_int(lag) or lag <= 0:
            raise ValueError(f"every lag must be a positive int (in lags), got {lag!r}")
        lag = int(lag)
        inputs = torch.randn(samples, lag, size, generator=make_generator(seed + lag))
        result[lag] = first_input_gradient(module, inputs).mean().item()
    return result


def step_one_terms(
    rnn: nn.Module, head: nn.Linear, inputs: torch.Tensor, labels: torch.Tensor
) -> tuple[list[torch.Tensor], list[torch.Tensor]]:
    """Step-1 terms and whole gradients of ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh``.

    ``rnn`` is a one-layer, batch-first ``nn.RNN`` (tanh), ``nn.LSTM`` or ``nn.GRU`` read from
    a zero state on ``inputs`` ``(B, T, D)``; ``head`` maps its last state to logits, and the
    loss is the mean cross-entropy against ``labels`` ``(B,)``. A shared weight's gradient is a
    sum over its uses, one term per step (Chapter 2); the step-1 term is the one in which
    the first input enters directly. Replayed by hand in float64, so that a tiny term is not
    lost to rounding before it is measured.
    """
    if (type(rnn) not in GATE_NAMES or rnn.num_layers != 1 or not rnn.batch_first
            or rnn.bidirectional):
        raise TypeError(f"rnn must be a one-layer, batch-first nn.RNN, nn.LSTM or nn.GRU, "
                        f"got {rnn!r}")
    if getattr(rnn, "nonlinearity", "tanh") != "tanh" or not rnn.bias:
        raise ValueError("the probe replays tanh layers with both bias vectors only")
    if inputs.dim() != 3 or labels.shape != inputs.shape[:1]:
        raise ValueError(f"inputs must be (B, T, D) and labels (B,), got {tuple(inputs.shape)} "
                         f"and {tuple(labels.shape)}")
    keys = ("weight_ih", "weight_hh", "bias_ih", "bias_hh")
    shared = {k: getattr(rnn, k + "_l0").detach().double().requires_grad_() for k in keys}
    # Zeros added at step 1 only: their gradient is exactly the step-1 term of each sum,
    # while the shared tensors, used at every step, receive the whole sum.
    first = {k: torch.zeros_like(v, requires_grad=True) for k, v in shared.items()}
    x = inputs.double()
    h = x.new_zeros(x.shape[0], rnn.hidden_size)
    c = torch.zeros_like(h)
    for t in range(x.shape[1]):
        p = {k: shared[k] + first[k] for k in keys} if t == 0 else shared
        if isinstance(rnn, nn.LSTM):
            h, c = lstm_step(x[:, t], (h, c), **p)
        elif isinstance(rnn, nn.GRU):
            h = gru_step_pytorch(x[:, t], h, **p)
        else:
            h = torch.tanh(x[:, t] @ p["weight_ih"].T + p["bias_ih"]
                           + h @ p["weight_hh"].T + p["bias_hh"])
    logits = F.linear(h, head.weight.detach().double(), head.bias.detach().double())
    grads = torch.autograd.grad(F.cross_entropy(logits, labels),
                                [*first.values(), *shared.values()])
    return list(grads[:4]), list(grads[4:])


def first_step_share(
    rnn: nn.Module, head: nn.Linear, inputs: torch.Tensor, labels: torch.Tensor
) -> dict[str, float]:
    """For each gate, ``||step-1 term|| / ||whole gradient||`` over its parameters.

    A gate's parameters are its rows of ``weight_ih`` and ``weight_hh`` and of both bias
    vectors; the terms come from :func:`step_one_terms` (same arguments). A share below
    float32's relative rounding error, ``2 ** -24``, means that in single precision the
    first input's direct contribution does not survive being added to the rest. A gate
    whose whole gradient is zero gets share 0.
    """
    step1, whole = step_one_terms(rnn, head, inputs, labels)
    size, shares = rnn.hidden_size, {}
    for g, name in enumerate(GATE_NAMES[type(rnn)]):
        rows = slice(g * size, (g + 1) * size)
        part = torch.cat([a[rows].flatten() for a in step1]).norm()
        total = torch.cat([a[rows].flatten() for a in whole]).norm()
        shares[name] = (part / total).item() if total > 0 else 0.0
    return shares
