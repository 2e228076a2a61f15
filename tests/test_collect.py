"""collect.py is all or nothing: it never loses the records it was asked to replace.

Issue 13, item 1. The old collect deleted the destination's records before copying and
rebuilt the source names from record contents, so an interruption, renamed source files or
``--from == --to`` left the destination empty. These tests kill a real collect process
mid-copy and between its two renames, and check the old records byte for byte.
"""

from __future__ import annotations

import importlib.util
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dlbook.studies import records
from recordkit import ROOT, write_tiny_grid

CLUSTER = ROOT / "code" / "cluster"
spec = importlib.util.spec_from_file_location("cluster_collect", CLUSTER / "collect.py")
collect = importlib.util.module_from_spec(spec)
spec.loader.exec_module(collect)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def old_and_new(tmp_path):
    """A destination holding an older collected grid (and a device group beside it), and a
    newer array output of the same grid to replace it with."""
    runs, out = tmp_path / "runs" / "tiny", tmp_path / "out"
    write_tiny_grid(out, job_id="1")
    collect.collect("tiny", out, runs)
    write_tiny_grid(runs / "cuda", job_id="2")  # a second device's group must survive
    for path in out.glob("*.json"):
        path.unlink()
    write_tiny_grid(out, job_id="3")
    return runs, out


def dying_collect(source: Path, destination: Path, *, patch: str, after: int) -> int:
    """Run collect --replace in a child process that SIGKILLs itself after the ``after``-th
    call of ``patch`` (``shutil.copyfile`` or ``os.rename``) on a path in ``source`` (or
    on any path for ``os.rename``); return its exit status."""
    module, name = patch.rsplit(".", 1)
    script = f"""
import importlib.util, os, signal, {module}
spec = importlib.util.spec_from_file_location("c", {str(CLUSTER / "collect.py")!r})
c = importlib.util.module_from_spec(spec); spec.loader.exec_module(c)
real, calls = {patch}, []
def dying(*args, **kwargs):
    result = real(*args, **kwargs)
    if {patch == "os.rename"} or str(args[0]).startswith({str(source)!r}):
        calls.append(1)
    if len(calls) == {after}:
        os.kill(os.getpid(), signal.SIGKILL)
    return result
{patch} = dying
c.collect("tiny", {str(source)!r}, {str(destination)!r}, replace=True)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    return done.returncode


@pytest.mark.slow  # a child interpreter that imports torch
def test_a_collect_killed_mid_copy_leaves_the_old_records_intact(old_and_new):
    runs, out = old_and_new
    before = snapshot(runs)
    assert dying_collect(out, runs, patch="shutil.copyfile", after=2) == -signal.SIGKILL
    assert snapshot(runs) == before
    assert len(records.load_records(runs, experiment="tiny")) == 4
    collect.collect("tiny", out, runs, replace=True)  # the next collect cleans up and works
    assert {r["scheduler"]["job_id"] for r in records.load_records(runs)} == {"3"}
    assert snapshot(runs / "cuda") == {k[5:]: v for k, v in before.items() if k[:5] == "cuda/"}
    left = sorted(p.name for p in runs.parent.iterdir())
    assert left == [".tiny.collect-lock", "tiny"]  # no staging left, only the study's lock


@pytest.mark.slow
def test_a_collect_killed_between_its_renames_is_undone_by_the_next_one(old_and_new):
    runs, out = old_and_new
    before = snapshot(runs)
    assert dying_collect(out, runs, patch="os.rename", after=1) == -signal.SIGKILL
    assert not runs.exists()  # the old folder waits beside it, under its backup name
    collect.recover(runs)
    assert snapshot(runs) == before


def test_collect_refuses_to_collect_a_folder_onto_itself(tmp_path):
    write_tiny_grid(tmp_path / "runs")
    before = snapshot(tmp_path / "runs")
    with pytest.raises(ValueError, match="same folder"):
        collect.collect("tiny", tmp_path / "runs", tmp_path / "runs" / ".." / "runs",
                        replace=True)
    assert snapshot(tmp_path / "runs") == before


def test_collect_copies_the_real_source_files_and_refuses_renamed_ones(tmp_path):
    """Issue 13 copied the files as they are, never rebuilt from their names; issue 34 refuses
    a file whose name is not its record's (a swapped or mislaid file), and copies nothing."""
    out, runs = tmp_path / "out", tmp_path / "runs"
    made = write_tiny_grid(out)
    copies = collect.collect("tiny", out, runs)
    assert sorted(p.name for p in copies) == sorted(p.name for p in runs.iterdir())
    assert all(p.name == records.record_filename(json.loads(p.read_bytes())) for p in copies)
    assert sorted(p.read_bytes() for p in copies) == sorted(p.read_bytes() for p in made)
    before = snapshot(runs)
    made[0].rename(out / "task-0.json")
    with pytest.raises(records.RecordError, match=f"task-0.json: its fields make it "
                                                  f"{made[0].name}"):
        collect.collect("tiny", out, runs, replace=True)
    assert snapshot(runs) == before


def test_a_refused_collect_changes_nothing_and_main_reports_file_errors(tmp_path, capsys):
    runs, out = tmp_path / "runs", tmp_path / "out"
    write_tiny_grid(runs)
    before = snapshot(runs)
    write_tiny_grid(out)
    next(out.glob("*seed1.json")).unlink()
    with pytest.raises(ValueError, match="missing"):
        collect.collect("tiny", out, runs, replace=True)
    assert snapshot(runs) == before
    write_tiny_grid(out)
    (tmp_path / "a-file").write_text("")  # a destination that cannot be made: an OSError
    status = collect.main(["--study", "tiny", "--from", str(out), "--to",
                           str(tmp_path / "a-file" / "runs")])
    assert status == 1 and "collect:" in capsys.readouterr().err


@pytest.mark.slow
def test_a_group_collect_killed_between_its_renames_survives_a_top_level_replace(old_and_new):
    """Issue 22, item 1, with a real SIGKILL (``test_collect_recovery.py`` tries every kill
    point in-process)."""
    runs, out = old_and_new
    before = snapshot(runs / "cuda")
    assert dying_collect(out, runs / "cuda", patch="os.rename", after=1) == -signal.SIGKILL
    assert not (runs / "cuda").exists()  # the group waits in its backup
    collect.collect("tiny", out, runs, replace=True)
    assert snapshot(runs / "cuda") == before  # the old group, put back and carried across
    assert {r["scheduler"]["job_id"] for r in records.load_records(runs)} == {"3"}
    assert [p.name for p in runs.iterdir() if p.name.startswith(".")] == []
