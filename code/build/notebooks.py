"""Write every chapter and appendix of the book as a Jupyter notebook a reader can download.

Usage: ``python code/build/notebooks.py [OUT]``. Quarto runs it after every render (the
``post-render`` step in ``_quarto.yml``), and it writes ``<chapter>.ipynb`` for each page
under ``book/`` that ``_quarto.yml`` lists into ``OUT`` (default:
``$QUARTO_PROJECT_OUTPUT_DIR/notebooks``, else ``_book/notebooks``). Each page links its
notebook from its front matter (``code-links``).

A notebook is the chapter's source, not its render:

- prose becomes markdown cells; Quarto-only syntax that Jupyter would show as clutter
  goes (front matter, ``{#sec-x}`` attributes, ``:::`` div fences; callouts become block
  quotes), and an inline value `` `{python} expr` `` is shown as the code `` `expr` ``,
  since Jupyter's markdown cannot evaluate it;
- every ``{python}`` cell becomes a code cell, *with* its ``#|`` option lines: they are
  comments to Python, and they carry the figure labels and captions the prose refers to
  (``@fig-x`` names the cell whose ``#| label:`` is ``fig-x``); a cell Quarto does not run
  (``#| eval: false``) is shown as code in markdown, so "Run all" runs what the book ran;
- ``{ojs}`` cells (the interactive panels) cannot run in a Python kernel: a panel becomes
  one markdown note pointing to the web page, and a hidden OJS cell is dropped;
- a local image is attached to its markdown cell, so the notebook stands alone;
- outputs are stripped: the web page shows them, and a notebook the reader runs makes
  its own. Cell ids are fixed, so the same source writes the same bytes.

We do not use ``quarto convert``: it keeps every piece of Quarto syntax (inline
expressions, OJS cells, divs, attributes) verbatim, and it needs Quarto, which the unit
tests of this module do not.
"""

from __future__ import annotations

import base64
import mimetypes
import os
import re
import sys
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^(`{3,})\s*(.*)$")
ENGINE = re.compile(r"^\{(\w+)[^}]*\}$")
INLINE = re.compile(r"`\{python\}\s+([^`]+)`")
ATTRIBUTES = re.compile(r"[ \t]*(?<!\\)\{[#.][A-Za-z][^}\n]*\}")
CLAIM_ANCHOR = re.compile(r"[ \t]*\[\]\{#claim-[^}\s]*\}")  # the ledger's link target
DIV = re.compile(r"^\s*(:{3,})\s*(.*)$")
CALLOUT = re.compile(r"\.callout-(\w+)")
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
INCLUDE = re.compile(r"\{\{<\s*include\s+(\S+)\s*>\}\}")
CODE_BLOCK = re.compile(r"^(?:> )*(`{3,}).*?^(?:> )*\1[ \t]*$", re.M | re.S)
FRONT_MATTER = re.compile(r"\A---\n.*?\n---[ \t]*\n", re.S)

HEADER = """\
*This notebook is the chapter "{title}" of the book* Sequence Models, Executed, *generated
from its source `{source}`. The book's web page `{page}` shows every output; here the
outputs are stripped, so run the cells top to bottom yourself.*

- **What it needs.** A clone of the book's repository with the companion package `dlbook`
  installed from it: `pip install -e .` in the repository root (or `make setup`, which
  creates `.venv` with the pinned versions). The chapter reads its data (result records,
  the corpus snapshot) through `dlbook.corpus.data_dir()`: the repository's `data/`
  folder, or the folder named by the environment variable `DLBOOK_DATA` if `dlbook` was
  installed some other way. The notebook runs from any working directory.
- **How to read it.** A value written as code in the prose, such as `loss_s`, is computed
  by an earlier cell (on the web page it is shown as its value). `@fig-...`, `@sec-...`
  and `@eq-...` are cross-references and `[@key]` citations, resolved on the web page;
  the `#|` comments at the top of a cell are Quarto's cell options (a figure's label and
  caption). A cell marked `#| output: asis` prints Markdown (a table, a listing) that the
  web page renders and a notebook shows as text. Interactive panels run only on the web
  page.
"""

CHECK_CELL = """\
# Is dlbook installed, and is its data where it looks? (See the note above.)
from dlbook.corpus import data_dir

assert data_dir().is_dir(), (
    f"dlbook looks for the book's data in {data_dir()}, which does not exist: install dlbook "
    "with `pip install -e .` from a clone of the repository, or set DLBOOK_DATA to its data/")
"""

PANEL_NOTE = ("> **Interactive panel.** Here the web page `{page}` has an interactive panel "
              "(Observable JS, which runs in the browser, not in a Python kernel). "
              "Open the page to use it.")


def _chapter_files(root: Path) -> list[Path]:
    """The chapters and appendices under ``book/`` that ``_quarto.yml`` lists, in order.

    The preface (``index.qmd``) is left out: its cells only check the book's own files.
    """
    book = yaml.safe_load((root / "_quarto.yml").read_text(encoding="utf-8"))["book"]
    names = [n for n in book.get("chapters", []) + book.get("appendices", [])
             if isinstance(n, str)]
    return [root / n for n in names if n.startswith("book/")]


def notebook_name(qmd: Path) -> str:
    return qmd.stem + ".ipynb"


def _title(text: str) -> str:
    heading = re.search(r"^# (.+)$", text, re.M)
    return ATTRIBUTES.sub("", heading.group(1)).strip() if heading else "untitled"


def _options(lines: list[str], marker: str) -> dict:
    found = [line[len(marker):].strip() for line in lines if line.startswith(marker)]
    return (yaml.safe_load("\n".join(found)) or {}) if found else {}


class _Builder:
    """Collects cells; consecutive prose lines make one markdown cell."""

    def __init__(self, qmd: Path, page: str):
        self.qmd, self.page = qmd, page
        self.cells: list[nbformat.NotebookNode] = []
        self.prose: list[str] = []
        self.callouts: list[bool] = []  # one entry per open div: is it a callout?

    def line(self, text: str) -> None:
        depth = sum(self.callouts)
        self.prose.append(("> " * depth + text).rstrip() if depth else text)

    def flush(self) -> None:
        text = _prose("\n".join(self.prose).strip("\n"))
        self.prose = []
        if not text.strip(" >\n"):
            return
        attachments = {}

        def attach(match: re.Match) -> str:
            alt, target = match.groups()
            path = (self.qmd.parent / target).resolve()
            if re.match(r"^[a-z]+:", target) or not path.is_file():
                return match.group(0)
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            data = path.read_bytes()
            attachments[path.name] = {mime: data.decode("utf-8") if mime == "image/svg+xml"
                                      else base64.b64encode(data).decode("ascii")}
            return f"![{alt}](attachment:{path.name})"

        cell = nbformat.v4.new_markdown_cell(IMAGE.sub(attach, text))
        if attachments:
            cell.attachments = attachments
        self.cells.append(cell)

    def code(self, source: str) -> None:
        self.flush()
        self.cells.append(nbformat.v4.new_code_cell(source))

    def panel(self) -> None:
        self.flush()
        note = PANEL_NOTE.format(page=self.page)
        if not (self.cells and self.cells[-1].source == note):
            self.cells.append(nbformat.v4.new_markdown_cell(note))


def _prose(text: str) -> str:
    """Inline values shown as code, attributes dropped; code blocks in the prose untouched."""

    def outside(piece: str) -> str:
        shown = INLINE.sub(lambda m: "`" + " ".join(m.group(1).split()) + "`", piece)
        return ATTRIBUTES.sub("", CLAIM_ANCHOR.sub("", shown))

    pieces, start = [], 0
    for block in CODE_BLOCK.finditer(text):
        pieces += [outside(text[start:block.start()]), block.group(0)]
        start = block.end()
    return "".join(pieces) + outside(text[start:])


def chapter_notebook(qmd: Path, *, page: str | None = None) -> nbformat.NotebookNode:
    """The notebook of one chapter (see the module docstring for what changes and why)."""
    qmd = Path(qmd)
    source = qmd.read_text(encoding="utf-8")
    text = FRONT_MATTER.sub("", source)
    text = INCLUDE.sub(lambda m: (qmd.parent / m.group(1)).read_text(encoding="utf-8"), text)
    try:
        shown = str(qmd.resolve().relative_to(ROOT))
    except ValueError:
        shown = qmd.name
    page = page or str(Path(shown).with_suffix(".html"))
    build = _Builder(qmd, page)
    build.cells.append(nbformat.v4.new_markdown_cell(
        HEADER.format(title=_title(text), source=shown, page=page)))
    build.cells.append(nbformat.v4.new_code_cell(CHECK_CELL))
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        div = DIV.match(lines[i])
        if fence:
            mark, info = fence.groups()
            end = next((j for j in range(i + 1, len(lines))
                        if re.match(rf"^{mark}\s*$", lines[j])), len(lines))
            body = lines[i + 1:end]
            engine = ENGINE.match(info.strip())
            if engine and engine.group(1) == "python":
                if _options(body, "#|").get("eval", True) is False:
                    for shown_line in ["```python", *(b for b in body if not
                                                       b.startswith("#|")), "```"]:
                        build.line(shown_line)
                else:
                    build.code("\n".join(body))
            elif engine and engine.group(1) == "ojs":
                if _options(body, "//|").get("output", True) is not False:
                    build.panel()
            else:  # a plain code block is part of the prose
                for shown_line in lines[i:end + 1]:
                    build.line(shown_line)
            i = end + 1
        elif div and div.group(2):  # an opening fence: ::: {.callout-note} or ::: {.x}
            kind = CALLOUT.search(div.group(2))
            if kind:  # a callout is a cell of its own
                build.flush()
            build.callouts.append(bool(kind))
            if kind:
                following = next((x for x in lines[i + 1:] if x.strip()), "")
                if not following.startswith("#"):
                    build.line(f"**{kind.group(1).capitalize()}.**")
                    build.line("")
            i += 1
        elif div:  # a closing fence
            if build.callouts and build.callouts.pop():
                build.flush()
            i += 1
        else:
            build.line(lines[i])
            i += 1
    build.flush()
    for number, cell in enumerate(build.cells):
        cell.id = f"{qmd.stem}-{number:03d}"
    notebook = nbformat.v4.new_notebook(cells=build.cells)
    notebook.metadata.kernelspec = {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}
    notebook.metadata.language_info = {"name": "python"}
    nbformat.validate(notebook)
    return notebook


def write_notebooks(out: Path, root: Path = ROOT) -> list[Path]:
    """Write the notebook of every chapter and appendix into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for qmd in _chapter_files(root):
        target = out / notebook_name(qmd)
        nbformat.write(chapter_notebook(qmd), target)
        written.append(target)
    return written


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: notebooks.py [OUT]", file=sys.stderr)
        return 2
    site = os.environ.get("QUARTO_PROJECT_OUTPUT_DIR") or str(ROOT / "_book")
    out = Path(argv[0]) if argv else Path(site) / "notebooks"
    written = write_notebooks(out)
    print(f"notebooks: wrote {len(written)} chapter notebooks to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
