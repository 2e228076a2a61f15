"""Counting baselines: what a character model must beat before it has learned anything.

An n-gram model predicts a character from the ``order - 1`` characters before it by counting,
on the training split, how often each character followed them. Order 1 (a unigram model)
ignores the context and knows only how common each character is; order 2 (a bigram model)
knows which character tends to follow which. Counts get ``alpha`` added to every cell, so a
pair never seen in training still has a probability (additive smoothing; ``alpha = 1`` is
Laplace's rule). Both are scored like the networks, in nats per predicted character.
"""

from __future__ import annotations

import math

import torch

from dlbook._checks import positive_int, token_sequence

#: The largest count table :func:`ngram_loss` builds: 2**26 cells, 512 MiB of float64.
MAX_CELLS = 2**26


def _magnitude(log10: float) -> str:
    """``10 ** log10`` written out, without overflowing a float."""
    return f"{10**log10:.2g}" if log10 < 300 else f"10^{log10:.0f}"


def _bytes(log10: float) -> str:
    """A size of ``10 ** log10`` bytes in MB, GB or TB."""
    unit, power = next((u, p) for u, p in (("TB", 12), ("GB", 9), ("MB", 6), ("B", 0))
                       if log10 >= p or u == "B")
    return f"{_magnitude(log10 - power)} {unit}"


def _check_table_fits(vocab: int, order: int) -> None:
    """The counts fill a table of ``vocab ** order`` cells; refuse one that would not fit
    (reckoned in logarithms, so an absurd order costs no time and overflows nothing)."""
    digits = order * math.log10(vocab)  # log10 of the number of cells
    if digits > math.log10(MAX_CELLS):
        raise ValueError(
            f"order={order} over vocab={vocab} needs a count table of {vocab} ** {order} = "
            f"{_magnitude(digits)} cells ({_bytes(digits + math.log10(8))} of float64 "
            f"counts); this builds at most {MAX_CELLS:,} cells: use order <= "
            f"{int(math.log(MAX_CELLS) / math.log(vocab))}")


def ngram_loss(train: torch.Tensor, valid: torch.Tensor, *, vocab: int, order: int,
               alpha: float = 1.0) -> float:
    """Mean cross-entropy (nats) of the ``order``-gram model counted on ``train`` at every
    character of ``valid`` that has ``order - 1`` characters before it in ``valid``."""
    vocab, order = positive_int("vocab", vocab), positive_int("order", order)
    _check_table_fits(vocab, order)
    train = token_sequence("train", train, vocab=vocab).long()
    valid = token_sequence("valid", valid, vocab=vocab).long()
    if isinstance(alpha, bool) or not isinstance(alpha, int | float) or not (
            0 < alpha < math.inf):
        raise ValueError(f"alpha must be a number > 0 (it keeps unseen pairs possible), "
                         f"got {alpha!r}")
    if min(len(train), len(valid)) < order:
        raise ValueError(f"an order-{order} model needs at least {order} characters in "
                         f"train and in valid; got {len(train)} and {len(valid)}")
    contexts = vocab ** (order - 1)

    def cells(ids: torch.Tensor) -> torch.Tensor:
        # the context, read as a number in base vocab, picks a row; the next character a column
        row = torch.zeros(len(ids) - order + 1, dtype=torch.long)
        for k in range(order - 1):
            row = row * vocab + ids[k : len(ids) - order + 1 + k]
        return row * vocab + ids[order - 1 :]

    counts = torch.bincount(cells(train), minlength=contexts * vocab).double()
    counts = counts.view(contexts, vocab) + alpha
    log_probs = (counts / counts.sum(dim=1, keepdim=True)).log().view(-1)
    return float(-log_probs[cells(valid)].mean())
