"""The claim scan: every sentence of the book that states a result of its runs is backed.

The convention. A sentence that states something about a computed result (an outcome, a
comparison, a trend, a quantifier such as "every", "none" or "at least") is *backed* when

(a) its wording comes from an inline expression `` `{python} expr` `` (a verdict typed beside
    a computed number is still typed), or
(b) it ends with the anchor ``[]{#claim-ID}`` (ID in ``[a-z0-9-]+``, unique in the book) and
    a Python cell of the same page holds ``assert <condition>, "claim ID: <the sentence>"``
    or calls ``check("ID", ...)``, which evaluates a claim of :mod:`dlbook.book.claims`.

A sentence about mathematics, a definition, the literature or the book's design carries
``<!-- exempt: REASON -->`` instead, the reason in words. Figure alt text, and a figure's
or table's caption, is backed by an assert or check whose ID is its label. The scan reads
every page ``_quarto.yml`` lists, includes too: every paragraph, list item and table row,
callouts, summaries, the preface, and figure and table captions and alt text. The words it
looks for are :data:`dlbook.book.claim_words.RESULT_WORDS`.

:func:`check_page` lists a page's problems; :mod:`dlbook.book.ledger` prints what it finds.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from dlbook.book.claim_words import ANCHOR, EXEMPT, sentences, typed_words

ID = re.compile(r"^[a-z0-9-]+$")
_FENCE = re.compile(r"^(`{3,})\s*(.*)$")
_OPTION = re.compile(r"^#\|\s?(.*)$")
_INCLUDE = re.compile(r"\{\{<\s*include\s+(\S+)\s*>\}\}")
_ALT_IN_PROSE = re.compile(r"\{#(fig-[\w-]+)[^}]*?fig-alt=\"([^\"]*)\"")
_CLAIM_MESSAGE = re.compile(r"^claim ([^\s:]+):\s*\S")
_STRING = re.compile(r"""["']([a-z0-9][a-z0-9-]+)["']""")


@dataclass
class Unit:
    """A paragraph, list item, table row, caption or alt text that the scan reads."""

    kind: str  # "body", "summary", "callout", "preface", "caption", "fig-alt"
    file: str
    line: int
    text: str
    label: str = ""  # the figure's label, for alt text


@dataclass
class Backing:
    """An assert or a ``check`` call that backs a claim ID, and the condition it tests."""

    file: str
    line: int
    condition: str  # the assert's test, or the check call, as source


@dataclass
class Page:
    """What the scan found on one page (its includes folded in)."""

    name: str
    units: list[Unit] = field(default_factory=list)
    anchors: list[tuple[str, str, int]] = field(default_factory=list)  # (id, file, line)
    backings: dict[str, list[Backing]] = field(default_factory=dict)
    figures: set[str] = field(default_factory=set)
    strings: set[str] = field(default_factory=set)  # string literals of its code
    problems: list[str] = field(default_factory=list)


def _options(lines: list[str]) -> tuple[dict, list[str]]:
    rest, option_lines = list(lines), []
    while rest and _OPTION.match(rest[0]):
        option_lines.append(_OPTION.match(rest.pop(0)).group(1))
    return (yaml.safe_load("\n".join(option_lines)) or {}) if option_lines else {}, rest


def _source(source: str, node: ast.AST) -> str:
    """A node's code as the author wrote it (line breaks kept, so no line outgrows the page),
    its continuation lines shifted left by the indentation of the first."""
    text = ast.get_source_segment(source, node) or ast.unparse(node)
    shift = node.col_offset
    return "\n".join([text.splitlines()[0]] + [line[shift:] if line[:shift].isspace() else
                                               line for line in text.splitlines()[1:]])


def _backings(source: str, file: str, first_line: int, page: Page) -> None:
    """Record every ``assert ..., "claim ID: ..."`` and ``check("ID", ...)`` of a cell."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return  # the execution test reports broken cells
    page.strings.update(_STRING.findall(source))
    for node in ast.walk(tree):
        where = f"{file}:{first_line + getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Assert) and node.msg is not None:
            parts = ([node.msg] if isinstance(node.msg, ast.Constant)
                     else node.msg.values if isinstance(node.msg, ast.JoinedStr) else [])
            text = "".join(p.value for p in parts
                           if isinstance(p, ast.Constant) and isinstance(p.value, str))
            match = _CLAIM_MESSAGE.match(text)
            if not match:
                if text.startswith("claim"):
                    page.problems.append(f"{where}: an assert message that starts with "
                                         f"'claim' must read 'claim ID: ...', got {text!r:.60}")
                continue
            if isinstance(node.test, ast.Constant):
                page.problems.append(f"{where}: assert for claim {match.group(1)} tests a "
                                     f"constant; it can never fail")
            page.backings.setdefault(match.group(1), []).append(
                Backing(file, first_line + node.lineno, _source(source, node.test)))
        elif (isinstance(node, ast.Call) and node.args
              and (getattr(node.func, "id", None) == "check"
                   or getattr(node.func, "attr", None) == "check")
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            page.backings.setdefault(node.args[0].value, []).append(
                Backing(file, first_line + node.lineno, _source(source, node)))


def _units_of_block(kind: str, file: str, lines: list[tuple[int, str]]) -> list[Unit]:
    """Split prose lines into paragraphs, list items, table rows and headings."""
    units: list[Unit] = []
    current: list[tuple[int, str]] = []

    def flush() -> None:
        if current:
            units.append(Unit(kind, file, current[0][0], "\n".join(t for _, t in current)))
            current.clear()

    for number, text in lines:
        stripped = text.strip()
        if not stripped or stripped.startswith((":::", "#")):  # headings are titles
            flush()
            continue
        if re.match(r"^(?:[-*+]|\d+\.)\s|^\|", stripped):
            flush()
        current.append((number, stripped))
        if stripped.startswith("|"):  # a table row stands alone
            flush()
    flush()
    return units


def _read(path: Path, page: Page, *, preface: bool, text: str | None = None) -> None:
    text = path.read_text(encoding="utf-8") if text is None else text
    name = path.name
    lines = text.splitlines()
    i, depth, callout_depth, in_summary = 0, 0, None, False
    blocks: list[tuple[str, list[tuple[int, str]]]] = []

    def region() -> str:
        if callout_depth is not None:
            return "callout"
        if in_summary:
            return "summary"
        return "preface" if preface else "body"

    def add(kind: str, number: int, line: str) -> None:
        if not blocks or blocks[-1][0] != kind:
            blocks.append((kind, []))
        blocks[-1][1].append((number, line))

    while i < len(lines):
        line, number = lines[i], i + 1
        fence = _FENCE.match(line)
        if fence:
            marks, info = fence.group(1), fence.group(2).strip()
            body = []
            i += 1
            while i < len(lines) and not re.match(rf"^{marks}\s*$", lines[i]):
                body.append(lines[i])
                i += 1
            i += 1
            if re.match(r"^\{python[^}]*\}$", info):
                options, rest = _options(body)
                _backings("\n".join(rest), name, number + len(body) - len(rest), page)
                label = str(options.get("label", ""))
                if label.startswith("fig-"):
                    page.figures.add(label)
                    if options.get("fig-alt"):
                        page.units.append(Unit("fig-alt", name, number,
                                               str(options["fig-alt"]), label))
                for key in ("fig-cap", "tbl-cap"):
                    if options.get(key):
                        page.units.append(Unit("caption", name, number, str(options[key]),
                                               label))
            add(region(), number, "")
            continue
        include = _INCLUDE.search(line)
        if include:
            _read(path.parent / include.group(1), page, preface=preface)
            i += 1
            continue
        for anchor in ANCHOR.finditer(line):
            page.anchors.append((anchor.group(1), name, number))
        for label, alt in _ALT_IN_PROSE.findall(line):
            page.figures.add(label)
            page.units.append(Unit("fig-alt", name, number, alt, label))
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading and callout_depth is None and len(heading.group(1)) <= 2:
            in_summary = heading.group(2).strip().lower().startswith("summary")
        div = re.match(r"^(:{3,})\s*(\{.*\})?\s*$", line)
        if div:
            if div.group(2):
                depth += 1
                if callout_depth is None and ".callout" in div.group(2):
                    callout_depth = depth
            else:
                if callout_depth == depth:
                    callout_depth = None
                depth = max(0, depth - 1)
            add(region(), number, "")
            i += 1
            continue
        add(region(), number, _ALT_IN_PROSE.sub("", line))
        i += 1
    for kind, block in blocks:
        page.units.extend(_units_of_block(kind, name, block))


def read_page(path: Path, *, text: str | None = None, preface: bool = False) -> Page:
    """Scan one page; ``preface`` marks the preface (``index.qmd``) for the messages."""
    page = Page(path.name)
    _read(path, page, preface=preface, text=text)
    return page


def check_page(page: Page) -> list[str]:
    """Every problem of one page, as ``file:line: what``."""
    problems = list(page.problems)
    anchor_ids = {a for a, _, _ in page.anchors}
    for anchor, file, line in page.anchors:
        if not ID.match(anchor):
            problems.append(f"{file}:{line}: claim id {anchor!r} must match [a-z0-9-]+")
        elif anchor not in page.backings:
            problems.append(f"{file}:{line}: claim {anchor!r} has no `assert ..., \"claim "
                            f"{anchor}: ...\"` and no check({anchor!r}, ...) on {page.name}")
    for claim, where in page.backings.items():
        if claim not in anchor_ids and claim not in page.figures:
            problems.append(f"{where[0].file}:{where[0].line}: claim {claim!r} backs no "
                            f"[]{{#claim-{claim}}} and no figure of {page.name}")
        if len(where) > 1:
            problems.append(f"{where[0].file}:{where[0].line}: claim {claim!r} is backed "
                            f"{len(where)} times; one condition per claim, each ID once")
    for unit in page.units:
        if unit.kind == "caption" and unit.label in page.backings:
            continue  # a caption is backed, like alt text, by a claim named after its label
        if unit.kind == "fig-alt":
            words = typed_words(unit.text)
            if words and unit.label not in page.backings:
                problems.append(f"{unit.file}:{unit.line}: alt text of {unit.label} states a "
                                f"result ({', '.join(words)}) but no cell asserts "
                                f"`claim {unit.label}: ...`: {unit.text}")
            continue
        for offset, sentence in sentences(unit.text):
            flat = " ".join(sentence.split())
            exempt = EXEMPT.search(sentence)
            if exempt and not exempt.group(1).strip():
                problems.append(f"{unit.file}:{unit.line + offset}: an exemption must say "
                                f"why: {flat}")
            words = typed_words(sentence)
            if exempt and not words:
                problems.append(f"{unit.file}:{unit.line + offset}: exempt sentence states no "
                                f"result word any more; remove the exemption: {flat}")
            if not words or exempt or any(a in page.backings for a in ANCHOR.findall(sentence)):
                continue
            problems.append(f"{unit.file}:{unit.line + offset}: {unit.kind} sentence states a "
                            f"result ({', '.join(words)}) with no claim and no exemption: {flat}")
    return problems

