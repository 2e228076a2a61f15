"""Gradient probes at the first input."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.probes import first_input_gradient, first_step_share, gradient_vs_lag, step_one_terms


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


def _classifier(kind, *, hidden=6, vocab=3, seed=0):
    torch.manual_seed(seed)
    return getattr(nn, kind)(vocab, hidden, batch_first=True), nn.Linear(hidden, vocab)


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_step_terms_add_up_to_the_module_gradient(kind):
    rnn, head = _classifier(kind)
    inputs, labels = torch.randn(5, 7, 3), torch.tensor([0, 1, 2, 1, 0])
    outputs, _ = rnn(inputs)
    loss = nn.functional.cross_entropy(head(outputs[:, -1]), labels)
    names = ("weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0")
    expected = torch.autograd.grad(loss, [getattr(rnn, n) for n in names])
    step1, whole = step_one_terms(rnn, head, inputs, labels)
    for mine, theirs in zip(whole, expected, strict=True):
        assert torch.allclose(mine.float(), theirs, atol=1e-6)
    # h_0 = 0: the recurrent matrix's step-1 use multiplies zeros, so its term vanishes.
    assert step1[1].abs().max().item() == 0.0 and step1[0].abs().max().item() > 0


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_one_step_sequence_is_all_step_one(kind):
    rnn, head = _classifier(kind)
    shares = first_step_share(rnn, head, torch.randn(4, 1, 3), torch.tensor([0, 1, 2, 0]))
    for gate, share in shares.items():
        # The LSTM forget gate multiplies c_0 = 0 at step 1: its whole gradient is zero.
        expected = 0.0 if (kind, gate) == ("LSTM", "forget") else 1.0
        assert share == pytest.approx(expected, abs=1e-12), gate


def test_a_memoryless_rnn_gives_step_one_no_share():
    rnn, head = _classifier("RNN")
    with torch.no_grad():
        rnn.weight_hh_l0.zero_()  # h_T depends on x_T alone
    shares = first_step_share(rnn, head, torch.randn(4, 5, 3), torch.tensor([0, 1, 2, 0]))
    assert shares == {"tanh": 0.0}


def test_a_keep_bias_raises_the_step_one_share():
    plain, head = _classifier("LSTM", hidden=8, vocab=4)
    biased, _ = _classifier("LSTM", hidden=8, vocab=4)
    with torch.no_grad():
        biased.bias_ih_l0[8:16] = 3.0
        biased.bias_hh_l0[8:16] = 0.0
    inputs = nn.functional.one_hot(torch.randint(0, 4, (16, 30)), 4).float()
    labels = inputs[:, 0].argmax(-1)
    low = first_step_share(plain, head, inputs, labels)["input"]
    high = first_step_share(biased, head, inputs, labels)["input"]
    assert high > 100 * low > 0


def test_first_step_share_rejects_what_it_cannot_replay():
    rnn, head = _classifier("RNN")
    with pytest.raises(TypeError, match="one-layer"):
        first_step_share(nn.LSTM(3, 6, num_layers=2, batch_first=True), head,
                         torch.randn(2, 3, 3), torch.tensor([0, 1]))
    with pytest.raises(ValueError, match="labels"):
        first_step_share(rnn, head, torch.randn(2, 3, 3), torch.tensor([0, 1, 2]))
