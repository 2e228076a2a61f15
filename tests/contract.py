"""The one contract the property suite checks on every public listing, and its tools.

A call either returns a result with no NaN in it (its shape is checked by each test), or
raises ``ValueError``/``TypeError`` whose message names one of the call's arguments. Anything
else fails: an ``IndexError`` or ``RuntimeError`` from inside PyTorch, a NaN, or a call that
runs past :data:`HARD_LIMIT` seconds (a hang; Hypothesis's own deadline only measures calls
that return).

Examples are derandomized (the same ones on every run, so CI cannot flake on a new draw);
``DLBOOK_HYPOTHESIS=explore pytest tests/test_properties*.py`` draws new ones.
"""

from __future__ import annotations

import dataclasses
import math
import os
import signal
from contextlib import contextmanager

import torch
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

HARD_LIMIT = 30.0
settings.register_profile(
    # No "explain" phase: tracing every line under torch makes a failure take minutes.
    "dlbook", max_examples=50, deadline=10_000, derandomize=True, print_blob=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("explore", parent=settings.get_profile("dlbook"),
                          derandomize=False, max_examples=300, database=None)
settings.load_profile(os.environ.get("DLBOOK_HYPOTHESIS", "dlbook"))

DTYPES = st.sampled_from([torch.float32, torch.float64, torch.int64])
FLOATS = st.sampled_from([torch.float32, torch.float64])
#: Hyper-parameters as a careless or adversarial caller passes them.
NUMBERS = st.one_of(st.sampled_from([0, 0.0, -1.0, 1e-300, float("nan"), float("inf"), True]),
                    st.floats(-5, 5), st.integers(-3, 5))
SIZES = st.integers(0, 4)


@contextmanager
def hard_limit(seconds: float = HARD_LIMIT):
    def expire(*_):
        raise TimeoutError(f"the call ran past {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def nan_free(value) -> bool:
    if isinstance(value, torch.Tensor):
        return not (value.is_floating_point() and bool(torch.isnan(value).any()))
    if isinstance(value, float):
        return not math.isnan(value)
    if isinstance(value, dict):
        return all(nan_free(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(nan_free(v) for v in value)
    if dataclasses.is_dataclass(value):
        return all(nan_free(getattr(value, f.name)) for f in dataclasses.fields(value))
    return True


def call(fn, /, broken: str | None = "", **kwargs):
    """``fn(**kwargs)``, or ``None`` when it refused the arguments by name (see the module).

    ``broken`` says which argument :func:`perturb` replaced: ``None`` means every argument
    is valid, so a refusal fails the test; a name means a refusal must name that argument.
    The default, ``""``, accepts a refusal that names any argument.
    """
    with hard_limit():
        try:
            result = fn(**kwargs)
        except (ValueError, TypeError) as error:
            message, kind = str(error), type(error).__name__
            assert broken is not None, (
                f"{fn.__qualname__} refused valid arguments: {kind}({message!r})")
            named = [broken] if broken else list(kwargs)
            assert any(name in message for name in named), (
                f"{fn.__qualname__} raised {kind}({message!r}), which names none of "
                f"{sorted(named)}")
            return None
    assert nan_free(result), f"{fn.__qualname__} returned a NaN: {result!r:.300}"
    return result


def perturb(data, valid: dict, bad: dict) -> tuple[dict, str | None]:
    """``valid`` arguments, or (in about half the examples) the same with one argument
    replaced by a draw from its strategy in ``bad``; returns the arguments and its name."""
    name = data.draw(st.none() | st.sampled_from(sorted(bad)), label="broken")
    args = dict(valid)
    if name is not None:
        args[name] = data.draw(bad[name], label=name)
    return args, name


def tensor(seed: int, shape: tuple[int, ...], dtype: torch.dtype, *, low: int = -3,
           high: int = 4) -> torch.Tensor:
    """A random tensor (integers in ``[low, high)`` for an integer dtype) from ``seed``."""
    generator = torch.Generator().manual_seed(seed)
    if dtype.is_floating_point:
        return torch.randn(shape, generator=generator, dtype=dtype)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=generator).bool()
    return torch.randint(low, high, shape, generator=generator, dtype=dtype)


def finite(value: float) -> bool:
    return isinstance(value, float) and math.isfinite(value)


def tensors(shape=None, dtype=DTYPES, *, low: int = -3, high: int = 4):
    """Random tensors: of ``shape`` (a tuple or a strategy; default any shape up to 4-D)."""
    shapes = st.lists(SIZES, max_size=4).map(tuple) if shape is None else (
        shape if isinstance(shape, st.SearchStrategy) else st.just(shape))
    dtypes = dtype if isinstance(dtype, st.SearchStrategy) else st.just(dtype)
    return st.builds(lambda seed, s, d: tensor(seed, s, d, low=low, high=high),
                     st.integers(0, 2**16), shapes, dtypes)
