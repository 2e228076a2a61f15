"""Tiny Shakespeare: the committed file is the published one, the split is the standard one,
and a file that differs by one byte is refused with the digests it has and should have."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from dlbook import shakespeare
from dlbook.corpus import ENV_VAR
from dlbook.shakespeare import (
    EXPECTED_LENGTH,
    EXPECTED_SHA256,
    load_shakespeare,
    shakespeare_path,
    shakespeare_split,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def split():
    return shakespeare_split()


def test_the_committed_file_is_the_published_one():
    assert shakespeare_path() == ROOT / "data" / "tinyshakespeare" / "input.txt"
    raw = shakespeare_path().read_bytes()
    assert len(raw) == EXPECTED_LENGTH == 1_115_394
    assert hashlib.sha256(raw).hexdigest() == EXPECTED_SHA256
    text = load_shakespeare()
    assert text.startswith("First Citizen:\nBefore we proceed any further, hear me speak.")
    assert len(text) == len(raw) and "\r" not in text


def test_the_data_readme_records_the_same_checksum_and_split():
    readme = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    for fact in (EXPECTED_SHA256, "1,115,394", "1,003,854", "111,540", "65"):
        assert fact in readme


def test_the_standard_split_and_vocabulary(split):
    assert (len(split.train), len(split.valid)) == (1_003_854, 111_540)  # int(0.9 n), the rest
    assert split.vocab.size == 65
    assert "".join(split.vocab.chars) == (
        "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    text = load_shakespeare()
    assert split.vocab.decode(split.train[:40]) == text[:40]
    assert split.vocab.decode(split.valid[:40]) == text[1_003_854:1_003_894]
    assert split.vocab.decode(split.valid[-40:]) == text[-40:]


def test_a_small_text_splits_the_same_way():
    data = shakespeare_split("abcdefghij" * 3)
    assert (len(data.train), len(data.valid), data.vocab.size) == (27, 3, 10)


def copy_with(tmp_path: Path, change) -> Path:
    raw = bytearray(shakespeare_path().read_bytes())
    change(raw)
    path = tmp_path / "tinyshakespeare" / "input.txt"
    path.parent.mkdir()
    path.write_bytes(bytes(raw))
    return path


def test_one_changed_byte_is_refused_with_both_digests(tmp_path):
    path = copy_with(tmp_path, lambda raw: raw.__setitem__(500_000, ord("#")))
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(ValueError) as error:
        load_shakespeare(path)
    message = str(error.value)
    for part in (str(path), f"SHA-256 {actual}", f"SHA-256 {EXPECTED_SHA256}",
                 "git checkout -- data/tinyshakespeare/input.txt"):
        assert part in message


def test_a_truncated_file_or_windows_newlines_are_refused(tmp_path):
    with pytest.raises(ValueError, match="1115393 bytes with SHA-256"):
        load_shakespeare(copy_with(tmp_path, lambda raw: raw.pop()))
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(shakespeare_path().read_bytes().replace(b"\n", b"\r\n"))
    with pytest.raises(ValueError, match="is not the published Tiny Shakespeare file"):
        load_shakespeare(crlf)


def test_a_missing_file_says_how_to_restore_it(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    with pytest.raises(FileNotFoundError, match="git checkout -- data/tinyshakespeare/input.txt"):
        load_shakespeare()


def test_the_data_directory_follows_the_environment(tmp_path, monkeypatch):
    path = copy_with(tmp_path, lambda raw: None)
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert shakespeare_path() == path
    assert len(load_shakespeare()) == EXPECTED_LENGTH


def test_a_caller_may_pin_another_file(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_bytes(b"to be\n")
    digest = hashlib.sha256(b"to be\n").hexdigest()
    assert load_shakespeare(path, expected_length=6, expected_sha256=digest) == "to be\n"
    path.write_bytes(b"to b\xe9\n")
    with pytest.raises(ValueError, match="non-ASCII byte at offset 4"):
        load_shakespeare(path, expected_length=6,
                         expected_sha256=hashlib.sha256(b"to b\xe9\n").hexdigest())
    assert shakespeare.TRAIN_FRACTION == 0.9
