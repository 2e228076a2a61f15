"""Chapter 6's claims as code: each holds on the committed records (or on values like the
chapter's), and each fails when the evidence is moved so that its sentence would be false.

The moved records are deep copies of the committed ones with one quantity changed, so each
test shows which number the claim depends on.
"""

from __future__ import annotations

import copy

import pytest

from dlbook.book import claims_budget as cb
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies import budget_pilot, cpu_budget
from dlbook.studies.experiments import load_study
from dlbook.studies.shakespeare_studies import NANOGPT_VALID_LOSS


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    names = ("shakespeare-budget", *cb.REFERENCE, *cb.GRID, *cb.FINAL, *budget_pilot.PILOT_STUDIES,
             *cpu_budget.RATE_STUDIES, "shakespeare-cpu-pilot-regularisation")
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

def test_pairing_claim_fails_when_paired_and_welch_verdicts_differ(studies):
    halves = evidence(studies, "runs-grid-pairing")
    assert holds("runs-grid-pairing", *halves)
    seed_effect = {0: 0.0, 1: 0.3, 2: -0.3, 3: 0.6, 4: -0.6}
    small_gap = {0: 0.010, 1: 0.011, 2: 0.009, 3: 0.0105, 4: 0.0095}
    for r in (r for half in halves for r in half):
        if r["config"]["kind"] in ("lstm", "gru"):
            gap = small_gap[r["seed"]] if r["config"]["kind"] == "gru" else 0.0
            r["marks"][0]["valid_loss"] = 1.8 + seed_effect[r["seed"]] + gap
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


def test_every_claim_of_the_chapter_module_is_tested_here():
    tested = {"ch6-layernorm", "ch6-scale", "ch6-equivariance", "ch6-causal-order",
              "ch6-reference", "ch6-reference-path", "budget-summary-reference",
              "ch6-summary-path", "budget-pilot-neighbours", "budget-first-lstm-leads",
              "budget-first-catch-up", "budget-first-end-tie", "budget-rate-neighbours",
              "runs-pilot-dropout", "runs-grid-pairing", "budget-summary-streaming",
              "budget-speed-tradeoff", "budget-gpu-reads-more"}
    assert {c.id for c in REGISTRY.values() if c.condition.__module__ == cb.__name__} == tested
