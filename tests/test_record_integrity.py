"""Record values have bounds, and a committed record cannot change unseen (issue 22, item 10).

Every refusal is checked through the three doors a record comes in by: ``check`` on the
command line, ``collect`` (through the loader) and ``load_study``. The records are copies of
the committed ones, in a temporary folder or a temporary git repository, never the files
under ``data/runs``.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
import subprocess
from pathlib import Path

import pytest

from dlbook.studies import cli, experiments, records
from recordkit import ROOT, committed_copy, fake_record, rewrite

spec = importlib.util.spec_from_file_location("cluster_collect",
                                              ROOT / "code" / "cluster" / "collect.py")
collect = importlib.util.module_from_spec(spec)
spec.loader.exec_module(collect)


def refused_everywhere(study: str, folder: Path, match: str, capsys) -> None:
    """``check``, ``collect`` and ``load_study`` all refuse ``folder``, saying ``match``."""
    assert cli.main(["check", "--study", study, str(folder)]) == 1
    err = capsys.readouterr().err
    assert re.search(match, err) and "Traceback" not in err, err
    with pytest.raises(records.RecordError, match=match):
        collect.collect(study, folder, folder.parent / "collected", require_scheduler=False)
    assert not (folder.parent / "collected").exists()
    with pytest.raises(records.RecordError, match=match):
        experiments.load_study(study, folder)


# --- bounds -----------------------------------------------------------------------------------
def task_record(scores: dict) -> dict:
    record = fake_record()
    del record["selected"]
    del record["curves"]["valid_loss"]
    return {**record, "scores": scores}


def negative_test_loss(record: dict) -> None:
    # Its perplexity agrees with it, so only the bound can refuse it.
    record["selected"].update(test_loss=-0.25, test_ppl=math.exp(-0.25))


@pytest.mark.parametrize("record, field", [
    (task_record({"test_accuracy": 1.7}), "scores.test_accuracy"),
    (task_record({"test_accuracy": -0.1}), "scores.test_accuracy"),
    (task_record({"sequence": 1.01}), "scores.sequence"),
    (task_record({"step_one_share": 2.0}), "scores.step_one_share"),
    (task_record({"final_loss": -1e-3}), "scores.final_loss"),
    (task_record({"valid_loss": 1.0, "valid_ppl": 3.0}), "scores.valid_ppl"),
    (task_record({"test_ppl": 0.5}), "scores.test_ppl"),
    (task_record({"train_seconds": -1.0}), "scores.train_seconds"),
    ({**fake_record(), "curves": {"unit": "step", "train_loss": {"at": [0], "value": [-0.5]},
                                  "valid_loss": {"at": [0, 10], "value": [2.1, 1.6]}}},
     r"curves.train_loss.value\[0\]"),
])
def test_a_value_out_of_its_bounds_is_refused_by_name(record, field):
    with pytest.raises(records.RecordError, match=field):
        records.validate_record(record)


def test_a_negative_selected_loss_is_refused_even_with_its_perplexity():
    record = fake_record()
    negative_test_loss(record)
    with pytest.raises(records.RecordError, match="selected.test_loss"):
        records.validate_record(record)


def test_scores_within_their_bounds_pass():
    record = task_record({"test_accuracy": 1.0, "termination": 0.0, "valid_loss": 1.0,
                          "valid_ppl": math.exp(1.0), "steps": 3.0, "signal_at_birth": 0.0})
    assert records.validate_record(record) == record


@pytest.mark.parametrize("study, change, field", [
    ("memory-test", lambda r: r["scores"].update(test_accuracy=1.7), "scores.test_accuracy"),
    ("charlm-width", negative_test_loss, "selected.test_loss"),
    ("charlm-width", lambda r: r["curves"]["train_loss"]["value"].__setitem__(0, -2.0),
     r"curves.train_loss.value\[0\]"),
])
def test_check_collect_and_load_study_refuse_a_value_out_of_bounds(tmp_path, capsys, study,
                                                                    change, field):
    folder = tmp_path / study
    paths = committed_copy(folder, study=study)
    rewrite(paths[1], change)
    refused_everywhere(study, folder, f"{re.escape(paths[1].name)}: field '{field}", capsys)


# --- committed content ------------------------------------------------------------------------
def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), "-c", "user.name=test",
                           "-c", "user.email=test@example.org", *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def committed_width(tmp_path) -> tuple[Path, list[Path]]:
    """A temporary repository whose one commit holds a copy of the width-sweep records."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    folder = repo / "runs" / "charlm-width"
    paths = committed_copy(folder)
    git(repo, "add", "runs")
    git(repo, "commit", "-q", "-m", "the width sweep")
    return folder, paths


def change_one_digit_of_test_loss(path: Path) -> None:
    """Change the ninth decimal of ``selected.test_loss`` in place, in the file's own text:
    so small that its perplexity still agrees, so the schema alone cannot see it."""
    text = path.read_text()
    (loss,) = re.findall(r'"test_loss": (\d+\.\d+)', text)
    digit = loss[10]
    changed = loss[:10] + str((int(digit) + 1) % 10) + loss[11:]
    path.write_text(text.replace(f'"test_loss": {loss}', f'"test_loss": {changed}'))
    record = json.loads(path.read_text())
    assert record["selected"]["test_loss"] != float(loss)
    assert records.validate_record(record) == record  # the schema cannot tell


def test_a_committed_copy_loads_as_it_is(committed_width):
    folder, paths = committed_width
    assert len(experiments.load_study("charlm-width", folder)) == len(paths) == 9


def test_one_changed_digit_of_a_committed_record_is_refused(committed_width, capsys):
    folder, paths = committed_width
    change_one_digit_of_test_loss(paths[4])
    refused_everywhere("charlm-width", folder,
                       f"{re.escape(str(paths[4]))}: its content differs from the version "
                       f"git's last commit holds.*git checkout HEAD -- ", capsys)
    git(folder, "checkout", "HEAD", "--", paths[4].name)  # the fix the message names
    assert len(experiments.load_study("charlm-width", folder)) == 9


def test_check_says_when_git_cannot_compare_the_records(tmp_path, committed_width, capsys):
    folder, _ = committed_width
    assert cli.main(["check", "--study", "charlm-width", str(folder)]) == 0
    assert "not in git's last commit" not in capsys.readouterr().err
    untracked = tmp_path / "untracked" / "charlm-width"
    committed_copy(untracked)
    assert cli.main(["check", "--study", "charlm-width", str(untracked)]) == 0
    err = capsys.readouterr().err
    assert "9 records are not in git's last commit" in err and "not compared" in err


# --- issue 34: the commit, not the index; NaN; unbounded scores; names; unknown studies ---------
def test_a_staged_edit_is_still_refused_until_it_is_committed(committed_width, capsys):
    """``git add`` no longer makes an edit pass: the check compares with HEAD."""
    folder, paths = committed_width
    change_one_digit_of_test_loss(paths[4])
    git(folder, "add", paths[4].name)
    refused_everywhere("charlm-width", folder, f"{re.escape(str(paths[4]))}: its content "
                       f"differs from the version git's last commit holds", capsys)
    git(folder, "commit", "-q", "-m", "a deliberate change, committed")
    assert len(experiments.load_study("charlm-width", folder)) == 9


def test_a_record_staged_but_never_committed_is_not_compared_and_check_says_so(
        committed_width, capsys):
    folder, paths = committed_width
    git(folder, "rm", "-q", "--cached", paths[0].name)
    git(folder, "commit", "-q", "-m", "forget one record")
    git(folder, "add", paths[0].name)  # back in the index, not in the commit
    assert cli.main(["check", "--study", "charlm-width", str(folder)]) == 0
    assert "1 records are not in git's last commit" in capsys.readouterr().err


@pytest.mark.parametrize("study, change, field", [
    ("charlm-width", lambda r: r["data"].update(chars=float("nan")), "data.chars"),
    ("memory-test", lambda r: r["data"].update(extra={"at": [1.0, float("inf")]}),
     r"data.extra.at\[1\]"),
    ("memory-test", lambda r: r["scores"].update(accuracy_at_end=1.7),
     "scores.accuracy_at_end' names no kind of score"),
])
def test_nan_in_an_extra_data_field_and_an_unbounded_score_name_are_refused(
        tmp_path, capsys, study, change, field):
    folder = tmp_path / study
    paths = committed_copy(folder, study=study)
    rewrite(paths[1], change)
    refused_everywhere(study, folder, f"{re.escape(paths[1].name)}: field '{field}", capsys)


def test_a_file_whose_name_disagrees_with_its_record_is_refused(tmp_path, capsys):
    folder = tmp_path / "charlm-width"
    paths = committed_copy(folder)
    swap = paths[0].with_name("swap")
    paths[0].rename(swap)
    paths[1].rename(paths[0])
    swap.rename(paths[1])  # two records trade names: every field is still right
    refused_everywhere("charlm-width", folder, f"{re.escape(str(paths[0]))}: its fields make "
                       f"it {re.escape(paths[1].name)}.*rename it", capsys)


@pytest.mark.parametrize("study", ["../../etc", "charlm-width/..", "no-such-study"])
def test_check_names_the_known_studies_for_a_name_that_is_no_study(tmp_path, capsys, study):
    folder = tmp_path / "charlm-width"
    committed_copy(folder)
    assert cli.main(["check", "--study", study, str(folder)]) == 1
    err = capsys.readouterr().err
    assert "study must be one of" in err and "'charlm-width'" in err and repr(study) in err
    assert "expected" not in err
