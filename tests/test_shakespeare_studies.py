"""The reference-check study: its protocol is nanoGPT's published small-CPU recipe, its grid
is three seeds on the pinned file, and a task writes a valid record of what it trained."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook import shakespeare, training
from dlbook.studies import experiments, records, selection, shakespeare_studies
from dlbook.transformer import CharTransformer

#: Small enough to train and score the whole validation split in about a second.
TINY = {"layers": 1, "heads": 2, "dim": 16, "batch": 4, "steps": 20, "eval_every": 10,
        "warmup": 2, "decay_steps": 20}


class _Trained(Exception):
    """Raised by a stand-in trainer once it has seen what a task would train."""


def test_a_task_trains_what_its_protocol_says(monkeypatch):
    # The protocol is nanoGPT's small-CPU recipe, typed once in the code with its source;
    # the committed records carry it as their config (see the last test). What can still go
    # wrong is a setting that never reaches the model or the trainer.
    config = shakespeare_studies.REFERENCE_PROTOCOL
    seen = {}

    def trainer(model, data, **kwargs):
        seen.update(kwargs, model=model)
        raise _Trained

    monkeypatch.setattr(training, "fit_next_token", trainer)
    monkeypatch.setattr(selection.EvaluateEvery, "evaluate", lambda self, updates: None)
    with pytest.raises(_Trained):
        shakespeare_studies.run_reference_task(config, 0, None, torch.device("cpu"))
    model, watched = seen.pop("model"), seen.get("on_step")
    assert type(model).__name__ == config["model"]
    assert (model.context, len(model.blocks), model.embed.embedding_dim, model.drop.p) == (
        config["context"], config["layers"], config["dim"], config["dropout"])
    assert [block.attn.heads for block in model.blocks] == [config["heads"]] * config["layers"]
    expected = {k: config[k] for k in ("context", "batch", "steps", "lr", "clip", "weight_decay")}
    assert {k: seen.get(k) for k in expected} == expected
    assert seen.get("betas") == tuple(config["betas"])
    factor = seen.get("schedule") or (lambda step: 1.0)  # no schedule: a constant rate
    recipe = shakespeare_studies.reference_schedule(config)  # checked against get_lr below
    steps = range(0, config["decay_steps"] + 100, 50)
    assert [factor(step) for step in steps] == [recipe(step) for step in steps]
    assert getattr(watched, "model", None) is model  # the model trained is the model scored
    assert (watched.window, watched.every, watched.last) == (
        config["context"], config["eval_every"], config["steps"])


def test_the_schedule_is_nanogpts_get_lr():
    config = shakespeare_studies.REFERENCE_PROTOCOL
    lr, low, warmup, total = (config[k] for k in ("lr", "min_lr", "warmup", "decay_steps"))

    def get_lr(it: int) -> float:  # nanoGPT's train.py, written out
        if it < warmup:
            return lr * (it + 1) / (warmup + 1)
        if it > total:
            return low
        coeff = 0.5 * (1.0 + math.cos(math.pi * (it - warmup) / (total - warmup)))
        return low + coeff * (lr - low)

    schedule = shakespeare_studies.reference_schedule(config)
    for step in (0, 1, 50, 99, 100, 101, 1000, 1999, 2000, 2100):
        assert lr * schedule(step) == pytest.approx(get_lr(step), rel=1e-12)


def test_the_grid_is_three_seeds_of_one_recipe_on_the_pinned_file():
    study = experiments.get_study("shakespeare-reference")
    assert len(study.tasks()) == 3 and study.seeds == (0, 1, 2)
    assert study.configs == (("nanogpt-cpu", shakespeare_studies.REFERENCE_PROTOCOL),)
    assert study.cpu_only and study.label_keys() == set()
    assert study.data() == {"name": "tinyshakespeare/input.txt",
                            "sha256": shakespeare.EXPECTED_SHA256}


def test_block_means_average_each_block_at_its_last_update():
    at, means = shakespeare_studies.block_means([1.0, 3.0, 5.0, 7.0, 9.0], 2)
    assert (at, means) == ([2, 4, 5], [2.0, 6.0, 9.0])


def test_a_task_writes_a_valid_record_on_the_pinned_data(tmp_path):
    path = experiments.run_task("shakespeare-reference", 1, tmp_path, overrides=TINY)
    record = records.load_record(path)
    assert (record["config_name"], record["seed"]) == ("nanogpt-cpu", 1)
    assert record["config"] == {**shakespeare_studies.REFERENCE_PROTOCOL, **TINY}
    assert record["data"]["name"] == "tinyshakespeare/input.txt"
    assert record["data"]["sha256"] == shakespeare.EXPECTED_SHA256
    assert record["data"]["tokens"] == {"train": 1_003_854, "valid": 111_540}
    assert record["data"]["vocab"] == 65 and record["device"]["type"] == "cpu"
    assert "selected" not in record
    curves, scores = record["curves"], record["scores"]
    assert curves["unit"] == "step" and curves["train_loss"]["at"] == [20]
    assert curves["valid_loss"]["at"] == [0, 10, 20]
    valid = curves["valid_loss"]["value"]
    assert valid[0] == pytest.approx(math.log(65), abs=0.05)  # small weights: near uniform
    assert scores["final_valid_loss"] == valid[-1] < valid[0]
    assert scores["best_valid_loss"] == min(valid)
    assert valid[int(scores["best_step"]) // 10] == scores["best_valid_loss"]
    assert scores["train_seconds"] > 0 and scores["steps_per_second"] > 0
    assert record["parameters"] == sum(
        p.numel() for p in CharTransformer(
            65, context=64, dim=16, layers=1, heads=2).parameters())


def test_a_task_is_a_function_of_its_seed():
    config = {**shakespeare_studies.REFERENCE_PROTOCOL, **TINY, "steps": 5, "eval_every": 5}
    cpu = torch.device("cpu")
    first, again, other = (shakespeare_studies.run_reference_task(config, seed, None, cpu)
                           for seed in (0, 0, 1))
    assert first["curves"] == again["curves"]
    assert first["curves"] != other["curves"]


def test_a_changed_byte_is_refused_before_training(tmp_path):
    text = bytearray(shakespeare.shakespeare_path().read_bytes())
    text[1000] ^= 1
    (tmp_path / "tinyshakespeare").mkdir()
    (tmp_path / "tinyshakespeare" / "input.txt").write_bytes(bytes(text))
    with pytest.raises(ValueError, match="not the published Tiny Shakespeare file"):
        experiments.run_task("shakespeare-reference", 0, tmp_path / "out", data_dir=tmp_path,
                             overrides=TINY)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("study", ["shakespeare-reference", "shakespeare-reference-budget-path"])
def test_the_committed_reference_check_lands_near_the_published_loss_on_every_seed(study):
    # Two-sided: a model that peeked at the next character would land far below nanoGPT's
    # figure, and one that learned too little far above it; both fail. Both paths: the
    # reference task, and the budget task that the studies train through.
    found = experiments.load_study(study)  # the exact grid, from Slurm
    assert all(r["scheduler"]["name"] == "slurm" for r in found)
    published = shakespeare_studies.NANOGPT_VALID_LOSS
    for record in found:
        book = record["scores"]["final_valid_loss"]
        assert abs(book - published) <= shakespeare_studies.REFERENCE_TOLERANCE, (
            record["seed"], book, published)
        assert record["config"] == dict(experiments.get_study(study).configs)[
            record["config_name"]]
    assert sorted(r["seed"] for r in found) == list(shakespeare_studies.REFERENCE_SEEDS)
