"""The render-log check that makes `make book` fail on any Quarto warning or error."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

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


# --- issue 34: everything Quarto, pandoc and the kernel print as a warning -------------------
#: A real render of a one-page probe project with Quarto 1.10.18 (ANSI codes as printed):
#: what it printed around its warnings, none of which is one.
REAL_CLEAN = """
Starting python3 kernel...[IPKernelApp] WARNING | Kernel is running over TCP without \
encryption. All communication (including code and outputs) is sent in plain text and is \
susceptible to eavesdropping. Use IPC transport or launch with kernel manager-provisioned \
CurveZMQ keys to enable transport encryption.
Done

Executing 'doc.quarto_ipynb'
  Cell 1/2: 'cell-warn'...Done
  Cell 2/2: 'fig-error-rates'...Done

\x1b[1mpandoc \x1b[22m
  to: html
  output-file: doc.html
  standalone: true
  default-image-extension: png

\x1b[1mmetadata\x1b[22m
  document-css: false
  warning: false
  error: false
  title: Probe
  description: |
    Warning: a sentence of the page's own metadata, not a message.

Output created: doc.html
"""

#: Each as Quarto 1.10.18, pandoc or a tool prints it (the first three verbatim from the
#: probe render; the others in the form the source named in check_render_log.py prints).
WARNINGS = [
    "\x1b[33mWARNING (/opt/quarto/quarto-cli/src/resources/filters/./crossref/refs.lua:128) "
    "Unable to resolve crossref @fig-nope\n\x1b[39m",
    "[WARNING] Citeproc: citation missing2020 not found",
    "  Cell 1/1: 'cell-warn'...warning: raw fd 2 from the kernel",
    "\x1b[33mWARN: OJS block count mismatch\x1b[39m",
    "\x1b[91mERROR: Book contents must include a home page\x1b[39m",
    "(WARN) The file references.bib was not found",
    "(W) a filter's logging.warning",
    "(E) a filter's logging.error",
    "FATAL (filter.lua:3) a fatal filter error",
    "[ERROR] a pandoc error",
    "Warning: couldn't recognize format, using default tabset rendering",
    "warning: a tool's lowercase warning",
    "git: warning: something a tool said",
    "xdvipdfmx:warning: Could not find a glyph",
    "/work/main/code/dlbook/x.py:12: UserWarning: a Python warning from the kernel's stderr",
    "Deprecation Warning [import]: Sass @import rules are deprecated",
    "DEPRECATION WARNING: Using / for division is deprecated",
    "[IPKernelApp] ERROR | Exception in message handler",
    "  Cell 3/9: 'fig-x'...ValueError: the kernel's own stderr",
]


def test_what_a_real_render_prints_around_its_warnings_passes(tmp_path):
    done = check(tmp_path, REAL_CLEAN)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("line", WARNINGS)
def test_every_form_of_warning_fails_and_is_named(tmp_path, line):
    done = check(tmp_path, REAL_CLEAN + line + "\n")
    assert done.returncode == 1
    shown = re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
    assert f"render problem: {shown}" in done.stderr


@pytest.mark.parametrize("line", [
    "  warning: false", "  error: false", "    Warning: indented metadata text",
    "  Cell 4/9: 'tbl-warnings'...Done", "Output created: _book/warning-signs.html",
    "The warning signs were clear.", "[3/9] book/03-errors-and-warnings.qmd",
])
def test_settings_labels_and_names_that_contain_the_word_pass(tmp_path, line):
    assert check(tmp_path, CLEAN + line + "\n").returncode == 0
