"""The book's own prose as a character corpus: a frozen, checksummed snapshot.

Chapter 4 trains a character-level language model on the prose of the preface and
Chapters 1-3. The text is extracted once (:func:`prose_of_qmd`), written to
``data/corpus/book-prose-v1.txt`` by ``code/corpus/build_snapshot.py`` and pinned here by
its length (characters) and the SHA-256 of its UTF-8 bytes. Later edits to the chapters do
not change the snapshot, so every committed result stays comparable; :func:`load_snapshot`
refuses a snapshot that differs from the pinned one instead of regenerating it.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import torch

from dlbook._checks import is_int

ENV_VAR = "DLBOOK_DATA"
SNAPSHOT_NAME = "book-prose-v1.txt"
_REPO_ROOT = Path(__file__).resolve().parents[2]

#: The sources of the snapshot, relative to the repository root, in reading order.
SOURCES: tuple[str, ...] = (
    "index.qmd",
    "book/01-sequences.qmd",
    "book/02-gradients.qmd",
    "book/03-gated-memory.qmd",
)
MIN_LENGTH = 100_000

#: The pinned snapshot: its length in characters and the SHA-256 of its UTF-8 bytes.
EXPECTED_LENGTH: int | None = 107_794
EXPECTED_SHA256: str | None = (
    "e438b96936fc97e52dc56fe02a625f1955a502648ce28012fe6d11878f558c1b"
)

#: What an inline value `{python} expr` becomes: the number is not part of the prose.
INLINE_PLACEHOLDER = "#"


def data_dir() -> Path:
    """The data directory: ``$DLBOOK_DATA`` when set, else ``data/`` at the repository root."""
    override = os.environ.get(ENV_VAR, "").strip()
    return Path(override) if override else _REPO_ROOT / "data"


def snapshot_path() -> Path:
    """Where the committed snapshot lives (follows ``$DLBOOK_DATA`` at call time)."""
    return data_dir() / "corpus" / SNAPSHOT_NAME


SNAPSHOT: Path = snapshot_path()


def sha256_of(text: str) -> str:
    """Hex SHA-256 of the UTF-8 encoding of ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_snapshot(
    path: str | Path | None = None,
    *,
    expected_length: int | None = None,
    expected_sha256: str | None = None,
) -> str:
    """Read the corpus snapshot and verify its length and SHA-256 against the pinned values.

    ``path`` defaults to :func:`snapshot_path`; the expected values default to
    :data:`EXPECTED_LENGTH` and :data:`EXPECTED_SHA256`. A missing file raises
    ``FileNotFoundError``; a file that differs raises ``ValueError`` saying what differs.
    The fix is always to restore the committed file, never to rebuild it silently.
    """
    path = Path(path) if path is not None else snapshot_path()
    length = EXPECTED_LENGTH if expected_length is None else expected_length
    digest = EXPECTED_SHA256 if expected_sha256 is None else expected_sha256
    if length is None or digest is None:
        raise ValueError(
            "the corpus snapshot is not pinned yet (EXPECTED_LENGTH/EXPECTED_SHA256 are None); "
            "build it once with `python code/corpus/build_snapshot.py` and pin the printed "
            "length and SHA-256 in dlbook/corpus.py and data/README.md"
        )
    if not path.is_file():
        raise FileNotFoundError(
            f"the corpus snapshot {path} does not exist; restore it from git "
            f"(`git checkout -- data/corpus/{SNAPSHOT_NAME}`) or point ${ENV_VAR} at a data "
            f"directory that holds corpus/{SNAPSHOT_NAME}"
        )
    # newline="" keeps the bytes as committed: no platform newline translation.
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            text = handle.read()
    except UnicodeDecodeError as error:
        raise ValueError(
            f"the corpus snapshot {path} was corrupted (byte {error.start} is not UTF-8); "
            f"restore the committed file with `git checkout -- data/corpus/{SNAPSHOT_NAME}`"
        ) from None
    problems = []
    if len(text) != length:
        problems.append(f"length {len(text)} characters, expected {length}")
    actual = sha256_of(text)
    if actual != digest:
        problems.append(f"SHA-256 {actual}, expected {digest}")
    if problems:
        raise ValueError(
            f"the corpus snapshot {path} was changed or corrupted ({'; '.join(problems)}); "
            f"restore the committed file with `git checkout -- data/corpus/{SNAPSHOT_NAME}`. "
            f"Do not rebuild it: results recorded on the old snapshot would no longer match"
        )
    return text


class CharVocabulary:
    """The sorted set of characters of a text; ids are positions in that order."""

    def __init__(self, chars: Iterable[str]):
        chars = list(chars)
        if not chars or any(not isinstance(c, str) or len(c) != 1 for c in chars):
            raise ValueError("chars must be a non-empty collection of single characters")
        if len(set(chars)) != len(chars) or chars != sorted(chars):
            raise ValueError("chars must be sorted and unique; build with CharVocabulary.from_text")
        self.chars: tuple[str, ...] = tuple(chars)
        self._index = {c: i for i, c in enumerate(chars)}

    @classmethod
    def from_text(cls, text: str) -> CharVocabulary:
        if not isinstance(text, str) or not text:
            raise ValueError(f"text must be a non-empty str, got {type(text).__name__}")
        return cls(sorted(set(text)))

    @property
    def size(self) -> int:
        return len(self.chars)

    def __len__(self) -> int:
        return len(self.chars)

    def __repr__(self) -> str:
        return f"CharVocabulary(size={self.size})"

    def encode(self, text: str) -> torch.Tensor:
        """Ids of the characters of ``text`` as a 1-D ``LongTensor``."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        unknown = sorted(set(text) - self._index.keys())
        if unknown:
            raise ValueError(
                f"text holds characters outside the vocabulary: {unknown!r}; remove them or "
                f"build the vocabulary from a text that contains them"
            )
        return torch.tensor([self._index[c] for c in text], dtype=torch.long)

    def decode(self, ids: torch.Tensor | np.ndarray | Sequence[int]) -> str:
        """The text of a 1-D sequence of ids: a tensor, a numpy array or a list of integers
        (numpy integers too, as ``np.argmax`` returns them); never floats or bools."""
        values = ids.tolist() if isinstance(ids, torch.Tensor | np.ndarray) else list(ids)
        if any(isinstance(v, list) for v in values):
            raise ValueError("ids must be 1-D; decode one sequence at a time")
        wrong = [v for v in values if not is_int(v)]
        if wrong:
            raise TypeError(f"ids must be integer ids, got {wrong[0]!r} "
                            f"({type(wrong[0]).__name__}); decode takes what encode returns")
        bad = [v for v in values if not 0 <= v < self.size]
        if bad:
            raise ValueError(f"ids {bad[:5]} are outside [0, {self.size}); decode with the "
                             f"vocabulary that encoded them")
        return "".join(self.chars[v] for v in values)


def split_corpus(
    ids: torch.Tensor, *, train_fraction: float = 0.9
) -> tuple[torch.Tensor, torch.Tensor]:
    """Split a token stream in two, in order: the first ``train_fraction`` trains, the rest is
    held out. No shuffling: neighbouring characters are not independent, so a shuffled split
    would leak held-out context into training."""
    if (not isinstance(ids, torch.Tensor) or ids.dim() != 1 or ids.dtype.is_floating_point
            or ids.dtype.is_complex or ids.dtype == torch.bool):
        raise ValueError("ids must be a 1-D integer tensor of token ids (encode the text first), "
                         f"got {ids.dtype if isinstance(ids, torch.Tensor) else type(ids)}")
    if isinstance(train_fraction, bool) or not isinstance(train_fraction, int | float) or (
            not 0.0 < train_fraction < 1.0):
        raise ValueError(f"train_fraction must lie strictly between 0 and 1, got {train_fraction}")
    cut = int(len(ids) * train_fraction)
    if cut < 2 or len(ids) - cut < 2:
        raise ValueError(
            f"ids holds {len(ids)} tokens; splitting at train_fraction={train_fraction} leaves "
            f"a part shorter than 2 tokens; use a longer text or a fraction nearer 0.5"
        )
    return ids[:cut], ids[cut:]


_CROSSREF_WORDS = {"fig": "Figure", "tbl": "Table", "sec": "Chapter", "eq": "Equation",
                   "lst": "Listing"}


def prose_of_qmd(text: str) -> str:
    """The English prose and mathematics of a Quarto chapter, as a reader sees them.

    Removed: YAML front matter, every fenced code block (cells with their options, and plain
    code), HTML comments, shortcodes, div and callout fences, attributes such as
    ``{#sec-x}``, citations and link targets; heading markers are dropped but their text is
    kept. A cross-reference becomes its word and a placeholder ("Figure #"), a narrative
    citation ``@pascanu2013difficulty`` becomes "Pascanu (2013)", and each inline value
    becomes :data:`INLINE_PLACEHOLDER`, since its number is computed, not written.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    text = text.replace("\r\n", "\n")
    text = re.sub(r"\A---\n.*?\n---[ \t]*\n", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    kept, fence = [], None
    for line in text.split("\n"):
        opening = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None:
            if re.match(rf"^\s*{re.escape(fence)}\s*$", line):
                fence = None
        elif not re.match(r"^\s*:{3,}", line):
            kept.append(line)
    text = "\n".join(kept)
    # Heading markers go first, so that a placeholder "#" at the start of a line stays.
    text = re.sub(r"(?m)^#{1,6}\s+", "", text)
    text = re.sub(r"`\{python\}[^`]*`", INLINE_PLACEHOLDER, text)
    text = re.sub(r"\{\{<.*?>\}\}", "", text, flags=re.S)
    text = re.sub(r"[ \t]*\{[#.][A-Za-z][^}\n]*\}", "", text)
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(?<!!)\[([^\]@]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\s?\[-?@[^\]]*\]", "", text)
    # A cross-reference renders as "Figure 2.3": keep the word, the number is a placeholder.
    text = re.sub(r"-?@(fig|tbl|sec|eq|lst)-[\w-]*\w",
                  lambda m: f"{_CROSSREF_WORDS[m.group(1)]} {INLINE_PLACEHOLDER}", text)
    # A narrative citation renders as "Pascanu et al. (2013)": name and year from the key.
    text = re.sub(r"(?<![\w.])@([a-z]+)(\d{4})[\w:-]*", lambda m: f"{m.group(1).title()} "
                  f"({m.group(2)})", text)
    text = re.sub(r"(?<![\w.])@[A-Za-z][\w:-]*", "", text)
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def _expand_includes(text: str, base: Path) -> str:
    """Inline ``{{< include file >}}`` fragments as Quarto does: their prose is the chapter's."""
    def replace(match: re.Match) -> str:
        target = base / match.group(1)
        return _expand_includes(target.read_text(encoding="utf-8"), target.parent)

    return re.sub(r"\{\{<\s*include\s+(\S+)\s*>\}\}", replace, text)


def build_snapshot(
    sources: Sequence[str | Path], destination: str | Path, *, force: bool = False,
    min_length: int = MIN_LENGTH,
) -> tuple[int, str]:
    """Write the prose of ``sources`` (joined by blank lines) to ``destination``.

    Refuses to overwrite an existing file unless ``force`` (never force once results have been
    recorded on the snapshot) and refuses a corpus shorter than ``min_length`` characters.
    Returns ``(length, sha256)`` to pin in this module and in ``data/README.md``.
    """
    destination = Path(destination)
    if destination.exists() and not force:
        raise FileExistsError(
            f"{destination} exists and is frozen; results were trained on it. Restore it from "
            f"git if it changed. Only pass force=True (--force) before any record exists"
        )
    missing = [str(p) for p in sources if not Path(p).is_file()]
    if missing:
        raise FileNotFoundError(f"snapshot sources missing: {missing}; write the chapters first")
    parts = [prose_of_qmd(_expand_includes(Path(p).read_text(encoding="utf-8"), Path(p).parent))
             for p in sources]
    text = "\n".join(parts)
    if len(text) < min_length:
        raise ValueError(
            f"the prose of {len(sources)} files has {len(text)} characters but the corpus needs "
            f"at least {min_length}; wait until the chapters are written"
        )
    destination.parent.mkdir(parents=True, exist_ok=True)
    with open(destination, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    return len(text), sha256_of(text)
