"""The render's check of inline values (code/build/inline_values.py), through a real kernel.

Quarto evaluates a page's inline expressions as the kernel's ``user_expressions``; the
IPython startup hook logs what each one rendered, and ``check`` refuses any value longer
than a short noun phrase, or a page that left no log.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel

SCRIPT = Path(__file__).resolve().parents[1] / "code" / "build" / "inline_values.py"
sys.path.insert(0, str(SCRIPT.parent))
import inline_values  # noqa: E402


def run(root: Path, *args: str, ipython_dir: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "DLBOOK_BUILD_ROOT": str(root)}
    extra = ["--ipython-dir", str(ipython_dir)] if ipython_dir else []
    return subprocess.run([sys.executable, str(SCRIPT), *args, *extra], env=env,
                          capture_output=True, text=True)


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / "book").mkdir(parents=True)
    (root / "book" / "ch.qmd").write_text("We ran `{python} n_runs` runs; `{python} reading`.\n")
    (root / "book" / "plain.qmd").write_text("No inline values here.\n")
    return root


def render_inline_values(root: Path, ipython_dir: Path, expressions: dict,
                         monkeypatch) -> None:
    """What Quarto's Jupyter engine does for one markdown cell: an empty execute request
    that carries the cell's inline expressions as ``user_expressions``."""
    monkeypatch.setenv("DLBOOK_BUILD_ROOT", str(root))
    monkeypatch.setenv("IPYTHONDIR", str(ipython_dir))
    monkeypatch.setenv("QUARTO_DOCUMENT_PATH", str(root / "book"))
    monkeypatch.setenv("QUARTO_DOCUMENT_FILE", "ch.qmd")
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        client.execute_interactive(
            "n_runs = 20\nreading = 'the GRU is ahead on the mean and the lead changes hands'",
            timeout=60)
        reply = client.execute_interactive("", user_expressions=expressions, timeout=60)
        assert reply["content"]["status"] == "ok"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


@pytest.mark.slow
def test_a_clause_rendered_inline_fails_the_check_and_a_number_passes(
        project, tmp_path, monkeypatch):
    ipython_dir = tmp_path / "ipython"
    assert run(project, "install-hook", ipython_dir=ipython_dir).returncode == 0
    render_inline_values(project, ipython_dir, {"0": "n_runs", "1": "reading"}, monkeypatch)
    log = project / "_freeze" / "dlbook-inline" / "book__ch.qmd.jsonl"
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert entries == [{"expression": "n_runs", "text": "20"},
                       {"expression": "reading", "text": "the GRU is ahead on the mean and "
                                                         "the lead changes hands"}]
    done = run(project, "check")
    assert done.returncode == 1
    assert "book/ch.qmd: `{python} reading` renders 12 words" in done.stderr
    assert "n_runs" not in done.stderr

    render_inline_values(project, ipython_dir, {"0": "n_runs"}, monkeypatch)  # rewritten
    done = run(project, "check")
    assert done.returncode == 0, done.stderr
    assert "every value on 1 pages renders at most 8 words" in done.stdout


def test_a_page_with_inline_values_and_no_log_fails_the_check(project):
    done = run(project, "check")
    assert done.returncode == 1
    assert "book/ch.qmd: no inline values were logged" in done.stderr
    assert "plain.qmd" not in done.stderr


def test_words_and_rendered_text():
    assert inline_values.words("3 of 20") == 3
    assert inline_values.words("") == 0
    assert inline_values.rendered_text({"data": {"text/plain": "'the GRU'"}}) == "the GRU"
    assert inline_values.rendered_text({"data": {"text/plain": "0.25"}}) == "0.25"
    assert inline_values.MAX_WORDS == 8
