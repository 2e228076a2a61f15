"""Where tensors live, and where randomness comes from.

The book runs on a CPU by default and uses a CUDA GPU when one is present. The environment
variable ``DLBOOK_DEVICE`` overrides the choice: ``cpu``, ``cuda`` (or ``cuda:N``) or ``auto``.
"""

from __future__ import annotations

import numbers
import os
import random
import re

import numpy as np
import torch

ENV_VAR = "DLBOOK_DEVICE"


def pick_device(preference: str | None = None) -> torch.device:
    """Return the device the book computes on.

    ``preference`` (or, when it is ``None``, the ``DLBOOK_DEVICE`` environment variable) is
    ``"auto"`` (CUDA when available, else CPU), ``"cpu"``, ``"cuda"`` or ``"cuda:N"``.
    Asking for CUDA on a machine without it is an error, not a silent fallback.
    """
    if preference is not None and not isinstance(preference, str):
        raise TypeError(f"preference must be a str such as 'cpu' or 'cuda:0' (or None), got "
                        f"{preference!r}")
    choice = (preference if preference is not None else os.environ.get(ENV_VAR, "auto")).strip()
    choice = choice.lower() or "auto"
    if choice == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if choice == "cpu":
        return torch.device("cpu")
    cuda = re.fullmatch(r"cuda(?::(\d+))?", choice)
    if cuda:
        if not torch.cuda.is_available():
            raise ValueError(
                f"device {choice!r} was requested (preference or {ENV_VAR}) but CUDA is not "
                f"available here; unset {ENV_VAR} or set it to 'cpu' or 'auto'"
            )
        if cuda.group(1) and int(cuda.group(1)) >= torch.cuda.device_count():
            raise ValueError(f"device {choice!r} (preference or {ENV_VAR}) does not exist: this "
                             f"machine has {torch.cuda.device_count()} CUDA devices")
        return torch.device(choice)
    raise ValueError(
        f"device (preference or {ENV_VAR}) must be 'auto', 'cpu', 'cuda' or 'cuda:N', got "
        f"{choice!r}; fix the argument or the {ENV_VAR} environment variable"
    )


def seed_everything(seed: int) -> torch.Generator:
    """Seed Python's, NumPy's and PyTorch's global generators; return a fresh ``torch.Generator``.

    Library code in ``dlbook`` never relies on the global state: it takes a ``seed`` or a
    ``torch.Generator``. Seeding the globals keeps a chapter's own cells reproducible too.
    """
    seed = _check_seed(seed)
    random.seed(seed)
    np.random.seed(seed % 2**32)
    torch.manual_seed(seed)
    return make_generator(seed)


def make_generator(seed: int) -> torch.Generator:
    """A CPU ``torch.Generator`` seeded with ``seed``: the one explicit source of randomness."""
    generator = torch.Generator()
    generator.manual_seed(_check_seed(seed))
    return generator


def _check_seed(seed: object) -> int:
    """A seed as an ``int`` in ``[0, 2**64)``, the range a ``torch.Generator`` takes; a numpy
    integer is accepted, a bool is not (``True`` is a flag set by mistake, not a seed)."""
    if (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)
            or not 0 <= seed < 2**64):
        also = " (a bool is not a seed)" if isinstance(seed, bool) else ""
        raise ValueError(f"seed must be a non-negative int below 2**64, got {seed!r}{also}; pass "
                         f"an int such as 0")
    return int(seed)


def describe_device(device: torch.device) -> str:
    """A short human description, e.g. ``"cpu"`` or ``"cuda (NVIDIA H100 80GB HBM3)"``."""
    if device.type == "cuda":
        return f"cuda ({torch.cuda.get_device_name(device)})"
    return device.type
