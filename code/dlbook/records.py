"""Result records: one JSON file per training run, written by the code that ran.

A record holds everything needed to trust and reuse one run without rerunning it: the
experiment, its complete configuration and seed, the learning curves, the checkpoint chosen
on validation with its validation and test metrics, and the provenance (git commit and
whether the tree was dirty, a fingerprint of the ``dlbook`` source, library versions,
device, wall time, scheduler job and task ids). Chapters load records with
:func:`load_records`, which validates every file, and summarise them with :func:`summarise`.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
_PACKAGE = Path(__file__).resolve().parent
_REPO_ROOT = _PACKAGE.parents[1]

#: Every field of a record: (name, type, meaning). Dotted names are fields of a sub-object.
SCHEMA: tuple[tuple[str, str, str], ...] = (
    ("schema_version", "int", f"format version, now {SCHEMA_VERSION}"),
    ("experiment", "str", "the study's name, e.g. charlm-width"),
    ("config_name", "str", "a short label of the configuration, e.g. hidden=128"),
    ("config", "object", "every hyperparameter of the run (non-empty)"),
    ("seed", "int", "the seed every random draw derives from"),
    ("data", "object", "what was trained on: name and SHA-256 of the data"),
    ("parameters", "int", "number of trainable parameters"),
    ("curves.unit", "str", "'step' or 'epoch': what curves.*.at counts"),
    ("curves.train_loss", "{at, value}", "training loss (nats per token)"),
    ("curves.valid_loss", "{at, value}", "validation loss at each evaluation"),
    ("selected.at", "int", "step or epoch of the checkpoint chosen on validation"),
    ("selected.valid_loss", "float", "its validation loss (nats per token)"),
    ("selected.valid_ppl", "float", "its validation perplexity, exp(valid_loss)"),
    ("selected.test_loss", "float", "its test loss, scored once after selection"),
    ("selected.test_ppl", "float", "its test perplexity, exp(test_loss)"),
    ("wall_seconds", "float", "wall time of the run, data loading included"),
    ("device.type", "str", "cpu or cuda"),
    ("device.model", "str", "the GPU's name, or the CPU's model"),
    ("device.threads", "int", "torch intra-op threads"),
    ("device.host", "str", "the machine's host name"),
    ("versions", "object", "python, torch, numpy and dlbook versions"),
    ("git.commit", "str", "40-hex commit of the checkout that ran"),
    ("git.dirty", "bool", "whether tracked or untracked files differed from it"),
    ("git.source_files", "object", "SHA-256 of each dlbook source file the run imported"),
    ("git.source_sha256", "str", "one SHA-256 over git.source_files"),
    ("scheduler.name", "str", "slurm, or none for a run outside a scheduler"),
    ("scheduler.job_id", "str|null", "the array's job id (SLURM_ARRAY_JOB_ID)"),
    ("scheduler.task_id", "int|null", "the array task id (SLURM_ARRAY_TASK_ID)"),
    ("created", "str", "UTC time the record was written, ISO 8601"),
)


class RecordError(ValueError):
    """A record file is malformed or incomplete; the message names the file and the field."""


def _run_git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(_REPO_ROOT), *args], capture_output=True,
                              text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def source_files(package: Path = _PACKAGE) -> dict[str, str]:
    """SHA-256 of each source file of the ``dlbook`` modules imported so far in this process.

    A dirty checkout makes the commit alone ambiguous; these digests say exactly which library
    source ran (only the modules the run used), and can be recomputed at any later commit.
    """
    files = {Path(m.__file__).resolve() for name, m in list(sys.modules.items())
             if (name == "dlbook" or name.startswith("dlbook.")) and getattr(m, "__file__", None)}
    return {p.relative_to(package).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(files) if p.is_relative_to(package)}


def source_fingerprint(files: Mapping[str, str]) -> str:
    """One SHA-256 over a ``{path: sha256}`` mapping, for comparing runs at a glance."""
    return hashlib.sha256(json.dumps(dict(sorted(files.items()))).encode()).hexdigest()


def git_provenance() -> dict[str, Any]:
    """The commit of the checkout that runs, whether it is dirty, and the source fingerprint.

    Outside a git checkout (code copied to a cluster without ``.git``) set ``DLBOOK_COMMIT``
    to the commit that was copied; with neither, no record can be written.
    """
    commit = (_run_git("rev-parse", "HEAD") or os.environ.get("DLBOOK_COMMIT", "")).strip()
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise RecordError(
            f"cannot tell which commit is running (got {commit!r}); run from a git checkout "
            f"or set DLBOOK_COMMIT to the 40-hex commit the code was copied from"
        )
    status = _run_git("status", "--porcelain")
    files = source_files()
    return {"commit": commit, "dirty": bool(status.strip()) if status is not None else True,
            "source_sha256": source_fingerprint(files), "source_files": files}


def scheduler_provenance(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Slurm's job and array task ids when running inside a Slurm job, else ``name='none'``."""
    job = environ.get("SLURM_ARRAY_JOB_ID") or environ.get("SLURM_JOB_ID")
    if not job:
        return {"name": "none", "job_id": None, "task_id": None}
    task = environ.get("SLURM_ARRAY_TASK_ID")
    return {"name": "slurm", "job_id": str(job), "task_id": int(task) if task else None}


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def device_provenance(device: Any) -> dict[str, Any]:
    """Type, model, thread count and host of the torch ``device`` a run computed on."""
    import torch

    model = torch.cuda.get_device_name(device) if device.type == "cuda" else _cpu_model()
    return {"type": device.type, "model": model, "threads": torch.get_num_threads(),
            "host": platform.node()}


def library_versions() -> dict[str, str]:
    import numpy
    import torch

    import dlbook

    return {"python": platform.python_version(), "torch": torch.__version__,
            "numpy": numpy.__version__, "dlbook": dlbook.__version__}


def make_record(
    *, experiment: str, config_name: str, config: Mapping, seed: int, data: Mapping,
    parameters: int, curves: Mapping, selected: Mapping, wall_seconds: float, device: Any,
) -> dict:
    """Assemble a validated record of a run that just finished, adding its provenance
    (commit, source fingerprint, versions, device, scheduler ids, time of writing)."""
    record = {
        "schema_version": SCHEMA_VERSION, "experiment": experiment, "config_name": config_name,
        "config": dict(config), "seed": seed, "data": dict(data), "parameters": parameters,
        "curves": dict(curves), "selected": dict(selected), "wall_seconds": wall_seconds,
        "device": device_provenance(device), "versions": library_versions(),
        "git": git_provenance(), "scheduler": scheduler_provenance(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return validate_record(record, source=f"the new record of {experiment}/{config_name}")


def _fail(source: str, field: str, problem: str) -> None:
    raise RecordError(f"{source}: field '{field}' {problem}")


def _get(record: Mapping, dotted: str, source: str) -> Any:
    value: Any = record
    for part in dotted.split("."):
        if not isinstance(value, Mapping) or part not in value:
            _fail(source, dotted, "is missing; records are written only by dlbook.experiments")
        value = value[part]
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


_TYPE_CHECKS = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "float": _is_number,
    "str": lambda v: isinstance(v, str) and v != "",
    "bool": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, Mapping) and len(v) > 0,
    "str|null": lambda v: v is None or (isinstance(v, str) and v != ""),
    "int|null": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
    "{at, value}": lambda v: isinstance(v, Mapping) and {"at", "value"} <= set(v),
}


def validate_record(record: Any, *, source: str = "<record>") -> dict:
    """Check ``record`` against :data:`SCHEMA`; return it, or raise :class:`RecordError`
    naming ``source`` (the file) and the first bad field."""
    if not isinstance(record, Mapping):
        _fail(source, "<top>", f"must be a JSON object, got {type(record).__name__}")
    for name, kind, _ in SCHEMA:
        value = _get(record, name, source)
        if not _TYPE_CHECKS[kind](value):
            _fail(source, name, f"must be {kind}, got {value!r:.80}")
    if record["schema_version"] != SCHEMA_VERSION:
        _fail(source, "schema_version", f"is {record['schema_version']}, expected "
                                        f"{SCHEMA_VERSION}")
    if not re.fullmatch(r"[0-9a-f]{40}", record["git"]["commit"]):
        _fail(source, "git.commit", f"must be a 40-hex commit, got {record['git']['commit']!r}")
    if record["curves"]["unit"] not in ("step", "epoch"):
        _fail(source, "curves.unit", f"must be 'step' or 'epoch', got {record['curves']['unit']!r}")
    for curve in ("train_loss", "valid_loss"):
        at, value = record["curves"][curve]["at"], record["curves"][curve]["value"]
        if not (isinstance(at, list) and isinstance(value, list) and at
                and len(at) == len(value) and all(_is_number(v) for v in value)):
            _fail(source, f"curves.{curve}", "needs equally long, non-empty lists 'at' and "
                                             "'value' of finite numbers")
    selected = record["selected"]
    if selected["at"] not in record["curves"]["valid_loss"]["at"]:
        _fail(source, "selected.at", f"{selected['at']} is not an evaluation point of "
                                     f"curves.valid_loss")
    for split in ("valid", "test"):
        if not math.isclose(selected[f"{split}_ppl"], math.exp(selected[f"{split}_loss"]),
                            rel_tol=1e-6):
            _fail(source, f"selected.{split}_ppl", f"is not exp(selected.{split}_loss)")
    return dict(record)


def record_filename(record: Mapping) -> str:
    """``<experiment>__<config_name>__seed<seed>.json`` with unsafe characters replaced."""
    raw = f"{record['experiment']}__{record['config_name']}__seed{record['seed']}"
    return re.sub(r"[^A-Za-z0-9_.=-]", "-", raw) + ".json"


def write_record(record: Mapping, directory: str | Path) -> Path:
    """Validate ``record`` and write it to ``directory`` (atomically: a crash mid-write leaves
    no half-written record for the collect step to trip on). Returns the file's path."""
    validate_record(record, source="the record being written")
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / record_filename(record)
    partial = path.with_suffix(f".partial-{os.getpid()}")
    partial.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(partial, path)
    return path


def load_record(path: str | Path) -> dict:
    """Read and validate one record file."""
    path = Path(path)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not valid JSON ({error}); restore the file from git") from None
    return validate_record(record, source=str(path))


def load_records(directory: str | Path, *, experiment: str | None = None) -> list[dict]:
    """Every ``*.json`` record directly in ``directory``, validated, sorted by (config, seed).

    A missing or empty directory gives an empty list (no study has run yet); a record of
    another experiment than ``experiment`` is an error, since studies live in their own
    directories.
    """
    directory = Path(directory)
    records = [load_record(p) for p in sorted(directory.glob("*.json"))] if directory.is_dir() \
        else []
    for record in records:
        if experiment is not None and record["experiment"] != experiment:
            raise RecordError(f"{directory}: field 'experiment' is {record['experiment']!r} in "
                              f"{record_filename(record)}, expected {experiment!r}")
    return sorted(records, key=lambda r: (config_key(r["config"]), r["seed"]))


def config_key(config: Mapping) -> str:
    """A canonical text of a configuration: equal configurations give equal keys."""
    return json.dumps(config, sort_keys=True, separators=(",", ":"))


def grid_problems(records: Iterable[Mapping], grid: Iterable[tuple[Mapping, int]]
                  ) -> dict[str, list[tuple[str, int]]]:
    """Compare records with a declared grid of ``(config, seed)`` pairs.

    Returns the ``missing``, ``extra`` and ``duplicate`` pairs (each as
    ``(config_key, seed)``); all three empty means the records are exactly the grid.
    """
    wanted = [(config_key(c), s) for c, s in grid]
    found = [(config_key(r["config"]), r["seed"]) for r in records]
    return {
        "missing": sorted(set(wanted) - set(found)),
        "extra": sorted(set(found) - set(wanted)),
        "duplicate": sorted({pair for pair in found if found.count(pair) > 1}),
    }


def check_grid(records: Sequence[Mapping], grid: Iterable[tuple[Mapping, int]]) -> None:
    """Raise ``ValueError`` unless ``records`` hold each ``(config, seed)`` of ``grid`` once."""
    problems = {k: v for k, v in grid_problems(records, grid).items() if v}
    if problems:
        listing = "; ".join(f"{kind}: {pairs}" for kind, pairs in problems.items())
        raise ValueError(f"the records do not match the declared grid ({listing}); rerun the "
                         f"missing tasks and remove extra or duplicate files")


def summarise(records: Sequence[Mapping], *, metric: str = "test_ppl",
              by: str = "config_name") -> list[dict]:
    """Per configuration: ``n``, ``mean``, sample ``sd`` (``nan`` for one seed) and
    ``per_seed`` ``{seed: value}`` of ``selected[metric]``, in order of first appearance."""
    groups: dict[str, dict[int, float]] = {}
    for record in records:
        if metric not in record["selected"]:
            raise ValueError(f"metric={metric!r} is not a field of 'selected'; use one of "
                             f"{sorted(record['selected'])}")
        seeds = groups.setdefault(str(record[by]), {})
        if record["seed"] in seeds:
            raise ValueError(f"two records of {by}={record[by]!r} have seed {record['seed']}; "
                             f"run check_grid and remove the duplicate file")
        seeds[record["seed"]] = float(record["selected"][metric])
    rows = []
    for name, per_seed in groups.items():
        values = list(per_seed.values())
        mean = sum(values) / len(values)
        sd = (math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
              if len(values) > 1 else math.nan)
        rows.append({by: name, "n": len(values), "mean": mean, "sd": sd,
                     "per_seed": dict(sorted(per_seed.items()))})
    return rows
