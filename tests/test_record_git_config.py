"""Loading records runs no command a repository's git configuration names (issue 34).

Records committed in a repository whose configuration points every setting that can run a
command (a file system monitor, hooks, a pager, external diff and text conversion, clean
and smudge filters) at a script that leaves a marker file. ``study_files``, ``check`` and
``collect --from`` read them, and the provenance of a run is taken in that repository; the
marker must never appear. The records' files are touched first, so that git, were it to
compare the working tree, would have to read them again (and run the filter).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

from dlbook.studies import cli, experiments, provenance
from recordkit import ROOT, committed_copy

spec = importlib.util.spec_from_file_location("cluster_collect_git",
                                              ROOT / "code" / "cluster" / "collect.py")
collect = importlib.util.module_from_spec(spec)
spec.loader.exec_module(collect)

HOOKS = ("post-index-change", "reference-transaction", "post-checkout", "pre-commit",
         "fsmonitor-watchman", "pre-auto-gc", "post-rewrite")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=test", "-c",
                           "user.email=test@example.org", *args], capture_output=True,
                          text=True, check=True).stdout


@pytest.fixture
def hostile(tmp_path) -> tuple[Path, Path, Path]:
    """(repository, its records folder, the marker the script writes)."""
    repo, marker = tmp_path / "repo", tmp_path / "ran"
    script = tmp_path / "script.sh"
    script.write_text(f'#!/bin/sh\necho "$0 $*" >> {marker}\ncat\n')
    script.chmod(0o755)
    repo.mkdir()
    git(repo, "init", "-q")
    folder = repo / "runs" / "charlm-width"
    committed_copy(folder)
    (repo / "pkg" / "dlbook").mkdir(parents=True)  # for source_at_commit's batch read
    (repo / "pkg" / "dlbook" / "__init__.py").write_text("")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "records")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for name in HOOKS:
        (hooks / name).symlink_to(script)
    for key, value in {"core.fsmonitor": script, "core.hooksPath": hooks,
                       "core.pager": script, "diff.external": script,
                       "diff.evil.textconv": script, "diff.evil.command": script,
                       "filter.evil.clean": script, "filter.evil.smudge": script}.items():
        git(repo, "config", key, str(value))
    (repo / ".git" / "info" / "attributes").write_text("* filter=evil diff=evil\n")
    for path in folder.iterdir():  # the index's stat data no longer matches: git would re-read
        os.utime(path, (path.stat().st_mtime + 100,) * 2)
    assert not marker.exists()
    return repo, folder, marker


@pytest.fixture
def fresh_git_caches():
    caches = (provenance.history, provenance.commit_exists, provenance.source_at_commit)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


def test_reading_records_in_a_hostile_repository_runs_nothing(hostile, tmp_path, capsys):
    repo, folder, marker = hostile
    assert len(experiments.study_files("charlm-width", folder)) == 9
    assert set(provenance.committed_state(sorted(folder.glob("*.json"))).values()) == {"same"}
    assert cli.main(["check", "--study", "charlm-width", str(folder)]) == 0
    assert collect.main(["--study", "charlm-width", "--from", str(folder), "--to",
                         str(tmp_path / "collected")]) == 0, capsys.readouterr().err
    assert not marker.exists(), marker.read_text()


def test_a_run_in_a_hostile_checkout_runs_nothing_either(hostile, monkeypatch,
                                                         fresh_git_caches):
    repo, folder, marker = hostile
    monkeypatch.setattr(provenance, "_REPO_ROOT", repo)
    head = git(repo, "rev-parse", "HEAD").strip()
    (repo / "new-file").write_text("untracked\n")
    assert provenance.git_provenance()["dirty"] is True
    assert provenance.tracked_under(folder) is True
    assert provenance.history() == "full" and provenance.commit_exists(head) is True
    assert provenance.source_at_commit(head) == {
        "__init__.py": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}
    assert not marker.exists(), marker.read_text()


def test_the_hostile_repository_does_run_its_script_for_git_itself(hostile):
    """The fixture is armed: plain ``git diff`` and ``git status`` run the script."""
    repo, _, marker = hostile
    subprocess.run(["git", "-C", str(repo), "status"], capture_output=True, check=False)
    subprocess.run(["git", "-C", str(repo), "diff"], capture_output=True, check=False)
    assert marker.exists()
