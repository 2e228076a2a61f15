"""Chapter 6's claims on the grid run again with the recheck round's choices.

The recheck round (:data:`dlbook.studies.cpu_final.RECHECK_STUDY`) could not tell each kind's
final choice from the run its rule preferred, so the grid ran again with those runs
(:data:`dlbook.studies.cpu_final.RECHECKED_STUDIES`). Its reading rule was committed before it
ran: each pair of kinds is read by its paired interval, as in the grid, and the grid's order
holds if every pair's interval lies on the grid's side of zero; an interval that straddles
zero is a tie. A claim takes the grid's two halves, then the rerun's two halves.
"""

from __future__ import annotations

import numpy as np

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, KINDS, grid_runs
from dlbook.book.claims_budget_cost import step_ms, step_ms_by_run
from dlbook.book.claims_budget_final import at_end, kind_means, runs_by_kind, time_pairs
from dlbook.book.claims_budget_reading import speeds
from dlbook.book.claims_budget_settings import shape_of
from dlbook.stats import Difference, paired_difference, welch_difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import loss_difference, losses_by_seed

#: The grid with the recheck's choices, in two studies split by seed.
RECHECKED = tuple(cpu_final.RECHECKED_STUDIES)
#: What a claim on both grids reads: the grid's halves, then the rerun's.
BOTH = (*FINAL, *RECHECKED)


def split_grids(halves: tuple[list[dict], ...]) -> tuple[list[dict], list[dict]]:
    """The grid's runs and the rerun's, from the four lists a claim on :data:`BOTH` takes."""
    return grid_runs(halves[:len(FINAL)]), grid_runs(halves[len(FINAL):])


def trains_the_recheck_choices(rerun: list[dict], grid: list[dict]) -> bool:
    """Whether every kind of the rerun ran the grid's seeds with the recheck's choice, and
    with the grid's budget, batch and context: so that seed i of either grid reads the same
    windows in the same order, and the two grids pair by seed."""
    same = ("clock", "budget", "batch", "context", "steps")
    return all([r["seed"] for r in by] == list(cpu_final.GRID_SEEDS)
               for by in runs_by_kind(rerun).values()) and all(
        r["config_name"] == cpu_final.RECHECK_CHOICE[r["config"]["kind"]]
        and all(r["config"][key] == grid[0]["config"][key] for key in same) for r in rerun)


def leads_at_end(runs: list[dict]) -> dict[tuple[str, str], int]:
    """Each pair's verdict at ten minutes on the report half: 1 if the first kind's loss is
    above the second's, -1 if below, 0 a tie (:func:`time_pairs`)."""
    return {p: d.lead for p, d in at_end(time_pairs(runs)).items()}


def order_kept(grid: list[dict], rerun: list[dict]) -> dict[tuple[str, str], bool]:
    """The committed rule, pair by pair: whether the rerun's interval lies on the grid's side
    of zero (a tie in the rerun keeps nothing)."""
    before, after = leads_at_end(grid), leads_at_end(rerun)
    return {p: before[p] != 0 and after[p] == before[p] for p in before}


def setting_differences(grid: list[dict], rerun: list[dict]) -> dict[str, Difference]:
    """Each kind's report-half loss at ten minutes with the grid's choice minus with the
    recheck's, paired by seed: seed i of either reads the same windows in the same order."""
    before, after = losses_by_seed(grid, "report_loss"), losses_by_seed(rerun, "report_loss")
    end = max(before["lstm"])
    return {k: loss_difference(before[k][end], after[k][end], paired=True) for k in KINDS}


def setting_verdicts_at_marks(grid: list[dict], rerun: list[dict]) -> dict[str, list[int]]:
    """Each kind's verdict on its two settings (:func:`setting_differences`' sign) at every
    CPU-time mark in order: points along one ten-minute cosine, not shorter budgets."""
    before, after = losses_by_seed(grid, "report_loss"), losses_by_seed(rerun, "report_loss")
    return {k: [loss_difference(before[k][m], after[k][m], paired=True).lead
                for m in sorted(before[k])] for k in KINDS}


def distance_changes(grid: list[dict], rerun: list[dict]) -> dict[tuple[str, str], Difference]:
    """Each pair of kinds: its distance at ten minutes in the grid minus its distance in the
    rerun, paired by seed: how far the other settings moved a distance the headline reads."""
    before, after = losses_by_seed(grid, "report_loss"), losses_by_seed(rerun, "report_loss")
    end = max(before["lstm"])
    changes = {}
    for first, second in at_end(time_pairs(grid)):
        seeds = sorted(before[first][end])
        changes[first, second] = paired_difference(
            [before[first][end][s] - before[second][end][s] for s in seeds],
            [after[first][end][s] - after[second][end][s] for s in seeds])
    return changes


def speed_ratios(grid: list[dict], rerun: list[dict]) -> dict[str, float]:
    """Each kind's mean updates per CPU second with the recheck's choice over that with the
    grid's: how much more of the budget's text the other shape read."""
    before, after = (kind_means(runs, "steps_per_second") for runs in (grid, rerun))
    return {k: after[k] / before[k] for k in KINDS}


def same_shape_step_costs(rerun: list[dict]) -> tuple[Difference, float]:
    """The rerun's LSTM and GRU share a shape: the LSTM's milliseconds per generated character
    at the shortest context minus the GRU's, with Welch's interval over the runs (timings do
    not pair by seed), and the ratio of their means."""
    lstm, gru = (step_ms_by_run(rerun, k) for k in ("lstm", "gru"))
    return welch_difference(lstm, gru), np.mean(lstm) / np.mean(gru)


@claim("budget-rechecked-order", says="by the committed rule the order held: at ten minutes on "
       "the report half every pair's paired interval lies on the grid's side of zero",
       studies=BOTH)
@claim("budget-reading-rechecked-order", says="run again with the recheck's choices, the order "
       "held by the committed rule, every pair's paired interval on the grid's side of zero",
       studies=BOTH)
def order_held(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    return trains_the_recheck_choices(rerun, grid) and all(order_kept(grid, rerun).values())


#: Each kind's verdict on its two settings as the text reads it: the grid's loss minus the
#: rerun's, 1 where the recheck's choice scored lower (the interval above zero), 0 a tie.
SETTING_VERDICTS = {"lstm": 0, "gru": 1, "transformer": 0}


@claim("budget-rechecked-settings", says="the GRU scored lower with the recheck's choice than "
       "with the grid's, at ten minutes on the report half, its paired interval excluding "
       "zero; the LSTM's and the transformer's intervals include zero", studies=BOTH)
@claim("budget-reading-rechecked", says="the grid run again with the recheck's choices scored "
       "lower for the GRU, paired, and tied for the LSTM and the transformer", studies=BOTH)
def only_the_gru_lower(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    return trains_the_recheck_choices(rerun, grid) and {
        k: d.lead for k, d in setting_differences(grid, rerun).items()} == SETTING_VERDICTS


@claim("budget-rechecked-reading", says="at the full budget on five seeds the recheck's "
       "preference held for the GRU alone, the LSTM and the transformer tying, and under both "
       "sets of settings the kinds come in the same order, every interval between kinds "
       "excluding zero", studies=BOTH)
@claim("budget-summary-rechecked", says="run again with the recheck's choices, the grid kept the "
       "kinds' order, and only the GRU scored lower with its new setting", studies=BOTH)
def gru_lower_in_order(*halves: list[dict]) -> bool:
    return only_the_gru_lower(*halves) and order_held(*halves)


#: The verdicts along the marks (1, 2, 4, 8 and 10 minutes), as the text reads them.
MARK_VERDICTS = {"lstm": [1, 1, 1, 1, 0], "gru": [-1, 0, 0, 1, 1],
                 "transformer": [0, 0, 0, 0, 0]}
#: The distances' changes, grid minus rerun, as the text reads them.
DISTANCE_VERDICTS = {("gru", "lstm"): 1, ("transformer", "gru"): -1,
                     ("transformer", "lstm"): 0}


@claim("budget-rechecked-marks", says="along the marks the GRU's recheck choice was behind at one "
       "minute, tied at two and four and ahead from eight; the LSTM's was ahead at every mark "
       "but the last, where it ties; the transformer's two settings tie at every mark",
       studies=BOTH)
def verdicts_along_the_marks(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    return setting_verdicts_at_marks(grid, rerun) == MARK_VERDICTS


@claim("budget-rechecked-distances", says="paired by seed, the GRU's distance above the LSTM is "
       "smaller with the recheck's choices and the transformer's above the GRU larger, each "
       "change's interval excluding zero, while the transformer's distance above the LSTM ties",
       studies=BOTH)
def distances_moved(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    return {p: d.lead for p, d in distance_changes(grid, rerun).items()} == DISTANCE_VERDICTS


@claim("budget-cost-rerun-shape", says="at the shape the rerun's LSTM and GRU share, a character "
       "from the LSTM cost more than one from the GRU, by a smaller ratio than at the grid's "
       "shapes, yet every LSTM run made more updates per CPU second than every GRU run",
       studies=BOTH)
@claim("budget-cost-same-shape", says="at the shape the rerun's LSTM and GRU share, the LSTM's "
       "generated character cost more than the GRU's, Welch's interval over the runs excluding "
       "zero, by a ratio less than half that of the grid's chosen shapes, while every LSTM run "
       "made more updates per CPU second than every GRU run", studies=BOTH)
def same_shape_nearer(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    by_kind = runs_by_kind(rerun)
    if shape_of(by_kind["lstm"][0]["config"]) != shape_of(by_kind["gru"][0]["config"]):
        return False
    difference, ratio = same_shape_step_costs(rerun)
    chosen = step_ms(grid)
    lstm_speeds, gru_speeds = (speeds(rerun, k) for k in ("lstm", "gru"))
    return (difference.lead == 1 and bool(ratio < chosen["lstm"] / chosen["gru"] / 2)
            and min(lstm_speeds) > max(gru_speeds))


#: The GRU's two settings again, side by side in one session: the grid's halves, the rerun's,
#: then this study (:data:`dlbook.studies.cpu_final.GRU_SESSION_STUDY`).
SESSION = (*BOTH, cpu_final.GRU_SESSION_STUDY)
#: The LSTM's two settings in one session, read the same way
#: (:data:`dlbook.studies.cpu_final.LSTM_SESSION_STUDY`).
LSTM_SESSION = (*BOTH, cpu_final.LSTM_SESSION_STUDY)


def setting_losses(runs: list[dict], name: str) -> dict[int, float]:
    """``{seed: report-half loss at the last mark}`` of the runs of configuration ``name``."""
    return {r["seed"]: r["marks"][-1]["report_loss"] for r in runs if r["config_name"] == name}


def session_differences(grid: list[dict], rerun: list[dict], session: list[dict],
                        kind: str = "gru") -> dict[str, Difference]:
    """Paired by seed at ten minutes on the report half: ``"settings"``, the ``kind``'s grid
    setting minus its recheck setting within one session (what the committed rule reads);
    ``"grid setting"`` and ``"recheck setting"``, each setting in that session minus the same
    setting in the grid that first ran it: the same configuration and seeds, another session."""
    old, new = cpu_final.FINAL_CHOICE[kind], cpu_final.RECHECK_CHOICE[kind]
    here_old, here_new = setting_losses(session, old), setting_losses(session, new)
    seeds = sorted(here_old)

    def paired(first: dict[int, float], second: dict[int, float]) -> Difference:
        return paired_difference([first[s] for s in seeds], [second[s] for s in seeds])

    return {"settings": paired(here_old, here_new),
            "grid setting": paired(here_old, setting_losses(grid, old)),
            "recheck setting": paired(here_new, setting_losses(rerun, new))}


def settings_differ_in(session: list[dict], kind: str = "gru") -> set[str]:
    """The keys of the configuration in which the session's two settings of ``kind``, as its
    records ran them, differ."""
    configs = {r["config_name"]: r["config"] for r in session}
    old, new = (configs[c[kind]] for c in (cpu_final.FINAL_CHOICE, cpu_final.RECHECK_CHOICE))
    return {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}


def layers_alone_differ(session: list[dict]) -> bool:
    """Whether the session's two GRU settings differ in their number of layers alone."""
    return settings_differ_in(session) == {"layers"}


@claim("budget-gru-one-session", says="in one session the GRU's grid setting scored above its "
       "recheck setting, paired by seed at ten minutes on the report half, the interval above "
       "zero, and each setting tied with itself in the grid that first ran it", studies=SESSION)
@claim("budget-reading-gru-one-session", says="side by side in one session the GRU's two settings "
       "differed as across the sessions, the new one lower, and each scored as in its own grid",
       studies=SESSION)
def gru_gain_in_one_session(*records: list[dict]) -> bool:
    grid, rerun = split_grids(records[:-1])
    found = session_differences(grid, rerun, records[-1])
    return (layers_alone_differ(records[-1]) and found["settings"].lead == 1
            and found["grid setting"].lead == 0 and found["recheck setting"].lead == 0)


@claim("budget-lstm-one-session", says="in one session the LSTM's grid setting and its recheck "
       "setting, which differ in layers and width alone, tied, paired by seed at ten minutes on "
       "the report half, and each tied with itself in the grid that first ran it",
       studies=LSTM_SESSION)
def lstm_tie_in_one_session(*records: list[dict]) -> bool:
    grid, rerun = split_grids(records[:-1])
    found = session_differences(grid, rerun, records[-1], "lstm")
    return (settings_differ_in(records[-1], "lstm") == {"layers", "hidden"}
            and setting_differences(grid, rerun)["lstm"].lead == 0
            and all(d.lead == 0 for d in found.values()))


def matched_pairs(grid: list[dict], rerun: list[dict]
                  ) -> dict[str, tuple[str, float, Difference]]:
    """For each recurrent kind, the grid (``"grid"`` or ``"rerun"``) in which its parameters
    come nearest to its transformer's, by ratio either way, with that ratio (recurrent over
    transformer) and the transformer's loss minus the recurrent model's, paired by seed at
    ten minutes on the report half."""
    found = {}
    for kind in ("gru", "lstm"):
        options = []
        for key, runs in (("grid", grid), ("rerun", rerun)):
            params = {r["config"]["kind"]: r["parameters"] for r in runs}
            ratio = params[kind] / params["transformer"]
            options.append((abs(np.log(ratio)), key, ratio, runs))
        _, key, ratio, runs = min(options, key=lambda option: option[0])
        found[kind] = (key, ratio, at_end(time_pairs(runs))[("transformer", kind)])
    return found


@claim("budget-reading-parameters", says="each recurrent kind comes nearest its transformer in "
       "size in one grid, the GRU in the first (less than 1.2 times its parameters), the LSTM in "
       "the rerun (more than twice); in each the recurrent model scored below the transformer, "
       "paired by seed at ten minutes on the report half, the interval excluding zero",
       studies=BOTH)
def lead_at_near_size(*halves: list[dict]) -> bool:
    grid, rerun = split_grids(halves)
    found = matched_pairs(grid, rerun)
    (gru_in, gru_ratio, _), (lstm_in, lstm_ratio, _) = found["gru"], found["lstm"]
    return (gru_in == "grid" and gru_ratio < 1.2 and lstm_in == "rerun" and lstm_ratio > 2
            and all(d.lead == 1 for _, _, d in found.values()))
