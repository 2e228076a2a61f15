"""Claims as code: a sentence's condition as a function of the records it reads.

A chapter module (``dlbook/book/claims_<chapter>.py``, e.g. ``claims_memory``) defines each
claim as a function decorated with :func:`claim`, which names the claim's ID, the studies
whose records the function takes (in that order) and what the sentence says. The chapter calls
:func:`check` beside its sentence; the ledger appendix calls :func:`evaluate` on the
committed records; the tests call the function on records in which the claim reverses and
expect it to fail. A function returns ``True`` when the sentence holds; anything else is a
failure, so a claim cannot pass by returning a truthy number by mistake.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


def chapter_modules() -> list[str]:
    """The chapter modules of claims: ``dlbook/book/claims_*.py``, by name."""
    return sorted(f"dlbook.book.{path.stem}"
                  for path in Path(__file__).parent.glob("claims_*.py"))


@dataclass(frozen=True)
class Claim:
    """One claim: its ID, what its sentence says, the studies it reads, its condition."""

    id: str
    says: str
    studies: tuple[str, ...]
    condition: Callable[..., bool]

    @property
    def source(self) -> str:
        """The condition's code, as the ledger prints it."""
        return inspect.getsource(self.condition)


REGISTRY: dict[str, Claim] = {}


def claim(id: str, *, says: str, studies: tuple[str, ...] = ()) -> Callable:
    """Register the decorated function as the condition of claim ``id``."""
    def register(condition: Callable[..., bool]) -> Callable[..., bool]:
        if id in REGISTRY and REGISTRY[id].condition.__qualname__ != condition.__qualname__:
            raise ValueError(f"claim {id!r} is registered twice")
        REGISTRY[id] = Claim(id, says, tuple(studies), condition)
        return condition
    return register


def holds(id: str, *evidence: object, **options: object) -> bool:
    """Whether claim ``id`` holds on ``evidence`` (its studies' records, in order)."""
    if id not in REGISTRY:
        load_all()  # the chapter modules register their claims when imported
    verdict = REGISTRY[id].condition(*evidence, **options)
    if not isinstance(verdict, bool):
        raise TypeError(f"claim {id!r} returned {verdict!r}; a condition returns True or False")
    return verdict


def check(id: str, *evidence: object, **options: object) -> None:
    """Raise ``AssertionError`` naming the claim unless it holds: the chapter's guard."""
    if not holds(id, *evidence, **options):
        raise AssertionError(f"claim {id}: {REGISTRY[id].says}")


def load_all() -> dict[str, Claim]:
    """Import every chapter module and return the registry."""
    for name in chapter_modules():
        importlib.import_module(name)
    return REGISTRY


def evaluate(id: str, load: Callable[[str], list[dict]]) -> bool:
    """Evaluate claim ``id`` on the records ``load(name)`` returns for each of its studies
    (the chapters pass ``dlbook.studies.experiments.load_study``)."""
    found = load_all()[id]
    return holds(id, *(load(name) for name in found.studies))
