"""Chapter 6's claims on the study at equal updates, each schedule complete.

As in :mod:`dlbook.book.claims_budget`, each function is the condition of one sentence of
``book/06-equal-budget.qmd`` as the sentence words it. A claim takes the study's records,
after the final grid's two halves where it compares the two.
"""

from __future__ import annotations

import statistics

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, KINDS
from dlbook.book.claims_budget_final import kind_pairs
from dlbook.stats import Difference, paired_difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import loss_difference, losses_by_seed, losses_by_updates

#: The study at equal updates: the grid's choices and seeds, each schedule counted in updates.
EQUAL_UPDATES = (cpu_final.EQUAL_UPDATES_STUDY,)
#: The grid's halves, then the study at equal updates, for the claims that compare the two.
FINAL_AND_EQUAL = (*FINAL, *EQUAL_UPDATES)
#: The mark at which every run of the study at equal updates has completed its schedule.
EQUAL_END = float(cpu_final.EQUAL_UPDATES)
#: Nats: how near its grid run the text says each run at equal updates is at the first count.
EARLY_MATCH = 1e-3


def _equal_end(counted: list[dict]) -> dict:
    """The pairs of kinds on the report half when every schedule of the study is complete."""
    return {p: by[EQUAL_END]
            for p, by in kind_pairs(losses_by_seed(counted, "report_loss")).items()}


def _two_schedules(runs: list[dict], counted: list[dict]) -> tuple[dict, dict, list[int]]:
    """The report-half losses ``{kind: {count: {seed: loss}}}`` of the grid (its cosine
    following CPU time) and of the study at equal updates (following updates), and the update
    counts every grid run reached. The two runs of a kind and seed start from the same weights
    and read the same windows, so at a count both reached they differ by their schedules."""
    grid = losses_by_updates(runs, "report")
    return grid, losses_by_seed(counted, "report_loss"), sorted(grid["lstm"])


def _share_spent(runs: list[dict], kind: str, count: int) -> float:
    """The mean share of its CPU budget a grid run of ``kind`` had spent after ``count``
    updates: its cosine follows that share."""
    return statistics.fmean(count / r["scores"]["steps"] for r in runs
                            if r["config"]["kind"] == kind)


@claim("budget-equal-order", says="after the same number of updates, each schedule complete, the "
       "LSTM's report-half loss is below the GRU's and the GRU's below the transformer's, every "
       "paired interval excluding zero", studies=EQUAL_UPDATES)
def equal_order(counted: list[dict]) -> bool:
    return all(d.lead == 1 for d in _equal_end(counted).values())


@claim("budget-equal-schedule", says="at the grid's largest common count, counting the schedule "
       "in updates lowered the GRU's and the transformer's loss, each paired interval excluding "
       "zero, and left the LSTM's tied with its grid run, its schedule within a hundredth of the "
       "same share", studies=FINAL_AND_EQUAL)
def schedule_counted(final_a: list[dict], final_b: list[dict], counted: list[dict], *,
                     same_share: float = 0.01) -> bool:
    runs = final_a + final_b
    grid, equal, counts = _two_schedules(runs, counted)
    end = counts[-1]
    leads = [loss_difference(grid[k][end], equal[k][end], paired=True).lead for k in KINDS]
    spent = _share_spent(runs, "lstm", end)
    return leads == [0, 1, 1] and abs(spent - end / cpu_final.EQUAL_UPDATES) < same_share


@claim("budget-equal-nearer", says="at the shared count the transformer's distance from the LSTM "
       "is smaller with the schedule counted in updates, the paired interval over seeds "
       "excluding zero", studies=FINAL_AND_EQUAL)
def nearer_when_counted(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    runs = final_a + final_b
    grid, equal, counts = _two_schedules(runs, counted)
    seeds = sorted({r["seed"] for r in runs})

    def distance(losses: dict) -> list[float]:
        return [losses["transformer"][counts[-1]][s] - losses["lstm"][counts[-1]][s]
                for s in seeds]

    return paired_difference(distance(grid), distance(equal)).lead == 1


def _distance_by_seed(losses: dict, point: float) -> dict[int, float]:
    """The transformer's loss minus the LSTM's at ``point``, seed by seed."""
    return {s: losses["transformer"][point][s] - losses["lstm"][point][s]
            for s in losses["lstm"][point]}


def equal_minus_time_distance(runs: list[dict], counted: list[dict]) -> Difference:
    """The transformer's distance from the LSTM at the end of the study at equal updates minus
    its distance at ten minutes in the grid, paired by seed (each seed's two runs start from
    the same weights)."""
    at_ten = losses_by_seed(runs, "report_loss")
    grid = _distance_by_seed(at_ten, max(at_ten["lstm"]))
    equal = _distance_by_seed(losses_by_seed(counted, "report_loss"), EQUAL_END)
    seeds = sorted(grid)
    return paired_difference([equal[s] for s in seeds], [grid[s] for s in seeds])


@claim("budget-equal-distance", says="at the end of this study the transformer's distance from "
       "the LSTM is larger than at ten minutes of CPU time in the grid, the paired interval over "
       "seeds excluding zero", studies=FINAL_AND_EQUAL)
def further_at_equal_updates(final_a: list[dict], final_b: list[dict],
                             counted: list[dict]) -> bool:
    return equal_minus_time_distance(final_a + final_b, counted).lead == 1


@claim("budget-summary-equal", says="at equal updates with each schedule complete the order "
       "holds, every paired interval excluding zero, and the transformer's distance from the "
       "LSTM is larger than at ten minutes of CPU time, the paired interval excluding zero",
       studies=FINAL_AND_EQUAL)
def summary_equal(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    return equal_order(counted) and further_at_equal_updates(final_a, final_b, counted)


@claim("budget-equal-bought", says="the GRU's loss after the grid's ten minutes ties with its "
       "loss after this study's updates, while the transformer's is lower after the grid's ten "
       "minutes", studies=FINAL_AND_EQUAL)
def speed_bought(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    at_ten = losses_by_seed(final_a + final_b, "report_loss")
    equal = losses_by_seed(counted, "report_loss")

    def bought(kind: str) -> int:
        return loss_difference(equal[kind][EQUAL_END], at_ten[kind][max(at_ten[kind])],
                               paired=True).lead

    return bought("gru") == 0 and bought("transformer") == 1


@claim("budget-equal-start", says="at the first count every run is within EARLY_MATCH of its "
       "grid run", studies=FINAL_AND_EQUAL)
def starts_as_the_grid(final_a: list[dict], final_b: list[dict], counted: list[dict], *,
                       match: float = EARLY_MATCH) -> bool:
    runs = final_a + final_b
    grid, equal, counts = _two_schedules(runs, counted)
    first, seeds = counts[0], sorted({r["seed"] for r in runs})
    if first not in equal["lstm"]:
        return False
    return max(abs(grid[k][first][s] - equal[k][first][s]) for k in KINDS for s in seeds) < match
