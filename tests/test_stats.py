"""Intervals over seeds: the Wilson interval and the difference of two rates against
published values, the bootstrap against exact and large-sample answers, the paired t
interval against its textbook formula and quantiles, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from contract import hard_limit
from dlbook._student_t import LARGE_DF
from dlbook.stats import (
    CONFIDENCE,
    Difference,
    Mean,
    Rate,
    bootstrap_mean,
    paired_difference,
    rate_difference,
    success_rate,
    t_mean,
    t_quantile,
    welch_difference,
    wilson_interval,
)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
# Medicine 17, 857-872, Table II, method 3 (the Wilson score interval), to four decimals.
@pytest.mark.parametrize("successes, n, low, high", [
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombes_table(successes, n, low, high):
    got = wilson_interval(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize("n", [1, 5, 10, 20, 120])
def test_wilson_at_zero_and_all_successes_has_closed_forms(n):
    z2 = 1.959963984540054**2
    assert wilson_interval(0, n) == (0.0, pytest.approx(z2 / (n + z2)))
    assert wilson_interval(n, n) == (pytest.approx(n / (n + z2)), 1.0)


def test_wilson_is_symmetric_and_narrows_with_more_seeds():
    low, high = wilson_interval(3, 10)
    assert wilson_interval(7, 10) == pytest.approx((1 - high, 1 - low))
    assert np.diff(wilson_interval(30, 100)) < np.diff(wilson_interval(3, 10))
    assert np.diff(wilson_interval(3, 10, confidence=0.8)) < np.diff(wilson_interval(3, 10))


def test_success_rate_counts_scores_at_or_above_the_threshold():
    rate = success_rate([0.9, 0.95, 0.25, 0.899, 1.0], threshold=0.9)
    assert (rate.successes, rate.n, rate.rate) == (3, 5, 0.6)
    assert (rate.low, rate.high) == wilson_interval(3, 5)


def test_bootstrap_of_two_values_is_the_exact_percentile_interval():
    # The resampled means of [0, 1] are 0, 0.5 and 1 with probabilities 1/4, 1/2 and 1/4,
    # so the 2.5% and 97.5% quantiles are exactly 0 and 1.
    result = bootstrap_mean([0.0, 1.0])
    assert (result.mean, result.low, result.high) == (0.5, 0.0, 1.0)


def test_bootstrap_of_a_constant_is_a_point_and_is_reproducible():
    point = bootstrap_mean([2.5] * 5)
    assert (point.low, point.mean, point.high) == (2.5, 2.5, 2.5)
    values = [0.3, 0.9, 0.4, 0.7, 0.2]
    assert bootstrap_mean(values, seed=3) == bootstrap_mean(values, seed=3)


def test_bootstrap_on_a_large_normal_sample_is_close_to_the_normal_interval():
    data = np.random.default_rng(1).normal(size=2000)
    result = bootstrap_mean(data)
    half = 1.959964 * data.std(ddof=1) / math.sqrt(len(data))
    assert result.low == pytest.approx(data.mean() - half, abs=0.1 * half)
    assert result.high == pytest.approx(data.mean() + half, abs=0.1 * half)


def rate(successes: int, n: int) -> Rate:
    return Rate(successes, n, 0.9, *wilson_interval(successes, n))


# Newcombe (1998), "Interval estimation for the difference between independent proportions:
# comparison of eleven methods", Statistics in Medicine 17, 873-890, Table II, method 10
# (the hybrid score interval), to four decimals.
@pytest.mark.parametrize("first, second, low, high", [
    ((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090),
    ((6, 7), (2, 7), 0.0582, 0.8062), ((5, 56), (0, 29), -0.0381, 0.1926),
    ((0, 10), (0, 20), -0.1611, 0.2775), ((10, 10), (0, 20), 0.6791, 1.0),
])
def test_rate_difference_matches_newcombes_table(first, second, low, high):
    difference = rate_difference(rate(*first), rate(*second))
    assert difference.estimate == pytest.approx(first[0] / first[1] - second[0] / second[1])
    assert (round(difference.low, 4), round(difference.high, 4)) == (low, high)


def test_a_difference_leads_only_when_its_interval_excludes_zero():
    assert rate_difference(rate(9, 10), rate(3, 10)).lead == 1
    assert rate_difference(rate(3, 10), rate(9, 10)).lead == -1
    tie = rate_difference(rate(5, 56), rate(0, 29))  # ahead on the estimate, yet a tie
    assert tie.estimate > 0 and tie.lead == 0
    assert Difference(0.1, -0.01, 0.2, 3).lead == 0 and Difference(-0.1, -0.2, -1e-9, 3).lead == -1


def test_rate_difference_refuses_rates_at_other_thresholds_or_other_types():
    with pytest.raises(ValueError, match="different thresholds"):
        rate_difference(rate(1, 2), Rate(1, 2, 0.5, *wilson_interval(1, 2)))
    with pytest.raises(TypeError, match="must be a Rate"):
        rate_difference(0.5, rate(1, 2))


# Student's t quantiles, from any printed table (two-sided 95%).
@pytest.mark.parametrize("df, quantile", [(1, 12.7062), (2, 4.3027), (4, 2.7764),
                                          (9, 2.2622), (19, 2.0930), (30, 2.0423)])
def test_t_quantile_matches_the_table(df, quantile):
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=5e-5)
    assert t_quantile(0.025, df) == pytest.approx(-quantile, abs=5e-5)


def test_paired_difference_is_the_t_interval_of_the_per_seed_differences():
    first, second = [1.50, 1.48, 1.47, 1.49, 1.52], [1.45, 1.47, 1.44, 1.47, 1.49]
    diffs = np.array(first) - np.array(second)
    result = paired_difference(first, second)
    half = 2.7764 * diffs.std(ddof=1) / math.sqrt(5)
    assert result.estimate == pytest.approx(diffs.mean())
    assert result.low == pytest.approx(diffs.mean() - half, abs=1e-4)
    assert result.high == pytest.approx(diffs.mean() + half, abs=1e-4)
    assert result.n == 5 and result.lead == 1
    # the pairing matters: a shared seed effect that an unpaired view would see as noise
    noisy = paired_difference([1.0, 2.0, 3.0], [0.9, 1.9, 2.9])
    assert noisy.lead == 1 and noisy.high - noisy.low == pytest.approx(0.0, abs=1e-9)
    assert paired_difference([1.0, 1.2, 0.9], [1.1, 1.0, 1.0]).lead == 0


def test_welch_difference_matches_its_textbook_formula():
    first, second = [1.50, 1.48, 1.47], [1.45, 1.47, 1.44, 1.47, 1.49]
    va, vb = np.var(first, ddof=1) / 3, np.var(second, ddof=1) / 5
    df = (va + vb) ** 2 / (va ** 2 / 2 + vb ** 2 / 4)
    result = welch_difference(first, second)
    half = t_quantile(0.975, df) * math.sqrt(va + vb)
    assert result.estimate == pytest.approx(np.mean(first) - np.mean(second))
    assert (result.low, result.high) == pytest.approx((result.estimate - half,
                                                       result.estimate + half))
    assert result.n == 3 and result.lead == 0
    # a fractional df sits between the neighbouring integer quantiles
    assert t_quantile(0.975, 4) > t_quantile(0.975, 4.5) > t_quantile(0.975, 5)
    assert welch_difference([2.0, 2.1, 2.05], [1.0, 1.1, 1.05]).lead == 1


@pytest.mark.parametrize("call, message", [
    (lambda: welch_difference([1.0], [1.0, 2.0]), "at least 2 values"),
    (lambda: paired_difference([1.0, 2.0], [1.0]), "one value per seed"),
    (lambda: paired_difference([1.0], [1.0]), "at least 2 seeds"),
    (lambda: t_quantile(0.975, 0), "df"),
    (lambda: t_quantile(1.0, 3), "probability"),
    (lambda: wilson_interval(3, 0), "n > 0"),
    (lambda: wilson_interval(4, 3), "successes <= n"),
    (lambda: wilson_interval(-1, 3), "non-negative"),
    (lambda: wilson_interval(True, 3), "non-negative int"),
    (lambda: wilson_interval(1, 3, confidence=1.0), "confidence"),
    (lambda: success_rate([], threshold=0.9), "non-empty"),
    (lambda: success_rate([0.5, float("nan")], threshold=0.9), "finite"),
    (lambda: bootstrap_mean([1.0], resamples=0), "resamples"),
    (lambda: bootstrap_mean([1.0], confidence=0), "confidence"),
])
def test_bad_input_is_refused_with_a_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# -- issue 22, item 13: silent wrong answers and numpy integers ---------------------------

@pytest.mark.parametrize("threshold", [float("nan"), "0.9", None, True])
def test_success_rate_refuses_a_threshold_that_is_not_a_number(threshold):
    # NaN used to count 0 successes, whatever the scores
    with pytest.raises((ValueError, TypeError), match="threshold"):
        success_rate([0.5, 0.95], threshold=threshold)


@pytest.mark.parametrize("scores", [["0.5", "0.95"], [0.5, "0.95"], "0.5", [0.5, True]])
def test_the_stats_refuse_scores_that_are_not_numbers(scores):
    # strings used to be converted by float(), so a column read as text passed unnoticed
    with pytest.raises(TypeError, match="scores"):
        success_rate(scores, threshold=0.9)
    with pytest.raises(TypeError, match="values"):
        bootstrap_mean(scores)


def test_numpy_numbers_are_numbers():
    counts = np.array([3, 5, 10_000, 7])
    assert wilson_interval(counts[0], counts[1]) == wilson_interval(3, 5)
    assert bootstrap_mean(np.array([0.2, 0.9, 0.4]), resamples=counts[2], seed=counts[3]) == (
        bootstrap_mean([0.2, 0.9, 0.4], resamples=10_000, seed=7))
    scores = np.array([0.5, 0.95, 0.97], dtype=np.float32)
    assert success_rate(scores, threshold=np.float64(0.9)).successes == 2
    assert success_rate(np.array([1, 0, 1]), threshold=1).successes == 2


def test_bootstrap_refuses_a_resample_count_that_would_not_return():
    with hard_limit(10), pytest.raises(ValueError, match=r"resamples=1000000000.*at most"):
        bootstrap_mean([1.0, 2.0, 3.0], resamples=10**9)
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_mean(list(range(10_000)), resamples=100_000)  # 10**9 draws in all
    with pytest.raises(ValueError, match="seed"):
        bootstrap_mean([1.0, 2.0], seed=True)


def test_welch_survives_variances_whose_squares_underflow():
    # found by the property suite: variances near 1e-168 squared to 0, and df was 0 / 0
    result = welch_difference([0.0, 1e-84], [0.0, 1e-84])
    assert result.estimate == 0.0 and result.low <= 0.0 <= result.high and result.lead == 0


def test_the_comparisons_name_the_argument_they_refuse():
    # found by the property suite: these messages named neither first nor second
    with pytest.raises(ValueError, match="first and second count successes at different"):
        rate_difference(rate(1, 2), Rate(1, 2, 0.5, *wilson_interval(1, 2)))
    with pytest.raises(ValueError, match="first and second need at least 2 values each"):
        welch_difference([1.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="first and second need at least 2 seeds each"):
        paired_difference([1.0], [1.0])


def test_t_mean_of_one_to_five_by_hand():
    # mean 3, standard deviation sqrt(2.5), t quantile 2.7764451 at 4 degrees of freedom
    found = t_mean([1, 2, 3, 4, 5])
    half = 2.7764451051977987 * math.sqrt(2.5) / math.sqrt(5)
    assert (found.mean, found.n) == (3.0, 5)
    assert (found.low, found.high) == pytest.approx((3 - half, 3 + half), rel=1e-9)


def test_t_mean_is_wider_than_the_bootstrap_with_few_seeds_and_needs_two():
    values = [1.47, 1.45, 1.49]
    assert t_mean(values).high - t_mean(values).low > (
        bootstrap_mean(values).high - bootstrap_mean(values).low)
    with pytest.raises(ValueError, match="at least 2 values"):
        t_mean([1.5])


# -- issue 34: wrong answers at the edges of the floats --------------------------------------

Z975 = 1.959963984540054  # the normal 97.5% quantile, from any printed table: 1.959964


# Student's t at larger df, from a printed table to three decimals (two-sided 95%; for
# example the "Table of the upper percentage points of the Student's t distribution" of
# astarmathsandphysics.com's statistical reference tables).
@pytest.mark.parametrize("df, quantile", [(40, 2.021), (60, 2.000), (100, 1.984)])
def test_t_quantile_matches_the_table_at_larger_df(df, quantile):
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=5e-4)


@pytest.mark.parametrize("df", [1e6, 1e10, 1e15, 1e16, 1e20, 1e300])
def test_t_quantile_tends_to_the_normal_quantile_as_df_grows(df):
    # 1e15 gave 1.71, 1e16 gave 1.0 and 1e20 gave 90.5: df / (df + t^2) rounded to 1
    # t = z + (z^3 + z) / (4 df) + O(1 / df^2) (Abramowitz and Stegun 26.7.5)
    first_term = (Z975**3 + Z975) / 4 / df
    assert t_quantile(0.975, df) == pytest.approx(Z975 + first_term, abs=1e-14 + first_term**2)
    assert t_quantile(1 - 0.975, df) == -t_quantile(0.975, df)


def test_t_quantile_falls_towards_the_normal_quantile_across_its_two_methods():
    # bisection up to LARGE_DF degrees of freedom, the large-df expansion above it
    dfs = [100, 1e3, 1e4, LARGE_DF / 2, LARGE_DF, LARGE_DF * (1 + 1e-9), 2 * LARGE_DF, 1e8]
    quantiles = [t_quantile(0.975, df) for df in dfs]
    # at the seam the two agree to about 1e-11, far below any digit the book prints
    assert all(a > b * (1 - 1e-10) for a, b in zip(quantiles, quantiles[1:], strict=False))
    assert quantiles[-1] == pytest.approx(Z975, abs=1e-7)


@pytest.mark.parametrize("probability", [1e-300, 1e-100, 1e-10, 0.01, 0.3])
def test_t_quantile_deep_in_the_tail_matches_the_closed_forms(probability):
    # t_quantile(1e-300, 5) reported "probability must lie in (0, 1), got 1.0": it turned
    # the tail around through 1 - 1e-300, which rounds to 1. With 1 and 2 degrees of freedom
    # the quantile has a closed form: tan(pi (p - 1/2)) and (2p - 1) / sqrt(2 p (1 - p)).
    assert t_quantile(probability, 1) == pytest.approx(
        -1 / math.tan(math.pi * probability), rel=1e-9)
    assert t_quantile(probability, 2) == pytest.approx(
        (2 * probability - 1) / math.sqrt(2 * probability * (1 - probability)), rel=1e-9)


def test_t_quantile_beyond_the_floats_names_the_probability_the_caller_passed():
    assert t_quantile(1e-300, 5) < t_quantile(1e-100, 5) < t_quantile(0.025, 5) < 0
    with pytest.raises(ValueError, match=r"probability=5e-324 is too close to 0 or 1"):
        t_quantile(5e-324, 1)  # the quantile is about 6e322
    assert t_quantile(0.5, 7) == 0.0


def test_rate_difference_refuses_rates_made_at_different_confidence_levels():
    wide, narrow = (success_rate([0.95, 0.2, 0.97], threshold=0.9, confidence=c)
                    for c in (0.95, 0.8))
    assert (wide.confidence, narrow.confidence) == (0.95, 0.8)
    with pytest.raises(ValueError, match="first and second carry intervals at different "
                                         "confidence levels"):
        rate_difference(wide, narrow)
    assert rate(3, 4).confidence == CONFIDENCE  # a Rate built by hand is at the book's level


def test_means_of_the_largest_floats_do_not_overflow():
    # the sum of two 1e308 is inf: bootstrap_mean returned inf, t_mean raised an
    # OverflowError from fsum, welch_difference one from the variance
    assert bootstrap_mean([1e308, 1e308]) == Mean(1e308, 2, 1e308, 1e308)
    assert t_mean([1.7e308] * 2) == Mean(1.7e308, 2, 1.7e308, 1.7e308)
    assert welch_difference([1.7e308] * 2, [1.7e308] * 2) == Difference(0.0, 0.0, 0.0, 2)
    assert bootstrap_mean([1e308, 1e308, -1e308, -1e308]).mean == 0.0


def test_intervals_beyond_the_floats_are_refused_by_name():
    with pytest.raises(ValueError, match="values are too large"):
        t_mean([1.7e308, -1.7e308])  # half the interval is about 1.5e309
    with pytest.raises(ValueError, match="first and second differ by more than the largest"):
        paired_difference([1.7e308, 1e308], [-1.7e308, 0.0])
    with pytest.raises(ValueError, match="first and second are too large"):
        welch_difference([1.7e308, -1.7e308], [0.0, 1.0])
