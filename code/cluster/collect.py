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
the folder above the destination (a group's study folder), the destination, and every
group inside it. A backup that no journal names is put back if its folder is missing,
otherwise refused, never deleted. Run one collect at a time per destination.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
from pathlib import Path

from dlbook.studies import records
from dlbook.studies.experiments import get_study, study_files

ROOT = Path(__file__).resolve().parents[2]
#: In the staging folder, so in the destination after the second rename: the journal's token.
TOKEN = ".collect-token"
#: What a collect of folder NAME leaves beside it while it runs.
LEFTOVER = re.compile(r"\.(?P<name>.+)\.(?P<kind>staged-[a-z0-9_]+|old-\d+(?:-[0-9a-f]+)?"
                      r"|collect-journal(?:\.tmp-\d+)?)")


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


def recover(destination: str | Path) -> None:
    """Settle every interrupted collect that concerns ``destination``, before anything else:
    the one of the folder above it (a group's study folder), its own, then its groups'."""
    destination = Path(os.path.abspath(destination))
    _settle(destination.parent)
    _settle(destination)
    for name in _leftovers(destination):
        _settle(destination / name)


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


def _refuse_another_study(folder: Path, study: str) -> None:
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            other = json.loads(path.read_bytes()).get("experiment")
        except (ValueError, AttributeError):
            continue  # not a record, so not another study's: --replace may replace it
        if other is not None and other != study:
            raise ValueError(f"{folder} holds records of study {other!r} ({path.name}); "
                             f"collect --study {study} never replaces or joins another "
                             f"study's records: check --to and --group")


def collect(study: str, source: str | Path, destination: str | Path, *,
            replace: bool = False, require_scheduler: bool = True,
            allow_dirty: bool = False) -> list[Path]:
    """Check the records in ``source`` and copy them to ``destination``; return the copies."""
    source, destination = Path(source), Path(os.path.abspath(destination))
    if source.resolve() == destination.resolve():
        raise ValueError(f"--from and --to are the same folder ({source}); collect copies an "
                         f"array's --out into data/runs, never onto itself")
    if destination.exists() and not destination.is_dir():
        raise ValueError(f"--to {destination} is a file, not a folder")
    recover(destination)
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
            elif entry.is_file() and entry.suffix != ".json" and entry.name != TOKEN:
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
    args = parser.parse_args(argv)
    if args.to is not None and args.group is not None:
        parser.error("pass --to or --group, not both: --to names the whole destination")
    destination = Path(args.to) if args.to else ROOT / "data" / "runs" / args.study
    try:
        if args.group is not None:
            destination = destination / check_group(args.group)
        copies = collect(args.study, args.source, destination, replace=args.replace,
                         require_scheduler=not args.allow_unscheduled,
                         allow_dirty=args.allow_dirty)
    except (ValueError, OSError) as error:
        print(f"collect: {error}", file=sys.stderr)
        return 1
    print(f"{len(copies)} records of {args.study} copied to {destination}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
