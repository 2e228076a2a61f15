"""Luong attention: the query is the *current* decoder state, and the result is fed forward.

Bahdanau's decoder (:class:`dlbook.attention.AttentionSeq2Seq`) attends with the previous
state ``s_{t-1}`` and reads the context inside the recurrent step. Luong, Pham and Manning
(2015) attend *after* the step, with the new state ``s_t`` as the query, and combine the two
into an *attentional state* that makes the prediction:

    s_t  = GRU(s_{t-1}, [E y_{t-1}; h~_{t-1}])     input feeding: last step's h~ goes in
    e_s  = s_t^T W_a k_s                             the "general" score, one per position
    a    = softmax(e) over the unpadded positions
    c_t  = sum_s a_s k_s
    h~_t = tanh(W_c [c_t; s_t])
    p(y_t | y_<t, x) = softmax(W_o h~_t)

Without input feeding the decoder would not know where it attended at the previous step;
feeding ``h~_{t-1}`` back is how the paper lets past alignment decisions inform the next.
The model implements the ``start`` / ``step`` decoding protocol of :mod:`dlbook.seq2seq`.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
from torch import nn

from dlbook._checks import positive_int
from dlbook.attention import masked_softmax
from dlbook.seq2seq import PAD, GRUEncoder


class LuongState(NamedTuple):
    """What the Luong decoder carries between steps (one row per sequence)."""

    hidden: torch.Tensor  # (B, H) the recurrent state s_t
    attentional: torch.Tensor  # (B, H) h~_t, fed into the next step (zeros at the start)
    keys: torch.Tensor  # (B, S, H) every encoder state k_s
    projected: torch.Tensor  # (B, S, H) W_a k_s, computed once per source
    mask: torch.Tensor  # (B, S) True at real source positions
    weights: torch.Tensor | None = None  # (B, S) the last step's attention weights


class LuongSeq2Seq(nn.Module):
    """A GRU encoder–decoder with Luong's global attention, "general" score, input feeding.

    ``input_feeding=False`` drops ``h~_{t-1}`` from the decoder input (the paper's ablation).
    """

    def __init__(self, vocab: int, *, embed: int, hidden: int,
                 input_feeding: bool = True) -> None:
        super().__init__()
        for name, value in (("vocab", vocab), ("embed", embed), ("hidden", hidden)):
            positive_int(name, value)
        if not isinstance(input_feeding, bool):
            raise TypeError(f"input_feeding must be a bool, got {input_feeding!r}")
        self.vocab, self.input_feeding = vocab, input_feeding
        self.encoder = GRUEncoder(vocab, embed=embed, hidden=hidden)
        self.embed = nn.Embedding(vocab, embed, padding_idx=PAD)
        self.cell = nn.GRUCell(embed + (hidden if input_feeding else 0), hidden)
        self.score = nn.Linear(hidden, hidden, bias=False)  # W_a
        self.combine = nn.Linear(2 * hidden, hidden, bias=False)  # W_c
        self.out = nn.Linear(hidden, vocab)  # W_o

    def start(self, src: torch.Tensor, lengths: torch.Tensor) -> LuongState:
        """Encode a padded batch ``src (B, S)``; the decoder starts from the final state."""
        keys, final = self.encoder(src, lengths)
        positions = torch.arange(keys.shape[1], device=src.device)
        mask = positions.unsqueeze(0) < lengths.to(src.device).unsqueeze(1)
        return LuongState(final[-1], torch.zeros_like(final[-1]), keys, self.score(keys), mask)

    def step(self, tokens: torch.Tensor, state: LuongState
             ) -> tuple[torch.Tensor, LuongState]:
        """One decoder step: previous symbols ``tokens (B,)`` -> ``(logits (B, V), state)``."""
        inputs = self.embed(tokens)
        if self.input_feeding:
            inputs = torch.cat([inputs, state.attentional], dim=-1)
        hidden = self.cell(inputs, state.hidden)
        # The query is the new state s_t: (B, S, H) @ (B, H, 1) -> (B, S).
        scores = torch.bmm(state.projected, hidden.unsqueeze(-1)).squeeze(-1)
        weights = masked_softmax(scores, state.mask)
        context = torch.bmm(weights.unsqueeze(1), state.keys).squeeze(1)
        attentional = torch.tanh(self.combine(torch.cat([context, hidden], dim=-1)))
        logits = self.out(attentional)
        return logits, state._replace(hidden=hidden, attentional=attentional, weights=weights)

    def forward(self, src: torch.Tensor, lengths: torch.Tensor,
                decoder_inputs: torch.Tensor) -> torch.Tensor:
        """Teacher-forced logits ``(B, T, V)``: a loop, since step t needs ``h~_{t-1}``."""
        state = self.start(src, lengths)
        logits = []
        for t in range(decoder_inputs.shape[1]):
            step_logits, state = self.step(decoder_inputs[:, t], state)
            logits.append(step_logits)
        return torch.stack(logits, 1)
