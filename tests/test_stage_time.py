"""`make test` prints how long each stage took (code/build/stage_time.py)."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "code" / "build"))
import stage_time  # noqa: E402


def test_each_stage_prints_its_time_and_the_summary_adds_them(tmp_path):
    timings = tmp_path / "timings.tsv"
    now = time.time()
    assert stage_time.done("lint", now - 2.0, 0, timings).startswith("stage lint: 2.")
    assert "(failed, exit 2)" in stage_time.done("render pdf", now - 61.0, 2, timings)
    summary = stage_time.summary(timings)
    assert re.search(r"lint\s+2\.\d s", summary) and re.search(r"render pdf\s+61\.\d s", summary)
    assert re.search(r"total\s+63\.\d s \(1\.1 min\)", summary)


def test_every_stage_of_make_test_is_timed():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    named = set(re.findall(r"\$\(call stage_done,(.*)\)\s*$", makefile, re.M))
    assert {"lint", "unit tests", "render html", "render $(1)", "check pdf", "epubcheck",
            "site tests"} <= named
    assert re.search(r"^test: timings-reset .*\n\t@\$\(PY\) code/build/stage_time.py summary",
                     makefile, re.M)
