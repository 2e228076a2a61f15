"""Tables computed by a chapter's cells, printed as Markdown pipe tables.

A cell labelled ``tbl-...`` with ``#| output: asis`` prints :func:`pipe_table`; Quarto
renders it as a captioned, cross-referenceable table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def _cell(value: object, floatfmt: str) -> str:
    if isinstance(value, float):
        return format(value, floatfmt)
    return str(value).replace("|", "\\|")


def _room(name: str, cells: list[str]) -> int:
    """The characters a column needs: room for its longest word, which cannot break, and for
    its widest cell on two lines (a cell wraps between words), plus two for the space
    between columns. Inline code's backticks are not printed; a header's letters count one
    and a half, since they run that much wider than the digits and code most cells hold."""
    texts = [c.replace("`", "") for c in cells]
    words = [len(w) for c in texts for w in c.split()]
    words += [math.ceil(1.5 * len(w)) for w in name.split()]
    halves = [math.ceil(len(c) / 2) for c in texts]
    return max(4, max(words + halves, default=0) + 2)


def pipe_table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    floatfmt: str = ".3g",
    align: Sequence[str] | None = None,
) -> str:
    """Return a Markdown pipe table; floats are formatted with ``floatfmt``.

    ``align`` holds one of ``"l"``, ``"r"``, ``"c"`` per column (default: text columns left,
    numeric columns right, judged from the first row). A table too wide for one line of
    source takes the page's full width, and pandoc shares that width out in proportion to the
    rules under the header, so each rule is as long as the room its column needs
    (:func:`_room`): in the PDF a column is exactly its share, and what does not fit in it
    runs into the next column.
    """
    if not header:
        raise ValueError("header must name at least one column")
    for i, row in enumerate(rows):
        if len(row) != len(header):
            raise ValueError(f"row {i} has {len(row)} cells but the header has {len(header)}")
    if align is None:
        first = rows[0] if rows else [""] * len(header)
        align = ["r" if isinstance(v, int | float) else "l" for v in first]
    if len(align) != len(header) or set(align) - {"l", "r", "c"}:
        raise ValueError(f"align must hold one of 'l', 'r', 'c' per column, got {align!r}")
    cells = [[_cell(v, floatfmt) for v in row] for row in rows]
    widths = [_room(str(name), [row[j] for row in cells]) for j, name in enumerate(header)]
    rule = {"l": lambda w: ":" + "-" * (w - 1), "r": lambda w: "-" * (w - 1) + ":",
            "c": lambda w: ":" + "-" * (w - 2) + ":"}
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join(rule[a](w) for a, w in zip(align, widths, strict=True)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines) + "\n"
