"""Submit a dlbook study to Slurm as one job array: one array task per (configuration, seed).

    python code/cluster/submit.py --study wikitext2-lstm --out /scratch/$USER/runs/wt2 \\
        --partition gpu --account myproj --time 06:00:00 --mem 16G --gpus 1 \\
        --data /scratch/$USER/wikitext-2

Prints the job id (alone, on stdout) and writes ``OUT/logs/submission.json``. Nothing about a
cluster is hard-coded: each resource comes from a flag or, when the flag is absent, from an
environment variable (DLBOOK_PARTITION, DLBOOK_ACCOUNT, DLBOOK_TIME, DLBOOK_MEM,
DLBOOK_GPUS, DLBOOK_CPUS_PER_TASK, DLBOOK_MAX_PARALLEL); an unset resource is left to the
cluster's defaults. ``--wait`` polls ``squeue`` until the array has left the queue
(``sbatch --wait`` polls slowly), then exits non-zero naming every task that wrote no record;
an unreachable controller fails it within a few polls. ``--dry-run`` prints the sbatch
command instead.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

from dlbook.studies import provenance, records
from dlbook.studies.cli import positive_int_arg
from dlbook.studies.experiments import get_study

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).resolve().parent / "array.sbatch"
RESOURCES = {  # flag -> (sbatch option, environment variable)
    "partition": ("--partition", "DLBOOK_PARTITION"),
    "account": ("--account", "DLBOOK_ACCOUNT"),
    "time": ("--time", "DLBOOK_TIME"),
    "mem": ("--mem", "DLBOOK_MEM"),
    "gpus": ("--gpus", "DLBOOK_GPUS"),
    "cpus_per_task": ("--cpus-per-task", "DLBOOK_CPUS_PER_TASK"),
}


def sbatch_command(args: argparse.Namespace, n_tasks: int) -> list[str]:
    """The sbatch command line for an array of ``n_tasks`` tasks."""
    array = f"0-{n_tasks - 1}"
    if args.max_parallel:
        array += f"%{args.max_parallel}"
    out = Path(args.out).resolve()
    command = ["sbatch", "--parsable", f"--array={array}", f"--job-name=dlbook-{args.study}",
               f"--output={out}/logs/%A_%a.out", f"--chdir={ROOT}"]
    for name, (option, variable) in RESOURCES.items():
        value = getattr(args, name) or os.environ.get(variable)
        if value:
            command.append(f"{option}={value}")
    return [*command, *args.sbatch_arg, str(SCRIPT)]


def wait_for(job_id: str, *, timeout: float, poll: float = 2.0, retries: int = 3) -> None:
    """Return once job ``job_id`` (all its array tasks) has left the queue.

    ``squeue`` failing ``retries`` times in a row (the controller is unreachable, say) raises
    ``RuntimeError`` with its stderr at once rather than at the deadline. A job the
    controller has already forgotten ("Invalid job id") has left the queue.
    """
    deadline, failures = time.monotonic() + timeout, 0
    while True:
        try:
            queue = subprocess.run(["squeue", "-h", "-j", job_id, "-o", "%i %T"],
                                   capture_output=True, text=True, check=False, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RuntimeError(f"cannot run squeue to follow job {job_id}: {error}") from None
        if queue.returncode == 0 and not queue.stdout.strip():
            return
        if queue.returncode != 0 and "invalid job id" in queue.stderr.lower():
            return
        failures = failures + 1 if queue.returncode != 0 else 0
        if failures >= retries:
            raise RuntimeError(f"squeue failed {failures} times in a row (exit "
                               f"{queue.returncode}) following job {job_id}; is the Slurm "
                               f"controller reachable (SLURM_CONF)? squeue said: "
                               f"{queue.stderr.strip()}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"job {job_id} still queued after {timeout:.0f} s:\n"
                               f"{queue.stdout}{queue.stderr}")
        time.sleep(poll)


def failed_tasks(out: Path, job_id: str, n_tasks: int) -> list[int]:
    """Array tasks of job ``job_id`` that left no valid record in ``out``."""
    done = set()
    for path in sorted(out.glob("*.json")):
        scheduler = records.load_record(path)["scheduler"]
        if scheduler["job_id"] == job_id and scheduler["task_id"] is not None:
            done.add(scheduler["task_id"])
    return [task for task in range(n_tasks) if task not in done]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--study", required=True, help="python -m dlbook.studies list")
    parser.add_argument("--out", required=True, help="directory for records and task logs")
    parser.add_argument("--data", default=None, help="the study's data directory, if any")
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter with dlbook installed (default: this one)")
    for name, (option, variable) in RESOURCES.items():
        parser.add_argument(option, dest=name, default=None, help=f"default: ${variable}")
    parser.add_argument("--max-parallel", type=positive_int_arg, default=None,
                        help="at most this many tasks at once (default: $DLBOOK_MAX_PARALLEL)")
    parser.add_argument("--sbatch-arg", action="append", default=[],
                        help="any further sbatch option, e.g. --sbatch-arg=--qos=short")
    parser.add_argument("--wait", action="store_true", help="wait until the array finishes")
    parser.add_argument("--timeout", type=float, default=24 * 3600, help="for --wait, seconds")
    parser.add_argument("--dry-run", action="store_true", help="print the command, submit nothing")
    args = parser.parse_args(argv)
    for name, variable in (("max_parallel", "DLBOOK_MAX_PARALLEL"),
                           ("cpus_per_task", "DLBOOK_CPUS_PER_TASK")):
        value = getattr(args, name) or os.environ.get(variable)
        try:
            setattr(args, name, positive_int_arg(str(value)) if value else None)
        except argparse.ArgumentTypeError as error:
            flag = "--" + name.replace("_", "-")
            parser.error(f"{flag} (or ${variable}) {error}")
    if not (math.isfinite(args.timeout) and args.timeout > 0):  # nan and inf never time out
        parser.error(f"--timeout must be a positive number of seconds, got {args.timeout}")
    try:
        study = get_study(args.study)
    except ValueError as error:
        parser.error(str(error))
    out = Path(args.out).resolve()
    if (out.exists() and not out.is_dir()) or any(p.is_file() for p in out.parents):
        parser.error(f"--out {args.out} is a file or lies under one; pass a folder for the "
                     f"records")
    if provenance.tracked_under(out):  # every task would refuse it (run_task), after queueing
        parser.error(f"--out {args.out} holds files tracked by git (a committed study?); the "
                     f"tasks write only into a folder of their own: pass a new one, outside the "
                     f"checkout if you can")
    command = sbatch_command(args, len(study.tasks()))
    if args.dry_run:
        print(shlex.join(command))
        return 0
    (out / "logs").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DLBOOK_STUDY": args.study, "DLBOOK_OUT": str(out),
           "DLBOOK_PYTHON": args.python, "DLBOOK_ROOT": str(ROOT),
           "DLBOOK_DATA_DIR": str(Path(args.data).resolve()) if args.data else ""}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(f"sbatch failed ({done.returncode}): {done.stderr}")
        return done.returncode
    job_id = done.stdout.strip().split(";")[0]
    (out / "logs" / "submission.json").write_text(json.dumps(
        {"study": args.study, "job_id": job_id, "tasks": len(study.tasks()),
         "command": command, "submitted": time.strftime("%Y-%m-%dT%H:%M:%S%z")}, indent=2))
    print(job_id, flush=True)
    if args.wait:
        try:
            wait_for(job_id, timeout=args.timeout)
            failed = failed_tasks(out, job_id, len(study.tasks()))
        except (RuntimeError, TimeoutError, ValueError) as error:
            sys.stderr.write(f"submit: {error}\n")
            return 1
        if failed:
            logs = ", ".join(str(out / "logs" / f"{job_id}_{t}.out") for t in failed)
            sys.stderr.write(f"submit: tasks {failed} of job {job_id} wrote no record; "
                             f"see {logs}\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
