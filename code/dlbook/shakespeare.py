"""Tiny Shakespeare: a public character benchmark, loaded with its checksum enforced.

The file is ``data/tinyshakespeare/input.txt``, committed byte for byte as published with
char-rnn (Karpathy, 2015): 1,115,394 ASCII characters of dialogue. Others report numbers on
it with one split, which this module reproduces: the first 90% of the characters train, the
last 10% validate, and the vocabulary is the sorted set of characters of the whole file
(65 of them). :func:`load_shakespeare` refuses a file whose length or SHA-256 differs, so a
number computed here is a number on the same text as everyone else's.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import torch

from dlbook.corpus import ENV_VAR, CharVocabulary, data_dir, split_corpus

RELATIVE_PATH = Path("tinyshakespeare") / "input.txt"
#: The published file: its length in bytes (= characters: it is ASCII) and its SHA-256.
EXPECTED_LENGTH = 1_115_394
EXPECTED_SHA256 = "86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed"
TRAIN_FRACTION = 0.9


def shakespeare_path() -> Path:
    """Where the committed file lives (follows ``$DLBOOK_DATA`` at call time)."""
    return data_dir() / RELATIVE_PATH


def load_shakespeare(
    path: str | Path | None = None,
    *,
    expected_length: int = EXPECTED_LENGTH,
    expected_sha256: str = EXPECTED_SHA256,
) -> str:
    """The text of Tiny Shakespeare, after checking its length and the SHA-256 of its bytes.

    ``path`` defaults to :func:`shakespeare_path`. A missing file raises
    ``FileNotFoundError``; a file of another length or digest raises ``ValueError`` naming
    the file, the expected and the actual values. The fix is to restore the committed file.
    """
    path = Path(path) if path is not None else shakespeare_path()
    if not path.is_file():
        raise FileNotFoundError(
            f"Tiny Shakespeare is not at {path}; restore it with `git checkout -- data/"
            f"{RELATIVE_PATH.as_posix()}` or point ${ENV_VAR} at a data directory holding "
            f"{RELATIVE_PATH.as_posix()}"
        )
    raw = path.read_bytes()  # bytes, not text: no newline translation before the digest
    actual = hashlib.sha256(raw).hexdigest()
    if len(raw) != expected_length or actual != expected_sha256:
        raise ValueError(
            f"{path} is not the published Tiny Shakespeare file: {len(raw)} bytes with SHA-256 "
            f"{actual}, expected {expected_length} bytes with SHA-256 {expected_sha256}; "
            f"restore it with `git checkout -- data/{RELATIVE_PATH.as_posix()}`"
        )
    try:
        return raw.decode("ascii")
    except UnicodeDecodeError as error:  # only reachable with a caller's own expected digest
        raise ValueError(f"{path} holds a non-ASCII byte at offset {error.start}") from None


@dataclass(frozen=True)
class Shakespeare:
    """The standard split as id streams, with the vocabulary that encoded them."""

    train: torch.Tensor
    valid: torch.Tensor
    vocab: CharVocabulary


def shakespeare_split(text: str | None = None) -> Shakespeare:
    """Encode ``text`` (default: :func:`load_shakespeare`) and split it the standard way.

    The vocabulary is the sorted set of characters of the whole text, validation included,
    so every validation character has an id; the first ``int(0.9 * len)`` characters train,
    the rest validate, in order and without shuffling (as :func:`dlbook.corpus.split_corpus`).
    """
    text = load_shakespeare() if text is None else text
    vocab = CharVocabulary.from_text(text)
    train, valid = split_corpus(vocab.encode(text), train_fraction=TRAIN_FRACTION)
    return Shakespeare(train=train, valid=valid, vocab=vocab)
