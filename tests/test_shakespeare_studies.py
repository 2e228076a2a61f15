"""The reference-check study: its protocol is nanoGPT's published small-CPU recipe, its grid
is three seeds on the pinned file, and a task writes a valid record of what it trained."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook import shakespeare
from dlbook.studies import experiments, records, shakespeare_studies
from dlbook.transformer import CharTransformer

#: Small enough to train and score the whole validation split in about a second.
TINY = {"layers": 1, "heads": 2, "dim": 16, "batch": 4, "steps": 20, "eval_every": 10,
        "warmup": 2, "decay_steps": 20}


def test_the_protocol_is_nanogpts_small_cpu_recipe():
    # nanoGPT README, "baby GPT" on a CPU: train.py config/train_shakespeare_char.py
    # --block_size=64 --batch_size=12 --n_layer=4 --n_head=4 --n_embd=128 --max_iters=2000
    # --lr_decay_iters=2000 --dropout=0.0, with the config's lr 1e-3, min_lr 1e-4, beta2 0.99,
    # warmup_iters 100 and train.py's weight_decay 0.1 and grad_clip 1.0.
    assert shakespeare_studies.REFERENCE_PROTOCOL == {
        "model": "CharTransformer", "layers": 4, "heads": 4, "dim": 128, "context": 64,
        "dropout": 0.0, "batch": 12, "steps": 2000, "lr": 1e-3, "betas": [0.9, 0.99],
        "weight_decay": 0.1, "warmup": 100, "decay_steps": 2000, "min_lr": 1e-4, "clip": 1.0,
        "eval_every": 250}
    assert shakespeare_studies.NANOGPT_VALID_LOSS == 1.88


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


def test_the_committed_reference_check_clears_the_bar_on_every_seed():
    found = experiments.load_study("shakespeare-reference")  # the exact grid, from Slurm
    assert all(r["scheduler"]["name"] == "slurm" for r in found)
    bar = shakespeare_studies.NANOGPT_VALID_LOSS + shakespeare_studies.REFERENCE_TOLERANCE
    for record in found:
        assert record["scores"]["final_valid_loss"] <= bar, (record["seed"], bar)
        assert record["config"] == {**shakespeare_studies.REFERENCE_PROTOCOL}
