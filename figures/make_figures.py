"""Regenerate the static diagrams in figures/ (run with `make figures`).

The SVG is written by hand-rolled string templates, not by a plotting library, so the same
code always writes the same bytes: no timestamps, no random ids. A test regenerates every
figure into a temporary folder and compares it with the committed file.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
INK, CELL, INPUT, OUTPUT, STATE = "#222222", "#0072B2", "#7F7F7F", "#D55E00", "#009E73"
CELL_W, CELL_H, GAP = 46, 34, 72


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str = INK) -> str:
    return (f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{colour}" '
            f'stroke-width="1.6" marker-end="url(#head)"/>')


def _cell(x: float, y: float, label: str, colour: str = CELL) -> str:
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{CELL_W}" height="{CELL_H}" rx="6" '
            f'fill="white" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{x + CELL_W / 2:.0f}" y="{y + CELL_H / 2 + 5:.0f}" '
            f'text-anchor="middle">{label}</text>')


def _token(x: float, y: float, label: str, colour: str) -> str:
    return (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="15" fill="white" stroke="{colour}" '
            f'stroke-width="1.6"/><text x="{x:.0f}" y="{y + 5:.0f}" text-anchor="middle" '
            f'font-style="italic">{label}</text>')


def _feed(cx: float, y_token: float, y_cell: float, label: str) -> list[str]:
    """An input token below a cell and the arrow into it."""
    return [_token(cx, y_token, label, INPUT), _arrow(cx, y_token - 15, cx, y_cell + CELL_H + 2)]


def _emit(cx: float, y_token: float, y_cell: float, label: str) -> list[str]:
    """An output token above a cell and the arrow out of it."""
    return [_token(cx, y_token, label, OUTPUT), _arrow(cx, y_cell - 2, cx, y_token + 17)]


def _chain(x0: float, y: float, n: int, names: list[str], colour: str = CELL) -> list[str]:
    """``n`` cells left to right with the state arrows between them."""
    parts = []
    for i in range(n):
        x = x0 + i * GAP
        parts.append(_cell(x, y, names[i], colour))
        if i:
            parts.append(_arrow(x - GAP + CELL_W, y + CELL_H / 2, x - 2, y + CELL_H / 2, STATE))
    return parts


def _panel(title: str, x0: float, body: list[str]) -> str:
    return (f'<g transform="translate({x0:.0f},0)"><text x="0" y="22" font-weight="bold">'
            f'{title}</text>{"".join(body)}</g>')


def arrangements_svg() -> str:
    """Many-to-one, many-to-many and encoder-decoder, drawn as unrolled recurrent cells."""
    top, cell_y, bottom = 58, 112, 196
    one = _chain(10, cell_y, 4, ["h₁", "h₂", "h₃", "h₄"])
    for i in range(4):
        cx = 10 + i * GAP + CELL_W / 2
        one += _feed(cx, bottom, cell_y, f"x{i + 1}")
    one += _emit(10 + 3 * GAP + CELL_W / 2, top, cell_y, "y")

    many = _chain(10, cell_y, 4, ["h₁", "h₂", "h₃", "h₄"])
    for i in range(4):
        cx = 10 + i * GAP + CELL_W / 2
        many += _feed(cx, bottom, cell_y, f"x{i + 1}") + _emit(cx, top, cell_y, f"y{i + 1}")

    enc = _chain(10, cell_y, 3, ["e₁", "e₂", "e₃"])
    dec = _chain(10 + 3 * GAP + 18, cell_y, 3, ["d₁", "d₂", "d₃"], colour=OUTPUT)
    for i in range(3):
        cx = 10 + i * GAP + CELL_W / 2
        enc += _feed(cx, bottom, cell_y, f"x{i + 1}")
        dec += _emit(10 + (3 + i) * GAP + 18 + CELL_W / 2, top, cell_y, f"y{i + 1}")
    mid = cell_y + CELL_H / 2
    bridge = _arrow(10 + 2 * GAP + CELL_W, mid, 10 + 3 * GAP + 16, mid, STATE)
    note = ('<text x="222" y="244" text-anchor="middle" font-size="12" fill="#555555">'
            'the final encoder state is the decoder\'s only view of the input</text>')

    panels = [
        _panel("many-to-one", 10, one),
        _panel("many-to-many", 330, many),
        _panel("encoder–decoder", 650, enc + dec + [bridge, note]),
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1100 260" width="1100" '
        'height="260" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#222222" '
        'role="img" aria-label="Three arrangements of a recurrent network">'
        '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="{INK}"/></marker></defs>'
        '<rect width="1100" height="260" fill="white"/>'
        + "".join(panels)
        + "</svg>\n"
    )


FIGURES = {"arrangements.svg": arrangements_svg}


def write_all(folder: Path = HERE) -> list[Path]:
    written = []
    for name, draw in FIGURES.items():
        path = folder / name
        path.write_text(draw(), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(f"wrote {path}")
