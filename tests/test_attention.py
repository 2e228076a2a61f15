"""Tests of dlbook.attention: the masked softmax, additive attention and the attention seq2seq."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook.attention import (
    AdditiveAttention,
    AttentionSeq2Seq,
    AttentionState,
    attention_entropy,
    masked_softmax,
)
from dlbook.decoding import greedy_decode
from dlbook.seq2seq import EOS, PAD, SOS, add_sos_eos, masked_cross_entropy


def _mask(lengths: list[int], width: int) -> torch.Tensor:
    return torch.arange(width).unsqueeze(0) < torch.tensor(lengths).unsqueeze(1)


def test_masked_softmax_sums_to_one_over_real_positions_and_zero_on_padding():
    scores = torch.randn(4, 7, generator=torch.Generator().manual_seed(0)) * 5
    mask = _mask([7, 3, 1, 5], 7)
    for t in (0.01, 1.0, 100.0):
        w = masked_softmax(scores, mask, temperature=t)
        assert torch.allclose(w.sum(-1), torch.ones(4), atol=1e-6)
        assert bool((w[~mask] == 0).all())  # exactly zero, not merely small
        assert bool((w[mask] >= 0).all())


def test_masked_softmax_limits_of_temperature():
    scores = torch.tensor([[1.0, 3.0, 2.0, 9.0]])
    mask = torch.tensor([[True, True, True, False]])
    hard = masked_softmax(scores, mask, temperature=1e-4)
    assert torch.allclose(hard, torch.tensor([[0.0, 1.0, 0.0, 0.0]]))  # pointer to the max
    flat = masked_softmax(scores, mask, temperature=1e6)
    assert torch.allclose(flat, torch.tensor([[1 / 3, 1 / 3, 1 / 3, 0.0]]), atol=1e-5)


def test_entropy_is_zero_for_a_pointer_and_log_n_for_uniform():
    w = torch.tensor([[0.0, 1.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25], [0.5, 0.5, 0.0, 0.0]])
    assert torch.allclose(attention_entropy(w), torch.tensor([0.0, math.log(4), math.log(2)]))


def test_masked_softmax_rejects_bad_arguments():
    scores = torch.zeros(2, 3)
    with pytest.raises(ValueError, match="temperature"):
        masked_softmax(scores, torch.ones(2, 3, dtype=torch.bool), temperature=0.0)
    with pytest.raises(TypeError, match="mask"):
        masked_softmax(scores, torch.ones(2, 3))
    with pytest.raises(ValueError, match="shape"):
        masked_softmax(scores, torch.ones(2, 4, dtype=torch.bool))
    with pytest.raises(ValueError, match="at least one True"):
        masked_softmax(scores, torch.tensor([[True, False, False], [False, False, False]]))


def test_additive_attention_shapes_and_context_is_the_weighted_average():
    torch.manual_seed(0)
    attn = AdditiveAttention(query_size=5, key_size=6, attn_size=4)
    query, keys, mask = torch.randn(3, 5), torch.randn(3, 7, 6), _mask([7, 2, 4], 7)
    context, weights, scores = attn(query, keys, mask)
    assert context.shape == (3, 6) and weights.shape == (3, 7) and scores.shape == (3, 7)
    # The score, written out for one row and one position: v^T tanh(W_q q + W_k k + b).
    e = attn.v.weight @ torch.tanh(attn.query.weight @ query[1] + attn.key(keys[1, 0]))
    assert torch.allclose(scores[1, 0], e.squeeze(), atol=1e-6)
    manual = (weights.unsqueeze(-1) * keys).sum(1)
    assert torch.allclose(context, manual, atol=1e-6)
    # Padding cannot leak: changing the keys at masked positions changes nothing.
    poisoned = keys.clone()
    poisoned[~mask] = 1e3
    assert torch.allclose(attn(query, poisoned, mask)[0], context, atol=1e-6)
    with pytest.raises(ValueError, match="query must be"):
        attn(torch.randn(2, 5), keys, mask)


def overfit_reversal(model, src, lengths, *, steps: int = 60):
    """Train an encoder-decoder to reverse one batch; return the targets and the loss curve."""
    targets = [row[:n].flip(0).tolist() for row, n in zip(src, lengths.tolist(), strict=True)]
    decoder_inputs, decoder_targets = add_sos_eos(targets)
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-2)
    losses = []
    for _ in range(steps):
        loss = masked_cross_entropy(model(src, lengths, decoder_inputs), decoder_targets)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        losses.append(loss.item())
    return targets, losses


def _batch(lengths: list[int], seed: int = 0) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    src = torch.full((len(lengths), max(lengths)), PAD)
    for i, n in enumerate(lengths):
        src[i, :n] = torch.randint(3, 13, (n,), generator=g)
    return src, torch.tensor(lengths)


def test_attention_seq2seq_shapes_and_forward_matches_stepping():
    torch.manual_seed(0)
    model = AttentionSeq2Seq(13, embed=8, hidden=16, attn=12).eval()
    src, lengths = _batch([5, 3, 1])
    targets = [[3, 4], [5, 6, 7], [8]]
    decoder_inputs, _ = add_sos_eos(targets)
    logits, weights, scores = model.forward_with_attention(src, lengths, decoder_inputs)
    assert logits.shape == (3, 4, 13) and weights.shape == (3, 4, 5) and scores.shape == (3, 4, 5)
    assert torch.allclose(weights.sum(-1), torch.ones(3, 4), atol=1e-6)
    assert bool((weights[1, :, 3:] == 0).all()) and bool((weights[2, :, 1:] == 0).all())
    state = model.start(src, lengths)
    assert isinstance(state, AttentionState) and state.hidden.shape == (3, 16)
    for t in range(4):
        step_logits, state = model.step(decoder_inputs[:, t], state)
        assert torch.allclose(step_logits, logits[:, t], atol=1e-6)


def test_attention_seq2seq_ignores_what_fills_the_padding():
    torch.manual_seed(0)
    model = AttentionSeq2Seq(13, embed=8, hidden=16).eval()
    src, lengths = _batch([6, 2])
    decoder_inputs, _ = add_sos_eos([[3, 4, 5], [6, 7, 8]])
    poisoned = src.clone()
    poisoned[1, 2:] = 12
    assert torch.allclose(model(src, lengths, decoder_inputs),
                          model(poisoned, lengths, decoder_inputs), atol=1e-6)


@pytest.mark.slow
def test_attention_seq2seq_overfits_a_batch_and_greedy_decoding_stops_at_eos():
    torch.manual_seed(0)
    model = AttentionSeq2Seq(13, embed=16, hidden=32)
    src, lengths = _batch([5, 4, 3, 2])
    targets, losses = overfit_reversal(model, src, lengths)
    assert losses[-1] < losses[0] / 50
    model.eval()
    # max_len well beyond every target: the outputs have the targets' lengths only if the
    # decoder emitted EOS at the right step and decoding stopped there.
    assert greedy_decode(model, src, lengths, max_len=20) == targets


def test_attention_seq2seq_rejects_bad_hyperparameters():
    with pytest.raises(ValueError, match="hidden"):
        AttentionSeq2Seq(13, embed=8, hidden=0)
    with pytest.raises(ValueError, match="temperature"):
        AttentionSeq2Seq(13, embed=8, hidden=8, temperature=-1.0)
    assert SOS != EOS  # the protocol's special ids are distinct
