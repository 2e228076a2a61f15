"""The corpus: prose extraction, the checksummed snapshot, the vocabulary and the split."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch

from dlbook import corpus
from dlbook.corpus import (
    CharVocabulary,
    build_snapshot,
    load_snapshot,
    prose_of_qmd,
    sha256_of,
    split_corpus,
)

QMD = """---
title: "Sequences"
---
# Sequences and state {#sec-demo}

A state $h_t = \\tanh(W h_{t-1} + U x_t)$ carries the past [@elman1990finding].
The difference is `{python} diff` in this run; see @fig-demo-lag and @eq-demo-rnn.

<!-- a note to authors -->

```{python}
#| label: fig-demo-lag
#| fig-cap: "A figure"
print("code never reaches the corpus")
```

::: {.callout-note}
## Why a state
Because sequences have any length.
:::

$$
h_t = a h_{t-1} + b x_t
$$ {#eq-demo-rnn}

```python
plain_code_block = True
```

Read [the docs](https://example.org) for more. As @pascanu2013difficulty showed.
"""


def test_prose_of_qmd_keeps_prose_and_math_and_drops_everything_else():
    prose = prose_of_qmd(QMD)
    for kept in ("Sequences and state", "$h_t = \\tanh(W h_{t-1} + U x_t)$", "Why a state",
                 "Because sequences have any length.", "h_t = a h_{t-1} + b x_t",
                 "Read the docs for more. As Pascanu (2013) showed."):
        assert kept in prose
    for dropped in ("title:", "---", "print(", "#|", "label", "{#", ":::", "<!--", "authors",
                    "elman1990finding", "[", "plain_code_block", "https://", "@"):
        assert dropped not in prose, dropped
    assert "The difference is # in this run; see Figure # and Equation #." in prose
    assert "carries the past.\n" in prose  # the citation goes, with the space before it
    assert "\n\n\n" not in prose and prose.endswith("\n") and not prose.startswith("\n")


def test_prose_of_qmd_rejects_non_text():
    with pytest.raises(TypeError, match="text must be a str"):
        prose_of_qmd(b"bytes")


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    return path


def test_load_snapshot_accepts_the_pinned_text(tmp_path):
    text = "Line one.\r\nLine two with \u00e9 and \u03b1.\n"  # newlines kept byte for byte
    path = write(tmp_path / "s.txt", text)
    got = load_snapshot(path, expected_length=len(text), expected_sha256=sha256_of(text))
    assert got == text


@pytest.mark.parametrize(
    "edit, what",
    [(lambda t: t[:-1], "length"), (lambda t: t.replace("a", "b", 1), "SHA-256"),
     (lambda t: t + " ", "length")],
)
def test_load_snapshot_refuses_an_edited_snapshot_and_says_how_to_fix_it(tmp_path, edit, what):
    text = "a small corpus of prose\n" * 10
    path = write(tmp_path / "s.txt", edit(text))
    with pytest.raises(ValueError, match=what) as error:
        load_snapshot(path, expected_length=len(text), expected_sha256=sha256_of(text))
    assert "git checkout" in str(error.value) and "Do not rebuild" in str(error.value)


def test_load_snapshot_reports_a_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="restore it from git"):
        load_snapshot(tmp_path / "nope.txt", expected_length=1, expected_sha256="0" * 64)


def test_load_snapshot_refuses_to_run_unpinned(tmp_path, monkeypatch):
    monkeypatch.setattr(corpus, "EXPECTED_SHA256", None)
    with pytest.raises(ValueError, match="not pinned"):
        load_snapshot(write(tmp_path / "s.txt", "x"))


def test_snapshot_path_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DLBOOK_DATA", str(tmp_path))
    assert corpus.snapshot_path() == tmp_path / "corpus" / corpus.SNAPSHOT_NAME
    monkeypatch.delenv("DLBOOK_DATA")
    assert corpus.snapshot_path().parts[-3:] == ("data", "corpus", corpus.SNAPSHOT_NAME)


def test_vocabulary_is_sorted_and_round_trips():
    text = "hello, world\n"
    vocab = CharVocabulary.from_text(text)
    assert vocab.chars == tuple(sorted(set(text))) and vocab.size == len(vocab) == 10
    ids = vocab.encode(text)
    assert ids.dtype == torch.long and ids.shape == (len(text),)
    assert vocab.chars[int(ids[0])] == "h"
    assert vocab.decode(ids) == text and vocab.decode(ids.tolist()) == text


def test_vocabulary_errors_name_the_problem():
    vocab = CharVocabulary.from_text("abc")
    with pytest.raises(ValueError, match=r"outside the vocabulary: \['z'\]"):
        vocab.encode("abz")
    with pytest.raises(ValueError, match=r"outside \[0, 3\)"):
        vocab.decode([0, 3])
    with pytest.raises(ValueError, match="1-D"):
        vocab.decode(torch.zeros(2, 2, dtype=torch.long))
    with pytest.raises(ValueError, match="non-empty"):
        CharVocabulary.from_text("")
    with pytest.raises(ValueError, match="sorted and unique"):
        CharVocabulary(["b", "a"])


def test_split_is_ordered_and_unshuffled():
    ids = torch.arange(1000)
    train, held = split_corpus(ids)
    assert len(train) == 900 and len(held) == 100
    assert torch.equal(torch.cat([train, held]), ids)  # the first 90% trains, in order
    train, held = split_corpus(torch.arange(10), train_fraction=0.55)
    assert train.tolist() == [0, 1, 2, 3, 4] and held.tolist() == [5, 6, 7, 8, 9]


@pytest.mark.parametrize("fraction", [0.0, 1.0, -0.1, 1.5])
def test_split_rejects_bad_fractions(fraction):
    with pytest.raises(ValueError, match="train_fraction"):
        split_corpus(torch.arange(100), train_fraction=fraction)


def test_split_rejects_a_part_too_short():
    with pytest.raises(ValueError, match="shorter than 2 tokens"):
        split_corpus(torch.arange(10), train_fraction=0.9)


def test_build_snapshot_writes_prose_refuses_overwrite_and_short_corpora(tmp_path):
    write(tmp_path / "_panel.qmd", "Included panel prose.\n\n```{ojs}\nviewof x = 1\n```\n")
    sources = [write(tmp_path / f"{i}.qmd", QMD + f"Chapter {i} prose.\n" * 40
                     + "{{< include _panel.qmd >}}\n") for i in range(2)]
    out = tmp_path / "corpus" / "snap.txt"
    length, digest = build_snapshot(sources, out, min_length=500)
    text = load_snapshot(out, expected_length=length, expected_sha256=digest)
    assert "Chapter 0 prose." in text and "Chapter 1 prose." in text and "print(" not in text
    assert "Included panel prose." in text and "viewof" not in text  # includes expanded
    assert text.index("Chapter 0") < text.index("Chapter 1")  # sources kept in reading order
    with pytest.raises(FileExistsError, match="frozen"):
        build_snapshot(sources, out, min_length=500)
    assert build_snapshot(sources, out, force=True, min_length=500) == (length, digest)
    with pytest.raises(ValueError, match="at least 1000000"):
        build_snapshot(sources, tmp_path / "other.txt", min_length=1_000_000)
    with pytest.raises(FileNotFoundError, match="sources missing"):
        build_snapshot([tmp_path / "absent.qmd"], tmp_path / "x.txt", min_length=1)


@pytest.mark.slow  # a fresh interpreter imports torch
def test_builder_script_refuses_to_overwrite(tmp_path):
    existing = write(tmp_path / "snap.txt", "frozen")
    script = corpus._REPO_ROOT / "code" / "corpus" / "build_snapshot.py"
    result = subprocess.run([sys.executable, str(script), "--output", str(existing)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "frozen" in result.stderr
    assert existing.read_text() == "frozen"


def test_committed_snapshot_matches_its_pins():
    if corpus.EXPECTED_SHA256 is None:
        pytest.skip("the snapshot has not been built and pinned yet")
    text = load_snapshot(corpus._REPO_ROOT / "data" / "corpus" / corpus.SNAPSHOT_NAME)
    assert len(text) >= corpus.MIN_LENGTH
    readme = (corpus._REPO_ROOT / "data" / "README.md").read_text(encoding="utf-8")
    assert corpus.EXPECTED_SHA256 in readme and f"{corpus.EXPECTED_LENGTH:,}" in readme
