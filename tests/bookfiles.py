"""Read the book as Quarto does: the files `_quarto.yml` names, their cells, labels and references.

Shared by the structure tests and the execution tests. Deliberately small: it understands
the subset of Quarto syntax that `../shared/STYLE.md` allows, and nothing more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
CROSSREF_KINDS = ("fig", "tbl", "sec", "eq", "lst")
_KINDS = "|".join(CROSSREF_KINDS)

_FENCE = re.compile(r"^(?P<fence>`{3,})\s*(?P<info>.*)$")
_INLINE = re.compile(r"`\{python\}\s+([^`]+)`")
_OPTION = re.compile(r"^#\|\s?(.*)$")
_INCLUDE = re.compile(r"\{\{<\s*include\s+(\S+)\s*>\}\}")


@dataclass
class Cell:
    engine: str  # "python", "ojs", or "" for a plain (non-executed) code block
    source: str  # without the #| option lines
    options: dict
    line: int  # 1-based line of the opening fence in its file


@dataclass
class Chapter:
    path: Path
    text: str  # with include shortcodes expanded
    cells: list[Cell] = field(default_factory=list)
    prose: str = ""  # the text outside code blocks

    @property
    def python_cells(self) -> list[Cell]:
        return [c for c in self.cells if c.engine == "python"]

    @property
    def inline_expressions(self) -> list[str]:
        return [m.strip() for m in _INLINE.findall(self.prose)]


def quarto_config() -> dict:
    return yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))


def _flatten(entries: list) -> list[str]:
    files = []
    for entry in entries or []:
        if isinstance(entry, str):
            files.append(entry)
        elif isinstance(entry, dict):
            if "part" in entry and str(entry["part"]).endswith(".qmd"):
                files.append(entry["part"])
            if "href" in entry:
                files.append(entry["href"])
            files.extend(_flatten(entry.get("chapters", [])))
    return files


def book_files() -> list[Path]:
    """Every chapter and appendix file `_quarto.yml` lists, in reading order."""
    book = quarto_config()["book"]
    names = _flatten(book.get("chapters", [])) + _flatten(book.get("appendices", []))
    return [ROOT / name for name in names]


def expand_includes(text: str, base: Path) -> str:
    def replace(match: re.Match) -> str:
        target = base / match.group(1)
        return expand_includes(target.read_text(encoding="utf-8"), target.parent)

    return _INCLUDE.sub(replace, text)


def parse_options(lines: list[str]) -> tuple[dict, list[str]]:
    option_lines = []
    rest = list(lines)
    while rest and _OPTION.match(rest[0]):
        option_lines.append(_OPTION.match(rest.pop(0)).group(1))
    options = yaml.safe_load("\n".join(option_lines)) if option_lines else {}
    return options or {}, rest


def read_chapter(path: Path) -> Chapter:
    text = expand_includes(path.read_text(encoding="utf-8"), path.parent)
    chapter = Chapter(path=path, text=text)
    prose_lines: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            prose_lines.append(lines[i])
            i += 1
            continue
        fence, info = match.group("fence"), match.group("info").strip()
        start = i
        i += 1
        body = []
        while i < len(lines) and not re.match(rf"^{fence}\s*$", lines[i]):
            body.append(lines[i])
            i += 1
        i += 1  # the closing fence
        engine_match = re.match(r"^\{(\w+)[^}]*\}$", info)
        engine = engine_match.group(1) if engine_match else ""
        options, rest = parse_options(body) if engine else ({}, body)
        chapter.cells.append(Cell(engine, "\n".join(rest), options, start + 1))
        prose_lines.append("")  # keep paragraph structure
    chapter.prose = "\n".join(prose_lines)
    return chapter


def strip_code_spans_and_math(prose: str) -> str:
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.S)
    prose = re.sub(r"(?<!\\)\$[^$\n]+\$", " ", prose)
    prose = re.sub(r"`[^`]*`", " ", prose)
    return re.sub(r"<!--.*?-->", " ", prose, flags=re.S)


def defined_labels(chapter: Chapter) -> list[str]:
    """Every cross-reference label the chapter defines (a label defined twice appears twice)."""
    # Headings, equations, images and divs (`::: {#fig-x}`) all carry `{#label ...}`.
    labels = re.findall(rf"\{{#((?:{_KINDS})-[\w-]+)[^}}]*\}}", chapter.prose)
    for cell in chapter.python_cells:
        label = str(cell.options.get("label", ""))
        if label.split("-")[0] in CROSSREF_KINDS:
            labels.append(label)
        # listings printed at render time by dlbook.book.listings.show_listing(..., label="lst-...")
        labels += re.findall(r"label\s*=\s*[\"'](lst-[\w-]+)[\"']", cell.source)
    return labels


def referenced_labels(chapter: Chapter) -> list[str]:
    prose = strip_code_spans_and_math(chapter.prose)
    return re.findall(rf"(?<![\w@])-?@((?:{_KINDS})-[\w-]*\w)", prose)


def citation_keys(chapter: Chapter) -> list[str]:
    prose = strip_code_spans_and_math(chapter.prose)
    keys = re.findall(r"(?<![\w.])-?@([A-Za-z][\w:.#$%&+?<>~/-]*\w)", prose)
    return [k for k in keys if k.split("-")[0] not in CROSSREF_KINDS]


def bibliography_keys() -> set[str]:
    text = (BOOK / "references.bib").read_text(encoding="utf-8")
    return set(re.findall(r"^@\w+\s*\{\s*([^,\s]+)\s*,", text, flags=re.M))
