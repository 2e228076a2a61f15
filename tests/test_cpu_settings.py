"""The rounds after Chapter 6's final grid that recheck one setting each
(dlbook.studies.cpu_settings): their configurations, their registration and their choices
against the committed records."""

from __future__ import annotations

from collections import defaultdict

import pytest

from dlbook.studies import cpu_budget, cpu_final, cpu_sizes, experiments
from dlbook.studies import cpu_settings as settings
from dlbook.studies.budget_study import KINDS


def final_runs() -> dict[str, dict]:
    """Each kind's final choice as the third study ran it, name -> config."""
    ran = {name: config for study in cpu_sizes.size_studies().values()
           for name, config in study.configs}
    return {name: ran[name] for name in cpu_final.FINAL_CHOICE.values()}


def test_the_setting_rounds_register_once_the_final_choice_is_filled_in(monkeypatch):
    assert list(settings.setting_studies()) == [
        settings.DROPOUT_STUDY, settings.WARMUP_EDGE_STUDY, settings.WARMUP_EDGE_AGAIN_STUDY,
        settings.NEIGHBOUR_STUDY]
    assert all(name in experiments.STUDIES for name in settings.setting_studies())
    monkeypatch.setattr(cpu_final, "FINAL_CHOICE", None)
    assert settings.setting_studies() == {}


@pytest.mark.parametrize("study,key,tried,round_of", [
    (settings.DROPOUT_STUDY, "dropout", settings.DROPOUT_RECHECK, settings.dropout_round),
    (settings.WARMUP_EDGE_STUDY, "warmup", settings.WARMUP_EDGE, settings.warmup_edge_round)])
def test_a_setting_round_changes_each_final_choice_in_that_setting_alone(study, key, tried,
                                                                         round_of):
    study = experiments.STUDIES[study]
    assert study.seeds == cpu_sizes.SEEDS and study.cpu_only and study.seed_major
    chosen = final_runs()
    assert study.configs == round_of(chosen)
    assert [c["kind"] for _, c in study.configs[:len(tried)]] == [k for k in KINDS if k in tried]
    final = {config["kind"]: config for config in chosen.values()}
    seen = defaultdict(set)
    for name, config in study.configs:
        kind = config["kind"]
        assert {k for k in config if config[k] != final[kind][k]} <= {key}
        assert name.endswith(f"_drop{config['dropout']:g}_warm{config['warmup']}")
        seen[kind].add(config[key])
    assert dict(seen) == {k: {final[k][key], *tried[k]} for k in tried}
    with pytest.raises(ValueError, match="one configuration per kind"):
        round_of(dict(list(chosen.items())[:2]))
    at_tried = {n: {**c, key: tried[c["kind"]][0]} if c["kind"] in tried else c
                for n, c in chosen.items()}
    with pytest.raises(ValueError, match="not be rechecked at it"):
        round_of(at_tried)


def test_the_setting_rounds_try_the_neighbours_the_third_study_left_untried():
    final = {config["kind"]: config for config in final_runs().values()}
    # the dropout's neighbours on the second pilot's ladder, on both sides where there is one
    for kind, config in final.items():
        ladder = cpu_budget.DROPOUTS
        i = ladder.index(config["dropout"])
        assert set(settings.DROPOUT_RECHECK[kind]) == set(ladder[max(i - 1, 0):i + 2]) - {
            config["dropout"]}
    # the warm-up: every kind whose choice is the longest tried, at a longer one
    longest = max(cpu_sizes.WARMUPS)
    assert set(settings.WARMUP_EDGE) == {k for k, c in final.items() if c["warmup"] == longest}
    assert all(min(w) > longest for w in settings.WARMUP_EDGE.values())


def test_the_second_warmup_edge_round_sets_the_moved_warmup_between_both_neighbours():
    study = experiments.STUDIES[settings.WARMUP_EDGE_AGAIN_STUDY]
    assert study.seeds == cpu_sizes.SEEDS and study.cpu_only and study.seed_major
    chosen = final_runs()
    assert study.configs == settings.warmup_edge_again_round(chosen)
    first = dict(experiments.STUDIES[settings.WARMUP_EDGE_STUDY].configs)
    moved = first[settings.WARMUP_EDGE_CHOICE["transformer"]]
    grid = chosen[cpu_final.FINAL_CHOICE["transformer"]]
    assert study.configs[0] == (settings.WARMUP_EDGE_CHOICE["transformer"], moved)
    warmups = sorted(config["warmup"] for _, config in study.configs)
    assert warmups == [grid["warmup"], moved["warmup"], 2 * moved["warmup"]]
    for name, config in study.configs:
        assert config["kind"] == "transformer"
        assert {k for k in config if config[k] != grid[k]} <= {"warmup"}
        assert name.endswith(f"_warm{config['warmup']}")
    # the grid's own configuration is among them, under the grid's name
    assert (cpu_final.FINAL_CHOICE["transformer"], grid) in study.configs


@pytest.mark.parametrize("study,choice", [
    (settings.DROPOUT_STUDY, settings.DROPOUT_CHOICE),
    (settings.WARMUP_EDGE_STUDY, settings.WARMUP_EDGE_CHOICE)])
def test_a_rounds_recorded_choice_is_the_rule_over_its_committed_records(study, choice):
    records = experiments.load_study(study)
    assert len(records) == 2 * len(experiments.STUDIES[study].configs)  # every run, both seeds
    assert cpu_sizes.size_choice(records) == choice


def test_the_neighbour_check_runs_each_seeds_transformer_beside_its_gru_as_the_edge_round_did():
    study = experiments.STUDIES[settings.NEIGHBOUR_STUDY]
    assert study.seeds == cpu_sizes.SEEDS and study.cpu_only and study.seed_major
    edge = dict(experiments.STUDIES[settings.WARMUP_EDGE_STUDY].configs)
    assert [name for name, _ in study.configs] == [cpu_final.FINAL_CHOICE["transformer"],
                                                   cpu_final.FINAL_CHOICE["gru"]]
    assert all(config == edge[name] for name, config in study.configs)  # exactly as run there
    with pytest.raises(ValueError, match="one configuration per kind"):
        settings.neighbour_round(dict(list(final_runs().items())[:2]))
