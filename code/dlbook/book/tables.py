"""Tables computed by a chapter's cells, printed as Markdown pipe tables.

A cell labelled ``tbl-...`` with ``#| output: asis`` prints :func:`pipe_table`; Quarto
renders it as a captioned, cross-referenceable table.
"""

from __future__ import annotations

from collections.abc import Sequence


def _cell(value: object, floatfmt: str) -> str:
    if isinstance(value, float):
        return format(value, floatfmt)
    return str(value).replace("|", "\\|")


def pipe_table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    floatfmt: str = ".3g",
    align: Sequence[str] | None = None,
) -> str:
    """Return a Markdown pipe table; floats are formatted with ``floatfmt``.

    ``align`` holds one of ``"l"``, ``"r"``, ``"c"`` per column (default: text columns left,
    numeric columns right, judged from the first row).
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
    rule = {"l": ":---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(rule[a] for a in align) + "|"]
    lines += ["| " + " | ".join(_cell(v, floatfmt) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
