"""Paired comparisons of rates and families of comparisons (issue 36, item 5): Newcombe's
interval for paired data and McNemar's exact test against published examples, Holm's
adjusted p-values against published ones, the seed-by-seed convenience, and bad input."""

from __future__ import annotations

import math
import statistics
from fractions import Fraction

import numpy as np
import pytest

from dlbook.comparisons import (
    MAX_DISCORDANT,
    McNemar,
    PairedRates,
    holm,
    mcnemar_test,
    paired_rate_difference,
    paired_rates,
)
from dlbook.stats import (
    Difference,
    paired_difference,
    paired_p_value,
    rate_difference,
    success_rate,
    t_quantile,
)

# Newcombe (1998b), "Improved confidence intervals for the difference between binomial
# proportions based on paired data", Statistics in Medicine 17, 2635-2650, Table III, method
# 10, 95% limits for (first_only - second_only) / n, four decimals. The cells are Newcombe's
# (e, f, g, h): both succeed, first only, second only, neither. The paper itself is not in
# reach here; these rows are as transcribed, identically, in several independent published
# test suites (one "checked by hand against the paper's PDF"). One entry, 0.8736 where the
# method gives 0.87367, reads as truncated rather than rounded, hence a tolerance of 1e-4.
NEWCOMBE_TABLE_III = [
    ((36, 12, 2, 0), (0.0569, 0.3404)), ((20, 12, 2, 16), (0.0562, 0.3292)),
    ((18, 12, 2, 18), (0.0562, 0.3290)), ((36, 14, 0, 0), (0.1528, 0.4167)),
    ((35, 14, 0, 1), (0.1461, 0.4175)), ((18, 14, 0, 18), (0.1441, 0.3963)),
    ((2, 97, 1, 0), (0.8721, 0.9854)), ((1, 97, 1, 1), (0.8736, 0.9850)),
    ((0, 29, 1, 0), (0.6666, 0.9882)), ((2, 98, 0, 0), (0.9178, 0.9945)),
    ((1, 98, 0, 1), (0.9171, 0.9916)), ((0, 30, 0, 0), (0.8395, 1.0)),
    ((54, 0, 0, 0), (-0.0664, 0.0664)), ((53, 0, 0, 1), (-0.0729, 0.0729)),
    ((30, 0, 0, 24), (-0.0358, 0.0358)), ((29, 0, 0, 25), (-0.0354, 0.0354)),
    ((27, 0, 0, 27), (-0.0351, 0.0351)),
]


@pytest.mark.parametrize("cells, limits", NEWCOMBE_TABLE_III)
def test_paired_interval_matches_newcombes_table(cells, limits):
    found = paired_rate_difference(*cells)
    assert found.estimate == pytest.approx((cells[1] - cells[2]) / sum(cells))
    assert (found.low, found.high) == pytest.approx(limits, abs=1e-4)
    assert found.n == sum(cells)


def test_paired_interval_matches_fagerland_lydersen_and_laake():
    # Complete response before and after consolidation therapy (Cavo et al., 2012): the
    # paired table [[59, 6], [16, 80]], "Newcombe square-and-add" (Newcombe's method 10),
    # estimate -0.0621, 95% CI -0.1186 to -0.0046. Fagerland, Lydersen and Laake,
    # "Statistical Analysis of Contingency Tables" (2017), chapter 8, as printed by their R
    # package contingencytables (tests/testthat/test-ch8.R).
    found = paired_rate_difference(59, 6, 16, 80)
    assert (round(found.estimate, 4), round(found.low, 4), round(found.high, 4)) == (
        -0.0621, -0.1186, -0.0046)
    assert found.lead == -1


@pytest.mark.parametrize("cells", [cells for cells, _ in NEWCOMBE_TABLE_III[:9]])
def test_swapping_the_settings_mirrors_the_interval(cells):
    both, first_only, second_only, neither = cells
    forward = paired_rate_difference(both, first_only, second_only, neither)
    backward = paired_rate_difference(both, second_only, first_only, neither)
    assert (backward.estimate, backward.low, backward.high) == pytest.approx(
        (-forward.estimate, -forward.high, -forward.low))


def test_without_correlation_the_paired_interval_is_newcombes_for_independent_rates():
    # When a margin is empty, phi is 0 and method 10 reduces to the square-and-add of the two
    # Wilson intervals, which rate_difference computes (checked there against Newcombe's
    # table for independent proportions).
    paired = paired_rate_difference(36, 14, 0, 0)  # the first never fails: a margin is empty
    first = success_rate([1.0] * 50, threshold=0.5)
    second = success_rate([1.0] * 36 + [0.0] * 14, threshold=0.5)
    independent = rate_difference(first, second)
    assert (paired.low, paired.high) == pytest.approx((independent.low, independent.high))


def test_the_pairing_narrows_the_interval_when_the_settings_agree():
    # the same marginal rates, 32 of 50 against 20 of 50, paired with few or many disagreements
    agreeing = paired_rate_difference(20, 12, 0, 18)
    disagreeing = paired_rate_difference(2, 30, 18, 0)
    assert agreeing.estimate == disagreeing.estimate
    assert agreeing.high - agreeing.low < disagreeing.high - disagreeing.low


# McNemar's exact test: the two-sided p-value is "2 * binomcdf(n12, n, 0.5)", 1.0 when the
# discordant counts are equal (Fagerland, Lydersen and Laake, "The McNemar test for binary
# matched-pairs data", BMC Medical Research Methodology 13:91, 2013, supplementary
# material). Their worked example, airway hyper-responsiveness before and after stem cell
# transplantation (Bentur et al., 2009), has 1 and 7 discordant children: 2 * 9 / 256.
@pytest.mark.parametrize("first_only, second_only, p", [
    (1, 7, 2 * Fraction(1 + 8, 2**8)),
    (6, 1, Fraction(1, 8)),  # issue 36: Chrono against LSTM +1, 6 against 1 seeds, p 0.125
    (0, 5, Fraction(2, 2**5)), (0, 0, 1), (5, 5, 1), (4, 5, 1),
])
def test_mcnemar_matches_its_exact_binomial_definition(first_only, second_only, p):
    found = mcnemar_test(first_only, second_only)
    assert found == McNemar(first_only, second_only, float(p))


def test_mcnemar_matches_a_published_calculator():
    # b = 12, c = 5: "p (exact): 0.1435" (stat-tools.xyz, McNemar test, worked example)
    assert round(mcnemar_test(12, 5).p, 4) == 0.1435


def test_mcnemar_is_exact_for_larger_counts_and_refuses_what_would_not_return():
    expected = Fraction(2 * sum(math.comb(300, k) for k in range(121)), 2**300)
    assert mcnemar_test(120, 180).p == float(expected)  # about 6e-4, to the last bit
    assert mcnemar_test(5000, 5000).p == 1.0
    with pytest.raises(ValueError, match="first_only \\+ second_only is 100,001 discordant"):
        mcnemar_test(MAX_DISCORDANT, 1)


# Holm's adjusted p-values for ten raw p-values, as computed by R's multtest
# (mt.rawp2adjp, "Holm"), published in statsmodels' test suite
# (statsmodels/stats/tests/test_multi.py, res_multtest3).
def test_holm_matches_rs_multtest():
    raw = [0.001, 0.002, 0.003, 0.004, 0.005, 0.05, 0.06, 0.07, 0.08, 0.09]
    published = [0.01, 0.018, 0.024, 0.028, 0.03, 0.25, 0.25, 0.25, 0.25, 0.25]
    assert holm(raw) == pytest.approx(published, abs=1e-15)
    assert holm(raw[::-1]) == pytest.approx(published[::-1], abs=1e-15)  # order kept


def test_holm_rejects_what_the_worked_example_rejects():
    # Wikipedia, "Holm-Bonferroni method": four hypotheses with p-values 0.01, 0.04, 0.03 and
    # 0.005 at alpha = 0.05; hypotheses one and four are rejected, two and three are not.
    adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert [p <= 0.05 for p in adjusted] == [True, False, False, True]
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_caps_at_one_and_ties_share_their_adjustment():
    assert holm([0.4, 0.5, 0.9]) == [1.0, 1.0, 1.0]
    assert holm([0.01, 0.01, 0.2]) == pytest.approx([0.03, 0.03, 0.2])
    assert holm([0.0, 1.0]) == [0.0, 1.0]


def seeds(*outcomes: tuple[bool, bool]) -> tuple[dict[int, bool], dict[int, bool]]:
    return ({seed: a for seed, (a, _) in enumerate(outcomes)},
            {seed: b for seed, (_, b) in enumerate(outcomes)})


def test_paired_rates_counts_the_seeds_and_combines_interval_and_test():
    # issue 36: 6 seeds on which only the first succeeded, 1 on which only the second did
    first, second = seeds(*[(True, False)] * 6, (False, True), *[(True, True)] * 9,
                          *[(False, False)] * 4)
    found = paired_rates(first, second)
    assert isinstance(found, PairedRates) and isinstance(found, Difference)
    assert (found.first_only, found.second_only, found.p, found.n) == (6, 1, 0.125, 20)
    interval = paired_rate_difference(9, 6, 1, 4)
    assert (found.estimate, found.low, found.high) == (
        interval.estimate, interval.low, interval.high)
    assert found.estimate == 0.25 and found.lead == interval.lead


def test_paired_rates_pairs_by_seed_not_by_order():
    first = {3: True, 1: False, 2: True}
    second = {1: False, 2: True, 3: False}  # the same seeds, listed in another order
    found = paired_rates(first, second)
    assert (found.first_only, found.second_only, found.n) == (1, 0, 3)
    numpy_first = {np.int64(k): np.bool_(v) for k, v in first.items()}
    assert paired_rates(numpy_first, second) == found


def test_paired_rates_is_at_the_confidence_asked_for():
    first, second = seeds(*[(True, False)] * 3, *[(True, True)] * 5, (False, False))
    narrow = paired_rates(first, second, confidence=0.8)
    assert narrow == PairedRates(
        *vars(paired_rate_difference(5, 3, 0, 1, confidence=0.8)).values(), 3, 0, 0.25)
    wide = paired_rates(first, second)
    assert wide.low < narrow.low and narrow.high < wide.high


@pytest.mark.parametrize("first, second, error, message", [
    ({0: True, 1: False}, {0: True, 2: False}, ValueError,
     r"first and second must hold the same seeds to pair them; only in first: \[1\], only in "
     r"second: \[2\]"),
    ({0: True}, {0: True, 1: False}, ValueError, r"only in first: \[\], only in second: \[1\]"),
    ({}, {}, ValueError, "first and second hold no seed"),
    ({0: 0.93}, {0: True}, TypeError, "first must map seeds to bools"),
    ({0: True}, {0: 1}, TypeError, "second must map seeds to bools"),
    ([True, False], {0: True, 1: False}, TypeError, "first must map each seed to its success"),
])
def test_paired_rates_refuses_what_does_not_pair(first, second, error, message):
    with pytest.raises(error, match=message):
        paired_rates(first, second)


@pytest.mark.parametrize("call, message", [
    (lambda: paired_rate_difference(0, 0, 0, 0), "count no pair"),
    (lambda: paired_rate_difference(-1, 2, 3, 4), "both must be a non-negative int"),
    (lambda: paired_rate_difference(1, 2.0, 3, 4), "first_only must be a non-negative int"),
    (lambda: paired_rate_difference(1, 2, 3, 4, confidence=1.5), "confidence"),
    (lambda: mcnemar_test(True, 3), "first_only must be a non-negative int"),
    (lambda: mcnemar_test(3, -1), "second_only must be a non-negative int"),
    (lambda: holm([]), "p_values must be a non-empty"),
    (lambda: holm([0.2, 1.5]), r"p_values must be probabilities in \[0, 1\]"),
    (lambda: holm([0.2, float("nan")]), "p_values must be a non-empty sequence of finite"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_holm_refuses_p_values_that_are_not_numbers():
    with pytest.raises(TypeError, match="p_values"):
        holm(["0.01", 0.2])


# --- the paired t test's p, for corrections over a family -----------------------------------

def test_the_paired_p_is_five_percent_where_the_95_percent_interval_touches_zero():
    # differences 1 + e_i with mean m and sd s: t = m / (s / sqrt(n)); choose m so that
    # t is the 97.5% quantile at n - 1 degrees of freedom, where the interval's end is zero
    noise = [-1.0, -0.5, 0.0, 0.5, 1.0]
    sd = statistics.stdev(noise)
    mean = t_quantile(0.975, len(noise) - 1) * sd / math.sqrt(len(noise))
    first = [mean + e for e in noise]
    assert paired_p_value(first, [0.0] * len(noise)) == pytest.approx(0.05, abs=1e-9)
    interval = paired_difference(first, [0.0] * len(noise))
    assert interval.low == pytest.approx(0.0, abs=1e-9)


def test_the_paired_p_agrees_with_the_interval_on_every_verdict():
    cases = [([1.2, 1.4, 1.1, 1.3], [1.0, 1.1, 1.0, 1.2]), ([1.0, 1.2, 0.9], [1.1, 1.0, 1.0]),
             ([2.0, 2.5, 1.5, 2.2, 1.9], [2.1, 2.4, 1.6, 2.0, 2.0])]
    for first, second in cases:
        excluded = paired_difference(first, second).lead != 0
        assert (paired_p_value(first, second) < 0.05) == excluded


def test_the_paired_p_refuses_unpaired_or_single_seeds():
    with pytest.raises(ValueError, match="one value per seed"):
        paired_p_value([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="at least 2"):
        paired_p_value([1.0], [2.0])
