"""The package's layout shows its architecture (issue 21).

Three families, and dependencies that point one way:

- ``dlbook.<module>``: the listings the book teaches; they import only each other;
- ``dlbook.book``: the book's rendering helpers; they may use the listings;
- ``dlbook.studies``: the machinery that runs the listings as studies and reads their
  records; it may use the listings, never the other way round.

Imports are read from the source (every ``import`` anywhere in a module, inside functions
too: an import moved into a function body to dodge a cycle is still a cycle).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import dlbook

PACKAGE = Path(dlbook.__file__).resolve().parent
#: A module a reader cannot hold in their head wants splitting (../shared/STYLE.md).
MAX_LINES = 300


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path, known: set[str], package: str = "dlbook") -> set[str]:
    """The modules of ``known`` that the source at ``path`` imports, wherever the import is
    (``package``: the package the module lives in, for relative imports)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upward
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = imports_of(path, set(modules), package) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def family(name: str) -> str:
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in {"book", "studies"}:
        return parts[1]
    return "listings"


def test_the_cycle_finder_finds_a_cycle_it_is_shown():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_sees_imports_inside_functions(tmp_path):
    source = tmp_path / "probe.py"
    source.write_text("def f():\n    from dlbook.studies import records\n    import dlbook.ctc\n")
    known = {"dlbook.studies", "dlbook.studies.records", "dlbook.ctc", "dlbook"}
    assert imports_of(source, known) == {"dlbook.studies", "dlbook.studies.records",
                                         "dlbook.ctc"}


def test_the_package_has_no_import_cycle():
    graph = import_graph()
    assert graph["dlbook.studies.records"], "the reader found no imports: it is broken"
    assert cycles(graph) == [], "import cycles (break them so dependencies point one way)"


def test_the_listings_never_import_the_studies_or_the_book_helpers():
    wrong = {name: sorted(n for n in deps if family(n) != "listings")
             for name, deps in import_graph().items() if family(name) == "listings"}
    assert {name: deps for name, deps in wrong.items() if deps} == {}


def _reads_records(name: str) -> bool:
    """The chapters' claims (dlbook.book.claims_*) are conditions on study records, so they
    may use the studies' readers; the other book helpers draw and print, and never do."""
    return name.startswith("dlbook.book.claims_")


def test_the_book_helpers_never_import_the_studies():
    wrong = {name: sorted(n for n in deps if family(n) == "studies")
             for name, deps in import_graph().items()
             if family(name) == "book" and not _reads_records(name)}
    assert {name: deps for name, deps in wrong.items() if deps} == {}
    graph = import_graph()
    assert not any(family(n) == "studies" for n in graph["dlbook.book.claims"]), (
        "the registry itself stays free of the studies: records come in as arguments")
    assert not any(_reads_records(n) for deps in graph.values() for n in deps
                   if family(n) != "book"), "nothing below the book imports a claim module"


def test_records_depend_on_their_schema_and_provenance_never_on_the_studies():
    graph = import_graph()
    lower = {"dlbook.studies.records", "dlbook.studies.record_schema",
             "dlbook.studies.provenance"}
    for name in lower:
        above = {n for n in graph[name] if family(n) == "studies"} - lower - {"dlbook.studies"}
        assert above == set(), f"{name} imports {sorted(above)}"
    assert "dlbook.studies.records" not in graph["dlbook.studies.record_schema"]
    assert graph["dlbook.studies.provenance"] & lower == set()


def test_importing_dlbook_shows_the_listings_and_only_them():
    top = {p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("_")}
    assert set(dlbook.__all__) == top
    assert len(dlbook.__all__) == len(set(dlbook.__all__))
    for name in dlbook.__all__:
        assert f"``{name}``" in dlbook.__doc__, f"the package docstring does not name {name}"
    assert {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()
            } == {"book", "studies"}


def test_every_listing_imports_without_the_studies_or_the_book_helpers():
    code = ("import sys, importlib, dlbook\n"
            "for name in dlbook.__all__: importlib.import_module('dlbook.' + name)\n"
            "print(sorted(m for m in sys.modules if m.startswith(('dlbook.studies', "
            "'dlbook.book'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", sorted(all_modules()))
def test_every_module_stays_short_enough_to_hold_in_your_head(name):
    lines = len(all_modules()[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it by concern"
