"""Chapter 6's claims as code: each holds on the committed records (or on values like the
chapter's), and each fails when the evidence is moved so that its sentence would be false.

The moved records are deep copies of the committed ones with one quantity changed, so each
test shows which number the claim depends on.
"""

from __future__ import annotations

import copy
import math
import statistics

import pytest

from dlbook.book import claims_budget as cb
from dlbook.book import claims_budget_equal as cbe
from dlbook.book import claims_budget_final as cbf
from dlbook.book.claims import REGISTRY, holds
from dlbook.stats import t_quantile
from dlbook.studies import budget_pilot, cpu_budget
from dlbook.studies.budget_results import losses_by_updates
from dlbook.studies.experiments import load_study
from dlbook.studies.shakespeare_studies import NANOGPT_VALID_LOSS


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    names = ("shakespeare-budget", *cb.REFERENCE, *cb.GRID, *cb.FINAL, *cbe.EQUAL_UPDATES,
             *cbf.THREADS,
             *budget_pilot.PILOT_STUDIES, *cpu_budget.RATE_STUDIES,
             "shakespeare-cpu-pilot-regularisation")
    return {name: load_study(name) for name in names}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def runs(records, kind=None, seed=None):
    return [r for r in records if (kind is None or r["config"]["kind"] == kind)
            and (seed is None or r["seed"] == seed)]


def shift_mark(records, kind, mark_index, by, score="valid_loss"):
    for r in runs(records, kind):
        r["marks"][mark_index][score] += by


# --- Live values ------------------------------------------------------------------------------

def test_layernorm_claim_fails_when_the_gap_exceeds_the_tolerance():
    assert holds("ch6-layernorm", 2e-7, 1e-5)
    assert not holds("ch6-layernorm", 3e-4, 1e-5)


def test_scale_claim_fails_when_a_wider_head_is_not_sharper():
    assert holds("ch6-scale", [3.9, 3.5, 2.4])
    assert not holds("ch6-scale", [3.9, 4.0, 2.4])
    assert not holds("ch6-scale", [3.9])


def test_equivariance_claim_fails_beyond_rounding():
    assert holds("ch6-equivariance", 4e-7)
    assert not holds("ch6-equivariance", 0.2)


def test_causal_order_claim_fails_either_way():
    assert holds("ch6-causal-order", 3e-7, 0.4)
    assert not holds("ch6-causal-order", 0.3, 0.4)  # the first block tells them apart
    assert not holds("ch6-causal-order", 3e-7, 1e-6)  # the second block does not


# --- The reference check ------------------------------------------------------------------------

@pytest.mark.parametrize("claim_id", ["ch6-reference", "ch6-reference-path",
                                      "budget-summary-reference"])
def test_reference_claims_fail_when_one_seed_misses_the_bar(studies, claim_id):
    found = evidence(studies, claim_id)
    assert holds(claim_id, *found)
    found[-1][1]["scores"]["final_valid_loss"] = NANOGPT_VALID_LOSS + 0.06
    assert not holds(claim_id, *found)


def test_path_claim_fails_when_a_seed_is_lower_or_the_difference_resolves(studies):
    reference, path = evidence(studies, "ch6-summary-path")
    assert holds("ch6-summary-path", reference, path)
    lower = copy.deepcopy(path)
    lower[0]["scores"]["final_valid_loss"] = min(cb._finals(reference)) - 0.01
    assert not holds("ch6-summary-path", reference, lower)
    for old, new in zip(sorted(reference, key=lambda r: r["seed"]),
                        sorted(path, key=lambda r: r["seed"]), strict=True):
        new["scores"]["final_valid_loss"] = old["scores"]["final_valid_loss"] + 0.02
    path[0]["scores"]["final_valid_loss"] += 1e-4  # a resolved lead, not a tie
    assert not holds("ch6-summary-path", reference, path)


# --- The first pilot and the first study ------------------------------------------------------

def test_pilot_neighbours_claim_fails_without_a_higher_rate_tried(studies):
    rounds = evidence(studies, "budget-pilot-neighbours")
    assert holds("budget-pilot-neighbours", *rounds)
    pilot = [r for found in rounds for r in found]
    best = next(r for r in pilot
                if r["config_name"] == budget_pilot.pilot_choice(pilot)["transformer"])
    rounds = [[r for r in found if not (
        r["config"]["kind"] == "transformer" and r["config"]["batch"] == best["config"]["batch"]
        and r["config"]["lr"] > best["config"]["lr"])] for found in rounds]
    assert not holds("budget-pilot-neighbours", *rounds)


def test_first_lstm_leads_fails_when_the_lstm_is_moved_up_at_one_minute(studies):
    [study] = evidence(studies, "budget-first-lstm-leads")
    assert holds("budget-first-lstm-leads", study)
    shift_mark(study, "lstm", 0, 0.3)
    assert not holds("budget-first-lstm-leads", study)


@pytest.mark.parametrize("claim_id", ["budget-first-catch-up", "budget-first-end-tie"])
def test_first_study_tie_claims_fail_when_the_gru_ends_behind(studies, claim_id):
    [study] = evidence(studies, claim_id)
    assert holds(claim_id, study)
    for i, r in enumerate(runs(study, "gru")):
        r["marks"][-1]["valid_loss"] += 0.05 + 0.001 * i
    assert not holds(claim_id, study)


def test_catch_up_fails_when_the_gru_is_level_at_eight_minutes(studies):
    [study] = evidence(studies, "budget-first-catch-up")
    for lstm, gru in zip(runs(study, "lstm"), runs(study, "gru"), strict=True):
        gru["marks"][-2]["valid_loss"] = lstm["marks"][-2]["valid_loss"]
    assert not holds("budget-first-catch-up", study)


# --- The second pilot -----------------------------------------------------------------------------

def test_rate_neighbours_claim_fails_when_a_neighbour_did_better_or_is_missing(studies):
    found = evidence(studies, "budget-rate-neighbours")
    assert holds("budget-rate-neighbours", *found)
    lr, optimiser = cpu_budget.rate_choice([r for f in found for r in f])["lstm"]

    def neighbour(records):
        return [r for r in records if r["config"]["kind"] == "lstm"
                and abs(r["config"]["lr"] - 2 * lr) < 1e-12
                and cpu_budget.optimiser_of(r["config"]) == optimiser]

    missing = [[r for r in f if r not in neighbour(f)] for f in found]
    assert not holds("budget-rate-neighbours", *missing)
    for r in (r for f in found for r in neighbour(f)):
        r["scores"]["final_valid_loss"] = 0.5  # now the best: its own neighbour was not tried
    assert not holds("budget-rate-neighbours", *found)


def test_dropout_claim_fails_when_dropout_helps_the_transformer(studies):
    [regularisation] = evidence(studies, "runs-pilot-dropout")
    assert holds("runs-pilot-dropout", regularisation)
    for r in regularisation:
        if (r["config"]["kind"] == "transformer" and r["config"]["dropout"] == 0.1
                and r["config"]["layers"] == cpu_budget.FIRST_CHOICE["transformer"][0]):
            r["scores"]["final_valid_loss"] -= 0.2
    assert not holds("runs-pilot-dropout", regularisation)


def test_dropout_claim_fails_when_a_recurrent_margin_is_not_far_below_the_spread(studies):
    [regularisation] = evidence(studies, "runs-pilot-dropout")
    chosen = cpu_budget.final_choice(regularisation)["gru"]
    for r in regularisation:
        if r["config_name"] == chosen:
            r["scores"]["final_valid_loss"] -= 0.05  # a clear winner now
    assert not holds("runs-pilot-dropout", regularisation)


# --- The grid -------------------------------------------------------------------------------------

def welch_disagrees(grid: list[dict], score: str) -> None:
    """Move the GRU's and the LSTM's ``score`` at the first mark so that the paired and the
    Welch verdicts differ: a large effect shared by both kinds of a seed, and a small,
    steady gap between the kinds, which pairing resolves and Welch's interval cannot."""
    seed_effect = {0: 0.0, 1: 0.3, 2: -0.3, 3: 0.6, 4: -0.6}
    small_gap = {0: 0.010, 1: 0.011, 2: 0.009, 3: 0.0105, 4: 0.0095}
    for r in grid:
        if r["config"]["kind"] in ("lstm", "gru"):
            gap = small_gap[r["seed"]] if r["config"]["kind"] == "gru" else 0.0
            r["marks"][0][score] = 1.8 + seed_effect[r["seed"]] + gap


def test_pairing_claim_fails_when_paired_and_welch_verdicts_differ(studies):
    halves = evidence(studies, "runs-grid-pairing")
    assert holds("runs-grid-pairing", *halves)
    welch_disagrees([r for half in halves for r in half], "valid_loss")
    assert not holds("runs-grid-pairing", *halves)


def test_pairing_claim_fails_when_one_run_reads_other_windows(studies):
    halves = evidence(studies, "runs-grid-pairing")
    halves[0][0]["config"]["batch"] = 16
    assert not holds("runs-grid-pairing", *halves)


def test_streaming_claim_fails_when_streaming_is_no_lower(studies):
    halves = evidence(studies, "budget-summary-streaming")
    assert holds("budget-summary-streaming", *halves)
    for r in (r for half in halves for r in runs(half, "gru")):
        r["marks"][-1]["streaming_loss"] = r["marks"][-1]["valid_loss"] + 0.01
    assert not holds("budget-summary-streaming", *halves)


def test_speed_claim_fails_when_the_lstm_trains_as_fast(studies):
    halves = evidence(studies, "budget-speed-tradeoff")
    assert holds("budget-speed-tradeoff", *halves)
    for r in (r for half in halves for r in runs(half, "lstm")):
        r["scores"]["steps_per_second"] *= 3
    assert not holds("budget-speed-tradeoff", *halves)


def test_speed_claim_fails_when_the_gru_generates_as_slowly(studies):
    halves = evidence(studies, "budget-speed-tradeoff")
    for r in (r for half in halves for r in runs(half, "gru")):
        short = min(r["config"]["cost_contexts"])
        r["scores"][f"seconds_per_char_state_L={short}"] *= 10
    assert not holds("budget-speed-tradeoff", *halves)


def test_gpu_claim_quantifies_over_runs_not_a_mean(studies):
    halves = evidence(studies, "budget-gpu-reads-more")
    assert holds("budget-gpu-reads-more", *halves)
    runs(halves[0], "lstm")[0]["marks"][-1]["tokens"] = cb.GPU_CHARS // 4  # one run only
    assert not holds("budget-gpu-reads-more", *halves)


# --- The final grid in its views: a loss is moved on every seed --------------------------------

def by_seed(records, kind):
    """The runs of ``kind`` in ``records`` (a study, or the grid's halves joined), by seed."""
    return {r["seed"]: r for r in runs(records, kind)}


def at_mark(index, score="report_loss"):
    """Where a run keeps its loss at its ``index``-th mark: the mark's row, and the score."""
    return lambda record: (record["marks"][index], score)


def at_updates(count):
    """Where a run of the study at equal updates keeps its report-half loss after ``count``."""
    return lambda record: (next(m for m in record["marks"] if m["mark"] == count), "report_loss")


def at_count(count):
    """Where a grid run keeps its report-half loss at the update mark ``count``."""
    def where(record):
        curve = record["curves"]["diagnostics"]["report_loss_at_updates"]
        return curve["value"], curve["at"].index(count)
    return where


def loss(record, where):
    box, key = where(record)
    return box[key]


def place(first, second, where, by, where_second=None):
    """Set the loss of each run of ``first`` to that of the same seed in ``second`` plus
    ``by``, and a little, different on each seed and zero on average, so that the paired
    interval has a width: ``by`` = 0 makes a tie, a few hundredths a lead."""
    for i, seed in enumerate(sorted(first)):
        box, key = where(first[seed])
        box[key] = loss(second[seed], where_second or where) + by + 0.001 * (i - 2)


def grid_of(halves):
    return [r for half in halves for r in half]


def counts_of(halves):
    """The update marks every grid run reached."""
    return sorted(losses_by_updates(grid_of(halves), "report")["lstm"])


def time_distance(halves):
    """The transformer's loss minus the LSTM's at ten minutes, paired: its estimate."""
    return cbf.at_end(cbf.time_pairs(grid_of(halves)))[cbf.TF_LSTM].estimate


def test_time_order_fails_when_the_lstm_ends_above_the_gru(studies):
    halves = evidence(studies, "budget-final-time-order")
    assert holds("budget-final-time-order", *halves)
    grid = grid_of(halves)
    place(by_seed(grid, "lstm"), by_seed(grid, "gru"), at_mark(-1), 0.05)
    assert not holds("budget-final-time-order", *halves)


def test_count_order_fails_when_the_lstm_is_above_the_gru_at_the_last_count(studies):
    halves = evidence(studies, "budget-final-count-order")
    assert holds("budget-final-count-order", *halves)
    grid = grid_of(halves)
    place(by_seed(grid, "lstm"), by_seed(grid, "gru"), at_count(counts_of(halves)[-1]), 0.05)
    assert not holds("budget-final-count-order", *halves)


def test_wider_fails_when_the_distance_at_the_count_is_the_distance_at_ten_minutes(studies):
    halves = evidence(studies, "budget-final-wider")
    assert holds("budget-final-wider", *halves)
    grid = grid_of(halves)
    place(by_seed(grid, "transformer"), by_seed(grid, "lstm"), at_count(counts_of(halves)[-1]),
          time_distance(halves))
    assert not holds("budget-final-wider", *halves)


@pytest.mark.parametrize("mark, by", [(0, 0.05),  # the GRU no longer below at the first mark
                                      (1, 0.05),  # no tie at the second
                                      (3, 0.0)])  # the LSTM no longer leads at the fourth
def test_early_fails_when_the_gru_and_lstm_are_moved_at_one_mark(studies, mark, by):
    halves = evidence(studies, "budget-final-early")
    assert holds("budget-final-early", *halves)
    grid = grid_of(halves)
    place(by_seed(grid, "gru"), by_seed(grid, "lstm"), at_mark(mark), by)
    assert not holds("budget-final-early", *halves)


@pytest.mark.parametrize("view", ["update count", "CPU-time mark"])
def test_transformer_last_fails_when_it_is_not_above_at_one_point(studies, view):
    halves = evidence(studies, "budget-final-transformer-last")
    assert holds("budget-final-transformer-last", *halves)
    grid = grid_of(halves)
    if view == "update count":  # below the GRU at the first count only
        place(by_seed(grid, "transformer"), by_seed(grid, "gru"),
              at_count(counts_of(halves)[0]), -0.05)
    else:  # tied with the LSTM at the first mark only
        place(by_seed(grid, "transformer"), by_seed(grid, "lstm"), at_mark(0), 0.0)
    assert not holds("budget-final-transformer-last", *halves)


def test_figure_claim_holds_on_the_committed_grid(studies):
    assert holds("fig-budget-final", *evidence(studies, "fig-budget-final"))


@pytest.mark.parametrize("first, second, where, by", [
    ("gru", "lstm", "mark 0", 0.01),  # the GRU's mean above the LSTM's at 1 minute
    ("lstm", "gru", "mark 1", 0.01),  # the two apart by 0.01 at 2 minutes
    ("lstm", "gru", "mark 2", 0.002),  # the LSTM's above the GRU's at 4 minutes
    ("transformer", "gru", "mark -1", -0.01),  # the transformer below the GRU at ten minutes
    ("transformer", "gru", "count -1", -0.001),  # below the GRU at the last count
    ("gru", "lstm", "count -1", -0.01),  # the GRU lowest at the last count
    ("lstm", "transformer", "count -1", 0.01)])  # the LSTM above the transformer there
def test_figure_claim_fails_when_one_mean_is_moved_past_another(studies, first, second, where,
                                                                  by):
    halves = evidence(studies, "fig-budget-final")
    grid = grid_of(halves)
    view, index = where.split()
    point = at_mark(int(index)) if view == "mark" else at_count(counts_of(halves)[int(index)])
    place(by_seed(grid, first), by_seed(grid, second), point, by)
    assert not holds("fig-budget-final", *halves)


def test_figure_claim_fails_when_the_transformer_stops_falling_between_two_counts(studies):
    halves = evidence(studies, "fig-budget-final")
    tf = by_seed(grid_of(halves), "transformer")
    counts = counts_of(halves)
    # its mean at the third count raised to its mean at the second, and a little more
    place(tf, tf, at_count(counts[2]), 0.001, where_second=at_count(counts[1]))
    assert not holds("fig-budget-final", *halves)


def test_welch_claim_fails_when_paired_and_welch_verdicts_differ_at_one_mark(studies):
    halves = evidence(studies, "budget-check-welch")
    assert holds("budget-check-welch", *halves)
    welch_disagrees(grid_of(halves), "report_loss")
    assert not holds("budget-check-welch", *halves)


def test_holm_claim_fails_when_a_lead_is_too_weak_to_survive_the_family(studies):
    halves = evidence(studies, "budget-final-holm")
    assert holds("budget-final-holm", *halves)
    # the GRU above the LSTM at the first mark by a margin whose own p is 0.04: its interval
    # excludes zero, but Holm multiplies that p by the number of comparisons still to test
    noise = [-1.0, -0.5, 0.0, 0.5, 1.0]
    margin = 1.02 * t_quantile(0.975, 4) * statistics.stdev(noise) / math.sqrt(5)
    lstm = by_seed(grid_of(halves), "lstm")
    for i, (seed, gru) in enumerate(sorted(by_seed(grid_of(halves), "gru").items())):
        gru["marks"][0]["report_loss"] = (lstm[seed]["marks"][0]["report_loss"]
                                          + 0.01 * (margin + noise[i]))
    assert not holds("budget-final-holm", *halves)


@pytest.mark.parametrize("claim_id", ["budget-reading-order", "budget-summary-final"])
def test_order_in_both_views_fails_when_either_view_breaks_it(studies, claim_id):
    halves = evidence(studies, claim_id)
    assert holds(claim_id, *halves)
    grid = grid_of(halves)
    place(by_seed(grid, "lstm"), by_seed(grid, "gru"), at_mark(-1), 0.02)
    assert not holds(claim_id, *halves)  # the CPU-time view
    halves = evidence(studies, claim_id)
    grid = grid_of(halves)
    last = counts_of(halves)[-1]
    place(by_seed(grid, "lstm"), by_seed(grid, "gru"), at_count(last), 0.02)
    assert not holds(claim_id, *halves)  # the view at equal updates


@pytest.mark.parametrize("claim_id", ["budget-reading-threads-kept", "budget-summary-threads"])
def test_two_thread_order_fails_when_one_seed_swaps_two_kinds(studies, claim_id):
    [threads] = evidence(studies, claim_id)
    assert holds(claim_id, threads)
    gru, transformer = by_seed(threads, "gru")[1], by_seed(threads, "transformer")[1]
    gru["marks"][-1]["report_loss"] = transformer["marks"][-1]["report_loss"] + 0.001
    assert not holds(claim_id, threads)


def test_final_streaming_fails_when_the_lstm_streams_no_lower(studies):
    halves = evidence(studies, "budget-final-streaming")
    assert holds("budget-final-streaming", *halves)
    for r in runs(grid_of(halves), "lstm"):
        r["marks"][-1]["streaming_loss"] = r["marks"][-1]["valid_loss"] + 0.01
    assert not holds("budget-final-streaming", *halves)


def test_final_streaming_fails_when_the_gru_was_not_streamed(studies):
    halves = evidence(studies, "budget-final-streaming")
    for r in runs(grid_of(halves), "gru"):
        for m in r["marks"]:
            del m["streaming_loss"]
    assert not holds("budget-final-streaming", *halves)


# --- Equal updates, each schedule complete ------------------------------------------------------

def test_equal_order_fails_when_the_lstm_ends_above_the_gru(studies):
    [counted] = evidence(studies, "budget-equal-order")
    assert holds("budget-equal-order", counted)
    place(by_seed(counted, "lstm"), by_seed(counted, "gru"), at_mark(-1), 0.05)
    assert not holds("budget-equal-order", counted)


@pytest.mark.parametrize("kind, by", [("lstm", -0.02),  # the LSTM's change resolves
                                      ("gru", 0.0)])  # the GRU's change ties
def test_schedule_claim_fails_when_a_kind_changes_otherwise(studies, kind, by):
    *halves, counted = evidence(studies, "budget-equal-schedule")
    assert holds("budget-equal-schedule", *halves, counted)
    end = counts_of(halves)[-1]
    place(by_seed(counted, kind), by_seed(grid_of(halves), kind), at_updates(end), by,
          where_second=at_count(end))
    assert not holds("budget-equal-schedule", *halves, counted)


def test_schedule_claim_fails_when_the_lstm_stood_elsewhere_in_its_schedule(studies):
    *halves, counted = evidence(studies, "budget-equal-schedule")
    for r in runs(grid_of(halves), "lstm"):
        r["scores"]["steps"] *= 1.1  # a tenth more updates in the budget: a smaller share spent
    assert not holds("budget-equal-schedule", *halves, counted)


def test_nearer_fails_when_the_counted_distance_is_larger(studies):
    *halves, counted = evidence(studies, "budget-equal-nearer")
    assert holds("budget-equal-nearer", *halves, counted)
    end, grid = counts_of(halves)[-1], grid_of(halves)
    grid_tf, grid_lstm = by_seed(grid, "transformer"), by_seed(grid, "lstm")
    tf, lstm = by_seed(counted, "transformer"), by_seed(counted, "lstm")
    for i, seed in enumerate(sorted(tf)):
        distance = loss(grid_tf[seed], at_count(end)) - loss(grid_lstm[seed], at_count(end))
        row, score = at_updates(end)(tf[seed])
        row[score] = loss(lstm[seed], at_updates(end)) + distance + 0.01 + 0.001 * (i - 2)
    assert not holds("budget-equal-nearer", *halves, counted)


@pytest.mark.parametrize("claim_id", ["budget-equal-distance", "budget-summary-equal"])
def test_distance_claims_fail_when_the_end_distance_is_the_grids(studies, claim_id):
    *halves, counted = evidence(studies, claim_id)
    assert holds(claim_id, *halves, counted)
    place(by_seed(counted, "transformer"), by_seed(counted, "lstm"), at_mark(-1),
          time_distance(halves))
    assert not holds(claim_id, *halves, counted)


def test_summary_equal_fails_when_the_order_breaks(studies):
    *halves, counted = evidence(studies, "budget-summary-equal")
    place(by_seed(counted, "gru"), by_seed(counted, "transformer"), at_mark(-1), 0.05)
    assert not holds("budget-summary-equal", *halves, counted)


@pytest.mark.parametrize("kind, by", [("gru", 0.05),  # the grid's GRU ends lower after all
                                      ("transformer", 0.0)])  # the grid's transformer ties
@pytest.mark.parametrize("claim_id", ["budget-equal-bought", "budget-reading-equal-bought"])
def test_bought_fails_when_the_grid_bought_otherwise(studies, kind, by, claim_id):
    *halves, counted = evidence(studies, claim_id)
    assert holds(claim_id, *halves, counted)
    place(by_seed(counted, kind), by_seed(grid_of(halves), kind), at_mark(-1), by)
    assert not holds(claim_id, *halves, counted)


@pytest.mark.parametrize("score", ["select_loss", "valid_loss"])
@pytest.mark.parametrize("claim_id", ["budget-equal-bought-halves", "budget-reading-bought-halves"])
def test_bought_halves_fail_when_the_grids_gru_ties_on_one_text(studies, score, claim_id):
    *halves, counted = evidence(studies, claim_id)
    assert holds(claim_id, *halves, counted)
    place(by_seed(counted, "gru"), by_seed(grid_of(halves), "gru"), at_mark(-1, score), 0.0)
    assert not holds(claim_id, *halves, counted)


def test_start_fails_when_one_run_parts_from_its_grid_run_at_the_first_count(studies):
    *halves, counted = evidence(studies, "budget-equal-start")
    assert holds("budget-equal-start", *halves, counted)
    row, score = at_updates(counts_of(halves)[0])(by_seed(counted, "gru")[3])
    row[score] += 2 * cbe.EARLY_MATCH
    assert not holds("budget-equal-start", *halves, counted)


def test_lstm_runs_fail_when_every_grid_run_is_above_its_run_here(studies):
    *halves, counted = evidence(studies, "budget-equal-lstm-runs")
    assert holds("budget-equal-lstm-runs", *halves, counted)
    count = counts_of(halves)[-1]
    place(by_seed(grid_of(halves), "lstm"), by_seed(counted, "lstm"), at_count(count), 0.02,
          where_second=at_updates(count))
    assert not holds("budget-equal-lstm-runs", *halves, counted)


def test_lstm_runs_fail_when_every_grid_run_is_further_down_its_schedule(studies):
    *halves, counted = evidence(studies, "budget-equal-lstm-runs")
    for r in by_seed(grid_of(halves), "lstm").values():
        r["scores"]["steps"] = counts_of(halves)[-1]  # at the count, the whole schedule spent
    assert not holds("budget-equal-lstm-runs", *halves, counted)


def test_every_claim_of_the_chapters_modules_is_tested_here():
    tested = {"ch6-layernorm", "ch6-scale", "ch6-equivariance", "ch6-causal-order",
              "ch6-reference", "ch6-reference-path", "budget-summary-reference",
              "ch6-summary-path", "budget-pilot-neighbours", "budget-first-lstm-leads",
              "budget-first-catch-up", "budget-first-end-tie",
              "budget-rate-neighbours",
              "runs-pilot-dropout", "runs-grid-pairing", "budget-summary-streaming",
              "budget-speed-tradeoff", "budget-gpu-reads-more", "budget-final-time-order",
              "budget-final-count-order", "budget-final-wider", "budget-final-early",
              "budget-final-transformer-last", "budget-check-welch", "budget-final-holm",
              "budget-final-streaming", "budget-reading-order", "budget-summary-final",
              "budget-reading-threads-kept", "budget-summary-threads",
              "budget-equal-order", "budget-equal-schedule", "budget-equal-nearer",
              "budget-equal-distance", "budget-summary-equal", "budget-equal-bought",
              "budget-equal-start", "fig-budget-final", "budget-equal-lstm-runs",
              "budget-reading-equal-bought", "budget-equal-bought-halves",
              "budget-reading-bought-halves"}
    assert {c.id for c in REGISTRY.values()
            if c.condition.__module__ in (cb.__name__, cbf.__name__, cbe.__name__)} == tested
