"""Validate a finished study's records and copy them into ``data/runs/<study>/``.

    python code/cluster/collect.py --study charlm-width --from runs/charlm-width

Refuses (exit status 1, with the reason) unless: every file is a valid record of the study
(:func:`dlbook.studies.experiments.study_files`: schema, existing commit, clean tree, source
files of that commit, one code version, the study's data and labels); the records are
exactly the study's grid (nothing missing, extra or duplicated); and every record came from
a Slurm array task. Then copies them to ``--to`` (default ``data/runs/<study>``, or
``data/runs/<study>/<group>`` with ``--group``, e.g. ``--group cuda-h100`` for a second
device), which must hold no records unless ``--replace``.
Commit the copied files with git.

All or nothing: nothing is written before every check has passed; the records are copied
from their real paths into a staging folder beside the destination, checked again there,
and the destination is then replaced by renames. A collect killed while copying leaves the
destination as it was; one killed between the two renames is undone by the next collect.
Run one collect at a time per destination.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from dlbook.studies import records
from dlbook.studies.experiments import get_study, study_files

ROOT = Path(__file__).resolve().parents[2]


def recover(destination: Path) -> None:
    """Finish or undo what an interrupted collect left beside ``destination``."""
    if not destination.parent.is_dir():
        return
    for backup in sorted(destination.parent.glob(f".{destination.name}.old-*")):
        if destination.exists():
            shutil.rmtree(backup)  # the swap had finished; only the clean-up was cut short
        else:
            os.rename(backup, destination)  # cut between the two renames: put the old back
    for staged in destination.parent.glob(f".{destination.name}.staged-*"):
        shutil.rmtree(staged)  # an unfinished copy, never the real records


def _swap(staging: Path, destination: Path) -> None:
    if not destination.exists():
        os.rename(staging, destination)
        return
    backup = destination.with_name(f".{destination.name}.old-{os.getpid()}")
    os.rename(destination, backup)
    os.rename(staging, destination)  # until this rename the old folder waits in `backup`
    shutil.rmtree(backup)


def collect(study: str, source: str | Path, destination: str | Path, *,
            replace: bool = False, require_scheduler: bool = True,
            allow_dirty: bool = False) -> list[Path]:
    """Check the records in ``source`` and copy them to ``destination``; return the copies."""
    source, destination = Path(source), Path(destination)
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
    existing = sorted(destination.glob("*.json")) if destination.is_dir() else []
    if existing and not replace:
        raise ValueError(f"{destination} already holds {len(existing)} records; pass --replace "
                         f"to swap them for these")
    destination.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.staged-",
                                    dir=destination.parent))
    try:
        for entry in sorted(destination.iterdir()) if destination.is_dir() else []:
            if entry.is_dir() and ".staged-" not in entry.name and ".old-" not in entry.name:
                shutil.copytree(entry, staging / entry.name, symlinks=True)  # device groups
            elif entry.is_file() and entry.suffix != ".json":
                shutil.copyfile(entry, staging / entry.name)
        for path, record in found:
            shutil.copyfile(path, staging / records.record_filename(record))
        records.check_grid([r for _, r in study_files(study, staging,
                                                      allow_dirty=allow_dirty)], grid)
        _swap(staging, destination)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [destination / records.record_filename(r) for _, r in found]


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
    destination = Path(args.to) if args.to else ROOT / "data" / "runs" / args.study
    if args.group and not args.to:
        destination = destination / args.group
    try:
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
