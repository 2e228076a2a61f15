"""Fail the build when Quarto's render log has a warning or an error line.

Usage: ``python code/build/check_render_log.py _book-render.log``. A render that warns is a
render that went partly wrong (an unresolved reference, a citation not found, a missing
resource, an OJS block it could not place), so it does not count as a build.

What counts, read from what Quarto 1.10 and pandoc print (ANSI colours stripped first):

- Quarto's own log, ``WARN: …``, ``ERROR: …`` (``src/core/log.ts``: the level's name, then
  the message), and in a ``--log`` file ``(WARN) …``, ``(ERROR) …``;
- Quarto's Lua filters, ``WARNING (file:line) …``, ``ERROR (…) …``, ``FATAL (…) …``
  (``filters/common/log.lua``), and the filters' logging module, ``(W) …``, ``(E) …``;
- pandoc, ``[WARNING] …`` and ``[ERROR] …`` (e.g. ``[WARNING] Citeproc: citation x not found``);
- the Jupyter kernel's own log, ``[IPKernelApp] WARNING | …``;
- any tool's warning in the usual form, at the start of a line: ``warning: …``,
  ``Warning: …``, ``prog: warning: …``, ``xdvipdfmx:warning: …``, ``file.py:3: UserWarning:
  …``, Sass's ``Deprecation Warning [import]: …``; and the same with ``error``.

A kernel's stray output that lands on a progress line of Quarto's (``Cell 2/5:
'fig-x'...warning: …``, a library writing to the kernel's stderr) is read from where it
starts. Not counted: the pandoc options and metadata Quarto prints, indented (``  warning:
false`` is a setting), and :data:`HARMLESS`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: Printed by every kernel Quarto starts (ipykernel 7 on its ZeroMQ ports, which Quarto
#: opens on localhost only): it says nothing about the book.
HARMLESS = ("[IPKernelApp] WARNING | Kernel is running over TCP without encryption.",)
#: Quarto's progress, after which a kernel's stray output continues the same line.
PROGRESS = re.compile(r"^\s*(?:Cell \d+/\d+: '[^']*'\.*|Starting \S+ kernel\.*)")
PROBLEM = re.compile(
    r"^\s*(?:WARN|WARNING|ERROR|CRITICAL|FATAL)\b"  # Quarto's log and its Lua filters
    r"|^\s*\((?:WARN|WARNING|ERROR|CRITICAL|W|E)\)"  # Quarto's --log file, logging.lua
    r"|^\s*\[(?:WARNING|ERROR)\]"  # pandoc
    r"|^\s*\[\w+\] (?:WARNING|ERROR|CRITICAL) \|"  # a Jupyter application's log
    # a tool's "warning:" or "error:", perhaps after "prog:" or "file:line:", never indented
    r"|^(?:[^\s:]+:(?:\d+:){0,2} ?)?(?:[A-Za-z]+ )?\w*(?i:warning|error)(?: \[[^\]]*\])?:")


def problems(text: str) -> list[str]:
    """The lines of a render log that report a warning or an error (see the module's doc)."""
    found = []
    for line in text.splitlines():
        line = ANSI.sub("", line)
        rest = PROGRESS.sub("", line, count=1)
        if (PROBLEM.match(line) or PROBLEM.match(rest)) and not rest.startswith(HARMLESS):
            found.append(line.strip())
    return found


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
