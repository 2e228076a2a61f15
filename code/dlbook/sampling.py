"""Generating text from a recurrent language model: temperature sampling and greedy decoding.

The recurrent state is the model's whole memory of the past, so generation streams it: the
prompt is read once, and every later step feeds only the newest token together with the
carried state. Nothing is recomputed, and each step costs the same however long the text.
"""

from __future__ import annotations

import math
import re

import torch
from torch import nn

from dlbook._checks import (
    check_logits,
    check_next_logits,
    eval_mode,
    is_int,
    model_device,
    positive_int,
    token_sequence,
    with_state,
)
from dlbook.device import make_generator


@torch.no_grad()
def generate(
    model: nn.Module,
    prompt: torch.Tensor,
    *,
    steps: int,
    temperature: float,
    seed: int = 0,
) -> torch.Tensor:
    """Continue ``prompt`` (1-D token ids) by ``steps`` tokens; return only the new ids.

    ``model(x, state)`` must return ``(logits, state)``. At each step the next token is drawn
    from ``softmax(logits / temperature)``; ``temperature=0`` is the limit of that rule,
    greedy decoding (always the most probable token). Draws come from a generator seeded
    with ``seed``, so the same call returns the same text.
    """
    steps = positive_int("steps", steps)
    if (isinstance(temperature, bool) or not isinstance(temperature, int | float)
            or not 0 <= temperature < math.inf):
        raise ValueError(f"temperature must be a number >= 0 (0 means greedy), got {temperature}")
    vocab = getattr(model, "vocab", None)
    if not is_int(vocab):
        raise TypeError("model must expose its vocabulary size as `model.vocab` (see CharLSTM)")
    prompt = token_sequence("prompt", prompt, vocab=vocab)
    device = model_device(model)
    generator = make_generator(seed)
    # Dropout off while generating; the caller's model gets its mode back, also on a refusal.
    with eval_mode(model):
        # Read the whole prompt once; then feed one token at a time with the carried state.
        x, state, new = prompt.unsqueeze(0).to(device), None, []
        for step in range(steps):
            logits, state = with_state(model(x, state), needed_by="sampling.generate", instead=(
                "for a CharTransformer use dlbook.transformer.generate"))
            check_logits(logits, vocab=vocab, inputs=x)
            last = logits[0, -1].float().cpu()  # only the last position predicts a new token
            check_next_logits(last, step=step)
            probs = torch.softmax(last / temperature, dim=-1) if temperature > 0 else None
            if probs is None or not bool(torch.isfinite(probs).all()):
                token = int(last.argmax())  # T = 0, or so small that logits / T overflowed
            else:
                token = int(torch.multinomial(probs, 1, generator=generator))
            new.append(token)
            x = torch.tensor([[token]], device=device)  # the past is never re-read
    return torch.tensor(new, dtype=torch.long)


def greedy(model: nn.Module, prompt: torch.Tensor, *, steps: int) -> torch.Tensor:
    """Greedy decoding: the most probable next token at every step (``temperature=0``)."""
    return generate(model, prompt, steps=steps, temperature=0.0)


def sample_text(
    model: nn.Module, vocab, prompt: str, *, steps: int, temperature: float, seed: int = 0
) -> str:
    """Text convenience around :func:`generate`: encode ``prompt`` with ``vocab`` (a
    :class:`dlbook.corpus.CharVocabulary`), continue it, and decode the continuation."""
    if model.vocab != vocab.size:
        raise ValueError(f"the model predicts {model.vocab} characters but the vocabulary has "
                         f"{vocab.size}; sample with the vocabulary the model was trained on")
    ids = generate(model, vocab.encode(prompt), steps=steps, temperature=temperature, seed=seed)
    return vocab.decode(ids)


def repeating_tail(text: str | list[int], *, max_period: int = 200, min_repeats: int = 3):
    """Detect a loop at the end of a generated sequence.

    Returns ``(period, start)`` for the shortest period ``p <= max_period`` such that the
    sequence from ``start`` on repeats with period ``p`` at least ``min_repeats`` times, with
    ``start`` as early as possible; returns ``None`` when the tail does not loop.
    """
    positive_int("max_period", max_period)
    positive_int("min_repeats", min_repeats)
    seq = list(text)
    n = len(seq)
    for period in range(1, min(max_period, n // min_repeats) + 1):
        start = n - period  # extend the periodic suffix backwards while it stays periodic
        while start > 0 and seq[start - 1] == seq[start - 1 + period]:
            start -= 1
        if n - start >= min_repeats * period:
            return period, start
    return None


def word_statistics(sample: str, reference: str) -> dict[str, float]:
    """Two plain measures of a generated text, over its alphabetic words (lower-cased):
    ``known``, the share that also occur in ``reference`` (spelling), and ``distinct``, the
    share of different words among them (low means repetition). ``words`` counts them."""
    if not isinstance(sample, str) or not isinstance(reference, str):
        raise TypeError("sample and reference must be str")
    words = re.findall(r"[a-z]+", sample.lower())
    if not words:
        raise ValueError("sample holds no alphabetic words; generate a longer sample")
    vocabulary = set(re.findall(r"[a-z]+", reference.lower()))
    return {"words": len(words), "known": sum(w in vocabulary for w in words) / len(words),
            "distinct": len(set(words)) / len(words)}
