"""Student's t quantile by hand, for the t intervals of :mod:`dlbook.stats`, which exports
:func:`t_quantile` to the chapters."""

from __future__ import annotations

import math
import numbers
import statistics

#: Above this many degrees of freedom t_quantile uses the large-df expansion: its omitted
#: terms are below 1e-12 there, even 1e-300 into the tail, while the incomplete beta
#: function's gamma functions lose more digits the larger df grows.
LARGE_DF = 1e5


def t_quantile(probability: float, df: float) -> float:
    """The ``probability`` quantile of Student's t with ``df`` degrees of freedom (``df`` may
    be fractional, as Welch's is).

    Bisection on the tail probability, which the regularised incomplete beta function gives;
    above :data:`LARGE_DF` degrees of freedom, Fisher and Cornish's expansion of t around the
    normal quantile (Abramowitz and Stegun, 1964, 26.7.5), which tends to it as df grows.
    """
    if isinstance(df, bool) or not isinstance(df, numbers.Real) or not math.isfinite(df) or (
            df < 1):
        raise ValueError(f"df must be a number >= 1, got {df!r}")
    if isinstance(probability, bool) or not isinstance(probability, numbers.Real) or not (
            0 < probability < 1):
        raise ValueError(f"probability must lie in (0, 1), got {probability!r}")
    # Work with the smaller tail: 1 - probability is exact for probability >= 0.5, while a
    # tiny probability such as 1e-300 would round to 1 if it were subtracted from 1.
    tail, sign = (1 - probability, 1.0) if probability > 0.5 else (probability, -1.0)
    if tail == 0.5:
        return 0.0
    df = float(df)
    if df > LARGE_DF:
        return sign * _t_quantile_large_df(tail, df)
    low, high = 0.0, 1.0
    while _t_tail(high, df) > tail:
        high *= 2
        if math.isinf(high):
            raise ValueError(f"probability={probability!r} is too close to 0 or 1: its t "
                             f"quantile at df={df} exceeds the largest float")
    for _ in range(200):  # bisection: the tail is monotone, 200 halvings reach machine precision
        middle = (low + high) / 2
        low, high = (middle, high) if _t_tail(middle, df) > tail else (low, middle)
    return sign * (low + high) / 2


def _t_quantile_large_df(tail: float, df: float) -> float:
    """The t with P(T > t) = ``tail``: the normal quantile z plus Fisher and Cornish's terms in
    1/df up to the fourth (Abramowitz and Stegun 26.7.5)."""
    z = -statistics.NormalDist().inv_cdf(tail)
    terms = ((z**3 + z) / 4,
             (5 * z**5 + 16 * z**3 + 3 * z) / 96,
             (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
             (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(term * (1 / df)**power for power, term in enumerate(terms, start=1))


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom: a two-sided test's p."""
    if not math.isfinite(t) or isinstance(df, bool) or not isinstance(df, numbers.Real) or (
            not math.isfinite(df) or df < 1):
        raise ValueError(f"t must be finite and df a number >= 1, got t={t!r}, df={df!r}")
    return min(1.0, 2 * _t_tail(abs(t), float(df)))


def _t_tail(t: float, df: float) -> float:
    """P(T > t) for t >= 0: half the regularised incomplete beta I_x(df/2, 1/2) at
    x = df / (df + t^2). x and 1 - x go in as logarithms, each computed without cancellation:
    at huge df, x rounds to 1, and at huge t, t^2 overflows."""
    if t == 0:
        return 0.5
    s = t / math.sqrt(df)  # x = 1 / (1 + s^2) and 1 - x = s^2 / (1 + s^2)
    if s > 1:
        log_x, log_y = -2 * math.log(s) - math.log1p(s**-2), -math.log1p(s**-2)
    else:
        log_x, log_y = -math.log1p(s * s), 2 * math.log(s) - math.log1p(s * s)
    return 0.5 * _incomplete_beta(df / 2, 0.5, log_x, log_y)


def _incomplete_beta(a: float, b: float, log_x: float, log_y: float) -> float:
    """The regularised incomplete beta function I_x(a, b), given log x and log(1 - x)
    (continued fraction, Lentz's method)."""
    x = math.exp(log_x)
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast only on this side
        return 1 - _incomplete_beta(b, a, log_y, log_x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * log_x + b * log_y) / a
    tiny, c, d = 1e-300, 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * fraction
