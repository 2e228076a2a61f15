"""Word-level language modelling on WikiText-2: data, batching, a tied LSTM, and its training.

The data are the three standard token files (``wiki.train.tokens``, ``wiki.valid.tokens``,
``wiki.test.tokens``) read from a local directory. Every line becomes its words followed by
``<eos>``; the vocabulary is built from the training split alone (WikiText already maps
rare words to ``<unk>``). Training follows the usual recipe of Zaremba et al. and PyTorch's
word-language-model example: the stream is cut into ``batch`` contiguous rows, read in
chunks of ``bptt`` steps, with the LSTM state carried from chunk to chunk but detached at
each boundary (truncated BPTT); plain SGD whose learning rate is divided when validation
stops improving; the checkpoint with the best validation loss is kept and the test split is
scored once, after that choice.
"""

from __future__ import annotations

import copy
import hashlib
import math
import shutil
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn

from dlbook._checks import (
    check_finite_loss,
    check_logits,
    fraction,
    model_device,
    positive_int,
    positive_number,
)

EOS = "<eos>"
SPLITS = {"train": "wiki.train.tokens", "valid": "wiki.valid.tokens", "test": "wiki.test.tokens"}
#: The official archive (the original S3 address and the author's current mirror).
WIKITEXT2_URLS = (
    "https://wikitext.smerity.com/wikitext-2-v1.zip",
    "https://s3.amazonaws.com/research.metamind.io/wikitext/wikitext-2-v1.zip",
)
WIKITEXT2_SHA256 = "92675f1d63015c1c8b51f1656a52d5bdbc33aafa60cc47a218a66e7ee817488c"

#: Three sizes after Zaremba et al. (2014); embedding width = LSTM width, so the tied
#: decoder can share the embedding matrix.
SIZES: dict[str, dict[str, float | int]] = {
    "small": {"dim": 200, "layers": 2, "dropout": 0.2},
    "medium": {"dim": 650, "layers": 2, "dropout": 0.5},
    "large": {"dim": 1500, "layers": 2, "dropout": 0.65},
}
LSTMState = tuple[torch.Tensor, torch.Tensor]


def sha256_file(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download_wikitext2(directory: str | Path, *, urls: Sequence[str] = WIKITEXT2_URLS,
                       sha256: str = WIKITEXT2_SHA256) -> Path:
    """Fetch the official WikiText-2 archive, verify its SHA-256, extract the token files.

    Tries each of ``urls`` in turn; an archive whose checksum differs is deleted and
    refused, never used. Returns ``directory``, which then holds the three token files.
    """
    directory = Path(directory)
    if all((directory / name).is_file() for name in SPLITS.values()):
        return directory
    directory.mkdir(parents=True, exist_ok=True)
    failures = []
    with tempfile.TemporaryDirectory(dir=directory) as scratch:
        archive = Path(scratch) / "wikitext-2-v1.zip"
        for url in urls:
            try:
                with urllib.request.urlopen(url, timeout=60) as response, \
                        open(archive, "wb") as out:
                    shutil.copyfileobj(response, out)
            except OSError as error:
                failures.append(f"{url}: {error}")
                continue
            actual = sha256_file(archive)
            if actual != sha256:
                failures.append(f"{url}: SHA-256 {actual}, expected {sha256}")
                continue
            with zipfile.ZipFile(archive) as zipped:
                for member in zipped.namelist():
                    if Path(member).name in SPLITS.values():
                        (directory / Path(member).name).write_bytes(zipped.read(member))
            return directory
    raise OSError("could not obtain a verified WikiText-2 archive: " + "; ".join(failures)
                  + f". Download it by hand and unzip the token files into {directory}")


def read_words(path: str | Path) -> list[str]:
    """The words of a token file, with ``<eos>`` closing every line (blank lines too)."""
    with open(path, encoding="utf-8") as handle:
        return [word for line in handle for word in [*line.split(), EOS]]


class WordVocabulary:
    """Words numbered in order of first appearance in the text they were built from."""

    def __init__(self, words: Sequence[str]):
        self.words: list[str] = list(dict.fromkeys(words))
        if not self.words:
            raise ValueError("words is empty; build the vocabulary from a non-empty split")
        self.index = {w: i for i, w in enumerate(self.words)}

    @property
    def size(self) -> int:
        return len(self.words)

    def encode(self, words: Sequence[str], *, split: str = "text") -> torch.Tensor:
        unknown = [w for w in dict.fromkeys(words) if w not in self.index]
        if unknown:
            raise ValueError(f"the {split} split holds words missing from the training "
                             f"vocabulary, e.g. {unknown[:5]}; WikiText maps rare words to "
                             f"<unk>: check that the files come from the same release")
        return torch.tensor([self.index[w] for w in words], dtype=torch.long)


@dataclass
class WikiText:
    train: torch.Tensor
    valid: torch.Tensor
    test: torch.Tensor
    vocab: WordVocabulary
    sha256: dict[str, str]


def load_wikitext(directory: str | Path) -> WikiText:
    """Read the three token files in ``directory`` into id streams, vocabulary from train."""
    directory = Path(directory)
    missing = [name for name in SPLITS.values() if not (directory / name).is_file()]
    if missing:
        raise FileNotFoundError(f"directory={str(directory)!r} lacks {missing}; fetch them with "
                                f"download_wikitext2({str(directory)!r}) on a machine online")
    words = {split: read_words(directory / name) for split, name in SPLITS.items()}
    vocab = WordVocabulary(words["train"])
    streams = {split: vocab.encode(w, split=split) for split, w in words.items()}
    return WikiText(**streams, vocab=vocab,
                    sha256={s: sha256_file(directory / n) for s, n in SPLITS.items()})


def batchify(stream: torch.Tensor, *, batch: int) -> torch.Tensor:
    """Cut a 1-D stream into ``batch`` contiguous rows ``(batch, N)``, dropping the remainder.

    Row ``b`` continues where nothing else does: reading the columns left to right reads
    ``batch`` independent stretches of text in parallel, so state can be carried along rows.
    """
    positive_int("batch", batch)
    if stream.dim() != 1 or len(stream) < 2 * batch:
        raise ValueError(f"stream must be 1-D with at least 2 * batch = {2 * batch} tokens, got "
                         f"shape {tuple(stream.shape)}; lower batch")
    n = len(stream) // batch
    return stream[: n * batch].reshape(batch, n)


def bptt_chunks(batched: torch.Tensor, *, length: int) -> Iterator[tuple[torch.Tensor, ...]]:
    """Yield ``(inputs, targets)`` chunks of ``length`` columns; targets are the inputs
    shifted one step along each row, so the last chunk may be shorter."""
    positive_int("length", length)
    for i in range(0, batched.shape[1] - 1, length):
        n = min(length, batched.shape[1] - 1 - i)
        yield batched[:, i : i + n], batched[:, i + 1 : i + 1 + n]


def detach_state(state: LSTMState) -> LSTMState:
    """Keep the state's values, cut its history: gradients stop at the chunk boundary."""
    return tuple(s.detach() for s in state)  # type: ignore[return-value]


class TiedLSTM(nn.Module):
    """Embedding, ``layers`` LSTM layers of width ``dim`` with dropout, and a decoder whose
    weight is the embedding matrix (tying: Inan et al. 2017; Press & Wolf 2017)."""

    def __init__(self, vocab: int, *, dim: int, layers: int, dropout: float):
        super().__init__()
        for name, value in (("vocab", vocab), ("dim", dim), ("layers", layers)):
            positive_int(name, value)
        fraction("dropout", dropout)
        self.embed = nn.Embedding(vocab, dim)
        self.drop = nn.Dropout(dropout)
        # between stacked layers too (PyTorch applies it only when there is more than one)
        self.lstm = nn.LSTM(dim, dim, num_layers=layers, dropout=dropout if layers > 1 else 0.0,
                            batch_first=True)
        self.decoder = nn.Linear(dim, vocab)
        self.decoder.weight = self.embed.weight  # one matrix reads words in and writes them out

    @classmethod
    def of_size(cls, vocab: int, size: str) -> TiedLSTM:
        if size not in SIZES:
            raise ValueError(f"size must be one of {sorted(SIZES)}, got {size!r}")
        return cls(vocab, **SIZES[size])  # type: ignore[arg-type]

    def forward(self, x: torch.Tensor, state: LSTMState | None = None
                ) -> tuple[torch.Tensor, LSTMState]:
        outputs, state = self.lstm(self.drop(self.embed(x)), state)
        return self.decoder(self.drop(outputs)), state


def count_parameters(model: nn.Module) -> int:
    """Trainable parameters, each shared tensor counted once."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad)


def train_epoch(model: nn.Module, batched: torch.Tensor, *, bptt: int,
                optimizer: torch.optim.Optimizer, clip: float) -> float:
    """One pass over ``batched`` by truncated BPTT; returns the mean loss per token."""
    positive_number("clip", clip)
    device = model_device(model)
    model.train()
    state, total, count = None, 0.0, 0
    for inputs, targets in bptt_chunks(batched, length=bptt):
        if state is not None:
            state = detach_state(state)  # carry the values, not the graph
        logits, state = model(inputs.to(device), state)
        check_logits(logits, vocab=None, inputs=inputs)  # (T, B, V) would flatten misaligned
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), targets.to(device).flatten())
        if not math.isfinite(loss.item()):
            raise ValueError(f"the loss became {loss.item()}; lower the learning rate")
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        total, count = total + loss.item() * targets.numel(), count + targets.numel()
    return total / count


@torch.no_grad()
def evaluate_stream(model: nn.Module, batched: torch.Tensor, *, bptt: int) -> float:
    """Mean next-word cross-entropy over ``batched`` with state carried across chunks."""
    device = model_device(model)
    model.eval()
    state, total, count = None, 0.0, 0
    for inputs, targets in bptt_chunks(batched, length=bptt):
        logits, state = model(inputs.to(device), state)
        check_logits(logits, vocab=None, inputs=inputs)
        total += nn.functional.cross_entropy(logits.flatten(0, 1), targets.to(device).flatten(),
                                             reduction="sum").item()
        count += targets.numel()
    return check_finite_loss(total / count, what="the stream")


def train_wikitext(model: nn.Module, data: WikiText, *, batch: int, eval_batch: int, bptt: int,
                   epochs: int, lr: float, lr_decay: float, clip: float) -> dict:
    """Train by truncated BPTT with SGD for ``epochs`` epochs, select on validation, test once.

    After each epoch the validation loss is measured; the best state so far is kept, and
    when validation does not improve the learning rate is divided by ``lr_decay``. The test
    split is scored only after training, on the selected state. Returns the curves (per
    epoch, starting at 1) and the selected epoch with its metrics.
    """
    for name, value in (("epochs", epochs), ("bptt", bptt), ("batch", batch),
                        ("eval_batch", eval_batch)):
        positive_int(name, value)
    lr, clip = positive_number("lr", lr), positive_number("clip", clip)
    if positive_number("lr_decay", lr_decay) < 1:
        raise ValueError(f"lr_decay must be >= 1 (the learning rate is divided by it when "
                         f"validation stalls), got {lr_decay!r}")
    device = model_device(model)
    train = batchify(data.train, batch=batch).to(device)
    valid = batchify(data.valid, batch=eval_batch).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    curves = {"unit": "epoch", "train_loss": {"at": [], "value": []},
              "valid_loss": {"at": [], "value": []}}
    best, best_state, best_epoch = math.inf, None, 0
    for epoch in range(1, epochs + 1):
        train_loss = train_epoch(model, train, bptt=bptt, optimizer=optimizer, clip=clip)
        valid_loss = evaluate_stream(model, valid, bptt=bptt)
        if not math.isfinite(valid_loss):
            raise ValueError(f"the validation loss became {valid_loss} in epoch {epoch}; "
                             f"lower lr (now {lr})")
        for name, value in (("train_loss", train_loss), ("valid_loss", valid_loss)):
            curves[name]["at"].append(epoch)
            curves[name]["value"].append(value)
        if valid_loss < best:
            best, best_epoch = valid_loss, epoch
            best_state = copy.deepcopy(model.state_dict())
        else:
            for group in optimizer.param_groups:
                group["lr"] /= lr_decay
    model.load_state_dict(best_state)
    test_loss = evaluate_stream(model, batchify(data.test, batch=eval_batch).to(device), bptt=bptt)
    selected = {"at": best_epoch, "valid_loss": best, "valid_ppl": math.exp(best),
                "test_loss": test_loss, "test_ppl": math.exp(test_loss)}
    return {"curves": curves, "selected": selected}
