"""Property-based tests: ``dlbook.stats`` and the reading of Chapter 6's budget records keep
the contract of ``contract.py``.

The intervals are checked against published tables in ``test_stats.py`` and
``test_stats_paired.py``; here every argument a caller controls is drawn: scores of any
length from 0 (NaN, infinity, strings, bools and numpy numbers among them), thresholds,
confidence levels, counts, resample counts, seeds, paired tables, seed-to-success maps and
families of p-values. A valid call must return an interval that contains its estimate and
stays in range (and widens with the confidence asked for), or p-values in [0, 1] with the
symmetry and order their definitions fix; a broken one must be refused by name.
"""

from __future__ import annotations

import math
import statistics

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from contract import NUMBERS, call, perturb
from dlbook import comparisons, stats
from dlbook.studies.budget_results import leader, losses_at_marks, losses_by_seed

SCORES = st.lists(st.floats(-10, 10, allow_nan=False), min_size=1, max_size=8)
#: A careless caller's scores: empty, NaN or infinite, text, flags, a bare number.
BAD_SCORES = st.one_of(st.lists(NUMBERS | st.sampled_from(["0.9", None, True]), max_size=4),
                       st.just("0.5"), NUMBERS)
CONFIDENCES = st.floats(0.5, 0.99)
EPS = 1e-9


@given(scores=SCORES, threshold=st.floats(-10, 10), confidence=CONFIDENCES,
       numpy=st.booleans(), data=st.data())
def test_success_rate(scores, threshold, confidence, numpy, data):
    valid = {"scores": np.array(scores) if numpy else scores, "threshold": threshold,
             "confidence": confidence}
    bad = {"scores": BAD_SCORES, "threshold": NUMBERS | st.just("0.9"),
           "confidence": NUMBERS}
    args, broken = perturb(data, valid, bad)
    rate = call(stats.success_rate, broken=broken, **args)
    if rate is not None:
        assert rate.successes == sum(float(v) >= args["threshold"] for v in args["scores"])
        assert 0 <= rate.low <= rate.rate <= rate.high <= 1


@given(successes=st.integers(0, 30), extra=st.integers(0, 30), numpy=st.booleans(),
       data=st.data())
def test_wilson_interval(successes, extra, numpy, data):
    n = successes + extra
    as_int = np.int64 if numpy else int
    valid = {"successes": as_int(successes), "n": as_int(max(n, 1)), "confidence": 0.95}
    bad = {"successes": st.integers(-2, 40) | NUMBERS, "n": st.integers(-1, 0) | NUMBERS,
           "confidence": NUMBERS}
    args, broken = perturb(data, valid, bad)
    interval = call(stats.wilson_interval, broken=broken, **args)
    if interval is not None:
        low, high = interval
        assert 0 <= low <= args["successes"] / args["n"] <= high <= 1


@given(values=SCORES, resamples=st.integers(1, 300), seed=st.integers(0, 2**16),
       confidence=CONFIDENCES, data=st.data())
def test_bootstrap_mean(values, resamples, seed, confidence, data):
    valid = {"values": values, "resamples": resamples, "seed": seed, "confidence": confidence}
    bad = {"values": BAD_SCORES, "confidence": NUMBERS, "seed": NUMBERS,
           "resamples": st.integers(-1, 0) | NUMBERS | st.just(10**9) | st.just(np.int64(-3))}
    args, broken = perturb(data, valid, bad)
    mean = call(stats.bootstrap_mean, broken=broken, **args)
    if mean is not None:  # every resampled mean lies between the smallest and largest value
        values = [float(v) for v in args["values"]]
        assert min(values) - EPS <= mean.low <= mean.high <= max(values) + EPS
        assert math.isclose(mean.mean, sum(values) / len(values), abs_tol=EPS)
        assert mean == stats.bootstrap_mean(**args)  # seeded: the same call, the same interval


def rates(successes: int, n: int, threshold: float = 0.9) -> stats.Rate:
    return stats.Rate(successes, n, threshold, *stats.wilson_interval(successes, n))


@given(first=st.tuples(st.integers(0, 10), st.integers(1, 10)),
       second=st.tuples(st.integers(0, 10), st.integers(1, 10)), data=st.data())
def test_rate_difference(first, second, data):
    valid = {"first": rates(min(first), max(first)), "second": rates(min(second), max(second))}
    other_level = stats.Rate(1, 2, 0.9, *stats.wilson_interval(1, 2, confidence=0.8), 0.8)
    other = st.sampled_from([0.5, None, "0.9", rates(1, 2, threshold=0.5), other_level])
    args, broken = perturb(data, valid, {"first": other, "second": other})
    difference = call(stats.rate_difference, broken=broken, **args)
    if difference is not None:
        assert -1 - EPS <= difference.low <= difference.estimate <= difference.high <= 1 + EPS
        assert difference.lead in (-1, 0, 1)


@given(first=st.lists(st.floats(-5, 5), min_size=2, max_size=6), shift=st.floats(-1, 1),
       noise=st.lists(st.floats(-0.1, 0.1), min_size=6, max_size=6), data=st.data())
def test_paired_and_welch_differences(first, shift, noise, data):
    second = [v + shift + e for v, e in zip(first, noise, strict=False)]
    valid = {"first": first, "second": second, "confidence": 0.95}
    bad = {"first": BAD_SCORES | st.just(first[:1]), "second": BAD_SCORES | st.just([1.0]),
           "confidence": NUMBERS}
    for compare in (stats.paired_difference, stats.welch_difference):
        args, broken = perturb(data, valid, bad)
        difference = call(compare, broken=broken, **args)
        if difference is not None:
            assert difference.low - EPS <= difference.estimate <= difference.high + EPS
            assert difference.n == min(len(args["first"]), len(args["second"]))


@given(values=st.lists(st.floats(-10, 10, allow_nan=False), min_size=2, max_size=8),
       confidence=CONFIDENCES, data=st.data())
def test_t_mean(values, confidence, data):
    args, broken = perturb(data, {"values": values, "confidence": confidence},
                           {"values": BAD_SCORES | st.just(values[:1]), "confidence": NUMBERS})
    found = call(stats.t_mean, broken=broken, **args)
    if found is not None:
        assert found.low - EPS <= found.mean <= found.high + EPS
        assert min(args["values"]) - EPS <= found.mean <= max(args["values"]) + EPS
        assert found.n == len(args["values"])


@given(probability=st.floats(0.001, 0.999) | st.floats(1e-300, 1 - 1e-12),
       df=st.floats(1, 200) | st.floats(200, 1e300), data=st.data())
def test_t_quantile(probability, df, data):
    args, broken = perturb(data, {"probability": probability, "df": df},
                           {"probability": NUMBERS, "df": NUMBERS})
    quantile = call(stats.t_quantile, broken=broken, **args)
    if quantile is not None:
        p = args["probability"]
        assert math.isfinite(quantile)
        assert (quantile > 0) == (p > 0.5) or abs(quantile) < 1e-6
        # t has heavier tails than the normal, and tends to it as df grows
        assert abs(quantile) >= abs(statistics.NormalDist().inv_cdf(p)) * (1 - 1e-9)
        if p >= 0.5:  # then 1 - p is exact, and the quantiles mirror
            assert stats.t_quantile(1 - p, args["df"]) == -quantile


CELLS = ("both", "first_only", "second_only", "neither")


@given(cells=st.tuples(*[st.integers(0, 30)] * 4), confidences=st.tuples(CONFIDENCES, CONFIDENCES),
       numpy=st.booleans(), data=st.data())
def test_paired_rate_difference(cells, confidences, numpy, data):
    as_int = np.int64 if numpy else int
    cells = cells if any(cells) else (0, 0, 0, 1)
    low_level, high_level = sorted(confidences)
    valid = {name: as_int(count) for name, count in zip(CELLS, cells, strict=True)}
    bad = {name: st.integers(-3, -1) | NUMBERS for name in CELLS} | {"confidence": NUMBERS}
    args, broken = perturb(data, valid | {"confidence": low_level}, bad)
    difference = call(comparisons.paired_rate_difference, broken=broken, **args)
    if difference is not None:
        both, first_only, second_only, neither = (args[name] for name in CELLS)
        n = both + first_only + second_only + neither
        assert difference.n == n and difference.estimate == (first_only - second_only) / n
        assert -1 <= difference.low <= difference.estimate <= difference.high <= 1
        if broken != "confidence":  # a wider level gives a wider interval around it
            wider = comparisons.paired_rate_difference(**args | {"confidence": high_level})
            assert wider.low <= difference.low + EPS and difference.high <= wider.high + EPS
        mirrored = comparisons.paired_rate_difference(
            **args | {"first_only": second_only, "second_only": first_only})
        assert math.isclose(mirrored.low, -difference.high, abs_tol=EPS)
        assert math.isclose(mirrored.high, -difference.low, abs_tol=EPS)


@given(first_only=st.integers(0, 60), second_only=st.integers(0, 60), numpy=st.booleans(),
       data=st.data())
def test_mcnemar_test(first_only, second_only, numpy, data):
    as_int = np.int64 if numpy else int
    valid = {"first_only": as_int(first_only), "second_only": as_int(second_only)}
    bad = {name: st.integers(-3, -1) | NUMBERS | st.just(10**6) for name in valid}
    args, broken = perturb(data, valid, bad)
    test = call(comparisons.mcnemar_test, broken=broken, **args)
    if test is not None:
        b, c = args["first_only"], args["second_only"]
        assert (test.first_only, test.second_only) == (b, c)
        assert 0 < test.p <= 1 and (test.p == 1) == (abs(b - c) <= 1)
        assert comparisons.mcnemar_test(c, b).p == test.p  # which setting is first does not matter
        if b <= c and b > 0:  # one more pair on the larger side: more lopsided, smaller p
            assert comparisons.mcnemar_test(b - 1, c + 1).p <= test.p


@given(p_values=st.lists(st.floats(0, 1), min_size=1, max_size=12), data=st.data())
def test_holm(p_values, data):
    bad = {"p_values": BAD_SCORES | st.lists(st.floats(1.001, 5), min_size=1, max_size=3)
           | st.just([0.5, -0.1])}
    args, broken = perturb(data, {"p_values": p_values}, bad)
    adjusted = call(comparisons.holm, broken=broken, **args)
    if adjusted is not None:
        raw = [float(v) for v in args["p_values"]]
        assert len(adjusted) == len(raw)
        assert all(p <= q <= 1 for p, q in zip(raw, adjusted, strict=True))
        order = sorted(range(len(raw)), key=raw.__getitem__)
        assert all(adjusted[i] <= adjusted[j] for i, j in zip(order, order[1:], strict=False))
        shuffled = data.draw(st.permutations(range(len(raw))), label="shuffled")
        assert comparisons.holm([raw[i] for i in shuffled]) == [adjusted[i] for i in shuffled]


@given(outcomes=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=12),
       confidence=CONFIDENCES, data=st.data())
def test_paired_rates(outcomes, confidence, data):
    first = {seed: a for seed, (a, _) in enumerate(outcomes)}
    second = {seed: b for seed, (_, b) in enumerate(outcomes)}
    careless = st.sampled_from([dict(list(first.items())[:-1]), {**first, 99: True},
                                list(first.values()), {0: 0.9}, {}, None])
    args, broken = perturb(data, {"first": first, "second": second, "confidence": confidence},
                           {"first": careless, "second": careless, "confidence": NUMBERS})
    found = call(comparisons.paired_rates, broken=broken, **args)
    if found is not None:
        pairs = [(args["first"][seed], args["second"][seed]) for seed in args["first"]]
        first_only, second_only = pairs.count((True, False)), pairs.count((False, True))
        assert (found.first_only, found.second_only, found.n) == (
            first_only, second_only, len(pairs))
        assert found.estimate == (first_only - second_only) / len(pairs)
        assert -1 <= found.low <= found.estimate <= found.high <= 1 and 0 < found.p <= 1
        swapped = comparisons.paired_rates(args["second"], args["first"], confidence=confidence
                                     if broken != "confidence" else args["confidence"])
        assert (swapped.first_only, swapped.second_only, swapped.p) == (
            second_only, first_only, found.p)
        assert math.isclose(swapped.low, -found.high, abs_tol=EPS)


def budget_record(kind: str, seed: int, losses: list[float]) -> dict:
    rows = [{"mark": 60.0 * (i + 1), "seconds": 60.0 * (i + 1), "steps": i, "tokens": i,
             "valid_loss": loss} for i, loss in enumerate(losses)]
    return {"config": {"kind": kind}, "seed": seed, "marks": rows}


@given(kinds=st.lists(st.sampled_from(["lstm", "gru", "transformer"]), min_size=1,
                      max_size=3, unique=True),
       seeds=st.integers(1, 3), losses=st.lists(st.floats(0.5, 3), min_size=2, max_size=2),
       data=st.data())
def test_losses_at_marks_and_the_leader(kinds, seeds, losses, data):
    records = [budget_record(kind, seed, [v + 0.1 * seed for v in losses])
               for kind in kinds for seed in range(seeds)]
    bad = {"records": st.just(records + records[:1]) | st.just([]),
           "score": st.sampled_from(["valid_los", "streaming_loss", "seconds_loss"])}
    args, broken = perturb(data, {"records": records, "score": "valid_loss"}, bad)
    found = call(losses_at_marks, broken=broken, **args)
    if found is not None:
        assert sorted(found) == sorted(kinds)
        assert all(spread.n == seeds and spread.low <= spread.mean <= spread.high
                   for by_mark in found.values() for spread in by_mark.values())
        by_seed = losses_by_seed(records)
        at_mark = {kind: by_mark[120.0] for kind, by_mark in by_seed.items()}
        first = call(leader, broken=None if len(kinds) > 1 and seeds > 1 else "at_mark",
                     at_mark=at_mark, paired=data.draw(st.booleans()))
        means = {kind: found[kind][120.0].mean for kind in found}
        assert first is None or means[first] == min(means.values())
