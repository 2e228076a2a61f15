"""Execute once, publish three (code/build/executed_book.py), end to end with real Quarto.

A two-page book whose chapter counts its own executions in a file, reads a record and globs a
folder of records, is rendered the way `make book` and `make pdf`/`make epub` render the real
one: the site executes it, the other formats are rendered from the notebook the site kept.
The counter shows that the second and third formats executed no cell; a changed or an added
record re-executes the chapter once, and every format then shows the new value.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parents[1] / "code" / "build"
QUARTO = shutil.which("quarto")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(QUARTO is None, reason="needs Quarto (.ci/run installs it)"),
]

CONFIG = """\
project:
  type: book
  output-dir: _book
book:
  title: "Two pages"
  output-file: two-pages
  chapters:
    - index.qmd
    - book/one.qmd
format:
  html:
    fig-format: png
    keep-ipynb: true
  epub:
    fig-format: png
  latex:
    fig-format: pdf
execute:
  freeze: auto
jupyter: python3
"""

CHAPTER = """\
# One {#sec-one}

::: {.content-visible when-format="html:js"}
```{ojs}
//| echo: false
two = 1 + 1

html`<p>Only on the web: ${two}</p>`
```
:::

```{python}
#| label: fig-line
#| fig-cap: "A line."
#| fig-alt: "A straight line rising from the lower left to the upper right."
import json
from pathlib import Path
import matplotlib
matplotlib.use("module://matplotlib_inline.backend_inline")
import matplotlib.pyplot as plt

with open("../executions.txt", "a") as counter:
    counter.write("executed\\n")
loss = json.loads(Path("../data/rec.json").read_text())["loss"]
records = len(sorted(Path("../data").glob("*.json")))
plt.plot([0, 1], [0, loss])
plt.show()
```

The loss is `{python} loss` over `{python} records` records, see @fig-line.
"""


def EXECUTED(root: Path) -> Path:  # noqa: N802 - where the site's execution is kept
    return root / "_freeze" / "dlbook-executed" / "book" / "one.ipynb"


def run(root: Path, *command: str, cwd: Path | None = None, check: bool = True):
    env = {**os.environ, "DLBOOK_BUILD_ROOT": str(root), "IPYTHONDIR": str(root / ".ipython"),
           "QUARTO_PYTHON": sys.executable,
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(list(command), cwd=cwd or root, env=env, capture_output=True,
                          text=True, check=check, timeout=600)


def render_site(root: Path) -> None:
    """What `make book` does around Quarto (the Makefile's render_site)."""
    for script in ("freeze_inputs.py", "executed_book.py"):
        run(root, sys.executable, str(BUILD / script), "install-hook",
            "--ipython-dir", str(root / ".ipython"))
    run(root, sys.executable, str(BUILD / "freeze_inputs.py"), "invalidate")
    run(root, QUARTO, "render", "--to", "html")
    run(root, sys.executable, str(BUILD / "freeze_inputs.py"), "record")


def render_executed(root: Path, to: str) -> subprocess.CompletedProcess:
    """What `make pdf`/`make epub` do (the Makefile's render_executed)."""
    prepared = run(root, sys.executable, str(BUILD / "executed_book.py"), "prepare",
                   check=False)
    if prepared.returncode != 0:
        return prepared
    return run(root, QUARTO, "render", "--to", to, "--output-dir", str(root / "_formats"),
               cwd=root / "_executed")


def executions(root: Path) -> int:
    counter = root / "executions.txt"
    return len(counter.read_text().splitlines()) if counter.exists() else 0


def epub_text(root: Path) -> str:
    with zipfile.ZipFile(root / "_formats" / "two-pages.epub") as epub:
        return "".join(epub.read(name).decode("utf-8", "replace")
                       for name in epub.namelist() if name.endswith(".xhtml"))


@pytest.fixture
def book(tmp_path):
    root = tmp_path / "two-pages"
    (root / "book").mkdir(parents=True)
    (root / "data").mkdir()
    (root / "_quarto.yml").write_text(CONFIG)
    (root / "index.qmd").write_text("# Preface {.unnumbered}\n\nNo code here.\n")
    (root / "book" / "one.qmd").write_text(CHAPTER)
    (root / "data" / "rec.json").write_text(json.dumps({"loss": 1.25}))
    return root


def test_the_other_formats_render_from_the_sites_execution_and_execute_no_cell(book):
    render_site(book)
    assert executions(book) == 1
    notebook = json.loads(EXECUTED(book).read_text())
    figure = [output for cell in notebook["cells"] for output in cell.get("outputs", [])
              if "image/png" in output.get("data", {})]
    # one execution, both representations: PNG for the web and the EPUB, PDF for print
    assert len(figure) == 1 and "application/pdf" in figure[0]["data"]
    assert not list(book.glob("**/*.quarto_ipynb*")), "a kept notebook was left beside a page"

    rendered = render_executed(book, "epub")
    assert "WARN" not in rendered.stdout + rendered.stderr, rendered.stderr
    assert executions(book) == 1, "rendering the EPUB executed the chapter again"
    assert "Only on the web" not in epub_text(book)  # the web-only block, dropped
    assert "The loss is 1.25 over 1 records" in epub_text(book)
    assert 'alt="A straight line rising' in epub_text(book)
    rendered = render_executed(book, "latex")  # a whole-book render empties its output folder
    assert "WARN" not in rendered.stdout + rendered.stderr, rendered.stderr
    assert executions(book) == 1, "rendering the LaTeX executed the chapter again"
    latex = next((book / "_formats").rglob("*.tex")).read_text()
    assert "The loss is 1.25 over 1 records" in latex
    assert "figure-latex/fig-line-output-1.pdf" in latex, "the PDF should get the vector figure"


def test_a_changed_or_added_record_re_executes_the_chapter_once_for_every_format(book):
    render_site(book)
    render_executed(book, "epub")

    (book / "data" / "rec.json").write_text(json.dumps({"loss": 0.5}))
    refused = render_executed(book, "epub")
    assert refused.returncode != 0
    assert "book/one.qmd: data/rec.json changed" in refused.stderr
    render_site(book)
    assert executions(book) == 2
    render_executed(book, "epub")
    assert executions(book) == 2
    assert "The loss is 0.5 over 1 records" in epub_text(book)

    # A record *added* to a folder the chapter globbed is a change too.
    (book / "data" / "another.json").write_text("{}")
    refused = render_executed(book, "epub")
    assert refused.returncode != 0 and "data/ lists other files" in refused.stderr
    render_site(book)
    render_executed(book, "epub")
    assert executions(book) == 3
    assert "The loss is 0.5 over 2 records" in epub_text(book)


def test_a_changed_page_or_a_lost_notebook_is_refused_until_the_site_executes_it(book):
    render_site(book)
    notebook = EXECUTED(book)
    notebook.unlink()
    refused = render_executed(book, "epub")
    assert "book/one.qmd: no executed notebook" in refused.stderr
    render_site(book)  # the freeze guard re-executes a page whose notebook is gone
    assert executions(book) == 2 and notebook.is_file()

    page = book / "book" / "one.qmd"
    page.write_text(page.read_text().replace("The loss is", "Its loss is"))
    refused = render_executed(book, "epub")
    assert "book/one.qmd: the page changed after it was executed" in refused.stderr
