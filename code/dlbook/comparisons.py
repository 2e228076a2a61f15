"""Comparisons of success rates that pair by seed, and families of comparisons.

When a seed fixes what two contenders saw (the same data, say), their runs pair by seed: a
difference between them then comes from the contenders, not from the draws. Two questions
are asked of such pairs:

- how large the difference of the two success rates is: the paired difference with
  Newcombe's hybrid score interval for paired data (Newcombe, 1998b, method 10), built from
  the two Wilson intervals and the correlation of the pairs;
- whether the seeds on which the two disagree lean one way: McNemar's exact test.

:func:`paired_rates` answers both from two maps of seed to success. A chapter that reads
several comparisons at once corrects their p-values with Holm's step-down method (Holm,
1979). Unpaired rates and means are :mod:`dlbook.stats`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from dlbook.stats import CONFIDENCE, Difference, _count, _finite, wilson_interval

#: The most discordant pairs McNemar's exact test sums over (in integers: about a second).
MAX_DISCORDANT = 10**5


@dataclass(frozen=True)
class McNemar:
    """McNemar's exact test on paired outcomes: ``first_only`` pairs in which only the first
    setting succeeded, ``second_only`` in which only the second did (McNemar's b and c), and
    the two-sided ``p``."""

    first_only: int
    second_only: int
    p: float


def mcnemar_test(first_only: int, second_only: int) -> McNemar:
    """McNemar's exact test (McNemar, 1947) that two settings succeed equally often on pairs.

    Only the discordant pairs carry evidence. If the settings are alike, each of them favours
    either setting with probability 1/2, so the smaller count is binomial with
    ``first_only + second_only`` trials and p = 1/2; the two-sided p-value doubles its tail,
    capped at 1 (with no discordant pair it is 1). The sum runs in integers, so it is exact.
    """
    b, c = _count("first_only", first_only), _count("second_only", second_only)
    if b + c > MAX_DISCORDANT:  # the exact sum grows with the square of the count
        raise ValueError(f"first_only + second_only is {b + c:,} discordant pairs; the exact "
                         f"test sums at most {MAX_DISCORDANT:,}: use McNemar's chi-square test")
    n, term, tail = b + c, 1, 1
    for k in range(min(b, c)):  # C(n, k + 1) from C(n, k), exactly
        term = term * (n - k) // (k + 1)
        tail += term
    return McNemar(b, c, min(1.0, 2 * tail / 2**n))


def paired_rate_difference(both: int, first_only: int, second_only: int, neither: int, *,
                           confidence: float = CONFIDENCE) -> Difference:
    """The difference of two success rates measured on the same ``n`` pairs, with Newcombe's
    hybrid score interval for paired data (Newcombe, 1998b, method 10).

    The four counts are the paired table: pairs in which both settings succeeded, only the
    first, only the second, neither. The estimate is ``d = (first_only - second_only) / n``.
    Each rate keeps its Wilson interval, ``(l1, u1)`` and ``(l2, u2)``, and the two combine as
    in :func:`rate_difference`, less the part the pairing explains (``phi``, the correlation
    of a pair's two outcomes):

        d - sqrt((p1 - l1)^2 - 2 phi (p1 - l1) (u2 - p2) + (u2 - p2)^2)   to
        d + sqrt((u1 - p1)^2 - 2 phi (u1 - p1) (p2 - l2) + (p2 - l2)^2).
    """
    cells = [_count(name, value) for name, value in (
        ("both", both), ("first_only", first_only), ("second_only", second_only),
        ("neither", neither))]
    both, first_only, second_only, neither = cells
    n = sum(cells)
    if n == 0:
        raise ValueError("both, first_only, second_only and neither count no pair; need one")
    p1, p2 = (both + first_only) / n, (both + second_only) / n
    l1, u1 = wilson_interval(both + first_only, n, confidence=confidence)
    l2, u2 = wilson_interval(both + second_only, n, confidence=confidence)
    phi = _paired_phi(both, first_only, second_only, neither)
    # Rounding can take these a hair below zero when phi is near 1.
    below = math.sqrt(max(0.0, (p1 - l1)**2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2)**2))
    above = math.sqrt(max(0.0, (u1 - p1)**2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2)**2))
    estimate = (first_only - second_only) / n  # the bounds stay in [-1, 1] but for rounding
    return Difference(estimate, max(-1.0, estimate - below), min(1.0, estimate + above), n)


def _paired_phi(both: int, first_only: int, second_only: int, neither: int) -> float:
    """The phi coefficient of a paired table with Newcombe's (1998b) correction: a positive
    ``both * neither - first_only * second_only`` shrinks by n/2 (not below 0), which keeps
    the interval from narrowing too far; 0 when a margin is empty and phi is undefined."""
    margins = (both + first_only, second_only + neither, both + second_only, first_only + neither)
    if 0 in margins:
        return 0.0
    association = both * neither - first_only * second_only
    if association > 0:
        association = max(0.0, association - (both + first_only + second_only + neither) / 2)
    return association / (math.sqrt(margins[0] * margins[1]) * math.sqrt(margins[2] * margins[3]))


@dataclass(frozen=True)
class PairedRates(Difference):
    """First minus second success rate over the same seeds (a :class:`Difference`, paired),
    with the seeds on which they disagree and McNemar's exact ``p`` for them."""

    first_only: int
    second_only: int
    p: float


def paired_rates(first: Mapping[int, bool], second: Mapping[int, bool], *,
                 confidence: float = CONFIDENCE) -> PairedRates:
    """Compare two contenders' successes seed by seed: ``first`` and ``second`` map each seed
    to whether that run succeeded, and must hold the same seeds.

    Pair only when a seed fixes what both contenders saw (the same data, say): the
    difference then comes from the contenders, not from the draws. Returns the paired
    difference with Newcombe's interval (:func:`paired_rate_difference`), the counts of seeds
    on which only one succeeded, and McNemar's exact p (:func:`mcnemar_test`).
    """
    for name, outcomes in (("first", first), ("second", second)):
        if not isinstance(outcomes, Mapping):
            raise TypeError(f"{name} must map each seed to its success (a dict seed -> bool), "
                            f"got {type(outcomes).__name__}")
        if not all(isinstance(v, bool | np.bool_) for v in outcomes.values()):
            raise TypeError(f"{name} must map seeds to bools (did the run succeed?), got "
                            f"{dict(outcomes)!r:.80}; pass score >= threshold")
    if first.keys() != second.keys():  # an unmatched seed has nothing to pair with
        raise ValueError(f"first and second must hold the same seeds to pair them; only in "
                         f"first: {sorted(first.keys() - second.keys(), key=repr)}, only in "
                         f"second: {sorted(second.keys() - first.keys(), key=repr)}")
    if not first:
        raise ValueError("first and second hold no seed; pass at least one")
    pairs = [(bool(first[seed]), bool(second[seed])) for seed in first]
    counts = [sum(pair == outcome for pair in pairs)
              for outcome in ((True, True), (True, False), (False, True), (False, False))]
    difference = paired_rate_difference(*counts, confidence=confidence)
    test = mcnemar_test(counts[1], counts[2])
    return PairedRates(difference.estimate, difference.low, difference.high, difference.n,
                       test.first_only, test.second_only, test.p)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values for a family of comparisons (Holm, 1979), in the
    order given.

    Sorted from the smallest, the k-th of m p-values (k from 0) is multiplied by m - k; each
    adjusted value is the largest such product up to its own, capped at 1. A comparison is
    significant at level alpha, for the family as a whole, when its adjusted p is at most
    alpha: exactly the comparisons Holm's procedure rejects.
    """
    values = _finite(p_values, "p_values")
    if not all(0 <= v <= 1 for v in values):
        raise ValueError(f"p_values must be probabilities in [0, 1], got {values!r:.80}")
    adjusted, running = [0.0] * len(values), 0.0
    for rank, index in enumerate(sorted(range(len(values)), key=values.__getitem__)):
        running = max(running, min(1.0, (len(values) - rank) * values[index]))
        adjusted[index] = running
    return adjusted
