"""Every claim about a computed result is worded by code or guarded by an assert.

The convention (issue 14). A sentence that states something about a computed result is
*backed* when either

(a) its wording comes from an inline expression `` `{python} expr` `` computed from the
    result, or
(b) it is followed in the source by the marker ``<!-- claim: ID -->`` (ID in ``[a-z0-9-]+``,
    unique in the book) and some Python cell of the same chapter holds
    ``assert <condition>, "claim ID: <what the sentence says>"``.

Figure alt text (``#| fig-alt:``) is backed by an assert whose ID is the figure's label;
alt text that only describes axes and what is plotted needs nothing.

What this test scans, in every page ``_quarto.yml`` lists (included files too): figure alt
texts, every bullet or paragraph under a ``## Summary`` heading, every callout block, and
every line of the preface. In those places a sentence that contains a word of ``RESULT_WORDS``
typed in the prose (not produced by an inline expression: a verdict typed beside a computed
number is still typed) must carry a marker with a matching assert. The test also fails on a
marker without an assert, an assert ID without a marker or figure, an ID used twice, and an
assert whose condition is a constant (it could never fail).

Sentences the word list flags that are about mathematics or definitions, not about a
computed result, are listed in ``ALLOWED`` with the reason; an entry that no longer matches
any sentence fails the test, so the list cannot rot.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bookfiles import ROOT, book_files, parse_options

#: Words and phrases that state or compare a computed outcome. Stems match their inflections.
RESULT_WORDS = [
    r"win(?:s|ner|ners)?", r"won", r"beat(?:s|en)?", r"outperform\w*", r"better", r"worse",
    r"best", r"worst", r"faster", r"slower", r"more slowly", r"quicker",
    r"decay(?:s|ed|ing)?", r"vanish(?:es|ed|ing)?", r"explod(?:e|es|ed|ing)",
    r"diverg(?:e|es|ed|ing)", r"blows? up",
    r"perfect(?:ly)?", r"enormous(?:ly)?", r"huge", r"dramatic(?:ally)?",
    r"no better than", r"straight line", r"orders? of magnitude",
    r"solv(?:e|es|ed)", r"fail(?:s|ed)?", r"learn(?:s|ed|t)", r"memoris(?:e|es|ed)",
    r"remember(?:s|ed)", r"at chance", r"near chance", r"above chance", r"chance level",
    r"falls?", r"fell", r"rises?", r"rose", r"grows?", r"grew", r"drops?", r"dropped",
    r"shrinks?", r"shrank", r"confident(?:ly)?", r"decided?", r"separated?",
]
_WORDS = re.compile(r"\b(?:" + "|".join(RESULT_WORDS) + r")\b", re.IGNORECASE)

#: (page file name, fragment of the sentence) -> why the flagged sentence needs no assert.
ALLOWED: dict[tuple[str, str], str] = {
    ("index.qmd", "shows why it vanishes or explodes"):
        "describes what Chapter 2 derives (products of Jacobians), not a result",
    ("index.qmd", "bad arguments fail with a message"):
        "describes what the unit tests check, not a computed result",
    ("index.qmd", "fails the tests before a reader can see it"):
        "describes the execution test, not a computed result",
    ("01-sequences.qmd", "a function per step has parameters that grow with the length"):
        "the parameter count of a per-step model is a formula in T, checked in a cell",
    ("01-sequences.qmd", "it fails order completely"):
        "a mean is invariant under permutations of its terms: mathematics",
    ("01-sequences.qmd", "Huge values or NaN make any leak impossible to miss"):
        "advice about test design, not a result",
    ("02-gradients.qmd", "Clipping rescales an exploding gradient to a fixed length"):
        "the definition of norm clipping (eq-bptt-clip); the non-finite case is asserted in a cell",
    ("02-gradients.qmd", "dependency receives gradient from only a fraction"):
        "the horizon formula (eq-bptt-horizon) and a possibility, not a measured outcome",
    ("02-gradients.qmd", "longer dependencies are learned only if a mechanism learned"):
        "what truncation permits, from the horizon argument; no measured outcome",
    ("02-gradients.qmd", "If the matrix is non-normal its powers can grow transiently"):
        "a mathematical possibility, shown by the closed form of eq-bptt-nonnormal",
    ("02-gradients.qmd", "while the sensitivity vanishes, because the"):
        "fixed-point analysis of tanh(2h): the multiplier at the plateau is below one",
    ("02-gradients.qmd", "Vanishing needs a change of architecture"):
        "advice that follows from the definition of clipping",
    ("02-gradients.qmd", "A fixed cut always drops the terms of lag at least"):
        "the definition of a fixed truncation",
    ("02-gradients.qmd", "It may still come to use the word if the state learns"):
        "a possibility that follows from the horizon argument, not a measured outcome",
    ("03-gated-memory.qmd", "the forget gate makes the identity a learned, per-unit leak"):
        "'learned' is an adjective here: the forget gate is a trained parameter, by definition",
    ("06-equal-budget.qmd", "One trainer trains all three models: AdamW with decoupled weight"):
        "'weight decay' names an optimiser setting, not a result",
    ("appendix-a-rnn-details.qmd", "sufficient for vanishing and $\\sigma_{\\max} > 1$ necessary"):
        "a consequence of the bound eq-rnnd-bound: mathematics",
    ("appendix-a-rnn-details.qmd", "Over many steps the product is governed by how the stretched"):
        "a statement about products of matrices (spectral radius against singular value)",
}

_MARKER = re.compile(r"<!--\s*claim:\s*(\S*?)\s*-->")
_ID = re.compile(r"^[a-z0-9-]+$")
_FENCE = re.compile(r"^(`{3,})\s*(.*)$")
_INCLUDE = re.compile(r"\{\{<\s*include\s+(\S+)\s*>\}\}")
_INLINE = re.compile(r"`\{python\}[^`]*`")
_ALT_IN_PROSE = re.compile(r"\{#(fig-[\w-]+)[^}]*?fig-alt=\"([^\"]*)\"")
_CLAIM_MESSAGE = re.compile(r"^claim ([^\s:]+):\s*\S")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "etc.", "cf.", "vs.", "approx.")


@dataclass
class Unit:
    """A bullet, paragraph or alt text that the test scans, and where it is."""

    kind: str  # "fig-alt", "summary", "callout", "preface"
    file: str
    line: int
    text: str
    label: str = ""  # the figure label, for alt text


@dataclass
class Page:
    """What the checker needs from one page: scanned units, markers, claim asserts."""

    name: str
    units: list[Unit] = field(default_factory=list)
    markers: list[tuple[str, str, int]] = field(default_factory=list)  # (id, file, line)
    asserts: dict[str, list[str]] = field(default_factory=dict)  # id -> where
    figures: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


def _claim_asserts(source: str, where: str, page: Page) -> None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return  # the execution test reports broken cells
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert) or node.msg is None:
            continue
        parts = ([node.msg] if isinstance(node.msg, ast.Constant)
                 else node.msg.values if isinstance(node.msg, ast.JoinedStr) else [])
        text = "".join(p.value for p in parts
                       if isinstance(p, ast.Constant) and isinstance(p.value, str))
        match = _CLAIM_MESSAGE.match(text)
        if not match:
            continue
        if isinstance(node.test, ast.Constant):
            page.problems.append(f"{where}: assert for claim {match.group(1)} tests a constant; "
                                 f"it can never fail")
        page.asserts.setdefault(match.group(1), []).append(where)


def _units_of_block(kind: str, file: str, lines: list[tuple[int, str]]) -> list[Unit]:
    """Split prose lines into bullets and paragraphs."""
    units: list[Unit] = []
    current: list[tuple[int, str]] = []

    def flush() -> None:
        if current:
            units.append(Unit(kind, file, current[0][0], "\n".join(t for _, t in current)))
            current.clear()

    for number, text in lines:
        stripped = text.strip()
        if not stripped or stripped.startswith(":::"):
            flush()
            continue
        if re.match(r"^(?:[-*+]|\d+\.)\s", stripped) or stripped.startswith("#"):
            flush()
        current.append((number, stripped))
    flush()
    return units


def _read(path: Path, page: Page, *, preface: bool, text: str | None = None) -> None:
    """Collect units, markers, figures and claim asserts of ``path`` (and its includes)."""
    text = path.read_text(encoding="utf-8") if text is None else text
    name = path.name
    lines = text.splitlines()
    i, depth, callout_depth, in_summary = 0, 0, None, False
    blocks: list[tuple[str, list[tuple[int, str]]]] = []

    def region() -> str | None:
        if callout_depth is not None:
            return "callout"
        if in_summary:
            return "summary"
        return "preface" if preface else None

    def add(kind: str | None, number: int, line: str) -> None:
        if kind is None:
            return
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
                options, rest = parse_options(body)
                _claim_asserts("\n".join(rest), f"{name}:{number}", page)
                label = str(options.get("label", ""))
                if label.startswith("fig-"):
                    page.figures.add(label)
                    if options.get("fig-alt"):
                        page.units.append(Unit("fig-alt", name, number,
                                               str(options["fig-alt"]), label))
            add(region(), number, "")
            continue
        include = _INCLUDE.search(line)
        if include:
            target = path.parent / include.group(1)
            _read(target, page, preface=preface)
            i += 1
            continue
        for marker in _MARKER.finditer(line):
            page.markers.append((marker.group(1), name, number))
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
        add(region(), number, line)
        i += 1
    for kind, block in blocks:
        page.units.extend(_units_of_block(kind, name, block))


def _sentences(text: str) -> list[tuple[int, str]]:
    """(line offset, sentence) pairs; a claim marker stays with the sentence before it."""
    protected = text
    for abbreviation in _ABBREVIATIONS:
        protected = protected.replace(abbreviation, abbreviation.replace(".", "\x00"))
    pieces, start = [], 0
    for split in re.finditer(r"(?<=[.!?])\s+(?!<!--\s*claim:)|(?<=-->)\s+", protected):
        pieces.append((start, protected[start:split.start()]))
        start = split.end()
    pieces.append((start, protected[start:]))
    return [(text[:pos].count("\n"), piece.replace("\x00", ".")) for pos, piece in pieces
            if piece.strip()]


def _typed_words(sentence: str) -> list[str]:
    """The result words typed in a sentence: not in inline expressions, code, math or markers."""
    prose = _MARKER.sub(" ", sentence)
    prose = _INLINE.sub(" ", prose)
    prose = re.sub(r"`[^`]*`", " ", prose)
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.S)
    prose = re.sub(r"(?<!\\)\$[^$]+\$", " ", prose)
    prose = re.sub(r"\[@[^\]]*\]|@[\w:-]+", " ", prose)  # citations and cross-references
    return [m.group(0) for m in _WORDS.finditer(prose)]


def read_page(path: Path, *, text: str | None = None, preface: bool | None = None) -> Page:
    preface = path.resolve() == (ROOT / "index.qmd").resolve() if preface is None else preface
    page = Page(path.name)
    _read(path, page, preface=preface, text=text)
    return page


def check_page(page: Page, allowed: dict[tuple[str, str], str] | None = None,
               used: set[tuple[str, str]] | None = None) -> list[str]:
    """Every problem of one page, as ``file:line: what``."""
    allowed = ALLOWED if allowed is None else allowed
    used = set() if used is None else used
    problems = list(page.problems)
    marker_ids = {m for m, _, _ in page.markers}
    for marker, file, line in page.markers:
        if not _ID.match(marker):
            problems.append(f"{file}:{line}: claim marker id {marker!r} must match [a-z0-9-]+")
        elif marker not in page.asserts:
            problems.append(f"{file}:{line}: claim marker {marker!r} has no "
                            f"`assert ..., \"claim {marker}: ...\"` in a cell of {page.name}")
    for claim, where in page.asserts.items():
        if claim not in marker_ids and claim not in page.figures:
            problems.append(f"{where[0]}: assert for claim {claim!r} backs no "
                            f"<!-- claim: {claim} --> marker and no figure of {page.name}")
    for unit in page.units:
        if unit.kind == "fig-alt":
            words = _typed_words(unit.text)
            if words and unit.label not in page.asserts:
                problems.append(
                    f"{unit.file}:{unit.line}: alt text of {unit.label} states a result "
                    f"({', '.join(words)}) but no cell asserts `claim {unit.label}: ...`: "
                    f"{unit.text}")
            continue
        for offset, sentence in _sentences(unit.text):
            words = _typed_words(sentence)
            if not words:
                continue
            flat = " ".join(sentence.split())
            markers = [m for m in _MARKER.findall(sentence) if m in page.asserts]
            if markers:
                continue
            key = next((k for k in allowed if k[0] == page.name and k[1] in flat), None)
            if key is not None:
                used.add(key)
                continue
            problems.append(f"{unit.file}:{unit.line + offset}: {unit.kind} sentence states a "
                            f"result ({', '.join(words)}) with no claim marker and assert: "
                            f"{flat}")
    return problems


PAGES = book_files()
_USED: set[tuple[str, str]] = set()


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_every_claim_on_the_page_is_backed(path):
    problems = check_page(read_page(path), used=_USED)
    assert not problems, f"{len(problems)} unbacked claim(s):\n" + "\n".join(problems)


def test_claim_ids_are_unique_in_the_book():
    counts = Counter(m for path in PAGES for m, _, _ in read_page(path).markers)
    twice = sorted(m for m, n in counts.items() if n > 1)
    assert not twice, f"claim ids used more than once: {twice}"


def test_every_allowed_sentence_still_exists():
    used: set[tuple[str, str]] = set()
    for path in PAGES:
        check_page(read_page(path), used=used)
    stale = [key for key in ALLOWED if key not in used]
    assert not stale, f"ALLOWED entries that match no flagged sentence (remove them): {stale}"
    assert all(reason.strip() for reason in ALLOWED.values())


# --- The checker on planted text ------------------------------------------------------------

def planted(text: str, *, preface: bool = False) -> list[str]:
    return check_page(read_page(Path("planted.qmd"), text=text, preface=preface), allowed={})


FIGURE = '''
```{{python}}
#| label: fig-demo
#| fig-cap: "A demo."
#| fig-alt: "{alt}"
{body}plt.show()
```
'''


def test_planted_alt_text_with_a_result_and_no_assert_fails():
    problems = planted(FIGURE.format(alt="Two curves; the LSTM decays far more slowly.", body=""))
    assert len(problems) == 1 and "fig-demo" in problems[0] and "decays" in problems[0]


def test_planted_alt_text_with_its_assert_passes():
    body = 'assert slope_lstm > slope_rnn, "claim fig-demo: the LSTM decays more slowly"\n'
    assert planted(FIGURE.format(alt="Two curves; the LSTM decays far more slowly.",
                                 body=body)) == []


def test_planted_alt_text_that_only_describes_axes_passes():
    assert planted(FIGURE.format(alt="Loss on a log axis against the step, one line per model.",
                                 body="")) == []


def test_planted_summary_bullet_without_marker_fails():
    text = "# Chapter\n\n## Summary\n\n- The LSTM beats the GRU on every seed.\n- Plain fact.\n"
    problems = planted(text)
    assert len(problems) == 1 and "planted.qmd:5" in problems[0] and "beats" in problems[0]


def test_planted_verdict_typed_beside_an_inline_number_still_fails():
    text = "## Summary\n\nThe gradient fell by a factor of `{python} drop_s` over sixty steps.\n"
    problems = planted(text)
    assert len(problems) == 1 and "fell" in problems[0]


def test_planted_summary_bullet_with_marker_and_assert_passes():
    text = ("## Summary\n\n- The LSTM beats the GRU on these seeds. <!-- claim: lstm-beats -->\n"
            "\n```{python}\nassert lstm > gru, \"claim lstm-beats: the LSTM beats the GRU\"\n```\n")
    assert planted(text) == []


def test_planted_marker_without_assert_fails():
    text = "Body text that wins. <!-- claim: orphan -->\n"
    problems = planted(text)
    assert len(problems) == 1 and "orphan" in problems[0] and "no `assert" in problems[0]


def test_planted_assert_without_marker_fails():
    text = '```{python}\nassert a > b, "claim nowhere: a beats b"\n```\n'
    problems = planted(text)
    assert len(problems) == 1 and "nowhere" in problems[0]


def test_planted_assert_that_cannot_fail_is_rejected():
    text = ('- It wins. <!-- claim: always -->\n\n'
            '```{python}\nassert True, "claim always: it wins"\n```\n')
    problems = planted(text)
    assert len(problems) == 1 and "constant" in problems[0]


def test_planted_callout_and_preface_lines_are_scanned():
    callout = "::: {.callout-tip}\n## Tip\n\nThe default LSTM fails here.\n:::\n"
    assert len(planted(callout)) == 1
    assert planted("Body prose outside any scanned region fails nothing.\n") == []
    assert len(planted("Gating beats initialisation.\n", preface=True)) == 1


def test_planted_marker_backs_only_its_own_sentence():
    text = ("## Summary\n\n- The RNN fails. The LSTM wins. <!-- claim: lstm-wins -->\n"
            "\n```{python}\nassert lstm_acc > 0.9, \"claim lstm-wins: the LSTM wins\"\n```\n")
    problems = planted(text)
    assert len(problems) == 1 and "The RNN fails." in problems[0]
