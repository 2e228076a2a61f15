"""Validate a finished study's records and copy them into ``data/runs/<study>/``.

    python code/cluster/collect.py --study charlm-width --from runs/charlm-width

Refuses (exit status 1, with the reason) unless: every file is a valid record of the study
(:func:`dlbook.studies.experiments.study_files`: schema, existing commit, clean tree, source
files of that commit, one code version, the study's data and labels); the records are
exactly the study's grid (nothing missing, extra or duplicated); and every record came from
a Slurm array task. Then copies them to ``--to`` (default ``data/runs/<study>``, or
``data/runs/<study>/<group>`` with ``--group``, e.g. ``--group cuda-h100`` for a second
device; a group is one folder name, spelt like a study's), which must hold no records unless
``--replace``, and never records of another study. Commit the copied files with git.

All or nothing: nothing is written before every check has passed; the records are copied
from their real paths into a staging folder beside the destination, checked again there,
and the destination is then replaced by two renames, to a backup and from the staging
folder. A top-level collect carries the study folder's device groups (its subfolders) across.

Nothing is lost wherever a collect is killed. Before the first rename, a journal beside the
destination (``.<name>.collect-journal``, written atomically) names the backup and the
staging folder, and the staging folder holds a token that proves the second rename
happened once it sits in the destination. Every collect first settles what an interrupted
one left (:func:`recover`): from the journal, it puts the backup back if the new folder
never arrived, and deletes the backup only when the token proves that it did. It settles
a group's study folder (the folder above it, named after the study), the destination, and
every group inside it. A backup that no journal names is put back if its folder is missing,
otherwise refused, never deleted.

Two collects of one study never overlap. Every collect of a study folder, or of a group in
it, holds that folder's lock (``.<name>.collect-lock`` beside it, :func:`study_lock`) from
before its recovery to its last rename, so what recovery finds was left by a collect that
has ended, never by one still at work. A second collect waits for the lock (``--lock-wait``
seconds, default 300), then refuses, naming the collect that holds it. The lock dies with
its process, so a killed collect leaves none behind; the file itself stays (deleting it
could let two collects hold two locks) and is ignored by git and by recovery.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import math
import os
import re
import secrets
import shutil
import socket
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from dlbook.studies import records
from dlbook.studies.experiments import get_study, study_files

ROOT = Path(__file__).resolve().parents[2]
#: In the staging folder, so in the destination after the second rename: the journal's token.
TOKEN = ".collect-token"
#: What a collect of folder NAME leaves beside it while it runs.
LEFTOVER = re.compile(r"\.(?P<name>.+)\.(?P<kind>staged-[a-z0-9_]+|old-\d+(?:-[0-9a-f]+)?"
                      r"|collect-journal(?:\.tmp-\d+)?)")
#: Beside study folder NAME, ``.NAME.collect-lock``: the lock its collects hold (never a
#: leftover, never deleted, never copied).
LOCK = ".collect-lock"
#: Seconds between two tries at a lock another collect holds.
LOCK_POLL = 0.05


def _leftovers(folder: Path) -> dict[str, list[tuple[Path, str]]]:
    """``{name: [(path, kind)]}``: what collects of ``folder``'s entries left in it."""
    found: dict[str, list[tuple[Path, str]]] = {}
    for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
        if match := LEFTOVER.fullmatch(entry.name):
            found.setdefault(match["name"], []).append((entry, match["kind"]))
    return found


def _journal(destination: Path) -> Path:
    return destination.with_name(f".{destination.name}.collect-journal")


def _is_leftover(name, kind: str, destination: Path) -> bool:
    match = LEFTOVER.fullmatch(name) if isinstance(name, str) else None
    return bool(match) and match["name"] == destination.name and match["kind"].startswith(kind)


def _replay(destination: Path, journal: Path) -> None:
    """Finish the journal's swap if its token is in ``destination``, else undo it."""
    try:
        entry = json.loads(journal.read_text())
        staging, backup, token = entry["staging"], entry["backup"], entry["token"]
        if not (_is_leftover(staging, "staged-", destination)
                and (backup is None or _is_leftover(backup, "old-", destination))):
            raise ValueError("it names no staging folder and backup of this folder")
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{journal} cannot be read ({error}); settle {destination} and its "
                         f"backups by hand, then delete the journal") from None
    parent, proof = destination.parent, destination / TOKEN
    if proof.is_file() and proof.read_text() == token:  # the second rename happened
        if backup and (parent / backup).exists():
            shutil.rmtree(parent / backup)  # the swap finished: the only backup we delete
        proof.unlink()
    else:
        if backup and (parent / backup).exists():
            if destination.exists():
                raise ValueError(f"{destination} is not the folder the interrupted collect put "
                                 f"in place, and the records it was replacing wait in "
                                 f"{parent / backup}; keep one of the two by hand (mv), then "
                                 f"delete {journal}")
            os.rename(parent / backup, destination)  # cut between the renames: put it back
        if (parent / staging).exists():
            shutil.rmtree(parent / staging)  # a copy of --from, never the only records
    journal.unlink()


def _settle(destination: Path) -> None:
    """Finish or undo an interrupted collect of ``destination`` (see the module docstring)."""
    if not destination.name:
        return  # the file system's root: nothing collects it
    if _journal(destination).is_file():
        _replay(destination, _journal(destination))
    left = _leftovers(destination.parent).get(destination.name, [])
    for path, kind in left:  # a collect killed before its journal: copies, never records
        if kind.startswith("staged-") and path.is_dir():
            shutil.rmtree(path)
        elif ".tmp-" in kind and path.is_file():
            path.unlink()
    backups = [path for path, kind in left if kind.startswith("old-")]
    if len(backups) == 1 and not destination.exists():
        os.rename(backups[0], destination)  # an older collect's, cut between its renames
    elif backups:
        raise ValueError(f"{', '.join(p.name for p in backups)} beside {destination}: backups "
                         f"that no journal accounts for, which collect never deletes; compare "
                         f"them with {destination.name}, keep one by hand (mv), delete the "
                         f"others, and rerun collect")


def study_folder(study: str, destination: str | Path) -> Path:
    """The study folder a collect of ``destination`` works in, whose lock it takes: the folder
    above it when that is named after ``study`` (``destination`` is a device group), else
    ``destination`` itself."""
    destination = Path(os.path.abspath(destination))
    return destination.parent if destination.parent.name == study else destination


def recover(destination: str | Path, folder: str | Path | None = None) -> None:
    """Settle every interrupted collect that concerns ``destination``, before anything else:
    the one of its study ``folder`` (default: the folder above it) if that is not
    ``destination`` itself, its own, then its groups'. It touches nothing but ``folder``,
    what lies in it and what beside it bears its name: what ``folder``'s lock covers."""
    destination = Path(os.path.abspath(destination))
    folder = Path(os.path.abspath(folder)) if folder is not None else destination.parent
    if folder != destination:
        _settle(folder)
    _settle(destination)
    for name in _leftovers(destination):
        _settle(destination / name)


def _holder(path: Path) -> str:
    try:
        held = json.loads(path.read_text())
        return (f"pid {held['pid']} on {held['host']}, collecting into {held['destination']} "
                f"since {held['since']}")
    except (OSError, ValueError, KeyError, TypeError):
        return "a collect that has not said who it is yet"


@contextlib.contextmanager
def study_lock(folder: Path, study: str, destination: Path, *, wait: float) -> Iterator[None]:
    """Hold ``folder``'s lock (``fcntl.flock`` on ``.<name>.collect-lock`` beside it) for the
    body; wait up to ``wait`` seconds for another collect to release it, then raise
    ``ValueError`` naming the study and the collect that holds it."""
    if not (isinstance(wait, int | float) and math.isfinite(wait) and wait >= 0):
        raise ValueError(f"the lock's wait must be a number of seconds >= 0, got {wait!r}")
    folder.parent.mkdir(parents=True, exist_ok=True)
    path = folder.with_name(f".{folder.name}{LOCK}")
    with open(path, "a+", encoding="utf-8") as handle:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise ValueError(
                        f"another collect of study {study!r} ({_holder(path)}) still holds "
                        f"{path} after {wait:g} s; let it finish and rerun, or pass a longer "
                        f"--lock-wait (the lock ends with its process: no file to delete)"
                    ) from None
                time.sleep(LOCK_POLL)
        handle.truncate(0)  # who holds it, for the message of a collect that has to wait
        handle.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                                 "destination": str(destination),
                                 "since": datetime.now(UTC).isoformat(timespec="seconds")}))
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)
            handle.flush()  # closing the file releases the lock


def _write_atomically(path: Path, text: str) -> None:
    partial = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    partial.write_text(text)
    os.replace(partial, path)  # a reader sees no journal or the whole of it


def _swap(staging: Path, destination: Path) -> None:
    """Replace ``destination`` by ``staging``, journalled so that a kill loses nothing."""
    token = secrets.token_hex(8)
    (staging / TOKEN).write_text(token)
    backup = f".{destination.name}.old-{os.getpid()}-{token}" if destination.exists() else None
    _write_atomically(_journal(destination), json.dumps(
        {"destination": destination.name, "staging": staging.name, "backup": backup,
         "token": token, "pid": os.getpid()}))
    try:
        if backup:
            os.rename(destination, destination.with_name(backup))
        os.rename(staging, destination)  # until this rename the old folder waits in `backup`
    finally:
        _replay(destination, _journal(destination))  # finish, or undo after an error


def check_before_the_lock(study: str, destination: Path) -> None:
    """The refusals a collect makes before it writes a lock file. They only read, while
    another collect may be renaming these folders, so each looks once (one ``stat``, one
    read) and a file that moves away is passed over: ``_collect`` checks again under the
    lock."""
    _refuse_a_file(destination)
    for folder in (destination.parent, destination):
        _refuse_another_study(folder, study)


def _refuse_a_file(destination: Path) -> None:
    """Refuse a ``destination`` that is a file. One ``stat``: ``exists()`` then ``is_dir()``
    would call a folder that another collect renames between the two calls a file."""
    try:
        mode = os.stat(destination).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(mode):
        raise ValueError(f"--to {destination} is a file, not a folder")


def _refuse_another_study(folder: Path, study: str) -> None:
    try:
        found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except FileNotFoundError:
        return  # renamed by a collect that holds the lock; checked again under it
    for path in found:
        try:
            other = json.loads(path.read_bytes()).get("experiment")
        except FileNotFoundError:
            continue  # moved by a collect that holds the lock; checked again under it
        except (ValueError, AttributeError):
            continue  # not a record, so not another study's: --replace may replace it
        if other is not None and other != study:
            raise ValueError(f"{folder} holds records of study {other!r} ({path.name}); "
                             f"collect --study {study} never replaces or joins another "
                             f"study's records: check --to and --group")


def collect(study: str, source: str | Path, destination: str | Path, *,
            replace: bool = False, require_scheduler: bool = True,
            allow_dirty: bool = False, lock_wait: float = 300.0) -> list[Path]:
    """Check the records in ``source`` and copy them to ``destination``; return the copies.

    All of it, recovery first, under the lock of the study folder (:func:`study_lock`)."""
    get_study(study)  # refuses a name that is no study's before anything touches the disk
    source, destination = Path(source), Path(os.path.abspath(destination))
    if source.resolve() == destination.resolve():
        raise ValueError(f"--from and --to are the same folder ({source}); collect copies an "
                         f"array's --out into data/runs, never onto itself")
    check_before_the_lock(study, destination)
    folder = study_folder(study, destination)
    with study_lock(folder, study, destination, wait=lock_wait):
        recover(destination, folder)
        return _collect(study, source, destination, replace=replace, allow_dirty=allow_dirty,
                        require_scheduler=require_scheduler)


def _collect(study: str, source: Path, destination: Path, *, replace: bool,
             require_scheduler: bool, allow_dirty: bool) -> list[Path]:
    found = study_files(study, source, allow_dirty=allow_dirty)
    if not found:
        raise ValueError(f"no records in {source}; did the array run? see {source}/logs/")
    grid = get_study(study).grid()
    records.check_grid([r for _, r in found], grid)
    if require_scheduler:
        stray = [p.name for p, r in found if r["scheduler"]["name"] != "slurm"
                 or r["scheduler"]["job_id"] is None or r["scheduler"]["task_id"] is None]
        if stray:
            raise ValueError(f"records not written by a Slurm array task: {stray}; "
                             f"submit with code/cluster/submit.py")
    _refuse_a_file(destination)
    for folder in (destination.parent, destination):  # a group's study folder, and its own
        _refuse_another_study(folder, study)
    existing = sorted(destination.glob("*.json")) if destination.is_dir() else []
    if existing and not replace:
        raise ValueError(f"{destination} already holds {len(existing)} records; pass --replace "
                         f"to swap them for these")
    destination.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.staged-",
                                    dir=destination.parent))
    try:
        for entry in sorted(destination.iterdir()) if destination.is_dir() else []:
            if entry.is_dir():
                shutil.copytree(entry, staging / entry.name, symlinks=True)  # device groups
            elif (entry.is_file() and entry.suffix != ".json" and entry.name != TOKEN
                  and not entry.name.endswith(LOCK)):
                shutil.copyfile(entry, staging / entry.name)
        for path, record in found:
            shutil.copyfile(path, staging / records.record_filename(record))
        records.check_grid([r for _, r in study_files(study, staging,
                                                      allow_dirty=allow_dirty)], grid)
        _swap(staging, destination)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)  # gone already if the swap happened
        raise
    return [destination / records.record_filename(r) for _, r in found]


def check_group(group: str) -> str:
    """``group``, if it is one plain folder name spelt like a study's; else a ValueError."""
    if not re.fullmatch(records.NAME_PATTERN, group) or group.startswith(".") or ".." in group:
        raise ValueError(f"--group {group!r} must be one folder name spelt like a study's "
                         f"(letters, digits, '.', '=', '-', single inner '_'; no '/', no "
                         f"leading '.', no '..'), e.g. --group cuda-h100")
    return group


def _refused(error: OSError) -> str:
    """What the file system refused, and why, in words (``copytree`` gathers its failures
    into one ``shutil.Error``: a list of (source, destination, reason))."""
    if isinstance(error, shutil.Error) and error.args and isinstance(error.args[0], list):
        _, where, why = error.args[0][0]
        reason = re.sub(r"^\[Errno \d+\] ([^:]*).*$", r"\1", str(why))
        more = f", and {len(error.args[0]) - 1} more" if len(error.args[0]) > 1 else ""
        return f"{where} ({reason}{more})"
    where = " -> ".join(str(f) for f in (error.filename, error.filename2) if f is not None)
    return f"{where or 'an operation'} ({error.strerror or error})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--study", required=True)
    parser.add_argument("--from", dest="source", required=True, help="the array's --out")
    parser.add_argument("--to", default=None, help="default: data/runs/<study>[/<group>]")
    parser.add_argument("--group", default=None, help="a device group, e.g. cuda-h100")
    parser.add_argument("--replace", action="store_true")
    parser.add_argument("--allow-unscheduled", action="store_true",
                        help="accept records run outside Slurm (for local testing only)")
    parser.add_argument("--allow-dirty", action="store_true",
                        help="accept records run from a dirty tree (for local testing only)")
    parser.add_argument("--lock-wait", type=float, default=300.0, metavar="SECONDS",
                        help="how long to wait for another collect of the study (default 300)")
    args = parser.parse_args(argv)
    if args.to is not None and args.group is not None:
        parser.error("pass --to or --group, not both: --to names the whole destination")
    if not (math.isfinite(args.lock_wait) and args.lock_wait >= 0):
        parser.error(f"--lock-wait must be a number of seconds >= 0, got {args.lock_wait}")
    destination = Path(args.to) if args.to else ROOT / "data" / "runs" / args.study
    try:
        get_study(args.study)  # a name that is no study's never reaches the disk
        if args.group is not None:
            destination = destination / check_group(args.group)
        copies = collect(args.study, args.source, destination, replace=args.replace,
                         require_scheduler=not args.allow_unscheduled,
                         allow_dirty=args.allow_dirty, lock_wait=args.lock_wait)
    except ValueError as error:
        print(f"collect: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"collect: the file system refused {_refused(error)} while collecting "
              f"{args.study} into {destination}; fix that and rerun the same collect: it "
              f"first settles whatever this one left", file=sys.stderr)
        return 1
    print(f"{len(copies)} records of {args.study} copied to {destination}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
