"""Property-based tests: ``dlbook.stats`` and the reading of Chapter 6's budget records keep
the contract of ``contract.py``.

The intervals are checked against published tables in ``test_stats.py``; here every
argument a caller controls is drawn: scores of any length from 0 (NaN, infinity, strings,
bools and numpy numbers among them), thresholds, confidence levels, counts, resample counts
and seeds. A valid call must return an interval that contains its estimate and stays in
range; a broken one must be refused by name.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from contract import NUMBERS, call, perturb
from dlbook import stats
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
    other = st.sampled_from([0.5, None, "0.9", rates(1, 2, threshold=0.5)])
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


@given(probability=st.floats(0.001, 0.999), df=st.floats(1, 200), data=st.data())
def test_t_quantile(probability, df, data):
    args, broken = perturb(data, {"probability": probability, "df": df},
                           {"probability": NUMBERS, "df": NUMBERS})
    quantile = call(stats.t_quantile, broken=broken, **args)
    if quantile is not None:
        assert math.isfinite(quantile)
        assert (quantile > 0) == (args["probability"] > 0.5) or abs(quantile) < 1e-6


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
