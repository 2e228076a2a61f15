"""The WikiText-2 study's task function, end to end on synthetic token files (issue 14.21).

``experiments._wikitext`` turns a configuration into a record's fields: it reads the token
files, builds the tied LSTM, trains it, selects on validation and tests once. The files here
are small and synthetic (the real ones cannot be downloaded on this machine) but have the
real layout, so every step of the path runs.
"""

from __future__ import annotations

import hashlib
import math

import pytest
import torch

from dlbook import wikitext
from dlbook.device import make_generator
from dlbook.studies import experiments, records

torch.set_num_threads(1)
WORDS = ["the", "cat", "sat", "on", "a", "mat", "<unk>", "."]


def token_files(directory, *, lines: dict[str, int]):
    generator = make_generator(7)
    for split, count in lines.items():
        rows = []
        for _ in range(count):  # the words in cyclic order from a random start: learnable
            start = int(torch.randint(0, len(WORDS), (), generator=generator))
            rows.append(" " + " ".join(WORDS[(start + i) % len(WORDS)] for i in range(6)) + " ")
        (directory / wikitext.SPLITS[split]).write_text("\n".join(rows) + "\n")
    return directory


@pytest.fixture
def config():
    base = dict(experiments.get_study("wikitext2-lstm").configs)["small"]
    return {**base, "dim": 8, "layers": 2, "dropout": 0.1, "batch": 4, "eval_batch": 2,
            "bptt": 5, "epochs": 3, "lr": 5.0, "lr_decay": 4.0, "clip": 0.25}


def test_a_wikitext_task_turns_token_files_into_a_valid_record(tmp_path, config):
    data_dir = token_files(tmp_path, lines={"train": 60, "valid": 12, "test": 12})
    fields = experiments._wikitext(config, 0, data_dir, torch.device("cpu"))
    digests = {s: hashlib.sha256((data_dir / n).read_bytes()).hexdigest()
               for s, n in wikitext.SPLITS.items()}
    assert fields["data"] == {"name": "wikitext-2-v1", "sha256": digests, "vocab": len(WORDS) + 1}
    vocab = len(WORDS) + 1  # and <eos>
    # tied: the embedding is also the decoder's weight; two LSTM layers of width 8
    assert fields["parameters"] == vocab * 8 + vocab + 2 * (4 * 8 * (8 + 8) + 2 * 4 * 8)
    curves, selected = fields["curves"], fields["selected"]
    assert curves["unit"] == "epoch" and curves["valid_loss"]["at"] == [1, 2, 3]
    assert selected["valid_loss"] == min(curves["valid_loss"]["value"])
    assert selected["test_ppl"] == pytest.approx(math.exp(selected["test_loss"]))
    assert curves["train_loss"]["value"][-1] < 0.8 * curves["train_loss"]["value"][0]
    record = records.make_record(experiment="wikitext2-lstm", config_name="small",
                                 config=config, seed=0, wall_seconds=1.0,
                                 device=torch.device("cpu"), **fields)
    assert records.validate_record(record)["data"]["sha256"] == digests
    assert {"wikitext.py", "studies/experiments.py"} <= set(record["git"]["source_files"])
    # Shrunk to dim 8, it is no longer the "small" configuration: the study's check says so.
    records.write_record(record, tmp_path / "runs")
    with pytest.raises(records.RecordError, match="'small' but config has dim=8"):
        experiments.study_files("wikitext2-lstm", tmp_path / "runs", allow_dirty=True)


def test_the_same_seed_gives_the_same_run(tmp_path, config):
    data_dir = token_files(tmp_path, lines={"train": 40, "valid": 8, "test": 8})
    config = {**config, "epochs": 1}
    runs = [experiments._wikitext(config, 3, data_dir, torch.device("cpu")) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_wikitext_task_without_data_says_where_to_get_it(tmp_path, config, monkeypatch):
    monkeypatch.delenv("DLBOOK_WIKITEXT", raising=False)
    with pytest.raises(ValueError, match="pass --data DIR or set DLBOOK_WIKITEXT"):
        experiments._wikitext(config, 0, None, torch.device("cpu"))
    with pytest.raises(FileNotFoundError, match="download_wikitext2"):
        experiments._wikitext(config, 0, tmp_path, torch.device("cpu"))
