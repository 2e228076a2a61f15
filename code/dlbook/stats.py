"""Intervals for what a study measured over seeds: a rate, a mean, and their differences.

A seed is one draw of everything random in a run (data, initial weights, minibatch order),
so the runs of a configuration are independent repetitions of one random experiment. Two
summaries serve the book, and two comparisons of them:

- how often a recipe succeeds: the fraction of seeds whose score clears a stated threshold,
  with a Wilson score interval (Wilson, 1927), which, unlike the textbook normal
  approximation, stays inside [0, 1] and does not collapse to a point at 0 or n successes;
- how large a continuous score is: its mean over seeds, with a percentile bootstrap interval
  (Efron and Tibshirani, 1993), which assumes no distribution for the scores. With five seeds
  it is rough, and narrower than it should be; the book says so where it uses one;
- whether two settings' rates differ: the difference of the rates with Newcombe's hybrid
  score interval (Newcombe, 1998, method 10), built from the two Wilson intervals;
- whether two settings' means differ when seed ``i`` of both shares its draws: the mean of
  the per-seed differences with a Student t interval over the seeds; when the seeds do not
  pair, the difference of the means with Welch's t interval.

Rates that pair by seed, and families of comparisons, are :mod:`dlbook.comparisons`.

A comparison claims a lead only when its interval excludes zero; otherwise the two tie
(:attr:`Difference.lead` is 0), and the book's prose says so.
"""

from __future__ import annotations

import math
import numbers
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dlbook._student_t import t_quantile, t_two_sided_p  # the chapters import them here

#: The confidence level of every interval the book reports.
CONFIDENCE = 0.95
#: The most bootstrap draws (resamples times values) one call makes: 400 MB of indices.
MAX_DRAWS = 5 * 10**7


def _count(name: str, value: object, *, low: int = 0) -> int:
    """An int >= ``low``; a numpy integer counts, a bool does not."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be {'a non-negative' if low == 0 else 'a positive'} "
                         f"int, got {value!r}")
    return int(value)


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
    successes, n = _count("successes", successes), _count("n", n)
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
    """``successes`` of ``n`` seeds cleared ``threshold``; ``low``-``high`` is the interval at
    level ``confidence``."""

    successes: int
    n: int
    threshold: float
    low: float
    high: float
    confidence: float = CONFIDENCE

    @property
    def rate(self) -> float:
        return self.successes / self.n


def success_rate(scores: Sequence[float], *, threshold: float,
                 confidence: float = CONFIDENCE) -> Rate:
    """How many ``scores`` are at least ``threshold``, with a Wilson interval for the rate."""
    values = _finite(scores, "scores")
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real) or not (
            math.isfinite(threshold)):  # NaN would count no success, whatever the scores
        raise ValueError(f"threshold must be a finite number, got {threshold!r}")
    threshold = float(threshold)
    successes = sum(v >= threshold for v in values)
    low, high = wilson_interval(successes, len(values), confidence=confidence)
    return Rate(successes, len(values), threshold, low, high, float(confidence))


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` values and an interval ``low``-``high`` for it (bootstrap or t)."""

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
    scaled, exponent = _scaled(_finite(values, "values"))
    data = np.array(scaled, dtype=np.float64)
    resamples = _count("resamples", resamples, low=1)
    if resamples * len(data) > MAX_DRAWS:  # the draws are held at once: this would not return
        raise ValueError(f"resamples={resamples} of {len(data)} values is {resamples * len(data):,}"
                         f" draws; at most {MAX_DRAWS:,} fit in memory: pass resamples at most "
                         f"{MAX_DRAWS // len(data):,} (the default, 10,000, is plenty)")
    tail = (1 - _check_confidence(confidence)) / 2
    rng = np.random.default_rng(_count("seed", seed))
    draws = rng.integers(0, len(data), size=(resamples, len(data)))
    means = data[draws].mean(axis=1)
    low, high = np.quantile(means, [tail, 1 - tail], method="inverted_cdf")
    mean, low, high = (_unscaled(float(v), exponent, "values") for v in (data.mean(), low, high))
    return Mean(mean, len(data), low, high)


def t_mean(values: Sequence[float], *, confidence: float = CONFIDENCE) -> Mean:
    """The mean of ``values`` (one per seed) with a Student t interval, which stays honest
    with few seeds, where a bootstrap's interval is too narrow. Needs at least two values."""
    data, exponent = _scaled(_finite(values, "values"))
    if len(data) < 2:
        raise ValueError(f"values must hold at least 2 values for an interval, got {len(data)}")
    mean = statistics.fmean(data)
    half = (t_quantile(0.5 + _check_confidence(confidence) / 2, len(data) - 1)
            * statistics.stdev(data) / math.sqrt(len(data)))
    mean, low, high = (_unscaled(v, exponent, "values") for v in (mean, mean - half, mean + half))
    return Mean(mean, len(data), low, high)


@dataclass(frozen=True)
class Difference:
    """``estimate`` = first minus second, with the interval ``low``-``high`` for it."""

    estimate: float
    low: float
    high: float
    n: int  # seeds per setting (paired), or the smaller of the two settings' seed counts

    @property
    def lead(self) -> int:
        """+1 when the first is higher (the interval lies above 0), -1 when the second is,
        0 when the interval includes 0: a tie, whatever the estimate's sign."""
        return 1 if self.low > 0 else -1 if self.high < 0 else 0


def rate_difference(first: Rate, second: Rate) -> Difference:
    """``first.rate - second.rate`` with Newcombe's hybrid score interval (method 10).

    Each rate keeps its own Wilson interval ``(l, u)``; the difference's interval is
    ``d - sqrt((p1 - l1)^2 + (u2 - p2)^2)`` to ``d + sqrt((u1 - p1)^2 + (p2 - l2)^2)``, at
    the level of the two Wilson intervals. Both rates must use one confidence level (the
    book's :data:`CONFIDENCE`) and one threshold.
    """
    for name, rate in (("first", first), ("second", second)):
        if not isinstance(rate, Rate):
            raise TypeError(f"{name} must be a Rate (from success_rate), got "
                            f"{type(rate).__name__}")
    if first.threshold != second.threshold:
        raise ValueError(f"first and second count successes at different thresholds "
                         f"({first.threshold} and {second.threshold}); compare like with like")
    if first.confidence != second.confidence:  # the combined interval would have no level
        raise ValueError(f"first and second carry intervals at different confidence levels "
                         f"({first.confidence} and {second.confidence}); make both rates with "
                         f"one confidence")
    p1, p2 = first.rate, second.rate
    below = math.hypot(p1 - first.low, second.high - p2)
    above = math.hypot(first.high - p1, p2 - second.low)
    return Difference(p1 - p2, p1 - p2 - below, p1 - p2 + above, min(first.n, second.n))


def _seed_differences(first: Sequence[float], second: Sequence[float]) -> list[float]:
    """``first[i] - second[i]`` for every seed, refused unless both hold the same number of
    finite values, at least two: what the paired interval and the paired test both read."""
    a, b = _finite(first, "first"), _finite(second, "second")
    if len(a) != len(b):
        raise ValueError(f"first and second must hold one value per seed each, got {len(a)} "
                         f"and {len(b)} values")
    if len(a) < 2:
        raise ValueError(f"first and second need at least 2 seeds each for a paired interval, "
                         f"got {len(a)}")
    differences = [x - y for x, y in zip(a, b, strict=True)]
    if not all(math.isfinite(v) for v in differences):
        raise ValueError("first and second differ by more than the largest float on some seed; "
                         "rescale both (divide by a power of ten)")
    return differences


def paired_difference(first: Sequence[float], second: Sequence[float], *,
                      confidence: float = CONFIDENCE) -> Difference:
    """The mean of ``first[i] - second[i]`` over seeds, with a Student t interval.

    Pair by seed only when seed ``i`` of both settings shares its random draws (the same
    data order, say): the pairing then removes what the seed does to both. Needs at least
    two seeds; with few, the interval is wide, as it should be.
    """
    differences = _seed_differences(first, second)
    diffs = t_mean(differences, confidence=confidence)
    return Difference(diffs.mean, diffs.low, diffs.high, diffs.n)


def paired_p_value(first: Sequence[float], second: Sequence[float]) -> float:
    """The two-sided p of the paired t test of ``first[i] - second[i]`` against zero: the
    test whose confidence interval :func:`paired_difference` gives (it excludes zero at level
    ``c`` exactly when this p is below ``1 - c``), for a correction over a family such as
    :func:`dlbook.comparisons.holm`."""
    differences = _seed_differences(first, second)
    spread = statistics.stdev(differences)
    if spread == 0:
        return 1.0 if statistics.fmean(differences) == 0 else 0.0
    t = statistics.fmean(differences) / (spread / math.sqrt(len(differences)))
    return t_two_sided_p(t, len(differences) - 1)


def welch_difference(first: Sequence[float], second: Sequence[float], *,
                     confidence: float = CONFIDENCE) -> Difference:
    """``mean(first) - mean(second)`` with Welch's t interval, for seeds that do not pair.

    Each setting keeps its own variance; the degrees of freedom follow Welch and
    Satterthwaite (at least 1). Needs at least two seeds per setting.
    """
    a, b = _finite(first, "first"), _finite(second, "second")
    if min(len(a), len(b)) < 2:
        raise ValueError(f"first and second need at least 2 values each for Welch's interval,"
                         f" got {len(a)} and {len(b)}")
    both, exponent = _scaled(a + b)  # one power of two for both: differences keep their sense
    a, b = both[:len(a)], both[len(a):]
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    estimate = statistics.fmean(a) - statistics.fmean(b)
    if va + vb == 0:
        estimate = _unscaled(estimate, exponent, "first and second")
        return Difference(estimate, estimate, estimate, min(len(a), len(b)))
    # (va + vb)^2 / (va^2 / (na - 1) + vb^2 / (nb - 1)), in shares of va + vb: the squares
    # of tiny variances would underflow to 0 / 0
    share = va / (va + vb)
    df = max(1.0, 1 / (share ** 2 / (len(a) - 1) + (1 - share) ** 2 / (len(b) - 1)))
    half = t_quantile(0.5 + _check_confidence(confidence) / 2, df) * math.sqrt(va + vb)
    estimate, low, high = (_unscaled(v, exponent, "first and second")
                           for v in (estimate, estimate - half, estimate + half))
    return Difference(estimate, low, high, min(len(a), len(b)))


def _finite(values: Sequence[float], name: str) -> list[float]:
    """``values`` as floats. Only numbers pass (numpy's too): ``float()`` would read a string
    such as ``"0.9"``, so a column loaded as text would be computed on without a word."""
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of numbers, got {values!r:.80}")
    values = list(values)
    if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values):
        raise TypeError(f"{name} must be a sequence of numbers, got {values!r:.80}")
    values = [float(v) for v in values]
    if not values or not all(math.isfinite(v) for v in values):
        raise ValueError(f"{name} must be a non-empty sequence of finite numbers, "
                         f"got {values!r:.80}")
    return values


def _scaled(values: list[float]) -> tuple[list[float], int]:
    """``values`` divided by 2**exponent, the power of two that brings the largest magnitude
    into [0.5, 1): exact (only the exponents move), and no sum of the results can overflow,
    as the sum of [1e308, 1e308] does. :func:`_unscaled` takes a result back."""
    exponent = math.frexp(max(abs(v) for v in values))[1]
    return [math.ldexp(v, -exponent) for v in values], exponent


def _unscaled(value: float, exponent: int, name: str) -> float:
    """``value * 2**exponent``, refused by name when the result is beyond the largest float."""
    try:
        return math.ldexp(value, exponent)
    except OverflowError:
        raise ValueError(f"{name} are too large: their interval reaches beyond the largest "
                         f"float; rescale them (divide by a power of ten)") from None
