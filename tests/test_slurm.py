"""The cluster pipeline: submit builds the array, collect guards data/runs, and a REAL Slurm.

The last test starts munge, slurmctld and slurmd under a temporary directory, submits the
``tiny`` study as a job array through ``code/cluster/submit.py``, waits, validates and
collects the records, and stops the daemons. If Slurm cannot start, it fails: a pipeline
that was never run is not a tested pipeline.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dlbook.studies import experiments, records
from recordkit import FIRST_COMMIT, fake_record, write_tiny_grid

ROOT = Path(__file__).resolve().parents[1]
CLUSTER = ROOT / "code" / "cluster"


def load(name):
    spec = importlib.util.spec_from_file_location(f"cluster_{name}", CLUSTER / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


submit, collect, local_slurm = load("submit"), load("collect"), load("local_slurm")


def dry_run(*flags, env=None):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DLBOOK_")}
    done = subprocess.run([sys.executable, str(CLUSTER / "submit.py"), "--dry-run", *flags],
                          capture_output=True, text=True, check=True, env={**clean, **(env or {})})
    return done.stdout.split()


@pytest.mark.slow  # two interpreters that import torch
def test_submit_builds_one_array_task_per_grid_point_with_nothing_hard_coded():
    command = dry_run("--study", "charlm-width", "--out", "/tmp/x")
    assert command[0] == "sbatch" and "--array=0-8" in command
    assert command[-1] == str(CLUSTER / "array.sbatch")
    assert not any(c.split("=")[0] in {"--partition", "--account", "--time", "--mem", "--gpus"}
                   for c in command)
    command = dry_run("--study", "tiny", "--out", "/tmp/x", "--partition", "gpu", "--gpus", "1",
                      "--max-parallel", "2", env={"DLBOOK_ACCOUNT": "proj", "DLBOOK_TIME": "1:00"})
    for expected in ("--array=0-3%2", "--partition=gpu", "--gpus=1", "--account=proj",
                     "--time=1:00"):
        assert expected in command


def test_array_script_runs_the_task_slurm_names():
    script = (CLUSTER / "array.sbatch").read_text()
    assert '--task-id "$SLURM_ARRAY_TASK_ID"' in script
    assert "#SBATCH --partition" not in script and "#SBATCH --account" not in script


def write_grid(directory, **kwargs):
    write_tiny_grid(directory, **kwargs)


def test_collect_copies_a_complete_grid_and_refuses_incomplete_or_mixed_ones(tmp_path):
    write_grid(tmp_path / "out")
    copies = collect.collect("tiny", tmp_path / "out", tmp_path / "runs")
    assert len(copies) == 4
    with pytest.raises(ValueError, match="already holds 4 records"):
        collect.collect("tiny", tmp_path / "out", tmp_path / "runs")
    assert len(collect.collect("tiny", tmp_path / "out", tmp_path / "runs", replace=True)) == 4
    next((tmp_path / "out").glob("*seed1.json")).unlink()
    with pytest.raises(ValueError, match="missing"):
        collect.collect("tiny", tmp_path / "out", tmp_path / "other")
    write_grid(tmp_path / "local", scheduler="none")
    with pytest.raises(ValueError, match="not written by a Slurm array task"):
        collect.collect("tiny", tmp_path / "local", tmp_path / "other")
    assert collect.collect("tiny", tmp_path / "local", tmp_path / "other",
                           require_scheduler=False)
    write_grid(tmp_path / "mixed")
    name, config, seed = experiments.get_study("tiny").tasks()[0]
    records.write_record(fake_record(name, config, seed, commit=FIRST_COMMIT),
                         tmp_path / "mixed", force=True)
    with pytest.raises(ValueError, match="field 'git.commit'.*one code version"):
        collect.collect("tiny", tmp_path / "mixed", tmp_path / "other2")
    assert not (tmp_path / "other2").exists()


@pytest.mark.slow
def test_a_real_single_node_slurm_runs_the_tiny_study_end_to_end(tmp_path):
    cluster = local_slurm.LocalSlurm(tmp_path / "slurm", cpus=2)
    out, runs = tmp_path / "out", tmp_path / "data" / "runs" / "tiny"
    with cluster:  # fails (never skips) when munge or Slurm cannot start
        done = subprocess.run(
            [sys.executable, str(CLUSTER / "submit.py"), "--study", "tiny", "--out", str(out),
             "--cpus-per-task", "1", "--max-parallel", "2", "--time", "00:10:00"],
            env={**cluster.env, "DLBOOK_DEVICE": "cpu"}, capture_output=True, text=True,
            timeout=60)
        assert done.returncode == 0, done.stderr + cluster.logs()
        job_id = done.stdout.strip()
        assert job_id.isdigit(), done.stdout
        queue = cluster.client("squeue", "-h", "-j", job_id, "-o", "%i").stdout
        assert job_id in queue or list(out.glob("*.json")), "the array never reached the queue"
        os.environ["SLURM_CONF"] = str(cluster.conf)  # wait_for's squeue needs it
        try:
            submit.wait_for(job_id, timeout=600)
        finally:
            del os.environ["SLURM_CONF"]
        logs = "\n".join(p.read_text() for p in sorted((out / "logs").glob("*.out")))
        # The tree that ran may hold uncommitted edits (this is a test, not a study to
        # commit): its records say so, and only an explicit allow_dirty admits them.
        copies = collect.collect("tiny", out, runs, allow_dirty=True)
    assert len(copies) == 4, logs
    found = records.load_records(runs, experiment="tiny", allow_dirty=True)
    records.check_grid(found, experiments.get_study("tiny").grid())
    assert {r["scheduler"]["job_id"] for r in found} == {job_id}
    assert sorted(r["scheduler"]["task_id"] for r in found) == [0, 1, 2, 3]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert {r["git"]["commit"] for r in found} == {head}
    assert not any(local_slurm._alive(pid) for pid in cluster._pids().values())
