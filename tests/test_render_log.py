"""The render-log check that makes `make book` fail on any Quarto warning or error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "code" / "build" / "check_render_log.py"

CLEAN = """[1/9] index.qmd
Starting python3 kernel...Done
  Cell 1/3: ''..........Done
Output created: _book/index.html
"""


def check(tmp_path: Path, text: str) -> subprocess.CompletedProcess:
    log = tmp_path / "render.log"
    log.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, str(SCRIPT), str(log)], capture_output=True,
                          text=True)


def test_a_clean_log_passes(tmp_path):
    assert check(tmp_path, CLEAN).returncode == 0


def test_a_coloured_quarto_warning_fails_and_is_named(tmp_path):
    warned = CLEAN + "\x1b[33mWARN: OJS block count mismatch. Line number reporting\x1b[39m\n"
    done = check(tmp_path, warned)
    assert done.returncode == 1
    assert "OJS block count mismatch" in done.stderr


def test_an_error_line_fails(tmp_path):
    done = check(tmp_path, CLEAN + "ERROR: Book contents must include a home page\n")
    assert done.returncode == 1
