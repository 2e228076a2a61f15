"""Two collects of one study at once lose nothing, and both succeed (issue 34, item 1).

Every collect of a study folder, or of a group in it, holds the study's lock from before its
recovery to its last rename; a second one waits for it. Checked three ways:

- *Paused interleavings.* Each collect runs in a thread that stops before every file-system
  call it makes (:data:`PAUSES`, the calls inside ``shutil.rmtree``, ``copytree`` and
  ``mkdtemp`` included) and goes on only when the test lets it, one thread at a time, so
  an interleaving is an exact, repeatable schedule. Every schedule that switches once (the
  first collect stopped at each of its calls in turn while the second runs as far as it
  can) is tried for every pair of kinds, and Hypothesis's stateful testing tries schedules
  that switch many times.
- *Free-running pairs.* Two forked processes released together, the second a little later
  each round so that it meets the first at every stage of its run; and once, two fresh
  interpreters running the command line.
- *The lock itself.* A collect that cannot take it waits, then refuses by name without
  touching anything; a killed holder leaves none behind.

After each pair: both exit 0, and every folder holds a whole grid (4 records) that the two
collects, one after the other in some order, would have left; nothing is left beside.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import fcntl
import functools
import importlib.util
import io
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

import contract  # noqa: F401  (loads the derandomized "dlbook" Hypothesis profile)
from dlbook.studies import experiments
from recordkit import ROOT, write_tiny_grid

SCRIPT = ROOT / "code" / "cluster" / "collect.py"
spec = importlib.util.spec_from_file_location("cluster_collect_lock", SCRIPT)
collect = importlib.util.module_from_spec(spec)
spec.loader.exec_module(collect)

#: Where a paused collect stops: before every call that lists, makes, moves or deletes, and
#: before every try at the lock.
PAUSES = ("os.rename", "os.replace", "os.unlink", "os.rmdir", "os.mkdir", "os.scandir",
          "os.listdir", "shutil.copyfile", "fcntl.flock")
#: The pairs of collects: the folder under data/runs/tiny each one collects ("" is the top).
PAIRS = {"top, top": ("", ""), "top, group": ("", "cuda"), "group, top": ("cuda", ""),
         "group, group": ("cuda", "cuda"), "two groups": ("cuda", "mps")}
#: The job id of the records each collect of a pair brings, and what data/runs/tiny holds.
JOBS, BEFORE = ("11", "12"), {"": "1", "cuda": "2", "mps": None}


@functools.cache
def template() -> Path:
    """``data/runs/tiny`` (job 1) with a ``cuda`` group (job 2), and the two sources."""
    root = Path(tempfile.mkdtemp(prefix="collect-lock-template-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    write_tiny_grid(root / "data" / "runs" / "tiny", job_id=BEFORE[""])
    write_tiny_grid(root / "data" / "runs" / "tiny" / "cuda", job_id=BEFORE["cuda"])
    for source, job in zip("ab", JOBS, strict=True):
        write_tiny_grid(root / source, job_id=job)
    return root


def fresh(root: Path) -> Path:
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(template(), root)
    return root


def argv(root: Path, folder: str, source: str) -> list[str]:
    """collect's command line for a ``--replace`` of ``folder`` (a group, or the top)."""
    return ["--study", "tiny", "--from", str(root / source), "--replace",
            *(["--group", folder] if folder else [])]


def held(root: Path) -> dict[str, str | None]:
    """The job id of the whole grid in each folder (``None``: no records there)."""
    state = {}
    for folder in BEFORE:
        path = root / "data" / "runs" / "tiny" / folder
        jobs = [experiments.records.load_record(p)["scheduler"]["job_id"]
                for p in sorted(path.glob("*.json"))] if path.is_dir() else []
        assert len(jobs) in (0, 4) and len(set(jobs)) <= 1, (folder, jobs)
        state[folder] = jobs[0] if jobs else None
    return state


def one_after_the_other(pair: str) -> list[dict[str, str | None]]:
    """What the pair leaves when one runs after the other, in either order."""
    moves = list(zip(PAIRS[pair], JOBS, strict=True))
    return [{**BEFORE, **dict(order)} for order in (moves, moves[::-1])]


def leftovers(root: Path) -> list[str]:
    """Hidden entries beside or in the study folder and its groups, less the study's lock."""
    runs = root / "data" / "runs"
    folders = [runs, runs / "tiny", *[p for p in (runs / "tiny").iterdir() if p.is_dir()]]
    return [p.name for folder in folders for p in folder.iterdir()
            if p.name.startswith(".") and p.name != ".tiny.collect-lock"]


def check_pair(root: Path, pair: str, statuses, messages, where="") -> None:
    assert list(statuses) == [0, 0], (where, statuses, messages)
    assert held(root) in one_after_the_other(pair), (where, held(root), messages)
    assert leftovers(root) == [], (where, leftovers(root))


# --- paused interleavings ------------------------------------------------------------------
class Collector:
    """``collect.main(argv)`` in a thread that stops before each call of :data:`PAUSES`
    until :meth:`step` lets it make that call."""

    def __init__(self, args: list[str]):
        self.args, self.status, self.output = args, None, io.StringIO()
        self.go, self.stopped = threading.Semaphore(0), threading.Semaphore(0)
        self.done = self.blocked = False
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.go.acquire()
        try:
            self.status = collect.main(self.args)
        except BaseException as error:  # reported by the test, never swallowed
            self.status = error
        finally:
            self.done = True
            self.stopped.release()

    def pause(self) -> None:
        self.stopped.release()
        self.go.acquire()

    def step(self) -> bool:
        """Let it make its next call; ``False`` once it has finished."""
        if self.done:
            return False
        self.go.release()
        assert self.stopped.acquire(timeout=60), f"collect {self.args} hung"
        return not self.done

    def run_until_blocked(self) -> None:
        """Let it run until it finishes or has failed to take the lock."""
        while self.step() and not self.blocked:
            pass


class Paused:
    """While open, every collect started by :meth:`start` runs only when stepped, and
    prints into its own ``output``; any other thread passes through untouched."""

    def __init__(self):
        self.by_thread: dict[int, Collector] = {}

    def start(self, args: list[str]) -> Collector:
        collector = Collector(args)
        collector.thread.start()
        self.by_thread[collector.thread.ident] = collector
        return collector

    def _pausing(self, real, lock: bool):
        def paused(*args, **kwargs):
            me = self.by_thread.get(threading.get_ident())
            if me is None:
                return real(*args, **kwargs)
            me.pause()
            try:
                result = real(*args, **kwargs)
            except BlockingIOError:
                me.blocked = lock
                raise
            me.blocked = False
            return result
        return paused

    def __enter__(self) -> Paused:
        self.patched, self.streams = [], (sys.stdout, sys.stderr)
        for dotted in PAUSES:
            module_name, name = dotted.split(".")
            module = {"os": os, "shutil": shutil, "fcntl": fcntl}[module_name]
            real = getattr(module, name)
            self.patched.append((module, name, real))
            setattr(module, name, self._pausing(real, lock=name == "flock"))
        sys.stdout = sys.stderr = self._Router(self)
        self.poll = getattr(collect, "LOCK_POLL", 0)
        collect.LOCK_POLL = 0  # a failed try at the lock is one step
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.finish()
        finally:
            for module, name, real in self.patched:
                setattr(module, name, real)
            sys.stdout, sys.stderr = self.streams
            collect.LOCK_POLL = self.poll

    def finish(self) -> None:
        """Step every collect in turn until all have finished."""
        while any([c.step() for c in self.by_thread.values()]):
            pass

    class _Router(io.TextIOBase):
        def __init__(self, paused: Paused):
            self.paused = paused

        def write(self, text: str) -> int:
            me = self.paused.by_thread.get(threading.get_ident())
            (me.output if me else self.paused.streams[1]).write(text)
            return len(text)


@pytest.fixture
def at_root(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(collect, "ROOT", tmp_path / "root")
    return fresh(tmp_path / "root")


def test_a_paused_collect_stops_at_each_file_system_call(at_root):
    with Paused() as paused:
        alone = paused.start(argv(at_root, "", "a"))
        steps = 0
        while alone.step():
            steps += 1
    assert alone.status == 0 and held(at_root)[""] == "11"
    assert steps >= 20  # listing, staging, copying, journal, two renames, deleting the backup


@pytest.mark.parametrize("pair", list(PAIRS))
def test_every_schedule_that_switches_once_loses_nothing_and_both_succeed(tmp_path,
                                                                          monkeypatch, pair):
    root = tmp_path / "root"
    monkeypatch.setattr(collect, "ROOT", root)
    first, second = [argv(root, folder, source)
                     for folder, source in zip(PAIRS[pair], "ab", strict=True)]
    at = 0
    while True:  # the first collect stopped before its at-th call, then the second runs
        fresh(root)
        with Paused() as paused:
            a, b = paused.start(first), paused.start(second)
            finished = not all(a.step() for _ in range(at))
            b.run_until_blocked()
        check_pair(root, pair, [a.status, b.status],
                   [a.output.getvalue(), b.output.getvalue()], where=at)
        if finished:
            break
        at += 1
    assert at >= 20


class TwoCollectsAtOnce(RuleBasedStateMachine):
    """Two collects of one study, each stepped a few calls at a time in any order."""

    def __init__(self):
        super().__init__()
        self.root = fresh(Path(tempfile.mkdtemp(prefix="collect-lock-")) / "root")
        self.old_root, collect.ROOT = collect.ROOT, self.root
        self.paused = Paused().__enter__()
        self.collectors: list[Collector] = []

    @initialize(pair=st.sampled_from(sorted(PAIRS)))
    def start(self, pair):
        self.pair = pair
        self.collectors = [self.paused.start(argv(self.root, folder, source))
                           for folder, source in zip(PAIRS[pair], "ab", strict=True)]

    @rule(who=st.integers(0, 1), calls=st.integers(1, 8))
    def advance(self, who, calls):
        for _ in range(calls):
            if not self.collectors[who].step():
                break

    def teardown(self):
        try:
            self.paused.__exit__(None, None, None)
            if self.collectors:
                check_pair(self.root, self.pair, [c.status for c in self.collectors],
                           [c.output.getvalue() for c in self.collectors])
        finally:
            collect.ROOT = self.old_root
            shutil.rmtree(self.root.parent, ignore_errors=True)


TwoCollectsAtOnce.TestCase.settings = settings(max_examples=40, stateful_step_count=25,
                                               deadline=None)
test_two_collects_interleaved_in_any_order_lose_nothing = TwoCollectsAtOnce.TestCase


# --- free-running pairs --------------------------------------------------------------------
def _collect_when(go, delay: float, args: list[str], log: str) -> None:
    go.wait(30)
    time.sleep(delay)
    with open(log, "w") as output, contextlib.redirect_stderr(output):
        status = collect.main(args)
    sys.exit(status)


@pytest.mark.parametrize("pair", list(PAIRS))
def test_free_running_pairs_lose_nothing_and_both_succeed(tmp_path, monkeypatch, pair):
    """Two forked collects released together, the second later by 0 to 14 ms by round: a
    collect takes about 10 ms here, so the second meets the first at each of its stages."""
    root = tmp_path / "root"
    monkeypatch.setattr(collect, "ROOT", root)
    forked = multiprocessing.get_context("fork")
    for round_ in range(8):
        fresh(root)
        go = forked.Event()
        logs = [tmp_path / f"{which}.log" for which in "ab"]
        children = [forked.Process(target=_collect_when, args=(
            go, delay, argv(root, folder, source), str(log)))
            for folder, source, delay, log in zip(PAIRS[pair], "ab", (0, 0.002 * round_),
                                                  logs, strict=True)]
        for child in children:
            child.start()
        go.set()
        for child in children:
            child.join(60)
        check_pair(root, pair, [c.exitcode for c in children],
                   [log.read_text() for log in logs], where=round_)


@pytest.mark.slow  # two child interpreters that import torch
def test_two_command_lines_started_together_both_succeed(tmp_path):
    root = fresh(tmp_path / "root")
    runs = root / "data" / "runs" / "tiny"
    commands = [[sys.executable, str(SCRIPT), "--study", "tiny", "--from", str(root / "a"),
                 "--to", str(runs), "--replace"],
                [sys.executable, str(SCRIPT), "--study", "tiny", "--from", str(root / "b"),
                 "--to", str(runs / "cuda"), "--replace"]]
    children = [subprocess.Popen(c, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for c in commands]
    done = [child.communicate(timeout=120) for child in children]
    check_pair(root, "top, group", [c.returncode for c in children], done)


# --- the lock itself -----------------------------------------------------------------------
def test_a_collect_that_cannot_take_the_lock_waits_then_refuses_touching_nothing(at_root,
                                                                                   capsys):
    runs = at_root / "data" / "runs"
    work = runs / ".tiny.staged-abc123"  # what the holder is building
    shutil.copytree(at_root / "a", work)
    before = held(at_root)
    with collect.study_lock(runs / "tiny", "tiny", runs / "tiny" / "cuda", wait=0):
        began = time.monotonic()
        status = collect.main(argv(at_root, "", "b") + ["--lock-wait", "0.3"])
        waited = time.monotonic() - began
    err = capsys.readouterr().err
    assert status == 1 and waited >= 0.3
    assert "another collect of study 'tiny'" in err and f"pid {os.getpid()}" in err
    assert f"collecting into {runs / 'tiny' / 'cuda'}" in err and "--lock-wait" in err
    assert sorted(p.name for p in work.iterdir()) == sorted(p.name for p in
                                                            (at_root / "a").iterdir())
    assert held(at_root) == before


def test_a_waiting_collect_goes_on_once_the_holder_finishes(at_root):
    runs = at_root / "data" / "runs"
    taken, release = threading.Event(), threading.Event()

    def holder():
        with collect.study_lock(runs / "tiny", "tiny", runs / "tiny", wait=0):
            taken.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    taken.wait(10)
    threading.Timer(0.3, release.set).start()
    began = time.monotonic()
    assert collect.main(argv(at_root, "cuda", "a")) == 0
    assert time.monotonic() - began >= 0.25
    thread.join()
    assert held(at_root) == {**BEFORE, "cuda": "11"}


def _hold_and_die(folder: str, ready) -> None:
    with collect.study_lock(Path(folder), "tiny", Path(folder), wait=0):
        ready.set()
        os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_holder_leaves_no_lock_behind(at_root):
    forked = multiprocessing.get_context("fork")
    ready = forked.Event()
    child = forked.Process(target=_hold_and_die, args=(str(at_root / "data/runs/tiny"), ready))
    child.start()
    child.join(30)
    assert ready.is_set() and child.exitcode == -signal.SIGKILL
    assert collect.main(argv(at_root, "", "a") + ["--lock-wait", "0"]) == 0


def test_the_lock_file_is_no_leftover_no_record_and_never_committed(at_root):
    assert collect.main(argv(at_root, "cuda", "a")) == 0
    lock = at_root / "data" / "runs" / ".tiny.collect-lock"
    assert lock.is_file() and lock.read_text() == ""  # the holder's note is gone with it
    assert not collect.LEFTOVER.fullmatch(lock.name)
    assert len(experiments.load_study("tiny", at_root / "data" / "runs" / "tiny")) == 4
    ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q",
                              "data/runs/.charlm-width.collect-lock"], check=False)
    assert ignored.returncode == 0
    assert collect.main(argv(at_root, "", "b")) == 0  # and a top-level collect is not fooled
    assert held(at_root) == {**BEFORE, "": "12", "cuda": "11"}


@pytest.mark.parametrize("study", ["../../x", "../x", "x/../../x"])
def test_a_study_name_that_is_no_study_touches_nothing(tmp_path, monkeypatch, capsys, study):
    root = tmp_path / "root"
    monkeypatch.setattr(collect, "ROOT", root)
    write_tiny_grid(tmp_path / "out")
    target = Path(os.path.abspath(root / "data" / "runs" / study))
    staged, backup = (target.with_name(f".{target.name}.{kind}")
                      for kind in ("staged-abc", "old-123"))
    for folder in (staged, backup):
        write_tiny_grid(folder)
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    assert collect.main(["--study", study, "--from", str(tmp_path / "out")]) == 1
    assert "study must be one of" in capsys.readouterr().err
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before


def test_a_file_system_error_is_named_in_plain_words(at_root, monkeypatch, capsys):
    def full(source, destination, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(destination))

    monkeypatch.setattr(collect.shutil, "copyfile", full)
    assert collect.main(argv(at_root, "", "a")) == 1
    err = capsys.readouterr().err
    assert "[Errno" not in err and "No space left on device" in err
    assert "the file system refused" in err and "rerun the same collect" in err
    assert held(at_root) == BEFORE and leftovers(at_root) == []


# --- the checks before the lock --------------------------------------------------------------
def _churn(destination: Path, seconds: float) -> None:
    """Rename ``destination`` to a backup and back, as a collect holding the lock does."""
    aside, end = destination.with_name(f".{destination.name}.old-1-ab"), time.monotonic() + seconds
    while time.monotonic() < end:
        os.rename(destination, aside)
        os.rename(aside, destination)


def test_the_checks_before_the_lock_never_take_a_folder_being_renamed_for_a_file(tmp_path):
    """CI once saw ``exists()`` true and ``is_dir()`` false for a group another collect had
    just renamed: the second collect refused a folder as a file. Here another process renames
    the group back and forth for two seconds while the checks run over and over."""
    root = fresh(tmp_path / "root")
    destination = root / "data" / "runs" / "tiny" / "cuda"
    churner = multiprocessing.get_context("fork").Process(target=_churn, args=(destination, 2.0))
    churner.start()
    checks = 0
    try:
        while churner.is_alive():
            collect.check_before_the_lock("tiny", destination)
            checks += 1
    finally:
        churner.join()
    assert churner.exitcode == 0 and checks > 100, (churner.exitcode, checks)
    assert held(root) == BEFORE  # the churn put every folder back
