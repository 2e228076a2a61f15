"""The freeze guard (code/build/freeze_inputs.py), end to end through a real Jupyter kernel:
the IPython startup hook records what a chapter's code reads, `record` turns that into the
manifest, and `invalidate` drops the freeze of a page exactly when one of those files changed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

SCRIPT = Path(__file__).resolve().parents[1] / "code" / "build" / "freeze_inputs.py"


def guard(root: Path, *args: str, ipython_dir: Path | None = None) -> str:
    env = {**os.environ, "DLBOOK_BUILD_ROOT": str(root)}
    extra = ["--ipython-dir", str(ipython_dir)] if ipython_dir else []
    done = subprocess.run([sys.executable, str(SCRIPT), *args, *extra], env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / "book").mkdir(parents=True)
    (root / "book" / "ch.qmd").write_text("# A chapter\n")
    (root / "code" / "pkg").mkdir(parents=True)
    (root / "code" / "pkg" / "helper_mod.py").write_text("VALUE = 1\n")
    (root / "data").mkdir()
    (root / "data" / "rec.json").write_text('{"loss": 1.0}\n')
    (root / "data" / "unread.json").write_text("{}\n")
    frozen = root / "_freeze" / "book" / "ch" / "execute-results"
    frozen.mkdir(parents=True)
    (frozen / "html.json").write_text("{}\n")
    return root


def execute_as_quarto_would(root: Path, ipython_dir: Path, monkeypatch,
                            code: str | None = None) -> None:
    """Run ``code`` (by default: import a module, read a record, write a scratch file) in a
    kernel started as Quarto starts it for book/ch.qmd."""
    monkeypatch.setenv("DLBOOK_BUILD_ROOT", str(root))
    monkeypatch.setenv("IPYTHONDIR", str(ipython_dir))
    monkeypatch.setenv("QUARTO_DOCUMENT_PATH", str(root / "book"))
    monkeypatch.setenv("QUARTO_DOCUMENT_FILE", "ch.qmd")
    if code is None:
        code = (f"import sys; sys.path.insert(0, {str(root / 'code' / 'pkg')!r})\n"
                "import helper_mod\n"
                f"open({str(root / 'data' / 'rec.json')!r}).read()\n"
                f"open({str(root / 'scratch.txt')!r}, 'w').write('written, not read')\n")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(code))
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()


@pytest.mark.slow
def test_a_changed_input_and_only_that_re_executes_the_page(project, tmp_path, monkeypatch):
    ipython_dir = tmp_path / "ipython"
    guard(project, "install-hook", ipython_dir=ipython_dir)
    execute_as_quarto_would(project, ipython_dir, monkeypatch)
    assert "book/ch.qmd" in guard(project, "record")

    manifest = json.loads((project / "_freeze" / "dlbook-inputs.json").read_text())
    assert set(manifest) == {"book/ch.qmd"}
    # What the code read, and nothing it did not read or only wrote.
    assert set(manifest["book/ch.qmd"]) == {"code/pkg/helper_mod.py", "data/rec.json"}

    frozen = project / "_freeze" / "book" / "ch"
    assert guard(project, "invalidate") == "" and frozen.exists()
    (project / "data" / "unread.json").write_text('{"new": 1}\n')
    assert guard(project, "invalidate") == "" and frozen.exists()

    (project / "data" / "rec.json").write_text('{"loss": 0.5}\n')
    said = guard(project, "invalidate")
    assert not frozen.exists()
    assert "re-executing book/ch.qmd: data/rec.json changed" in said


def test_a_frozen_page_with_no_record_of_its_inputs_is_re_executed(project):
    said = guard(project, "invalidate")
    assert "re-executing book/ch.qmd: no record of what it read" in said
    assert not (project / "_freeze" / "book" / "ch").exists()


def test_a_changed_module_re_executes_the_page(project):
    manifest = {"book/ch.qmd": {"code/pkg/helper_mod.py": "0" * 64}}
    (project / "_freeze" / "dlbook-inputs.json").write_text(json.dumps(manifest))
    said = guard(project, "invalidate")
    assert "code/pkg/helper_mod.py changed" in said
    assert not (project / "_freeze" / "book" / "ch").exists()


def test_the_trace_of_a_page_whose_execution_failed_is_not_recorded(project):
    # Quarto freezes nothing for a page whose cell failed, so its trace vouches for nothing.
    traces = project / "_freeze" / "dlbook-traces"
    traces.mkdir(parents=True)
    (traces / "book__other.qmd.txt").write_text("# book/other.qmd\ndata/rec.json\n")
    assert "book/other.qmd" not in guard(project, "record")
    assert not (project / "_freeze" / "dlbook-inputs.json").exists()
    assert not list(traces.iterdir())


@pytest.mark.slow
def test_an_edit_made_while_the_book_renders_still_counts(project, tmp_path, monkeypatch):
    ipython_dir = tmp_path / "ipython"
    guard(project, "install-hook", ipython_dir=ipython_dir)
    execute_as_quarto_would(project, ipython_dir, monkeypatch)
    (project / "data" / "rec.json").write_text('{"loss": 0.25}\n')  # after it was read
    guard(project, "record")
    assert "data/rec.json changed" in guard(project, "invalidate")


@pytest.mark.slow
def test_a_file_added_to_a_folder_the_page_listed_re_executes_it(project, tmp_path, monkeypatch):
    # Appendix C globs data/runs/ and every load_study lists a study's folder: a record added
    # there changes what the page shows although no file it opened changed.
    ipython_dir = tmp_path / "ipython"
    guard(project, "install-hook", ipython_dir=ipython_dir)
    execute_as_quarto_would(project, ipython_dir, monkeypatch, code=(
        "from pathlib import Path\n"
        f"names = sorted(p.name for p in Path({str(project / 'data')!r}).glob('*.json'))\n"))
    guard(project, "record")
    manifest = json.loads((project / "_freeze" / "dlbook-inputs.json").read_text())
    assert "data/" in manifest["book/ch.qmd"]

    (project / "data" / ".scratch.swp").write_text("an editor's file")  # hidden: no record
    assert guard(project, "invalidate") == ""
    (project / "data" / "added.json").write_text("{}\n")
    said = guard(project, "invalidate")
    assert "re-executing book/ch.qmd: data/ lists other files" in said
    assert not (project / "_freeze" / "book" / "ch").exists()
