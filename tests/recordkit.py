"""Well-formed result records built field by field: fixtures for the validators, not results.

Every fixture names a real commit of this repository (the one the committed width-sweep
records ran), the ``tiny`` study's pinned data, a source file as it was at that commit, and
a source fingerprint that matches its file digests, so that a test which corrupts one field
fails on that field alone.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import shutil
from pathlib import Path

from dlbook.studies import experiments, provenance, records

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "data" / "runs"
#: The commit of the committed width-sweep records, and the repository's first commit.
COMMIT = "f9820570170aabd4848fd2a94b919444b30c85ec"
FIRST_COMMIT = "3b607a87536298849353a94f910e9a51186d2b54"
#: One source file as it was at COMMIT (the loader checks a clean record's files against its
#: commit in git's history).
SOURCE = {"records.py": provenance.source_at_commit(COMMIT)["records.py"]}


def tiny_data() -> dict:
    """The data every record of the ``tiny`` study must name (its synthetic corpus)."""
    text = experiments.tiny_text()
    return {"name": "tiny-synthetic", "sha256": hashlib.sha256(text.encode()).hexdigest()}


def fake_record(config_name="hidden=8", config=None, seed=0, *, test_ppl=5.0,
                experiment="tiny", scheduler="slurm", commit=COMMIT, dirty=False,
                task_id=0, job_id="7", data=None) -> dict:
    test_loss = math.log(test_ppl)
    return {
        "schema_version": records.SCHEMA_VERSION, "experiment": experiment,
        "config_name": config_name, "config": config or {"hidden": 8}, "seed": seed,
        "data": data or tiny_data(), "parameters": 123,
        "curves": {"unit": "step", "train_loss": {"at": [0, 10], "value": [2.0, 1.5]},
                   "valid_loss": {"at": [0, 10], "value": [2.1, 1.6]}},
        "selected": {"at": 10, "valid_loss": 1.6, "valid_ppl": math.exp(1.6),
                     "test_loss": test_loss, "test_ppl": test_ppl},
        "wall_seconds": 1.5,
        "device": {"type": "cpu", "model": "some cpu", "threads": 1, "host": "h"},
        "versions": {"torch": "2.13.0"},
        "git": {"commit": commit, "dirty": dirty, "source_files": dict(SOURCE),
                "source_sha256": records.source_fingerprint(SOURCE)},
        "scheduler": ({"name": "slurm", "job_id": job_id, "task_id": task_id}
                      if scheduler == "slurm" else {"name": "none", "job_id": None,
                                                    "task_id": None}),
        "created": "2025-01-01T00:00:00+00:00",
    }


def write_tiny_grid(directory: Path, **kwargs) -> list[Path]:
    """One fixture record per task of the ``tiny`` study, written into ``directory``."""
    return [records.write_record(fake_record(name, config, seed, task_id=i, **kwargs),
                                 directory)
            for i, (name, config, seed) in enumerate(experiments.get_study("tiny").tasks())]


def committed_copy(destination: Path, *, study: str = "charlm-width") -> list[Path]:
    """Copy the committed records of ``study`` (byte for byte) into ``destination``."""
    destination.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(p, destination / p.name))
            for p in sorted((RUNS / study).glob("*.json"))]


def rewrite(path: Path, change) -> None:
    """Apply ``change(record)`` to the JSON at ``path`` (a copy in a test folder)."""
    record = json.loads(path.read_text())
    changed = copy.deepcopy(record)
    change(changed)
    path.write_text(json.dumps(changed, indent=2))
