"""Chapter 3's claims hold on the committed records and fail on records in which they reverse."""

from __future__ import annotations

import copy

import pytest

from dlbook.book.claims import holds
from dlbook.book.claims_memory import SOLVED, compare, solved_by_seed
from dlbook.studies.experiments import load_study


@pytest.fixture(scope="module")
def first():
    return load_study("memory-test")


@pytest.fixture(scope="module")
def chrono():
    return load_study("memory-test-chrono")


def _with(records: list[dict], contender: str, solved: bool, seeds=None) -> list[dict]:
    """A copy of ``records`` in which ``contender``'s runs on ``seeds`` (default: all) scored
    just above or just below the solved threshold."""
    moved = copy.deepcopy(records)
    for record in moved:
        if record["config"]["contender"] == contender and (seeds is None
                                                           or record["seed"] in seeds):
            record["scores"]["test_accuracy"] = SOLVED + (0.01 if solved else -0.6)
    return moved


def _seeds_where(records, contender, solved):
    return {r["seed"] for r in records if r["config"]["contender"] == contender
            and (r["scores"]["test_accuracy"] >= SOLVED) == solved}


@pytest.mark.parametrize("claim", ["gate-rnn-beats-defaults", "gate-bias-raises",
                                   "gate-gru-plus1-tie", "gate-best-tie"])
def test_the_first_studys_claims_hold_on_its_records(first, claim):
    assert holds(claim, first)


def test_the_chrono_claims_hold_on_the_records(first, chrono):
    assert holds("gate-chrono", first, chrono) and holds("gate-holm", first, chrono)


def test_the_vanilla_rnn_no_longer_beats_a_default_that_solved_as_often(first):
    assert not holds("gate-rnn-beats-defaults", _with(first, "LSTM", True))
    # the vanilla RNN failing its successful seeds is a reversal too
    assert not holds("gate-rnn-beats-defaults", _with(first, "vanilla RNN", False))


def test_a_bias_that_stops_helping_breaks_its_claim(first):
    assert not holds("gate-bias-raises", _with(first, "GRU (update bias +2)", False))
    assert not holds("gate-bias-raises", _with(first, "LSTM (forget bias +1)", False))


def test_a_tie_that_becomes_a_lead_breaks_the_tie_claims(first):
    # +1 solving every seed the default GRU failed makes it lead
    assert compare(_with(first, "GRU (update bias +1)", True), "GRU (update bias +1)",
                   "GRU").lead == 1
    assert not holds("gate-gru-plus1-tie", _with(first, "GRU (update bias +1)", True))
    assert not holds("gate-best-tie", _with(first, "GRU (update bias +2)", False))


def test_chrono_leading_plus1_on_more_seeds_breaks_the_tie(first, chrono):
    plus1_failed = _seeds_where(first, "LSTM (forget bias +1)", False)
    lead = _with(first, "LSTM (forget bias +1)", False, seeds=None)
    assert not holds("gate-chrono", lead, chrono)
    assert plus1_failed  # the reversal moved real seeds
    assert not holds("gate-chrono", first, _with(chrono, "LSTM (chrono init)", False))


def test_holm_fails_when_a_lead_weakens(first, chrono):
    weaker = _with(first, "vanilla RNN", False,
                   seeds=set(sorted(_seeds_where(first, "vanilla RNN", True))[:6]))
    assert not holds("gate-holm", weaker, chrono)


# --- The gate study: where the keep gate acts, and the redraw test ------------------------

@pytest.fixture(scope="module")
def gates():
    return load_study("memory-test-gates")


def _set_series(record: dict, name: str, value: float, *, at: int | None = None) -> None:
    series = record["curves"]["diagnostics"][name]
    for i, where in enumerate(series["at"]):
        if at is None or where == at:
            series["value"][i] = value


@pytest.mark.parametrize("claim", ["gate-plus2-retains", "gate-defaults-no-unit",
                                   "gate-lookup-ending", "gate-summary-lookup"])
def test_the_gate_studys_claims_hold_on_its_records(gates, claim):
    assert holds(claim, gates)


def test_a_biased_gru_whose_mean_bias_rose_breaks_the_retention_claim(gates):
    moved = copy.deepcopy(gates)
    run = next(r for r in moved if r["config"]["contender"] == "GRU (update bias +2)")
    _set_series(run, "keep_bias_mean", 3.0, at=run["curves"]["diagnostics"][
        "keep_bias_mean"]["at"][-1])
    assert not holds("gate-plus2-retains", moved)
    # and successes that all keep a retentive unit leave nothing for "at least one kept none"
    every = copy.deepcopy(gates)
    for r in every:
        if r["config"]["contender"] == "GRU (update bias +2)":
            _set_series(r, "keep_log10_retention_unit=00", 0.0)
    assert not holds("gate-plus2-retains", every)


def test_a_default_run_with_a_retentive_unit_breaks_its_claim(gates):
    moved = copy.deepcopy(gates)
    run = next(r for r in moved if r["config"]["contender"] == "LSTM")
    _set_series(run, "keep_log10_retention_max", -0.5)
    assert not holds("gate-defaults-no-unit", moved)


def test_a_stuck_run_that_ignores_its_ending_breaks_the_lookup_claims(gates):
    moved = copy.deepcopy(gates)
    from dlbook.book.claims_memory import stuck
    run = stuck(moved)[0]
    plain = run["curves"]["diagnostics"]["scrambled_train_accuracy"]["value"][0]
    _set_series(run, "scrambled_train_accuracy", plain)  # redraws change nothing
    assert not holds("gate-lookup-ending", moved)
    assert not holds("gate-summary-lookup", moved)
    won = copy.deepcopy(gates)
    solver = next(r for r in won if r["scores"]["test_accuracy"] >= SOLVED)
    _set_series(solver, "scrambled_test_accuracy", 0.5, at=79)  # a success that read the end
    assert not holds("gate-lookup-ending", won)


@pytest.fixture(scope="module")
def dynamics():
    return load_study("memory-test-dynamics")


def test_the_other_sections_claims_hold_and_reverse(first, chrono, dynamics):
    assert holds("gate-all-or-nothing", first, chrono)
    middling = copy.deepcopy(first)
    for record in middling[:len(middling) // 10]:
        record["scores"]["test_accuracy"] = 0.6  # a tenth of the runs in between
    assert not holds("gate-all-or-nothing", middling, chrono)
    assert holds("gate-birth-zero", first)
    lucky = copy.deepcopy(first)
    for record in lucky:
        if record["config"]["contender"] == "vanilla RNN" and \
                record["scores"]["signal_at_birth"] == 0.0:
            record["scores"]["test_accuracy"] = 1.0
    assert not holds("gate-birth-zero", lucky)
    assert holds("gate-gru-bias-falls", dynamics)
    risen = copy.deepcopy(dynamics)
    run = next(r for r in risen if r["config"]["contender"] == "GRU")
    run["curves"]["diagnostics"]["keep_bias"]["value"][-1] = 5.0
    assert not holds("gate-gru-bias-falls", risen)


# --- Four times the epochs, and the lookup control ---------------------------------------

@pytest.fixture(scope="module")
def long_studies():
    return load_study("memory-test-long"), load_study("memory-test-long-solvers")


def test_the_long_claims_hold_on_the_records(first, chrono, long_studies):
    long_first, long_rest = long_studies
    assert holds("gate-long-kept", first, long_first, long_rest)
    assert holds("gate-lookup-control", long_rest)
    assert holds("gate-pairs-320", first, chrono, long_first, long_rest)


def test_a_success_lost_by_epoch_320_breaks_gate_long_kept(first, long_studies):
    long_first, long_rest = long_studies
    moved = copy.deepcopy(long_rest)
    run = next(r for r in moved if r["scores"]["test_accuracy"] >= SOLVED)
    run["scores"]["test_accuracy"] = 0.3  # succeeded at 80, failed at 320
    assert not holds("gate-long-kept", first, long_first, moved)
    late = copy.deepcopy(long_first)
    run = next(r for r in late if r["scores"]["test_accuracy"] < SOLVED)
    run["scores"]["test_accuracy"] = 1.0  # a failure of the first study that came good
    assert not holds("gate-long-kept", first, late, long_rest)


def test_a_vanilla_failure_that_needs_its_early_tokens_breaks_the_control_claim(long_studies):
    from dlbook.book.claims_memory import stuck

    _, long_rest = long_studies
    moved = copy.deepcopy(long_rest)
    run = next(r for r in stuck(moved) if r["config"]["contender"] == "vanilla RNN")
    early = run["curves"]["diagnostics"]["early_scrambled_train_accuracy"]
    early["value"] = [early["value"][0]] + [0.25] * (len(early["value"]) - 1)
    assert not holds("gate-lookup-control", moved)


def test_a_third_comparison_that_moves_breaks_gate_pairs_320(first, chrono, long_studies):
    long_first, long_rest = long_studies
    moved = copy.deepcopy(long_first)
    for r in moved:
        if r["config"]["contender"] == "GRU (update bias +1)":
            r["scores"]["test_accuracy"] = 1.0  # +1 now leads the default GRU at 320
    assert not holds("gate-pairs-320", first, chrono, moved, long_rest)


# --- the learning-rate control (memory-test-rate) -----------------------------------------

RECIPE_LR = 3e-3


@pytest.fixture(scope="module")
def rate():
    return load_study("memory-test-rate")


def _at_rate(records, contender, lr, solved, seeds=None):
    """``records`` with ``contender``'s runs at ``lr`` (on ``seeds``) just above or far below
    the threshold; the other rates' runs untouched."""
    moved = copy.deepcopy(records)
    for record in moved:
        if (record["config"]["contender"], record["config"]["lr"]) == (contender, lr) and (
                seeds is None or record["seed"] in seeds):
            record["scores"]["test_accuracy"] = SOLVED + (0.01 if solved else -0.6)
    return moved


def test_the_rate_claims_hold_on_the_records(rate):
    assert holds("gate-rate-leads", rate, RECIPE_LR)
    assert holds("gate-rate-falls", rate)
    assert holds("gate-lookup-control-80", rate)


def test_the_rate_leads_fail_when_a_gate_catches_up_or_the_high_rate_separates(rate):
    assert not holds("gate-rate-leads", _at_rate(rate, "LSTM", 1e-3, True), RECIPE_LR)
    assert not holds("gate-rate-leads", _at_rate(rate, "GRU", RECIPE_LR, True), RECIPE_LR)
    assert not holds("gate-rate-leads", _at_rate(rate, "vanilla RNN", 1e-2, True), RECIPE_LR)


def test_the_holm_reading_fails_when_the_recipe_rate_lead_grows_or_the_low_rate_lead_shrinks(rate):
    assert holds("gate-rate-holm", rate, RECIPE_LR)
    # stronger leads at the recipe's rate would survive Holm, which the sentence denies
    stronger = _at_rate(rate, "vanilla RNN", RECIPE_LR, True)
    assert not holds("gate-rate-holm", stronger, RECIPE_LR)
    vanilla_won = sorted(s for s, won in solved_by_seed(rate, "vanilla RNN", lr=1e-3).items()
                         if won)
    weaker = _at_rate(rate, "vanilla RNN", 1e-3, False, seeds=set(vanilla_won[:10]))
    assert not holds("gate-rate-holm", weaker, RECIPE_LR)


def test_the_rate_trend_fails_when_a_higher_rate_does_as_well_or_the_gru_succeeds(rate):
    assert not holds("gate-rate-falls", _at_rate(rate, "vanilla RNN", RECIPE_LR, True))
    assert not holds("gate-rate-falls", _at_rate(rate, "LSTM", 1e-2, True, seeds={0}))
    assert not holds("gate-rate-falls", _at_rate(rate, "GRU", 1e-2, True, seeds={0}))


def test_the_control_at_80_epochs_fails_when_a_failure_needs_its_early_tokens(rate):
    from dlbook.book.claims_memory import stuck

    moved = copy.deepcopy(rate)
    victim = stuck(moved)[0]["curves"]["diagnostics"]["early_scrambled_train_accuracy"]
    victim["value"][victim["at"].index(16)] = 0.25  # the early redraw took all the fit
    assert not holds("gate-lookup-control-80", moved)
    moved = copy.deepcopy(rate)
    victim = stuck(moved)[-1]["curves"]["diagnostics"]["scrambled_train_accuracy"]
    victim["value"][victim["at"].index(16)] = victim["value"][0]  # the ending took none
    assert not holds("gate-lookup-control-80", moved)


def test_never_worse_fails_when_a_gate_outscores_the_vanilla_rnn_at_one_rate(rate):
    assert holds("gate-rate-never-worse", rate)
    assert not holds("gate-rate-never-worse", _at_rate(rate, "GRU", 1e-2, True, seeds={0, 1, 2}))
    assert not holds("gate-rate-never-worse", _at_rate(rate, "LSTM", 1e-3, True))


def test_the_rate_leads_fail_when_a_contender_succeeds_often_at_the_highest_rate(rate):
    # three successes of each contender at the highest rate: still a tie, but no longer
    # "failed on at least nine runs in ten"
    moved = rate
    for name in ("vanilla RNN", "LSTM", "GRU"):
        moved = _at_rate(moved, name, 1e-2, True, seeds={0, 1, 2})
    assert not holds("gate-rate-leads", moved, RECIPE_LR)


def test_the_recurrent_reading_fails_when_bias_and_inputs_could_keep_a_tenth(gates):
    from dlbook.book.claims_memory import RETAINS, measured, runs_of

    assert holds("gate-plus2-recurrent", gates)
    moved = copy.deepcopy(gates)
    run = next(r for r in runs_of(moved, "GRU (update bias +2)")
               if any(measured(r, f"keep_log10_retention_unit={u:02d}")[-1] >= RETAINS
                      for u in range(32)))
    unit = next(u for u in range(32)
                if measured(run, f"keep_log10_retention_unit={u:02d}")[-1] >= RETAINS)
    run["curves"]["diagnostics"][f"keep_bias_unit={unit:02d}"]["value"][-1] = 8.0
    assert not holds("gate-plus2-recurrent", moved)
    moved = copy.deepcopy(gates)
    for run in runs_of(moved, "GRU (update bias +2)"):  # input weights outweigh the bias
        for u in range(32):
            run["curves"]["diagnostics"][f"keep_token_0_unit={u:02d}"]["value"][-1] = 12.0
    assert holds("gate-plus2-inputs-fell", gates)
    assert not holds("gate-plus2-inputs-fell", moved)


def test_the_high_rate_reading_fails_when_the_vanilla_rnn_kept_nothing_there(rate):
    moved = copy.deepcopy(rate)
    for record in moved:
        if (record["config"]["contender"], record["config"]["lr"]) == ("vanilla RNN", 1e-2):
            record["scores"]["test_accuracy"] = 0.25
    assert not holds("gate-rate-leads", moved, RECIPE_LR)


def test_the_rate_trend_fails_when_its_second_step_is_resolved(rate):
    # every vanilla run fails at the highest rate and solves at the recipe's: a resolved fall
    moved = _at_rate(_at_rate(rate, "vanilla RNN", 1e-2, False), "vanilla RNN", RECIPE_LR, True)
    assert not holds("gate-rate-falls", moved)


def test_chronos_input_floor_fails_when_its_biases_fall_to_zero(gates):
    assert holds("gate-chrono-input-enough", gates)
    moved = copy.deepcopy(gates)
    for record in moved:
        if record["config"]["contender"] == "LSTM (chrono init)":
            for u in range(32):
                record["curves"]["diagnostics"][f"keep_bias_unit={u:02d}"]["value"][-1] = 0.0
    assert not holds("gate-chrono-input-enough", moved)


def test_the_second_processor_claim_fails_when_one_shared_run_differs(rate, gates):
    long = load_study("memory-test-long-solvers")
    assert holds("gate-second-processor-repeats", rate, gates, long)
    moved = copy.deepcopy(rate)
    at_recipe = next(r for r in moved if r["config"]["lr"] == RECIPE_LR)
    at_recipe["curves"]["train_loss"]["value"][3] += 1e-9
    assert not holds("gate-second-processor-repeats", moved, gates, long)


def test_the_rerun_claim_fails_when_the_second_processor_keeps_holm(first, chrono, rate):
    assert holds("gate-rate-rerun", first, chrono, rate, RECIPE_LR)
    stronger = _at_rate(rate, "vanilla RNN", RECIPE_LR, True)
    assert not holds("gate-rate-rerun", first, chrono, stronger, RECIPE_LR)


def test_the_partial_claim_fails_when_the_high_rate_failures_sit_at_chance(rate):
    assert holds("gate-rate-partial", rate)
    moved = copy.deepcopy(rate)
    for record in moved:
        if (record["config"]["contender"], record["config"]["lr"]) == ("vanilla RNN", 1e-2):
            if record["scores"]["test_accuracy"] < SOLVED:
                record["scores"]["test_accuracy"] = 0.26
    assert not holds("gate-rate-partial", moved)


def test_the_high_rate_reading_fails_when_a_gate_kept_some_memory_there(rate):
    moved = copy.deepcopy(rate)
    for record in moved:
        if (record["config"]["contender"], record["config"]["lr"]) == ("GRU", 1e-2):
            record["scores"]["test_accuracy"] = 0.3  # above chance on every seed, not solved
    assert not holds("gate-rate-leads", moved, RECIPE_LR)
