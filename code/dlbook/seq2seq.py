"""A GRU encoder-decoder for digit strings: vocabulary, batching, the model and its loss.

The vocabulary reserves three special ids, ``PAD`` (filler after a short sequence), ``SOS``
(the decoder's first input) and ``EOS`` (the symbol that ends an output); real symbols
start at ``FIRST_SYMBOL``. Digits ``0-9`` map to ids ``3-12``, so ``DIGIT_VOCAB = 13``.

A model in this module (and any model the decoders in :mod:`dlbook.decoding` accept)
implements the *decoding protocol*: ``start(src, lengths)`` returns whatever state the
decoder needs, and ``step(tokens, state)`` consumes one token per sequence and returns the
next-token logits ``(B, V)`` and the new state.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor, nn
from torch.nn import functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from dlbook._checks import (
    blind_keyword,
    check_decoder_inputs,
    check_finite,
    check_source,
    int_at_least,
    is_int,
    model_device,
    positive_int,
    positive_number,
    token_ids,
)
from dlbook.device import make_generator

PAD, SOS, EOS = 0, 1, 2
FIRST_SYMBOL = 3
DIGIT_VOCAB = FIRST_SYMBOL + 10


def digits_to_ids(digits: Sequence[int]) -> list[int]:
    """Map digits ``0-9`` to token ids ``FIRST_SYMBOL + digit``."""
    out = []
    for d in digits:
        if not is_int(d) or not 0 <= d <= 9:
            raise ValueError(f"digits must be ints in 0-9, got {d!r} in {list(digits)!r}")
        out.append(FIRST_SYMBOL + int(d))
    return out


def ids_to_digits(ids: Sequence[int] | Tensor) -> list[int]:
    """Map token ids back to digits, dropping ``PAD``/``SOS`` and stopping at ``EOS``."""
    out = []
    for i in ids.tolist() if isinstance(ids, Tensor) else ids:
        if i == EOS:
            break
        if i in (PAD, SOS):
            continue
        if not FIRST_SYMBOL <= i < DIGIT_VOCAB:
            raise ValueError(f"ids must be special ids or digit ids 3-12, got {i!r}")
        out.append(i - FIRST_SYMBOL)
    return out


def check_vocab(vocab: object) -> int:
    """An encoder-decoder's vocabulary size: the three special ids and at least one symbol."""
    return int_at_least("vocab", vocab, FIRST_SYMBOL + 1, why=f" (ids 0-2 are PAD, SOS and "
                        f"EOS: a vocabulary needs at least one symbol id from {FIRST_SYMBOL} up)")


def random_digit_strings(
    count: int, *, min_len: int, max_len: int, seed: int = 0
) -> list[list[int]]:
    """``count`` random digit strings with lengths uniform on ``[min_len, max_len]``."""
    positive_int("count", count)
    positive_int("min_len", min_len)
    positive_int("max_len", max_len)
    if min_len > max_len:
        raise ValueError(f"min_len={min_len} exceeds max_len={max_len}; swap them")
    g = make_generator(seed)
    lengths = torch.randint(min_len, max_len + 1, (count,), generator=g).tolist()
    return [torch.randint(0, 10, (n,), generator=g).tolist() for n in lengths]


def pad_batch(sequences: list[list[int]], *, pad: int = PAD) -> tuple[Tensor, Tensor]:
    """Stack sequences of ids into a ``(B, S_max)`` long tensor padded with ``pad``.

    Returns the padded batch and the true lengths ``(B,)``. Empty sequences are refused:
    ``pack_padded_sequence`` needs at least one real step per sequence.
    """
    if not isinstance(sequences, list | tuple) or not sequences:
        raise ValueError("sequences must be a non-empty list of lists of token ids")
    lengths = [len(s) for s in sequences]
    if min(lengths) == 0:
        raise ValueError(f"sequence {lengths.index(0)} is empty; every sequence needs >= 1 id")
    batch = torch.full((len(sequences), max(lengths)), pad, dtype=torch.long)
    for row, seq in enumerate(sequences):
        batch[row, : len(seq)] = torch.as_tensor(seq, dtype=torch.long)
    return batch, torch.tensor(lengths, dtype=torch.long)


def add_sos_eos(targets: list[list[int]]) -> tuple[Tensor, Tensor]:
    """Teacher-forcing pairs: inputs ``[SOS, y1..yn]`` and targets ``[y1..yn, EOS]``.

    Both are ``(B, T)`` with ``T = max n + 1``, padded with ``PAD``; the target at step t is
    the input at step t + 1, which is what teacher forcing means.
    """
    inputs, _ = pad_batch([[SOS, *t] for t in targets])
    outputs, _ = pad_batch([[*t, EOS] for t in targets])
    return inputs, outputs


class GRUEncoder(nn.Module):
    """Embed the source, run a GRU over the *packed* batch, return outputs and final state.

    Packing means the GRU never reads a pad: each sequence's final state is its state after
    its own last real token, whatever fills the padded positions.
    """

    def __init__(self, vocab: int, *, embed: int = 16, hidden: int = 32) -> None:
        super().__init__()
        for name, value in (("vocab", vocab), ("embed", embed), ("hidden", hidden)):
            positive_int(name, value)
        self.vocab = vocab
        self.embedding = nn.Embedding(vocab, embed, padding_idx=PAD)
        self.rnn = nn.GRU(embed, hidden, batch_first=True)

    def forward(self, src: Tensor, lengths: Tensor) -> tuple[Tensor, Tensor]:
        check_source(src, lengths, vocab=self.vocab)
        packed = pack_padded_sequence(
            self.embedding(src), lengths.cpu(), batch_first=True, enforce_sorted=False
        )
        packed_out, final = self.rnn(packed)
        # Unpacking fills pad positions with zeros; total_length keeps the width S.
        outputs, _ = pad_packed_sequence(packed_out, batch_first=True, total_length=src.shape[1])
        return outputs, final  # (B, S, H), (1, B, H)


class GRUDecoder(nn.Module):
    """A conditional language model: GRU over target tokens, a linear readout to logits."""

    def __init__(self, vocab: int, *, embed: int = 16, hidden: int = 32) -> None:
        super().__init__()
        for name, value in (("vocab", vocab), ("embed", embed), ("hidden", hidden)):
            positive_int(name, value)
        self.vocab = vocab
        self.embedding = nn.Embedding(vocab, embed, padding_idx=PAD)
        self.rnn = nn.GRU(embed, hidden, batch_first=True)
        self.readout = nn.Linear(hidden, vocab)

    def forward(self, inputs: Tensor, state: Tensor) -> tuple[Tensor, Tensor]:
        check_decoder_inputs(inputs, vocab=self.vocab, batch=state.shape[1])
        outputs, state = self.rnn(self.embedding(inputs), state)
        return self.readout(outputs), state  # (B, T, V), (1, B, H)


class Seq2Seq(nn.Module):
    """GRU encoder-decoder: the encoder's final state is the decoder's initial state.

    ``forward`` trains with teacher forcing; ``start``/``step`` implement the decoding
    protocol. ``blind=True`` replaces the encoder's state with zeros: the decoder must then
    guess from its own prior, which measures how much the source contributes.
    """

    def __init__(self, vocab: int, *, embed: int = 16, hidden: int = 32) -> None:
        super().__init__()
        self.vocab = check_vocab(vocab)
        self.encoder = GRUEncoder(vocab, embed=embed, hidden=hidden)
        self.decoder = GRUDecoder(vocab, embed=embed, hidden=hidden)

    def start(self, src: Tensor, lengths: Tensor, *, blind: bool = False) -> Tensor:
        _, final = self.encoder(src, lengths)
        return torch.zeros_like(final) if blind else final

    def step(self, tokens: Tensor, state: Tensor) -> tuple[Tensor, Tensor]:
        logits, state = self.decoder(tokens.unsqueeze(1), state)
        return logits.squeeze(1), state

    def forward(
        self, src: Tensor, lengths: Tensor, decoder_inputs: Tensor, *, blind: bool = False
    ) -> Tensor:
        logits, _ = self.decoder(decoder_inputs, self.start(src, lengths, blind=blind))
        return logits


class BlindDecoder(nn.Module):
    """A view of a :class:`Seq2Seq` that decodes from a zero context: the blind decoder.

    It shares the model's weights and follows the decoding protocol, so the decoders of
    :mod:`dlbook.decoding` can show what the decoder writes when the source is hidden.
    """

    def __init__(self, model: Seq2Seq) -> None:
        super().__init__()
        if not isinstance(model, Seq2Seq):
            raise TypeError(f"model must be a Seq2Seq, got {type(model).__name__}")
        self.model = model

    def start(self, src: Tensor, lengths: Tensor) -> Tensor:
        return self.model.start(src, lengths, blind=True)

    def step(self, tokens: Tensor, state: Tensor) -> tuple[Tensor, Tensor]:
        return self.model.step(tokens, state)


def masked_cross_entropy(logits: Tensor, targets: Tensor, *, pad: int = PAD) -> Tensor:
    """Mean cross-entropy over the non-pad targets of a ``(B, T, V)`` batch of logits.

    ``ignore_index`` drops pad positions from both the sum and the count, so a batch of
    short sequences is not diluted by the zeros of its padding.
    """
    if logits.dim() != 3 or targets.shape != logits.shape[:2] or logits.shape[-1] == 0:
        raise ValueError(
            f"logits must be (B, T, V) and targets (B, T); got {tuple(logits.shape)} and "
            f"{tuple(targets.shape)}"
        )
    if not logits.dtype.is_floating_point:
        raise TypeError(f"logits must be floating point, got {logits.dtype}")
    token_ids("targets", targets, vocab=logits.shape[-1])  # the message names both
    if not bool((targets != pad).any()):
        raise ValueError(f"targets hold only pad={pad}: no position to score (the mean of "
                         f"nothing is NaN); pass at least one real target")
    check_finite("logits", logits, hint="even at a pad it would make the gradient NaN; a model "
                 "gives such logits when its weights are NaN (a diverged run: lower lr or clip)")
    return F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=pad)


def check_symbols(name: str, sequences: Sequence[Sequence[int]], *, vocab: int | None,
                  nonempty: bool = False) -> None:
    """Every id must be a real symbol in ``[FIRST_SYMBOL, vocab)``: a raw digit 0, 1 or 2
    would silently be read as ``PAD``, ``SOS`` or ``EOS``."""
    if nonempty and not all(sequences):
        raise ValueError(f"{name} holds an empty sequence; every source needs at least one id")
    top = vocab if is_int(vocab) else None
    bad = [i for seq in sequences for i in seq
           if not is_int(i) or i < FIRST_SYMBOL or (top is not None and i >= top)]
    if bad:
        raise ValueError(f"{name} must hold symbol ids in [{FIRST_SYMBOL}, {top}), got {bad[:5]}; "
                         f"ids 0-2 are PAD, SOS and EOS: encode digits with digits_to_ids")


def fit_seq2seq(
    model: nn.Module,
    sources: list[list[int]],
    targets: list[list[int]],
    *,
    steps: int,
    lr: float,
    batch: int | None = None,
    clip: float | None = 1.0,
    seed: int = 0,
    blind: bool = False,
) -> list[float]:
    """Train ``model(src, lengths, decoder_inputs)`` with teacher forcing; return step losses.

    Protocol: each step takes all pairs (``batch=None``, the over-fitting regime) or a
    random minibatch of ``batch`` pairs drawn from a seeded generator, scores the masked
    cross-entropy, clips the global gradient norm to ``clip`` and takes one Adam step.
    """
    positive_int("steps", steps)
    lr, clip = positive_number("lr", lr), positive_number("clip", clip, allow_none=True)
    if len(sources) != len(targets) or not sources:
        raise ValueError(
            f"sources and targets must be non-empty and equally long, got {len(sources)} "
            f"and {len(targets)}"
        )
    check_symbols("sources", sources, vocab=getattr(model, "vocab", None), nonempty=True)
    check_symbols("targets", targets, vocab=getattr(model, "vocab", None))
    if batch is not None:
        positive_int("batch", batch)
    device, blind_mode = model_device(model), blind_keyword(model, blind)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    g = make_generator(seed)
    losses = []
    model.train()
    for _ in range(steps):
        if batch is None:
            rows = list(range(len(sources)))
        else:
            rows = torch.randint(0, len(sources), (batch,), generator=g).tolist()
        src, lengths = pad_batch([sources[r] for r in rows])
        dec_in, dec_out = add_sos_eos([targets[r] for r in rows])
        logits = model(src.to(device), lengths, dec_in.to(device), **blind_mode)
        loss = masked_cross_entropy(logits, dec_out.to(device))
        if not torch.isfinite(loss):
            raise ValueError(f"the loss became {loss.item()}; lower lr (got {lr}) or clip")
        optimiser.zero_grad()
        loss.backward()
        if clip is not None:
            nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimiser.step()
        losses.append(loss.item())
    model.eval()
    return losses
