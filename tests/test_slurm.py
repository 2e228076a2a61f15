"""The cluster pipeline: submit builds the array, collect guards data/runs, and a REAL Slurm.

The last test starts munge, slurmctld and slurmd under a temporary directory, submits the
``tiny`` study as a job array through ``code/cluster/submit.py``, waits, validates and
collects the records, and stops the daemons. If Slurm cannot start, it fails: a pipeline
that was never run is not a tested pipeline.
"""

from __future__ import annotations

import importlib.util
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dlbook import experiments, records

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


def fake(config_name, config, seed, *, scheduler="slurm", commit="a" * 40):
    """A well-formed record (fixture) for testing collect's checks, not a result."""
    return {
        "schema_version": records.SCHEMA_VERSION, "experiment": "tiny",
        "config_name": config_name, "config": config, "seed": seed,
        "data": {"name": "x"}, "parameters": 1,
        "curves": {"unit": "step", "train_loss": {"at": [0], "value": [1.0]},
                   "valid_loss": {"at": [0], "value": [1.0]}},
        "selected": {"at": 0, "valid_loss": 1.0, "valid_ppl": math.e, "test_loss": 1.0,
                     "test_ppl": math.e},
        "wall_seconds": 1.0, "device": {"type": "cpu", "model": "m", "threads": 1, "host": "h"},
        "versions": {"torch": "x"},
        "git": {"commit": commit, "dirty": False, "source_sha256": "b" * 64,
                "source_files": {"records.py": "b" * 64}},
        "scheduler": ({"name": "slurm", "job_id": "7", "task_id": 0} if scheduler == "slurm"
                      else {"name": "none", "job_id": None, "task_id": None}),
        "created": "2025-01-01T00:00:00+00:00",
    }


def write_grid(directory, **kwargs):
    for name, config, seed in experiments.get_study("tiny").tasks():
        records.write_record(fake(name, config, seed, **kwargs), directory)


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
    records.write_record(fake(name, config, seed, commit="c" * 40), tmp_path / "mixed")
    with pytest.raises(ValueError, match="2 different code versions"):
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
        copies = collect.collect("tiny", out, runs)
    assert len(copies) == 4, logs
    found = records.load_records(runs, experiment="tiny")
    records.check_grid(found, experiments.get_study("tiny").grid())
    assert {r["scheduler"]["job_id"] for r in found} == {job_id}
    assert sorted(r["scheduler"]["task_id"] for r in found) == [0, 1, 2, 3]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert {r["git"]["commit"] for r in found} == {head}
    assert not any(local_slurm._alive(pid) for pid in cluster._pids().values())
