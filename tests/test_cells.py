"""Manual cell steps against PyTorch's modules, the two GRU conventions, dropout masks."""

import math

import pytest
import torch
from torch import nn

from dlbook.cells import (
    cell_parameters,
    dropout_masks,
    gru_step_cho,
    gru_step_pytorch,
    lstm_gates,
    lstm_step,
    parameter_count,
)


def _inputs(batch=5, size=4, hidden=8, seed=0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(batch, size, generator=g), torch.randn(batch, hidden, generator=g),
            torch.randn(batch, hidden, generator=g))


def test_lstm_step_matches_lstm_cell():
    torch.manual_seed(0)
    cell = nn.LSTMCell(4, 8)
    x, h, c = _inputs()
    h_ref, c_ref = cell(x, (h, c))
    h_new, c_new = lstm_step(x, (h, c), **cell_parameters(cell))
    assert h_new.shape == c_new.shape == (5, 8)
    torch.testing.assert_close(h_new, h_ref, atol=1e-6, rtol=0)
    torch.testing.assert_close(c_new, c_ref, atol=1e-6, rtol=0)


def test_lstm_step_matches_second_layer_of_nn_lstm():
    torch.manual_seed(1)
    lstm = nn.LSTM(4, 8, num_layers=2, batch_first=True)
    x = torch.randn(3, 6, 4)
    expected, _ = lstm(x)
    states = [(torch.zeros(3, 8), torch.zeros(3, 8)) for _ in range(2)]
    for t in range(6):
        inp = x[:, t]
        for layer in range(2):
            states[layer] = lstm_step(inp, states[layer], **cell_parameters(lstm, layer=layer))
            inp = states[layer][0]
        torch.testing.assert_close(inp, expected[:, t], atol=1e-6, rtol=0)


def test_lstm_cell_path_is_additive():
    # With the input gate shut (huge negative bias) the cell is exactly f * c.
    torch.manual_seed(2)
    cell = nn.LSTMCell(4, 8)
    with torch.no_grad():
        cell.bias_ih[:8] = -200.0
    x, h, c = _inputs()
    gates = lstm_gates(x, h, **cell_parameters(cell))
    _, c_new = lstm_step(x, (h, c), **cell_parameters(cell))
    torch.testing.assert_close(c_new, gates.forget * c, atol=0, rtol=0)


def test_gru_step_pytorch_matches_gru_cell_and_layer():
    torch.manual_seed(3)
    cell = nn.GRUCell(4, 8)
    x, h, _ = _inputs()
    torch.testing.assert_close(gru_step_pytorch(x, h, **cell_parameters(cell)), cell(x, h),
                               atol=1e-6, rtol=0)
    gru = nn.GRU(4, 8, batch_first=True)
    seq = torch.randn(2, 5, 4)
    expected, _ = gru(seq)
    state = torch.zeros(2, 8)
    for t in range(5):
        state = gru_step_pytorch(seq[:, t], state, **cell_parameters(gru))
    torch.testing.assert_close(state, expected[:, -1], atol=1e-6, rtol=0)


def test_gru_conventions_scalar_values_by_hand():
    # One unit, weights chosen so every term is known: the candidates differ by the
    # recurrent candidate bias times (1 - r), inside the tanh.
    w_ih = torch.tensor([[0.5], [-0.3], [0.8]])
    w_hh = torch.tensor([[0.2], [0.4], [-0.6]])
    b_ih = torch.tensor([0.1, 0.0, -0.2])
    b_hh = torch.tensor([0.0, 0.3, 0.5])
    x, h = torch.tensor([[1.0]]), torch.tensor([[0.7]])
    sig = lambda v: 1 / (1 + math.exp(-v))  # noqa: E731
    r = sig(0.5 + 0.1 + 0.2 * 0.7)
    z = sig(-0.3 + 0.4 * 0.7 + 0.3)
    n_pt = math.tanh(0.8 - 0.2 + r * (-0.6 * 0.7 + 0.5))
    n_cho = math.tanh(0.8 - 0.2 + (-0.6) * (r * 0.7) + 0.5)
    args = (w_ih, w_hh, b_ih, b_hh)
    assert gru_step_pytorch(x, h, *args).item() == pytest.approx((1 - z) * n_pt + z * 0.7, abs=1e-6)
    assert gru_step_cho(x, h, *args).item() == pytest.approx((1 - z) * n_cho + z * 0.7, abs=1e-6)


def test_gru_conventions_agree_when_reset_gate_is_open_and_differ_otherwise():
    torch.manual_seed(4)
    cell = nn.GRUCell(4, 8)
    x, h, _ = _inputs()
    params = cell_parameters(cell)
    assert (gru_step_cho(x, h, **params) - gru_step_pytorch(x, h, **params)).abs().max() > 1e-3
    with torch.no_grad():
        cell.bias_ih[:8] = 100.0  # r == 1 exactly in float32
    torch.testing.assert_close(gru_step_cho(x, h, **params), gru_step_pytorch(x, h, **params),
                               atol=1e-6, rtol=0)


def test_keep_gate_z_keeps_the_state():
    torch.manual_seed(5)
    cell = nn.GRUCell(4, 8)
    with torch.no_grad():
        cell.bias_ih[8:16] = 100.0  # z == 1: h' == h in both conventions
    x, h, _ = _inputs()
    for step in (gru_step_pytorch, gru_step_cho):
        torch.testing.assert_close(step(x, h, **cell_parameters(cell)), h, atol=0, rtol=0)


@pytest.mark.parametrize("kind,layer", [("rnn", nn.RNN), ("gru", nn.GRU), ("lstm", nn.LSTM)])
def test_parameter_count_matches_numel(kind, layer):
    for d_x, d_h in ((4, 32), (7, 3)):
        module = layer(d_x, d_h)
        actual = sum(p.numel() for p in module.parameters())
        assert parameter_count(kind, input_size=d_x, hidden_size=d_h) == actual


def test_dropout_masks_locked_and_per_step():
    g = torch.Generator().manual_seed(0)
    locked = dropout_masks(64, 10, 16, p=0.25, locked=True, generator=g)
    fresh = dropout_masks(64, 10, 16, p=0.25, locked=False, generator=g)
    for masks in (locked, fresh):
        assert masks.shape == (64, 10, 16)
        assert masks.unique().tolist() == pytest.approx([0.0, 1 / 0.75])
        assert masks.mean().item() == pytest.approx(1.0, abs=0.06)
    assert torch.equal(locked, locked[:, :1].expand_as(locked))
    assert not torch.equal(fresh, fresh[:, :1].expand_as(fresh))


def test_errors_name_the_argument():
    x, h, c = _inputs()
    cell = nn.LSTMCell(4, 8)
    with pytest.raises(ValueError, match="weight_hh"):
        gru_step_pytorch(x, h, **cell_parameters(cell))  # four gates, not three
    with pytest.raises(ValueError, match="weight_ih"):
        lstm_step(torch.randn(5, 3), (h, c), **cell_parameters(cell))
    with pytest.raises(TypeError, match="module"):
        cell_parameters(nn.RNN(4, 8))
    with pytest.raises(ValueError, match="layer"):
        cell_parameters(nn.LSTM(4, 8), layer=1)
    with pytest.raises(ValueError, match="p must"):
        dropout_masks(2, 3, 4, p=1.0, locked=True, generator=torch.Generator())
    with pytest.raises(ValueError, match="kind"):
        parameter_count("transformer", input_size=4, hidden_size=8)
