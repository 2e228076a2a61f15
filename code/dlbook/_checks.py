"""Argument checks shared by the listings: each error names the argument, the value and the fix."""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Iterator
from contextlib import contextmanager

import torch
from torch import Tensor, nn


class NonFiniteLossError(ValueError):
    """Training or evaluation produced a NaN or infinite loss."""


def is_int(value: object) -> bool:
    """An integer as a caller may hold one: a Python int or a numpy integer (what iterating
    over a numpy array hands out), never a bool (``True`` is an int to Python, not a count)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def positive_int(name: str, value: object) -> int:
    """``value`` as an ``int`` > 0; the caller uses the returned int (a numpy one becomes it)."""
    if not is_int(value) or value <= 0:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return int(value)


def non_negative_int(name: str, value: object) -> int:
    if not is_int(value) or value < 0:
        raise ValueError(f"{name} must be an int >= 0, got {value!r}")
    return int(value)


def int_at_least(name: str, value: object, low: int, *, why: str = "") -> int:
    """``value`` as an ``int`` >= ``low``; ``why`` (a clause) says what a smaller one breaks."""
    if not is_int(value) or value < low:
        raise ValueError(f"{name} must be an int >= {low}{why}, got {value!r}")
    return int(value)


def finite_numbers(name: str, values: object, *, why: str) -> list[float]:
    """A sequence of real numbers (numpy's too, never bools) with no NaN or infinity."""
    if isinstance(values, str | bytes) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of numbers, got {type(values).__name__}")
    values = list(values)
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, numbers.Real)
           or not math.isfinite(v)]
    if bad:
        raise ValueError(f"{name} must hold finite numbers, got {bad[0]!r}; {why}")
    return [float(v) for v in values]


def check_finite(name: str, values: Tensor, *, hint: str = "pass finite values") -> Tensor:
    """A tensor without NaN or infinity (an integer tensor always passes): one NaN would
    spread through every sum and softmax it enters and come out as a NaN answer."""
    if values.dtype.is_floating_point or values.dtype.is_complex:
        bad = ~torch.isfinite(values.detach())
        if bool(bad.any()):
            where = tuple(bad.nonzero()[0].tolist())
            raise ValueError(f"{name} must be finite but holds {values[where].item()} at index "
                             f"{where}; {hint}")
    return values


def check_distributions(name: str, values: object, *, log: bool = False, fix: str,
                        tolerance: float = 1e-3) -> None:
    """Every row (the last axis) of ``values`` must be a probability distribution: entries
    >= 0 that sum to 1 or, with ``log``, log-probabilities whose ``exp`` sums to 1 (within
    ``tolerance``, for float32 rounding). NaN and infinity fail; ``fix`` says what to pass."""
    kind = "log-probabilities" if log else "probabilities"
    if not isinstance(values, Tensor) or not values.dtype.is_floating_point:
        got = values.dtype if isinstance(values, Tensor) else type(values).__name__
        raise TypeError(f"{name} must be a floating-point tensor of {kind}, got {got}")
    x = values.detach().double()
    negative = torch.zeros(x.shape[:-1], dtype=torch.bool) if log else (x < 0).any(dim=-1)
    totals = torch.logsumexp(x, dim=-1) if log else x.sum(dim=-1).log()
    bad = ~(totals.abs() <= tolerance) | negative  # NaN is bad too
    if bool(bad.any()):
        where = tuple(bad.nonzero()[0].tolist()) if bad.dim() else ()
        row = f"row {', '.join(map(str, where))}" if where else "it"
        found = ("holds NaN" if bool(x[where].isnan().any()) else "holds a negative entry"
                 if bool(negative[where]) else
                 f"sums to {float(totals[where].exp()):.4g}{' after exp' if log else ''}")
        rule = "the exp of each row sums to 1" if log else "each row is >= 0 and sums to 1"
        raise ValueError(f"{name} must hold {kind} along the last axis ({rule}), but {row} "
                         f"{found}; {fix}")


@contextmanager
def eval_mode(model: nn.Module) -> Iterator[nn.Module]:
    """Evaluate ``model`` in eval mode (dropout off) and hand it back in the mode it had,
    also when the evaluation raises: a refused call must not change the caller's model."""
    was_training = model.training
    model.eval()
    try:
        yield model
    finally:
        model.train(was_training)


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


def with_state(output: object, *, needed_by: str, instead: str) -> tuple[torch.Tensor, object]:
    """``(logits, state)`` from a recurrent model's output; a model that returns logits
    alone (a transformer carries no state) is told which function to use ``instead``."""
    if not isinstance(output, tuple) or len(output) != 2:
        got = type(output).__name__ + (f" of {len(output)}" if isinstance(output, tuple) else "")
        raise TypeError(f"model(x, state) must return (logits, state) for {needed_by}, which "
                        f"carries a recurrent state, but it returned a {got}; {instead}")
    return output


def check_logits(logits: object, *, vocab: int | None, inputs: torch.Tensor) -> None:
    """The logits of ``model(inputs)`` must be floating point ``(B, T, vocab)`` for inputs
    ``(B, T)``: one row of scores per input position, batch first.

    Why so strict: the losses flatten logits and targets alike, so a sequence-first model's
    ``(T, B, vocab)`` would be scored against the wrong targets without any error. (When
    ``B == T`` the shape cannot tell the two layouts apart: that case rests on the model.)
    ``vocab=None`` checks the positions only.
    """
    if not isinstance(logits, torch.Tensor) or not logits.dtype.is_floating_point:
        got = logits.dtype if isinstance(logits, torch.Tensor) else type(logits).__name__
        raise TypeError(f"the model returned {got} where floating-point logits were expected; "
                        f"model(x) must return logits (B, T, vocab) or (logits, state)")
    shape, (batch, steps) = tuple(logits.shape), tuple(inputs.shape)
    if len(shape) == 3 and shape[:2] == (batch, steps):
        if vocab is None or shape[2] == vocab:
            return
        raise ValueError(
            f"the model produces {shape[2]} logits per position but vocab={vocab}; "
            f"build the model's output layer with {vocab} classes or pass the model's vocab")
    width = "vocab" if vocab is None else vocab
    if len(shape) == 3 and shape[:2] == (steps, batch):
        hint = ("they are sequence-first (T, B, vocab): build the recurrent layer with "
                "batch_first=True, or transpose the model's output")
    elif len(shape) == 2:
        hint = "a model must score every position, not only the last"
    else:
        hint = "one row of scores per input position, batch first"
    raise ValueError(f"the model returned logits of shape {shape} for x of shape {(batch, steps)}"
                     f"; they must be (B, T, vocab) = ({batch}, {steps}, {width}): {hint}")


def check_finite_loss(loss: float, *, what: str) -> float:
    """A loss an evaluation is about to report: NaN or infinity is an error, not a number."""
    if not math.isfinite(loss):
        raise NonFiniteLossError(
            f"the model's loss on {what} is {loss}: its logits hold NaN or infinity (are its "
            f"weights finite? a diverged training run leaves NaN); retrain or reload the model")
    return loss


def check_next_logits(last: torch.Tensor, *, step: int) -> None:
    """The logits a sampler or a decoder picks the next token from (one row per sequence):
    NaN, or +inf, or -inf everywhere in a row leave no distribution (softmax gives NaN, and
    argmax of NaN is token 0, at any temperature). -inf on some tokens is a probability of
    zero, and fine."""
    if bool(torch.isnan(last).any() | torch.isposinf(last).any()) or not bool(
            torch.isfinite(last).any(dim=-1).all()):
        raise ValueError(
            f"the model's next-token logits at step {step} hold NaN or +inf, or are -inf for "
            f"every token, so no token can be chosen; check that the model's weights are "
            f"finite (a diverged training run leaves NaN)")


def positive_number(name: str, value: object, *, allow_none: bool = False,
                    none_means: str = "no clipping") -> float | None:
    """A finite number > 0 (``None`` too when ``allow_none``): a learning rate, a clip norm.

    A negative clip norm would flip every gradient (training climbs the loss) and a zero one
    would erase it (training stops), so both are refused rather than run.
    """
    if value is None and allow_none:
        return None
    if (isinstance(value, bool) or not isinstance(value, numbers.Real)
            or not math.isfinite(value) or value <= 0):
        also = f" (or None for {none_means})" if allow_none else ""
        raise ValueError(f"{name} must be a finite number > 0{also}, got {value!r}")
    return float(value)


def fraction(name: str, value: object) -> float:
    """A probability in ``[0, 1)``, such as a dropout rate."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value < 1:
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
    if parameter.device.type == "meta":
        raise ValueError(f"{name} ({type(model).__name__}) has its parameters on the meta device:"
                         f" shapes without values, so nothing can be computed; build it outside "
                         f"`with torch.device('meta')`, or call {name}.to_empty(device='cpu') "
                         f"and then load or initialise its weights")
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


def blind_keyword(model: nn.Module, blind: bool) -> dict[str, bool]:
    """The keyword arguments that run ``model`` blind (none when ``blind`` is False). Only
    models whose ``forward`` takes ``blind`` have a blind mode (the attention model, which
    reads every encoder state at every step, has none)."""
    if not isinstance(blind, bool):
        raise TypeError(f"blind must be True or False, got {blind!r}")
    if blind and "blind" not in inspect.signature(model.forward).parameters:
        raise ValueError(f"blind=True needs a model with a blind mode (forward(..., blind=...), "
                         f"as Seq2Seq has), but {type(model).__name__} has none; train it with "
                         f"blind=False, or train a Seq2Seq blind")
    return {"blind": True} if blind else {}


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
