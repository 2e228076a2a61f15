"""Measurements of a trained memory-test network: where its keep gate acts, and whether it
names the first token by carrying it or by recognising how a sequence ends.

Both read a :class:`dlbook.recall.RecallClassifier` (or its layer) without training it, and
draw nothing from PyTorch's global generator.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from dlbook._checks import int_at_least
from dlbook.device import make_generator
from dlbook.gates import keep_gate_trace
from dlbook.recall import accuracy


def suffix_scrambled_accuracy(model: nn.Module, tokens: torch.Tensor, labels: torch.Tensor,
                              k: int, *, seed: int, at: str = "end") -> float:
    """:func:`accuracy` after ``k`` tokens of every sequence are redrawn uniformly: the last
    ``k`` (``at="end"``) or the ``k`` right after the first (``at="start"``, the control).

    The first token, the label, is never touched (``0 <= k < length``). A network that
    names the first token by carrying it along is indifferent to either redraw; one that
    recognises its training sequences by their endings loses that to the first and keeps it
    under the second; one that recognises them by any of their tokens loses it to both.
    The redraw comes from ``seed`` on a generator of its own; ``k = 0`` is the plain
    accuracy.
    """
    k = int_at_least("k", k, 0)
    if k >= tokens.shape[1]:
        raise ValueError(f"k must leave the first token alone (k < {tokens.shape[1]}), got {k}")
    if at not in ("end", "start"):
        raise ValueError(f"at must be 'end' or 'start', got {at!r}")
    scrambled = tokens.clone()
    if k:
        vocab = getattr(model, "vocab", int(tokens.max()) + 1)
        redrawn = torch.randint(0, vocab, (tokens.shape[0], k), generator=make_generator(seed))
        if at == "end":
            scrambled[:, -k:] = redrawn
        else:
            scrambled[:, 1:k + 1] = redrawn
    return accuracy(model, scrambled, labels)


def keep_gate_measures(layer: nn.LSTM | nn.GRU,
                       inputs: torch.Tensor) -> dict[str, torch.Tensor]:
    """Where a gated layer's keep gate acts, per unit ``(H,)``, on ``inputs`` ``(B, T, V)``.

    ``activation``: the gate averaged over sequences and steps. ``log10_retention``: log10
    of the fraction of a unit's step-1 content that survives to the last step along the
    direct path (the product of its keep gates from step 2 on, averaged over the
    sequences, as in Chapter 3's trace section). ``bias``: the gate's summed bias.
    ``token_<v>``: the input weight that one-hot token ``v`` adds to the gate's
    pre-activation, a per-token bias.
    """
    keep = keep_gate_trace(layer, inputs).forget.double()  # (B, T, H)
    log_products = keep[:, 1:].log().sum(dim=1)  # (B, H), natural log
    mean_product = torch.logsumexp(log_products, dim=0) - math.log(len(log_products))
    hidden = layer.hidden_size
    with torch.no_grad():
        rows = slice(hidden, 2 * hidden)  # the keep gate: LSTM order i, f, g, o; GRU r, z, n
        measures = {"activation": keep.mean(dim=(0, 1)),
                    "log10_retention": mean_product / math.log(10),
                    "bias": (layer.bias_ih_l0 + layer.bias_hh_l0)[rows].double()}
        for token in range(layer.input_size):
            measures[f"token_{token}"] = layer.weight_ih_l0[rows, token].double()
    return measures
