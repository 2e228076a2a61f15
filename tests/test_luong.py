"""Tests of dlbook.luong: Luong's global attention with the s_t query and input feeding."""

from __future__ import annotations

import pytest
import torch

from dlbook.decoding import greedy_decode
from dlbook.luong import LuongSeq2Seq
from dlbook.seq2seq import add_sos_eos, pad_batch
from test_attention import overfit_reversal


def batch(lengths, seed=0):
    g = torch.Generator().manual_seed(seed)
    return pad_batch([torch.randint(3, 13, (n,), generator=g).tolist() for n in lengths])


def test_one_step_follows_the_equations():
    torch.manual_seed(0)
    model = LuongSeq2Seq(13, embed=8, hidden=16).eval()
    src, lengths = batch([6, 3])
    tokens = torch.tensor([4, 7])
    with torch.no_grad():
        state = model.start(src, lengths)
        state = state._replace(attentional=torch.randn(2, 16))  # as if after a first step
        logits, new = model.step(tokens, state)
        s_t = model.cell(torch.cat([model.embed(tokens), state.attentional], -1), state.hidden)
        e = torch.einsum("bh,hk,bsk->bs", s_t, model.score.weight, state.keys)  # s_t^T W_a k_s
        e = e.masked_fill(~state.mask, float("-inf"))
        a = torch.softmax(e, -1)
        c = torch.einsum("bs,bsh->bh", a, state.keys)
        h_tilde = torch.tanh(torch.cat([c, s_t], -1) @ model.combine.weight.T)
    assert torch.allclose(new.hidden, s_t, atol=1e-6)
    assert torch.allclose(new.weights, a, atol=1e-6)
    assert float(new.weights[1, 3:].abs().max()) == 0.0  # padding gets no weight
    assert torch.allclose(new.attentional, h_tilde, atol=1e-6)
    assert torch.allclose(logits, model.out(h_tilde), atol=1e-6)


def test_input_feeding_carries_the_last_attentional_state():
    torch.manual_seed(1)
    model = LuongSeq2Seq(13, embed=8, hidden=16).eval()
    src, lengths = batch([5])
    with torch.no_grad():
        state = model.start(src, lengths)
        assert float(state.attentional.abs().max()) == 0.0
        one, _ = model.step(torch.tensor([3]), state)
        two, _ = model.step(torch.tensor([3]), state._replace(attentional=torch.ones(1, 16)))
    assert not torch.allclose(one, two)
    plain = LuongSeq2Seq(13, embed=8, hidden=16, input_feeding=False)
    assert plain.cell.input_size == 8 and model.cell.input_size == 8 + 16


def test_forward_equals_stepping_and_ignores_padding_content():
    torch.manual_seed(2)
    model = LuongSeq2Seq(13, embed=8, hidden=16).eval()
    src, lengths = batch([6, 2])
    decoder_inputs, _ = add_sos_eos([[3, 4, 5], [6, 7, 8]])
    poisoned = src.clone()
    poisoned[1, 2:] = 12
    with torch.no_grad():
        logits = model(src, lengths, decoder_inputs)
        assert torch.allclose(logits, model(poisoned, lengths, decoder_inputs), atol=1e-6)
        state = model.start(src, lengths)
        for t in range(decoder_inputs.shape[1]):
            step_logits, state = model.step(decoder_inputs[:, t], state)
            assert torch.allclose(step_logits, logits[:, t], atol=1e-6)


@pytest.mark.slow
def test_learns_to_reverse_a_batch_and_stops_at_eos():
    torch.manual_seed(0)
    model = LuongSeq2Seq(13, embed=16, hidden=32)
    src, lengths = batch([5, 4, 3, 2])
    targets, losses = overfit_reversal(model, src, lengths)
    assert losses[-1] < losses[0] / 50
    assert greedy_decode(model.eval(), src, lengths, max_len=20) == targets


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="hidden"):
        LuongSeq2Seq(13, embed=8, hidden=0)
    with pytest.raises(TypeError, match="input_feeding"):
        LuongSeq2Seq(13, embed=8, hidden=8, input_feeding=1)
