"""Appendix C's claims hold on the committed records and fail where the evidence reverses."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import dlbook
from dlbook.book import claims_experiments  # noqa: F401 (registers the claims)
from dlbook.book.claims import REGISTRY, evaluate, holds
from dlbook.corpus import data_dir
from dlbook.studies.experiments import load_study

IDS = ["appc-budget-steps", "exp-budget-counts-differ", "appc-curves", "exp-width-overfit"]


@pytest.fixture(scope="module")
def budget():
    return load_study("shakespeare-budget")


@pytest.fixture(scope="module")
def width():
    return load_study("charlm-width")


@pytest.fixture(scope="module")
def committed():
    runs = data_dir() / "runs"
    return {path.name: [json.loads(f.read_text()) for f in sorted(path.rglob("*.json"))]
            for path in sorted(runs.iterdir()) if path.is_dir()}


@pytest.fixture(scope="module")
def present():
    package = Path(dlbook.__file__).parent
    return {path.relative_to(package).as_posix() for path in package.rglob("*.py")}


@pytest.mark.parametrize("claim", IDS)
def test_each_claim_holds_on_the_committed_records(claim):
    assert evaluate(claim, load_study) is True


def test_the_moved_sources_claim_holds_on_the_committed_records(committed, present):
    assert holds("exp-moved-sources", committed, present) is True


def _steps(records, config_name, values):
    moved = copy.deepcopy(records)
    runs = [r for r in moved if r["config_name"] == config_name]
    for record, value in zip(runs, values, strict=True):
        record["scores"]["steps"] = float(value)
    return moved


def test_the_budget_spread_fails_when_one_configuration_made_equal_counts(budget):
    name = budget[0]["config_name"]
    n = sum(r["config_name"] == name for r in budget)
    assert not holds("appc-budget-steps", _steps(budget, name, [7000] * n))


def test_the_budget_spread_fails_when_the_seeds_ran_on_two_machines(budget):
    moved = copy.deepcopy(budget)
    moved[0]["device"]["host"] = "another-host"
    assert not holds("appc-budget-steps", moved)


def test_the_summary_fails_when_two_seeds_of_a_configuration_tie(budget):
    grid_a, grid_b = load_study("shakespeare-cpu-grid-a"), load_study("shakespeare-cpu-grid-b")
    name = budget[-1]["config_name"]
    counts = [int(r["scores"]["steps"]) for r in budget if r["config_name"] == name]
    tied = counts[:-1] + [counts[0]]  # two seeds, one count; the spread claim still holds
    moved = _steps(budget, name, tied)
    assert holds("appc-budget-steps", moved)
    assert not holds("exp-budget-counts-differ", moved, grid_a, grid_b)


def test_the_moved_sources_claim_fails_when_every_path_still_exists(committed, present):
    everything = present | {p for runs in committed.values() for r in runs
                            for p in r["git"]["source_files"]}
    assert not holds("exp-moved-sources", committed, everything)


def test_the_moved_sources_claim_fails_when_a_moved_record_is_dirty(committed, present):
    moved = copy.deepcopy(committed)
    name = next(n for n, runs in moved.items()
                if any(p not in present for r in runs for p in r["git"]["source_files"]))
    moved[name][0]["git"]["dirty"] = True
    assert not holds("exp-moved-sources", moved, present)


def _valid(records, hidden, change):
    """Records of width ``hidden`` with ``change(record)`` applied to a deep copy."""
    moved = copy.deepcopy(records)
    for record in moved:
        if record["config"]["hidden"] == hidden:
            change(record)
    return moved


def _end_at_selected(record):
    """The last validation point falls to just below the chosen checkpoint's loss."""
    record["curves"]["valid_loss"]["value"][-1] = record["selected"]["valid_loss"] - 1e-3


def test_the_curves_claim_fails_when_the_widest_width_did_not_rise(width):
    assert not holds("appc-curves", _valid(width, 256, _end_at_selected))


def test_the_curves_claim_fails_when_the_narrowest_width_chose_early(width):
    def early(record):
        record["selected"]["at"] = record["curves"]["valid_loss"]["at"][2]
    assert not holds("appc-curves", _valid(width, 64, early))


def test_the_curves_claim_fails_when_the_widest_width_chose_two_steps(width):
    moved = copy.deepcopy(width)
    first = next(r for r in moved if r["config"]["hidden"] == 256)
    first["selected"]["at"] = first["selected"]["at"] + 250
    assert not holds("appc-curves", moved)


def test_over_fitting_fails_when_the_training_loss_rose_after_the_choice(width):
    def train_rose(record):
        record["curves"]["train_loss"]["value"][-1] = 10.0
    assert not holds("exp-width-overfit", _valid(width, 128, train_rose))


def test_over_fitting_fails_when_the_validation_loss_fell_back(width):
    assert not holds("exp-width-overfit", _valid(width, 128, _end_at_selected))


def test_over_fitting_fails_when_the_middle_width_chose_at_the_end(width):
    def late(record):
        record["selected"]["at"] = record["curves"]["valid_loss"]["at"][-1]
    assert not holds("exp-width-overfit", _valid(width, 128, late))


def test_every_claim_of_the_appendix_module_is_tested():
    mine = {i for i, c in REGISTRY.items()
            if c.condition.__module__ == claims_experiments.__name__}
    assert mine == set(IDS) | {"exp-moved-sources"}
