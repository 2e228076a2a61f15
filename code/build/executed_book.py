"""Execute once, publish three: the PDF and the EPUB from the notebooks the site executed.

Quarto freezes a page's execution per output format (``_freeze/<page>/execute-results/
html.json``, ``tex.json``, ``epub.json``), so rendering the site, the PDF and the EPUB one
after another would run every chapter three times, Chapter 4's live training included. Its
Jupyter cache (``execute: cache``), which is keyed on the cells' code, cannot serve this book:
Quarto refuses inline expressions under it ("Inline expressions cannot be used with Jupyter
Cache"), and the book states its numbers as inline expressions. So the build executes each
page once, in the site's render, and renders the other formats from the executed notebooks,
which Quarto renders without a kernel:

1. ``install-hook`` writes an IPython startup file that makes every figure a kernel draws
   carry both a PNG and a PDF (``set_matplotlib_formats("png", "pdf")`` before each cell,
   after Quarto's own setup cell has set one format). Quarto picks the representation each
   format prefers when it turns a notebook into a page: PNG on the web and in the EPUB,
   the vector PDF in the PDF.
2. The site's render keeps each notebook it executed (``keep-ipynb: true`` for HTML), and
   ``freeze_inputs.py record`` moves it into ``_freeze/dlbook-executed/`` and records its hash
   among the page's inputs (so the freeze guard re-executes a page whose notebook is gone).
3. ``prepare`` makes ``_executed/`` a Quarto project of its own: ``_quarto.yml`` is the
   book's, with each executed page's ``.qmd`` replaced by a copy of its executed notebook and
   execution turned off, beside copies of what the pages refer to (``book/``'s resources,
   ``figures/``). It refuses, naming the page, when a notebook is missing or was executed
   from another version of its page or of anything the page read: run ``make book`` first.
   In the copy, the fence of each Observable JS block in the prose is written
   ```` ```{.ojs} ```` instead of ```` ```{ojs} ````: Quarto hands a notebook's markdown cells
   to pandoc as they are, and pandoc reads only the first as a fenced block (the second would
   make each block's backticks end in the middle of the page and leave its div unclosed).
   The blocks sit in web-only divs, which the PDF and the EPUB then drop.

``make pdf`` and ``make epub`` render that project; no kernel starts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import freeze_inputs  # noqa: E402 - the freeze guard of the same build

ROOT = freeze_inputs.ROOT
#: The project the PDF and the EPUB render from: copies, rewritten at every `prepare`.
EXECUTED = ROOT / "_executed"
STARTUP_NAME = "02-dlbook-both-figure-formats.py"
#: Folders beside the pages whose files the pages refer to (figures, styles, the
#: bibliography, LaTeX and EPUB additions); copied into the project, never executed.
RESOURCE_FOLDERS = ("book", "figures")
#: The pages themselves and what Quarto writes beside them: not resources.
NOT_RESOURCES = (".qmd", ".ipynb")
#: A page with any of these has code for the Jupyter kernel: it needs an executed notebook.
PYTHON_CODE = re.compile(r"^```\{python[ ,}]|`\{python\} ", re.M)
#: An Observable JS fence as Quarto writes it in a page: ```{ojs}
OJS_FENCE = re.compile(r"^(\s*`{3,})\{ojs\}", re.M)
GENERATED_HEADER = (
    "# Written by code/build/executed_book.py prepare from the book's _quarto.yml: the PDF\n"
    "# and the EPUB are rendered from the notebooks the site's render executed. Do not edit.\n")


def both_figure_formats() -> None:
    """Make every later cell's figures carry a PNG and a PDF (run by the startup file)."""
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:  # not in a kernel
        return

    def both(*_args: object) -> None:
        try:
            from matplotlib_inline.backend_inline import set_matplotlib_formats
        except ImportError:  # no matplotlib in this kernel: nothing to draw
            return
        set_matplotlib_formats("png", "pdf")

    # Before each cell, not once: Quarto's setup cell, the first to run, sets one format.
    shell.events.register("pre_run_cell", both)


def install_hook(ipython_dir: Path) -> Path:
    return freeze_inputs.write_startup(
        ipython_dir, STARTUP_NAME, "executed_book", "both_figure_formats()",
        "each figure as PNG and PDF, so one execution serves every format")


def book_config() -> dict:
    return yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))


def pages(config: dict) -> list[str]:
    """Every page of the book, in its order: chapters, then appendices."""
    book = config["book"]
    listed = [*book.get("chapters", []), *book.get("appendices", [])]
    if not all(isinstance(page, str) for page in listed):
        raise SystemExit("executed_book: _quarto.yml lists a page that is not a file name "
                         "(a part?); teach prepare() about it")
    return listed


def quarto_source_hash(page: Path) -> str:
    """The hash Quarto's freeze keeps of a page's source (MD5 of its text, LF line ends)."""
    text = page.read_text(encoding="utf-8").replace("\r\n", "\n")
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def stale_notebooks(listed: list[str]) -> dict[str, str]:
    """Each page that needs an executed notebook and has no current one -> why."""
    manifest = freeze_inputs.load_manifest()
    stale_inputs = freeze_inputs.stale_pages()
    problems = {}
    for page in listed:
        source = ROOT / page
        if not PYTHON_CODE.search(source.read_text(encoding="utf-8")):
            continue
        notebook = freeze_inputs.executed_notebook(page)
        recorded = manifest.get(page, {}).get(str(notebook.relative_to(ROOT)))
        frozen = freeze_inputs.FREEZE / Path(page).with_suffix("") / "execute-results" / \
            "html.json"
        if not notebook.is_file() or recorded is None:
            problems[page] = "no executed notebook"
        elif freeze_inputs.sha256_file(notebook) != recorded:
            problems[page] = "its executed notebook is not the one the site's render recorded"
        elif not frozen.is_file() or json.loads(frozen.read_text(encoding="utf-8"))[
                "hash"] != quarto_source_hash(source):
            problems[page] = "the page changed after it was executed"
        elif page in stale_inputs:
            problems[page] = "; ".join(stale_inputs[page])
        elif not figures_in_both_formats(notebook):
            problems[page] = "a figure of its executed notebook has no PDF (executed without " \
                             "the hook that draws both)"
    return problems


def figures_in_both_formats(notebook: Path) -> bool:
    """Whether every PNG figure of an executed notebook also carries its vector PDF."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return all("application/pdf" in output["data"] for cell in cells
               for output in cell.get("outputs", []) if "image/png" in output.get("data", {}))


def formats_config(config: dict, listed: list[str]) -> dict:
    """The book's configuration, rendering each executed page from its notebook."""
    config = json.loads(json.dumps(config))  # a deep copy of plain YAML data
    as_rendered = {page: (str(Path(page).with_suffix(".ipynb"))
                          if freeze_inputs.executed_notebook(page).is_file() else page)
                   for page in listed}
    book = config["book"]
    for key in ("chapters", "appendices"):
        if key in book:
            book[key] = [as_rendered[page] for page in book[key]]
    project = config["project"]
    project.pop("post-render", None)  # the site's notebooks: the site's render writes them
    project["render"] = [as_rendered[page] for page in listed]
    config["execute"] = {key: value for key, value in config.get("execute", {}).items()
                         if key != "freeze"}
    config["execute"]["enabled"] = False
    config.get("format", {}).get("html", {}).pop("keep-ipynb", None)
    return config


def prose_for_pandoc(notebook_json: str) -> str:
    """The notebook with each Observable JS fence of its markdown cells as pandoc reads it."""
    notebook = json.loads(notebook_json)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            # a list of lines, as Quarto writes it (a string lost its line breaks in Quarto 1.10)
            cell["source"] = OJS_FENCE.sub(r"\1{.ojs}", source).splitlines(keepends=True)
    return json.dumps(notebook, indent=1, ensure_ascii=False)


def prepare() -> list[str]:
    """Make ``_executed/`` the project the PDF and the EPUB render from (see the module)."""
    config = book_config()
    listed = pages(config)
    problems = stale_notebooks(listed)
    if problems:
        for page, why in problems.items():
            print(f"executed_book: {page}: {why}", file=sys.stderr)
        raise SystemExit("executed_book: the PDF and the EPUB are rendered from the notebooks "
                         "the site's render executed; run `make book` first")
    if EXECUTED.exists():  # everything in it is a copy, or what Quarto left there
        shutil.rmtree(EXECUTED)
    for folder in (name for name in RESOURCE_FOLDERS if (ROOT / name).is_dir()):
        shutil.copytree(ROOT / folder, EXECUTED / folder,
                        ignore=lambda _dir, names: [
                            n for n in names if n.endswith(NOT_RESOURCES) or "_files" in n
                            or ".quarto_ipynb" in n or n == "__pycache__"])
    for page in listed:
        notebook, rendered = freeze_inputs.executed_notebook(page), EXECUTED / page
        rendered.parent.mkdir(parents=True, exist_ok=True)
        if notebook.is_file():
            rendered = rendered.with_suffix(".ipynb")
            rendered.write_text(prose_for_pandoc(notebook.read_text(encoding="utf-8")),
                                encoding="utf-8")
        else:  # a page without code: it renders from its source
            shutil.copy2(ROOT / page, rendered)
        # `date: last-modified` reads the rendered file's time: the page's, not the run's
        source_time = (ROOT / page).stat().st_mtime
        os.utime(rendered, (source_time, source_time))
    (EXECUTED / "_quarto.yml").write_text(
        GENERATED_HEADER + yaml.safe_dump(formats_config(config, listed), sort_keys=False,
                                          allow_unicode=True, width=100), encoding="utf-8")
    return listed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["install-hook", "prepare", "status"])
    parser.add_argument("--ipython-dir", type=Path, default=ROOT / ".venv" / "ipython")
    args = parser.parse_args(argv)
    if args.step == "install-hook":
        print(f"executed: figures as PNG and PDF through {install_hook(args.ipython_dir)}")
    elif args.step == "prepare":
        listed = prepare()
        print(f"executed: {EXECUTED.relative_to(ROOT)}/ renders {len(listed)} pages from "
              "the site's execution, without a kernel")
    else:
        for page, why in stale_notebooks(pages(book_config())).items():
            print(f"{page}: {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
