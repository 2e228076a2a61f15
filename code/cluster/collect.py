"""Validate a finished study's records and copy them into ``data/runs/<study>/``.

    python code/cluster/collect.py --study charlm-width --from runs/charlm-width

Refuses (exit status 1, with the reason) unless: every file is a valid record of the study;
the records are exactly the study's grid (nothing missing, extra or duplicated); every
record came from a Slurm array task; all records ran the same commit and the same dlbook
source. Then copies them to ``--to`` (default ``data/runs/<study>``, or
``data/runs/<study>/<group>`` with ``--group``, e.g. ``--group cuda-h100`` for a second
device), which must be empty unless ``--replace``. Commit the copied files with git.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from dlbook import records
from dlbook.experiments import get_study

ROOT = Path(__file__).resolve().parents[2]


def collect(study: str, source: str | Path, destination: str | Path, *,
            replace: bool = False, require_scheduler: bool = True) -> list[Path]:
    """Check the records in ``source`` and copy them to ``destination``; return the copies."""
    source = Path(source)
    found = records.load_records(source, experiment=study)
    if not found:
        raise ValueError(f"no records in {source}; did the array run? see {source}/logs/")
    records.check_grid(found, get_study(study).grid())
    if require_scheduler:
        stray = [records.record_filename(r) for r in found if r["scheduler"]["name"] != "slurm"
                 or r["scheduler"]["job_id"] is None or r["scheduler"]["task_id"] is None]
        if stray:
            raise ValueError(f"records not written by a Slurm array task: {stray}; "
                             f"submit with code/cluster/submit.py")
    versions = {(r["git"]["commit"], r["git"]["source_sha256"]) for r in found}
    if len(versions) != 1:
        raise ValueError(f"the records ran {len(versions)} different code versions {versions}; "
                         f"rerun the study from one commit")
    destination = Path(destination)
    existing = sorted(destination.glob("*.json")) if destination.is_dir() else []
    if existing and not replace:
        raise ValueError(f"{destination} already holds {len(existing)} records; pass --replace "
                         f"to swap them for these")
    for path in existing:
        path.unlink()
    destination.mkdir(parents=True, exist_ok=True)
    copies = []
    for record in found:
        name = records.record_filename(record)
        shutil.copyfile(source / name, destination / name)
        copies.append(destination / name)
    records.check_grid(records.load_records(destination, experiment=study),
                       get_study(study).grid())
    return copies


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
    args = parser.parse_args(argv)
    destination = Path(args.to) if args.to else ROOT / "data" / "runs" / args.study
    if args.group and not args.to:
        destination = destination / args.group
    try:
        copies = collect(args.study, args.source, destination, replace=args.replace,
                         require_scheduler=not args.allow_unscheduled)
    except ValueError as error:
        print(f"collect: {error}", file=sys.stderr)
        return 1
    print(f"{len(copies)} records of {args.study} copied to {destination}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
