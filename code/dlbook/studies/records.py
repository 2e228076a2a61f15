"""Result records: one JSON file per training run, written by the code that ran.

A record holds everything needed to trust and reuse one run without rerunning it: the
experiment, its complete configuration and seed, the learning curves, the checkpoint chosen
on validation with its validation and test metrics, and the provenance
(:mod:`dlbook.studies.provenance`: commit, dirty flag, source fingerprint, versions, device,
wall time, scheduler ids).

The schema is stated once, as the pydantic models of :mod:`dlbook.studies.record_schema`
(re-exported here with :data:`SCHEMA`, the table Appendix C prints). :func:`load_records`
validates every file against the schema and its internal consistency, then the provenance of
the folder: the commit exists, the tree was clean, the source files are those of the commit,
and one folder holds one experiment, one code version and one data set. What a particular
study declares (its pinned data, its configuration labels) is checked by
:meth:`dlbook.studies.study.Study.check_records`; dependencies point one way, from the
studies to the records.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dlbook.studies import provenance
from dlbook.studies.provenance import (  # noqa: F401 - public names, importable from here as before
    ProvenanceError,
    device_provenance,
    git_provenance,
    library_versions,
    scheduler_provenance,
    source_files,
    source_fingerprint,
)
from dlbook.studies.record_schema import (  # noqa: F401 - public names, importable from here as before
    NAME_PATTERN,
    SCHEMA,
    SCHEMA_VERSION,
    Record,
    RecordError,
    validate_record,
)


def make_record(
    *, experiment: str, config_name: str, config: Mapping, seed: int, data: Mapping,
    parameters: int, curves: Mapping, wall_seconds: float, device: Any,
    selected: Mapping | None = None, scores: Mapping[str, float] | None = None,
    marks: Sequence[Mapping] | None = None, sample: Mapping | None = None,
    output: Path | None = None,
) -> dict:
    """Assemble a validated record of a run that just finished, adding its provenance
    (commit, source fingerprint, versions, device, scheduler ids, time of writing);
    ``output``, the folder the record goes to, is no part of the dirty check
    (:func:`dlbook.studies.provenance.git_provenance`).

    A language model's record has ``selected`` (the checkpoint chosen on validation); a task
    record, whose final model is scored once, has ``scores`` instead. A run under a
    wall-clock budget adds its ``marks``; a run that generated text, its ``sample``."""
    outcome = {"selected": dict(selected)} if selected is not None else {}
    if scores is not None:
        outcome["scores"] = {name: float(value) for name, value in scores.items()}
    if marks is not None:
        outcome["marks"] = [dict(mark) for mark in marks]
    if sample is not None:
        outcome["sample"] = dict(sample)
    record = {
        "schema_version": SCHEMA_VERSION, "experiment": experiment, "config_name": config_name,
        "config": dict(config), "seed": seed, "data": dict(data), "parameters": parameters,
        "curves": dict(curves), **outcome, "wall_seconds": wall_seconds,
        "device": device_provenance(device), "versions": library_versions(),
        "git": git_provenance(output=output), "scheduler": scheduler_provenance(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    return validate_record(record, source=f"the new record of {experiment}/{config_name}")


def record_filename(record: Mapping) -> str:
    """``<experiment>__<config_name>__seed<seed>.json``: distinct records, distinct names.

    Names are refused rather than rewritten (see :data:`NAME_PATTERN`), so that no two
    records can ever map to one file."""
    for field in ("experiment", "config_name"):
        if not isinstance(record[field], str) or not re.fullmatch(NAME_PATTERN, record[field]):
            raise RecordError(f"field '{field}' is {record[field]!r}; use letters, digits, '.', "
                              f"'=', '-' and single inner '_' so that file names stay distinct")
    return f"{record['experiment']}__{record['config_name']}__seed{record['seed']}.json"


def write_record(record: Mapping, directory: str | Path, *, force: bool = False) -> Path:
    """Validate ``record`` and write it to ``directory`` (atomically: a crash mid-write leaves
    no half-written record). A file there from another configuration is refused unless
    ``force``. Returns the file's path."""
    validate_record(record, source="the record being written")
    path = Path(directory) / record_filename(record)
    if not force:
        check_overwrite(path, record["config"])
    partial = path.with_suffix(f".partial-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise RecordError(f"cannot write the record to {path} ({error.strerror or error}); "
                          f"free the disk or fix the folder's permissions, then rerun") from None
    return path


def check_overwrite(path: Path, config: Mapping) -> None:
    """Refuse to replace the record at ``path`` unless it was made with ``config``."""
    if not path.exists():
        return
    try:
        old = json.loads(path.read_text(encoding="utf-8"))["config"]
    except (ValueError, KeyError, TypeError):
        raise RecordError(f"{path} exists and is not a readable record; move it away, or pass "
                          f"--force to replace it") from None
    differ = {k: (old.get(k), config.get(k)) for k in sorted({*old, *config})
              if old.get(k) != config.get(k)}
    if differ:
        listing = ", ".join(f"{k}: {a!r} -> {b!r}" for k, (a, b) in differ.items())
        raise RecordError(f"{path} holds a record made with another configuration ({listing}); "
                          f"write into another --out, or pass --force to replace it")


def load_record(path: str | Path) -> dict:
    """Read and validate one record file, whose name must be :func:`record_filename`'s."""
    path = Path(path)
    restore = f"restore it with `git checkout -- {path}` or rerun its task"
    try:
        record = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: byte {error.start} is not UTF-8, so the file was corrupted; "
                          f"{restore}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not valid JSON ({error}); {restore}") from None
    record = validate_record(record, source=str(path))
    if path.name != record_filename(record):  # another run's name: a swapped or mislaid file
        raise RecordError(f"{path}: its fields make it {record_filename(record)}; a record file "
                          f"is named after its run: rename it (git mv) or {restore}")
    return record


def load_record_files(directory: str | Path, *, experiment: str | None = None,
                      allow_dirty: bool = False) -> list[tuple[Path, dict]]:
    """``(path, record)`` of every ``*.json`` directly in ``directory``, each validated, the
    folder's provenance checked (:func:`check_provenance`), sorted by (config, seed)."""
    directory = Path(directory)
    found = [(p, load_record(p)) for p in sorted(directory.glob("*.json"))] \
        if directory.is_dir() else []
    check_provenance(found, experiment=experiment, allow_dirty=allow_dirty)
    return sorted(found, key=lambda pair: (config_key(pair[1]["config"]), pair[1]["seed"]))


def load_records(directory: str | Path, *, experiment: str | None = None,
                 allow_dirty: bool = False) -> list[dict]:
    """Every record directly in ``directory``, validated, sorted by (config, seed).

    A missing or empty directory gives an empty list (no study has run yet). Besides each
    file's schema, the folder must hold one experiment (``experiment`` when given), one code
    version, one data set, and records whose commit exists and whose tree was clean:
    ``allow_dirty=True`` admits dirty records, for inspecting a local run, never for a
    committed study.
    """
    return [r for _, r in load_record_files(directory, experiment=experiment,
                                            allow_dirty=allow_dirty)]


def _same(found: Sequence[tuple[Path, dict]], field: str, value, fix: str) -> None:
    first_path, first = found[0]
    for path, record in found[1:]:
        if value(record) != value(first):
            raise RecordError(f"{path.parent}: field '{field}' is {value(record)!r:.90} in "
                              f"{path.name} but {value(first)!r:.90} in {first_path.name}; {fix}")


def check_provenance(found: Sequence[tuple[Path, dict]], *, experiment: str | None = None,
                     allow_dirty: bool = False) -> None:
    """Check what one record cannot show alone: its commit against this repository, its dirty
    flag, its source files against the commit's, and the folder's agreement on experiment,
    code and data.

    The commit is checked only where git can answer: in a checkout with its full history
    (CI's clone). Without git, or in a shallow clone, where an older commit may simply lie
    beyond the fetched depth, that one check is skipped (:func:`provenance.commit_exists`).
    A record file git's last commit holds must have that content (staged or not); one it
    does not hold (an array's ``--out``, a copy in a temporary folder, a record not yet
    committed) cannot be compared (:func:`provenance.committed_state`).
    """
    for path, record in found:
        if experiment is not None and record["experiment"] != experiment:
            raise RecordError(f"{path.parent}: field 'experiment' is {record['experiment']!r} "
                              f"in {path.name}, expected {experiment!r}")
        if record["git"]["dirty"] and not allow_dirty:
            raise RecordError(f"{path}: field 'git.dirty' is true: the code that ran is not "
                              f"commit {record['git']['commit'][:12]}; commit, rerun the task "
                              f"from the clean checkout, and collect again")
        commit = record["git"]["commit"]
        if provenance.commit_exists(commit) is False:
            raise RecordError(f"{path}: field 'git.commit' {commit} is not a commit of this "
                              f"repository; fetch it (git fetch) or restore the file from git")
    if not found:
        return
    _same(found, "experiment", lambda r: r["experiment"], "a folder holds one study")
    for field in ("commit", "source_sha256"):
        _same(found, f"git.{field}", lambda r, f=field: r["git"][f],
              "a study's records must all run one code version: rerun it from one commit")
    _same(found, "data", lambda r: (r["data"]["name"], r["data"]["sha256"]),
          "a study's records must all train on one data set")
    _check_source_history(found[0])
    changed = [p for p, s in provenance.committed_state([p for p, _ in found]).items()
               if s == "changed"]
    if changed:  # a digit changed by hand fits every bound: only git knows the number it had
        raise RecordError(f"{changed[0]}: its content differs from the version git's last "
                          f"commit holds (`git diff HEAD -- {changed[0]}` shows how; "
                          f"{len(changed)} such files): restore it with `git checkout HEAD -- "
                          f"{changed[0]}`, or commit it if a collect has just replaced it")


def _check_source_history(first: tuple[Path, dict]) -> None:
    """The files a clean record names must have, at its commit, the digests it recorded.

    Read from git's history (:func:`provenance.source_at_commit`), so a record keeps
    checking after the package's files move; skipped where git cannot tell (no history) and
    for a dirty record, whose source is by definition not the commit's."""
    path, record = first
    git = record["git"]
    at_commit = None if git["dirty"] else provenance.source_at_commit(git["commit"])
    if at_commit is None:
        return
    wrong = sorted(name for name, digest in git["source_files"].items()
                   if at_commit.get(name) != digest)
    if wrong:
        raise RecordError(f"{path}: field 'git.source_files' gives {', '.join(wrong[:3])} "
                          f"digests that commit {git['commit'][:12]} does not have: the record "
                          f"does not describe the code that ran; restore it from git or rerun")


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
    ``per_seed`` ``{seed: value}`` of ``selected[metric]`` (language models) or
    ``scores[metric]`` (task records), in order of first appearance."""
    groups: dict[str, dict[int, float]] = {}
    for record in records:
        where = "selected" if record.get("selected") is not None else "scores"
        if metric not in record[where]:
            raise ValueError(f"metric={metric!r} is not a field of {where!r}; use one of "
                             f"{sorted(record[where])}")
        seeds = groups.setdefault(str(record[by]), {})
        if record["seed"] in seeds:
            raise ValueError(f"two records of {by}={record[by]!r} have seed {record['seed']}; "
                             f"run check_grid and remove the duplicate file")
        seeds[record["seed"]] = float(record[where][metric])
    rows = []
    for name, per_seed in groups.items():
        values = list(per_seed.values())
        mean = sum(values) / len(values)
        sd = (math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
              if len(values) > 1 else math.nan)
        rows.append({by: name, "n": len(values), "mean": mean, "sd": sd,
                     "per_seed": dict(sorted(per_seed.items()))})
    return rows
