"""Argument checks shared by the listings: each error names the argument, the value and the fix."""

from __future__ import annotations

import torch


def positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return value


def token_sequence(name: str, data: object, *, vocab: int) -> torch.Tensor:
    """A 1-D tensor of token ids in ``[0, vocab)``."""
    if not isinstance(data, torch.Tensor):
        raise TypeError(
            f"{name} must be a 1-D torch.Tensor of token ids, got {type(data).__name__}"
        )
    if data.dim() != 1:
        raise ValueError(
            f"{name} must be 1-D (one long token stream), got shape {tuple(data.shape)}"
        )
    if data.numel() == 0:
        raise ValueError(f"{name} is empty; pass a token stream with at least two tokens")
    if data.dtype not in (torch.int64, torch.int32, torch.int16, torch.uint8):
        raise TypeError(f"{name} must hold integer token ids, got dtype {data.dtype}")
    lo, hi = int(data.min()), int(data.max())
    if lo < 0 or hi >= vocab:
        raise ValueError(
            f"{name} holds token ids in [{lo}, {hi}] but vocab={vocab}; the data and the model "
            f"disagree on the vocabulary: build the model with vocab >= {hi + 1}"
        )
    return data.long()


def logits_of(output: object) -> torch.Tensor:
    """Models may return logits or ``(logits, state)``; the trainer and evaluation take either."""
    return output[0] if isinstance(output, tuple) else output  # type: ignore[return-value]


def check_logits(logits: torch.Tensor, *, vocab: int) -> None:
    if logits.shape[-1] != vocab:
        raise ValueError(
            f"the model produces {logits.shape[-1]} logits per position but vocab={vocab}; "
            f"build the model's output layer with {vocab} classes or pass the model's vocab"
        )
