"""The claims of Chapter 1 (sequences and recurrent state) as code.

Every claim here reads values the chapter computes live (``studies=()``): the chapter reads no
study's records. Each function returns ``True`` when its sentence holds, as worded.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from dlbook.book.claims import claim

#: Below this, a disagreement between two float32 computations of states in (-1, 1) is
#: rounding: about eight units in the last place of 1.
SINGLE_PRECISION_ROUNDING = 1e-6


def _decades(trace: Sequence[float]) -> float:
    """Orders of magnitude a nudge loses from the first step to the last (negative: gains)."""
    values = np.asarray(trace, dtype=float)
    if values.ndim != 1 or len(values) < 2 or not (values > 0).all():
        raise ValueError(f"trace must be at least two positive values, got {trace!r}")
    return float(np.log10(values[0] / values[-1]))


@claim("seq-loop-agrees",
       says="the loop of a few lines agrees with nn.RNN up to single-precision rounding")
def loop_agrees(max_difference: float) -> bool:
    return bool(0 <= max_difference < SINGLE_PRECISION_ROUNDING)


@claim("seq-reach-small",
       says="with spectral radius 0.5 the nudge dies out geometrically: a falling straight "
            "line on the log axis (R^2 of a line through log10 of the trace at least 0.99)")
def reach_dies_geometrically(trace: Sequence[float], *, min_r2: float = 0.99) -> bool:
    logs = np.log10(np.asarray(trace, dtype=float))
    steps = np.arange(len(logs))
    slope, intercept = np.polyfit(steps, logs, 1)
    residual = ((logs - (slope * steps + intercept)) ** 2).sum()
    r2 = 1 - residual / ((logs - logs.mean()) ** 2).sum()
    return bool(slope < 0 and _decades(trace) > 0 and r2 >= min_r2)


@claim("seq-reach-large",
       says="with spectral radius 2 the nudge does not die out within the sixty steps: at no "
            "step is it smaller than at the first")
def reach_does_not_die(trace: Sequence[float]) -> bool:
    values = np.asarray(trace, dtype=float)
    return bool(len(values) > 1 and values.min() >= values[0])


@claim("seq-reach-middle",
       says="near spectral radius 1 the nudge fades, by less than half the orders of magnitude "
            "it loses at radius 0.5")
def reach_fades_more_slowly(trace_middle: Sequence[float], trace_small: Sequence[float]) -> bool:
    middle, small = _decades(trace_middle), _decades(trace_small)
    return bool(0 < middle < small / 2)


@claim("seq-reach-not-tanh",
       says="most of the orders of magnitude the fresh network's nudge loses, it loses without "
            "the tanh too; the tanh adds the rest")
def decay_mostly_from_w_hh(trace_with_tanh: Sequence[float],
                           trace_without_tanh: Sequence[float]) -> bool:
    with_tanh, without = _decades(trace_with_tanh), _decades(trace_without_tanh)
    return bool(with_tanh > 0 and with_tanh / 2 < without < with_tanh)


@claim("seq-summary-layout",
       says="final states are always (L * directions, B, H), whatever batch_first says")
def final_state_layout(cases: Sequence[dict]) -> bool:
    """``cases``: one dict per module run, with ``layers``, ``directions``, ``batch``,
    ``hidden``, ``batch_first`` and ``h_n`` (the shape of the final states, a tuple)."""
    if not cases or {c["batch_first"] for c in cases} != {True, False}:
        return False  # "whatever batch_first says" needs runs under both layouts
    return all(tuple(c["h_n"]) == (c["layers"] * c["directions"], c["batch"], c["hidden"])
               for c in cases)


@claim("seq-bi-backward",
       says="with the padding poisoned, the forward half of a bidirectional GRU's outputs at "
            "real positions does not move, and the backward half moves at every real position "
            "of the short sequences")
def backward_half_reads_padding(forward_change: Sequence[float],
                                backward_change_short: Sequence[float]) -> bool:
    forward = np.asarray(forward_change, dtype=float)
    backward = np.asarray(backward_change_short, dtype=float)
    if not len(forward) or not len(backward):
        return False
    return bool(forward.max() == 0 and backward.min() > 0)


@claim("seq-causal-test",
       says="shuffling the future changes the causal network's outputs by exactly zero at every "
            "step and the bidirectional network's by at least the printed bound everywhere")
def permutation_test_separates(causal_effect: Sequence[float],
                               bidirectional_effect: Sequence[float], *,
                               at_least: float) -> bool:
    if not len(causal_effect) or not len(bidirectional_effect) or at_least <= 0:
        return False
    return bool(max(causal_effect) == 0 and min(bidirectional_effect) >= at_least)
