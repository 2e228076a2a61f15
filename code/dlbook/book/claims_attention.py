"""Chapter 5's claims as code: the copy sweep's records and the chapter's live runs.

The record claims take the list of records ``load_study("copy-sweep")`` returns and read it
as a grid: (attention, steps, length L, width H) -> seed -> scores. A seed *copies* a cell when
its held-out per-symbol accuracy is at least :data:`REACH`. Two settings are compared cell by
cell, paired by seed (a seed fixes the training and held-out strings of every cell of its
length, and the initial weights at both budgets), with Newcombe's interval for paired rates
(:func:`dlbook.comparisons.paired_rates`); one copies on more seeds only when that interval
excludes zero. The live claims take the values the chapter computes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from dlbook.book.claims import claim
from dlbook.comparisons import PairedRates, paired_rates
from dlbook.stats import paired_difference
from dlbook.studies.task_studies import COPY_PROTOCOL, LONG_FACTOR

#: Per-symbol accuracy at which a seed counts as copying a cell.
REACH = 0.9
STEPS = COPY_PROTOCOL["steps"]  # the sweep's budget
LONG_STEPS = LONG_FACTOR * STEPS  # four times it
SWEEP = ("copy-sweep",)

Cell = tuple[int, int]  # (length L, width H)


def grid(records: Sequence[dict]) -> dict[tuple, dict[int, dict]]:
    """(attention, steps, L, H) -> {seed: the record's scores}."""
    found: dict[tuple, dict[int, dict]] = {}
    for r in records:
        c = r["config"]
        found.setdefault((c["attention"], c["steps"], c["length"], c["hidden"]), {})[
            r["seed"]] = r["scores"]
    return found


def cells(records: Sequence[dict]) -> list[Cell]:
    """Every (L, H) of the grid, by length then width."""
    return sorted({(L, H) for _, _, L, H in grid(records)})


def copies(records: Sequence[dict], attention: bool, steps: int) -> dict[Cell, dict[int, bool]]:
    """(L, H) -> {seed: whether that seed copied the cell}."""
    g = grid(records)
    return {k: {s: v["symbol"] >= REACH for s, v in g[attention, steps, *k].items()}
            for k in cells(records)}


def counts(records: Sequence[dict], attention: bool, steps: int) -> dict[Cell, int]:
    """(L, H) -> how many seeds copied the cell."""
    return {k: sum(v.values()) for k, v in copies(records, attention, steps).items()}


def means(records: Sequence[dict], attention: bool, steps: int,
          key: str = "symbol") -> dict[Cell, float]:
    """(L, H) -> the mean of ``key`` over seeds."""
    g = grid(records)
    return {k: float(np.mean([v[key] for v in g[attention, steps, *k].values()]))
            for k in cells(records)}


def versus(records: Sequence[dict], first: tuple[bool, int],
           second: tuple[bool, int]) -> dict[Cell, PairedRates]:
    """(L, H) -> the first (attention, steps) setting's rate of copying seeds minus the
    second's, paired by seed."""
    a, b = copies(records, *first), copies(records, *second)
    return {k: paired_rates(a[k], b[k]) for k in a}


def gains(records: Sequence[dict], attention: bool = False) -> dict:
    """(L, H) -> the mean per-symbol gain of four times the budget, paired by seed."""
    g = grid(records)
    return {k: paired_difference(
        [g[attention, LONG_STEPS, *k][s]["symbol"] for s in sorted(g[attention, STEPS, *k])],
        [g[attention, STEPS, *k][s]["symbol"] for s in sorted(g[attention, STEPS, *k])])
        for k in cells(records)}


def _seeds(records: Sequence[dict]) -> int:
    return len({r["seed"] for r in records})


def _every(records: Sequence[dict], attention: bool, steps: int) -> set[Cell]:
    """The cells every seed copied."""
    n = _seeds(records)
    return {k for k, c in counts(records, attention, steps).items() if c == n}


# --- The sweep without attention ------------------------------------------------------------

@claim("fig-attn-plain-sweep", studies=SWEEP,
       says="at both budgets the plain decoder's mean accuracy reaches 0.9 only for strings of at "
            "most 8 digits, and at 32 digits every seed stays below half of 0.9")
def plain_sweep_shape(records: Sequence[dict]) -> bool:
    longest, g = max(L for L, _ in cells(records)), grid(records)
    for steps in (STEPS, LONG_STEPS):
        high = [k for k, m in means(records, False, steps).items() if m >= REACH]
        at_longest = [v["symbol"] for (a, st, L, _), seeds in g.items()
                      if (a, st, L) == (False, steps, longest) for v in seeds.values()]
        if not high or any(L > 8 for L, _ in high) or max(at_longest) >= REACH / 2:
            return False
    return True


@claim("att-plain-copied-short", studies=SWEEP,
       says="at the sweep's budget widths 32-128 copy 4 digits on every seed and width 16 on "
            "none; 8 digits are copied only at width 128, on some seeds; no seed copies 16 or 32")
def plain_copied_short(records: Sequence[dict]) -> bool:
    c, n = counts(records, False, STEPS), _seeds(records)
    return ([c[4, H] for H in (16, 32, 64, 128)] == [0, n, n, n]
            and [c[8, H] for H in (16, 32, 64)] == [0, 0, 0] and c[8, 128] > 0
            and all(v == 0 for (L, _), v in c.items() if L >= 16))


@claim("ch5-plain-copied", studies=SWEEP,
       says="at four times the budget every width copies 4 digits on every seed, widths 64 and "
            "128 copy 8 digits on every seed and widths 16 and 32 on none, and no seed copies "
            "16 or more digits")
def plain_copied_long(records: Sequence[dict]) -> bool:
    c, n = counts(records, False, LONG_STEPS), _seeds(records)
    return ([c[4, H] for H in (16, 32, 64, 128)] == [n] * 4
            and [c[8, H] for H in (16, 32, 64, 128)] == [0, 0, n, n]
            and all(v == 0 for (L, _), v in c.items() if L >= 16))


@claim("att-budget-leads", studies=SWEEP,
       says="four times the budget raised the count of copying seeds, interval above zero, in "
            "exactly L = 4 at H = 16 and L = 8 at H = 64 and 128, and there every seed copies")
def budget_leads(records: Sequence[dict]) -> bool:
    d = versus(records, (False, LONG_STEPS), (False, STEPS))
    leads = sorted(k for k, v in d.items() if v.lead == 1)
    return leads == [(4, 16), (8, 64), (8, 128)] and set(leads) <= _every(records, False,
                                                                           LONG_STEPS)


@claim("ch5-budget-seeds", studies=SWEEP,
       says="every other cell ties between the budgets, with all seeds or none copying at both")
def budget_ties(records: Sequence[dict]) -> bool:
    d, n = versus(records, (False, LONG_STEPS), (False, STEPS)), _seeds(records)
    short, long_ = counts(records, False, STEPS), counts(records, False, LONG_STEPS)
    return all(short[k] == long_[k] and short[k] in (0, n) for k, v in d.items() if v.lead == 0)


@claim("att-budget-most", studies=SWEEP,
       says="most cells of the grid gained in mean accuracy with four times the budget (interval "
            "above zero) and none lost")
def budget_most(records: Sequence[dict]) -> bool:
    g = gains(records)
    return (sum(d.lead == 1 for d in g.values()) > len(g) / 2
            and not any(d.lead == -1 for d in g.values()))


@claim("ch5-budget-mean", studies=SWEEP,
       says="of the cells below 0.9 at the sweep's budget, those whose gain cannot be told from "
            "zero are exactly L = 32 at widths 16 and 32")
def budget_flat(records: Sequence[dict]) -> bool:
    g, short = gains(records), means(records, False, STEPS)
    return sorted(k for k, d in g.items() if short[k] < REACH and d.lead == 0) == [(32, 16),
                                                                                  (32, 32)]


@claim("ch5-plain-long", studies=SWEEP,
       says="at four times the budget the longest strings stay below 0.9 in the mean at every "
            "width, no seed copies them and no string of that length is decoded whole")
def plain_long(records: Sequence[dict]) -> bool:
    longest = max(L for L, _ in cells(records))
    m, c = means(records, False, LONG_STEPS), counts(records, False, LONG_STEPS)
    whole = means(records, False, LONG_STEPS, "sequence")
    return all(m[k] < REACH and c[k] == 0 and whole[k] == 0 for k in m if k[0] == longest)


# --- The sweep with attention ---------------------------------------------------------------

@claim("fig-attn-attention-sweep", studies=SWEEP,
       says="with attention most cells reach a mean of 0.9 at the sweep's budget, those below "
            "hold 16 or more digits, and at four times the budget every cell reaches 0.9")
def attention_sweep_shape(records: Sequence[dict]) -> bool:
    low = [k for k, m in means(records, True, STEPS).items() if m < REACH]
    return (len(low) < len(cells(records)) / 2 and all(L >= 16 for L, _ in low)
            and all(m >= REACH for m in means(records, True, LONG_STEPS).values()))


@claim("ch5-attn-wide", studies=SWEEP,
       says="at 32 digits and width 128 the plain decoder copies on no seed at either budget, "
            "attention copies on some at both, and at the sweep's budget on more seeds")
def attention_wide(records: Sequence[dict]) -> bool:
    wide = max(cells(records))
    plain = [counts(records, False, s)[wide] for s in (STEPS, LONG_STEPS)]
    attention = [counts(records, True, s)[wide] for s in (STEPS, LONG_STEPS)]
    return (plain == [0, 0] and min(attention) > 0
            and versus(records, (True, STEPS), (False, STEPS))[wide].lead == 1)


@claim("att-attn-one-way", studies=SWEEP,
       says="in no cell, at either budget, does the plain decoder copy on more seeds")
def attention_one_way(records: Sequence[dict]) -> bool:
    return not any(d.lead == -1 for steps in (STEPS, LONG_STEPS)
                   for d in versus(records, (True, steps), (False, steps)).values())


@claim("ch5-attn-cells", studies=SWEEP,
       says="at four times the budget attention copies in every run but one, a seed at L = 8, "
            "H = 16")
def attention_one_miss(records: Sequence[dict]) -> bool:
    missed = [(k, s) for k, seeds in copies(records, True, LONG_STEPS).items()
              for s, ok in seeds.items() if not ok]
    return [k for k, _ in missed] == [(8, 16)]


@claim("ch5-attn-width", studies=SWEEP,
       says="at the sweep's budget no seed of width 16 copies 32 digits with attention, and "
            "width 128 copies them on more seeds")
def attention_width(records: Sequence[dict]) -> bool:
    narrow, wide = min(k for k in cells(records) if k[0] == 32), max(cells(records))
    c = copies(records, True, STEPS)
    return sum(c[narrow].values()) == 0 and paired_rates(c[wide], c[narrow]).lead == 1


@claim("att-attn-width-closed", studies=SWEEP,
       says="four times the budget closed the gap: at 32 digits width 16 copies on more seeds "
            "than at the sweep's budget, and ties width 128")
def attention_width_closed(records: Sequence[dict]) -> bool:
    narrow, wide = min(k for k in cells(records) if k[0] == 32), max(cells(records))
    short, long_ = copies(records, True, STEPS), copies(records, True, LONG_STEPS)
    return (paired_rates(long_[narrow], short[narrow]).lead == 1
            and paired_rates(long_[wide], long_[narrow]).lead == 0)


@claim("ch5-attn-width-long", studies=SWEEP,
       says="at four times the budget the width-16 attention model copies 32 digits on every "
            "seed")
def attention_narrow_room(records: Sequence[dict]) -> bool:
    narrow = min(k for k in cells(records) if k[0] == 32)
    return narrow in _every(records, True, LONG_STEPS)


# --- The summary ----------------------------------------------------------------------------

@claim("att-summary-plain", studies=SWEEP,
       says="at the sweep's budget one final state copied 4 digits on every seed at widths 32 "
            "to 128, and no longer string on every seed")
def summary_plain(records: Sequence[dict]) -> bool:
    return _every(records, False, STEPS) == {(4, 32), (4, 64), (4, 128)}


@claim("att-summary-budget", studies=SWEEP,
       says="four times the budget added 4 digits at width 16 and 8 digits at widths 64 and "
            "128, raised the mean of most cells still below 0.9, and no seed copied 16 or 32 "
            "digits at either budget")
def summary_budget(records: Sequence[dict]) -> bool:
    below = [k for k, m in means(records, False, STEPS).items() if m < REACH]
    gained = gains(records)
    rose = [k for k in below if gained[k].lead == 1]
    return (_every(records, False, LONG_STEPS) - _every(records, False, STEPS)
            == {(4, 16), (8, 64), (8, 128)} and len(rose) > len(below) / 2
            and all(c[k] == 0 for c in (counts(records, False, STEPS),
                                        counts(records, False, LONG_STEPS))
                    for k in c if k[0] >= 16))


@claim("att-summary-attn", studies=SWEEP,
       says="at the sweep's budget attention copied on fewer seeds than the plain decoder in no "
            "cell, on more in some; at four times the budget every seed of every width copied 32 "
            "digits")
def summary_attention(records: Sequence[dict]) -> bool:
    leads = [d.lead for d in versus(records, (True, STEPS), (False, STEPS)).values()]
    every = _every(records, True, LONG_STEPS)
    return (-1 not in leads and 1 in leads
            and all(k in every for k in cells(records) if k[0] == 32))


@claim("att-summary-blind",
       says="on English the blind decoder fell short of the given-state decoder, which gained "
            "above it")
def summary_blind(given: float, blind: float) -> bool:
    return bool(given > blind)


@claim("att-summary-alignments",
       says="the copy and reversal alignments lay along their (anti-)diagonal in a band: most "
            "weight on the target and the two positions after it, at least 0.1 of it beside "
            "the target")
def summary_alignments(on_target: Sequence[float], in_band: Sequence[float]) -> bool:
    return all(band > 0.5 and band - exact >= 0.1 for exact, band in zip(on_target, in_band,
                                                                         strict=True))


@claim("att-summary-temperature",
       says="temperature moves attention from a hard pointer (entropy near 0 at the coldest) to a "
            "uniform average (entropy near ln S at the hottest)")
def summary_temperature(entropies: Sequence[float], uniform: float) -> bool:
    return bool(entropies[0] < 0.05 and abs(entropies[-1] - uniform) < 0.05)
