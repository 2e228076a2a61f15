"""The numbers Chapter 6 prints about its final grid and the study at equal updates, read by
the public functions of :mod:`dlbook.book.claims_budget_final` and
:mod:`dlbook.book.claims_budget_equal` (the claims that call them are tested in
``test_claims_budget.py``).

Each function is checked on the committed records against the quantity it names, computed
here from the records by another route, and on a deep copy moved by a known amount, or made
malformed, so that a wrong reading shows.
"""

from __future__ import annotations

import copy
import math
import statistics

import pytest

from dlbook.book import claims_budget_equal as cbe
from dlbook.book import claims_budget_final as cbf
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import losses_by_updates
from dlbook.studies.experiments import load_study


@pytest.fixture(scope="module")
def committed() -> tuple[list[dict], list[dict]]:
    """The final grid's runs (both halves), and the study at equal updates."""
    return ([r for name in cpu_final.FINAL_STUDIES for r in load_study(name)],
            load_study(cpu_final.EQUAL_UPDATES_STUDY))


@pytest.fixture
def records(committed) -> tuple[list[dict], list[dict]]:
    """A deep copy of the committed records, for a test to move."""
    return copy.deepcopy(committed)


def of(runs, kind, seed=None):
    return [r for r in runs if r["config"]["kind"] == kind and seed in (None, r["seed"])]


def report_at_count(run, count):
    """Where a grid run keeps its report-half loss after ``count`` updates, and the index."""
    curve = run["curves"]["diagnostics"]["report_loss_at_updates"]
    return curve["value"], curve["at"].index(count)


def mark_at(run, mark):
    return next(m for m in run["marks"] if m["mark"] == mark)


def common_counts(final):
    return sorted(losses_by_updates(final, "report")["lstm"])


# --- What the grid trained -------------------------------------------------------------------

def test_runs_by_kind_orders_each_kinds_runs_by_seed(records):
    final, _ = records
    by_kind = cbf.runs_by_kind(final[::-1])
    assert list(by_kind) == ["lstm", "gru", "transformer"]
    assert all([r["seed"] for r in runs] == list(cpu_final.GRID_SEEDS) for runs in by_kind.values())
    assert all(r["config"]["kind"] == k for k, runs in by_kind.items() for r in runs)


def test_the_grid_and_the_study_at_equal_updates_train_the_choices(committed):
    final, counted = committed
    assert cbf.trains_the_choices(final, clock="cpu", budget=cpu_final.BUDGET)
    assert cbf.trains_the_choices(counted, clock="updates", budget=cpu_final.EQUAL_UPDATES)
    assert not cbf.trains_the_choices(final, clock="updates", budget=cpu_final.BUDGET)
    assert not cbf.trains_the_choices(counted, clock="updates", budget=cpu_final.BUDGET)


@pytest.mark.parametrize("break_it", ["drop a seed", "repeat a seed", "another choice"])
def test_trains_the_choices_fails_on_a_grid_that_does_not(records, break_it):
    final, _ = records
    gru = of(final, "gru")
    if break_it == "drop a seed":
        final.remove(gru[0])
    elif break_it == "repeat a seed":
        final.append(copy.deepcopy(gru[0]))
    else:
        gru[0]["config_name"] = cpu_final.FINAL_CHOICE["lstm"]
    assert not cbf.trains_the_choices(final, clock="cpu", budget=cpu_final.BUDGET)


def test_a_shared_setting_is_the_one_value_every_run_of_the_kinds_holds(records):
    final, _ = records
    assert cbf.shared_setting(final, "batch") == final[0]["config"]["batch"]
    assert cbf.shared_setting(final, "heads", kinds=("transformer",)) == (
        of(final, "transformer")[0]["config"]["heads"])
    of(final, "gru")[2]["config"]["clip"] *= 2
    with pytest.raises(ValueError, match="do not share one 'clip'"):
        cbf.shared_setting(final, "clip")
    assert cbf.shared_setting(final, "clip", kinds=("lstm", "transformer"))
    with pytest.raises(ValueError, match="do not share one 'betas'"):
        cbf.shared_setting(final, "betas", kinds=("no such kind",))


def test_kind_means_are_each_kinds_mean_over_its_seeds(committed):
    final, _ = committed
    speed = cbf.kind_means(final, "steps_per_second")
    for kind in ("lstm", "gru", "transformer"):
        expected = statistics.fmean(r["scores"]["steps_per_second"] for r in of(final, kind))
        assert speed[kind] == pytest.approx(expected, rel=1e-12)
    assert speed["lstm"] < speed["gru"] < speed["transformer"]


def test_the_torch_version_is_major_and_minor_of_one_version(records):
    final, _ = records
    full = final[0]["versions"]["torch"].split("+")[0]
    assert cbf.torch_version(final) == ".".join(full.split(".")[:2])
    major, minor, *_ = full.split(".")
    final[-1]["versions"]["torch"] = f"{major}.{minor}.99"  # another patch release: two versions
    with pytest.raises(ValueError, match="2 PyTorch versions"):
        cbf.torch_version(final)


def test_streaming_gains_are_fixed_windows_minus_streaming_at_ten_minutes(records):
    final, _ = records
    gains = cbf.streaming_gains(final)
    assert sorted(gains) == ["gru", "lstm"]
    lstm = of(final, "lstm")
    expected = statistics.fmean(r["marks"][-1]["valid_loss"] - r["marks"][-1]["streaming_loss"]
                                for r in lstm)
    assert gains["lstm"].estimate == pytest.approx(expected)
    for r in lstm:
        r["marks"][-1]["streaming_loss"] = r["marks"][-1]["valid_loss"] - 0.05
    assert cbf.streaming_gains(final)["lstm"].estimate == pytest.approx(0.05)


# --- How far down its schedule each run was --------------------------------------------------

def test_share_spent_is_the_count_over_each_runs_updates(committed):
    final, _ = committed
    end = common_counts(final)[-1]
    for kind in ("lstm", "gru", "transformer"):
        expected = statistics.fmean(end / r["scores"]["steps"] for r in of(final, kind))
        assert cbe.share_spent(final, kind, end) == pytest.approx(expected)
    assert 0 < cbe.share_spent(final, "transformer", end) < cbe.share_spent(final, "lstm", end) <= 1


def test_the_schedule_factor_is_the_cosine_at_the_share_spent(committed):
    final, _ = committed
    end = common_counts(final)[-1]
    for kind in ("lstm", "gru", "transformer"):
        config = of(final, kind)[0]["config"]
        assert end >= config["warmup"]  # past the warm-up, the factor is the cosine alone
        share, floor = cbe.share_spent(final, kind, end), config["lr_floor"]
        cosine = floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * share))
        assert cbe.schedule_factor(final, kind, end) == pytest.approx(cosine)
    with pytest.raises(ValueError, match="no run of kind 'rnn'"):
        cbe.schedule_factor(final, "rnn", end)


# --- The grid's schedule against the study's --------------------------------------------------

def test_the_schedule_gap_is_the_largest_distance_from_a_grid_run(records):
    final, counted = records
    first = common_counts(final)[0]
    for kind in ("lstm", "gru", "transformer"):
        for grid_run in of(final, kind):
            box, i = report_at_count(grid_run, first)
            mark_at(of(counted, kind, grid_run["seed"])[0], first)["report_loss"] = box[i]
    assert cbe.schedule_gap(final, counted, first) == 0
    mark_at(of(counted, "gru", 3)[0], first)["report_loss"] += 0.01
    assert cbe.schedule_gap(final, counted, first) == pytest.approx(0.01)
    assert cbe.schedule_gap(final, counted, first, kinds=("lstm", "transformer")) == 0
    with pytest.raises(ValueError, match="count=300 is not an update count"):
        cbe.schedule_gap(final, counted, 300)


def test_schedule_effects_are_grid_minus_counted_at_the_last_common_count(records):
    final, counted = records
    end = common_counts(final)[-1]
    for grid_run in of(final, "transformer"):
        box, i = report_at_count(grid_run, end)
        mark_at(of(counted, "transformer", grid_run["seed"])[0], end)["report_loss"] = (
            box[i] - 0.02)
    effects = cbe.schedule_effects(final, counted)
    assert list(effects) == ["lstm", "gru", "transformer"]
    assert effects["transformer"].estimate == pytest.approx(0.02)


def test_the_distance_change_is_zero_when_the_counted_distance_is_the_grids(records):
    final, counted = records
    end = common_counts(final)[-1]
    assert cbe.distance_change(final, counted).estimate > 0  # nearer when counted, as committed
    for seed in cpu_final.GRID_SEEDS:
        tf, lstm = (report_at_count(of(final, k, seed)[0], end) for k in ("transformer", "lstm"))
        distance = tf[0][tf[1]] - lstm[0][lstm[1]]
        counted_lstm = mark_at(of(counted, "lstm", seed)[0], end)["report_loss"]
        mark_at(of(counted, "transformer", seed)[0], end)["report_loss"] = counted_lstm + distance
    assert cbe.distance_change(final, counted).estimate == pytest.approx(0, abs=1e-12)


def test_what_speed_bought_is_the_counted_end_minus_the_grid_at_ten_minutes(records):
    final, counted = records
    for grid_run in of(final, "gru"):
        mark_at(of(counted, "gru", grid_run["seed"])[0], cbe.EQUAL_END)["report_loss"] = (
            grid_run["marks"][-1]["report_loss"] + 0.03)
    bought = cbe.bought_by_speed(final, counted)
    assert list(bought) == ["lstm", "gru", "transformer"]
    assert bought["gru"].estimate == pytest.approx(0.03)
    assert bought["transformer"].estimate > 0  # the grid's transformer ends lower, as committed


def test_the_study_at_equal_updates_pairs_its_kinds_at_every_mark(committed):
    _, counted = committed
    pairs = cbe.equal_pairs(counted)
    assert list(pairs) == [("transformer", "gru"), ("transformer", "lstm"), ("gru", "lstm")]
    assert all(list(by) == [float(n) for n in cpu_final.EQUAL_UPDATE_MARKS]
               for by in pairs.values())
    assert cbe.equal_end(counted) == {p: by[cbe.EQUAL_END] for p, by in pairs.items()}
