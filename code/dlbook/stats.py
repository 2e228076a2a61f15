"""Intervals for what a study measured over seeds: a success rate, and a mean.

A seed is one draw of everything random in a run (data, initial weights, minibatch order),
so the runs of a configuration are independent repetitions of one random experiment. Two
summaries serve the book:

- how often a recipe succeeds: the fraction of seeds whose score clears a stated threshold,
  with a Wilson score interval (Wilson, 1927), which, unlike the textbook normal
  approximation, stays inside [0, 1] and does not collapse to a point at 0 or n successes;
- how large a continuous score is: its mean over seeds, with a percentile bootstrap interval
  (Efron and Tibshirani, 1993), which assumes no distribution for the scores. With five seeds
  it is rough, and narrower than it should be; the book says so where it uses one.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: The confidence level of every interval the book reports.
CONFIDENCE = 0.95


def _check_confidence(confidence: float) -> float:
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not (
            0 < confidence < 1):
        raise ValueError(f"confidence must be a number in (0, 1), got {confidence!r}")
    return float(confidence)


def wilson_interval(successes: int, n: int, *,
                    confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a success probability after ``successes`` in ``n`` trials.

    It is the set of probabilities ``p`` that a two-sided score test at this level would not
    reject: ``|successes/n - p| <= z * sqrt(p (1 - p) / n)``, solved for ``p``.
    """
    for name, value in (("successes", successes), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a non-negative int, got {value!r}")
    if n == 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n and n > 0, got {successes} of {n}")
    z = statistics.NormalDist().inv_cdf(0.5 + _check_confidence(confidence) / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At 0 or n successes one bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Rate:
    """``successes`` of ``n`` seeds cleared ``threshold``; ``low``-``high`` is the interval."""

    successes: int
    n: int
    threshold: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.n


def success_rate(scores: Sequence[float], *, threshold: float,
                 confidence: float = CONFIDENCE) -> Rate:
    """How many ``scores`` are at least ``threshold``, with a Wilson interval for the rate."""
    values = _finite(scores, "scores")
    successes = sum(v >= threshold for v in values)
    low, high = wilson_interval(successes, len(values), confidence=confidence)
    return Rate(successes, len(values), threshold, low, high)


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` values and a bootstrap interval ``low``-``high`` for it."""

    mean: float
    n: int
    low: float
    high: float


def bootstrap_mean(values: Sequence[float], *, confidence: float = CONFIDENCE,
                   resamples: int = 10_000, seed: int = 0) -> Mean:
    """The mean of ``values`` with a percentile bootstrap interval.

    Draws ``resamples`` samples of the same size with replacement (from a generator seeded
    with ``seed``, so the interval is reproducible) and takes the quantiles of their means.
    """
    data = np.array(_finite(values, "values"), dtype=np.float64)
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a positive int, got {resamples!r}")
    tail = (1 - _check_confidence(confidence)) / 2
    draws = np.random.default_rng(seed).integers(0, len(data), size=(resamples, len(data)))
    means = data[draws].mean(axis=1)
    low, high = np.quantile(means, [tail, 1 - tail], method="inverted_cdf")
    return Mean(float(data.mean()), len(data), float(low), float(high))


def _finite(values: Sequence[float], name: str) -> list[float]:
    values = [float(v) for v in values]
    if not values or not all(math.isfinite(v) for v in values):
        raise ValueError(f"{name} must be a non-empty sequence of finite numbers, "
                         f"got {values!r:.80}")
    return values
