"""Argument checks shared by the listings: each error names the argument, the value and the fix."""

from __future__ import annotations

import math

import torch
from torch import Tensor


def positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return value


def non_negative_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be an int >= 0, got {value!r}")
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


def positive_number(name: str, value: object, *, allow_none: bool = False,
                    none_means: str = "no clipping") -> float | None:
    """A finite number > 0 (``None`` too when ``allow_none``): a learning rate, a clip norm.

    A negative clip norm would flip every gradient (training climbs the loss) and a zero one
    would erase it (training stops), so both are refused rather than run.
    """
    if value is None and allow_none:
        return None
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or value <= 0):
        also = f" (or None for {none_means})" if allow_none else ""
        raise ValueError(f"{name} must be a finite number > 0{also}, got {value!r}")
    return float(value)


def fraction(name: str, value: object) -> float:
    """A probability in ``[0, 1)``, such as a dropout rate."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1:
        raise ValueError(f"{name} must be a number in [0, 1), got {value!r}")
    return float(value)


def model_device(model: object, name: str = "model") -> torch.device:
    """The device of a module's first parameter; a module without parameters is refused."""
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f"{name} must be a torch.nn.Module, got {type(model).__name__}")
    parameter = next(model.parameters(), None)
    if parameter is None:
        raise ValueError(f"{name} ({type(model).__name__}) has no parameters; pass a model "
                         f"with at least one parameter (its device is where data is sent)")
    return parameter.device


def token_ids(name: str, ids: object, *, vocab: int, low: int = 0, dim: int | None = None
              ) -> torch.Tensor:
    """An integer tensor of ids in ``[low, vocab)`` (of ``dim`` dimensions when given)."""
    if not isinstance(ids, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor of token ids, got {type(ids).__name__}")
    if ids.dtype.is_floating_point or ids.dtype.is_complex or ids.dtype == torch.bool:
        raise TypeError(f"{name} must hold integer token ids, got dtype {ids.dtype}")
    if dim is not None and ids.dim() != dim:
        raise ValueError(f"{name} must have {dim} dimensions, got shape {tuple(ids.shape)}")
    if ids.numel() and (int(ids.min()) < low or int(ids.max()) >= vocab):
        raise ValueError(
            f"{name} holds ids in [{int(ids.min())}, {int(ids.max())}] but must lie in "
            f"[{low}, {vocab}); the ids and the model (or its logits) disagree on the vocabulary"
            + (f" (ids below {low} are reserved: encode the symbols first)" if low else "")
        )
    return ids


def check_source(src: Tensor, lengths: Tensor, *, vocab: int) -> None:
    """An encoder's input: ``(B, S)`` ids in the vocabulary, ``B`` lengths in ``[1, S]``."""
    if not isinstance(src, Tensor) or src.dim() != 2 or src.dtype != torch.long:
        shape = (tuple(src.shape), src.dtype) if isinstance(src, Tensor) else type(src).__name__
        raise ValueError(f"src must be a (B, S) long tensor, got {shape}")
    token_ids("src", src, vocab=vocab)
    if not isinstance(lengths, Tensor) or lengths.dtype.is_floating_point:
        raise TypeError(f"lengths must be an integer tensor of shape ({src.shape[0]},)")
    if src.shape[0] == 0 or src.shape[1] == 0:
        raise ValueError(f"src must hold at least one sequence of one step, got shape "
                         f"{tuple(src.shape)}")
    if lengths.shape != (src.shape[0],):
        raise ValueError(
            f"lengths must have shape ({src.shape[0]},) to match src, got {tuple(lengths.shape)}"
        )
    if int(lengths.min()) < 1 or int(lengths.max()) > src.shape[1]:
        raise ValueError(
            f"lengths must lie in [1, {src.shape[1]}] (the padded width of src), got "
            f"{lengths.tolist()}"
        )


def check_decoder_inputs(inputs: Tensor, *, vocab: int, batch: int) -> None:
    """Decoder inputs are ``(B, T)`` ids, ``T >= 1``, one row per source sequence."""
    token_ids("decoder_inputs", inputs, vocab=vocab, dim=2)
    if inputs.shape[0] != batch or inputs.shape[1] == 0:
        raise ValueError(f"decoder_inputs must be ({batch}, T) with T >= 1 (one row per source "
                         f"sequence), got {tuple(inputs.shape)}")
