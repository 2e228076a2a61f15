"""Chapter 6's claims on the limits of its comparison: each holds on the committed records,
and each fails when a deep copy of them is moved so that its sentence would be false.
"""

from __future__ import annotations

import copy
import statistics

import pytest

from dlbook.book import claims_budget_reading as cbr
from dlbook.book import claims_budget_settings as cbs
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies import cpu_sizes
from dlbook.studies.experiments import load_study

IDS = ("budget-reading-censored", "budget-reading-censored-report",
       "budget-reading-speed-rounds", "budget-reading-processor-lstm", "budget-reading-halves",
       "budget-reading-effort", "budget-question-streaming")


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    return {name: load_study(name) for claim_id in IDS for name in REGISTRY[claim_id].studies}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def runs_of(records, kind):
    """Every run of ``kind`` in every list of ``records``, in order."""
    return [r for runs in records for r in runs if r["config"]["kind"] == kind]


def named(records, name):
    """Every record of configuration ``name``, in every list of ``records``."""
    return [r for runs in records for r in runs if r["config_name"] == name]


def at_mark(run, mark):
    return next(m for m in run["marks"] if m["mark"] == mark)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds_on_the_committed_records(studies, claim_id):
    assert holds(claim_id, *evidence(studies, claim_id))


# --- How far the runs got --------------------------------------------------------------------

def test_censored_fails_when_one_run_stopped_improving_on_the_selection_half(studies):
    found = evidence(studies, "budget-reading-censored")
    run = runs_of(found, "transformer")[0]
    run["marks"][-1]["select_loss"] = run["marks"][-2]["select_loss"] + 0.01
    assert not holds("budget-reading-censored", *found)


def test_censored_fails_when_one_run_kept_an_earlier_mark(studies):
    found = evidence(studies, "budget-reading-censored")
    run = runs_of(found, "lstm")[-1]
    run["scores"]["selected_mark"] = run["marks"][-2]["mark"]
    assert not holds("budget-reading-censored", *found)


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_censored_report_fails_when_one_recurrent_run_rose_at_the_end(studies, kind):
    found = evidence(studies, "budget-reading-censored-report")
    run = runs_of(found, kind)[0]
    run["marks"][-1]["report_loss"] = run["marks"][-2]["report_loss"] + 0.01
    assert not holds("budget-reading-censored-report", *found)


def test_censored_report_ignores_the_transformer(studies):
    # the sentence is about the recurrent runs: every transformer rising at the end leaves it
    found = evidence(studies, "budget-reading-censored-report")
    for run in runs_of(found, "transformer"):
        run["marks"][-1]["report_loss"] = run["marks"][-2]["report_loss"] + 0.01
    assert holds("budget-reading-censored-report", *found)


# --- Speed: rounds and processors ------------------------------------------------------------

@pytest.mark.parametrize("kind", ["lstm", "gru", "transformer"])
def test_speed_rounds_fail_when_a_kind_lost_only_a_twentieth(studies, kind):
    found = evidence(studies, "budget-reading-speed-rounds")
    rounds, final = found[:len(cbs.ROUNDS)], found[len(cbs.ROUNDS):]
    third = cbs.ThirdStudy(tuple(rounds))
    chose = statistics.mean(r["scores"]["steps_per_second"]
                            for r in third.rate_pool if r["config_name"] == third.chosen[2][kind])
    for run in runs_of(final, kind):
        run["scores"]["steps_per_second"] = 0.95 * chose
    assert cbr.speed_drops(third, [r for runs in final for r in runs])[kind] < 0.1
    assert not holds("budget-reading-speed-rounds", *found)


def test_processor_lstm_fails_when_one_final_run_is_as_fast_as_the_slowest_grid_run(studies):
    found = evidence(studies, "budget-reading-processor-lstm")
    grid, final = found[:2], found[2:]
    slowest = min(cbr.speeds([r for runs in grid for r in runs], "lstm"))
    runs_of(final, "lstm")[-1]["scores"]["steps_per_second"] = slowest
    assert not holds("budget-reading-processor-lstm", *found)


def test_processor_lstm_fails_when_the_shapes_differ(studies):
    found = evidence(studies, "budget-reading-processor-lstm")
    for run in runs_of(found[:2], "lstm"):
        run["config"]["hidden"] = 2 * run["config"]["hidden"]
    assert not holds("budget-reading-processor-lstm", *found)


def test_processor_refuses_runs_on_two_processor_models(studies):
    runs = copy.deepcopy(studies["shakespeare-cpu-final-a"])
    runs[0]["device"]["model"] = "Another(R) Processor"
    with pytest.raises(ValueError, match="processor models"):
        cbr.processor(runs)
    assert cbr.processor(runs[1:]) == "Intel Xeon"


def test_passes_refuse_an_empty_training_text(studies):
    with pytest.raises(ValueError, match="train_chars"):
        cbr.passes(studies["shakespeare-cpu-final-a"], 0)


# --- The two halves of the validation text ---------------------------------------------------

def test_halves_fail_when_the_transformer_ties_with_the_gru_on_the_selection_half(studies):
    found = evidence(studies, "budget-reading-halves")
    gru = {r["seed"]: at_mark(r, cbr.END)["select_loss"] for r in runs_of(found, "gru")}
    for run in runs_of(found, "transformer"):
        at_mark(run, cbr.END)["select_loss"] = gru[run["seed"]]
    assert not holds("budget-reading-halves", *found)


def test_halves_fail_when_the_distance_is_the_same_on_both_halves(studies):
    # the transformer's distance from the GRU on the selection half set, seed by seed, to its
    # distance on the report half: every lead is kept, the two intervals coincide
    found = evidence(studies, "budget-reading-halves")
    gru = {r["seed"]: at_mark(r, cbr.END) for r in runs_of(found, "gru")}
    for run in runs_of(found, "transformer"):
        mark, other = at_mark(run, cbr.END), gru[run["seed"]]
        mark["select_loss"] = other["select_loss"] + mark["report_loss"] - other["report_loss"]
    at_end = cbr.halves_at_end([r for runs in found for r in runs])
    assert all(d.lead == 1 for by in at_end.values() for d in by.values())
    assert not holds("budget-reading-halves", *found)


def test_halves_fail_when_the_gru_passes_the_lstm_on_the_whole_split(studies):
    found = evidence(studies, "budget-reading-halves")
    lstm = {r["seed"]: at_mark(r, cbr.END)["valid_loss"] for r in runs_of(found, "lstm")}
    for run in runs_of(found, "gru"):
        at_mark(run, cbr.END)["valid_loss"] = lstm[run["seed"]] - 0.05
    assert not holds("budget-reading-halves", *found)


# --- Parameters and tuning -------------------------------------------------------------------

def test_effort_fails_when_the_lstm_tried_as_many_configurations(studies):
    # the LSTM's size-round configurations run again under new names, each scoring worse so
    # that no choice moves, until the LSTM has as many as the transformer
    found = evidence(studies, "budget-reading-effort")
    tried = cbr.configurations_tried(cbs.ThirdStudy(tuple(found)))
    size_round = found[cbs.ROUNDS.index(cpu_sizes.SIZE_STUDY)]
    names = sorted({r["config_name"] for r in size_round if r["config"]["kind"] == "lstm"})
    for i in range(tried["transformer"] - tried["lstm"]):
        name = names[i % len(names)]
        for run in [copy.deepcopy(r) for r in named([size_round], name)]:
            run["config_name"] = f"{name}-again-{i}"
            run["scores"][cpu_sizes.SCORE] += 1.0
            size_round.append(run)
    after = cbr.configurations_tried(cbs.ThirdStudy(tuple(found)))
    assert after["lstm"] == after["transformer"]
    assert not holds("budget-reading-effort", *found)


# --- Streaming -------------------------------------------------------------------------------

def test_streaming_fails_when_one_mark_of_the_first_study_scored_higher_streaming(studies):
    found = evidence(studies, "budget-question-streaming")
    mark = runs_of(found[:1], "gru")[0]["marks"][0]
    mark["streaming_loss"] = mark["valid_loss"] + 0.01
    assert not holds("budget-question-streaming", *found)


def test_streaming_fails_when_a_recurrent_run_has_no_streaming_score(studies):
    found = evidence(studies, "budget-question-streaming")
    del runs_of(found[-1:], "lstm")[0]["marks"][-1]["streaming_loss"]
    assert not holds("budget-question-streaming", *found)
