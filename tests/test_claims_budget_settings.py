"""Chapter 6's claims on the third study and its recheck round: each holds on the committed
records, and each fails when a deep copy of them is moved so that its sentence would be false.
"""

from __future__ import annotations

import copy
import statistics

import pytest

from dlbook.book import claims_budget_settings as cbs
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies import cpu_sizes
from dlbook.studies.experiments import load_study

IDS = ("budget-settings-inside", "budget-settings-warmup-edge", "budget-settings-margins",
       "budget-summary-margins", "budget-reading-round-speeds", "budget-reading-warm-updates",
       "budget-reading-rate-updates", "budget-recheck-moved", "budget-recheck-order",
       "budget-settings-halves", "budget-summary-recheck", "budget-settings-unresolved")


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    return {name: load_study(name) for name in (*cbs.ROUNDS, *cbs.RECHECK)}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def named(records, name):
    """Every record of configuration ``name``, in every list of ``records``."""
    return [r for runs in records for r in runs if r["config_name"] == name]


def third(records):
    return cbs.ThirdStudy(tuple(records[:len(cbs.ROUNDS)]))


def mean(records, key):
    return statistics.mean(r["scores"][key] for r in records)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds_on_the_committed_records(studies, claim_id):
    assert holds(claim_id, *evidence(studies, claim_id))


# --- The third study's rounds -------------------------------------------------------------------

@pytest.mark.parametrize("setting, kind", [("learning rate", "gru"), ("shape", "lstm")])
def test_unresolved_fails_when_a_choice_leads_steadily_on_both_seeds(studies, setting, kind):
    found = evidence(studies, "budget-settings-unresolved")
    assert holds("budget-settings-unresolved", *found)
    margins = third(found).margins[setting][kind]
    runner_up = {r["seed"]: r["scores"][cpu_sizes.SCORE]
                 for r in named(found, margins["runner_up"])}
    for r in named(found, margins["chosen"]):  # ahead by 0.050 and 0.051: a steady lead
        r["scores"][cpu_sizes.SCORE] = runner_up[r["seed"]] - 0.050 - 0.001 * (r["seed"] % 2)
    assert third(found).margins[setting][kind]["chosen"] == margins["chosen"]
    assert not holds("budget-settings-unresolved", *found)


def test_inside_fails_when_the_chosen_shape_is_the_largest(studies):
    found = evidence(studies, "budget-settings-inside")
    for r in named(found, third(found).chosen[2]["lstm"]):
        r["parameters"] = 10**9
    assert not holds("budget-settings-inside", *found)


def test_inside_fails_when_the_chosen_rate_is_the_lowest_that_ran(studies):
    found = evidence(studies, "budget-settings-inside")
    chosen_lr = third(found).final_config["transformer"]["lr"]
    lowest = min(r["config"]["lr"] for r in third(found).rate_pool
                 if r["config"]["kind"] == "transformer")
    for r in (r for runs in found for r in runs if r["config"]["kind"] == "transformer"
              and r["config"]["lr"] == lowest):
        r["config"]["lr"] = chosen_lr
    assert not holds("budget-settings-inside", *found)


def test_inside_fails_without_an_edge_round_of_rates(studies):
    found = evidence(studies, "budget-settings-inside")
    for r in found[cbs.ROUNDS.index(cpu_sizes.RATE_EDGE_STUDY.format(1))]:
        r["experiment"] = cpu_sizes.RATE_STUDY
    assert not holds("budget-settings-inside", *found)


def test_warmup_edge_fails_when_the_gru_takes_a_shorter_warmup(studies):
    found = evidence(studies, "budget-settings-warmup-edge")
    for name in {r["config_name"] for r in third(found).rate_pool if r["config"]["kind"] == "gru"}:
        for r in named(found, name):
            r["config"]["warmup"] = cpu_sizes.WARMUPS[1]
    assert not holds("budget-settings-warmup-edge", *found)


def test_margins_fail_when_the_seeds_agree(studies):
    # every candidate's two seeds set to their mean: the choices and margins stay, the spreads
    # vanish, so every choice leads by more than its spread
    found = evidence(studies, "budget-settings-margins")
    for name in {r["config_name"] for runs in found for r in runs}:
        runs = named(found, name)
        at_mean = mean(runs, cpu_sizes.SCORE)
        for r in runs:
            r["scores"][cpu_sizes.SCORE] = at_mean
    assert not holds("budget-settings-margins", *found)
    assert not holds("budget-summary-margins", *found)


def test_margins_fail_when_the_transformers_rate_leads_by_less_than_the_spread(studies):
    # the seeds of one transformer candidate of the rate round pulled apart, its mean kept
    found = evidence(studies, "budget-settings-margins")
    rate_round = found[cbs.ROUNDS.index(cpu_sizes.RATE_STUDY)]
    name = next(r["config_name"] for r in rate_round if r["config"]["kind"] == "transformer")
    for sign, r in zip((1, -1), named(found, name), strict=True):
        r["scores"][cpu_sizes.SCORE] += sign
    assert not holds("budget-settings-margins", *found)
    assert holds("budget-summary-margins", *found)  # more choices below the spread, not fewer


def test_round_speeds_fail_when_the_warmup_round_is_barely_faster(studies):
    found = evidence(studies, "budget-reading-round-speeds")
    study = third(found)
    shape = cbs.shape_of(study.final_config["lstm"])

    def at_shape(runs):
        return [r for r in runs
                if r["config"]["kind"] == "lstm" and cbs.shape_of(r["config"]) == shape]

    size_speed = mean(at_shape(study.size_runs), "steps_per_second")
    for r in at_shape(study.warm_runs):
        r["scores"]["steps_per_second"] = 1.1 * size_speed
    assert not holds("budget-reading-round-speeds", *found)


def test_warm_updates_fail_when_the_short_warmup_made_nearly_as_many(studies):
    found = evidence(studies, "budget-reading-warm-updates")
    study = third(found)
    chosen = study.final_config["gru"]
    short = next(r["config_name"] for r in study.size_runs if r["config"]["kind"] == "gru"
                 and cbs.shape_of(r["config"]) == cbs.shape_of(chosen)
                 and r["config"]["warmup"] == min(cpu_sizes.WARMUPS))
    for r in named(found, short):
        r["scores"]["steps"] = 0.95 * study.updates(study.chosen[1]["gru"])
    assert not holds("budget-reading-warm-updates", *found)


@pytest.mark.parametrize("kind", ["lstm", "gru", "transformer"])
def test_rate_updates_fail_when_a_rate_won_with_5_percent_more_updates(studies, kind):
    # too few more for the LSTM and the GRU (the text says more than 10%), and for the
    # transformer more rather than fewer
    found = evidence(studies, "budget-reading-rate-updates")
    study = third(found)
    margin = study.margins["learning rate"][kind]
    for r in named(found, margin["chosen"]):
        r["scores"]["steps"] = 1.05 * study.updates(margin["runner_up"])
    assert not holds("budget-reading-rate-updates", *found)


def test_halves_fail_when_one_run_scores_lower_on_the_report_half(studies):
    found = evidence(studies, "budget-settings-halves")
    run = found[cbs.ROUNDS.index(cpu_sizes.WARMUP_STUDY)][0]
    run["scores"]["final_report_loss"] = run["scores"]["final_select_loss"] - 0.01
    assert not holds("budget-settings-halves", *found)


# --- The recheck round --------------------------------------------------------------------------

def test_recheck_moved_fails_when_a_choice_leads_by_more_than_the_spread(studies):
    [recheck] = evidence(studies, "budget-recheck-moved")
    chosen = cpu_sizes.size_margins(recheck)["lstm"]["chosen"]
    for r in named([recheck], chosen):
        r["scores"][cpu_sizes.SCORE] -= 1.0
    assert not holds("budget-recheck-moved", recheck)


def test_recheck_moved_fails_when_a_choice_is_ahead_on_both_seeds(studies):
    # the choice's seeds follow its runner-up's, each lower by the margin: its mean is kept
    [recheck] = evidence(studies, "budget-recheck-moved")
    before = cpu_sizes.size_margins(recheck)
    margin = before["gru"]
    runner_up = {r["seed"]: r["scores"][cpu_sizes.SCORE] for r in named([recheck],
                                                                          margin["runner_up"])}
    for r in named([recheck], margin["chosen"]):
        r["scores"][cpu_sizes.SCORE] = runner_up[r["seed"]] - margin["margin"]
    after = cpu_sizes.size_margins(recheck)
    assert max(m["margin"] for m in after.values()) < min(m["spread"] for m in after.values())
    assert not holds("budget-recheck-moved", recheck)


@pytest.mark.parametrize(("low", "high"), [("lstm", "gru"), ("gru", "transformer")])
def test_recheck_order_fails_when_one_run_crosses(studies, low, high):
    for claim_id in ("budget-recheck-order", "budget-summary-recheck"):
        found = evidence(studies, claim_id)
        recheck = found[-1]
        highest = max(r["scores"]["final_report_loss"] for r in recheck
                      if r["config"]["kind"] == high)
        next(r for r in recheck if r["config"]["kind"] == low)["scores"][
            "final_report_loss"] = highest + 0.01
        assert not holds(claim_id, *found)


def test_summary_recheck_fails_when_the_final_choice_holds(studies):
    found = evidence(studies, "budget-summary-recheck")
    final = third(found).chosen[2]["transformer"]
    for r in named([found[-1]], final):
        r["scores"][cpu_sizes.SCORE] -= 1.0
    assert not holds("budget-summary-recheck", *found)
