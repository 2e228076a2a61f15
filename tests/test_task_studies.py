"""The memory-test and copy-sweep studies: their grids are the chapters' protocols, a task
writes a valid record of what it ran, and the loader refuses records of another generator."""

from __future__ import annotations

import inspect
import json
import re

import pytest
import torch

from dlbook import copytask, recall
from dlbook.studies import experiments, memory_followups, records, task_studies
from dlbook.studies.record_schema import NAME_PATTERN


def test_memory_protocol_is_the_chapters_protocol():
    defaults = {name: p.default for name, p in
                inspect.signature(recall.run_memory_test).parameters.items()
                if p.default is not inspect.Parameter.empty and name != "on_epoch"}
    assert task_studies.MEMORY_PROTOCOL == defaults


def test_memory_grid_is_every_contender_on_many_seeds_including_the_chapters():
    study = experiments.get_study("memory-test")
    assert {config["contender"] for _, config in study.configs} == set(recall.CONTENDERS)
    assert {0, 1, 6050} <= set(study.seeds) and len(set(study.seeds)) >= 10
    assert len(study.tasks()) == len(recall.CONTENDERS) * len(study.seeds)
    assert study.label_keys() == {"contender"}


def test_the_follow_ups_run_the_same_protocol_on_the_same_seeds():
    first = experiments.get_study("memory-test")
    chrono = experiments.get_study("memory-test-chrono")
    long = experiments.get_study("memory-test-long")
    assert chrono.seeds == long.seeds == first.seeds
    ((_, config),) = chrono.configs
    assert config == {"contender": recall.CHRONO, **task_studies.MEMORY_PROTOCOL}
    assert {c["contender"] for _, c in long.configs} == set(task_studies.MEMORY_LONG_CONTENDERS)
    for _, config in long.configs:
        assert config == {**task_studies.MEMORY_PROTOCOL, "contender": config["contender"],
                          "epochs": 4 * task_studies.MEMORY_PROTOCOL["epochs"]}
    # all three studies pin the same generator of sequences
    assert chrono.data() == long.data() == first.data()


def test_copy_grid_is_lengths_by_widths_with_and_without_attention_at_two_budgets():
    study = experiments.get_study("copy-sweep")
    cells = {(c["length"], c["hidden"], c["attention"], c["steps"]) for _, c in study.configs}
    steps = task_studies.COPY_PROTOCOL["steps"]
    assert cells == {(length, hidden, attention, budget)
                     for length in task_studies.COPY_LENGTHS for hidden in task_studies.COPY_WIDTHS
                     for attention in (False, True) for budget in (steps, 4 * steps)}
    assert len(study.configs) == len(cells) and len(set(study.seeds)) >= 5


@pytest.mark.parametrize("study", ["memory-test", "copy-sweep", "shakespeare-reference",
                                   "shakespeare-pilot", "shakespeare-pilot-small-batch",
                                   "shakespeare-pilot-edge", "shakespeare-pilot-last",
                                   "shakespeare-budget"])
def test_configuration_names_are_distinct_file_names(study):
    import re

    names = [name for name, _ in experiments.get_study(study).configs]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(NAME_PATTERN, name) for name in names)


def test_a_memory_task_records_its_scores_and_the_generator(tmp_path):
    path = experiments.run_task("memory-test", 5, tmp_path, overrides={"epochs": 2})
    record = records.load_record(path)
    study = experiments.get_study("memory-test")
    name, config, seed = study.tasks()[5]
    assert (record["config_name"], record["seed"], record["config"]) == (
        name, seed, {**config, "epochs": 2})
    assert set(record["scores"]) == {"test_accuracy", "train_accuracy", "signal_at_birth",
                                     "step_one_share"}
    assert 0 <= record["scores"]["test_accuracy"] <= 1
    assert record["curves"]["train_loss"]["at"] == [1, 2]
    assert record["data"]["sha256"] == task_studies.memory_test_data()["sha256"]
    assert record["data"]["draw_sha256"] != record["data"]["sha256"]  # seed 4 is not seed 0
    assert record["device"]["type"] == "cpu" and "selected" not in record
    # The run is the chapter's run: same accuracy and signal at birth for this seed.
    direct = recall.run_memory_test(config["contender"], seed, epochs=2)
    assert record["scores"]["test_accuracy"] == direct["test_accuracy"]
    assert record["scores"]["signal_at_birth"] == direct["signal_at_birth"]
    share = max(recall.step_one_share_at_birth(config["contender"], seed).values())
    assert record["scores"]["step_one_share"] == share


def test_a_copy_task_records_the_cell_it_trained():
    config = {**dict(task_studies.copy_sweep_configs())["plain_L4_H16_200steps"], "steps": 25}
    fields = task_studies.run_copy_sweep_task(config, 3, None, torch.device("cpu"))
    cell = copytask.run_copy_cell(task="copy", length=4, hidden=16, attention=False, steps=25,
                                  batch=128, lr=1e-2, n_test=300, seed=3)
    assert fields["scores"] == {key: cell[key] for key in
                                ("symbol", "sequence", "termination", "forced", "final_loss")}
    curve = fields["curves"]["train_loss"]
    assert curve["at"] == [10, 20, 25]
    assert curve["value"][-1] == pytest.approx(sum(cell["losses"][20:]) / 5)
    assert fields["parameters"] == cell["parameters"]


def test_records_of_another_generator_are_refused(tmp_path):
    path = experiments.run_task("memory-test", 5, tmp_path, overrides={"epochs": 1})
    record = json.loads(path.read_text())
    record["data"]["sha256"] = "0" * 64
    path.write_text(json.dumps(record))
    with pytest.raises(records.RecordError, match="data.sha256"):
        experiments.study_files("memory-test", tmp_path, allow_dirty=True)


def test_load_study_refuses_an_empty_or_partial_study(tmp_path):
    with pytest.raises(ValueError, match="no records of study 'memory-test'"):
        experiments.load_study("memory-test", tmp_path)
    experiments.run_task("memory-test", 0, tmp_path, overrides={"epochs": 1})
    with pytest.raises(ValueError, match="git.dirty|declared grid"):  # dirty outside CI
        experiments.load_study("memory-test", tmp_path)


@pytest.mark.parametrize("study", ["memory-test", "copy-sweep", "shakespeare-reference",
                                   "shakespeare-pilot", "shakespeare-pilot-small-batch",
                                   "shakespeare-pilot-edge", "shakespeare-pilot-last",
                                   "shakespeare-budget", "memory-test-gates",
                                   "memory-test-long-solvers", "memory-test-rate"])
def test_the_committed_study_is_its_whole_grid_from_slurm_array_tasks(study):
    found = experiments.load_study(study)  # validates every record and the exact grid
    assert all(r["scheduler"]["name"] == "slurm" and r["scheduler"]["task_id"] is not None
               for r in found)
    assert len({r["scheduler"]["job_id"] for r in found}) == 1
    assert all(r["device"]["threads"] == 1 for r in found)


def test_a_dynamics_run_is_the_memory_test_run_measured_after_every_epoch():
    config = {**dict(experiments.get_study("memory-test-dynamics").configs)["vanilla-rnn"],
              "epochs": 3, "n_train": 256, "n_test": 64, "length": 12}
    plain = task_studies.run_memory_test_task(config, 2, None, torch.device("cpu"))
    measured = task_studies.run_memory_dynamics_task(config, 2, None, torch.device("cpu"))
    # measuring drew nothing random and moved no weight: the same run, to the bit
    assert measured["scores"] == plain["scores"]
    assert measured["curves"]["train_loss"] == plain["curves"]["train_loss"]
    series = measured["curves"]["diagnostics"]
    assert set(series) == {"signal", "recurrent_radius"}
    assert series["signal"]["at"] == [0, 1, 2, 3]
    assert series["signal"]["value"][0] == pytest.approx(plain["scores"]["signal_at_birth"])
    assert all(r > 0 for r in series["recurrent_radius"]["value"])
    gated = task_studies.run_memory_dynamics_task(
        {**config, "contender": "LSTM (forget bias +1)"}, 2, None, torch.device("cpu"))
    keep = gated["curves"]["diagnostics"]["keep_bias"]
    assert keep["at"] == [0, 1, 2, 3] and keep["value"][0] == pytest.approx(1.0)
    assert set(gated["curves"]["diagnostics"]) == {"signal", "keep_bias"}


def test_the_dynamics_study_reruns_memory_test_runs():
    study = experiments.get_study("memory-test-dynamics")
    assert {c["contender"] for _, c in study.configs} <= set(recall.CONTENDERS)
    assert {"vanilla RNN", "LSTM", "GRU"} <= {c["contender"] for _, c in study.configs}
    assert set(study.seeds) <= set(task_studies.MEMORY_SEEDS) and len(study.seeds) >= 10
    assert all(c == {"contender": c["contender"], **task_studies.MEMORY_PROTOCOL}
               for _, c in study.configs)


def test_the_third_pass_studies_run_the_protocol_on_the_same_seeds():
    first = experiments.get_study("memory-test")
    long = experiments.get_study("memory-test-long-solvers")
    rate = experiments.get_study("memory-test-rate")
    gates = experiments.get_study("memory-test-gates")
    assert long.seeds == rate.seeds == gates.seeds == first.seeds
    assert long.data() == rate.data() == gates.data() == first.data()
    # with the first long follow-up, every contender of the chapter at 320 epochs
    earlier = experiments.get_study("memory-test-long")
    at_320 = {c["contender"] for _, c in (*earlier.configs, *long.configs)}
    assert at_320 == set(recall.ALL_CONTENDERS)
    for _, config in long.configs:
        assert config == {**task_studies.MEMORY_PROTOCOL, "contender": config["contender"],
                          "epochs": 4 * task_studies.MEMORY_PROTOCOL["epochs"]}
    # the rate control changes the learning rate alone, and includes the chapter's own
    rates = {(c["contender"], c["lr"]) for _, c in rate.configs}
    assert rates == {(name, lr) for name in ("GRU", "LSTM", "vanilla RNN")
                     for lr in (1e-3, task_studies.MEMORY_PROTOCOL["lr"], 1e-2)}
    for _, config in rate.configs:
        assert config == {**task_studies.MEMORY_PROTOCOL, "contender": config["contender"],
                          "lr": config["lr"]}
    assert {c["contender"] for _, c in gates.configs} == {
        "GRU", "GRU (update bias +2)", "vanilla RNN", "LSTM", "LSTM (forget bias +1)",
        recall.CHRONO}
    for study in (long, rate, gates):
        names = [name for name, _ in study.configs]
        assert len(set(names)) == len(names)
        assert all(re.fullmatch(NAME_PATTERN, name) for name in names)


def _small(config: dict) -> dict:
    return {**config, "epochs": 20, "n_train": 256, "n_test": 64, "length": 12}


@pytest.mark.parametrize("contender", ["vanilla RNN", "GRU (update bias +2)",
                                       "LSTM (chrono init)"])
def test_a_probed_or_gate_run_is_the_memory_test_run(contender):
    config = _small({"contender": contender, **task_studies.MEMORY_PROTOCOL})
    plain = task_studies.run_memory_test_task(config, 3, None, torch.device("cpu"))
    probed = memory_followups.run_memory_probed_task(config, 3, None, torch.device("cpu"))
    gated = memory_followups.run_memory_gate_task(config, 3, None, torch.device("cpu"))
    for measured in (probed, gated):  # measuring drew nothing random and moved no weight
        assert measured["scores"] == plain["scores"]
        assert measured["curves"]["train_loss"] == plain["curves"]["train_loss"]
        series = measured["curves"]["diagnostics"]
        assert series["test_accuracy"]["at"] == [10, 20]
        # the score at the last epoch is the record's own test score, to six digits
        assert series["test_accuracy"]["value"][-1] == pytest.approx(
            plain["scores"]["test_accuracy"], rel=1e-5)
        for part in ("train", "test", "early_scrambled_train", "early_scrambled_test"):
            if part.startswith("early"):
                assert series[f"{part}_accuracy"]["value"][0] == pytest.approx(
                    plain["scores"][f"{part.split('_')[-1]}_accuracy"], rel=1e-5)
                continue
            redraw = series[f"scrambled_{part}_accuracy"]
            assert redraw["at"] == [k for k in memory_followups.MEMORY_SCRAMBLE_KS if k < 12]
            assert redraw["value"][0] == pytest.approx(
                plain["scores"][f"{part}_accuracy"], rel=1e-5)  # k = 0 redraws nothing
    series = gated["curves"]["diagnostics"]
    if contender == "vanilla RNN":
        assert series["recurrent_radius"]["at"] == list(range(21))
        return
    summary = series["keep_activation_max"]
    assert summary["at"] == list(range(21))
    assert all(0 < v < 1 for v in summary["value"])
    units = [name for name in series if name.startswith("keep_activation_unit=")]
    assert len(units) == config["hidden"]
    assert series["keep_activation_unit=00"]["at"] == [0, 1, 2, 5, 10, 20]
    assert max(series["keep_log10_retention_max"]["value"]) <= 0  # a fraction of the content


#: The third pass's studies, with the function that ran each, and the epochs a live rerun
#: trains: the first ten of each record, a few seconds.
THIRD_PASS = {"memory-test-gates": memory_followups.run_memory_gate_task,
              "memory-test-long-solvers": memory_followups.run_memory_probed_task,
              "memory-test-rate": memory_followups.run_memory_probed_task}
LIVE_EPOCHS = 10


@pytest.mark.parametrize("study", sorted(THIRD_PASS))
def test_a_live_run_repeats_its_record(study):
    """A committed record's first ten epochs, trained again here. On the processor kind that
    wrote it (torch's CPU capability, which picks the kernels) the losses and the held-out
    score must repeat bit for bit; on another kind the kernels round differently, and the
    runs agree to about 1e-6 for their first epochs before they part (Chapter 3 says how far)."""
    torch.set_num_threads(1)  # every record ran on one thread
    found = experiments.load_study(study)
    record = min(found, key=lambda r: (r["config_name"], r["seed"]))  # any fixed choice
    config = {**record["config"], "epochs": LIVE_EPOCHS}
    live = THIRD_PASS[study](config, record["seed"], None, torch.device("cpu"))
    here = torch.backends.cpu.get_cpu_capability()
    same_kernels = record["device"].get("cpu_capability") == here
    recorded = record["curves"]["train_loss"]["value"][:LIVE_EPOCHS]
    losses = live["curves"]["train_loss"]["value"]
    held_out = record["curves"]["diagnostics"]["test_accuracy"]
    live_held_out = live["curves"]["diagnostics"]["test_accuracy"]
    assert live_held_out["at"] == held_out["at"][:1] == [LIVE_EPOCHS]
    if same_kernels:
        assert losses == recorded
        assert live_held_out["value"][0] == held_out["value"][0]
    else:
        assert losses[:5] == pytest.approx(recorded[:5], rel=1e-6)
