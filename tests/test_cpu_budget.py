"""Chapter 6's second study: the pilot's rule (fixed before it ran) on hand-made records,
the clocks a budget can count, dropout in the recurrent models, the same windows for every
kind, and the reference recipe as a configuration of the budget path."""

from __future__ import annotations

import time
import warnings

import pytest
import torch

from dlbook.charlm import CharGRU, CharLSTM
from dlbook.studies import budget_study, cpu_budget
from dlbook.studies.budget_study import CLOCKS, UpdateClock, check_budget_config, run_budget_task
from dlbook.studies.shakespeare_studies import REFERENCE_PROTOCOL
from dlbook.studies.study import Study

torch.set_num_threads(1)
TINY = {"kind": "lstm", "hidden": 16, "embed": 8, "layers": 1, "betas": [0.9, 0.99],
        "weight_decay": 0.1, "clip": 1.0, "lr_floor": 0.1, "warmup": 2, "steps": 40,
        "context": 16, "window": 16, "batch": 4, "lr": 1e-2, "cost_contexts": []}


def record(kind, lr, optimiser="shared", loss=1.5, dropout=0.1, seed=100, layers=None):
    """A hand-made pilot record: only the fields the rule reads."""
    first_layers, width, _ = cpu_budget.FIRST_CHOICE[kind]
    name, config = cpu_budget.candidate(kind, layers or first_layers, width, lr, optimiser,
                                        dropout, budget=120, marks=(120,))
    return {"config_name": name, "config": config, "seed": seed,
            "scores": {"final_valid_loss": loss}}


# -- the clocks ---------------------------------------------------------------------------

def test_an_update_clock_makes_the_budget_a_count_of_updates():
    config = {**TINY, "clock": "updates", "budget": 6, "marks": [3, 6]}
    made = run_budget_task(config, 0, None, torch.device("cpu"))
    assert made["scores"]["steps"] == 6
    assert [(m["mark"], m["steps"], m["seconds"]) for m in made["marks"]] == [
        (3.0, 3, 3.0), (6.0, 6, 6.0)]


def test_every_update_lasts_one_tick():
    clock = UpdateClock()
    began, before, after = clock(), clock(), clock()
    assert after - before == 1.0 and before - began == 1.0


def test_a_cpu_budget_counts_the_process_cpu_time_and_records_the_wall_time_beside_it():
    assert CLOCKS["cpu"]() is time.process_time and CLOCKS["wall"]() is time.perf_counter
    config = {**TINY, "clock": "cpu", "budget": 0.2, "marks": [0.1, 0.2], "steps": 10_000}
    made = run_budget_task(config, 0, None, torch.device("cpu"))
    walls = [m["wall_seconds"] for m in made["marks"]]
    assert 0 < walls[0] < walls[1] and made["scores"]["train_wall_seconds"] == walls[-1]
    assert all(m["seconds"] >= m["mark"] for m in made["marks"])


def test_settings_the_optimiser_would_refuse_are_refused_before_the_data_are_read():
    # the rate round's first "nodecay" runs asked AdamW for a decay of 0.0 and failed late
    with pytest.raises(ValueError, match="weight_decay must be a finite number > 0"):
        check_budget_config({**TINY, "weight_decay": 0.0, "budget": 1, "marks": [1]})
    assert all(check_budget_config({**TINY, **settings, "budget": 1, "marks": [1]})
               for settings in cpu_budget.OPTIMISERS.values())


def test_an_unknown_clock_is_refused_before_training():
    with pytest.raises(ValueError, match="config\\['clock'\\] must be one of"):
        check_budget_config({**TINY, "clock": "sundial", "budget": 1, "marks": [1]})


# -- dropout ------------------------------------------------------------------------------

@pytest.mark.parametrize("model_class", [CharLSTM, CharGRU])
def test_recurrent_dropout_acts_between_layers_and_before_the_read_out(model_class):
    deep = model_class(9, hidden=8, embed=4, layers=2, dropout=0.3)
    assert deep.drop.p == 0.3 and deep.lstm.dropout == 0.3
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyTorch warns about dropout on a single layer
        one = model_class(9, hidden=8, embed=4, layers=1, dropout=0.3)
    assert one.lstm.dropout == 0.0 and one.drop.p == 0.3
    x = torch.randint(0, 9, (2, 5))
    one.eval()
    assert torch.equal(one(x)[0], one(x)[0])  # off in evaluation
    one.train()
    torch.manual_seed(0)
    assert not torch.equal(one(x)[0], one(x)[0])  # on in training


def test_a_budget_run_builds_its_recurrent_model_with_the_configured_dropout():
    model = budget_study.build_model({**TINY, "dropout": 0.2, "layers": 2}, 9)
    assert model.drop.p == 0.2 and model.lstm.dropout == 0.2
    assert budget_study.build_model(TINY, 9).drop.p == 0.0  # the first study's records


def test_dropout_must_be_a_fraction():
    with pytest.raises(ValueError, match="dropout"):
        CharLSTM(9, dropout=1.5)


# -- the protocol -------------------------------------------------------------------------

def test_every_run_of_every_round_reads_the_same_windows():
    chosen = {kind: (cpu_budget.FIRST_CHOICE[kind][2], "shared") for kind in budget_study.KINDS}
    regularisation = cpu_budget.regularisation_round(chosen)
    grid = cpu_budget.grid_configs({c["kind"]: (n, c) for n, c in regularisation[:3]})
    for rounds in (cpu_budget.rate_round(), regularisation, grid):
        assert len({(c["context"], c["batch"], c["steps"]) for _, c in rounds}) == 1
        assert all(c["clock"] == "cpu" for _, c in rounds)
        assert all(check_budget_config(c) for _, c in rounds)


def test_the_rate_round_tries_three_rates_and_three_optimisers_per_kind_kinds_in_turn():
    runs = cpu_budget.rate_round() + cpu_budget.nodecay_round()
    assert [c["kind"] for _, c in runs[:6]] == [*budget_study.KINDS] * 2
    for kind, (_, _, lr) in cpu_budget.FIRST_CHOICE.items():
        mine = [c for _, c in runs if c["kind"] == kind]
        assert sorted(c["lr"] for c in mine) == pytest.approx(sorted([lr / 2, lr, lr, lr, 2 * lr]))
        assert {cpu_budget.optimiser_of(c) for c in mine} == set(cpu_budget.OPTIMISERS)
        assert all(c["dropout"] == cpu_budget.RATE_DROPOUT for c in mine)


def test_the_rate_choice_and_its_missing_neighbours():
    lr = cpu_budget.FIRST_CHOICE["gru"][2]
    ran = [record("gru", lr / 2, loss=1.60), record("gru", lr, loss=1.55),
           record("gru", 2 * lr, loss=1.50), record("gru", lr, "beta2", loss=1.52)]
    assert cpu_budget.rate_choice(ran) == {"gru": (2 * lr, "shared")}
    # the best is at the high edge: only its higher neighbour is missing
    [(name, config)] = cpu_budget.missing_neighbours(ran)
    assert config["lr"] == pytest.approx(4 * lr) and cpu_budget.optimiser_of(config) == "shared"
    # the other optimiser wins: both its neighbours are missing
    ran[3] = record("gru", lr, "beta2", loss=1.40)
    assert sorted(c["lr"] for _, c in cpu_budget.missing_neighbours(ran)) == pytest.approx(
        [lr / 2, 2 * lr])
    # an interior choice with both neighbours run ends the search
    ran[3] = record("gru", lr, "beta2", loss=1.70)
    ran.append(record("gru", 4 * lr, loss=1.51))
    assert cpu_budget.missing_neighbours(ran) == ()


def test_the_final_choice_is_the_lowest_mean_over_seeds_not_the_best_single_run():
    lucky = [record("lstm", 8e-3, dropout=0.0, loss=1.40, seed=100),
             record("lstm", 8e-3, dropout=0.0, loss=1.60, seed=101)]
    steady = [record("lstm", 8e-3, dropout=0.2, loss=1.45, seed=100),
              record("lstm", 8e-3, dropout=0.2, loss=1.46, seed=101)]
    assert cpu_budget.final_choice(lucky + steady) == {"lstm": steady[0]["config_name"]}
    assert cpu_budget.mean_losses(lucky)["lstm"][lucky[0]["config_name"]] == pytest.approx(1.5)


def test_the_regularisation_round_tries_every_dropout_and_a_deeper_shape():
    chosen = {"lstm": (8e-3, "beta2"), "gru": (2e-3, "shared"), "transformer": (4e-3, "nodecay")}
    runs = cpu_budget.regularisation_round(chosen)
    for kind, (lr, optimiser) in chosen.items():
        mine = [c for _, c in runs if c["kind"] == kind]
        assert all(c["lr"] == lr and cpu_budget.optimiser_of(c) == optimiser for c in mine)
        first = [c["dropout"] for c in mine if c["layers"] == cpu_budget.FIRST_CHOICE[kind][0]]
        assert first == list(cpu_budget.DROPOUTS)
        assert [(c["layers"], c["dropout"]) for c in mine
                if c["layers"] == cpu_budget.DEEPER[kind][0]] == [
            (cpu_budget.DEEPER[kind][0], cpu_budget.DEEPER_DROPOUT)]


def test_the_reference_recipe_runs_through_the_budget_path_with_its_own_numbers():
    config = cpu_budget.reference_budget_config()
    assert check_budget_config(config) is config
    for key in ("layers", "dim", "heads", "dropout", "context", "batch", "lr", "betas",
                "weight_decay", "warmup", "clip", "steps"):
        assert config[key] == REFERENCE_PROTOCOL[key], key
    assert config["budget"] == REFERENCE_PROTOCOL["steps"] and config["clock"] == "updates"
    assert config["lr_floor"] * config["lr"] == pytest.approx(REFERENCE_PROTOCOL["min_lr"])
    assert config["marks"][-1] == config["budget"] and config["window"] == config["context"]


def test_a_seed_major_study_pairs_different_configurations():
    configs = (("a", {}), ("b", {}), ("c", {}))
    by_config = Study("s", configs, (0, 1), lambda *a: {})
    by_seed = Study("s", configs, (0, 1), lambda *a: {}, seed_major=True)
    assert [(n, s) for n, _, s in by_config.tasks()][:2] == [("a", 0), ("a", 1)]
    assert [(n, s) for n, _, s in by_seed.tasks()][:4] == [("a", 0), ("b", 0), ("c", 0),
                                                          ("a", 1)]


def test_the_margins_set_the_choice_against_the_seed_spread():
    made = [record("gru", 4e-3, dropout=d, loss=loss, seed=seed)
            for d, losses in ((0.0, (1.50, 1.54)), (0.1, (1.49, 1.50)), (0.2, (1.55, 1.56)))
            for seed, loss in zip((100, 101), losses, strict=True)]
    [margin] = cpu_budget.pilot_margins(made).values()
    assert margin["chosen"].endswith("drop0.1") and margin["runner_up"].endswith("drop0")
    assert margin["margin"] == pytest.approx(0.025) and margin["spread"] == pytest.approx(0.04)


def test_each_committed_edge_round_is_what_the_rule_asked_for():
    from dlbook.studies.experiments import load_study

    ran = [r for name in cpu_budget.RATE_STUDIES[:2] for r in load_study(name)]
    for i in range(len(cpu_budget.EDGE_ROUNDS)):
        assert cpu_budget.missing_neighbours(ran) == cpu_budget.edge_round(i)
        ran += load_study(cpu_budget.RATE_STUDIES[2 + i])


def test_the_regularisation_round_starts_from_what_the_rate_rounds_chose():
    from dlbook.studies.experiments import get_study, load_study

    ran = [r for name in cpu_budget.RATE_STUDIES for r in load_study(name)]
    assert cpu_budget.missing_neighbours(ran) == ()  # the search ended inside its rates
    assert cpu_budget.rate_choice(ran) == cpu_budget.RATE_CHOICE
    study = get_study("shakespeare-cpu-pilot-regularisation")
    assert study.configs == cpu_budget.regularisation_round(cpu_budget.RATE_CHOICE)


def test_the_grid_trains_what_the_regularisation_round_chose_on_every_grid_seed():
    from dlbook.generation_cost import COST_CONTEXTS
    from dlbook.studies.experiments import get_study, load_study

    chosen = cpu_budget.final_choice(load_study("shakespeare-cpu-pilot-regularisation"))
    assert chosen == cpu_budget.FINAL_CHOICE
    seeds = [s for name in cpu_budget.GRID_STUDIES for s in get_study(name).seeds]
    assert sorted(seeds) == list(cpu_budget.GRID_SEEDS)
    for name in cpu_budget.GRID_STUDIES:
        study = get_study(name)
        assert [n for n, _ in study.configs] == [chosen[k] for k in budget_study.KINDS]
        for _, config in study.configs:
            assert config["budget"] == cpu_budget.GRID_BUDGET and config["clock"] == "cpu"
            assert config["cost_contexts"] == list(COST_CONTEXTS)
            assert config["streaming"] == (config["kind"] != "transformer")
        assert [(c["kind"], s) for _, c, s in study.tasks()][:3] == [
            (k, study.seeds[0]) for k in budget_study.KINDS]


def test_every_committed_grid_run_spent_its_cpu_budget_and_scored_every_mark():
    from dlbook.studies.experiments import load_study

    for name, seeds in cpu_budget.GRID_STUDIES.items():
        found = load_study(name)
        assert sorted({r["seed"] for r in found}) == list(seeds)
        for r in found:
            assert [m["mark"] for m in r["marks"]] == [float(m) for m in cpu_budget.GRID_MARKS]
            # each mark is taken once its CPU seconds pass, on one thread: wall time >= CPU
            assert all(m["wall_seconds"] >= m["seconds"] >= m["mark"] for m in r["marks"])
            assert r["scores"]["train_seconds"] >= cpu_budget.GRID_BUDGET
            assert r["scores"]["steps"] == r["marks"][-1]["steps"] < r["config"]["steps"]
            assert ("streaming_loss" in r["marks"][0]) == (r["config"]["kind"] != "transformer")
