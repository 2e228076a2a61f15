"""Fail the build when Quarto's render log has a warning or an error line.

Usage: ``python code/build/check_render_log.py _book-render.log``. Quarto prints its own
problems as lines that start with ``WARN`` or ``ERROR`` (coloured with ANSI codes); a render
that warns is a render that went partly wrong (an unresolved reference, a missing resource,
an OJS block it could not place), so it does not count as a build.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROBLEM = re.compile(r"^\s*(WARN|WARNING|ERROR)\b")


def problems(text: str) -> list[str]:
    lines = (ANSI.sub("", line) for line in text.splitlines())
    return [line.strip() for line in lines if PROBLEM.match(line)]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: check_render_log.py RENDER_LOG", file=sys.stderr)
        return 2
    found = problems(Path(argv[0]).read_text(encoding="utf-8", errors="replace"))
    for line in found:
        print(f"render problem: {line}", file=sys.stderr)
    if found:
        print(f"ERROR: the render printed {len(found)} warning/error line(s); fix them.",
              file=sys.stderr)
        return 1
    print("render log: no warnings, no errors")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
