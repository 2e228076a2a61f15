"""Decoding an encoder-decoder: greedy search, beam search, and three accuracy metrics.

The decoders work with any model that implements the decoding protocol of
:mod:`dlbook.seq2seq`: ``state = model.start(src, lengths)`` and
``logits, state = model.step(tokens, state)`` with ``tokens`` of shape ``(B,)`` and
``logits`` of shape ``(B, V)``. Outputs are lists of token ids that stop *before* ``EOS``.

Metrics compare such predictions with targets (lists of ids without ``EOS``):

- ``symbol_accuracy``: the fraction of target positions whose symbol was emitted at that
  position. It scores the first ``L`` emitted symbols of a target of length ``L`` and
  ignores anything emitted after them, so it says nothing about *stopping*; a missing
  symbol (an output that stopped early) counts as wrong.
- ``sequence_accuracy``: the fraction of outputs equal to their target, length included.
- ``termination_accuracy``: the fraction of outputs with the target's length, i.e. that
  emitted ``EOS`` at the right step, whatever the symbols before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import torch
from torch import Tensor, nn
from torch.nn import functional as F

from dlbook._checks import check_next_logits, positive_int
from dlbook.seq2seq import EOS, SOS

Outputs: TypeAlias = Sequence[Sequence[int]]


@torch.no_grad()
def greedy_decode(
    model: nn.Module, src: Tensor, lengths: Tensor, *, max_len: int
) -> list[list[int]]:
    """Feed back the most probable token at every step; stop a sequence at its ``EOS``.

    Returns, per source sequence, the emitted ids up to but excluding ``EOS`` (at most
    ``max_len`` ids when ``EOS`` never comes).
    """
    positive_int("max_len", max_len)
    state = model.start(src, lengths)
    tokens = torch.full((src.shape[0],), SOS, dtype=torch.long, device=src.device)
    outputs: list[list[int]] = [[] for _ in range(src.shape[0])]
    done = torch.zeros(src.shape[0], dtype=torch.bool, device=src.device)
    for step in range(max_len):
        logits, state = model.step(tokens, state)
        check_next_logits(logits, step=step)  # the argmax of NaN logits is PAD, not an error
        tokens = logits.argmax(dim=-1)
        # A finished sequence keeps being computed (the batch moves together) but its
        # later tokens are discarded.
        for row in (~done & (tokens != EOS)).nonzero().flatten().tolist():
            outputs[row].append(int(tokens[row]))
        done |= tokens == EOS
        if bool(done.all()):
            break
    return outputs


@torch.no_grad()
def beam_search(
    model: nn.Module, src: Tensor, lengths: Tensor, *, beam: int, max_len: int,
    length_penalty: float = 0.0,
) -> list[tuple[list[int], float]]:
    """Keep the ``beam`` best partial outputs of one source; return the best, best first.

    A hypothesis's log-probability is the sum over its tokens, ``EOS`` included once it has
    finished; its score is that sum divided by ``n ** length_penalty``, where ``n`` counts
    its tokens (``EOS`` included). With ``length_penalty=0`` the score is the plain sum,
    which favours short outputs because every token can only lower it; ``1`` ranks by the
    mean log-probability per token. Every step extends each live hypothesis by its ``beam``
    best tokens and keeps the ``beam`` best extensions (all of one length, so the penalty
    does not change which); one that ends in ``EOS`` leaves the beam and stops growing.
    Search stops when no live hypothesis can still beat the ``beam``-th finished one, or
    after ``max_len`` tokens, when unfinished hypotheses are returned as they stand.
    ``beam=1`` is greedy decoding.
    """
    positive_int("beam", beam)
    positive_int("max_len", max_len)
    if isinstance(length_penalty, bool) or not isinstance(length_penalty, int | float) or not (
            0 <= length_penalty < float("inf")):
        raise ValueError(f"length_penalty must be a finite float >= 0, got {length_penalty!r}")
    if src.dim() != 2 or src.shape[0] != 1:
        raise ValueError(f"beam_search decodes one source at a time: src must be (1, S), got "
                         f"{tuple(src.shape)}; loop over the batch")

    def scored(tokens: list[int], log_prob: float) -> float:
        return log_prob / len(tokens) ** length_penalty

    # Each hypothesis is decoded with its own batch-of-one state, so the search works
    # for any state the model's protocol returns (tensors, tuples, encoder memories).
    live = [([], 0.0, model.start(src, lengths))]
    finished: list[tuple[list[int], float]] = []
    for _ in range(max_len):
        candidates = []
        for tokens, log_prob, state in live:
            last = torch.tensor([tokens[-1] if tokens else SOS], device=src.device)
            logits, new_state = model.step(last, state)
            check_next_logits(logits, step=len(tokens))
            log_probs = F.log_softmax(logits[0].float(), dim=-1)
            top = log_probs.topk(min(beam, log_probs.numel()))
            for lp, tok in zip(top.values.tolist(), top.indices.tolist(), strict=True):
                candidates.append((tokens + [tok], log_prob + lp, new_state))
        candidates.sort(key=lambda c: c[1], reverse=True)
        live = []
        for tokens, log_prob, state in candidates[:beam]:
            if tokens[-1] == EOS:
                finished.append((tokens[:-1], scored(tokens, log_prob)))
            else:
                live.append((tokens, log_prob, state))
        finished.sort(key=lambda h: h[1], reverse=True)
        # A live log-probability can only fall, and its divisor is at most max_len ** penalty,
        # so live[0][1] / max_len ** penalty bounds every score a live hypothesis can reach.
        if not live or (len(finished) >= beam
                        and live[0][1] / max_len**length_penalty <= finished[beam - 1][1]):
            break
    results = finished + [(tokens, scored(tokens, lp)) for tokens, lp, _ in live]
    results.sort(key=lambda h: h[1], reverse=True)
    return results[:beam]


def _check_pairs(predictions: Outputs, targets: Outputs) -> None:
    if len(predictions) != len(targets) or not targets:
        raise ValueError(
            f"predictions and targets must be non-empty and equally long, got "
            f"{len(predictions)} and {len(targets)}"
        )


def symbol_accuracy(predictions: Outputs, targets: Outputs) -> float:
    """Fraction of target symbols matched position by position (extra output is ignored)."""
    _check_pairs(predictions, targets)
    total = sum(len(t) for t in targets)
    if total == 0:
        raise ValueError("targets hold no symbols; symbol accuracy is undefined")
    hits = sum(
        sum(p == t for p, t in zip(pred, tgt, strict=False))
        for pred, tgt in zip(predictions, targets, strict=True)
    )
    return hits / total


def sequence_accuracy(predictions: Outputs, targets: Outputs) -> float:
    """Fraction of predictions identical to their target, length included."""
    _check_pairs(predictions, targets)
    return sum(list(p) == list(t) for p, t in zip(predictions, targets, strict=True)) / len(targets)


def termination_accuracy(predictions: Outputs, targets: Outputs) -> float:
    """Fraction of predictions that stopped at the target's length (EOS at the right step)."""
    _check_pairs(predictions, targets)
    return sum(len(p) == len(t) for p, t in zip(predictions, targets, strict=True)) / len(targets)
