"""Intervals over seeds: the Wilson interval against published values, the bootstrap against
exact and large-sample answers, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dlbook.stats import bootstrap_mean, success_rate, wilson_interval


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


@pytest.mark.parametrize("call, message", [
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
