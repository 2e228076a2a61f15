"""Chapter 6's claims on its final grid, and the numbers its section on the grid prints
(``## The final grid, in three views``).

As in :mod:`dlbook.book.claims_budget`, each function decorated with ``@claim`` is the
condition of one sentence of ``book/06-equal-budget.qmd`` as the sentence words it, and takes
the grid's two halves as two lists. The undecorated functions read the grid's runs in its
views (each pair of kinds at every CPU-time mark and every update count, each kind's speed,
what streaming gains) and compute what the section prints; the claims call the same
functions, so a number the text prints and the condition beside it are computed once. The
claims on the study at equal updates are in :mod:`dlbook.book.claims_budget_equal`.
"""

from __future__ import annotations

import numpy as np

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, KINDS, fixed_windows, grid_runs
from dlbook.comparisons import holm
from dlbook.stats import CONFIDENCE, Difference, paired_difference, paired_p_value, welch_difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import (
    loss_difference,
    losses_by_seed,
    losses_by_updates,
    mean_bands,
    mean_bands_at_updates,
    pairwise_differences,
)

TF_LSTM = ("transformer", "lstm")
#: The grid's settings run again with two threads per run, one run at a time.
THREADS = (cpu_final.THREADS_STUDY,)


# --- What the grid trained -------------------------------------------------------------------

def runs_by_kind(runs: list[dict]) -> dict[str, list[dict]]:
    """Each kind's runs in the order of their seeds, the order a paired comparison reads."""
    return {k: sorted((r for r in runs if r["config"]["kind"] == k), key=lambda r: r["seed"])
            for k in KINDS}


def trains_the_choices(runs: list[dict], *, clock: str, budget: float) -> bool:
    """Whether every kind ran each of the grid's seeds once, every run with its kind's final
    choice (:data:`~dlbook.studies.cpu_final.FINAL_CHOICE`) and a ``budget`` on ``clock``:
    what the grid and the study at equal updates both promise, so that their runs pair."""
    return all([r["seed"] for r in by] == list(cpu_final.GRID_SEEDS)
               for by in runs_by_kind(runs).values()) and all(
        r["config_name"] == cpu_final.FINAL_CHOICE[r["config"]["kind"]]
        and r["config"]["clock"] == clock and r["config"]["budget"] == budget for r in runs)


def shared_setting(runs: list[dict], key: str, *, kinds: tuple[str, ...] = KINDS) -> object:
    """The value of the setting ``key`` that every run of ``kinds`` shares; a ``ValueError``
    when they differ, since the text names one value for them all."""
    values = [r["config"][key] for r in runs if r["config"]["kind"] in kinds]
    if not values or any(v != values[0] for v in values):
        raise ValueError(f"the runs of {kinds} do not share one {key!r}: {values}; the text "
                         "names one value, so pass one grid's runs")
    return values[0]


def kind_means(runs: list[dict], score: str) -> dict[str, float]:
    """Each kind's mean over its runs of ``scores[score]``: its updates per CPU second
    (``steps_per_second``), or the updates it made in its budget (``steps``)."""
    return {k: np.mean([r["scores"][score] for r in by]) for k, by in runs_by_kind(runs).items()}


def torch_version(runs: list[dict]) -> str:
    """The PyTorch version (major.minor) every run trained with: the version whose CPU
    kernels the view at equal CPU time ranks, together with the models."""
    found = {r["versions"]["torch"].split("+")[0] for r in runs}
    if len(found) != 1:
        raise ValueError(f"the runs trained with {len(found)} PyTorch versions {sorted(found)}; "
                         "pass the runs of one grid")
    return ".".join(found.pop().split(".")[:2])


# --- The views: every pair of kinds at every point -------------------------------------------

def kind_pairs(losses: dict, *, paired: bool = True) -> dict:
    """``{(first, second): {point: Difference}}``, first minus second, for every pair of kinds
    at every point of ``losses``, the later kind first: a lead of 1 says the earlier is lower."""
    return pairwise_differences({k: losses[k] for k in KINDS[::-1]}, paired=paired)


def time_pairs(runs: list[dict], *, paired: bool = True) -> dict:
    """The pairs of kinds on the report half at every CPU-time mark."""
    return kind_pairs(losses_by_seed(runs, "report_loss"), paired=paired)


def count_pairs(runs: list[dict]) -> dict:
    """The pairs of kinds on the report half at every update mark that every run reached."""
    return kind_pairs(losses_by_updates(runs, "report"))


def at_end(pairs: dict) -> dict:
    """Each pair at its last point: ten minutes, or the largest update mark every run reached."""
    return {p: by[max(by)] for p, by in pairs.items()}


def intervals_apart(larger: Difference, smaller: Difference) -> bool:
    """Whether the interval of ``larger`` lies wholly above that of ``smaller``."""
    return larger.low > smaller.high


def streaming_gains(runs: list[dict]) -> dict[str, Difference]:
    """Each kind that streamed: its loss on the whole split at ten minutes with fixed windows
    minus its loss streaming, paired by seed. What a recurrent model gains by carrying its
    state through the whole text, which a transformer with a fixed context cannot do, so the
    comparison of the kinds leaves it out."""
    windows, marks = fixed_windows(runs)
    streams = losses_by_seed(runs, "streaming_loss")
    return {k: loss_difference(windows[k][marks[-1]], streams[k][marks[-1]], paired=True)
            for k in streams}


@claim("budget-summary-streaming", says="at ten minutes streaming lowers both recurrent models' "
       "loss on the whole validation split, each paired interval excluding zero", studies=FINAL)
@claim("budget-final-streaming", says="at ten minutes streaming lowered both recurrent models' "
       "loss on the whole split, each paired interval excluding zero", studies=FINAL)
def final_streaming(*halves: list[dict]) -> bool:
    gains = streaming_gains(grid_runs(halves))
    return sorted(gains) == ["gru", "lstm"] and all(d.lead == 1 for d in gains.values())


@claim("budget-final-time-order", says="at ten minutes, paired on the report half, the LSTM's "
       "loss is below the GRU's and the transformer's, and the GRU's below the transformer's, "
       "every interval excluding zero", studies=FINAL)
def final_time_order(*halves: list[dict]) -> bool:
    return all(d.lead == 1 for d in at_end(time_pairs(grid_runs(halves))).values())


@claim("budget-final-count-order", says="at the largest update count every run reached, the "
       "same order, every interval excluding zero", studies=FINAL)
def final_count_order(*halves: list[dict]) -> bool:
    return all(d.lead == 1 for d in at_end(count_pairs(grid_runs(halves))).values())


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
    at_count, at_time = at_end(count_pairs(runs)), at_end(time_pairs(runs))
    return all(intervals_apart(at_count[p], at_time[p]) for p in at_time)


@claim("budget-final-early", says="at the first mark the GRU's loss is below the LSTM's, at the "
       "second they tie, and from the third mark on the LSTM's is below the GRU's, every paired "
       "interval deciding", studies=FINAL)
def final_early(*halves: list[dict]) -> bool:
    gru_lstm = time_pairs(grid_runs(halves))[("gru", "lstm")]
    leads = [gru_lstm[m].lead for m in sorted(gru_lstm)]
    return leads[:2] == [-1, 0] and all(lead == 1 for lead in leads[2:])


@claim("budget-final-transformer-last", says="at every mark and every update count the "
       "transformer's loss is above both others', every paired interval excluding zero",
       studies=FINAL)
def final_transformer_last(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    return all(d.lead == 1 for pairs in (time_pairs(runs), count_pairs(runs))
               for p, by in pairs.items() if p[0] == "transformer" for d in by.values())


@claim("fig-budget-final", says="on the left the GRU's mean is below the LSTM's at 1 minute, "
       "within 0.005 of it at 2 minutes and above it from 4 minutes on, the transformer's above "
       "both at every mark; on the right the "
       "transformer's mean falls from each count to the next and stays above both, and the "
       "LSTM's is lowest at every count", studies=FINAL)
def final_figure(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    # the means the figure draws, in the order of its marks and of its update counts
    tm = {k: [b.mean for b in by.values()] for k, by in mean_bands(runs, "report_loss").items()}
    cm = {k: [b.mean for b in by.values()]
          for k, by in mean_bands_at_updates(runs, "report").items()}
    lstm, gru, tf = (tm[k] for k in KINDS)
    falling = zip(cm["transformer"], cm["transformer"][1:], strict=False)
    return (gru[0] < lstm[0] and abs(gru[1] - lstm[1]) < 0.005
            and all(a < b for a, b in zip(lstm[2:], gru[2:], strict=False))
            and all(t > max(a, b) for t, a, b in zip(tf, lstm, gru, strict=False))
            and all(b < a for a, b in falling)
            and all(t > g > lo for t, g, lo in zip(cm["transformer"], cm["gru"], cm["lstm"],
                                                   strict=False)))


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
    welch = time_pairs(runs, paired=False)
    return all(welch[p][m].lead == d.lead
               for p, by in time_pairs(runs).items() for m, d in by.items())


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
