"""Chapter 4's claims as code: each holds on the real evidence and fails when it reverses.

The width-sweep claims read the committed records of ``charlm-width``; each reversal copies
them and moves the one quantity its sentence is about. The live claims (the window and the
samples) take what the chapter computes from its training run; they are fed hand-made values
shaped like the chapter's, once as the run gave them and once reversed.
"""

from __future__ import annotations

import copy

import pytest

from dlbook.book import claims_language_models as lm
from dlbook.book.claims import holds
from dlbook.studies.experiments import load_study

WIDTH_CLAIMS = ["ch4-width-gains", "ch4-width-final", "lm-budget-ran-out", "fig-lm-width",
                "lm-summary-width"]


@pytest.fixture(scope="module")
def committed():
    return load_study("charlm-width")


@pytest.fixture
def records(committed):
    return copy.deepcopy(committed)


def runs(records, hidden):
    return [r for r in records if r["config"]["hidden"] == hidden]


@pytest.mark.parametrize("claim_id", WIDTH_CLAIMS)
def test_width_claims_hold_on_the_committed_records(committed, claim_id):
    assert holds(claim_id, committed) is True


def test_width_gains_fail_when_the_widest_is_no_better(records):
    for wide, middle in zip(runs(records, 256), runs(records, 128), strict=True):
        wide["selected"]["test_loss"] = middle["selected"]["test_loss"] + 0.01
    assert holds("ch4-width-gains", records) is False


def test_width_gains_fail_when_one_seed_reverses_and_the_interval_spans_zero(records):
    runs(records, 128)[0]["selected"]["test_loss"] = 1.75  # worse than every hidden-64 run
    assert holds("ch4-width-gains", records) is False


def test_width_final_fails_when_the_widest_ends_below_the_middle(records):
    for wide in runs(records, 256):
        wide["curves"]["valid_loss"]["value"][-1] = 1.50
    assert holds("ch4-width-final", records) is False
    assert holds("lm-summary-width", records) is False


def test_width_final_fails_when_the_narrowest_ends_below_the_middle(records):
    for narrow in runs(records, 64):
        narrow["curves"]["valid_loss"]["value"][-1] = 1.50
    assert holds("ch4-width-final", records) is False


def test_budget_ran_out_fails_when_a_wide_run_ends_at_its_best(records):
    wide = runs(records, 256)[1]
    wide["curves"]["valid_loss"]["value"][-1] = wide["selected"]["valid_loss"]
    assert holds("lm-budget-ran-out", records) is False


def test_budget_ran_out_fails_when_a_narrow_run_selected_early(records):
    runs(records, 64)[2]["selected"]["at"] = 1500
    assert holds("lm-budget-ran-out", records) is False


def test_width_figure_fails_when_the_middle_rises_as_far_as_the_widest(records):
    middle = runs(records, 128)[0]
    middle["curves"]["valid_loss"]["value"][-1] = middle["selected"]["valid_loss"] + 0.3
    assert holds("fig-lm-width", records) is False


def test_width_figure_fails_when_a_narrow_run_stopped_falling(records):
    narrow = runs(records, 64)[0]
    curve = narrow["curves"]["valid_loss"]
    curve["value"][-1] = curve["value"][curve["at"].index(2000)] + 0.01
    assert holds("fig-lm-width", records) is False


def test_width_figure_fails_when_the_mean_test_loss_does_not_fall(records):
    for wide in runs(records, 256):
        wide["selected"]["test_loss"] = 1.70
    assert holds("fig-lm-width", records) is False


def test_summary_width_fails_when_the_widest_selected_late(records):
    runs(records, 256)[0]["selected"]["at"] = 2000
    assert holds("lm-summary-width", records) is False


def test_summary_width_fails_when_the_widest_training_loss_rose_too(records):
    wide = runs(records, 256)[2]
    wide["curves"]["train_loss"]["value"][-1] = 3.0
    assert holds("lm-summary-width", records) is False


def test_by_width_refuses_unpaired_seeds(records):
    with pytest.raises(ValueError, match="same seeds"):
        lm.by_width([r for r in records if not (r["config"]["hidden"] == 64 and r["seed"] == 2)])


# --- The live claims, on values shaped like the chapter's run -------------------------------

POSITIONS = [3.2] + [2.2 - 0.01 * k for k in range(1, 10)] + [1.3] * 90


def test_summary_window_holds_and_reverses():
    run = dict(context_free=3.4, fixed=1.46, carried=1.42)
    assert holds("lm-summary-window", POSITIONS, **run) is True
    assert holds("lm-summary-window", POSITIONS, **{**run, "carried": 1.47}) is False
    sighted = [1.9] + POSITIONS[1:]  # the first prediction is closer to the late ones
    assert holds("lm-summary-window", sighted, **run) is False
    not_highest = [3.2, 3.3] + POSITIONS[2:]
    assert holds("lm-summary-window", not_highest, **run) is False


def test_summary_generation_holds_and_reverses():
    distinct = {0.2: 0.35, 0.8: 0.80, 1.5: 0.90}
    known = {0.2: 1.0, 0.8: 0.85, 1.5: 0.40}
    assert holds("lm-summary-generation", distinct, known, (41, 12)) is True
    assert holds("lm-summary-generation", distinct, known, None) is False
    assert holds("lm-summary-generation", {**distinct, 0.2: 0.85}, known, (41, 12)) is False
    assert holds("lm-summary-generation", distinct, {**known, 1.5: 0.9}, (41, 12)) is False
