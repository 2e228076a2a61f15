"""The book's structure: what Quarto needs to render every page and resolve every reference."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bookfiles import (
    BOOK,
    ROOT,
    bibliography_keys,
    book_files,
    citation_keys,
    defined_labels,
    quarto_config,
    read_chapter,
    referenced_labels,
)

CHAPTERS = book_files()
IDS = [p.stem for p in CHAPTERS]


def test_quarto_project_is_a_book_with_the_promised_settings():
    config = quarto_config()
    assert config["project"]["type"] == "book"
    assert config["project"]["output-dir"] == "_book"
    assert config["execute"]["freeze"] == "auto"
    assert config["jupyter"] == "python3"
    html = config["format"]["html"]
    assert {"light", "dark"} <= set(html["theme"])
    assert html["code-copy"] is True
    assert config["book"]["chapters"][0] == "index.qmd"


def test_every_file_quarto_names_exists():
    config = quarto_config()
    named = [*CHAPTERS, ROOT / config["bibliography"]]
    missing = [str(p.relative_to(ROOT)) for p in named if not p.exists()]
    assert not missing, f"_quarto.yml names files that do not exist: {missing}"


def test_every_qmd_in_book_is_listed_in_quarto_yml():
    listed = {p.resolve() for p in CHAPTERS}
    # Files starting with "_" are include fragments, not pages.
    pages = {p.resolve() for p in BOOK.glob("*.qmd") if not p.name.startswith("_")}
    assert not pages - listed, f"pages not listed in _quarto.yml: {sorted(pages - listed)}"


def test_no_label_is_defined_twice_across_the_book():
    counts = Counter(label for path in CHAPTERS for label in defined_labels(read_chapter(path)))
    twice = sorted(label for label, n in counts.items() if n > 1)
    assert not twice, f"labels defined more than once: {twice}"


def test_every_cross_reference_has_exactly_one_label():
    defined = Counter(label for path in CHAPTERS for label in defined_labels(read_chapter(path)))
    dangling = {
        f"{path.name}: @{ref}"
        for path in CHAPTERS
        for ref in referenced_labels(read_chapter(path))
        if defined[ref] != 1
    }
    assert not dangling, f"cross-references without exactly one label: {sorted(dangling)}"


def test_every_citation_key_is_in_the_bibliography():
    keys = bibliography_keys()
    unknown = {
        f"{path.name}: @{key}"
        for path in CHAPTERS
        for key in citation_keys(read_chapter(path))
        if key not in keys
    }
    assert not unknown, f"citations missing from book/references.bib: {sorted(unknown)}"


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_every_figure_has_a_caption_and_alt_text(path):
    chapter = read_chapter(path)
    problems = []
    for cell in chapter.python_cells:
        label = str(cell.options.get("label", ""))
        if label.startswith("fig-"):
            for key in ("fig-cap", "fig-alt"):
                if not str(cell.options.get(key, "")).strip():
                    problems.append(f"cell {label} (line {cell.line}) lacks {key}")
        if label.startswith("tbl-") and not str(cell.options.get("tbl-cap", "")).strip():
            problems.append(f"cell {label} (line {cell.line}) lacks tbl-cap")
    for match in re.finditer(r"!\[([^\]]*)\]\(([^)\s]+)\)(\{[^}]*\})?", chapter.prose):
        caption, target, attrs = match.group(1), match.group(2), match.group(3) or ""
        if not caption.strip():
            problems.append(f"image {target} has no caption")
        if "fig-alt=" not in attrs:
            problems.append(f"image {target} has no fig-alt")
        if not target.startswith("http") and not (path.parent / target).exists():
            problems.append(f"image {target} does not exist")
    assert not problems, "; ".join(problems)


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_cells_use_only_known_engines_and_listing_cells_are_asis(path):
    chapter = read_chapter(path)
    for cell in chapter.cells:
        assert cell.engine in {"", "python", "ojs"}, (
            f"line {cell.line}: unknown engine {cell.engine}"
        )
        if cell.engine == "python" and "show_listing(" in cell.source:
            assert cell.options.get("output") == "asis", (
                f"{path.name} line {cell.line}: a listing cell needs '#| output: asis'"
            )


@pytest.mark.parametrize("path", [p for p in CHAPTERS if p.name != "index.qmd"],
                         ids=[p.stem for p in CHAPTERS if p.name != "index.qmd"])
def test_chapter_has_goals_summary_questions_exercises_and_sources(path):
    text = read_chapter(path).prose.lower()
    is_appendix = path.name.startswith("appendix")
    wanted = ["summary", "sources"] if is_appendix else [
        "you will be able to", "summary", "check yourself", "exercises", "sources"]
    missing = [w for w in wanted if w not in text]
    assert not missing, f"{path.name} lacks sections: {missing}"


def test_the_home_page_is_index_qmd_at_the_project_root():
    # Quarto refuses a book whose first chapter is not the root index ("must include a home
    # page"); the corpus tooling names the same file.
    assert quarto_config()["book"]["chapters"][0] == "index.qmd"
    assert (ROOT / "index.qmd").exists() and not (BOOK / "index.qmd").exists()


def test_publish_workflow_renders_exactly_what_ci_renders():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github/workflows/publish.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["build"]["steps"]
    runs = [str(step.get("run", "")).strip() for step in steps]
    assert "make book" in runs, "the workflow must render with `make book`, as CI does"
    assert runs.index("make formats") > runs.index("make book"), (
        "the workflow must add the PDF and the EPUB with `make formats` after the site")
    assert not any("quarto render" in run for run in runs)
    setup = next(s for s in steps if "quarto-actions/setup" in str(s.get("uses", "")))
    installer = ROOT.parent / "shared" / "toolchain" / "quarto" / "install.sh"
    if installer.exists():
        ci_version = re.search(r"^VERSION=(\S+)$", installer.read_text(), re.M).group(1)
        assert str(setup["with"]["version"]) == ci_version


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_figure_cells_hide_their_plotting_code(path):
    # STYLE: plotting plumbing is hidden, the ideas shown (the experiment runs in other cells).
    shown = [str(c.options.get("label")) for c in read_chapter(path).python_cells
             if str(c.options.get("label", "")).startswith("fig-")
             and c.options.get("echo", True) is not False]
    assert not shown, f"{path.name}: figure cells that print their plotting code: {shown}"


def test_no_inline_expression_runs_onto_a_second_line():
    # Quarto evaluates `{python} expr` only within one line; across a line break the page
    # shows the code instead of its value.
    found = [f"{page.name}:{page.read_text(encoding='utf-8')[:m.start()].count(chr(10)) + 1}"
             for page in book_files()
             for m in re.finditer(r"(?<!``)`\{python\}[^`\n]*\n",
                                  page.read_text(encoding="utf-8"))]
    assert not found, f"inline expressions broken across lines: {found}"


#: Indented lines that pandoc reads as the marker of a sublist: inside a list item a sublist
#: starts without a blank line, and the item is cut in two where it does.
SUBLIST_MARKERS = {
    # `@label.` or `(@label)` and a space marks a numbered example: the reference disappears
    # into an empty example list
    "a reference": re.compile(r"^[ \t]+\(?@[A-Za-z0-9_-]+[.)](\s|$)"),
    # Quarto puts the value in before pandoc reads the page: `{python} n`. becomes "5."
    "an inline value": re.compile(r"^[ \t]+`\{python\} [^`]*`[.)](\s|$)"),
}


@pytest.mark.parametrize("what", SUBLIST_MARKERS)
def test_no_line_in_a_list_item_starts_like_a_list_marker(what):
    found = [f"{page.name}:{number}" for page in book_files()
             for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if SUBLIST_MARKERS[what].match(line)]
    assert not found, f"rewrap these lines so they do not start with {what}: {found}"


def test_a_fenced_div_in_a_numbered_item_starts_at_the_items_text():
    # In "9. Why ..." the item's text starts at column 3; a callout fence indented to column 4
    # there (copied from a "10." item) is not a div for pandoc, and Quarto prints ":::" as text.
    item = re.compile(r"^(\d+\. )")
    found = []
    for page in book_files():
        column = None
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            started = item.match(line)
            if started:
                column = len(started.group(1))
            elif line.startswith(("#", "```")) or (line and not line[0].isspace()):
                column = None
            elif column is not None and line.lstrip().startswith(":::"):
                if len(line) - len(line.lstrip()) != column:
                    found.append(f"{page.name}:{number}")
    assert not found, f"indent these fences to their item's text: {found}"


@pytest.mark.parametrize("path", CHAPTERS, ids=IDS)
def test_alt_text_is_a_description_not_a_placeholder(path):
    short = [f"{cell.options['label']} (line {cell.line})"
             for cell in read_chapter(path).python_cells
             if str(cell.options.get("label", "")).startswith("fig-")
             and len(str(cell.options.get("fig-alt", "")).split()) < 8]
    assert not short, f"fig-alt of fewer than eight words: {short}"
