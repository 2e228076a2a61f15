"""Keep Quarto's freeze honest: re-execute a chapter when anything it read has changed.

Quarto's ``freeze: auto`` re-executes a page only when its ``.qmd`` changes, so a changed
``dlbook`` module or a new result record would publish stale figures. This module closes that
gap in three steps, all run by ``make book``:

1. ``install-hook`` writes an IPython startup file into ``$IPYTHONDIR`` (``.venv/ipython``).
   In every kernel Quarto starts, it adds a Python audit hook that records each file under
   the repository that the chapter's code opens: the ``dlbook`` modules it imports (a
   cached ``.pyc`` counts as its ``.py``), the corpus snapshot, the result records.
   It also records each folder under the repository whose names the code listed
   (``Path.glob``, ``rglob``, ``os.listdir``, ``os.scandir``), with a digest of the names
   in it: a record *added* to a folder a chapter globbed is a change as much as an edited one.
2. ``invalidate`` (before the render) compares, for each frozen page, the SHA-256 of every
   file in its recorded inputs with the file now, and the names in every folder it listed
   with the names now; a page with a changed, missing or unrecorded input loses its freeze,
   so Quarto executes it again.
3. ``record`` (after the render) turns the traces of the pages that executed into the
   manifest ``_freeze/dlbook-inputs.json``: page -> {input path: SHA-256}. A listed folder's
   key ends in ``/``.

The site's render is the one execution of the book: the PDF and the EPUB are rendered from
the notebooks it executed (``executed_book.py``). Quarto keeps each executed notebook beside
its page (``keep-ipynb``); ``record`` moves it into ``_freeze/dlbook-executed/`` and records its
hash among the page's inputs, so a page whose executed notebook is gone or replaced executes
again.

The inputs are what the code actually read, not what a reader of the source guesses it reads.
Files read by a subprocess a chapter starts are not traced.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

#: The repository (``$DLBOOK_BUILD_ROOT`` overrides it, for the tests of this module).
ROOT = Path(os.environ.get("DLBOOK_BUILD_ROOT") or Path(__file__).resolve().parents[2]).resolve()
FREEZE = ROOT / "_freeze"
MANIFEST = FREEZE / "dlbook-inputs.json"
TRACES = FREEZE / "dlbook-traces"
#: Folders whose files are not inputs of a chapter: the environment and Quarto's own output.
IGNORED = (".venv", "_freeze", "_book", ".quarto", ".git", ".pytest_cache", "_executed",
           "_book-formats")
STARTUP_NAME = "00-dlbook-freeze-inputs.py"
#: Where ``record`` keeps each page's executed notebook, for the PDF and the EPUB.
EXECUTED_NOTEBOOKS = FREEZE / "dlbook-executed"
#: Names that come and go in a folder while Quarto renders (its transient notebooks and
#: figure folders) or that Python writes: not part of what a listing of the folder means.
TRANSIENT_SUFFIXES = ("_files", ".pyc", ".html", ".tex", ".log")


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def as_input(raw: object, root: Path = ROOT) -> str | None:
    """The repository-relative path a file open counts as, or None when it is no input."""
    try:
        path = Path(os.fsdecode(raw)).resolve()
        relative = path.relative_to(root)
    except (TypeError, ValueError, OSError):
        return None
    parts = relative.parts
    if not parts or parts[0] in IGNORED or parts[:2] == ("code", "build"):
        # code/build/ holds these hooks, which every kernel imports: the build, not the book
        return None
    if "__pycache__" in parts and path.suffix == ".pyc":
        # code/dlbook/__pycache__/training.cpython-311.pyc stands for code/dlbook/training.py
        source = path.parent.parent / (path.name.split(".")[0] + ".py")
        return str(source.relative_to(root)) if source.exists() else None
    return str(relative) if path.is_file() else None


def as_listed_folder(raw: object, root: Path = ROOT) -> str | None:
    """The repository-relative folder (ending in ``/``) a listing counts as, or None."""
    try:
        path = Path(os.fsdecode(raw if raw is not None else ".")).resolve()
        relative = path.relative_to(root)
    except (TypeError, ValueError, OSError):
        return None
    if relative.parts and relative.parts[0] in IGNORED or not path.is_dir():
        return None
    if "__pycache__" in relative.parts:
        return None
    return "" if not relative.parts else str(relative) + "/"


def listing_digest(folder: Path) -> str:
    """SHA-256 of the names in ``folder`` that are part of the repository's content."""
    names = sorted(name for name in os.listdir(folder)
                   if not name.startswith(".") and ".quarto_ipynb" not in name
                   and not name.endswith(TRANSIENT_SUFFIXES) and name != "__pycache__")
    return hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()


def start_trace(document: str | None = None) -> Path | None:
    """Record every input the running kernel opens (called by the IPython startup file)."""
    if document is None:
        folder, name = os.environ.get("QUARTO_DOCUMENT_PATH"), os.environ.get(
            "QUARTO_DOCUMENT_FILE")
        if not folder or not name:
            return None
        document = str((Path(folder) / name).resolve().relative_to(ROOT))
    TRACES.mkdir(parents=True, exist_ok=True)
    log_path = TRACES / (document.replace("/", "__") + ".txt")
    log = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - open for the kernel's life
    log.write(f"# {document}\n")
    log.flush()
    seen: set[str] = set()

    def hook(event: str, args: tuple) -> None:
        if event in ("os.listdir", "os.scandir"):
            if args and isinstance(args[0], int):
                return
            # Python's import system (and importlib.metadata's search for packages) lists every
            # folder on sys.path, the chapter's own among them: no listing the chapter made.
            caller = sys._getframe(1).f_code.co_filename
            if caller.startswith("<frozen importlib") or f"{os.sep}importlib{os.sep}" in caller:
                return
            folder = as_listed_folder(args[0] if args else None)
            if folder is not None and folder and folder not in seen:
                seen.add(folder)  # before listing: the digest's own listdir comes back here
                log.write(f"{folder}\t{listing_digest(ROOT / folder)}\n")
                log.flush()
            return
        if event != "open" or not args or isinstance(args[0], int):
            return
        mode = args[1] if len(args) > 1 and isinstance(args[1], str) else "r"
        if any(c in mode for c in "wax+"):
            return
        found = as_input(args[0])
        if found and found not in seen:
            seen.add(found)  # before hashing: the hash's own read comes back through here
            # Hash what was read now, not at the end of the render, so that an edit made
            # while the book renders still counts as a change next time.
            log.write(f"{found}\t{sha256_file(ROOT / found)}\n")
            log.flush()

    sys.addaudithook(hook)
    return log_path


def _pages_with_freeze() -> dict[str, Path]:
    """Page (e.g. ``book/02-gradients.qmd``) -> its folder in ``_freeze/``."""
    pages = {}
    for results in FREEZE.glob("**/execute-results"):
        folder = results.parent
        stem = folder.relative_to(FREEZE)
        for suffix in (".qmd", ".ipynb", ".md"):
            if (ROOT / stem).with_suffix(suffix).exists():
                pages[str(stem.with_suffix(suffix))] = folder
                break
    return pages


def load_manifest() -> dict[str, dict[str, str]]:
    return json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {}


def stale_pages() -> dict[str, list[str]]:
    """Each frozen page whose recorded inputs changed -> the reasons, one per changed input."""
    manifest = load_manifest()
    stale = {}
    for page in _pages_with_freeze():
        inputs = manifest.get(page)
        if inputs is None:
            stale[page] = ["no record of what it read"]
            continue
        reasons = []
        for name, digest in sorted(inputs.items()):
            path = ROOT / name
            if not path.exists():
                reasons.append(f"{name} is gone")
            elif name.endswith("/"):
                if listing_digest(path) != digest:
                    reasons.append(f"{name} lists other files (one added, removed or renamed)")
            elif sha256_file(path) != digest:
                reasons.append(f"{name} changed")
        if reasons:
            stale[page] = reasons
    return stale


def executed_notebook(page: str) -> Path:
    """Where ``record`` keeps the notebook the site's render executed for ``page``."""
    return EXECUTED_NOTEBOOKS / Path(page).with_suffix(".ipynb")


def _kept_notebooks() -> list[Path]:
    """The notebooks Quarto left beside the pages (``keep-ipynb``), executed or not."""
    return sorted([*ROOT.glob("*.quarto_ipynb*"), *ROOT.glob("book/*.quarto_ipynb*")])


def invalidate() -> list[str]:
    """Remove the freeze of every stale page, so that Quarto executes it again."""
    # A notebook left beside its page by an interrupted render would make Quarto write the
    # next one as `.quarto_ipynb_1`, and `record` could take the wrong one.
    for leftover in _kept_notebooks():
        leftover.unlink()
    folders = _pages_with_freeze()
    stale = stale_pages()
    for page, reasons in stale.items():
        shutil.rmtree(folders[page])
        print(f"freeze: re-executing {page}: {'; '.join(reasons)}")
    return sorted(stale)


def record() -> list[str]:
    """Fold the traces of the pages that just executed (and were frozen) into the manifest."""
    manifest = load_manifest()
    frozen = _pages_with_freeze()
    recorded = []
    for trace in sorted(TRACES.glob("*.txt")) if TRACES.exists() else []:
        lines = trace.read_text(encoding="utf-8").splitlines()
        page = lines[0].removeprefix("# ").strip()
        if page not in frozen:  # its execution failed: Quarto froze nothing to vouch for
            trace.unlink()
            continue
        inputs = {}
        for line in lines[1:]:
            name, _, digest = line.partition("\t")
            if name.endswith("/") and (ROOT / name).is_dir():
                inputs[name] = digest or listing_digest(ROOT / name)
            elif name and (ROOT / name).is_file():
                inputs[name] = digest or sha256_file(ROOT / name)
        kept = (ROOT / page).with_suffix(".quarto_ipynb")
        if kept.is_file():
            # The notebook this execution wrote: the PDF and the EPUB are rendered from it.
            destination = executed_notebook(page)
            destination.parent.mkdir(parents=True, exist_ok=True)
            os.replace(kept, destination)
            inputs[str(destination.relative_to(ROOT))] = sha256_file(destination)
        manifest[page] = inputs
        recorded.append(page)
        trace.unlink()
    # What is left beside the pages are the unexecuted notebooks of frozen pages.
    for leftover in _kept_notebooks():
        leftover.unlink()
    if recorded:
        MANIFEST.parent.mkdir(parents=True, exist_ok=True)
        MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                            encoding="utf-8")
    return recorded


def write_startup(ipython_dir: Path, name: str, module: str, call: str, why: str) -> Path:
    """Write an IPython startup file ``name`` that imports ``module`` from this folder and
    runs ``module.call`` in every kernel (the build's hooks: this one and inline_values)."""
    startup = ipython_dir / "profile_default" / "startup" / name
    startup.parent.mkdir(parents=True, exist_ok=True)
    startup.write_text(
        f"# Written by code/build/{module}.py install-hook: {why}.\n"
        "import sys as _sys\n"
        f"_sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        f"import {module} as _{module}\n"
        f"_{module}.{call}\n", encoding="utf-8")
    return startup


def install_hook(ipython_dir: Path) -> Path:
    """Write the IPython startup file that starts the trace in every kernel."""
    return write_startup(ipython_dir, STARTUP_NAME, "freeze_inputs", "start_trace()",
                         "trace what a chapter reads")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["install-hook", "invalidate", "record", "status"])
    parser.add_argument("--ipython-dir", type=Path, default=ROOT / ".venv" / "ipython")
    args = parser.parse_args(argv)
    if args.step == "install-hook":
        print(f"freeze: tracing inputs through {install_hook(args.ipython_dir)}")
    elif args.step == "invalidate":
        invalidate()
    elif args.step == "record":
        for page in record():
            print(f"freeze: recorded the inputs of {page}")
    else:
        for page, reasons in stale_pages().items():
            print(f"{page}: {'; '.join(reasons)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
