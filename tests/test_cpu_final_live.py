"""A live run of one task of Chapter 6's final grid reproduces its committed record.

The grid's budget is CPU time, so its budget marks are not reproducible bit for bit: the
update at which a mark falls, and the learning-rate schedule, which follows the share of the
budget spent, depend on how fast this machine runs. The update marks are the reproducible
part: the windows and the initial weights come from the seed, and at the first update mark
the schedule has barely entered its cosine (under 1% of the budget is spent), so a rerun on a
machine up to a fifth faster or slower than the study's changes the rate there by a factor
within about 1e-4 of one. The test reruns the
task's own code (``run_budget_task`` with the record's configuration and seed) and stops it
at its first update mark.
"""

from __future__ import annotations

import math

import pytest
import torch

from dlbook.studies import cpu_final, experiments, selection
from dlbook.studies.budget_study import run_budget_task

torch.set_num_threads(1)

#: The rerun's loss at the first update mark is within this of the record's (nats per
#: character): a change of the learning rate by a factor of 1e-4 over a few hundred updates
#: moves the loss by far less; a different window, seed or model moves it by far more.
TOLERANCE = 1e-3


class _FirstMarkScored(Exception):
    def __init__(self, diagnostics: dict):
        self.diagnostics = diagnostics


def _stop_after_first_mark(monkeypatch):
    score = selection.UpdateMarks.__call__

    def call(self, updates):
        score(self, updates)
        if any(series["at"] for series in self.diagnostics.values()):
            raise _FirstMarkScored(self.diagnostics)

    monkeypatch.setattr(selection.UpdateMarks, "__call__", call)


@pytest.mark.slow
def test_a_live_run_of_a_grid_task_reproduces_its_records_first_update_mark(monkeypatch):
    study = experiments.get_study(next(iter(cpu_final.FINAL_STUDIES)))
    records = {(r["config_name"], r["seed"]): r for r in experiments.load_study(study.name)}
    # the fastest kind, at the first seed: about ten seconds to its first update mark
    name, config, seed = next(t for t in study.tasks() if t[1]["kind"] == "transformer")
    record = records[(name, seed)]
    assert record["config"] == config  # the registered task is the one the record ran
    _stop_after_first_mark(monkeypatch)
    with pytest.raises(_FirstMarkScored) as stopped:
        run_budget_task(config, seed, None, torch.device("cpu"))  # the committed text
    live = stopped.value.diagnostics
    kept = record["curves"]["diagnostics"]
    assert set(live) == set(kept) == {f"{split}_loss_at_updates"
                                     for split in ("valid", "select", "report")}
    for series, values in live.items():
        first = cpu_final.UPDATE_MARKS[0]
        assert values["at"] == [first] and kept[series]["at"][0] == first
        assert math.isclose(values["value"][0], kept[series]["value"][0], abs_tol=TOLERANCE), (
            series, values["value"][0], kept[series]["value"][0])
