"""The blind decoder: how much of an encoder–decoder's accuracy the source actually pays for.

A decoder is also a language model. On English text it can guess the next character from
the characters before it, with no source at all. To see what crossed the bottleneck, the
same architecture is trained twice on the same chunks of the book's own prose, asked to
write each chunk back: once given the encoder's final state, once given a zero context
(``blind``). The blind decoder's accuracy is the floor that the decoder's language prior
sets; only the accuracy above it measures information that came from the encoder. A
unigram guess (always the most frequent character) is the floor below that one.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path

import torch

from dlbook._checks import positive_int, positive_number, token_ids
from dlbook.corpus import prose_of_qmd
from dlbook.device import make_generator
from dlbook.seq2seq import FIRST_SYMBOL, Seq2Seq, add_sos_eos, masked_cross_entropy

#: The characters kept from the prose (after lower-casing); everything else is dropped.
ALPHABET = " abcdefghijklmnopqrstuvwxyz0123456789.,;:'()-?!"
VOCAB = FIRST_SYMBOL + len(ALPHABET)

#: What the prose snapshot keeps but this experiment drops: maths and code spans.
_DROP = [
    re.compile(r"\$\$.*?\$\$", re.S),  # display maths
    re.compile(r"\$[^$\n]+\$"),  # inline maths
    re.compile(r"`[^`\n]*`"),  # inline code
]


def normalise(text: str) -> str:
    """Prose reduced to what the blind-decoder experiment reads: maths and code spans
    removed, emphasis marks dropped, lower-cased, restricted to :data:`ALPHABET`, whitespace
    collapsed to single spaces. ``text`` is prose as :mod:`dlbook.corpus` extracts it (the
    frozen snapshot, or :func:`prose_of` for one ``.qmd``); extraction is not done here."""
    for pattern in _DROP:
        text = pattern.sub(" ", text)
    text = re.sub(r"[*_]", "", text)  # emphasis marks vanish rather than leave a gap
    text = text.lower().replace("–", "-").replace("—", "-").replace("’", "'")
    text = "".join(c if c in ALPHABET else " " for c in text)
    return re.sub(r"\s+", " ", text).strip()


def prose_of(path: str | Path) -> str:
    """The prose of one ``.qmd`` file: :func:`dlbook.corpus.prose_of_qmd`, then
    :func:`normalise`."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no chapter file at {path}; pass the path of an existing .qmd")
    return normalise(prose_of_qmd(path.read_text(encoding="utf-8")))


def encode(text: str) -> torch.Tensor:
    """Character ids: ``FIRST_SYMBOL + ALPHABET.index(c)``."""
    unknown = sorted(set(text) - set(ALPHABET))
    if unknown:
        raise ValueError(f"text holds characters outside ALPHABET: {unknown[:10]}; "
                         f"clean it with normalise first")
    return torch.tensor([FIRST_SYMBOL + ALPHABET.index(c) for c in text])


def held_out_chunks(ids: torch.Tensor, *, length: int) -> torch.Tensor:
    """Non-overlapping chunks of ``length`` characters, shape (n, length)."""
    positive_int("length", length)
    n = ids.numel() // length
    if n == 0:
        raise ValueError(f"the text has {ids.numel()} characters, fewer than length={length}")
    return ids[: n * length].view(n, length)


def unigram_accuracy(train: torch.Tensor, test: torch.Tensor) -> tuple[float, str]:
    """Accuracy of always guessing the training text's most frequent character."""
    for name, ids in (("train", train), ("test", test)):
        token_ids(name, ids, vocab=VOCAB, low=FIRST_SYMBOL, dim=1)
        if ids.numel() == 0:
            raise ValueError(f"{name} is empty; pass the ids of a non-empty text (encode)")
    top = Counter(train.tolist()).most_common(1)[0][0]
    return (test == top).float().mean().item(), ALPHABET[top - FIRST_SYMBOL]


@torch.no_grad()
def forced_accuracy_by_position(model: Seq2Seq, chunks: torch.Tensor, *, blind: bool
                                ) -> list[float]:
    """Teacher-forced accuracy at each of the ``L`` positions of held-out ``chunks``.

    At position ``t`` the decoder has seen the true characters before ``t`` and must name
    character ``t``: for the blind decoder this is exactly next-character prediction.
    """
    model.eval()
    n, length = chunks.shape
    decoder_inputs, decoder_targets = add_sos_eos(chunks.tolist())
    logits = model(chunks, torch.full((n,), length), decoder_inputs, blind=blind)
    right = logits.argmax(dim=-1)[:, :length] == decoder_targets[:, :length]
    return right.float().mean(dim=0).tolist()


def run_blind_cell(
    *,
    train: torch.Tensor,
    test: torch.Tensor,
    blind: bool,
    length: int = 20,
    hidden: int = 128,
    embed: int = 32,
    steps: int = 300,
    batch: int = 128,
    lr: float = 1e-2,
    seed: int = 0,
) -> dict:
    """Train one autoencoder of ``length``-character chunks (given-state or blind); score it.

    ``train`` and ``test`` are character-id streams (:func:`encode`). Each step draws
    ``batch`` chunks at random offsets in ``train`` and takes one teacher-forced Adam step
    (gradient norm clipped to 1). The test stream is cut into non-overlapping chunks and
    scored per position with teacher forcing (:func:`forced_accuracy_by_position`).
    """
    for name, value in (("length", length), ("steps", steps), ("batch", batch)):
        positive_int(name, value)
    lr = positive_number("lr", lr)
    for name, ids in (("train", train), ("test", test)):
        token_ids(name, ids, vocab=VOCAB, low=FIRST_SYMBOL, dim=1)  # ids 0-2 are PAD/SOS/EOS
    if train.numel() <= length:
        raise ValueError(f"train holds {train.numel()} characters; it needs more than "
                         f"length={length}")
    began = time.process_time()
    with torch.random.fork_rng(devices=[]):  # seeded weights; the caller's RNG untouched
        torch.manual_seed(seed)
        model = Seq2Seq(VOCAB, embed=embed, hidden=hidden)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    generator = make_generator(seed)
    offsets = torch.arange(length)
    lengths = torch.full((batch,), length)
    model.train()
    for _ in range(steps):
        starts = torch.randint(0, train.numel() - length, (batch, 1), generator=generator)
        src = train[starts + offsets]
        decoder_inputs, decoder_targets = add_sos_eos(src.tolist())
        loss = masked_cross_entropy(model(src, lengths, decoder_inputs, blind=blind),
                                    decoder_targets)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
    chunks = held_out_chunks(test, length=length)
    by_position = forced_accuracy_by_position(model, chunks, blind=blind)
    return {"blind": blind, "by_position": by_position,
            "accuracy": sum(by_position) / len(by_position), "final_loss": loss.item(),
            "chunks": chunks.shape[0], "seconds": time.process_time() - began}
