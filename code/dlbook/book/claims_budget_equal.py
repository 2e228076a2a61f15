"""Chapter 6's claims on the study at equal updates, each schedule complete, and the numbers
its section prints (``### Equal updates, each schedule complete``).

As in :mod:`dlbook.book.claims_budget`, each function decorated with ``@claim`` is the
condition of one sentence of ``book/06-equal-budget.qmd`` as the sentence words it. A claim
takes the study's records, after the final grid's two halves where it compares the two. The
undecorated functions compute what the sentences print: how far through its schedule a grid
run stood at a count, and what the schedule's clock changed; the claims call the same
functions, so a number the text prints and the condition beside it are computed once.
"""

from __future__ import annotations

import statistics

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, KINDS
from dlbook.book.claims_budget_final import kind_pairs
from dlbook.stats import Difference, paired_difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import loss_difference, losses_by_seed, losses_by_updates
from dlbook.training import budget_cosine

#: The study at equal updates: the grid's choices and seeds, each schedule counted in updates.
EQUAL_UPDATES = (cpu_final.EQUAL_UPDATES_STUDY,)
#: The grid's halves, then the study at equal updates, for the claims that compare the two.
FINAL_AND_EQUAL = (*FINAL, *EQUAL_UPDATES)
#: The mark at which every run of the study at equal updates has completed its schedule.
EQUAL_END = float(cpu_final.EQUAL_UPDATES)
#: Nats: how near its grid run the text says each run at equal updates is at the first count.
EARLY_MATCH = 1e-3


# --- The study on its own --------------------------------------------------------------------

def equal_pairs(counted: list[dict]) -> dict[tuple[str, str], dict[float, Difference]]:
    """The pairs of kinds on the report half at every mark of the study, paired by seed, the
    later kind first (:func:`~dlbook.book.claims_budget_final.kind_pairs`)."""
    return kind_pairs(losses_by_seed(counted, "report_loss"))


def equal_end(counted: list[dict]) -> dict[tuple[str, str], Difference]:
    """The pairs of kinds on the report half when every schedule of the study is complete."""
    return {p: by[EQUAL_END] for p, by in equal_pairs(counted).items()}


@claim("budget-equal-order", says="after the same number of updates, each schedule complete, the "
       "LSTM's report-half loss is below the GRU's and the GRU's below the transformer's, every "
       "paired interval excluding zero", studies=EQUAL_UPDATES)
def equal_order(counted: list[dict]) -> bool:
    return all(d.lead == 1 for d in equal_end(counted).values())


# --- The grid's schedule against the study's --------------------------------------------------

def two_schedules(runs: list[dict], counted: list[dict]) -> tuple[dict, dict, list[int]]:
    """The report-half losses ``{kind: {count: {seed: loss}}}`` of the grid (its cosine
    following CPU time) and of the study at equal updates (following updates), and the update
    counts every grid run reached. The two runs of a kind and seed start from the same weights
    and read the same windows, so at a count both reached they differ by their schedules."""
    grid = losses_by_updates(runs, "report")
    return grid, losses_by_seed(counted, "report_loss"), sorted(grid["lstm"])


def share_spent(runs: list[dict], kind: str, count: int) -> float:
    """The mean share of its CPU budget a grid run of ``kind`` had spent after ``count``
    updates: its cosine follows that share, so at equal updates a slower kind is further
    down its schedule."""
    steps = [r["scores"]["steps"] for r in runs if r["config"]["kind"] == kind]
    if not steps:
        raise ValueError(f"no run of kind {kind!r}; pass the grid's runs, which hold every kind")
    return statistics.fmean(count / n for n in steps)


def schedule_factor(runs: list[dict], kind: str, count: int) -> float:
    """The factor of its peak learning rate a grid run of ``kind`` trained at after ``count``
    updates, its schedule at the mean :func:`share_spent` (the warm-up over by then)."""
    share = share_spent(runs, kind, count)
    config = next(r["config"] for r in runs if r["config"]["kind"] == kind)
    return budget_cosine(count, share, warmup=config["warmup"], floor=config["lr_floor"])


def schedule_gap(runs: list[dict], counted: list[dict], count: int, *,
                 kinds: tuple[str, ...] = KINDS) -> float:
    """The largest distance in nats, over the runs of ``kinds`` and their seeds, between a
    run at equal updates and its grid run after ``count`` updates: what the schedules' clocks
    have done by then, and the noise the paired intervals count."""
    grid, equal, counts = two_schedules(runs, counted)
    if count not in counts or count not in equal["lstm"]:
        raise ValueError(f"count={count!r} is not an update count both schedules scored; the "
                         f"grid's are {counts}, the study's {sorted(equal['lstm'])}")
    return max(abs(grid[k][count][s] - equal[k][count][s]) for k in kinds for s in grid[k][count])


def schedule_effects(runs: list[dict], counted: list[dict]) -> dict[str, Difference]:
    """Each kind's grid loss minus its loss with the schedule counted in updates, paired by
    seed, at the largest update count every grid run reached: the schedule's doing."""
    grid, equal, counts = two_schedules(runs, counted)
    return {k: loss_difference(grid[k][counts[-1]], equal[k][counts[-1]], paired=True)
            for k in KINDS}


def _distance_by_seed(losses: dict, point: float) -> dict[int, float]:
    """The transformer's loss minus the LSTM's at ``point``, seed by seed."""
    return {s: losses["transformer"][point][s] - losses["lstm"][point][s]
            for s in losses["lstm"][point]}


def _paired(first: dict[int, float], second: dict[int, float], seeds: list[int]) -> Difference:
    """``first`` minus ``second`` over ``seeds`` (each ``{seed: value}``), paired by seed."""
    return paired_difference([first[s] for s in seeds], [second[s] for s in seeds])


def distance_change(runs: list[dict], counted: list[dict]) -> Difference:
    """The transformer's distance from the LSTM at the largest update count every grid run
    reached, in the grid minus with the schedule counted in updates, paired by seed: how much
    of the distance the grid showed at equal updates was its schedule's."""
    grid, equal, counts = two_schedules(runs, counted)
    seeds = sorted({r["seed"] for r in runs})
    return _paired(_distance_by_seed(grid, counts[-1]), _distance_by_seed(equal, counts[-1]),
                   seeds)


def equal_minus_time_distance(runs: list[dict], counted: list[dict]) -> Difference:
    """The transformer's distance from the LSTM at the end of the study at equal updates minus
    its distance at ten minutes in the grid, paired by seed (each seed's two runs start from
    the same weights)."""
    at_ten = losses_by_seed(runs, "report_loss")
    grid = _distance_by_seed(at_ten, max(at_ten["lstm"]))
    equal = _distance_by_seed(losses_by_seed(counted, "report_loss"), EQUAL_END)
    return _paired(equal, grid, sorted(grid))


def bought_by_speed(runs: list[dict], counted: list[dict],
                    score: str = "report_loss") -> dict[str, Difference]:
    """Each kind's loss at the end of the study at equal updates minus its loss after the
    grid's ten minutes, paired by seed: what the updates its speed bought in the grid (more
    than the study's, or fewer) changed, each run at the end of its schedule; on the report
    half unless ``score`` names another text ("select_loss", "valid_loss")."""
    at_ten = losses_by_seed(runs, score)
    equal = losses_by_seed(counted, score)
    return {k: loss_difference(equal[k][EQUAL_END], at_ten[k][max(at_ten[k])], paired=True)
            for k in KINDS}


@claim("budget-equal-schedule", says="at the grid's largest common count, counting the schedule "
       "in updates lowered the GRU's and the transformer's loss, each paired interval excluding "
       "zero, and left the LSTM's tied with its grid run, its schedule within a hundredth of the "
       "same share", studies=FINAL_AND_EQUAL)
def schedule_counted(final_a: list[dict], final_b: list[dict], counted: list[dict], *,
                     same_share: float = 0.01) -> bool:
    runs = final_a + final_b
    end = two_schedules(runs, counted)[2][-1]
    leads = [d.lead for d in schedule_effects(runs, counted).values()]
    spent = share_spent(runs, "lstm", end)
    return leads == [0, 1, 1] and abs(spent - end / cpu_final.EQUAL_UPDATES) < same_share


def lstm_shares_and_gaps(runs: list[dict], counted: list[dict]) -> tuple[list[float], list[float]]:
    """At the grid's largest common update count, each LSTM grid run's share of its schedule
    spent (each run made its own number of updates in the budget) and its loss minus the
    loss of its run at equal updates, by seed: the run-by-run view of what the mean share
    hides."""
    grid, equal, counts = two_schedules(runs, counted)
    end = counts[-1]
    by_seed = sorted((r for r in runs if r["config"]["kind"] == "lstm"), key=lambda r: r["seed"])
    return ([end / r["scores"]["steps"] for r in by_seed],
            [grid["lstm"][end][r["seed"]] - equal["lstm"][end][r["seed"]] for r in by_seed])


@claim("budget-equal-lstm-runs", says="the LSTM's grid runs stood at shares of their schedules on "
       "both sides of this study's share, and differ from their runs here in both directions",
       studies=FINAL_AND_EQUAL)
def lstm_runs_both_ways(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    shares, gaps = lstm_shares_and_gaps(final_a + final_b, counted)
    here = two_schedules(final_a + final_b, counted)[2][-1] / cpu_final.EQUAL_UPDATES
    return min(shares) < here < max(shares) and min(gaps) < 0 < max(gaps)


@claim("budget-equal-nearer", says="at the shared count the transformer's distance from the LSTM "
       "is smaller with the schedule counted in updates, the paired interval over seeds "
       "excluding zero", studies=FINAL_AND_EQUAL)
def nearer_when_counted(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    return distance_change(final_a + final_b, counted).lead == 1


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


@claim("budget-reading-equal-bought", says="after the grid's extra updates the GRU's loss ties "
       "with its loss at the end of the study at equal updates, while the transformer's is lower",
       studies=FINAL_AND_EQUAL)
@claim("budget-equal-bought", says="the GRU's loss after the grid's ten minutes ties with its "
       "loss after this study's updates, while the transformer's is lower after the grid's ten "
       "minutes", studies=FINAL_AND_EQUAL)
def speed_bought(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    bought = bought_by_speed(final_a + final_b, counted)
    return bought["gru"].lead == 0 and bought["transformer"].lead == 1


@claim("budget-reading-bought-halves", says="on the selection half and the whole split the GRU's "
       "grid runs ended lower than that study's", studies=FINAL_AND_EQUAL)
@claim("budget-equal-bought-halves", says="on the selection half and on the whole split the "
       "GRU's loss after the grid's ten minutes is below its loss after this study's updates, "
       "each paired interval excluding zero", studies=FINAL_AND_EQUAL)
def gru_bought_elsewhere(final_a: list[dict], final_b: list[dict], counted: list[dict]) -> bool:
    return all(bought_by_speed(final_a + final_b, counted, score)["gru"].lead == 1
               for score in ("select_loss", "valid_loss"))


@claim("budget-equal-start", says="at the first count every run is within EARLY_MATCH of its "
       "grid run", studies=FINAL_AND_EQUAL)
def starts_as_the_grid(final_a: list[dict], final_b: list[dict], counted: list[dict], *,
                       match: float = EARLY_MATCH) -> bool:
    runs = final_a + final_b
    _, equal, counts = two_schedules(runs, counted)
    return counts[0] in equal["lstm"] and schedule_gap(runs, counted, counts[0]) < match
