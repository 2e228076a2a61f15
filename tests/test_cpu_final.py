"""The final grid of Chapter 6 (dlbook.studies.cpu_final): its configurations and its
registration, which waits for the third study's rate rounds."""

from __future__ import annotations

import pytest
import torch

from dlbook.studies import cpu_budget, cpu_final, cpu_sizes, experiments
from dlbook.studies.budget_study import KINDS, check_budget_config


def third_study_runs() -> dict[str, dict]:
    return {name: config for study in cpu_sizes.size_studies().values()
            for name, config in study.configs}


def some_choice() -> dict[str, str]:  # the warm-up round's choice stands in for the final one
    return dict(cpu_sizes.WARMUP_CHOICE)


def test_each_kind_trains_its_chosen_run_at_the_grids_budget_with_update_marks():
    ran = third_study_runs()
    configs = dict(cpu_final.final_configs({n: ran[n] for n in some_choice().values()}))
    assert list(configs) == [some_choice()[kind] for kind in KINDS]
    for name, config in configs.items():
        check_budget_config(config)
        changed = {k for k in config if config[k] != ran[name].get(k)}
        assert changed <= {"budget", "marks", "update_marks", "steps", "cost_contexts",
                           "streaming"}
        assert (config["budget"], config["marks"]) == (600, list(cpu_budget.GRID_MARKS))
        assert config["valid_halves"] and config["streaming"] == (config["kind"] != "transformer")
        assert config["steps"] >= max(cpu_final.UPDATE_MARKS)


def test_the_grid_refuses_a_choice_that_is_not_one_per_kind():
    ran = third_study_runs()
    names = list(some_choice().values())
    with pytest.raises(ValueError, match="one configuration per kind"):
        cpu_final.final_configs({n: ran[n] for n in names[:2]})


def test_nothing_registers_until_the_choice_is_filled_in(monkeypatch):
    if cpu_final.FINAL_CHOICE is None:
        assert not set(experiments.STUDIES) & {*cpu_final.FINAL_STUDIES, cpu_final.THREADS_STUDY}
    monkeypatch.setattr(cpu_final, "FINAL_CHOICE", None)
    assert cpu_final.final_studies() == {}
    monkeypatch.setattr(cpu_final, "FINAL_CHOICE", some_choice())
    monkeypatch.setattr(cpu_final, "RECHECK_CHOICE", None)
    studies = cpu_final.final_studies()
    assert list(studies) == [*cpu_final.FINAL_STUDIES, cpu_final.THREADS_STUDY,
                             cpu_final.EQUAL_UPDATES_STUDY, cpu_final.RECHECK_STUDY]
    grid_seeds = [s for name in cpu_final.FINAL_STUDIES for s in studies[name].seeds]
    assert sorted(grid_seeds) == list(cpu_budget.GRID_SEEDS)  # five seeds, none twice
    assert studies[cpu_final.THREADS_STUDY].seeds == cpu_final.THREADS_SEEDS
    assert studies[cpu_final.EQUAL_UPDATES_STUDY].seeds == cpu_budget.GRID_SEEDS
    grid = studies[cpu_final.THREADS_STUDY].configs
    assert all(s.cpu_only and s.seed_major for s in studies.values())
    assert all(studies[name].configs == grid for name in cpu_final.FINAL_STUDIES)
    assert studies[cpu_final.EQUAL_UPDATES_STUDY].configs == cpu_final.equal_updates_configs(grid)


def test_the_study_at_equal_updates_changes_only_the_clock_budget_marks_and_cost():
    grid = experiments.get_study(cpu_final.THREADS_STUDY).configs
    counted = cpu_final.equal_updates_configs(grid)
    assert [name for name, _ in counted] == [name for name, _ in grid]
    for (_, before), (_, after) in zip(grid, counted, strict=True):
        check_budget_config(after)
        changed = {k for k in after if after[k] != before.get(k)}
        assert changed == {"clock", "budget", "marks", "update_marks", "steps", "cost_contexts"}
        assert after["clock"] == "updates" and after["steps"] == after["budget"] == max(
            after["marks"]) == cpu_final.EQUAL_UPDATES


def test_the_updates_at_equal_updates_are_about_what_the_lstm_made_in_the_grid():
    lstm = [r["scores"]["steps"] for name in cpu_final.FINAL_STUDIES
            for r in experiments.load_study(name) if r["config"]["kind"] == "lstm"]
    mean = sum(lstm) / len(lstm)
    assert abs(cpu_final.EQUAL_UPDATES / mean - 1) < 0.02, mean


def test_the_final_choice_is_the_rate_rule_over_the_committed_records_with_no_edge_left():
    pool = cpu_final.rate_pool(experiments.load_study)
    assert cpu_sizes.missing_rate_neighbours(pool) == ()
    assert cpu_sizes.rate_choice_again(pool) == cpu_final.FINAL_CHOICE
    # and the grid it registers trains exactly those runs, at the grid's budget
    for name in (*cpu_final.FINAL_STUDIES, cpu_final.THREADS_STUDY):
        study = experiments.get_study(name)
        assert [n for n, _ in study.configs] == [cpu_final.FINAL_CHOICE[k] for k in KINDS]
        assert all(c["budget"] == cpu_final.BUDGET for _, c in study.configs)


def test_the_grids_records_carry_cpu_time_updates_and_characters_at_every_mark():
    for name in (*cpu_final.FINAL_STUDIES, *cpu_final.RECHECKED_STUDIES):
        found = experiments.load_study(name)  # validated against the schema as it loads
        assert sorted((r["config_name"], r["seed"]) for r in found) == sorted(
            (n, s) for n, _, s in experiments.get_study(name).tasks())
        for record in found:
            chars = record["config"]["batch"] * record["config"]["context"]
            assert [m["mark"] for m in record["marks"]] == list(cpu_final.MARKS)
            for mark in record["marks"]:
                assert mark["seconds"] >= mark["mark"] and mark["tokens"] == mark["steps"] * chars
            reached = [n for n in cpu_final.UPDATE_MARKS if n <= record["scores"]["steps"]]
            for split in ("valid", "select", "report"):
                series = record["curves"]["diagnostics"][f"{split}_loss_at_updates"]
                assert series["at"] == reached and len(series["value"]) == len(reached)


def final_runs() -> dict[str, dict]:
    ran = third_study_runs()
    return {name: ran[name] for name in cpu_final.FINAL_CHOICE.values()}


def test_the_recheck_round_sets_each_final_choice_beside_its_shapes_and_rates_in_one_round():
    chosen = final_runs()
    configs = cpu_final.recheck_round(chosen)
    assert len({name for name, _ in configs}) == len(configs)  # no run twice
    shape_keys = {"layers", "dim", "hidden", "heads"}
    for kind in KINDS:
        runs = [(n, c) for n, c in configs if c["kind"] == kind]
        incumbent_name, incumbent = runs[0]
        assert chosen[incumbent_name] == incumbent  # the final choice, run again unchanged
        shapes = set(cpu_final.RECHECK_SHAPES.get(kind, ()))
        rates = set(cpu_final.RECHECK_RATES.get(kind, ()))
        assert len(runs) == 1 + len(shapes) + len(rates)
        for _name, config in runs[1:]:
            check_budget_config(config)
            changed = {k for k in config if config[k] != incumbent.get(k)}
            width = config.get("dim", config.get("hidden"))
            if changed == {"lr"}:
                assert config["lr"] in rates
            else:
                assert changed <= shape_keys and (config["layers"], width) in shapes, changed
    # the kinds take turns: the first three runs are the three final choices
    assert [c["kind"] for _, c in configs[:3]] == list(KINDS)


def test_the_recheck_round_is_registered_on_the_pilots_seeds_at_the_pilots_budget():
    study = experiments.STUDIES[cpu_final.RECHECK_STUDY]
    assert study.seeds == cpu_sizes.SEEDS and study.cpu_only and study.seed_major
    assert study.configs == cpu_final.recheck_round(final_runs())
    for _, config in study.configs:
        assert (config["budget"], tuple(config["marks"])) == (cpu_sizes.BUDGET, cpu_sizes.MARKS)
        assert config["valid_halves"] and config["dropout"] == cpu_sizes.DROPOUT[config["kind"]]
    with pytest.raises(ValueError, match="one configuration per kind"):
        cpu_final.recheck_round(dict(list(final_runs().items())[:2]))


def test_the_recheck_choice_is_the_rule_over_the_committed_records():
    records = experiments.load_study(cpu_final.RECHECK_STUDY)
    assert len(records) == 2 * len(experiments.STUDIES[cpu_final.RECHECK_STUDY].configs)
    assert cpu_sizes.size_choice(records) == cpu_final.RECHECK_CHOICE


def test_the_grid_with_the_recheck_choices_is_the_grid_with_only_the_choices_changed():
    recheck = dict(experiments.STUDIES[cpu_final.RECHECK_STUDY].configs)
    grid = experiments.STUDIES[next(iter(cpu_final.FINAL_STUDIES))].configs
    grid_keys = {"budget", "marks", "update_marks", "steps", "cost_contexts", "streaming",
                 "valid_halves"}
    seeds = []
    for name in cpu_final.RECHECKED_STUDIES:
        study = experiments.STUDIES[name]
        seeds += study.seeds
        assert study.cpu_only and study.seed_major
        assert [n for n, _ in study.configs] == [cpu_final.RECHECK_CHOICE[k] for k in KINDS]
        for (chosen, config), (_, final) in zip(study.configs, grid, strict=True):
            check_budget_config(config)
            assert {k for k in config if config[k] != recheck[chosen].get(k)} <= grid_keys
            assert all(config[k] == final[k] for k in grid_keys)
    assert sorted(seeds) == list(cpu_budget.GRID_SEEDS)


@pytest.mark.parametrize("kind,name", [("gru", cpu_final.GRU_SESSION_STUDY),
                                       ("lstm", cpu_final.LSTM_SESSION_STUDY)])
def test_a_one_session_study_runs_a_kinds_two_settings_exactly_as_their_grids_did(kind, name):
    study = experiments.STUDIES[name]
    grid = dict(experiments.STUDIES[next(iter(cpu_final.FINAL_STUDIES))].configs)
    rerun = dict(experiments.STUDIES[next(iter(cpu_final.RECHECKED_STUDIES))].configs)
    old, new = cpu_final.FINAL_CHOICE[kind], cpu_final.RECHECK_CHOICE[kind]
    assert study.configs == ((old, grid[old]), (new, rerun[new]))
    assert study.seeds == cpu_budget.GRID_SEEDS and study.cpu_only and study.seed_major


def test_a_run_at_equal_updates_draws_a_prefix_of_its_grid_runs_windows():
    # the study at equal updates pairs each run with the grid's run of its kind and seed on
    # the promise that fewer steps draw the first of the same windows (torch.randint's stream)
    from dlbook.training import window_starts

    grid = dict(experiments.STUDIES[next(iter(cpu_final.FINAL_STUDIES))].configs)
    counted = dict(experiments.STUDIES[cpu_final.EQUAL_UPDATES_STUDY].configs)
    for name, config in grid.items():
        shape = {"context": config["context"], "batch": config["batch"], "seed": 3}
        long = window_starts(1_000_000, steps=config["steps"], **shape)
        short = window_starts(1_000_000, steps=counted[name]["steps"], **shape)
        assert counted[name]["steps"] < config["steps"]
        assert torch.equal(short, long[:counted[name]["steps"]])
