"""Wall time of the memory test's 18 runs: one after another vs ``dlbook.studies.runner``.

Usage (from the repository root)::

    .venv/bin/python code/benchmarks/bench_memory_test.py            # the full protocol
    .venv/bin/python code/benchmarks/bench_memory_test.py --epochs 2 # a quick smoke run

Both paths run the same 18 jobs (six contenders x seeds 0, 1, 6050) with one thread per run;
the script also checks that they return identical accuracies, losses and weights. The report
goes to stdout and to ``code/benchmarks/results/memory_test.txt``. On a machine shared with
other work the absolute times are inflated and the speed-up is below the core count.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

import torch

from dlbook.recall import CONTENDERS, run_memory_test
from dlbook.studies.runner import default_workers, run_experiments

RESULTS = Path(__file__).resolve().parent / "results" / "memory_test.txt"


def _same(a: dict, b: dict) -> bool:
    return (a["test_accuracy"] == b["test_accuracy"] and a["losses"] == b["losses"]
            and all(torch.equal(a["state_dict"][k], b["state_dict"][k]) for k in a["state_dict"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=80, help="epochs per run (protocol: 80)")
    parser.add_argument("--workers", type=int, default=None, help="default: one per core")
    args = parser.parse_args()
    workers = args.workers or default_workers()
    jobs = [dict(contender=name, seed=seed, epochs=args.epochs)
            for name in reversed(list(CONTENDERS)) for seed in (0, 1, 6050)]

    began = time.perf_counter()
    serial = run_experiments(run_memory_test, jobs, workers=1)
    serial_s = time.perf_counter() - began
    began = time.perf_counter()
    parallel = run_experiments(run_memory_test, jobs, workers=workers)
    parallel_s = time.perf_counter() - began
    identical = all(_same(a, b) for a, b in zip(serial, parallel, strict=True))

    load = os.getloadavg() if hasattr(os, "getloadavg") else ("n/a",)
    lines = [
        "memory test: 18 runs (6 contenders x seeds 0, 1, 6050), "
        f"{args.epochs} epochs each, torch {torch.__version__}",
        f"machine: {platform.machine()}, {os.cpu_count()} cores, load average after the "
        f"runs {load[0]}",
        f"sequential (workers=1):      {serial_s:8.1f} s",
        f"runner (workers={workers}):        {parallel_s:8.1f} s",
        f"speed-up:                    {serial_s / parallel_s:8.2f}x",
        f"results identical: {identical}",
        "per-run single-thread seconds (sequential pass): "
        + ", ".join(f"{r['contender']}/{r['seed']}: {r['seconds']:.0f}" for r in serial),
    ]
    report = "\n".join(lines) + "\n"
    print(report, end="")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
