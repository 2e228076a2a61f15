"""Additive (Bahdanau) attention, and a GRU encoder–decoder that reads every encoder state.

A plain encoder–decoder hands the decoder one vector, the encoder's final state. Attention
keeps all ``S`` encoder states and, at every decoder step, lets the decoder take a weighted
average of them, with weights it computes from its own state (Bahdanau et al., 2015):

    e_s = v^T tanh(W_q q + W_k k_s + b)        one score per encoder position s
    a   = softmax(e / T) over the unpadded positions
    c   = sum_s a_s k_s                          the context for this decoder step

``AttentionSeq2Seq`` implements the same ``start`` / ``step`` protocol as
:class:`dlbook.seq2seq.Seq2Seq`, so :func:`dlbook.decoding.greedy_decode` decodes either.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import torch
from torch import nn

from dlbook._checks import (
    check_decoder_inputs,
    check_distributions,
    check_finite,
    positive_int,
    token_ids,
)
from dlbook.seq2seq import PAD, GRUEncoder, check_vocab


def _check_temperature(temperature: float) -> float:
    if isinstance(temperature, bool) or not isinstance(temperature, int | float):
        raise TypeError(f"temperature must be a positive float, got {temperature!r}")
    if not (math.isfinite(temperature) and temperature > 0):
        raise ValueError(
            f"temperature must be finite and > 0, got {temperature!r}; use a small value such as "
            f"1e-3 for a near-hard pointer and a large one for a near-uniform average"
        )
    return float(temperature)


def _check_scores(scores: torch.Tensor, mask: torch.Tensor) -> None:
    """One bool ``mask`` entry per score, a real position in every row, and finite scores at
    the real positions (a pad's score is never read)."""
    if mask.dtype != torch.bool:
        raise TypeError(f"mask must be a bool tensor (True = real position), got {mask.dtype}")
    if mask.shape != scores.shape:
        raise ValueError(
            f"mask has shape {tuple(mask.shape)} but scores have {tuple(scores.shape)}; "
            f"build the mask with one entry per score"
        )
    if not bool(mask.any(dim=-1).all()):
        raise ValueError("every row of mask needs at least one True position (an empty source "
                         "sequence has nothing to attend to); check the source lengths")
    check_finite("scores", scores.masked_fill(~mask, 0), hint="only the real positions (mask "
                 "True) are read; NaN there comes from a model's NaN weights (a diverged run)")


def masked_softmax(
    scores: torch.Tensor, mask: torch.Tensor, *, temperature: float = 1.0
) -> torch.Tensor:
    """Softmax of ``scores / temperature`` over the last axis, restricted to ``mask``.

    ``mask`` is a bool tensor of the same shape, ``True`` where a position is real. Padded
    positions get a score of minus infinity before the softmax, so their weight is exactly
    zero and the real positions' weights sum to one.
    """
    temperature = _check_temperature(temperature)
    _check_scores(scores, mask)
    # -inf rather than a large negative number: exp(-inf) is exactly 0 at any temperature.
    scaled = (scores / temperature).masked_fill(~mask, float("-inf"))
    if not bool(torch.isfinite(scaled[mask]).all()):
        # The temperature is so small that scores / temperature overflowed: return its limit,
        # a hard pointer to the highest score (ties share), instead of inf - inf = nan.
        top = scores.masked_fill(~mask, float("-inf")).amax(dim=-1, keepdim=True)
        hard = ((scores == top) & mask).to(scores.dtype)
        return hard / hard.sum(dim=-1, keepdim=True)
    return torch.softmax(scaled, dim=-1)


def attention_entropy(weights: torch.Tensor) -> torch.Tensor:
    """Entropy in nats of each attention distribution (last axis), with 0 log 0 = 0.

    It is 0 for a hard pointer and ``log n`` for a uniform average over ``n`` positions.
    """
    check_distributions("weights", weights, fix="pass attention weights (masked_softmax or "
                        "torch.softmax of the scores), not the scores")
    logs = torch.where(weights > 0, weights.clamp_min(1e-38).log(), torch.zeros_like(weights))
    return -(weights * logs).sum(dim=-1)


class AdditiveAttention(nn.Module):
    """Bahdanau's additive score ``v^T tanh(W_q q + W_k k_s + b)`` and its context vector.

    ``forward(query (B, Dq), keys (B, S, Dk), mask (B, S))`` returns ``(context (B, Dk),
    weights (B, S), scores (B, S))``. The keys' projection does not depend on the decoder
    step, so a decoder computes it once per source with :meth:`project_keys` and passes it in.
    """

    def __init__(self, *, query_size: int, key_size: int, attn_size: int) -> None:
        super().__init__()
        for name, value in (("query_size", query_size), ("key_size", key_size),
                            ("attn_size", attn_size)):
            positive_int(name, value)
        self.query = nn.Linear(query_size, attn_size, bias=False)
        self.key = nn.Linear(key_size, attn_size)
        self.v = nn.Linear(attn_size, 1, bias=False)

    def project_keys(self, keys: torch.Tensor) -> torch.Tensor:
        """``W_k k_s + b`` for every position: (B, S, Dk) -> (B, S, A)."""
        return self.key(keys)

    def scores(self, query: torch.Tensor, projected_keys: torch.Tensor) -> torch.Tensor:
        """Raw (pre-softmax) scores ``e_s``, shape (B, S)."""
        # (B, 1, A) + (B, S, A) broadcasts the one query against every position.
        return self.v(torch.tanh(self.query(query).unsqueeze(1) + projected_keys)).squeeze(-1)

    def forward(
        self,
        query: torch.Tensor,
        keys: torch.Tensor,
        mask: torch.Tensor,
        *,
        projected_keys: torch.Tensor | None = None,
        temperature: float = 1.0,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        if (keys.dim() != 3 or query.dim() != 2 or query.shape[0] != keys.shape[0]
                or query.shape[1] != self.query.in_features
                or keys.shape[2] != self.key.in_features or keys.shape[1] == 0):
            raise ValueError(
                f"query must be (B, Dq={self.query.in_features}) and keys (B, S >= 1, "
                f"Dk={self.key.in_features}) with the same B, got {tuple(query.shape)} and "
                f"{tuple(keys.shape)}"
            )
        if projected_keys is None:
            projected_keys = self.project_keys(keys)
        scores = self.scores(query, projected_keys)
        weights = masked_softmax(scores, mask, temperature=temperature)
        # (B, 1, S) @ (B, S, Dk): the weighted average of the keys.
        context = torch.bmm(weights.unsqueeze(1), keys).squeeze(1)
        return context, weights, scores


class AttentionState(NamedTuple):
    """What an attention decoder carries between steps (one row per sequence in the batch)."""

    hidden: torch.Tensor  # (B, H) the decoder's recurrent state
    keys: torch.Tensor  # (B, S, H) every encoder state
    projected: torch.Tensor  # (B, S, A) the keys' projection, computed once
    mask: torch.Tensor  # (B, S) True at real source positions
    weights: torch.Tensor | None = None  # (B, S) the last step's attention weights
    scores: torch.Tensor | None = None  # (B, S) the last step's raw scores


class AttentionSeq2Seq(nn.Module):
    """A GRU encoder–decoder whose decoder attends to every encoder state at every step.

    Step ``t`` (Bahdanau et al., 2015): the context ``c_t`` is computed from the previous
    decoder state ``s_{t-1}``; the GRU cell reads the previous symbol's embedding and
    ``c_t``; the output layer reads ``[s_t; c_t]``. The decoder starts from the encoder's
    final state, as the plain model does, so the only difference is the attention path.
    ``temperature`` divides the scores before the softmax (1 while training).
    """

    def __init__(self, vocab: int, *, embed: int, hidden: int, attn: int | None = None,
                 temperature: float = 1.0) -> None:
        super().__init__()
        self.vocab = check_vocab(vocab)
        positive_int("embed", embed)
        positive_int("hidden", hidden)
        self.temperature = _check_temperature(temperature)
        self.encoder = GRUEncoder(vocab, embed=embed, hidden=hidden)
        self.embed = nn.Embedding(vocab, embed, padding_idx=PAD)
        self.attention = AdditiveAttention(query_size=hidden, key_size=hidden,
                                           attn_size=attn or hidden)
        self.cell = nn.GRUCell(embed + hidden, hidden)
        self.out = nn.Linear(2 * hidden, vocab)

    def start(self, src: torch.Tensor, lengths: torch.Tensor) -> AttentionState:
        """Encode a padded batch ``src (B, S)`` and return the decoder's initial state."""
        outputs, final = self.encoder(src, lengths)
        positions = torch.arange(outputs.shape[1], device=src.device)
        mask = positions.unsqueeze(0) < lengths.to(src.device).unsqueeze(1)
        return AttentionState(final[-1], outputs, self.attention.project_keys(outputs), mask)

    def step(self, tokens: torch.Tensor, state: AttentionState
             ) -> tuple[torch.Tensor, AttentionState]:
        """One decoder step: previous symbols ``tokens (B,)`` -> ``(logits (B, V), state)``."""
        context, weights, scores = self.attention(
            state.hidden, state.keys, state.mask, projected_keys=state.projected,
            temperature=self.temperature)
        token_ids("tokens", tokens, vocab=self.vocab, dim=1)
        hidden = self.cell(torch.cat([self.embed(tokens), context], dim=-1), state.hidden)
        logits = self.out(torch.cat([hidden, context], dim=-1))
        return logits, state._replace(hidden=hidden, weights=weights, scores=scores)

    def forward_with_attention(
        self, src: torch.Tensor, lengths: torch.Tensor, decoder_inputs: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Teacher-forced pass: ``(logits (B, T, V), weights (B, T, S), scores (B, T, S))``."""
        state = self.start(src, lengths)
        check_decoder_inputs(decoder_inputs, vocab=self.vocab, batch=src.shape[0])
        logits, weights, scores = [], [], []
        # Attention needs s_{t-1} before it can read the source, so the decoder cannot run as
        # one fused nn.GRU call: it is a loop over the T target positions.
        for t in range(decoder_inputs.shape[1]):
            step_logits, state = self.step(decoder_inputs[:, t], state)
            logits.append(step_logits)
            weights.append(state.weights)
            scores.append(state.scores)
        return torch.stack(logits, 1), torch.stack(weights, 1), torch.stack(scores, 1)

    def forward(self, src: torch.Tensor, lengths: torch.Tensor,
                decoder_inputs: torch.Tensor) -> torch.Tensor:
        """Teacher-forced logits (B, T, V), the same contract as ``Seq2Seq.forward``."""
        return self.forward_with_attention(src, lengths, decoder_inputs)[0]
