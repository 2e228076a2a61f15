"""collect.py never loses a group or a backup, whatever it is killed at (issue 22, items 1-4).

A kill is simulated in-process: every call collect makes that changes the disk goes through
a counter, and just before the chosen one the whole test folder is copied aside, as a
SIGKILL would have left it, and collect is stopped. The test then carries on from that
copy, so the cleanup a real kill would skip never reaches the disk being tested. This is
exact (the kill point is an index into collect's disk changes, deletions inside
``shutil.rmtree`` included) and takes milliseconds, so every kill point is tried.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import contract  # noqa: F401  (loads the derandomized "dlbook" Hypothesis profile)
from dlbook.studies import cli, experiments
from recordkit import ROOT, committed_copy, write_tiny_grid

spec = importlib.util.spec_from_file_location("cluster_collect_recovery",
                                              ROOT / "code" / "cluster" / "collect.py")
collect = importlib.util.module_from_spec(spec)
spec.loader.exec_module(collect)

#: Every function through which collect (and ``shutil.rmtree``, ``shutil.copytree`` and
#: ``tempfile.mkdtemp`` inside it) changes the disk.
DISK_CHANGES = ("os.rename", "os.replace", "os.unlink", "os.rmdir", "os.mkdir",
                "shutil.copyfile")


class Killed(BaseException):
    """Raised where the simulated SIGKILL stops collect (not an ``Exception``, like a kill)."""


def run_until_killed(root: Path, call, *, at: int | None,
                     changes: tuple[str, ...] = DISK_CHANGES) -> tuple[str, int]:
    """Run ``call()``, killing it just before its ``at``-th (0-based) call of ``changes``;
    leave ``root`` as the kill left it. Return "killed", "done" or "refused" (a
    ``ValueError``), and how many of those calls it made."""
    patched, made, image = [], [], root.with_name(root.name + ".killed")

    def wrap(real):
        def change(*args, **kwargs):
            made.append(real)
            if len(made) - 1 == at:
                for module, name, original in patched:
                    setattr(module, name, original)
                shutil.copytree(root, image, symlinks=True)  # the disk at the kill
                raise Killed
            return real(*args, **kwargs)
        return change

    for dotted in changes:
        module = {"os": os, "shutil": shutil}[dotted.split(".")[0]]
        name = dotted.split(".")[1]
        patched.append((module, name, getattr(module, name)))
        setattr(module, name, wrap(getattr(module, name)))
    try:
        call()
        outcome = "done"
    except ValueError:
        outcome = "refused"
    except Killed:
        outcome = "killed"
    finally:
        for module, name, original in patched:
            setattr(module, name, original)
    if outcome == "killed":
        shutil.rmtree(root)  # what collect's own cleanup did after the "kill" is discarded
        os.rename(image, root)
    return outcome, len(made)


def unlocked(paths) -> list[Path]:
    """``paths`` less the study locks (``.<name>.collect-lock``), which collects keep."""
    return [p for p in paths if not p.name.endswith(collect.LOCK)]


def job_ids(folder: Path) -> set[str]:
    """The job ids of the records directly in ``folder`` (a complete grid, or none)."""
    found = [json.loads(p.read_bytes()) for p in folder.glob("*.json")] \
        if folder.is_dir() else []
    assert len(found) in (0, 4), f"{folder} holds {len(found)} of the 4 records"
    return {r["scheduler"]["job_id"] for r in found}


@pytest.fixture
def study(tmp_path):
    """``runs/tiny`` with committed records (job 1) and a ``cuda`` group (job 2); sources
    ``new`` (job 3) and ``newcuda`` (job 4), and an empty ``empty``."""
    runs = tmp_path / "runs" / "tiny"
    write_tiny_grid(runs, job_id="1")
    write_tiny_grid(runs / "cuda", job_id="2")
    write_tiny_grid(tmp_path / "new", job_id="3")
    write_tiny_grid(tmp_path / "newcuda", job_id="4")
    (tmp_path / "empty").mkdir()
    return tmp_path


# --- item 1: a killed group collect, then a top-level replace ------------------------------
def test_a_top_level_replace_carries_a_group_whose_collect_was_killed(study):
    runs = study / "runs" / "tiny"
    killed, _ = run_until_killed(study / "runs", lambda: collect.collect(
        "tiny", study / "newcuda", runs / "cuda", replace=True), at=1, changes=("os.rename",))
    assert killed == "killed" and not (runs / "cuda").exists()  # between its two renames
    collect.collect("tiny", study / "new", runs, replace=True)
    assert job_ids(runs) == {"3"}
    assert job_ids(runs / "cuda") in ({"2"}, {"4"})  # the old group or the new, never none
    assert [p.name for p in unlocked(runs.iterdir()) if p.name.startswith(".")] == []


# --- item 2: a killed top-level collect, then a group collect, then a failing one ----------
def test_a_group_collect_restores_its_killed_study_folder_before_it_recreates_it(study):
    runs = study / "runs" / "tiny"
    shutil.rmtree(runs / "cuda")
    killed, _ = run_until_killed(study / "runs", lambda: collect.collect(
        "tiny", study / "new", runs, replace=True), at=1, changes=("os.rename",))
    assert killed == "killed" and not runs.exists()
    collect.collect("tiny", study / "newcuda", runs / "cuda")
    with pytest.raises(ValueError, match="no records"):
        collect.collect("tiny", study / "empty", runs, replace=True)
    assert job_ids(runs) in ({"1"}, {"3"}) and job_ids(runs / "cuda") == {"4"}
    assert sorted(p.name for p in unlocked(runs.parent.iterdir())) == ["tiny"]


# --- item 3: check and load_study name the interrupted collect ----------------------------
@pytest.mark.parametrize("group", [None, "cuda"])
def test_check_and_load_study_name_an_interrupted_collect_and_its_backup(study, group,
                                                                         capsys):
    runs = study / "runs" / "tiny"
    target = runs / group if group else runs
    killed, _ = run_until_killed(study / "runs", lambda: collect.collect(
        "tiny", study / ("newcuda" if group else "new"), target, replace=True),
        at=1, changes=("os.rename",))
    assert killed == "killed"
    backup = next(p.name for p in target.parent.iterdir() if ".old-" in p.name)
    named = f"interrupted collect.*{re.escape(backup)}.*rerun.*collect"
    with pytest.raises(ValueError, match=named):
        experiments.load_study("tiny", target)
    assert cli.main(["check", "--study", "tiny", str(target)]) == 1
    error = capsys.readouterr().err
    assert "interrupted collect" in error and backup in error and "submit.py" not in error
    collect.recover(target)  # what the rerun does first
    assert len(experiments.load_study("tiny", target)) == 4
    assert cli.main(["check", "--study", "tiny", str(target)]) == 0


# --- item 4: --group is a folder name, and another study's folder is never replaced -------
@pytest.mark.parametrize("group", ["../charlm-width", "..", ".", "a/b", "ABSOLUTE", ".cuda",
                                   "cu da", "", "cuda/../..", "a..b"])
def test_collect_refuses_a_group_that_is_not_a_plain_name(tmp_path, monkeypatch, capsys,
                                                          group):
    monkeypatch.setattr(collect, "ROOT", tmp_path)
    group = str(tmp_path / "elsewhere") if group == "ABSOLUTE" else group
    other = tmp_path / "data" / "runs" / "charlm-width"
    committed_copy(other)
    before = {p.name: p.read_bytes() for p in other.iterdir()}
    write_tiny_grid(tmp_path / "out")
    status = collect.main(["--study", "tiny", "--group", group, "--from",
                           str(tmp_path / "out"), "--replace"])
    assert status == 1 and f"--group {group!r}" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in other.iterdir()} == before
    assert not (tmp_path / "data" / "runs" / "tiny").exists()
    assert not (tmp_path / "elsewhere").exists()


def test_collect_accepts_a_plain_group_name(tmp_path, monkeypatch):
    monkeypatch.setattr(collect, "ROOT", tmp_path)
    write_tiny_grid(tmp_path / "out")
    assert collect.main(["--study", "tiny", "--group", "cuda-h100", "--from",
                         str(tmp_path / "out")]) == 0
    assert len(job_ids(tmp_path / "data" / "runs" / "tiny" / "cuda-h100")) == 1


def test_collect_refuses_to_and_group_together(tmp_path, capsys):
    write_tiny_grid(tmp_path / "out")  # --group was silently ignored beside --to
    with pytest.raises(SystemExit):
        collect.main(["--study", "tiny", "--from", str(tmp_path / "out"), "--to",
                      str(tmp_path / "runs"), "--group", "cuda"])
    assert "--to or --group, not both" in capsys.readouterr().err
    assert not (tmp_path / "runs").exists()


def test_collect_never_replaces_another_studys_records(tmp_path):
    other = tmp_path / "runs" / "charlm-width"
    committed_copy(other)
    before = {p.name: p.read_bytes() for p in other.iterdir()}
    write_tiny_grid(tmp_path / "out")
    for destination in (other, other / "cuda"):  # nor puts a group into its folder
        with pytest.raises(ValueError, match="records of study 'charlm-width'.*--study tiny"):
            collect.collect("tiny", tmp_path / "out", destination, replace=True)
    assert {p.name: p.read_bytes() for p in other.iterdir()} == before


# --- what no journal accounts for is never deleted -----------------------------------------
def test_a_backup_no_journal_names_is_put_back_or_refused_never_deleted(study):
    runs = study / "runs" / "tiny"
    legacy = runs.with_name(".tiny.old-4242")  # what the old collect left between its renames
    runs.rename(legacy)
    collect.recover(runs)
    assert job_ids(runs) == {"1"} and job_ids(runs / "cuda") == {"2"} and not legacy.exists()
    shutil.copytree(runs / "cuda", legacy)  # and beside a folder that is there: refused
    with pytest.raises(ValueError, match=r"\.tiny\.old-4242.*no journal.*by hand"):
        collect.collect("tiny", study / "new", runs, replace=True)
    assert job_ids(legacy) == {"2"} and job_ids(runs) == {"1"}


@pytest.mark.parametrize("journal", ["{not json", '{"staging": "../../new", "backup": null, '
                                     '"token": "0"}', '["a list"]'])
def test_a_journal_that_cannot_be_read_stops_collect_and_deletes_nothing(study, journal):
    runs = study / "runs" / "tiny"
    (runs.parent / ".tiny.collect-journal").write_text(journal)
    with pytest.raises(ValueError, match="collect-journal cannot be read.*by hand"):
        collect.collect("tiny", study / "new", runs, replace=True)
    assert job_ids(runs) == {"1"} and job_ids(study / "new") == {"3"}


# --- every kill point, then every kind of next collect -------------------------------------
#: The collects of the ``study`` fixture: (folder under runs/tiny, source); "" is the top.
COLLECTS = {"top": ("", "new"), "group": ("cuda", "newcuda"),
            "top refused": ("", "empty"), "group refused": ("cuda", "empty")}
OLD, NEW = {"": {"1"}, "cuda": {"2"}}, {"": {"3"}, "cuda": {"4"}}


def run(root: Path, which: str, *, at: int | None = None) -> tuple[str, int]:
    folder, source = COLLECTS[which]
    return run_until_killed(root / "runs", lambda: collect.collect(
        "tiny", root / source, root / "runs" / "tiny" / folder, replace=True), at=at)


def leftovers(runs: Path) -> list[str]:
    """Hidden entries beside or inside the study folder or its group (journals, backups,
    staging folders, tokens): what a settled collect never leaves."""
    return [p.name for folder in (runs, runs / "tiny", runs / "tiny" / "cuda")
            for p in unlocked(folder.iterdir()) if p.name.startswith(".")]


def recovered(runs: Path) -> dict[str, set[str]]:
    """The record sets a collect finds after settling ``runs/tiny``, seen on a copy."""
    view = runs.with_name(runs.name + ".view")
    shutil.copytree(runs, view, symlinks=True)
    try:
        collect.recover(view / "tiny")
        assert leftovers(view) == []
        return {folder: job_ids(view / "tiny" / folder) for folder in OLD}
    finally:
        shutil.rmtree(view)


@pytest.mark.parametrize("then", list(COLLECTS))
@pytest.mark.parametrize("killed", ["top", "group"])
def test_no_kill_point_loses_a_record_whatever_collect_comes_next(study, killed, then):
    runs, template = study / "runs", study / "template"
    shutil.copytree(runs, template)
    killed_folder = COLLECTS[killed][0]
    allowed = {f: [OLD[f], NEW[f]] if f == killed_folder else [OLD[f]] for f in OLD}
    outcome, total = run(study, killed)  # a whole collect, to count its disk changes
    assert outcome == "done"
    between_renames = 0
    for at in range(total):
        shutil.rmtree(runs)
        shutil.copytree(template, runs)
        assert run(study, killed, at=at)[0] == "killed"
        between_renames += not (runs / "tiny" / killed_folder).exists()
        before = recovered(runs)
        assert all(before[f] in allowed[f] for f in OLD), (at, before)
        outcome, _ = run(study, then)
        assert outcome == ("refused" if then.endswith("refused") else "done"), at
        assert leftovers(runs) == [], (at, leftovers(runs))
        after = {f: job_ids(runs / "tiny" / f) for f in OLD}
        expected = {f: NEW[f] if f == COLLECTS[then][0] and outcome == "done" else before[f]
                    for f in OLD}
        assert after == expected, (at, after)
    assert between_renames >= 1  # the kills reached the window between the two renames


@pytest.mark.slow  # a few hundred kills, each with two copies of the folder
@pytest.mark.parametrize("killed", ["top", "group"])
def test_a_kill_while_settling_a_killed_collect_changes_nothing_it_decides(study, killed):
    runs, template, cut = study / "runs", study / "template", study / "cut"
    shutil.copytree(runs, template)
    _, total = run(study, killed)
    for at in range(total):
        for folder in (runs, cut):
            shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(template, runs)
        assert run(study, killed, at=at)[0] == "killed"
        shutil.copytree(runs, cut)
        decided = recovered(runs)
        _, settling = run_until_killed(runs, lambda: collect.recover(runs / "tiny"), at=None)
        for again in range(settling):
            shutil.rmtree(runs)
            shutil.copytree(cut, runs)
            outcome, _ = run_until_killed(runs, lambda: collect.recover(runs / "tiny"),
                                          at=again)
            assert outcome == "killed" and recovered(runs) == decided, (at, again)
        assert run(study, "group" if killed == "top" else "top")[0] == "done"
        assert leftovers(runs) == [], at


# --- any sequence of collects, each perhaps killed: Hypothesis's stateful testing ----------
class Collects(RuleBasedStateMachine):
    """Top-level and group collects in any order, each replacing or not, each perhaps
    killed at any of its disk changes. The model holds, for the top level and each group,
    the record sets it may hold (``None``: no records): the old one, plus the new one while
    a collect that would have written it is unsettled. Invariant: settling (on a copy)
    finds one of them, a whole grid, never nothing in place of records."""

    SOURCES = {"a": "11", "b": "12", "empty": None}  # source folder -> its grid's job id
    FOLDERS = ("", "cuda", "mps")  # "" is the top level, the others device groups

    def __init__(self):
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="collect-machine-"))
        for source, job in self.SOURCES.items():
            write_tiny_grid(self.root / source, job_id=job) if job else \
                (self.root / source).mkdir()
        (self.root / "runs").mkdir()
        self.may_hold = {folder: {None} for folder in self.FOLDERS}

    def held(self, runs: Path, folders) -> dict[str, str | None]:
        held = {folder: job_ids(runs / "tiny" / folder) for folder in folders}
        assert all(len(ids) <= 1 for ids in held.values()), held  # never two sets mixed
        return {folder: next(iter(ids), None) for folder, ids in held.items()}

    def settled(self) -> dict[str, str | None]:
        view = self.root / "view"
        shutil.copytree(self.root / "runs", view, symlinks=True)
        try:
            collect.recover(view / "tiny")
            assert [p.name for p in unlocked(view.iterdir())] in ([], ["tiny"])
            tiny = view / "tiny"
            hidden = [p.name for p in unlocked(tiny.glob(".*"))] if tiny.is_dir() else []
            assert hidden == [], hidden
            return self.held(view, self.FOLDERS)
        finally:
            shutil.rmtree(view)

    @rule(folder=st.sampled_from(FOLDERS), source=st.sampled_from(["a", "b", "a", "b", "empty"]),
          replace=st.sampled_from([True, True, False]), kill=st.integers(1, 30) | st.none())
    def collect(self, folder, source, replace, kill):
        before = self.settled()
        runs = self.root / "runs"
        outcome, _ = run_until_killed(runs, lambda: collect.collect(
            "tiny", self.root / source, runs / "tiny" / folder, replace=replace), at=kill)
        new = self.SOURCES[source]
        refused = new is None or (before[folder] is not None and not replace)
        if outcome == "killed":
            if not refused:
                self.may_hold[folder] = self.may_hold[folder] | {new}
            return
        assert outcome == ("refused" if refused else "done")
        touched = ("", folder) if folder else self.FOLDERS  # what this collect settled
        assert not unlocked(runs.glob(".*")), "a settled collect leaves nothing beside"
        assert not [p for name in touched for p in (runs / "tiny").glob(f".{name}.*")]
        held = self.held(runs, touched)
        assert outcome == "refused" or held[folder] == new
        for name in touched:
            assert held[name] in self.may_hold[name] | ({new} if name == folder else set())
            self.may_hold[name] = {held[name]}

    def unsettled(self) -> list[Path]:
        runs = self.root / "runs"
        return unlocked([*runs.glob(".*"), *(runs / "tiny").glob(".*")])

    @precondition(unsettled)
    @rule(kill=st.integers(1, 12) | st.none())
    def settle(self, kill):
        """What every collect does first, on its own, so that more kills land inside it."""
        runs = self.root / "runs"
        outcome, _ = run_until_killed(runs, lambda: collect.recover(runs / "tiny"), at=kill)
        if outcome == "done":
            assert not self.unsettled()
            held = self.held(runs, self.FOLDERS)
            for folder in self.FOLDERS:
                assert held[folder] in self.may_hold[folder]
                self.may_hold[folder] = {held[folder]}

    @invariant()
    def no_record_is_ever_lost(self):
        for folder, held in self.settled().items():
            assert held in self.may_hold[folder], (folder, held, self.may_hold[folder])

    def teardown(self):
        shutil.rmtree(self.root, ignore_errors=True)


Collects.TestCase.settings = settings(max_examples=10, stateful_step_count=20,
                                      deadline=None)
test_any_sequence_of_killed_and_finished_collects_loses_no_record = Collects.TestCase
