"""The claims on the two rounds after the grid that recheck one setting each (dlbook.book.
claims_budget_rounds): each holds on the committed records and fails when the records read
otherwise."""

from __future__ import annotations

import copy

import pytest

from dlbook.book import claims_budget_rounds as cbr
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies import cpu_final, cpu_settings, cpu_sizes
from dlbook.studies.experiments import load_study

DROPOUT_IDS = ("budget-reading-dropout", "runs-dropout-recheck")
WARMUP_IDS = ("runs-warmup-edge", "budget-reading-warmup")
IDS = (*DROPOUT_IDS, "runs-dropout-seeds", "runs-dropout-speed", "runs-dropout-speed-lstm",
       "runs-dropout-speed-neighbour", *WARMUP_IDS, "runs-warmup-edge-again",
       "runs-warmup-again-neighbours", "runs-neighbour-check")
SCORE = cpu_sizes.SCORE


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    return {name: load_study(name) for name in (*cbr.DROPOUT_ROUND, *cbr.WARMUP_ROUND,
                                                *cbr.WARMUP_AGAIN, *cbr.NEIGHBOUR)}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def runs_at(records, kind, key, value):
    return [r for r in records if r["config"]["kind"] == kind and r["config"][key] == value]


def final_loss(records, kind):
    """The final choice's selection-half loss by seed."""
    return {r["seed"]: r["scores"][SCORE] for r in records
            if r["config_name"] == cpu_final.FINAL_CHOICE[kind]}


def set_loss(records, loss):
    for r in records:
        r["scores"][SCORE] = loss(r)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds_on_the_committed_records(studies, claim_id):
    assert holds(claim_id, *evidence(studies, claim_id))


def test_every_claim_of_the_module_is_tested_here():
    assert {i for i, c in REGISTRY.items() if c.condition.__module__ == cbr.__name__} == set(IDS)


@pytest.mark.parametrize("claim_id", DROPOUT_IDS)
def test_dropout_fails_when_the_transformers_margin_falls_inside_its_spread(studies, claim_id):
    [records] = evidence(studies, claim_id)
    final = final_loss(records, "transformer")
    set_loss(runs_at(records, "transformer", "dropout", 0.1),
             lambda r: final[r["seed"]] + (0.004 if r["seed"] == cpu_sizes.SEEDS[0] else -0.002))
    assert not holds(claim_id, records)


@pytest.mark.parametrize("claim_id", DROPOUT_IDS)
@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_dropout_fails_when_a_recurrent_kind_keeps_its_dropout(studies, claim_id, kind):
    [records] = evidence(studies, claim_id)
    final = final_loss(records, kind)
    set_loss(runs_at(records, kind, "dropout", 0.0), lambda r: final[r["seed"]] + 0.001)
    assert not holds(claim_id, records)


@pytest.mark.parametrize("claim_id", DROPOUT_IDS)
@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_dropout_fails_when_a_recurrent_kind_moves_by_more_than_its_spread(studies, claim_id,
                                                                           kind):
    [records] = evidence(studies, claim_id)
    final = final_loss(records, kind)
    set_loss(runs_at(records, kind, "dropout", 0.0), lambda r: final[r["seed"]] - 0.05)
    assert not holds(claim_id, records)


@pytest.mark.parametrize("claim_id", DROPOUT_IDS)
def test_dropout_fails_when_a_kind_moves_to_another_dropout_than_zero(studies, claim_id):
    [records] = evidence(studies, claim_id)
    final = final_loss(records, "gru")
    set_loss(runs_at(records, "gru", "dropout", 0.2), lambda r: final[r["seed"]] - 0.005)
    assert not holds(claim_id, records)


def test_dropout_seeds_fails_when_the_lstm_is_ahead_without_dropout_on_both_seeds(studies):
    [records] = evidence(studies, "runs-dropout-seeds")
    final = final_loss(records, "lstm")
    set_loss(runs_at(records, "lstm", "dropout", 0.0), lambda r: final[r["seed"]] - 0.001)
    assert not holds("runs-dropout-seeds", records)


def test_dropout_seeds_fails_when_the_gru_is_behind_without_dropout_on_a_seed(studies):
    [records] = evidence(studies, "runs-dropout-seeds")
    final = final_loss(records, "gru")
    set_loss(runs_at(records, "gru", "dropout", 0.0),
             lambda r: final[r["seed"]] + (0.001 if r["seed"] == cpu_sizes.SEEDS[0] else -0.01))
    assert not holds("runs-dropout-seeds", records)


def test_dropout_speed_fails_when_dropout_costs_less_than_a_tenth_of_the_speed(studies):
    [records] = evidence(studies, "runs-dropout-speed")
    fast = cbr.updates_per_second(records, "transformer", 0.0)
    for r in runs_at(records, "transformer", "dropout", 0.1):
        r["scores"]["steps_per_second"] = 0.95 * fast
    assert not holds("runs-dropout-speed", records)


def test_dropout_recheck_fails_when_the_transformers_margin_is_under_twice_its_spread(studies):
    [records] = evidence(studies, "runs-dropout-recheck")
    moves = cbr.setting_moves(records)["transformer"]
    spread = moves["spread"]
    # move the run at 0.1 as a whole, keeping its seeds' gap (the spread), to 1.5 spreads
    set_loss(runs_at(records, "transformer", "dropout", 0.1),
             lambda r: r["scores"][SCORE] - moves["margin"] + 1.5 * spread)
    assert cbr.setting_moves(records)["transformer"]["spread"] == pytest.approx(spread)
    assert holds("budget-reading-dropout", records)  # the weaker sentence still holds
    assert not holds("runs-dropout-recheck", records)


def test_dropout_speed_lstm_fails_when_dropout_slows_the_lstm(studies):
    [records] = evidence(studies, "runs-dropout-speed-lstm")
    slow = cbr.updates_per_second(records, "lstm", 0.0)
    for r in runs_at(records, "lstm", "dropout", 0.1):
        r["scores"]["steps_per_second"] = 0.95 * slow
    assert not holds("runs-dropout-speed-lstm", records)


def test_dropout_speed_neighbour_fails_when_the_run_beside_a_gru_is_no_faster(studies):
    dropout, warmup = evidence(studies, "runs-dropout-speed-neighbour")
    slow = cbr.updates_per_second(dropout, "transformer", 0.1)
    for r in warmup:
        if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]:
            r["scores"]["steps_per_second"] = 1.05 * slow
    assert not holds("runs-dropout-speed-neighbour", dropout, warmup)


def test_dropout_speed_neighbour_fails_when_the_neighbours_are_the_same_kind(studies):
    dropout, warmup = evidence(studies, "runs-dropout-speed-neighbour")
    for r in runs_at(dropout, "lstm", "dropout", 0.0):
        r["config"]["kind"] = "gru"
    assert not holds("runs-dropout-speed-neighbour", dropout, warmup)


def shift_longer_warmup(records, kind, by):
    """Set each seed's run at the longer warm-up to the final choice's loss plus ``by(seed)``."""
    final = final_loss(records, kind)
    for r in records:
        if r["config"]["kind"] == kind and r["config_name"] != cpu_final.FINAL_CHOICE[kind]:
            r["scores"][SCORE] = final[r["seed"]] + by(r["seed"])


@pytest.mark.parametrize("claim_id", WARMUP_IDS)
def test_warmup_fails_when_the_gru_moves(studies, claim_id):
    records, *again = evidence(studies, claim_id)
    shift_longer_warmup(records, "gru", lambda seed: -0.001)
    assert not holds(claim_id, records, *again)


@pytest.mark.parametrize("claim_id", WARMUP_IDS)
def test_warmup_fails_when_the_transformer_holds(studies, claim_id):
    records, *again = evidence(studies, claim_id)
    shift_longer_warmup(records, "transformer", lambda seed: 0.001)
    assert not holds(claim_id, records, *again)


@pytest.mark.parametrize("claim_id", WARMUP_IDS)
def test_warmup_fails_when_the_transformer_moves_by_far_more_than_its_spread(studies,
                                                                             claim_id):
    records, *again = evidence(studies, claim_id)
    shift_longer_warmup(records, "transformer", lambda seed: -0.05)
    assert not holds(claim_id, records, *again)


def test_warmup_edge_fails_when_the_transformer_moves_within_its_spread(studies):
    [records] = evidence(studies, "runs-warmup-edge")
    shift_longer_warmup(records, "transformer",
                        lambda seed: -0.004 if seed == cpu_sizes.SEEDS[0] else 0.002)
    assert not holds("runs-warmup-edge", records)


def test_warmup_edge_fails_when_the_gru_holds_by_more_than_its_spread(studies):
    [records] = evidence(studies, "runs-warmup-edge")
    shift_longer_warmup(records, "gru", lambda seed: 0.05)
    assert not holds("runs-warmup-edge", records)


def test_warmup_reading_fails_when_the_transformer_moves_by_well_under_one_spread(studies):
    records, again = evidence(studies, "budget-reading-warmup")
    shift_longer_warmup(records, "transformer",
                        lambda seed: -0.011 if seed == cpu_sizes.SEEDS[0] else 0.009)
    assert not holds("budget-reading-warmup", records, again)


def grid_warmup(records):
    [warmup] = {r["config"]["warmup"] for r in records
                if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    return warmup


@pytest.mark.parametrize("claim_id", ["runs-warmup-edge-again", "budget-reading-warmup"])
def test_warmup_again_fails_when_the_first_edge_rounds_choice_wins_the_second(studies,
                                                                              claim_id):
    *first, again = evidence(studies, claim_id)
    chosen = cpu_settings.WARMUP_EDGE_CHOICE["transformer"]
    grid = {r["seed"]: r["scores"][SCORE] for r in again
            if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    set_loss([r for r in again if r["config_name"] == chosen], lambda r: grid[r["seed"]] - 0.001)
    assert not holds(claim_id, *first, again)


def test_warmup_again_fails_when_the_grids_warmup_wins_by_more_than_its_spread(studies):
    [again] = evidence(studies, "runs-warmup-edge-again")
    grid = {r["seed"]: r["scores"][SCORE] for r in again
            if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    set_loss([r for r in again if r["config_name"] != cpu_final.FINAL_CHOICE["transformer"]],
             lambda r: grid[r["seed"]] + 0.1)
    assert not holds("runs-warmup-edge-again", again)


def test_neighbours_fail_when_the_grids_run_is_no_faster_beside_a_transformer(studies):
    dropout, warmup, again = evidence(studies, "runs-warmup-again-neighbours")
    slow = max(cbr.grid_run_speeds(warmup))
    for r in again:
        r["scores"]["steps_per_second"] = 1.1 * slow
    assert not holds("runs-warmup-again-neighbours", dropout, warmup, again)


def test_neighbours_fail_when_the_grids_run_drops_by_less_than_the_margin_on_a_seed(studies):
    dropout, warmup, again = evidence(studies, "runs-warmup-again-neighbours")
    before = {r["seed"]: r["scores"][SCORE] for r in warmup
              if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    for r in again:
        if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]:
            r["scores"][SCORE] = before[r["seed"]] - 0.001
    assert not holds("runs-warmup-again-neighbours", dropout, warmup, again)


def test_neighbours_fail_when_a_run_of_the_second_round_ran_beside_a_recurrent_model(studies):
    dropout, warmup, again = evidence(studies, "runs-warmup-again-neighbours")
    for r in again:
        if r["config"]["warmup"] != grid_warmup(again):
            r["config"]["kind"] = "gru"
    assert not holds("runs-warmup-again-neighbours", dropout, warmup, again)


def test_neighbour_check_fails_when_the_transformer_runs_as_fast_as_in_the_first_round(studies):
    first, again, check = evidence(studies, "runs-neighbour-check")
    slow = cbr.kind_speeds(first, "transformer")
    for r, speed in zip((r for r in check if r["config"]["kind"] == "transformer"), slow,
                        strict=True):
        r["scores"]["steps_per_second"] = speed
    assert not holds("runs-neighbour-check", first, again, check)


def test_neighbour_check_fails_when_the_gru_runs_as_fast_as_in_the_first_round(studies):
    first, again, check = evidence(studies, "runs-neighbour-check")
    for r in check:
        if r["config"]["kind"] == "gru":
            r["scores"]["steps_per_second"] = 1.1 * max(cbr.kind_speeds(first, "gru"))
    assert not holds("runs-neighbour-check", first, again, check)


def test_neighbour_check_fails_when_a_transformer_ran_beside_a_transformer(studies):
    first, again, check = evidence(studies, "runs-neighbour-check")
    for r in check:
        r["config"]["kind"] = "transformer"
    assert not holds("runs-neighbour-check", first, again, check)


def test_neighbour_check_fails_when_the_check_ran_other_training_code(studies):
    first, again, check = evidence(studies, "runs-neighbour-check")
    for r in check:
        r["git"]["source_files"]["training.py"] = "0" * 64
    assert cbr.changed_sources((*first, *check)) >= {"training.py"}
    assert not holds("runs-neighbour-check", first, again, check)


def test_neighbour_check_fails_when_the_transformer_is_no_faster_than_in_the_second_round(
        studies):
    first, again, check = evidence(studies, "runs-neighbour-check")
    for r in check:
        if r["config"]["kind"] == "transformer":
            r["scores"]["steps_per_second"] = min(cbr.kind_speeds(again, "transformer"))
    assert not holds("runs-neighbour-check", first, again, check)
