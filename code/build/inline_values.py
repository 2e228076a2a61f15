"""Inline values stay values: no `{python} expr` on any page renders more than a few words.

A person writes every sentence of the book; an inline expression supplies a number with
its unit or a short noun phrase ("3 of 20", a model's name), never a clause or a verdict
(``../shared/STYLE.md``, "Readings, not templates"). This module checks that on the real
render, in two steps run by ``make book``:

1. ``install-hook`` writes an IPython startup file into ``$IPYTHONDIR`` (``.venv/ipython``).
   Quarto evaluates a page's inline expressions as the kernel's ``user_expressions``; in
   every kernel Quarto starts, the hook records each expression and the text it rendered
   into ``_freeze/dlbook-inline/<page>.jsonl``.
2. ``check`` (after the render) reads those logs and fails, naming the page, the
   expression and its text, when one renders more than :data:`MAX_WORDS` words, or when a
   page with inline expressions left no log (it was frozen before the check existed:
   delete its folder under ``_freeze/`` and render again).

``tests/test_book_execution.py`` applies the same limit when it executes a chapter.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

#: The repository (``$DLBOOK_BUILD_ROOT`` overrides it, for the tests of this module).
ROOT = Path(os.environ.get("DLBOOK_BUILD_ROOT") or Path(__file__).resolve().parents[2]).resolve()
LOGS = ROOT / "_freeze" / "dlbook-inline"
STARTUP_NAME = "01-dlbook-inline-values.py"
#: "3 of 20 runs (95% interval 0.05 to 0.36)" is a value; a clause is longer.
MAX_WORDS = 8
INLINE = re.compile(r"(?:^|[^`])`\{python\}[ \t]([^`]+)`", re.MULTILINE)


def words(text: str) -> int:
    """How many words a rendered value shows (whitespace-separated)."""
    return len(text.split())


def rendered_text(result: dict) -> str:
    """The text a ``user_expressions`` result renders as: ``text/plain``, and a string's
    repr without its quotes (as Quarto writes it)."""
    text = result.get("data", {}).get("text/plain", "")
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text


def page_of(folder: str | None, name: str | None) -> str | None:
    if not folder or not name:
        return None
    try:
        return str((Path(folder) / name).resolve().relative_to(ROOT))
    except ValueError:
        return None


def log_path(page: str) -> Path:
    return LOGS / (page.replace("/", "__") + ".jsonl")


def start_log(shell, page: str | None = None) -> Path | None:
    """Record every inline value the kernel of ``shell`` renders (the IPython startup file
    calls this with ``get_ipython()``)."""
    page = page or page_of(os.environ.get("QUARTO_DOCUMENT_PATH"),
                           os.environ.get("QUARTO_DOCUMENT_FILE"))
    if page is None or shell is None:
        return None
    LOGS.mkdir(parents=True, exist_ok=True)
    path = log_path(page)
    path.write_text("", encoding="utf-8")  # this render's values replace the last one's
    evaluate = shell.user_expressions

    def logged(expressions: dict) -> dict:
        results = evaluate(expressions)
        with path.open("a", encoding="utf-8") as log:
            for key, expression in expressions.items():
                result = results.get(key, {})
                if result.get("status") == "ok":
                    text = rendered_text(result)
                    log.write(json.dumps({"expression": expression, "text": text}) + "\n")
        return results

    shell.user_expressions = logged
    return path


def pages_with_inline_values() -> list[str]:
    """The pages of the book whose source holds at least one ``{python}`` inline value."""
    pages = sorted(ROOT.glob("book/*.qmd")) + sorted(ROOT.glob("*.qmd"))
    return [str(p.relative_to(ROOT)) for p in pages if INLINE.search(p.read_text("utf-8"))]


def problems(limit: int = MAX_WORDS) -> list[str]:
    """Every inline value over ``limit`` words, and every page that left no log."""
    found = []
    for page in pages_with_inline_values():
        path = log_path(page)
        if not path.exists():
            found.append(f"{page}: no inline values were logged (frozen before the check "
                         f"existed?): delete _freeze/{Path(page).with_suffix('')} and render")
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if words(entry["text"]) > limit:
                found.append(f"{page}: `{{python}} {entry['expression']}` renders "
                             f"{words(entry['text'])} words ({entry['text'][:120]!r}); an "
                             f"inline value is a number or a short noun phrase: write the "
                             f"sentence by hand and guard its claim with an assert")
    return found


def install_hook(ipython_dir: Path) -> Path:
    """Write the IPython startup file that logs the inline values of every kernel."""
    from freeze_inputs import write_startup  # the build's other hook, in this folder

    return write_startup(ipython_dir, STARTUP_NAME, "inline_values", "start_log(get_ipython())",
                         "log every inline value")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["install-hook", "check"])
    parser.add_argument("--ipython-dir", type=Path, default=ROOT / ".venv" / "ipython")
    args = parser.parse_args(argv)
    if args.step == "install-hook":
        print(f"inline values: logging through {install_hook(args.ipython_dir)}")
        return 0
    found = problems()
    for problem in found:
        print(f"ERROR: {problem}", file=sys.stderr)
    if not found:
        print(f"inline values: every value on {len(pages_with_inline_values())} pages renders "
              f"at most {MAX_WORDS} words")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
