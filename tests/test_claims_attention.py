"""Chapter 5's claims (dlbook.book.claims_attention) hold on the committed copy-sweep records
and fail when the key quantity of the records is moved so that the sentence reverses."""

from __future__ import annotations

import math

import pytest

from dlbook.book import claims_attention as ca
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies.experiments import load_study

S, LONG = ca.STEPS, ca.LONG_STEPS
SEEDS = (0, 1, 2, 3, 4)


@pytest.fixture(scope="module")
def sweep() -> list[dict]:
    return load_study("copy-sweep")


def moved(records: list[dict], changes: dict[tuple, float], key: str = "symbol") -> list[dict]:
    """The records with ``key`` set to the given value for each (attention, steps, L, H,
    seed); every change must hit exactly one record."""
    hit, out = set(), []
    for r in records:
        c = r["config"]
        where = (c["attention"], c["steps"], c["length"], c["hidden"], r["seed"])
        if where in changes:
            hit.add(where)
            r = {**r, "scores": {**r["scores"], key: changes[where]}}
        out.append(r)
    assert hit == set(changes), f"no record for {set(changes) - hit}"
    return out


def every_seed(attention: bool, steps: int, L: int, H: int, value: float) -> dict:
    return {(attention, steps, L, H, s): value for s in SEEDS}


def shifted_long(records: list[dict], by: float) -> dict:
    """Each plain record at four times the budget set to its own seed's score at the sweep's
    budget plus ``by``: what four times the budget would look like had it changed nothing."""
    short = {(c["length"], c["hidden"], r["seed"]): r["scores"]["symbol"]
             for r in records if not (c := r["config"])["attention"] and c["steps"] == S}
    return {(False, LONG, L, H, s): min(1.0, max(0.0, v + by)) for (L, H, s), v in short.items()}


#: Claim ID -> the records moved so that the sentence no longer holds.
REVERSALS = {
    # a 16-digit cell copied in the mean at four times the budget
    "fig-attn-plain-sweep": lambda r: moved(r, every_seed(False, LONG, 16, 128, 0.95)),
    # one seed copies 16 digits at the sweep's budget
    "att-plain-copied-short": lambda r: moved(r, {(False, S, 16, 128, 0): 0.95}),
    # width 32 copies 8 digits on every seed at four times the budget
    "ch5-plain-copied": lambda r: moved(r, every_seed(False, LONG, 8, 32, 0.95)),
    # and so four times the budget raises a fourth cell
    "att-budget-leads": lambda r: moved(r, every_seed(False, LONG, 8, 32, 0.95)),
    # a tied cell in which the seeds split: 4 of 5 at the sweep's budget, 5 at four times it
    "ch5-budget-seeds": lambda r: moved(r, {(False, S, 4, 32, 0): 0.5}),
    # four times the budget lowers every seed a little
    "att-budget-most": lambda r: moved(r, shifted_long(r, -0.01)),
    # L = 32, H = 32 gains clearly
    "ch5-budget-mean": lambda r: moved(r, every_seed(False, LONG, 32, 32, 0.6)),
    # one seed copies 32 digits at four times the budget
    "ch5-plain-long": lambda r: moved(r, {(False, LONG, 32, 128, 0): 0.95}),
    # a cell left below 0.9 with attention at four times the budget
    "fig-attn-attention-sweep": lambda r: moved(r, every_seed(True, LONG, 32, 16, 0.5)),
    # the plain decoder copies 32 digits at width 128 on every seed
    "ch5-attn-wide": lambda r: moved(r, every_seed(False, S, 32, 128, 0.95)),
    # the plain decoder copies 8 digits at width 16 and attention does not
    "att-attn-one-way": lambda r: moved(r, every_seed(False, S, 8, 16, 0.99)
                                        | every_seed(True, S, 8, 16, 0.5)),
    # a second miss at four times the budget
    "ch5-attn-cells": lambda r: moved(r, {(True, LONG, 16, 64, 2): 0.5}),
    # width 16 copies 32 digits with attention at the sweep's budget
    "ch5-attn-width": lambda r: moved(r, every_seed(True, S, 32, 16, 0.99)),
    # four times the budget leaves width 16 where it was
    "att-attn-width-closed": lambda r: moved(r, every_seed(True, LONG, 32, 16, 0.5)),
    # one seed of width 16 misses 32 digits at four times the budget
    "ch5-attn-width-long": lambda r: moved(r, {(True, LONG, 32, 16, 0): 0.5}),
    # 8 digits at width 128 copied on every seed at the sweep's budget
    "att-summary-plain": lambda r: moved(r, every_seed(False, S, 8, 128, 0.95)),
    # one seed copies 16 digits at four times the budget
    "att-summary-budget": lambda r: moved(r, {(False, LONG, 16, 128, 0): 0.95}),
    # one seed of width 32 misses 32 digits with attention at four times the budget
    "att-summary-attn": lambda r: moved(r, {(True, LONG, 32, 32, 1): 0.5}),
}

#: Claim ID -> (evidence on which it holds, evidence on which it reverses), for the claims
#: over the chapter's live runs (the execution test checks them on the real run).
LIVE = {
    "att-summary-blind": ((0.62, 0.48), (0.48, 0.62)),
    "att-summary-alignments": ((([0.35, 0.3], [0.8, 0.7])),  # a band around each target
                               (([0.8, 0.7], [0.8, 0.7]))),  # a pointer: nothing beside it
    "att-summary-temperature": (([0.01, 0.9, 2.76], math.log(16)),
                                ([0.5, 0.9, 2.1], math.log(16))),
}


def test_every_claim_of_the_chapter_has_a_reversal():
    chapter = {k for k, c in REGISTRY.items() if c.condition.__module__ == ca.__name__}
    assert chapter == set(REVERSALS) | set(LIVE)
    assert all(REGISTRY[k].studies == ("copy-sweep",) for k in REVERSALS)
    assert all(REGISTRY[k].studies == () for k in LIVE)


@pytest.mark.parametrize("claim_id", sorted(REVERSALS))
def test_claim_holds_on_the_records(sweep, claim_id):
    assert holds(claim_id, sweep) is True


@pytest.mark.parametrize("claim_id", sorted(REVERSALS))
def test_claim_fails_when_the_records_reverse(sweep, claim_id):
    assert holds(claim_id, REVERSALS[claim_id](sweep)) is False


@pytest.mark.parametrize("claim_id", sorted(LIVE))
def test_live_claim_holds_and_reverses(claim_id):
    good, bad = LIVE[claim_id]
    assert holds(claim_id, *good) is True
    assert holds(claim_id, *bad) is False


def test_the_grid_reads_the_records(sweep):
    assert len(ca.cells(sweep)) == 16 and len(ca.grid(sweep)) == 64
    assert ca.counts(sweep, False, S)[4, 128] == len(SEEDS)
    tied = ca.versus(sweep, (True, S), (False, S))[4, 128]
    assert (tied.estimate, tied.lead, tied.first_only, tied.second_only) == (0.0, 0, 0, 0)
