"""Where a result came from: the commit and source that ran, the machine, the scheduler.

:func:`dlbook.studies.records.make_record` stamps every record with these values; the
loader in :mod:`dlbook.studies.records` checks them again when a record is read: the commit
must exist in this repository, the tree must have been clean, one folder must hold one code
version, and the source files a record names must be those of its commit
(:func:`source_at_commit`), read from git's history, so that a record stays checkable after
the package's files move. A committed record file must still be what git holds
(:func:`committed_state`): a changed digit is refused.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import platform
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

_PACKAGE = Path(__file__).resolve().parents[1]  # dlbook/, the folder above dlbook/studies/
_REPO_ROOT = _PACKAGE.parents[1]


class ProvenanceError(ValueError):
    """The code that runs cannot say which commit it is."""


#: What a repository's configuration could make git run, switched off for every git this
#: code runs: reading records must run no one's commands. A file system monitor and hooks
#: (``git status`` may write the index, which runs the post-index-change hook), a pager, and
#: any fetch (a partial clone fetches missing objects lazily, through ``core.sshCommand`` or
#: a remote helper). Filter drivers are emptied by :func:`_no_filters` where git reads the
#: working tree. System and global configuration still apply: ``safe.directory``, which
#: keeps git out of other users' repositories, is set there, and no repository writes them.
_SAFE_CONFIG = ("core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat",
                "protocol.allow=never")
#: No optional index lock (so no index write, no hook) and never a credential prompt.
_SAFE_ENV = {"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}


def _command(where: Path, *args: str) -> list[str]:
    """``git -C <where> ARGS`` with what could run a command switched off (:data:`_SAFE_CONFIG`)."""
    return ["git", "-C", str(where), *(f for c in _SAFE_CONFIG for f in ("-c", c)), *args]


def _git(where: Path, *args: str) -> str | None:
    """``git -C <where> ARGS``'s stdout, or ``None`` when git fails or is missing."""
    try:
        done = subprocess.run(_command(where, *args), env={**os.environ, **_SAFE_ENV},
                              capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _no_filters(where: Path) -> list[str]:
    """``-c`` switches that empty every filter driver the configuration of ``where`` names:
    its clean, smudge and process commands would run on files of the working tree."""
    names = _git(where, "config", "-z", "--name-only", "--get-regexp", r"^filter\.") or ""
    drivers = sorted({key.split(".", 1)[1].rpartition(".")[0] for key in names.split("\0")
                      if key.count(".") >= 2})
    return [flag for driver in drivers for key in ("clean=", "smudge=", "process=",
                                                   "required=false")
            for flag in ("-c", f"filter.{driver}.{key}")]


def _run_git(*args: str) -> str | None:
    """``git ARGS`` in the repository this code runs from."""
    return _git(_REPO_ROOT, *args)


def source_files(package: Path = _PACKAGE) -> dict[str, str]:
    """SHA-256 of each source file of the ``dlbook`` package imported so far in this process.

    Every module counts, whatever name it was imported under: ``dlbook.training``, and
    equally ``__main__`` when the run was started as ``python -m dlbook.studies`` (the
    command-line module itself). A dirty checkout makes the commit alone ambiguous; these digests
    say exactly which library source ran, and can be recomputed at any later commit.
    """
    files = {Path(m.__file__).resolve() for m in list(sys.modules.values())
             if isinstance(getattr(m, "__file__", None), str)}
    return {p.relative_to(package).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(files) if p.is_relative_to(package) and p.suffix == ".py"}


def source_fingerprint(files: Mapping[str, str]) -> str:
    """One SHA-256 over a ``{path: sha256}`` mapping, for comparing runs at a glance."""
    return hashlib.sha256(json.dumps(dict(sorted(files.items()))).encode()).hexdigest()


def _inside_checkout(folder: Path) -> str | None:
    """``folder`` relative to the checkout's root (``"."`` for the root), or ``None`` when
    it lies outside the checkout."""
    folder, root = Path(folder).resolve(), Path(_REPO_ROOT).resolve()
    return folder.relative_to(root).as_posix() if folder.is_relative_to(root) else None


def tracked_under(folder: Path) -> bool:
    """Whether git tracks any file in ``folder`` (``False`` when git cannot tell)."""
    inside = _inside_checkout(folder)
    return inside is not None and bool(_run_git("ls-files", "--", f":(literal){inside}"))


def git_provenance(*, output: Path | None = None) -> dict[str, Any]:
    """The commit of the checkout that runs, whether it is dirty, and the source fingerprint.

    ``output``, the run's own folder for records and logs, is left out of the dirty check
    when it lies inside the checkout: a study's first record must not make its second one
    dirty. The caller makes sure it holds no tracked file (:func:`tracked_under`), so that
    leaving it out can hide no change to the code. Any other untracked file still counts.

    Outside a git checkout (code copied to a cluster without ``.git``) set ``DLBOOK_COMMIT``
    to the commit that was copied; with neither, no record can be written.
    """
    commit = (_run_git("rev-parse", "HEAD") or os.environ.get("DLBOOK_COMMIT", "")).strip()
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise ProvenanceError(
            f"cannot tell which commit is running (got {commit!r}); run from a git checkout "
            f"or set DLBOOK_COMMIT to the 40-hex commit the code was copied from"
        )
    inside = _inside_checkout(output) if output is not None else None
    # -uall lists untracked files one by one, so that the exclusion applies to each of them.
    status = _run_git(*_no_filters(_REPO_ROOT), "status", "--porcelain", "-uall", "--", ".",
                      *([f":(exclude,literal){inside}"] if inside not in (None, ".") else []))
    files = source_files()
    return {"commit": commit, "dirty": bool(status.strip()) if status is not None else True,
            "source_sha256": source_fingerprint(files), "source_files": files}


@functools.cache
def history() -> Literal["full", "shallow", "none"]:
    """What git history this code can consult: a full clone, a shallow one, or none at all."""
    if _run_git("rev-parse", "--git-dir") is None:
        return "none"
    shallow = (_run_git("rev-parse", "--is-shallow-repository") or "").strip() == "true"
    return "shallow" if shallow else "full"


@functools.cache
def commit_exists(commit: str) -> bool | None:
    """Whether ``commit`` is a commit of this repository; ``None`` when git cannot tell
    (no checkout, or a shallow clone, where a missing commit may lie beyond the depth)."""
    if history() != "full":
        return None
    return _run_git("cat-file", "-e", f"{commit}^{{commit}}") is not None


@functools.cache
def source_at_commit(commit: str) -> dict[str, str] | None:
    """SHA-256 of each ``.py`` file of the ``dlbook`` package as it was at ``commit``, keyed
    as :func:`source_files` keys them: relative to the package's folder *at that commit*.

    A record written before a file moved names it by its old path; this reads the old path
    from git's history, so the record is checked against what really ran, not against the
    files on disk today. ``None`` when git cannot tell (no checkout, a shallow clone, or a
    commit it does not have).
    """
    if history() != "full" or not re.fullmatch(r"[0-9a-f]{40}", commit):
        return None
    listing = _run_git("ls-tree", "-r", "--full-tree", "--name-only", commit)
    if listing is None:
        return None
    paths = listing.splitlines()
    roots = [p[: -len("__init__.py")] for p in paths
             if p == "dlbook/__init__.py" or p.endswith("/dlbook/__init__.py")]
    if len(roots) != 1:
        return None
    wanted = [p for p in paths if p.startswith(roots[0]) and p.endswith(".py")]
    try:
        done = subprocess.run(_command(_REPO_ROOT, "cat-file", "--batch"),
                              input="".join(f"{commit}:{p}\n" for p in wanted).encode(),
                              env={**os.environ, **_SAFE_ENV}, capture_output=True,
                              timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    out, at, digests = done.stdout, 0, {}
    for path in wanted:  # each answer: "<sha> blob <size>\n<size bytes>\n"
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        body = out[header_end + 1: header_end + 1 + size]
        digests[path[len(roots[0]):]] = hashlib.sha256(body).hexdigest()
        at = header_end + 1 + size + 1
    return digests


def committed_state(paths: Sequence[Path]) -> dict[Path, str]:
    """Whether each record file is the one git's last commit holds: ``"same"``,
    ``"changed"`` (the commit has the file, with other content) or ``"unknown"`` (the commit
    does not have it: untracked, or added since; or no git checkout at all).

    Compared with the commit (HEAD), never with the index: an edit staged with ``git add``
    is still an edit until someone commits it. Records a collect has just replaced are
    "changed" until they are committed. Git only reads its object store here, never the
    working tree, so no filter, monitor or hook of the repository runs: the file's blob id
    is computed in Python, from its bytes as they are (records are never converted on
    commit: ``-text`` in ``.gitattributes``)."""
    state = {}
    for folder in sorted({Path(p).parent for p in paths}):
        names = [Path(p).name for p in paths if Path(p).parent == folder]
        literal = [f":(literal){name}" for name in names]  # names are data, not patterns
        listing = _git(folder, "ls-tree", "-z", "HEAD", "--", *literal) or ""
        hash_name = (_git(folder, "rev-parse", "--show-object-format") or "sha1").strip()
        committed = {}
        for entry in listing.split("\0"):  # "<mode> blob <id>\t<name relative to folder>"
            meta, _, name = entry.partition("\t")
            if meta.split()[1:2] == ["blob"]:
                committed[name] = meta.split()[2]
        for name in names:
            blob = _blob_id(folder / name, hash_name) if name in committed else None
            state[folder / name] = ("unknown" if name not in committed
                                    else "same" if blob == committed[name] else "changed")
    return state


def _blob_id(path: Path, hash_name: str) -> str | None:
    """The id git gives ``path``'s bytes as a blob (``None`` if it cannot be read)."""
    try:
        data = path.read_bytes()
        return hashlib.new(hash_name, b"blob %d\0" % len(data) + data).hexdigest()
    except (OSError, ValueError):
        return None


def scheduler_provenance(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Slurm's job and array task ids when running inside a Slurm job, else ``name='none'``."""
    job = environ.get("SLURM_ARRAY_JOB_ID") or environ.get("SLURM_JOB_ID")
    if not job:
        return {"name": "none", "job_id": None, "task_id": None}
    task = environ.get("SLURM_ARRAY_TASK_ID", "")
    if task and not task.isdigit():
        raise ProvenanceError(f"SLURM_ARRAY_TASK_ID must be a non-negative integer, got "
                              f"{task!r}; unset it outside a Slurm array")
    return {"name": "slurm", "job_id": str(job), "task_id": int(task) if task else None}


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def device_provenance(device: Any) -> dict[str, Any]:
    """Type, model, thread count and host of the torch ``device`` a run computed on, and on
    a CPU the instruction set PyTorch's kernels chose (``AVX512``, ``AVX2``...): two
    processors of one name can round differently, and a run repeats bit for bit only where
    the kernels match."""
    import torch

    if device.type == "cuda":
        return {"type": device.type, "model": torch.cuda.get_device_name(device),
                "threads": torch.get_num_threads(), "host": platform.node() or "unknown"}
    return {"type": device.type, "model": _cpu_model(), "threads": torch.get_num_threads(),
            "host": platform.node() or "unknown",
            "cpu_capability": torch.backends.cpu.get_cpu_capability()}


def library_versions() -> dict[str, str]:
    import numpy
    import torch

    import dlbook

    return {"python": platform.python_version(), "torch": torch.__version__,
            "numpy": numpy.__version__, "dlbook": dlbook.__version__}
