"""The fixed-window evaluation: mean next-token cross-entropy over non-overlapping windows."""

from __future__ import annotations

import torch
from torch import nn

from dlbook._checks import (
    check_finite_loss,
    check_logits,
    eval_mode,
    logits_of,
    model_device,
    positive_int,
    token_sequence,
)


@torch.no_grad()
def fixed_window_loss(
    model: nn.Module,
    sequence: torch.Tensor,
    *,
    vocab: int,
    window: int,
    batch: int = 512,
) -> float:
    """Mean next-token cross-entropy (nats per token) of ``model`` on ``sequence``.

    Protocol: cut the stream into non-overlapping windows of ``window`` inputs (a shorter
    final window takes the remainder), start every window from a zero state, and average
    the loss over every predicted token, so each token after the first is scored once.
    Windows are independent, so they are evaluated ``batch`` at a time; the result equals
    evaluating them one by one (up to floating-point summation order).
    """
    vocab = positive_int("vocab", vocab)
    sequence = token_sequence("sequence", sequence, vocab=vocab)
    window, batch = positive_int("window", window), positive_int("batch", batch)
    if window >= len(sequence):
        raise ValueError(
            f"window={window} needs at least {window + 1} tokens but the sequence has "
            f"{len(sequence)}; shorten the window or evaluate a longer sequence"
        )
    device = model_device(model)
    n_full = (len(sequence) - 1) // window
    full = sequence[: n_full * window + 1]
    inputs = full[:-1].reshape(n_full, window)
    targets = full[1:].reshape(n_full, window)
    tail = len(sequence) - 1 - n_full * window
    chunks = [(inputs[i : i + batch], targets[i : i + batch]) for i in range(0, n_full, batch)]
    if tail:
        chunks.append((sequence[-tail - 1 : -1].unsqueeze(0), sequence[-tail:].unsqueeze(0)))
    total = torch.zeros((), dtype=torch.float64)
    with eval_mode(model):  # dropout off; the model's mode comes back even if a check fails
        for x, y in chunks:
            logits = logits_of(model(x.to(device)))
            check_logits(logits, vocab=vocab, inputs=x)
            losses = nn.functional.cross_entropy(
                logits.reshape(-1, vocab), y.to(device).reshape(-1), reduction="sum"
            )
            total += losses.double().cpu()
    return check_finite_loss(total.item() / (len(sequence) - 1), what="the sequence")
