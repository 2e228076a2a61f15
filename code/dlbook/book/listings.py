"""Print the live source of a ``dlbook`` function as a cross-referenceable Quarto listing.

A chapter cell with ``#| output: asis`` calls :func:`show_listing`; Quarto then renders a
numbered listing that ``@lst-NAME`` refers to. Because the text comes from
``inspect.getsource`` at render time, the printed code is always the tested code.
"""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Callable

_LABEL = re.compile(r"^lst-[a-z0-9][a-z0-9-]*$")


def listing_markdown(obj: Callable | type, *, label: str, caption: str | None = None) -> str:
    """Return the Markdown of a Quarto listing div holding the source of ``obj``.

    ``label`` must look like ``lst-fit-next-token``; ``caption`` defaults to the object's
    qualified name, and the qualified name is always appended so a reader can find it.
    """
    if not _LABEL.match(label):
        raise ValueError(
            f"label must match 'lst-' followed by lower-case letters, digits and dashes, "
            f"got {label!r}; for example label='lst-fit-next-token'"
        )
    if not (inspect.isfunction(obj) or inspect.isclass(obj)):
        raise TypeError(f"obj must be a function or class, got {type(obj).__name__}")
    source = textwrap.dedent(inspect.getsource(obj)).rstrip() + "\n"
    where = f"`{obj.__module__}.{obj.__qualname__}`"
    text = f"{caption.rstrip('.')} ({where})." if caption else f"{where}."
    return f"::: {{#{label}}}\n\n```python\n{source}```\n\n{text}\n\n:::\n"


def show_listing(obj: Callable | type, *, label: str, caption: str | None = None) -> None:
    """Print :func:`listing_markdown` (use in a cell with ``#| output: asis``)."""
    print(listing_markdown(obj, label=label, caption=caption))
