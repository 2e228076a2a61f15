"""The forget-gate trace: the replay reproduces the module, and the gate responds to its bias."""

import pytest
import torch
from torch import nn

from dlbook.gates import forget_gate_trace
from dlbook.recall import RecallClassifier, make_recall_data


def _probes(model, n=16, length=20):
    tokens, _ = make_recall_data(n, length=length, seed=11)
    return model.encode(tokens)


def test_replay_matches_the_module_and_has_the_right_shape():
    model = RecallClassifier("lstm", hidden=12, seed=0)
    trace = forget_gate_trace(model.rnn, _probes(model))
    assert trace.forget.shape == (16, 20, 12)
    assert trace.max_abs_diff < 1e-6
    assert ((trace.forget > 0) & (trace.forget < 1)).all()
    assert len(trace.mean_per_step()) == 20


def test_forget_bias_raises_the_gate_at_birth():
    keep = 1.0
    plain = RecallClassifier("lstm", hidden=12, seed=0)
    biased = RecallClassifier("lstm", hidden=12, keep_bias=keep, seed=0)
    low, high = (forget_gate_trace(m.rnn, _probes(m)).forget.mean().item()
                 for m in (plain, biased))
    # At birth the gate sits near the sigmoid of its summed bias (the forget slice of
    # bias_ih + bias_hh): PyTorch's small random biases for the plain LSTM, exactly `keep`
    # for the other; the input and state terms blur both a little.
    size = plain.rnn.hidden_size
    birth = (plain.rnn.bias_ih_l0 + plain.rnn.bias_hh_l0)[size:2 * size].detach()
    assert low == pytest.approx(torch.sigmoid(birth).mean().item(), abs=0.05)
    assert high == pytest.approx(torch.sigmoid(torch.tensor(keep)).item(), abs=0.05)
    assert low < high


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_a_replay_that_does_not_match_is_refused(kind):
    from dlbook.gates import keep_gate_trace

    model = RecallClassifier(kind, hidden=12, seed=0)
    layer_class = type(model.rnn)

    class Tampered(layer_class):
        def forward(self, x, state=None):
            out, state = super().forward(x, state)
            return out + 1e-3, state

    fake = Tampered(4, 12, batch_first=True)
    fake.load_state_dict(model.rnn.state_dict())
    traces = [keep_gate_trace] + ([forget_gate_trace] if kind == "lstm" else [])
    for trace in traces:
        with pytest.raises(RuntimeError, match="differs"):
            trace(fake, _probes(model))


def test_errors():
    with pytest.raises(TypeError, match="model.rnn"):
        forget_gate_trace(nn.GRU(4, 8, batch_first=True), torch.zeros(1, 3, 4))
    with pytest.raises(TypeError):
        forget_gate_trace(nn.LSTM(4, 8), torch.zeros(1, 3, 4))  # not batch-first
    with pytest.raises(ValueError, match="inputs"):
        forget_gate_trace(nn.LSTM(4, 8, batch_first=True), torch.zeros(1, 3, 5))


def test_a_gru_keep_trace_is_its_update_gate_and_matches_the_module():
    from dlbook.gates import keep_gate_trace

    model = RecallClassifier("gru", hidden=12, keep_bias=3.0, seed=1)
    trace = keep_gate_trace(model.rnn, _probes(model))
    assert trace.max_abs_diff < 1e-5
    assert trace.forget.shape == (*_probes(model).shape[:2], 12)
    # a +3 bias on z holds the gate near sigmoid(3) ~ 0.95, whatever the inputs
    assert 0.85 < trace.forget.mean().item() < 0.99
    lstm = RecallClassifier("lstm", hidden=12, seed=1)
    assert torch.allclose(keep_gate_trace(lstm.rnn, _probes(lstm)).forget,
                          forget_gate_trace(lstm.rnn, _probes(lstm)).forget, atol=1e-6)
    with pytest.raises(TypeError, match="GRU"):
        keep_gate_trace(nn.RNN(4, 8, batch_first=True), torch.zeros(1, 3, 4))
