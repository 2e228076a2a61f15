"""Chapter 2's headline and summary claims (gradients through time).

Each function is the condition of one sentence of ``book/02-gradients.qmd``, as the sentence
words it. Almost all of them read values the chapter computes live (a fresh network's
gradient at each lag, a scalar recurrence, a training run of a few hundred steps), so they
take those values and have ``studies=()``; one reads the records of Chapter 3's
``memory-test-dynamics`` study. A gradient "at lag l" is a dict ``{lag: mean norm}`` as
:func:`dlbook.probes.gradient_vs_lag` returns it.
"""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np

from dlbook.book.claims import claim
from dlbook.book.claims_memory import SOLVED

#: The rounding unit of float32 relative to one: a term smaller than this, relative to an
#: order-one sum, is lost when it is added.
FLOAT32_RESOLUTION = 2.0**-24


def _by_lag(norms: dict[int, float]) -> list[float]:
    return [norms[lag] for lag in sorted(norms)]


def _drop(norms: dict[int, float]) -> float:
    """How much the gradient falls from the shortest to the longest lag measured."""
    values = _by_lag(norms)
    return values[0] / values[-1]


# --- The summary ------------------------------------------------------------------------------

@claim("grad-summary-trace-sign", says="in the three-step scalar trace, detaching h_2 changes "
       "the sign of dL/db")
def cut_changes_sign(full: float, cut: float) -> bool:
    return full * cut < 0


@claim("grad-summary-nonnormal", says="a matrix with spectral radius below one amplifies: "
       "some power has a norm above one")
def nonnormal_amplifies(radius: float, norms: list[float]) -> bool:
    return radius < 1 < max(norms[1:])


@claim("grad-summary-lag-falls", says="in the fresh vanilla RNN the gradient reaching the "
       "first input fell at each longer lag measured")
def falls_with_every_lag(norms: dict[int, float]) -> bool:
    values = _by_lag(norms)
    return len(values) > 1 and all(b < a for a, b in pairwise(values))


@claim("grad-summary-orth-fall", says="the orthogonal recurrent matrix fell by a smaller "
       "factor over the lags than the default one")
def orthogonal_falls_less(default: dict[int, float], orthogonal: dict[int, float]) -> bool:
    return sorted(default) == sorted(orthogonal) and _drop(orthogonal) < _drop(default)


@claim("grad-summary-orth-spread", says="training took the orthogonal W_hh (all singular "
       "values one) to singular values on both sides of one")
def training_spreads(before: list[float], after: list[float], *, tolerance: float = 1e-6
                     ) -> bool:
    orthogonal = all(abs(s - 1) < tolerance for s in before)
    return orthogonal and min(after) < 1 - tolerance and max(after) > 1 + tolerance


@claim("grad-summary-saturation", says="the saturated recurrence (w = 2) keeps its value and "
       "loses its sensitivity below float32 resolution")
def saturation_keeps_value_kills_gradient(values: list[float], sensitivity: list[float]
                                          ) -> bool:
    kept = abs(values[-1]) >= abs(values[0])
    return kept and abs(sensitivity[-1]) < FLOAT32_RESOLUTION


# --- Headline claims of the body --------------------------------------------------------------

@claim("bptt-lag-rounding", says="the lag-1 gradient is of order one and the lag-60 gradient "
       "is below float32 rounding when added to it")
def below_float32_rounding(norms: dict[int, float]) -> bool:
    first, last = _by_lag(norms)[0], _by_lag(norms)[-1]
    order_one = 0.1 <= first <= 10
    lost = np.float32(first) + np.float32(last) == np.float32(first)
    return bool(order_one and first / last > 1 / FLOAT32_RESOLUTION and lost)


@claim("bptt-orth-gain", says="at the longest lag the orthogonal network gets orders of "
       "magnitude (at least 100 times) more gradient, and its own gradient still decays")
def orthogonal_gain(default: dict[int, float], orthogonal: dict[int, float]) -> bool:
    longest = max(default)
    gain = orthogonal[longest] >= 100 * default[longest]
    return gain and orthogonal[longest] < orthogonal[min(orthogonal)]


@claim("bptt-clip-large-lr", says="at the larger learning rate the unclipped run stops being "
       "finite, while the clipped run stays finite for every step and ends below a fifth of "
       "its starting loss")
def clipping_rescues(unclipped: tuple[list[float], list[float]],
                     clipped: tuple[list[float], list[float]], *, steps: int) -> bool:
    def finite(run):
        losses, norms = run
        return len(losses) == steps and all(map(math.isfinite, [*losses, *norms]))

    losses = clipped[0]
    return not finite(unclipped) and finite(clipped) and losses[-1] < losses[0] / 5


# --- A claim over Chapter 3's records ---------------------------------------------------------

@claim("grad-rnn-some-learn", says="the vanilla RNNs that Chapter 3 followed through training "
       "learned the eighty-step memory test on some seeds and not on others",
       studies=("memory-test-dynamics",))
def some_vanilla_seeds_learn(records: list[dict], *, length: int = 80) -> bool:
    vanilla = [r for r in records if r["config"]["contender"] == "vanilla RNN"]
    learned = [r["scores"]["test_accuracy"] >= SOLVED for r in vanilla]
    right_task = all(r["config"]["length"] == length for r in vanilla)
    return bool(vanilla) and right_task and any(learned) and not all(learned)
