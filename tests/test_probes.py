"""Gradient probes at the first input."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.probes import first_input_gradient, gradient_vs_lag


def test_probe_matches_a_hand_computed_linear_case():
    # A linear RNN with W_hh = a I, W_ih = I, no bias: h_T = sum_t a^(T-t) x_t, so the gradient
    # of sum(h_T) at x_1 is a^(T-1) in every coordinate.
    rnn = nn.RNN(2, 2, nonlinearity="relu", bias=False, batch_first=True)
    with torch.no_grad():
        rnn.weight_ih_l0.copy_(torch.eye(2))
        rnn.weight_hh_l0.copy_(0.5 * torch.eye(2))
    inputs = torch.ones(3, 4, 2)  # positive inputs keep relu in its linear regime
    norms = first_input_gradient(rnn, inputs)
    expected = (0.5**3) * (2**0.5)
    assert torch.allclose(norms, torch.full((3,), expected))


def test_parameters_get_no_gradient_and_inputs_are_untouched():
    rnn = nn.GRU(3, 5, batch_first=True)
    inputs = torch.randn(2, 6, 3)
    first_input_gradient(rnn, inputs)
    assert all(p.grad is None for p in rnn.parameters())
    assert not inputs.requires_grad


def test_gradient_vs_lag_is_reproducible_and_falls_for_a_contracting_rnn():
    torch.manual_seed(0)
    rnn = nn.RNN(4, 32, batch_first=True)
    with torch.no_grad():
        rnn.weight_hh_l0.mul_(0.5)
    first = gradient_vs_lag(rnn, lags=[1, 10, 30], samples=4, seed=3)
    assert first == gradient_vs_lag(rnn, lags=[1, 10, 30], samples=4, seed=3)
    assert first[1] > first[10] > first[30]
    for lstm_like in (nn.LSTM(4, 8, batch_first=True), nn.GRU(4, 8, batch_first=True)):
        assert set(gradient_vs_lag(lstm_like, lags=[2, 3])) == {2, 3}


def test_bad_inputs():
    rnn = nn.RNN(4, 8, batch_first=True)
    with pytest.raises(ValueError, match="shape \\(B, T, D\\)"):
        first_input_gradient(rnn, torch.randn(5, 4))
    with pytest.raises(ValueError, match="every lag must be a positive int"):
        gradient_vs_lag(rnn, lags=[0])
