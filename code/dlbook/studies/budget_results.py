"""Reading Chapter 6's equal-budget records: each kind's losses at each mark, the difference
between two kinds with its interval, who leads (or a tie), and what a character costs to
generate.

A record of :func:`dlbook.studies.budget_study.run_budget_task` holds one row per budget mark
(``marks``: seconds, steps, tokens and the losses measured there). These functions gather
the rows of all seeds of each kind, so that the chapter's tables, figures and sentences read
the same numbers. A run with update marks also holds its losses at fixed update counts
(``curves.diagnostics``); :func:`losses_by_updates` gathers those for the view at equal
updates, and :func:`pairwise_differences` compares kinds at marks or update counts alike.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from dlbook.stats import Difference, Mean, paired_difference, t_mean, welch_difference


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


def losses_by_seed(records: list[dict], score: str = "valid_loss"
                   ) -> dict[str, dict[float, dict[int, float]]]:
    """``{kind: {mark: {seed: loss}}}`` of ``score`` over the records of each kind.

    ``score`` is a loss the mark rows hold: ``"valid_loss"`` (fixed windows, every kind) or
    ``"streaming_loss"`` (the carried state, recurrent kinds only; a kind without it is
    left out). Every record of a kind must have the same marks, or a comparison would mix
    budgets, and one seed may appear once per kind; a ``score`` no row holds is refused too:
    either would change the numbers silently. A ``ValueError`` says what differs.
    """
    values: dict[str, dict[float, dict[int, float]]] = {}
    fields: set[str] = set()
    for record in records:
        fields.update(name for row in record["marks"] for name in row)
        rows = [row for row in record["marks"] if score in row]
        if not rows:
            continue
        kind, seed = record["config"]["kind"], record["seed"]
        found = values.setdefault(kind, {row["mark"]: {} for row in rows})
        if sorted(found) != sorted(row["mark"] for row in rows):
            raise ValueError(f"the {kind} records disagree on their marks: {sorted(found)} "
                             f"against {[row['mark'] for row in rows]}")
        for row in rows:
            if seed in found[row["mark"]]:
                raise ValueError(f"the {kind}'s seed {seed} appears in two records: pass each "
                                 f"record once, and one study's records at a time")
            found[row["mark"]][seed] = row[score]
    if not values:
        losses = sorted(name for name in fields if name.endswith("_loss"))
        raise ValueError(f"score={score!r} is in no mark row of the {len(records)} records; "
                         f"the rows hold {losses}")
    return {kind: {mark: dict(sorted(by_seed.items())) for mark, by_seed in sorted(
        by_mark.items())} for kind, by_mark in values.items()}


def losses_at_marks(records: list[dict], score: str = "valid_loss"
                    ) -> dict[str, dict[float, Spread]]:
    """``{kind: {mark: Spread}}``: the mean and range over seeds of :func:`losses_by_seed`."""
    return {kind: {mark: Spread.of(by_seed.values()) for mark, by_seed in by_mark.items()}
            for kind, by_mark in losses_by_seed(records, score).items()}


def mean_bands(records: list[dict], score: str = "valid_loss"
               ) -> dict[str, dict[float, Mean]]:
    """``{kind: {mark: Mean}}``: the mean over seeds of :func:`losses_by_seed` with its
    Student t interval (:func:`dlbook.stats.t_mean`), the band a figure draws."""
    return {kind: {mark: t_mean(list(by_seed.values())) for mark, by_seed in by_mark.items()}
            for kind, by_mark in losses_by_seed(records, score).items()}


def mean_bands_at_updates(records: list[dict], split: str = "valid"
                          ) -> dict[str, dict[int, Mean]]:
    """``{kind: {updates: Mean}}``: :func:`mean_bands` at the update counts every record
    reached (:func:`losses_by_updates`), the band a figure at equal updates draws."""
    return {kind: {updates: t_mean(list(by_seed.values()))
                   for updates, by_seed in by_count.items()}
            for kind, by_count in losses_by_updates(records, split).items()}


def differences_at_marks(records: list[dict], *, paired: bool, score: str = "valid_loss"
                         ) -> dict[tuple[str, str], dict[float, Difference]]:
    """``{(first, second): {mark: Difference}}`` for every pair of kinds, in the order the
    records first name them: :func:`loss_difference` of their losses at each mark."""
    return pairwise_differences(losses_by_seed(records, score), paired=paired)


def pairwise_differences(losses: Mapping[str, Mapping[float, Mapping[int, float]]], *,
                         paired: bool) -> dict[tuple[str, str], dict[float, Difference]]:
    """``{(first, second): {point: Difference}}`` for every pair of kinds of ``losses``
    (``{kind: {point: {seed: loss}}}``, a point being a mark or an update count), in its
    order: :func:`loss_difference` at each point of the first kind."""
    kinds = list(losses)
    return {(a, b): {point: loss_difference(losses[a][point], losses[b][point], paired=paired)
                     for point in losses[a]}
            for i, a in enumerate(kinds) for b in kinds[i + 1:]}


def losses_by_updates(records: list[dict], split: str = "valid"
                      ) -> dict[str, dict[int, dict[int, float]]]:
    """``{kind: {updates: {seed: loss}}}`` of the fixed-window loss on ``split`` (valid,
    select or report) at the update marks (``curves.diagnostics``), over the update counts
    that *every* record reached: a kind that stops earlier would otherwise be compared with
    fewer seeds, or not at all, at the later counts. A record without update marks is
    refused."""
    name = f"{split}_loss_at_updates"
    series = []
    for record in records:
        found = (record["curves"].get("diagnostics") or {}).get(name)
        if found is None:
            raise ValueError(f"record {record['config_name']} (seed {record['seed']}) has no "
                             f"curves.diagnostics.{name}: it ran without update marks")
        series.append((record, dict(zip(found["at"], found["value"], strict=True))))
    common = set.intersection(*(set(at) for _, at in series)) if series else set()
    values: dict[str, dict[int, dict[int, float]]] = {}
    for record, at in series:
        kind, seed = record["config"]["kind"], record["seed"]
        for updates in sorted(common):
            by_seed = values.setdefault(kind, {}).setdefault(updates, {})
            if seed in by_seed:
                raise ValueError(f"the {kind}'s seed {seed} appears in two records")
            by_seed[seed] = at[updates]
    return values


def loss_difference(first: Mapping[int, float], second: Mapping[int, float], *,
                    paired: bool) -> Difference:
    """``first`` minus ``second`` (each ``{seed: loss}``) with a 95% interval.

    ``paired=True`` pairs seed ``i`` with seed ``i`` (:func:`dlbook.stats.paired_difference`);
    say so only when the two runs of a seed share their random draws, and then both must
    hold the same seeds. ``paired=False`` compares the means with Welch's interval
    (:func:`dlbook.stats.welch_difference`), which needs no pairing. Either way the
    difference's ``lead`` is 0, a tie, when the interval includes zero.
    """
    if not isinstance(paired, bool):
        raise TypeError(f"paired must be True or False, got {paired!r}")
    if not paired:
        return welch_difference(list(first.values()), list(second.values()))
    if sorted(first) != sorted(second):
        raise ValueError(f"paired seeds must match, got {sorted(first)} and {sorted(second)}; "
                         f"compare unpaired (paired=False) or drop the unmatched seeds")
    seeds = sorted(first)
    return paired_difference([first[s] for s in seeds], [second[s] for s in seeds])


def leader(at_mark: Mapping[str, Mapping[int, float]], *, paired: bool) -> str | None:
    """The kind whose loss is lower than every other kind's at one mark, or ``None``: a tie.

    ``at_mark`` is ``{kind: {seed: loss}}``. A kind leads only when, against every other
    kind, the interval of :func:`loss_difference` lies wholly below zero; when the interval
    between the lowest kind and any other includes zero, no kind leads and the answer is
    ``None``, whatever the means say.
    """
    if len(at_mark) < 2:
        raise ValueError(f"at_mark must hold at least two kinds for a leader, got "
                         f"{sorted(at_mark)}")
    few = sorted(kind for kind, losses in at_mark.items() if len(losses) < 2)
    if few:
        raise ValueError(f"at_mark must hold at least 2 seeds of each kind for an interval, "
                         f"got fewer for {few}")
    for kind, losses in at_mark.items():
        if all(loss_difference(losses, other, paired=paired).lead == -1
               for name, other in at_mark.items() if name != kind):
            return kind
    return None


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


def rates_tried(records: list[dict], best: dict) -> list[float]:
    """The learning rates tried, in ``records``, for ``best``'s kind at ``best``'s batch."""
    return [r["config"]["lr"] for r in records if r["config"]["kind"] == best["config"]["kind"]
            and r["config"]["batch"] == best["config"]["batch"]]


def end_gap(record: dict) -> float:
    """A run's validation loss at its last mark minus its training loss over its last
    updates: how far it had come to fit its training windows better than unseen text."""
    return record["marks"][-1]["valid_loss"] - record["scores"]["final_train_loss"]


def train_loss_near(record: dict, step: float) -> float:
    """The run's training loss at the block of updates nearest ``step`` (the curve is kept as
    block means, so the nearest block stands for the loss at that update)."""
    curve = record["curves"]["train_loss"]
    if not curve["at"]:
        raise ValueError(f"record {record.get('config_name', '?')!r} has an empty training curve")
    i = min(range(len(curve["at"])), key=lambda j: abs(curve["at"][j] - step))
    return curve["value"][i]


def on_core(record: dict) -> float:
    """The share of a run's training wall time that its process spent on a core: its CPU
    seconds over its wall seconds (1 when nothing else took the core from it)."""
    return record["scores"]["train_seconds"] / record["scores"]["train_wall_seconds"]


def span(record: dict) -> tuple[float, float]:
    """When a run started and ended, in seconds since the epoch: its record is written as it
    ends (``created``), ``wall_seconds`` after it began."""
    end = datetime.fromisoformat(record["created"]).timestamp()
    return end - record["wall_seconds"], end


def beside(record: dict, records: Iterable[dict]) -> dict[str, float]:
    """``{kind: share}``: the share of ``record``'s wall time that runs of each kind among
    ``records`` ran beside it (for runs two at a time, at most one at any moment)."""
    start, end = span(record)
    shares: dict[str, float] = {}
    for other in records:
        if other is not record:
            o_start, o_end = span(other)
            kind = other["config"]["kind"]
            shares[kind] = shares.get(kind, 0.0) + max(0.0, min(end, o_end) - max(start, o_start))
    return {k: v / (end - start) for k, v in shares.items()}
