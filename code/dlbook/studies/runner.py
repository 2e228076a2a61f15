"""Independent runs in parallel worker processes, with the same results as running them serially.

An experiment such as the memory test is a list of independent trainings. Each run takes
its own seed in its arguments, so its result does not depend on which process runs it or in
which order. Every run, serial or parallel, computes with one intra-op thread: thread count
can change the order of floating-point sums, and with it the last bits of a result.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import torch

ENV_VAR = "DLBOOK_WORKERS"


def default_workers() -> int:
    """``DLBOOK_WORKERS`` if set, else one worker per core."""
    value = os.environ.get(ENV_VAR)
    if value is None:
        return os.cpu_count() or 1
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{ENV_VAR} must be a positive integer, got {value!r}")
    return int(value)


def _single_threaded_call(fn: Callable[..., Any], kwargs: Mapping[str, Any]) -> Any:
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return fn(**kwargs)
    finally:
        torch.set_num_threads(previous)


def run_experiments(
    fn: Callable[..., Any],
    jobs: Sequence[Mapping[str, Any]],
    *,
    workers: int | None = None,
) -> list[Any]:
    """Return ``[fn(**job) for job in jobs]``, computed by ``workers`` processes.

    ``fn`` must be importable by a fresh process (a function defined in a module, not in a
    notebook cell), and each job must carry everything that makes it random (its seed).
    ``workers=1`` runs the jobs one after another in this process, with the same
    single-threaded arithmetic, so both paths give bit-identical results.
    """
    workers = default_workers() if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    if getattr(fn, "__module__", "__main__") == "__main__" or "<locals>" in fn.__qualname__:
        if workers > 1:
            raise ValueError(
                f"fn={fn.__qualname__!r} is defined in __main__ or inside a function, so a worker "
                f"process cannot import it; move it into a module or pass workers=1"
            )
    jobs = list(jobs)
    if workers == 1 or len(jobs) <= 1:
        return [_single_threaded_call(fn, job) for job in jobs]
    # "spawn" starts clean interpreters: forking a process that already runs torch threads
    # (a Jupyter kernel, say) can deadlock.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
        futures = [pool.submit(_single_threaded_call, fn, job) for job in jobs]
        return [future.result() for future in futures]
