"""Execute every chapter's cells top to bottom in a real Jupyter kernel, as Quarto does.

After the cells, every inline expression `{python} expr` is evaluated in the same kernel.
An error fails the test naming the chapter, the cell and the traceback. Figure cells must
produce exactly one output (the figure), and inline values must be plain str/int/float,
because anything else renders as its repr (``np.float64(0.5)``, ``tensor(0.5)``), and at
most ``MAX_WORDS`` words: a value or a short noun phrase, never a clause (the render checks
the same with ``code/build/inline_values.py``).

Run one chapter with ``pytest tests/test_book_execution.py -k 01-sequences``; set
``DLBOOK_SAVE_FIGURES=folder`` to keep every figure as a PNG for review, and
``DLBOOK_SAVE_NOTEBOOKS=folder`` to keep each executed chapter as a notebook.
"""

from __future__ import annotations

import base64
import os
import re
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from bookfiles import book_files, read_chapter

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "code" / "build"))
from inline_values import MAX_WORDS, words  # noqa: E402 - the build's own limit

CHAPTERS = [p for p in book_files() if read_chapter(p).python_cells]

# What Quarto's Jupyter engine provides before the first cell: inline figures, and
# ojs_define, which hands Python values to Observable JS cells. Here it only checks that
# the values are JSON-serialisable, which is what Quarto requires of them.
SETUP = f"""
import sys, json
assert sys.prefix == {sys.prefix!r}, f"kernel runs {{sys.prefix}}, not the project environment"
%matplotlib inline
def ojs_define(**values):
    json.dumps(values, default=lambda v: v.tolist() if hasattr(v, "tolist") else str(v))
"""

INLINE = re.compile(r"`\{python\}\s+([^`]+)`")

INLINE_CHECK = """
__expr = {expr_repr}
__value = ({expr})
assert isinstance(__value, (str, int, float)) and not isinstance(__value, bool), (
    "inline expression " + __expr + " is a " + type(__value).__name__
    + "; make it a str, int or float")
assert chr(92) not in str(__value), "inline values must not contain backslashes"
print("INLINE-VALUE:", __value)
"""


def _inline_in_order(chapter) -> list[tuple[int, str]]:
    """(line, expression) of every inline expression, by where it stands in the text."""
    found, fence = [], None
    for number, line in enumerate(chapter.text.splitlines(), start=1):
        opening = re.match(r"^(`{3,})", line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and re.match(rf"^{fence}\s*$", line):
            fence = None
        elif fence is None:
            found += [(number, m.strip()) for m in INLINE.findall(line)]
    return found


def build_notebook(chapter) -> tuple[nbformat.NotebookNode, list[tuple[int, object]]]:
    """The chapter as Quarto executes it: cells and inline expressions in document order.

    Quarto evaluates an inline expression where it stands, so a value defined by a later
    cell is an error there, and must be one here too.
    """
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(SETUP))
    where = [(-1, None)]
    items = [(cell.line, 0, cell) for cell in chapter.python_cells
             if cell.options.get("eval", True) is not False]
    items += [(line, 1, expr) for line, expr in _inline_in_order(chapter)]
    for _, kind, item in sorted(items, key=lambda t: (t[0], t[1])):
        if kind == 0:
            nb.cells.append(nbformat.v4.new_code_cell(item.source))
            where.append((item.line, item))
        else:
            code = INLINE_CHECK.format(expr=item, expr_repr=repr(item))
            nb.cells.append(nbformat.v4.new_code_cell(code))
            where.append((-2, item))
    return nb, where


@pytest.mark.slow
@pytest.mark.execution
@pytest.mark.parametrize("path", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_chapter_executes_top_to_bottom(path):
    chapter = read_chapter(path)
    nb, where = build_notebook(chapter)
    client = NotebookClient(
        nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    began = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as error:
        failed = next(
            (i for i, c in enumerate(nb.cells) if any(o.get("output_type") == "error"
                                                     for o in c.get("outputs", []))), None)
        line, what = where[failed] if failed is not None else (None, None)
        if line == -2:
            place = f"inline expression `{{python}} {what}`"
        elif line == -1:
            place = "the setup cell"
        else:
            place = f"the cell at line {line}"
        pytest.fail(f"{path.name}: {place} failed:\n{error}", pytrace=False)
    seconds = time.perf_counter() - began
    print(f"{path.name}: executed in {seconds:.0f} s")
    if os.environ.get("DLBOOK_SAVE_NOTEBOOKS"):
        # For reading a chapter's outputs without Quarto: DLBOOK_SAVE_NOTEBOOKS=/some/folder
        folder = Path(os.environ["DLBOOK_SAVE_NOTEBOOKS"])
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, folder / f"{path.stem}.ipynb")

    problems = []
    for nb_cell, (line, cell) in zip(nb.cells, where, strict=True):
        if line == -2:
            text = "".join(o.get("text", "") for o in nb_cell.outputs
                           if o.output_type == "stream" and o.name == "stdout")
            value = text.split("INLINE-VALUE: ", 1)[-1].rstrip("\n")
            if words(value) > MAX_WORDS:
                problems.append(f"inline expression `{{python}} {cell}` renders "
                                f"{words(value)} words ({value[:100]!r}): write the sentence "
                                f"by hand, with an assert on its claim")
        if line < 0:
            continue
        label = str(cell.options.get("label", ""))
        outputs = [o for o in nb_cell.outputs if not (o.output_type == "stream"
                                                       and o.name == "stderr")]
        if label.startswith("fig-"):
            kinds = [o.output_type for o in outputs]
            images = [o for o in outputs if "image/png" in o.get("data", {})
                      or "image/svg+xml" in o.get("data", {})]
            if len(outputs) != 1 or len(images) != 1:
                problems.append(f"figure cell {label} (line {line}) must output exactly one "
                                f"figure, got {kinds}")
            if images and os.environ.get("DLBOOK_SAVE_FIGURES"):
                # For reviewing figures without Quarto: DLBOOK_SAVE_FIGURES=/some/folder
                folder = Path(os.environ["DLBOOK_SAVE_FIGURES"])
                folder.mkdir(parents=True, exist_ok=True)
                png = images[0].get("data", {}).get("image/png")
                if png:
                    (folder / f"{label}.png").write_bytes(base64.b64decode(png))
        if cell.options.get("output") == "asis" and "show_listing(" in cell.source:
            text = "".join(o.get("text", "") for o in outputs)
            if not text.lstrip().startswith("::: {#lst-"):
                problems.append(f"listing cell at line {line} printed no listing")
    assert not problems, "; ".join(problems)
