"""The manual recurrence, padding bookkeeping and the causality probe."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.recurrence import (
    future_sensitivity,
    last_valid,
    length_mask,
    packed_final_state,
    pad_sequences,
    rnn_loop,
)


def weights_of(rnn: nn.RNN) -> dict[str, torch.Tensor]:
    return dict(weight_ih=rnn.weight_ih_l0, weight_hh=rnn.weight_hh_l0,
                bias=rnn.bias_ih_l0 + rnn.bias_hh_l0)


def test_manual_loop_matches_nn_rnn():
    torch.manual_seed(0)
    rnn = nn.RNN(3, 5, batch_first=True)
    x = torch.randn(4, 7, 3)
    with torch.no_grad():
        states, last = rnn_loop(x, **weights_of(rnn))
        expected, h_n = rnn(x)
    assert states.shape == (4, 7, 5)
    assert torch.allclose(states, expected, atol=1e-6)
    assert torch.allclose(last, h_n[0], atol=1e-6)


def test_manual_loop_hand_computed_single_step():
    x = torch.tensor([[[0.4]]])
    states, _ = rnn_loop(x, weight_ih=torch.tensor([[2.0]]), weight_hh=torch.tensor([[0.0]]),
                         bias=torch.tensor([0.1]))
    assert states.item() == pytest.approx(torch.tanh(torch.tensor(0.9)).item())


def test_poisoned_padding_does_not_change_real_outputs():
    torch.manual_seed(0)
    rnn = nn.GRU(2, 6, batch_first=True)
    sequences = [torch.randn(n, 2) for n in (5, 2, 4)]
    clean, lengths = pad_sequences(sequences, value=0.0)
    poisoned, _ = pad_sequences(sequences, value=1e6)
    mask = length_mask(lengths, clean.shape[1])
    with torch.no_grad():
        out_clean, _ = rnn(clean)
        out_poisoned, _ = rnn(poisoned)
        # Masking: real positions agree, padded ones were computed from poison and differ.
        assert torch.equal(out_clean[mask], out_poisoned[mask])
        assert not torch.allclose(out_clean[~mask], out_poisoned[~mask])
        assert torch.equal(last_valid(out_clean, lengths), last_valid(out_poisoned, lengths))
        # Packing: padded positions are never computed, so even NaN poison is harmless.
        nan_poisoned, _ = pad_sequences(sequences, value=float("nan"))
        packed = packed_final_state(rnn, nan_poisoned, lengths)
        assert torch.allclose(packed, last_valid(out_clean, lengths), atol=1e-6)


def test_mask_and_padding_shapes():
    padded, lengths = pad_sequences([torch.ones(3, 2), torch.ones(1, 2)], value=-1.0)
    assert padded.shape == (2, 3, 2) and lengths.tolist() == [3, 1]
    assert length_mask(lengths, 3).tolist() == [[True, True, True], [True, False, False]]
    assert padded[1, 1:].eq(-1).all()


def test_causal_module_ignores_the_future_and_bidirectional_does_not():
    torch.manual_seed(0)
    x = torch.randn(3, 9, 2)
    causal = nn.RNN(2, 4, batch_first=True)
    both = nn.RNN(2, 4, batch_first=True, bidirectional=True)
    assert future_sensitivity(causal, x, t=3) == 0.0
    assert future_sensitivity(both, x, t=3) > 1e-3
    # even with only two future steps the shuffle is a real change
    assert future_sensitivity(both, x, t=6) > 0


@pytest.mark.parametrize("bad", [
    lambda: rnn_loop(torch.zeros(2, 3), weight_ih=torch.zeros(1, 3), weight_hh=torch.zeros(1, 1),
                     bias=torch.zeros(1)),
    lambda: rnn_loop(torch.zeros(1, 2, 3), weight_ih=torch.zeros(2, 2),
                     weight_hh=torch.zeros(2, 2), bias=torch.zeros(2)),
    lambda: pad_sequences([]),
    lambda: pad_sequences([torch.zeros(0, 2)]),
    lambda: future_sensitivity(nn.RNN(2, 2, batch_first=True), torch.zeros(1, 4, 2), t=2),
])
def test_bad_arguments_raise_value_errors(bad):
    with pytest.raises(ValueError):
        bad()
