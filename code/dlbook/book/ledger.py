"""The claim ledger: every claim of the book with its sentence, its condition and its studies.

Appendix D prints :func:`ledger_markdown`. The entries come from the same scan that the claim
test runs (:mod:`dlbook.book.claim_scan`), so a claim cannot be in the book and missing from
the ledger. A claim written as a function of study records (:mod:`dlbook.book.claims`) is
evaluated again here, on the committed records, and the render stops if it does not hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from dlbook.book import claim_scan, claim_words, claims

ROOT = Path(__file__).resolve().parents[3]
_INLINE = re.compile(r"`\{python\}\s+([^`]+)`")


def _shown(sentence: str) -> str:
    """The sentence with each inline value shown as its expression: as code in prose, and as
    upright text inside maths (code is not TeX, and the EPUB's MathML refuses it)."""
    def in_maths(math: re.Match) -> str:
        return _INLINE.sub(lambda m: r"\mathtt{" + m.group(1).strip().replace("_", r"\_")
                           + "}", math.group(0))

    sentence = re.sub(r"(?<!\\)\$[^$]+\$", in_maths, sentence)
    return _INLINE.sub(lambda m: f"`{m.group(1).strip()}`", sentence)


@dataclass
class Entry:
    """One claim as the ledger prints it."""

    id: str
    page: str  # the page's path from the repository root, e.g. book/03-gated-memory.qmd
    title: str
    line: int
    sentence: str
    target: str  # the anchor's id on the page: claim-ID, or the figure's label
    condition: str
    where: str  # file:line of the condition
    studies: tuple[str, ...]
    evaluated: bool | None  # True: held on the committed records here; None: not a function


def book_pages(root: Path = ROOT) -> list[Path]:
    """The pages ``_quarto.yml`` lists, in reading order (the ledger's own page too)."""
    book = yaml.safe_load((root / "_quarto.yml").read_text(encoding="utf-8"))["book"]
    names: list[str] = []
    for part in (book.get("chapters", []), book.get("appendices", [])):
        for entry in part:
            names.append(entry if isinstance(entry, str) else entry.get("href", ""))
    return [root / name for name in names if name]


def chapter_id(path: Path) -> str:
    """The id of a page's first heading (``# Title {#sec-x}``), or ``""``."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            found = re.search(r"\{#([\w-]+)", line)
            return found.group(1) if found else ""
    return ""


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"\s*\{[^}]*\}\s*$", "", line[2:]).strip()
    return path.stem


def claim_sentences(page: claim_scan.Page) -> dict[str, tuple[str, int, str]]:
    """Each anchored claim's (file, line, sentence), the anchor removed."""
    found = {}
    for unit in page.units:
        for offset, sentence in claim_words.sentences(unit.text):
            for claim in claim_words.ANCHOR.findall(sentence):
                bare = claim_words.EXEMPT.sub("", claim_words.ANCHOR.sub("", sentence))
                text = " ".join(bare.split())
                found[claim] = (unit.file, unit.line + offset, text)
    return found


def ledger_entries(load: Callable[[str], list[dict]], studies: set[str], *,
                   root: Path = ROOT) -> list[Entry]:
    """Every claim of every page, in reading order. ``load(name)`` returns a study's
    committed records (the page passes ``load_study``); ``studies`` are the studies' names,
    which a page is said to read when its code names them."""
    registry = claims.load_all()
    entries = []
    for path in book_pages(root):
        page = claim_scan.read_page(path, preface=path.name == "index.qmd")
        sentences = claim_sentences(page)
        alts = {u.label: (u.file, u.line, u.text) for u in page.units if u.kind == "fig-alt"}
        read = tuple(sorted(page.strings & studies))
        for claim_id, backings in page.backings.items():
            if claim_id in sentences:
                _, line, sentence = sentences[claim_id]
                target = f"claim-{claim_id}"
            elif claim_id in alts:
                _, line, sentence = alts[claim_id]
                # an interactive panel replaces its static figure on the site, which then has
                # no element of the figure's id: such a claim links to the page's heading
                target = chapter_id(path) if claim_id.startswith("fig-panel-") else claim_id
            else:
                continue  # the claim test reports a condition without a sentence
            backing = backings[0]
            found = registry.get(claim_id) if "check(" in backing.condition else None
            evaluated = claims.evaluate(claim_id, load) if found and found.studies else None
            if evaluated is False:
                raise AssertionError(f"claim {claim_id}: {found.says} -- does not hold on the "
                                     f"committed records of {', '.join(found.studies)}")
            sentence = re.sub(r"^(?:[-*+]|\d+\.)\s+", "", sentence)
            entries.append(Entry(
                id=claim_id, page=str(path.relative_to(root)), title=_title(path), line=line,
                sentence=" ".join(_shown(sentence).split()),
                target=target,
                condition=found.source if found else backing.condition,
                where=f"{backing.file}:{backing.line}",
                studies=found.studies if found else read,
                evaluated=evaluated))
    order = {str(p.relative_to(root)): i for i, p in enumerate(book_pages(root))}
    return sorted(entries, key=lambda e: (order[e.page], e.line))


def ledger_markdown(entries: list[Entry], *, here: str = "book") -> str:
    """The ledger as Markdown, one section per page; links are relative to ``here``."""
    # In the PDF, lines of long study names may stretch their spaces rather than run into
    # the margin (raw LaTeX: the site and the EPUB ignore it).
    out, page = ["```{=latex}\n\\sloppy\n```\n"], None
    for entry in entries:
        if entry.page != page:
            page = entry.page
            count = sum(e.page == page for e in entries)
            out.append(f"\n## {entry.title} {{.unnumbered}}\n\n{count} claims.\n")
        link = Path(entry.page)
        link = link.name if str(link.parent) == here else f"../{entry.page}"
        studies = ", ".join(f"`{s}`" for s in entry.studies) or "none (computed live)"
        if entry.evaluated:
            held = "held when evaluated here, on the committed records"
        else:
            held = "held when its page last executed"
        out.append(f"**`{entry.id}`** ([go to the sentence]({link}#{entry.target}))\n\n"
                   f"*Sentence:* {entry.sentence}\n\n"
                   f"Condition (`{entry.where}`):\n\n```python\n{entry.condition.strip()}\n```\n\n"
                   f"Studies: {studies}. Status: {held}.\n")
    return "\n".join(out)
