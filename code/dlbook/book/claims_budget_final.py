"""Chapter 6's claims on its final grid and on the study at equal updates.

As in :mod:`dlbook.book.claims_budget`, each function is the condition of one sentence of
``book/06-equal-budget.qmd`` as the sentence words it. A claim takes the grid's two halves as
two lists, followed by the study at equal updates where it compares the two.
"""

from __future__ import annotations

import statistics

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, KINDS, fixed_windows, grid_runs
from dlbook.comparisons import holm
from dlbook.stats import CONFIDENCE, Difference, paired_difference, paired_p_value, welch_difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import (
    loss_difference,
    losses_by_seed,
    losses_by_updates,
    pairwise_differences,
)

#: The study at equal updates: the grid's choices and seeds, each schedule counted in updates.
EQUAL_UPDATES = (cpu_final.EQUAL_UPDATES_STUDY,)
#: The grid's halves, then the study at equal updates, for the claims that compare the two.
FINAL_AND_EQUAL = (*FINAL, *EQUAL_UPDATES)
#: The mark at which every run of the study at equal updates has completed its schedule.
EQUAL_END = float(cpu_final.EQUAL_UPDATES)
#: Nats: how near its grid run the text says each run at equal updates is at the first count.
EARLY_MATCH = 1e-3
TF_LSTM = ("transformer", "lstm")
#: The grid's settings run again with two threads per run, one run at a time.
THREADS = (cpu_final.THREADS_STUDY,)


def _kind_pairs(losses: dict, *, paired: bool = True) -> dict:
    """``{(first, second): {point: Difference}}``, first minus second, for every pair of kinds
    at every point of ``losses``, the later kind first: a lead of 1 says the earlier is lower."""
    return pairwise_differences({k: losses[k] for k in KINDS[::-1]}, paired=paired)


def _time_pairs(runs: list[dict], *, paired: bool = True) -> dict:
    """The pairs of kinds on the report half at every CPU-time mark."""
    return _kind_pairs(losses_by_seed(runs, "report_loss"), paired=paired)


def _count_pairs(runs: list[dict]) -> dict:
    """The pairs of kinds on the report half at every update mark that every run reached."""
    return _kind_pairs(losses_by_updates(runs, "report"))


def _at_end(pairs: dict) -> dict:
    """Each pair at its last point: ten minutes, or the largest update mark every run reached."""
    return {p: by[max(by)] for p, by in pairs.items()}


def _apart(larger: Difference, smaller: Difference) -> bool:
    """Whether the interval of ``larger`` lies wholly above that of ``smaller``."""
    return larger.low > smaller.high


def _streaming_gains(runs: list[dict]) -> dict:
    """Each kind that streamed: its loss on the whole split at ten minutes with fixed windows
    minus its loss streaming, paired by seed."""
    windows, marks = fixed_windows(runs)
    streams = losses_by_seed(runs, "streaming_loss")
    return {k: loss_difference(windows[k][marks[-1]], streams[k][marks[-1]], paired=True)
            for k in streams}


@claim("budget-summary-streaming", says="at ten minutes streaming lowers both recurrent models' "
       "loss on the whole validation split, each paired interval excluding zero", studies=FINAL)
@claim("budget-final-streaming", says="at ten minutes streaming lowered both recurrent models' "
       "loss on the whole split, each paired interval excluding zero", studies=FINAL)
def final_streaming(*halves: list[dict]) -> bool:
    gains = _streaming_gains(grid_runs(halves))
    return sorted(gains) == ["gru", "lstm"] and all(d.lead == 1 for d in gains.values())


@claim("budget-final-time-order", says="at ten minutes, paired on the report half, the LSTM's "
       "loss is below the GRU's and the transformer's, and the GRU's below the transformer's, "
       "every interval excluding zero", studies=FINAL)
def final_time_order(*halves: list[dict]) -> bool:
    return all(d.lead == 1 for d in _at_end(_time_pairs(grid_runs(halves))).values())


@claim("budget-final-count-order", says="at the largest update count every run reached, the "
       "same order, every interval excluding zero", studies=FINAL)
def final_count_order(*halves: list[dict]) -> bool:
    return all(d.lead == 1 for d in _at_end(_count_pairs(grid_runs(halves))).values())


@claim("budget-reading-order", says="on the report half, paired, the LSTM's loss is below the "
       "GRU's and the GRU's below the transformer's at the last CPU-time mark and at the largest "
       "update count every run reached, every interval excluding zero", studies=FINAL)
@claim("budget-summary-final", says="at the last CPU mark and at the largest common update count "
       "the LSTM's loss is below the GRU's and the GRU's below the transformer's, every paired "
       "interval excluding zero", studies=FINAL)
def order_in_both_views(*halves: list[dict]) -> bool:
    return final_time_order(*halves) and final_count_order(*halves)


@claim("budget-reading-threads-kept", says="with two threads, at ten CPU minutes on the report "
       "half, the kinds kept the grid's order on every seed", studies=THREADS)
@claim("budget-summary-threads", says="with two threads the kinds kept the order on every seed",
       studies=THREADS)
def order_kept_with_two_threads(threads: list[dict]) -> bool:
    losses = losses_by_seed(threads, "report_loss")
    end = max(losses["lstm"])
    order = list(KINDS)  # lowest loss first, as in the grid
    return all(losses[low][end][s] < losses[high][end][s]
               for i, low in enumerate(order) for high in order[i + 1:]
               for s in losses["lstm"][end])


@claim("budget-final-wider", says="every pair's distance is larger at that update count than "
       "at ten minutes of CPU time, the two intervals apart", studies=FINAL)
def final_wider(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    at_count, at_time = _at_end(_count_pairs(runs)), _at_end(_time_pairs(runs))
    return all(_apart(at_count[p], at_time[p]) for p in at_time)


@claim("budget-final-early", says="at the first mark the GRU's loss is below the LSTM's, at the "
       "second they tie, and from the third mark on the LSTM's is below the GRU's, every paired "
       "interval deciding", studies=FINAL)
def final_early(*halves: list[dict]) -> bool:
    gru_lstm = _time_pairs(grid_runs(halves))[("gru", "lstm")]
    leads = [gru_lstm[m].lead for m in sorted(gru_lstm)]
    return leads[:2] == [-1, 0] and all(lead == 1 for lead in leads[2:])


@claim("budget-final-transformer-last", says="at every mark and every update count the "
       "transformer's loss is above both others', every paired interval excluding zero",
       studies=FINAL)
def final_transformer_last(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    return all(d.lead == 1 for pairs in (_time_pairs(runs), _count_pairs(runs))
               for p, by in pairs.items() if p[0] == "transformer" for d in by.values())


def holm_verdicts(runs: list[dict]) -> list[tuple[bool, float]]:
    """For every comparison of the grid's table, every pair of kinds at every CPU-time mark
    and every update mark all runs reached: whether its paired interval excludes zero, and
    its p adjusted by Holm's procedure over the whole family."""
    family = []
    for losses in (losses_by_seed(runs, "report_loss"), losses_by_updates(runs, "report")):
        for first, second in ((a, b) for i, a in enumerate(KINDS) for b in KINDS[i + 1:]):
            for point in losses[first]:
                seeds = sorted(losses[first][point])
                a = [losses[first][point][s] for s in seeds]
                b = [losses[second][point][s] for s in seeds]
                family.append((paired_difference(a, b).lead != 0, paired_p_value(a, b)))
    adjusted = holm([p for _, p in family])
    return [(excluded, p) for (excluded, _), p in zip(family, adjusted, strict=True)]


@claim("budget-final-holm", says="corrected by Holm's procedure over every comparison of the "
       "grid's table, each comparison keeps its verdict: exactly those whose paired interval "
       "excludes zero have an adjusted p below the interval's level", studies=FINAL)
def verdicts_survive_holm(*halves: list[dict]) -> bool:
    alpha = 1 - CONFIDENCE
    return all(excluded == (p < alpha) for excluded, p in holm_verdicts(grid_runs(halves)))


@claim("budget-check-welch", says="Welch's unpaired interval gives the paired verdict for every "
       "pair of kinds at every CPU-time mark", studies=FINAL)
def welch_agrees(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    welch = _time_pairs(runs, paired=False)
    return all(welch[p][m].lead == d.lead
               for p, by in _time_pairs(runs).items() for m, d in by.items())


# --- The study at equal updates, each schedule complete --------------------------------------

def _equal_end(counted: list[dict]) -> dict:
    """The pairs of kinds on the report half when every schedule of the study is complete."""
    return {p: by[EQUAL_END]
            for p, by in _kind_pairs(losses_by_seed(counted, "report_loss")).items()}


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


@claim("budget-speed-tradeoff", says="the GRU made more updates per CPU second than the LSTM and "
       "generated a character faster, each Welch interval over the runs excluding zero",
       studies=FINAL)
def gru_trains_and_generates_faster(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)

    def scores(kind: str, name: str) -> list[float]:
        return [r["scores"][name] for r in runs if r["config"]["kind"] == kind]

    short = min(runs[0]["config"]["cost_contexts"])
    per_char = f"seconds_per_char_state_L={short}"
    train = welch_difference(scores("gru", "steps_per_second"),
                             scores("lstm", "steps_per_second"))
    generate = welch_difference(scores("lstm", per_char), scores("gru", per_char))
    return train.lead == 1 and generate.lead == 1
