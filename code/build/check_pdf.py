"""Fail the PDF build when its text runs off the page's text area.

Usage: ``python code/build/check_pdf.py [PDF [LOG]]`` (defaults: the book's PDF in
``_book/`` and the LaTeX log Quarto leaves beside ``_executed/_quarto.yml``, as
``latex-clean: false`` asks). ``make pdf`` runs it on the PDF where it renders it, before
copying it into ``_book/``. Two independent checks:

1. LaTeX's own account: every ``Overfull \\hbox`` in the log wider than ``HBOX_LIMIT`` (a
   line that sticks out into the margin by more than that) and every ``Overfull \\vbox``
   taller than ``VBOX_LIMIT`` (a page whose content runs below the text block). Smaller
   overfull boxes are invisible in print and are let through. The log must also be free of
   the two silent failures: an undefined reference or citation (printed as ``??``) and a
   character missing from its font (printed as nothing).
2. The page's own account, which needs no log: ``pdftotext -bbox`` gives the box of every
   word on every page, and a word that lies more than ``TOLERANCE`` to the left or right of
   the text block the geometry in ``_quarto.yml`` sets, or below it, is reported. The one
   thing allowed below the text block is the page number, a line of its own.

The second check is what a reader sees; the first names the source line. Both print at most
``SHOWN`` problems each, and the count of all.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
#: Overfull boxes up to this width (pt) are let through: less than a thin space in print.
HBOX_LIMIT = 3.0
VBOX_LIMIT = 3.0
#: How far (pt) a word's box may reach past the text block's edge before it is reported.
TOLERANCE = 3.0
SHOWN = 25
MM = 72.0 / 25.4  # PDF points per millimetre

OVERFULL = re.compile(r"^Overfull \\([hv])box \(([\d.]+)pt too (?:wide|high)\) (.*)$", re.M)
PAGE_NUMBER = re.compile(r"^(\d+|[ivxlcdm]+)$")
SILENT = re.compile(r"^(Missing character: .*"
                    r"|LaTeX Warning: (?:Reference|Citation) .* undefined.*)$", re.M)


@dataclass
class Word:
    page: int
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float


class _Words(HTMLParser):
    """Reads ``pdftotext -bbox`` output: ``<page width height>`` with ``<word x.. y..>`` inside."""

    def __init__(self):
        super().__init__()
        self.pages: list[tuple[float, float]] = []
        self.words: list[Word] = []
        self._in_word = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "page":
            self.pages.append((float(a["width"]), float(a["height"])))
        elif tag == "word":
            self._in_word = True
            self.words.append(Word(len(self.pages), "", *(float(a[k]) for k in
                                                          ("xmin", "ymin", "xmax", "ymax"))))

    def handle_data(self, data):
        if self._in_word:
            self.words[-1].text += data

    def handle_endtag(self, tag):
        if tag == "word":
            self._in_word = False


def margins_mm(quarto_yml: Path = ROOT / "_quarto.yml") -> dict[str, float]:
    """The PDF's page margins in mm, from ``format: pdf: geometry`` (``left=25mm`` ...)."""
    pdf = yaml.safe_load(quarto_yml.read_text(encoding="utf-8"))["format"]["pdf"]
    found = {}
    for item in pdf.get("geometry", []):
        side, _, value = str(item).partition("=")
        if side in ("top", "bottom", "left", "right") and value.endswith("mm"):
            found[side] = float(value[:-2])
    missing = {"bottom", "left", "right"} - found.keys()
    if missing:
        raise ValueError(f"_quarto.yml's pdf geometry must set {sorted(missing)} in mm, "
                         f"got {pdf.get('geometry')!r}")
    return found


def words_outside(words: list[Word], pages: list[tuple[float, float]],
                  margins: dict[str, float], tolerance: float = TOLERANCE) -> list[str]:
    """Every word past the text block's left, right or bottom edge, as 'p. N: ...' lines."""
    problems = []
    by_line: dict[tuple[int, float], list[Word]] = {}
    for word in words:
        by_line.setdefault((word.page, round(word.y_max)), []).append(word)
    for (page, _), line in sorted(by_line.items()):
        width, height = pages[page - 1]
        left, right = margins["left"] * MM, width - margins["right"] * MM
        bottom = height - margins["bottom"] * MM
        text = " ".join(w.text for w in line)
        start, end = min(w.x_min for w in line), max(w.x_max for w in line)
        if start < left - tolerance:
            problems.append(f"p. {page}: starts {left - start:.0f} pt left of the text block: "
                            f"{text[:80]!r}")
        if end > right + tolerance:
            problems.append(f"p. {page}: ends {end - right:.0f} pt right of the text block: "
                            f"{text[:80]!r}")
        if min(w.y_min for w in line) > bottom + tolerance and not PAGE_NUMBER.match(text):
            problems.append(f"p. {page}: below the text block: {text[:80]!r}")
    return problems


def overfull_boxes(log: str) -> list[str]:
    """Every overfull box in a LaTeX log above ``HBOX_LIMIT`` / ``VBOX_LIMIT``."""
    problems = []
    for kind, size, where in OVERFULL.findall(log):
        if float(size) > (HBOX_LIMIT if kind == "h" else VBOX_LIMIT):
            problems.append(f"overfull \\{kind}box, {size} pt, {where.strip()[:100]}")
    return problems


def _output_file() -> str:
    return yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))["book"]["output-file"]


def silent_failures(log: str) -> list[str]:
    """Every undefined reference or citation, and every missing glyph, in a LaTeX log."""
    return sorted(set(SILENT.findall(log)))


def book_pdf() -> Path:
    return ROOT / "_book" / f"{_output_file()}.pdf"


def book_log() -> Path:
    # Quarto typesets a book from index.tex, and renames only the .tex and the .pdf after it;
    # the PDF renders in the project of executed notebooks (code/build/executed_book.py)
    return ROOT / "_executed" / "index.log"


def main(argv: list[str]) -> int:
    pdf = Path(argv[0]) if argv else book_pdf()
    log = Path(argv[1]) if len(argv) > 1 else book_log()
    if not pdf.is_file():
        print(f"ERROR: no PDF at {pdf}: run `make pdf`", file=sys.stderr)
        return 1
    bbox = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    parser = _Words()
    parser.feed(bbox)
    found = {"text outside the text block": words_outside(parser.words, parser.pages,
                                                           margins_mm())}
    if log.is_file():
        text = log.read_text(encoding="utf-8", errors="replace")
        found["LaTeX's overfull boxes"] = overfull_boxes(text)
        found["LaTeX's silent failures"] = silent_failures(text)
    else:
        print(f"note: no LaTeX log at {log}; checked the pages only", file=sys.stderr)
    total = 0
    for what, problems in found.items():
        total += len(problems)
        for line in problems[:SHOWN]:
            print(f"pdf problem ({what}): {line}", file=sys.stderr)
        if len(problems) > SHOWN:
            print(f"... and {len(problems) - SHOWN} more {what}", file=sys.stderr)
    if total:
        print(f"ERROR: {pdf.name} has {total} problem(s) of layout; fix their sources.",
              file=sys.stderr)
        return 1
    print(f"pdf: {len(parser.pages)} pages, every word inside the text block, no overfull "
          f"box over {HBOX_LIMIT:g} pt, no undefined reference, no missing glyph")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
