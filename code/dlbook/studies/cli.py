"""The studies' command line: list them, run one task, check a folder of records.

    python -m dlbook.studies list
    python -m dlbook.studies tasks --study memory-test
    python -m dlbook.studies run --study charlm-width --task-id 4 --out "$SCRATCH/runs/width"
    python -m dlbook.studies check --study charlm-width data/runs/charlm-width

``run`` is what each Slurm array task executes (``code/cluster/array.sbatch``); its task id
defaults to ``$SLURM_ARRAY_TASK_ID`` and its thread count to ``$SLURM_CPUS_PER_TASK`` or 1.
It refuses before training what would fail after it: an override the run does not read,
an ``--out`` it cannot write. Give ``--out`` a folder outside the checkout: one inside is
left out of the record's dirty check, but any other untracked file there makes it dirty.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import torch

from dlbook.studies import provenance
from dlbook.studies.experiments import STUDIES, get_study, load_study, run_task

PROG = "python -m dlbook.studies"


def _parse_override(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--set takes KEY=JSON, got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        raise argparse.ArgumentTypeError(f"--set {text!r}: the value must be JSON, e.g. "
                                         f"steps=100 or model='\"LSTM\"'") from None


def positive_int_arg(text: str) -> int:
    """An argparse type: a positive integer, or a usage error that names the value."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the studies and their number of tasks")
    tasks = commands.add_parser("tasks", help="print task ids with their config and seed")
    tasks.add_argument("--study", required=True)
    run = commands.add_parser("run", help="run one task and write its record")
    run.add_argument("--study", required=True)
    run.add_argument("--task-id", type=int, default=None, help="default: $SLURM_ARRAY_TASK_ID")
    run.add_argument("--out", required=True, help="directory for the record")
    run.add_argument("--data", default=None, help="data directory (study-specific)")
    run.add_argument("--threads", type=positive_int_arg, default=None,
                     help="torch intra-op threads (default: $SLURM_CPUS_PER_TASK or 1)")
    run.add_argument("--set", type=_parse_override, action="append", default=[],
                     metavar="KEY=JSON", help="override a config value (it is recorded)")
    run.add_argument("--force", action="store_true",
                     help="replace a record in --out made with another configuration")
    check = commands.add_parser("check", help="validate records against the study's grid")
    check.add_argument("--study", required=True)
    check.add_argument("directory")
    args = parser.parse_args(argv)
    if args.command == "run":
        task = os.environ.get("SLURM_ARRAY_TASK_ID", "")
        if args.task_id is None and task:
            if not task.isdigit():
                parser.error(f"$SLURM_ARRAY_TASK_ID must be an integer, got {task!r}")
            args.task_id = int(task)
        if args.threads is None:
            try:
                args.threads = positive_int_arg(os.environ.get("SLURM_CPUS_PER_TASK", "1"))
            except argparse.ArgumentTypeError as error:
                parser.error(f"$SLURM_CPUS_PER_TASK {error}; unset it or pass --threads")
    if args.command == "list":
        for study in STUDIES.values():
            print(f"{study.name}\t{len(study.tasks())} tasks")
    elif args.command == "tasks":
        try:
            tasks = get_study(args.study).tasks()
        except ValueError as error:
            print(f"{PROG}: --study: {error}", file=sys.stderr)
            return 1
        for i, (name, _, seed) in enumerate(tasks):
            print(f"{i}\t{name}\tseed={seed}")
    elif args.command == "run":
        if args.task_id is None:
            parser.error("--task-id is required outside a Slurm array")
        torch.set_num_threads(args.threads)
        try:
            path = run_task(args.study, int(args.task_id), args.out, data_dir=args.data,
                            overrides=dict(args.set), force=args.force)
        except ValueError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
        except OSError as error:  # a data file missing, say: its message, not a traceback
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
        print(path)
    else:
        try:
            found = load_study(args.study, args.directory)  # names an interrupted collect
        except ValueError as error:
            print(f"{PROG}: {error}", file=sys.stderr)
            return 1
        print(f"{len(found)} records of {args.study} match its grid")
        if provenance.history() != "full":
            print(f"{PROG}: note: this checkout has {provenance.history()} git history, so the "
                  f"records' commit and source files were not checked against it; run check "
                  f"in a full clone", file=sys.stderr)
    if args.command == "check":
        _note_untracked(Path(args.directory))
    return 0


def _note_untracked(directory: Path) -> None:
    """Say which records git could not compare with a committed version (not committed)."""
    state = provenance.committed_state(sorted(directory.glob("*.json")))
    unknown = sum(s == "unknown" for s in state.values())
    if unknown:
        print(f"{PROG}: note: {unknown} records are not in git's last commit (untracked, or "
              f"not yet committed), so their content was not compared with a committed "
              f"version; that happens once they are collected and committed", file=sys.stderr)
