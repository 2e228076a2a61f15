"""The cluster command lines fail fast, loudly and by name (issue 13, item 7).

``squeue`` and ``sbatch`` are replaced by small scripts on ``PATH`` so that each failure
(an unreachable controller, a task that wrote no record) happens on demand.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest

from dlbook.studies import cli
from recordkit import ROOT, write_tiny_grid

CLUSTER = ROOT / "code" / "cluster"
spec = importlib.util.spec_from_file_location("cluster_submit", CLUSTER / "submit.py")
submit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(submit)


def fake_command(bin_dir: Path, name: str, body: str) -> None:
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / name
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)


@pytest.fixture
def fake_slurm(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    for variable in ("DLBOOK_MAX_PARALLEL", "DLBOOK_CPUS_PER_TASK", "SLURM_CPUS_PER_TASK",
                     "SLURM_ARRAY_TASK_ID"):
        monkeypatch.delenv(variable, raising=False)
    return bin_dir


def test_wait_fails_fast_with_squeues_error_when_the_controller_is_unreachable(fake_slurm):
    fake_command(fake_slurm, "squeue", 'echo "slurm_load_jobs error: Unable to contact slurm '
                                       'controller (connect failure)" >&2; exit 1')
    began = time.monotonic()
    with pytest.raises(RuntimeError, match="Unable to contact slurm controller"):
        submit.wait_for("17", timeout=60, poll=0.01)
    assert time.monotonic() - began < 30


def test_wait_treats_a_forgotten_job_as_finished(fake_slurm):
    fake_command(fake_slurm, "squeue", 'echo "slurm_load_jobs error: Invalid job id '
                                       'specified" >&2; exit 1')
    submit.wait_for("17", timeout=60, poll=0.01)


def test_wait_returns_non_zero_and_names_the_tasks_that_wrote_no_record(
        fake_slurm, tmp_path, capsys):
    fake_command(fake_slurm, "sbatch", 'echo "17;cluster"')
    fake_command(fake_slurm, "squeue", "exit 0")  # the array has left the queue
    out = tmp_path / "out"
    for path in write_tiny_grid(out, job_id="17")[2:]:
        path.unlink()  # tasks 2 and 3 failed: no record
    status = submit.main(["--study", "tiny", "--out", str(out), "--wait"])
    err = capsys.readouterr().err
    assert status == 1 and "tasks [2, 3] of job 17 wrote no record" in err
    assert str(out / "logs" / "17_2.out") in err
    write_tiny_grid(out, job_id="17")
    assert submit.main(["--study", "tiny", "--out", str(out), "--wait"]) == 0


@pytest.mark.parametrize("argv, env, named", [
    (["--max-parallel", "0"], {}, "--max-parallel"),
    (["--max-parallel", "-2"], {}, "--max-parallel"),
    ([], {"DLBOOK_MAX_PARALLEL": "three"}, "DLBOOK_MAX_PARALLEL"),
    ([], {"DLBOOK_CPUS_PER_TASK": "0"}, "DLBOOK_CPUS_PER_TASK"),
    (["--timeout", "0"], {}, "--timeout"),
])
def test_submit_refuses_bad_numbers_with_a_usage_error(fake_slurm, monkeypatch, capsys,
                                                       argv, env, named):
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    with pytest.raises(SystemExit) as exit_:
        submit.main(["--study", "tiny", "--out", "/tmp/unused", "--dry-run", *argv])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and named in err and "Traceback" not in err


@pytest.mark.parametrize("argv, env, named", [
    (["--threads", "0"], {}, "--threads"),
    ([], {"SLURM_CPUS_PER_TASK": "4(x2)"}, "SLURM_CPUS_PER_TASK"),
    ([], {"SLURM_ARRAY_TASK_ID": "one"}, "SLURM_ARRAY_TASK_ID"),
    (["--set", "steps"], {}, "--set"),
    (["--set", "steps=ten"], {}, "--set"),
])
def test_run_refuses_bad_numbers_with_a_usage_error(fake_slurm, monkeypatch, capsys, argv,
                                                    env, named):
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    task = [] if "SLURM_ARRAY_TASK_ID" in env else ["--task-id", "0"]
    with pytest.raises(SystemExit) as exit_:
        cli.main(["run", "--study", "tiny", *task, "--out", "/tmp/unused", *argv])
    assert exit_.value.code == 2 and named in capsys.readouterr().err


def test_a_rerun_with_other_overrides_is_refused_by_name(fake_slurm, tmp_path, capsys):
    write_tiny_grid(tmp_path)
    status = cli.main(["run", "--study", "tiny", "--task-id", "0", "--out",
                               str(tmp_path), "--set", "steps=5"])
    assert status == 1 and "steps: 30 -> 5" in capsys.readouterr().err


# --- issue 34: a wait that never ends, and an --out every task would refuse -------------------
@pytest.mark.parametrize("timeout", ["nan", "inf", "-inf", "-1"])
def test_submit_refuses_a_timeout_that_never_times_out(fake_slurm, capsys, timeout):
    with pytest.raises(SystemExit) as exit_:
        submit.main(["--study", "tiny", "--out", "/tmp/unused", "--dry-run", "--wait",
                     f"--timeout={timeout}"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--timeout must be a positive number" in err


@pytest.mark.parametrize("folder", ["data/runs/charlm-width", "data/runs", "code"])
@pytest.mark.parametrize("dry_run", [True, False])
def test_submit_refuses_an_out_folder_git_tracks_before_anything_is_queued(
        fake_slurm, tmp_path, capsys, folder, dry_run):
    marker = tmp_path / "sbatch-ran"
    fake_command(fake_slurm, "sbatch", f'touch {marker}; echo "17;cluster"')
    out = ROOT / folder
    logs_before = (out / "logs").exists()
    with pytest.raises(SystemExit) as exit_:
        submit.main(["--study", "charlm-width", "--out", str(out),
                     *(["--dry-run"] if dry_run else [])])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"--out {out} holds files tracked by git" in err
    assert not marker.exists() and (out / "logs").exists() == logs_before


def test_submit_refuses_an_out_that_is_a_file(fake_slurm, tmp_path, capsys):
    (tmp_path / "file").write_text("")
    with pytest.raises(SystemExit):
        submit.main(["--study", "tiny", "--out", str(tmp_path / "file" / "out"), "--dry-run"])
    assert "is a file or lies under one" in capsys.readouterr().err
