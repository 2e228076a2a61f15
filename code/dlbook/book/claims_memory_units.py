"""Chapter 3's claims about what a keep gate's bias and input weights alone could keep
(``memory-test-gates``): with one-hot inputs a unit's gate sees its summed bias, the input
weight of the token that arrives and a term from the recurrent state; bounding the first two
says what the third must have done."""

from __future__ import annotations

import math

from dlbook.book.claims import claim
from dlbook.book.claims_memory import CHRONO, RETAINS, measured, runs_of


def input_only_log10(record: dict, unit: int, pick=max) -> float:
    """log10 of what ``unit`` keeps to the last step along the direct path if its keep gate
    saw, at every step, its summed bias plus one per-token input weight (``pick`` of them)
    and nothing from the recurrent state: ``(T - 1) * log10(sigmoid(b + pick_v w_v))``.
    With ``max`` it bounds from above what the bias and the input weights could keep, so any
    retention above it needs the recurrent term to open the gate on some steps; with ``min``
    it is what they keep whatever the tokens."""
    def at_end(what: str) -> float:
        return measured(record, f"keep_{what}_unit={unit:02d}")[-1]

    tokens = record["config"]["vocab"]
    pre = at_end("bias") + pick(at_end(f"token_{v}") for v in range(tokens))
    log_keep = -math.log1p(math.exp(-pre)) if pre > -30 else pre  # log sigmoid(pre)
    return (record["config"]["length"] - 1) * log_keep / math.log(10)


def retentive_unit_bounds(records: list[dict], contender: str, pick=max) -> list[float]:
    """:func:`input_only_log10` of every retentive unit of ``contender``'s runs."""
    return [input_only_log10(r, u, pick) for r in runs_of(records, contender)
            for u in range(r["config"]["hidden"])
            if measured(r, f"keep_log10_retention_unit={u:02d}")[-1] >= RETAINS]


def retentive_input_only(record: dict, at: int) -> list[float]:
    """For each retentive unit of ``record`` (at the end): its summed bias plus its largest
    per-token input weight, at the ``at``-th kept epoch (0: birth, -1: the end)."""
    tokens = record["config"]["vocab"]
    return [measured(record, f"keep_bias_unit={u:02d}")[at]
            + max(measured(record, f"keep_token_{v}_unit={u:02d}")[at] for v in range(tokens))
            for u in range(record["config"]["hidden"])
            if measured(record, f"keep_log10_retention_unit={u:02d}")[-1] >= RETAINS]


@claim("gate-plus2-inputs-fell", studies=("memory-test-gates",),
       says="in most retentive units of the GRU with update bias +2, the bias plus the largest "
            "input weight ended lower than at birth")
def plus2_inputs_fell(gates: list[dict]) -> bool:
    pairs = [(start, end) for r in runs_of(gates, "GRU (update bias +2)")
             for start, end in zip(retentive_input_only(r, 0), retentive_input_only(r, -1),
                                   strict=True)]
    return bool(pairs) and sum(end < start for start, end in pairs) > len(pairs) / 2


@claim("gate-plus2-recurrent", studies=("memory-test-gates",),
       says="no retentive unit of any run of the GRU with update bias +2 could have kept a "
            "tenth on its bias and its largest input weight alone")
def plus2_needs_the_recurrent_term(gates: list[dict]) -> bool:
    bounds = retentive_unit_bounds(gates, "GRU (update bias +2)")
    return bool(bounds) and max(bounds) < RETAINS


def chrono_floors(gates: list[dict]) -> list[float]:
    """What each retentive unit of chrono's runs keeps on its bias and its smallest input
    weight alone (:func:`input_only_log10` with ``min``)."""
    return retentive_unit_bounds(gates, CHRONO, pick=min)


@claim("gate-chrono-input-enough", studies=("memory-test-gates",),
       says="most of chrono's retentive units would keep a tenth on every sequence on their "
            "bias and smallest input weight alone")
def chrono_keeps_on_bias_and_inputs(gates: list[dict]) -> bool:
    floors = chrono_floors(gates)
    return bool(floors) and sum(f >= RETAINS for f in floors) > len(floors) / 2
