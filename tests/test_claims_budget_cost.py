"""Chapter 6's claims on what a character costs to generate: each holds on the committed
records, and each fails when a deep copy of them is moved so that its sentence would be false.
"""

from __future__ import annotations

import copy

import pytest

from dlbook.book import claims_budget_cost as cbc
from dlbook.book.claims import REGISTRY, holds
from dlbook.book.claims_budget import FINAL
from dlbook.studies.experiments import load_study

IDS = ("fig-budget-cost", "budget-cost-nocache", "budget-cost-cached-grows",
       "budget-cost-lstm-short", "budget-cost-count", "budget-cost-middle")
#: The score each method's cost is kept under, before its context length.
SCORE = {"LSTM": "seconds_per_char_state", "GRU": "seconds_per_char_state",
         cbc.CACHED: "seconds_per_char_cache", cbc.UNCACHED: "seconds_per_char_no-cache"}
KIND = {"LSTM": "lstm", "GRU": "gru", cbc.CACHED: "transformer", cbc.UNCACHED: "transformer"}


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    return {name: load_study(name) for name in FINAL}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def grid(records):
    """The final grid's runs among ``records`` (its two halves come first)."""
    return [r for half in records[:len(FINAL)] for r in half]


def timed(records, method):
    """``(run, {context: score name})`` for every run of the grid that timed ``method``."""
    return [(r, {n: f"{SCORE[method]}_L={n}" for n in r["config"]["cost_contexts"]})
            for r in grid(records) if r["config"]["kind"] == KIND[method]]


def scale(records, method, factor, *, contexts=None):
    """Multiply ``method``'s cost in every run by ``factor``, at ``contexts`` (default all)."""
    for run, names in timed(records, method):
        for n, name in names.items():
            if contexts is None or n in contexts:
                run["scores"][name] *= factor


def costs(records):
    return cbc.generation_costs(grid(records))


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds_on_the_committed_records(studies, claim_id):
    assert holds(claim_id, *evidence(studies, claim_id))


def test_the_printed_numbers_are_those_the_claims_read(studies):
    runs = grid(evidence(studies, "fig-budget-cost"))
    assert cbc.cost_contexts(runs) == [64, 256, 1024]
    # D = 96: (12 D + 2 * 1,024) / (12 D + 2 * 64)
    assert cbc.counted_growth(runs) == pytest.approx(3200 / 1280)
    assert cbc.attention_crossover(runs) == 6 * 96
    middle = cbc.generation_costs(runs)[cbc.CACHED][256]
    assert middle.low <= cbc.predicted_middle(runs) <= middle.high


def test_contexts_that_differ_between_runs_are_refused(studies):
    runs = grid(evidence(studies, "fig-budget-cost"))
    runs[0]["config"]["cost_contexts"] = [64, 256]
    with pytest.raises(ValueError, match="cost_contexts"):
        cbc.cost_contexts(runs)


# --- The figure's lines -------------------------------------------------------------------------

def grow_to(records, method, target, *, at=1024):
    """Move ``method``'s cost at context ``at`` (the longest or the shortest) so that its
    growth from the shortest context to the longest becomes ``target``."""
    factor = target / cbc.growth(grid(records))[method]
    scale(records, method, factor if at == 1024 else 1 / factor, contexts={at})
    assert cbc.growth(grid(records))[method] == pytest.approx(target)


@pytest.mark.parametrize("method", ["LSTM", "GRU"])
def test_figure_fails_when_a_recurrent_line_grows_by_a_fifth(studies, method):
    found = evidence(studies, "fig-budget-cost")
    grow_to(found, method, 1.21)
    assert not holds("fig-budget-cost", *found)


def test_figure_fails_when_one_lstm_run_is_below_a_gru_run(studies):
    found = evidence(studies, "fig-budget-cost")
    gru_high = costs(found)["GRU"][256].high
    run, names = timed(found, "LSTM")[0]
    run["scores"][names[256]] = 0.9 * gru_high
    assert not holds("fig-budget-cost", *found)


@pytest.mark.parametrize(("target", "at"), [(1.19, 1024), (3.01, 64)])
def test_figure_fails_when_the_cached_line_is_flat_or_steep(studies, target, at):
    # not rising gently: a growth just below 1.2, or just above 3 with the line still below
    # every LSTM run
    found = evidence(studies, "fig-budget-cost")
    grow_to(found, cbc.CACHED, target, at=at)
    assert not holds("fig-budget-cost", *found)


def test_figure_fails_when_the_uncached_line_grows_less_than_tenfold(studies):
    found = evidence(studies, "fig-budget-cost")
    grow_to(found, cbc.UNCACHED, 9.9)
    assert not holds("fig-budget-cost", *found)


def test_figure_fails_when_the_uncached_pass_is_dearest_at_64_characters(studies):
    # every uncached cost half as high again: its growth kept, above the LSTM's at 64
    found = evidence(studies, "fig-budget-cost")
    scale(found, cbc.UNCACHED, 1.5)
    assert cbc.growth(grid(found))[cbc.UNCACHED] > 10
    assert not holds("fig-budget-cost", *found)


def test_figure_fails_when_the_lstm_is_slowest_at_a_longer_context(studies):
    # every uncached cost cut to 0.3 of itself: its growth kept, below the LSTM's at 256
    found = evidence(studies, "fig-budget-cost")
    scale(found, cbc.UNCACHED, 0.3)
    assert not holds("fig-budget-cost", *found)


# --- The sentences beside it --------------------------------------------------------------------

def test_nocache_fails_when_the_uncached_cost_stays_flat(studies):
    found = evidence(studies, "budget-cost-nocache")
    for run, names in timed(found, cbc.UNCACHED):
        for name in names.values():
            run["scores"][name] = run["scores"][names[64]]
    assert not holds("budget-cost-nocache", *found)


def test_nocache_fails_when_the_cache_saves_nothing_at_the_longest_context(studies):
    found = evidence(studies, "budget-cost-nocache")
    scale(found, cbc.CACHED, 25, contexts={1024})  # the cache 21 times cheaper, now dearer
    assert cbc.cache_saving(grid(found)) < 1
    assert not holds("budget-cost-nocache", *found)


def test_cached_grows_fails_when_the_middle_context_costs_more_than_the_longest(studies):
    found = evidence(studies, "budget-cost-cached-grows")
    for run, names in timed(found, cbc.CACHED):
        run["scores"][names[256]] = 1.01 * run["scores"][names[1024]]
    assert not holds("budget-cost-cached-grows", *found)


def test_lstm_short_fails_when_one_lstm_step_is_cheaper_than_one_pass(studies):
    found = evidence(studies, "budget-cost-lstm-short")
    run, names = timed(found, "LSTM")[0]
    run["scores"][names[64]] = 0.99 * costs(found)[cbc.UNCACHED][64].high
    assert not holds("budget-cost-lstm-short", *found)
    assert holds("fig-budget-cost", *found)  # the means keep the figure's order


def test_count_fails_when_the_count_predicts_less_growth_than_measured(studies):
    # a wider transformer: (12D + 2048) / (12D + 128) at D = 1,000 is about 1.16, below 1.4
    found = evidence(studies, "budget-cost-count")
    for run in grid(found):
        if run["config"]["kind"] == "transformer":
            run["config"]["dim"] = 1000
    assert cbc.counted_growth(grid(found)) < cbc.growth(grid(found))[cbc.CACHED]
    assert not holds("budget-cost-count", *found)


@pytest.mark.parametrize("shift", [-2e-5, 2e-5])
def test_middle_fails_when_the_runs_at_the_middle_context_move_off_the_line(studies, shift):
    # every run's cached cost at 256 moved by 0.02 ms; the line through 64 and 1,024 stays
    found = evidence(studies, "budget-cost-middle")
    for run, names in timed(found, cbc.CACHED):
        run["scores"][names[256]] += shift
    assert not holds("budget-cost-middle", *found)
