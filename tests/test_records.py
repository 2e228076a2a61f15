"""Result records: schema, writer, validating loader, grid check, summary; the study grids."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest
import torch

from dlbook.studies import experiments, provenance, records
from dlbook.studies.selection import EvaluateEvery
from recordkit import COMMIT, fake_record


def make(config_name="hidden=8", config=None, seed=0, test_ppl=5.0, experiment="tiny"):
    """A well-formed record built field by field (a fixture for the validator, not a result)."""
    return fake_record(config_name, config, seed, test_ppl=test_ppl, experiment=experiment)


def test_schema_names_every_field_a_valid_record_has():
    record = make()
    top = {name.split(".")[0] for name, _, _ in records.SCHEMA}
    # a language model's record has no scores; only runs under a budget have marks and sample
    assert top == set(record) | {"scores", "marks", "sample"}
    assert records.validate_record(record) == record


def task_record(**changes):
    """A well-formed task record: scores instead of a selected checkpoint, no valid curve."""
    record = make()
    del record["selected"]
    del record["curves"]["valid_loss"]
    return {**record, "scores": {"test_accuracy": 0.5}, **changes}


def test_a_task_record_has_scores_and_no_selected_checkpoint():
    record = task_record()
    assert records.validate_record(record) == record
    assert records.summarise([record], metric="test_accuracy")[0]["per_seed"] == {0: 0.5}
    with pytest.raises(ValueError, match="not a field of 'scores'"):
        records.summarise([record], metric="test_ppl")


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(selected=make()["selected"]), "both present"),
    (lambda r: r.pop("scores"), "both missing"),
    (lambda r: r.update(schema_version=1), "needs schema_version 2"),
    (lambda r: r.update(scores={"test accuracy": 0.5}), "scores"),
    (lambda r: r.update(scores={"test_accuracy": float("nan")}), "scores.test_accuracy"),
])
def test_a_task_record_is_refused_when_its_outcome_fields_are_wrong(change, message):
    record = task_record()
    change(record)
    with pytest.raises(records.RecordError, match=message):
        records.validate_record(record)


def test_a_language_model_record_needs_its_validation_curve():
    record = make()
    del record["curves"]["valid_loss"]
    with pytest.raises(records.RecordError, match="'curves.valid_loss' is missing"):
        records.validate_record(record)


def test_write_then_load_round_trips(tmp_path):
    path = records.write_record(make(), tmp_path)
    assert path.name == "tiny__hidden=8__seed0.json"
    assert records.load_records(tmp_path) == [make()]
    assert not list(tmp_path.glob("*.partial*"))


def test_loading_a_directory_that_does_not_exist_gives_no_records(tmp_path):
    assert records.load_records(tmp_path / "nothing-yet") == []


@pytest.mark.parametrize("field", ["config", "git.commit", "seed", "selected.test_ppl",
                                   "scheduler.job_id", "curves.valid_loss"])
def test_loader_refuses_a_record_missing_a_field_naming_file_and_field(tmp_path, field):
    record = make()
    *parents, last = field.split(".")
    holder = record
    for part in parents:
        holder = holder[part]
    del holder[last]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record))
    with pytest.raises(records.RecordError) as error:
        records.load_records(tmp_path)
    assert str(path) in str(error.value) and f"'{field}'" in str(error.value)


@pytest.mark.parametrize("field, value", [
    ("config", {}), ("seed", "0"), ("git.commit", "abc123"), ("parameters", 1.5),
    ("selected.test_ppl", 99.0), ("selected.at", 5), ("curves.unit", "minute"),
    ("wall_seconds", float("nan")), ("schema_version", 99), ("git.dirty", "no"),
])
def test_loader_refuses_malformed_values(tmp_path, field, value):
    record = make()
    *parents, last = field.split(".")
    holder = record
    for part in parents:
        holder = holder[part]
    holder[last] = value
    (tmp_path / "bad.json").write_text(json.dumps(record))
    with pytest.raises(records.RecordError, match=f"bad.json: field '{field}'"):
        records.load_records(tmp_path)


def test_loader_refuses_invalid_json_and_curves_of_unequal_length(tmp_path):
    (tmp_path / "a.json").write_text("{not json")
    with pytest.raises(records.RecordError, match="a.json: not valid JSON"):
        records.load_records(tmp_path)
    record = make()
    record["curves"]["train_loss"]["value"].append(1.0)
    with pytest.raises(records.RecordError, match="curves.train_loss"):
        records.validate_record(record, source="x")


def test_writer_refuses_an_incomplete_record(tmp_path):
    record = make()
    del record["git"]
    with pytest.raises(records.RecordError, match="field 'git' is missing"):
        records.write_record(record, tmp_path)
    assert not list(tmp_path.iterdir())


def test_loader_refuses_a_record_of_another_experiment(tmp_path):
    records.write_record(make(experiment="other"), tmp_path)
    with pytest.raises(records.RecordError, match="expected 'tiny'"):
        records.load_records(tmp_path, experiment="tiny")


def test_grid_check_finds_missing_extra_and_duplicate_pairs():
    a, b = {"hidden": 8}, {"hidden": 16}
    grid = [(a, 0), (a, 1), (b, 0), (b, 1)]
    complete = [make(config=c, seed=s) for c, s in grid]
    assert records.grid_problems(complete, grid) == {"missing": [], "extra": [], "duplicate": []}
    records.check_grid(complete, grid)
    # Key order inside a config does not matter: configs compare as canonical JSON.
    records.check_grid([make(config=dict(reversed(list(c.items()))), seed=s)
                        for c, s in grid], grid)
    broken = [*complete[1:], make(config=b, seed=1), make(config={"hidden": 32}, seed=0)]
    problems = records.grid_problems(broken, grid)
    assert problems == {"missing": [(records.config_key(a), 0)],
                        "extra": [(records.config_key({"hidden": 32}), 0)],
                        "duplicate": [(records.config_key(b), 1)]}
    with pytest.raises(ValueError, match="missing.*extra.*duplicate"):
        records.check_grid(broken, grid)


def test_summary_gives_mean_sample_sd_and_per_seed_values():
    found = [make(seed=s, test_ppl=p) for s, p in [(0, 1.0), (1, 2.0), (2, 3.0)]]
    found.append(make("hidden=16", {"hidden": 16}, seed=0, test_ppl=7.0))
    rows = records.summarise(found, metric="test_ppl")
    assert rows[0]["config_name"] == "hidden=8" and rows[0]["n"] == 3
    assert rows[0]["mean"] == pytest.approx(2.0) and rows[0]["sd"] == pytest.approx(1.0)
    assert rows[0]["per_seed"] == {0: 1.0, 1: 2.0, 2: 3.0}
    assert rows[1]["n"] == 1 and math.isnan(rows[1]["sd"])
    with pytest.raises(ValueError, match="metric='bleu'"):
        records.summarise(found, metric="bleu")
    with pytest.raises(ValueError, match="seed 0"):
        records.summarise([make(), make()])


def test_scheduler_ids_come_from_slurms_environment():
    assert records.scheduler_provenance({}) == {"name": "none", "job_id": None, "task_id": None}
    env = {"SLURM_JOB_ID": "105", "SLURM_ARRAY_JOB_ID": "100", "SLURM_ARRAY_TASK_ID": "5"}
    assert records.scheduler_provenance(env) == {"name": "slurm", "job_id": "100", "task_id": 5}


def test_source_digests_cover_the_imported_modules_and_change_with_them():
    files = records.source_files()
    assert {"studies/records.py", "studies/experiments.py", "__init__.py"} <= set(files)
    assert files["studies/records.py"] == hashlib.sha256(
        Path(records.__file__).read_bytes()).hexdigest()
    changed = {**files, "studies/records.py": "0" * 64}
    assert records.source_fingerprint(changed) != records.source_fingerprint(files)
    assert records.source_fingerprint(dict(reversed(files.items()))) == (
        records.source_fingerprint(files))


def test_git_provenance_names_a_full_commit_or_refuses(monkeypatch):
    info = records.git_provenance()
    assert len(info["commit"]) == 40 and isinstance(info["dirty"], bool)
    monkeypatch.setattr(provenance, "_run_git", lambda *args: None)
    monkeypatch.delenv("DLBOOK_COMMIT", raising=False)
    with pytest.raises(records.ProvenanceError, match="DLBOOK_COMMIT"):
        records.git_provenance()
    monkeypatch.setenv("DLBOOK_COMMIT", COMMIT)
    assert records.git_provenance()["commit"] == COMMIT


def test_studies_declare_their_grids_in_configuration_major_order():
    study = experiments.get_study("charlm-width")
    tasks = study.tasks()
    assert [(name, seed) for name, _, seed in tasks[:4]] == [
        ("hidden=64", 0), ("hidden=64", 1), ("hidden=64", 2), ("hidden=128", 0)]
    assert len(tasks) == 9 and {c["hidden"] for _, c, _ in tasks} == {64, 128, 256}
    protocol = tasks[0][1]
    assert (protocol["context"], protocol["batch"], protocol["steps"], protocol["lr"],
            protocol["clip"], protocol["window"]) == (100, 64, 2501, 2e-3, 1.0, 100)
    assert len(experiments.get_study("wikitext2-lstm").tasks()) == 9
    with pytest.raises(ValueError, match="study must be one of"):
        experiments.get_study("nope")
    with pytest.raises(ValueError, match=r"task_id must be an int in \[0, 4\)"):
        experiments.run_task("tiny", 4, "unused")


class Scalar(torch.nn.Module):
    """A stand-in language model with one weight and the (x, state) call signature."""

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.zeros(()))

    def forward(self, x, state=None):
        return x * self.weight, state


def test_evaluate_every_scores_after_each_nth_update_and_keeps_the_best_state(monkeypatch):
    import dlbook.evaluation

    scripted = iter([3.0, 1.0, 2.0, 5.0])
    seen = []

    def fake_loss(model, sequence, *, vocab, window):
        seen.append(model.weight.item())
        return next(scripted)

    monkeypatch.setattr(dlbook.evaluation, "fixed_window_loss", fake_loss)
    model = Scalar()
    watched = EvaluateEvery(model, torch.zeros(3), vocab=1, window=1, every=2,
                                        last=5)
    watched.evaluate(0)
    for updates in range(1, 6):
        with torch.no_grad():
            model.weight += 1.0  # the trainer's update ...
        watched(updates)  # ... then its on_step callback
    assert watched.at == [0, 2, 4, 5] and seen == [0.0, 2.0, 4.0, 5.0]
    assert watched.losses == [3.0, 1.0, 2.0, 5.0]
    assert (watched.best, watched.best_at) == (1.0, 2)
    assert watched.best_state["weight"].item() == 2.0  # a copy, not the live weight


@pytest.mark.slow
def test_a_task_writes_a_valid_record_of_its_grid_point_from_the_run(tmp_path, monkeypatch):
    monkeypatch.setenv("DLBOOK_DEVICE", "cpu")
    monkeypatch.setenv("SLURM_ARRAY_JOB_ID", "42")
    monkeypatch.setenv("SLURM_ARRAY_TASK_ID", "1")
    path = experiments.run_task("tiny", 1, tmp_path)
    # The checkout running the tests may hold uncommitted edits; its records say so.
    (record,) = records.load_records(tmp_path, experiment="tiny", allow_dirty=True)
    name, config, seed = experiments.get_study("tiny").tasks()[1]
    assert path.name == records.record_filename(record)
    assert (record["config_name"], record["config"], record["seed"]) == (name, config, seed)
    assert record["scheduler"] == {"name": "slurm", "job_id": "42", "task_id": 1}
    valid = record["curves"]["valid_loss"]
    assert valid["at"] == [0, 10, 20, 30]  # before updates 0, 10, 20 and after the last one
    assert record["selected"]["valid_loss"] == min(valid["value"])
    assert valid["value"][-1] < 0.8 * valid["value"][0]  # it learnt something
    # embedding 11 x 8, LSTM 4 * 8 * (8 + 8) weights + 2 * 4 * 8 biases, read-out 8 x 11 + 11
    assert record["parameters"] == 11 * 8 + (4 * 8 * 16 + 2 * 4 * 8) + (8 * 11 + 11)
