"""A failed grid check fails the build (issue 13, item 4).

Appendix C used to catch ``check_grid``'s error, print it, and render a table from whatever
records were left. This test runs the appendix's own cells (its setup cell and the cell that
loads the committed records) against a copy of the width sweep with one record missing,
and requires the cell to raise, as the book's execution would.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bookfiles import BOOK, read_chapter
from recordkit import committed_copy

APPENDIX = BOOK / "appendix-c-experiments.qmd"


def run_loading_cell(runs: Path) -> dict:
    cells = read_chapter(APPENDIX).python_cells
    (loading,) = [c for c in cells if "check_grid" in c.source]
    namespace: dict = {}
    here = Path.cwd()
    os.chdir(BOOK)  # chapters execute with book/ as the working directory
    try:
        exec(compile(cells[0].source, str(APPENDIX), "exec"), namespace)
        namespace["RUNS"] = runs
        exec(compile(loading.source, str(APPENDIX), "exec"), namespace)
    finally:
        os.chdir(here)
    return namespace


def test_the_committed_records_load_and_match_their_grid():
    namespace = run_loading_cell(BOOK.parent / "data" / "runs")
    assert namespace["n_width"] == 9


def test_eight_of_nine_records_stop_the_appendix(tmp_path):
    paths = committed_copy(tmp_path / "charlm-width")
    paths[4].unlink()
    with pytest.raises(ValueError, match="missing"):
        run_loading_cell(tmp_path)
