"""The command line fails before it computes (issue 22, items 5 to 7, and `tasks --study nope`).

A task that is going to be refused is refused before training: an override its run would
ignore, an ``--out`` that cannot be written. The tests swap the study's run for one that
fails the test if it is called, so "before training" is checked, not assumed. Item 7 runs
in a temporary git repository, so the dirty flag it checks is that repository's.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import re
import subprocess
from pathlib import Path

import pytest

from dlbook.studies import cli, experiments, provenance, records
from dlbook.studies.study import ReadKeys, Study


def never_run(config, seed, data_dir, device):
    raise AssertionError("the task trained although it was going to be refused")


@pytest.fixture
def untrained(monkeypatch):
    """The ``tiny`` study with a run that must never be called."""
    monkeypatch.setitem(experiments.STUDIES, "tiny",
                        dataclasses.replace(experiments.STUDIES["tiny"], run=never_run))


def run_tiny(out, *argv: str) -> int:
    return cli.main(["run", "--study", "tiny", "--task-id", "0", "--out", str(out), *argv])


# --- item 5: an override the run ignores ------------------------------------------------------
def test_an_override_of_a_key_the_run_ignores_is_refused_before_training(untrained, tmp_path,
                                                                        capsys):
    assert run_tiny(tmp_path, "--set", 'model="Transformer"') == 1
    err = capsys.readouterr().err
    assert "'model'" in err and "does not read" in err and "'steps'" in err
    assert "'hidden'" not in err.split("override")[-1]  # a label key is not on offer
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("study, key", [("charlm-width", "model"),
                                        ("shakespeare-reference", "model"),
                                        ("wikitext2-lstm", "model")])
def test_the_studies_that_name_their_model_refuse_to_override_it(study, key):
    chosen = experiments.get_study(study)
    with pytest.raises(ValueError, match=f"'{key}'.*does not read"):
        chosen.configure(chosen.configs[0][0], {key: "Other"})


def test_the_tiny_runs_descriptive_keys_are_exactly_those_it_never_reads():
    chosen = experiments.get_study("tiny")
    name, config, seed = chosen.tasks()[0]
    seen = ReadKeys({**config, "steps": 2, "eval_every": 1})
    chosen.run(seen, seed, None, "cpu")
    assert set(config) - seen.read == set(chosen.descriptive) == {"model"}


def quick_run(config, seed, data_dir, device):
    """A run that reads ``used`` and nothing else."""
    return {"data": {"name": "none", "sha256": "0" * 64}, "parameters": config["used"],
            "curves": {"unit": "step", "train_loss": {"at": [1], "value": [1.0]}},
            "scores": {"test_accuracy": 0.5}}


def test_an_override_the_run_never_read_writes_no_record(monkeypatch, tmp_path):
    # A study that forgot to declare `unused` descriptive: the override gets through the
    # declaration, and the run itself shows that nothing read it.
    study = Study("forgetful", (("a", {"used": 1, "unused": 2}),), (0,), quick_run,
                  cpu_only=True)
    monkeypatch.setitem(experiments.STUDIES, "forgetful", study)
    with pytest.raises(ValueError, match=r"never read \['unused'\].*no record was written"):
        experiments.run_task("forgetful", 0, tmp_path, overrides={"unused": 3})
    assert not list(tmp_path.iterdir())


# --- item 6: an --out that cannot be written --------------------------------------------------
@pytest.mark.parametrize("where", ["file", "file/inside"])
def test_an_out_that_is_a_file_is_refused_before_training(untrained, tmp_path, capsys, where):
    (tmp_path / "file").write_text("not a folder")
    assert run_tiny(tmp_path / where) == 1
    err = capsys.readouterr().err
    assert f"--out {tmp_path / where}" in err and "Traceback" not in err
    assert "folder" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_an_out_without_write_permission_is_refused_before_training(untrained, tmp_path,
                                                                  capsys):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    try:
        assert run_tiny(locked / "runs") == 1
    finally:
        locked.chmod(0o755)
    err = capsys.readouterr().err
    assert f"--out {locked / 'runs'}" in err and "cannot be written" in err


def test_an_out_that_refuses_a_file_is_refused_before_training(untrained, monkeypatch,
                                                             tmp_path, capsys):
    # What a read-only folder does to a user who is not root (the test above), for any user.
    def denied(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_bytes", denied)
    assert run_tiny(tmp_path / "runs") == 1
    err = capsys.readouterr().err
    assert f"--out {tmp_path / 'runs'} cannot be written (Permission denied)" in err


def test_missing_data_is_a_clear_error_not_a_traceback(tmp_path, capsys):
    status = cli.main(["run", "--study", "charlm-width", "--task-id", "0", "--out",
                       str(tmp_path / "out"), "--data", str(tmp_path / "nowhere")])
    err = capsys.readouterr().err
    assert status == 1 and f"{tmp_path / 'nowhere'}" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_record_that_cannot_be_written_after_training_is_a_clear_error(monkeypatch,
                                                                         tmp_path):
    from recordkit import fake_record

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(records.RecordError, match=f"cannot write the record to "
                                                  f"{tmp_path}.*No space left on device"):
        records.write_record(fake_record(), tmp_path)
    assert not list(tmp_path.iterdir())


# --- item 7: an --out inside the checkout ---------------------------------------------------
def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=test",
                           "-c", "user.email=test@example.org", *args],
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture
def checkout(tmp_path, monkeypatch) -> Path:
    """A clean temporary repository standing in for the checkout, and a two-task study
    whose run takes no time."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "README").write_text("a checkout\n")
    git(repo, "add", "README")
    git(repo, "commit", "-q", "-m", "first")
    monkeypatch.setattr(provenance, "_REPO_ROOT", repo)
    study = Study("quick", (("a", {"used": 1}),), (0, 1), quick_run, cpu_only=True)
    monkeypatch.setitem(experiments.STUDIES, "quick", study)
    return repo


def test_records_written_into_the_checkout_do_not_make_the_next_one_dirty(checkout):
    out = checkout / "runs" / "quick"
    first = records.load_record(experiments.run_task("quick", 0, out))
    second = records.load_record(experiments.run_task("quick", 1, out))
    assert first["git"]["dirty"] is second["git"]["dirty"] is False
    assert first["git"]["commit"] == git(checkout, "rev-parse", "HEAD").strip()


def test_a_change_outside_the_out_folder_still_makes_a_record_dirty(checkout):
    (checkout / "README").write_text("edited\n")
    path = experiments.run_task("quick", 0, checkout / "runs" / "quick")
    assert records.load_record(path)["git"]["dirty"] is True


@pytest.mark.parametrize("out", [".", "sub"])
def test_an_out_that_holds_tracked_files_is_refused_before_training(checkout, out):
    (checkout / "sub").mkdir()
    (checkout / "sub" / "code.py").write_text("x = 1\n")
    git(checkout, "add", "sub")
    git(checkout, "commit", "-q", "-m", "code")
    with pytest.raises(ValueError, match=f"--out {checkout / out}.*tracked by git"):
        experiments.run_task("quick", 0, checkout / out)
    assert not list(checkout.glob("quick__*.json")) and not list(checkout.glob("sub/*.json"))


def test_the_docstrings_write_records_outside_the_checkout():
    # The example wrote into runs/ of the checkout: once a second study ran into
    # another folder there, the first one's records made it dirty.
    for module in (cli, experiments):
        outs = re.findall(r"--out (\S+)", module.__doc__)
        assert outs and all(out.startswith(("/", '"$')) for out in outs), outs


# --- clearer errors: an unknown study -------------------------------------------------------
@pytest.mark.parametrize("command", [["tasks"], ["run", "--task-id", "0", "--out", "/tmp/x"]])
def test_an_unknown_study_is_a_clear_error(capsys, command):
    assert cli.main([command[0], "--study", "nope", *command[1:]]) == 1
    err = capsys.readouterr().err
    assert "study must be one of" in err and "'nope'" in err and "'tiny'" in err
    assert "Traceback" not in err


def test_tasks_lists_each_task_of_a_known_study(capsys):
    assert cli.main(["tasks", "--study", "tiny"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "0\thidden=8\tseed=0" and len(out) == 4
