"""Chapter 6's claims on the limits of its comparison, and the numbers its section on them
prints (``## Reading the comparison honestly``).

As in :mod:`dlbook.book.claims_budget`, each function decorated with ``@claim`` is the
condition of one sentence of ``book/06-equal-budget.qmd`` as the sentence words it. The
undecorated functions compute what those sentences print (a drop in speed, a ratio of
parameters, a count of configurations); the claims call the same functions, so a number the
text prints and the condition beside it are computed once. A claim on the third study takes
the records of its rounds (:data:`~dlbook.book.claims_budget_settings.ROUNDS`) first, as
:mod:`dlbook.book.claims_budget_settings` does; the final grid's two halves follow as two lists.
"""

from __future__ import annotations

import numpy as np

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, GRID, KINDS, grid_runs
from dlbook.book.claims_budget_final import intervals_apart, kind_pairs
from dlbook.book.claims_budget_settings import ROUNDS, ThirdStudy, shape_of
from dlbook.stats import Difference
from dlbook.studies import cpu_final
from dlbook.studies.budget_results import losses_by_seed

RECURRENT = ("lstm", "gru")
#: The first study, whose runs were scored streaming too.
FIRST = ("shakespeare-budget",)
#: The final grid's last mark, in CPU seconds: ten minutes.
END = float(cpu_final.MARKS[-1])
#: Each text the final grid was scored on at every mark, and the name of its score there.
HALVES = {"selection half": "select_loss", "report half": "report_loss",
          "whole split": "valid_loss"}


def _split(records: tuple[list[dict], ...], first: int) -> tuple[tuple, list[dict]]:
    """The first ``first`` lists of ``records``, and the runs of the rest (the final grid's)."""
    return records[:first], grid_runs(records[first:])


# --- How far the runs got --------------------------------------------------------------------

def fell_at_the_end(run: dict, score: str) -> bool:
    """Whether the run's ``score`` was lower at its last mark than at the one before: a run
    still improving when its budget ran out says nothing of where a longer one would end."""
    return run["marks"][-1][score] < run["marks"][-2][score]


def passes(runs: list[dict], train_chars: int) -> dict[str, float]:
    """Each kind's mean passes over the training text by its last mark: the characters its
    runs read (updates times batch times context) over ``train_chars``."""
    if train_chars <= 0:
        raise ValueError(f"train_chars must be positive, got {train_chars!r}")
    return {k: np.mean([r["marks"][-1]["tokens"] for r in runs if r["config"]["kind"] == k])
            / train_chars for k in KINDS}


@claim("budget-reading-censored", says="every grid run's selection-half loss fell from its "
       "second-to-last mark to its last, and every run kept its last mark", studies=FINAL)
def still_falling_on_selection(*halves: list[dict]) -> bool:
    return all(fell_at_the_end(r, "select_loss")
               and r["scores"]["selected_mark"] == r["marks"][-1]["mark"]
               for r in grid_runs(halves))


@claim("budget-reading-censored-report", says="on the report half every recurrent run's loss "
       "fell from its second-to-last mark to its last", studies=FINAL)
def recurrent_still_falling_on_report(*halves: list[dict]) -> bool:
    return all(fell_at_the_end(r, "report_loss") for r in grid_runs(halves)
               if r["config"]["kind"] in RECURRENT)


# --- Speed: rounds and processors ------------------------------------------------------------

def speeds(runs: list[dict], kind: str) -> list[float]:
    """The updates per CPU second of each run of ``kind``, in the order of ``runs``."""
    return [r["scores"]["steps_per_second"] for r in runs if r["config"]["kind"] == kind]


def speed_drops(third: ThirdStudy, final: list[dict]) -> dict[str, float]:
    """Each kind's drop in updates per CPU second, as a fraction, from the round of the third
    study that chose its configuration (on that round's seeds) to the final grid: the same
    configuration on the same machine type, so the drop is the machine's, not the model's."""
    chosen = third.chosen[2]
    chose_speed = {k: np.mean([r["scores"]["steps_per_second"] for r in third.rate_pool
                               if r["config_name"] == chosen[k]]) for k in KINDS}
    return {k: 1 - np.mean(speeds(final, k)) / chose_speed[k] for k in KINDS}


def processor(runs: list[dict]) -> str:
    """The one processor model the runs ran on, as the text names it ("AMD EPYC")."""
    models = {r["device"]["model"] for r in runs}
    if len(models) != 1:
        raise ValueError(f"runs ran on {len(models)} processor models ({sorted(models)}); "
                         "pass the runs of one grid")
    return models.pop().replace("(R)", "").replace(" Processor", "")


@claim("budget-reading-speed-rounds", says="every kind's chosen configuration made more than a "
       "tenth fewer updates per CPU second in the final grid than in the round that chose it",
       studies=(*ROUNDS, *FINAL))
def slower_in_the_grid(*records: list[dict]) -> bool:
    rounds, final = _split(records, len(ROUNDS))
    return all(0.1 < d for d in speed_drops(ThirdStudy(rounds), final).values())


@claim("budget-reading-processor-lstm", says="every second-grid LSTM run made more updates per "
       "CPU second than every final-grid LSTM run of the same shape", studies=(*GRID, *FINAL))
def faster_on_the_other_processor(*records: list[dict]) -> bool:
    grid, final = _split(records, len(GRID))
    grid = grid_runs(grid)
    shapes = {shape_of(r["config"]) for r in grid + final if r["config"]["kind"] == "lstm"}
    return len(shapes) == 1 and min(speeds(grid, "lstm")) > max(speeds(final, "lstm"))


# --- The two halves of the validation text ---------------------------------------------------

def halves_at_end(final: list[dict]) -> dict[str, dict[tuple[str, str], Difference]]:
    """``{text: {(first, second): Difference}}``: every pair of kinds at ten minutes, paired
    by seed, first minus second, on each half of the validation text and on the whole split,
    in the order of :data:`HALVES`; the grid chose on one half and reports the other."""
    return {half: {p: by[END] for p, by in kind_pairs(losses_by_seed(final, score)).items()}
            for half, score in HALVES.items()}


@claim("budget-reading-halves", says="at ten minutes the order holds on both halves and on the "
       "whole split, every paired interval excluding zero, and the transformer's distance from "
       "the GRU is smaller on the selection half than on the report half, the intervals apart",
       studies=FINAL)
def order_on_every_half(*halves: list[dict]) -> bool:
    at_end = halves_at_end(grid_runs(halves))
    tf_gru = ("transformer", "gru")
    return all(d.lead == 1 for by in at_end.values() for d in by.values()) and intervals_apart(
        at_end["report half"][tf_gru], at_end["selection half"][tf_gru])


# --- Parameters and tuning -------------------------------------------------------------------

def parameter_ratio(runs: list[dict], name: str, against: str) -> float:
    """How many times the parameters of configuration ``against`` configuration ``name`` has,
    read from ``runs``."""
    params = {r["config_name"]: r["parameters"] for r in runs}
    return params[name] / params[against]


def configurations_tried(third: ThirdStudy) -> dict[str, int]:
    """How many configurations of each kind the third study ran: its tuning effort."""
    return {k: sum(c["kind"] == k for c in third.configs.values()) for k in KINDS}


@claim("budget-reading-effort", says="the third study tried more configurations of the "
       "transformer than of either recurrent model", studies=ROUNDS)
def transformer_tuned_most(*rounds: list[dict]) -> bool:
    tried = configurations_tried(ThirdStudy(rounds))
    return tried["transformer"] > max(tried[k] for k in RECURRENT)


# --- Streaming -------------------------------------------------------------------------------

@claim("budget-question-streaming", says="in every study every recurrent run scored lower "
       "streaming than with fixed windows, at every mark", studies=(*FIRST, *GRID, *FINAL))
def streaming_lower_everywhere(*studies: list[dict]) -> bool:
    # a mark without a streaming score fails only a recurrent run, which must have one
    return all(m["streaming_loss"] < m["valid_loss"] if "streaming_loss" in m
               else r["config"]["kind"] not in RECURRENT
               for r in grid_runs(studies) for m in r["marks"])
