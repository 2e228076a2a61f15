"""Reading Chapter 6's equal-budget records: each kind's losses at each mark, who leads, and
what a character costs to generate.

A record of :func:`dlbook.studies.budget_study.run_budget_task` holds one row per budget mark
(``marks``: seconds, steps, tokens and the losses measured there). These functions gather
the rows of all seeds of each kind, so that the chapter's tables, figures and sentences read
the same numbers.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Spread:
    """``n`` seeds' values of one quantity: their ``mean``, ``low`` and ``high``."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Iterable[float]) -> Spread:
        values = list(values)
        if not values:
            raise ValueError("a spread needs at least one value")
        return cls(statistics.fmean(values), min(values), max(values), len(values))


def losses_at_marks(records: list[dict], score: str = "valid_loss"
                    ) -> dict[str, dict[float, Spread]]:
    """``{kind: {mark: Spread}}`` of ``score`` over the records (seeds) of each kind.

    ``score`` is a loss the mark rows hold: ``"valid_loss"`` (fixed windows, every kind) or
    ``"streaming_loss"`` (the carried state, recurrent kinds only; a kind without it is
    left out). Every record of a kind must have the same marks, or the means would mix
    budgets; a ``ValueError`` says which differ. A run (one configuration and seed) passed
    twice, or a ``score`` no row holds, is refused: either would change the numbers silently.
    """
    values: dict[str, dict[float, list[float]]] = {}
    runs: dict[str, int] = {}  # each run's identity -> where it came in records
    fields: set[str] = set()
    for i, record in enumerate(records):
        kind = record["config"]["kind"]
        identity = json.dumps([record["config"], record["seed"]] if "seed" in record else record,
                              sort_keys=True, default=str)
        if identity in runs:
            raise ValueError(f"records {runs[identity]} and {i} are one run ({kind}, seed "
                             f"{record.get('seed', '?')}): its seed would count twice; pass "
                             f"each record once")
        runs[identity] = i
        fields.update(name for row in record["marks"] for name in row)
        rows = [row for row in record["marks"] if score in row]
        if not rows:
            continue
        found = values.setdefault(kind, {row["mark"]: [] for row in rows})
        if sorted(found) != sorted(row["mark"] for row in rows):
            raise ValueError(f"the {kind} records disagree on their marks: {sorted(found)} "
                             f"against {[row['mark'] for row in rows]}")
        for row in rows:
            found[row["mark"]].append(row[score])
    if not values:
        losses = sorted(name for name in fields if name.endswith("_loss"))
        raise ValueError(f"score={score!r} is in no mark row of the {len(records)} records; "
                         f"the rows hold {losses}")
    return {kind: {mark: Spread.of(v) for mark, v in sorted(by_mark.items())}
            for kind, by_mark in values.items()}


def leader(at_mark: dict[str, Spread]) -> tuple[str, bool]:
    """The kind with the lowest mean loss at one mark, and whether its lead is *clear*:
    its worst seed is below the best seed of every other kind (the ranges do not overlap).
    With three seeds a clear lead is a consistent ordering, not a significance test."""
    if len(at_mark) < 2:
        raise ValueError(f"at_mark must hold at least two kinds for a leader, got "
                         f"{sorted(at_mark)}")
    first = min(at_mark, key=lambda kind: at_mark[kind].mean)
    clear = all(at_mark[first].high < spread.low
                for kind, spread in at_mark.items() if kind != first)
    return first, clear


def costs_by_method(records: list[dict]) -> dict[str, dict[int, Spread]]:
    """Seconds per generated character, ``{label: {context: Spread over seeds}}``, where the
    label is the kind for a recurrent model (one step from its state) and
    ``transformer (cache)`` or ``transformer (no cache)`` for the transformer."""
    prefix = "seconds_per_char_"
    values: dict[str, dict[int, list[float]]] = {}
    for record in records:
        kind = record["config"]["kind"]
        for name, seconds in record["scores"].items():
            if not name.startswith(prefix):
                continue
            method, length = name[len(prefix):].split("_L=")
            label = kind if method == "state" else f"{kind} ({method.replace('-', ' ')})"
            values.setdefault(label, {}).setdefault(int(length), []).append(seconds)
    return {label: {length: Spread.of(v) for length, v in sorted(by_length.items())}
            for label, by_length in values.items()}
