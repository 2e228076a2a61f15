"""The memory test: data, the keep-gate bias, the classifier, the trainer, one full run."""

import pytest
import torch

from dlbook import recall
from dlbook.recall import (
    ALL_CONTENDERS,
    CHRONO,
    CONTENDERS,
    RecallClassifier,
    accuracy,
    make_recall_data,
    model_from_result,
    run_memory_test,
    set_chrono_bias,
    set_keep_bias,
    signal_at_birth,
    step_one_share_at_birth,
    train_recall,
)

TINY = dict(epochs=2, n_train=64, n_test=32, length=6, hidden=8, batch=32)


def test_data_shapes_labels_and_determinism():
    tokens, labels = make_recall_data(100, length=80, vocab=4, seed=3)
    assert tokens.shape == (100, 80) and labels.shape == (100,)
    assert torch.equal(labels, tokens[:, 0])
    assert tokens.min() >= 0 and tokens.max() <= 3
    again, _ = make_recall_data(100, length=80, vocab=4, seed=3)
    other, _ = make_recall_data(100, length=80, vocab=4, seed=4)
    assert torch.equal(tokens, again) and not torch.equal(tokens, other)
    # uniform tokens: every class near a quarter on 8,000 draws
    counts = torch.bincount(tokens.flatten(), minlength=4).float() / tokens.numel()
    assert counts.sub(0.25).abs().max() < 0.03


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_keep_bias_sets_the_sum_of_both_bias_slices(kind):
    plain = RecallClassifier(kind, hidden=8, seed=0)
    model = RecallClassifier(kind, hidden=8, keep_bias=1.5, seed=0)
    total = model.rnn.bias_ih_l0 + model.rnn.bias_hh_l0
    assert torch.equal(total[8:16], torch.full((8,), 1.5))
    # the other gates keep their random initialisation
    for name in ("bias_ih_l0", "bias_hh_l0"):
        mine, theirs = getattr(model.rnn, name), getattr(plain.rnn, name)
        assert torch.equal(mine[:8], theirs[:8]) and torch.equal(mine[16:], theirs[16:])


def test_positive_gru_keep_bias_keeps_the_state():
    # PyTorch's GRU: h' = (1 - z) n + z h, so a large bias on z freezes the state at h_0 = 0.
    model = RecallClassifier("gru", hidden=8, keep_bias=100.0, seed=0)
    tokens, _ = make_recall_data(4, length=10, seed=0)
    outputs, _ = model.rnn(model.encode(tokens))
    assert outputs.abs().max().item() == 0.0


def test_keep_bias_rejects_a_vanilla_rnn():
    with pytest.raises(TypeError, match="keep_bias=None"):
        RecallClassifier("rnn", keep_bias=1.0)
    with pytest.raises(TypeError):
        set_keep_bias(torch.nn.RNN(4, 8), 1.0)


def test_classifier_is_seeded_and_leaves_global_rng_alone():
    state = torch.random.get_rng_state()
    a, b = RecallClassifier("lstm", seed=7), RecallClassifier("lstm", seed=7)
    assert torch.equal(torch.random.get_rng_state(), state)
    for pa, pb in zip(a.parameters(), b.parameters(), strict=True):
        assert torch.equal(pa, pb)
    logits = a(make_recall_data(3, seed=0)[0])
    assert logits.shape == (3, 4)


def test_signal_at_birth_is_larger_with_a_forget_bias():
    tokens, _ = make_recall_data(32, length=80, seed=0)
    plain = signal_at_birth(RecallClassifier("lstm", seed=0), tokens)
    biased = signal_at_birth(RecallClassifier("lstm", keep_bias=1.0, seed=0), tokens)
    assert biased > 100 * plain > 0


def test_step_one_share_at_birth_rebuilds_the_run_and_rises_with_the_keep_bias():
    small = dict(n_train=40, n_test=8, length=30, hidden=8, batch=16)
    plain = step_one_share_at_birth("LSTM", 0, **small)
    biased = step_one_share_at_birth("LSTM (forget bias +1)", 0, **small)
    assert set(plain) == {"input", "forget", "candidate", "output"}
    assert plain["forget"] == 0.0  # the forget gate multiplies c_0 = 0 at step 1
    assert biased["input"] > 10 * plain["input"] > 0
    assert step_one_share_at_birth("LSTM", 0, **small) == plain  # same data, same weights
    assert set(step_one_share_at_birth("vanilla RNN", 1, **small)) == {"tanh"}
    with pytest.raises(ValueError, match="contender"):
        step_one_share_at_birth("transformer", 0)


@pytest.mark.slow
def test_training_learns_a_short_recall():
    # Length 5: even a gated net at its default initialisation learns this quickly.
    tokens, labels = make_recall_data(600, length=5, seed=1)
    model = RecallClassifier("lstm", hidden=16, seed=1)
    before = accuracy(model, tokens[500:], labels[500:])
    losses = train_recall(model, tokens[:500], labels[:500], epochs=25, batch=50, seed=1)
    assert losses[-1] < losses[0] / 5
    assert accuracy(model, tokens[500:], labels[500:]) > 0.9 > before + 0.4


@pytest.mark.slow
def test_run_memory_test_result_is_complete_and_reproducible():
    first = run_memory_test("GRU (update bias +1)", 0, **TINY)
    again = run_memory_test("GRU (update bias +1)", 0, **TINY)
    assert set(first) >= {"contender", "seed", "signal_at_birth", "test_accuracy", "losses",
                          "state_dict"}
    assert len(first["losses"]) == 2 and 0.0 <= first["test_accuracy"] <= 1.0
    assert first["losses"] == again["losses"]
    # The rebuilt model is the trained one: same weights, and it reproduces the test score
    # on the held-out split that run_memory_test drew (train and test come from one seed).
    model = model_from_result(first, hidden=8)
    for name, value in model.state_dict().items():
        assert torch.equal(value, first["state_dict"][name]), name
    tokens, labels = make_recall_data(TINY["n_train"] + TINY["n_test"], length=6, seed=0)
    held_out = slice(TINY["n_train"], None)
    assert accuracy(model, tokens[held_out], labels[held_out]) == first["test_accuracy"]
    untrained = RecallClassifier("gru", hidden=8, keep_bias=1.0, seed=0).state_dict()
    assert any(not torch.equal(untrained[k], v) for k, v in model.state_dict().items())


def test_contenders_are_the_six_of_the_protocol():
    assert [kind for kind, _ in CONTENDERS.values()] == ["rnn", "lstm", "lstm", "gru", "gru", "gru"]
    assert [bias for _, bias in CONTENDERS.values()] == [None, None, 1.0, None, 1.0, 2.0]


def test_chrono_draws_forget_biases_up_to_the_horizon_and_opposite_input_biases():
    model = RecallClassifier("lstm", hidden=512, keep_bias="chrono", horizon=80, seed=3)
    ih, hh, hidden = model.rnn.bias_ih_l0, model.rnn.bias_hh_l0, 512
    forget, inputs = ih[hidden:2 * hidden] + hh[hidden:2 * hidden], ih[:hidden] + hh[:hidden]
    assert torch.equal(inputs, -forget)
    # u = exp(b) is uniform on [1, 79]: its range and its mean, to sampling error (sd 22.5).
    u = forget.exp()
    assert float(u.min()) >= 1.0 and float(u.max()) <= 79.0 + 1e-4
    assert abs(float(u.mean()) - 40.0) < 4 * 22.5 / hidden ** 0.5
    # Seeded: the same seed gives the same draw, another seed another one.
    again = RecallClassifier("lstm", hidden=512, keep_bias="chrono", horizon=80, seed=3)
    other = RecallClassifier("lstm", hidden=512, keep_bias="chrono", horizon=80, seed=4)
    assert torch.equal(again.rnn.bias_ih_l0, ih)
    assert not torch.equal(other.rnn.bias_ih_l0, ih)


def test_chrono_changes_only_the_gate_biases_of_the_default_lstm():
    plain = RecallClassifier("lstm", hidden=8, seed=5).state_dict()
    chrono = RecallClassifier("lstm", hidden=8, keep_bias="chrono", horizon=80,
                              seed=5).state_dict()
    changed = {k for k in plain if not torch.equal(plain[k], chrono[k])}
    assert changed == {"rnn.bias_ih_l0", "rnn.bias_hh_l0"}
    # the cell and output gates keep their default draw
    assert torch.equal(plain["rnn.bias_ih_l0"][16:], chrono["rnn.bias_ih_l0"][16:])


def test_chrono_refuses_other_layers_and_horizons_too_short():
    with pytest.raises(TypeError, match="nn.LSTM"):
        set_chrono_bias(torch.nn.GRU(4, 8), 80)
    with pytest.raises(ValueError, match="horizon must be at least 3"):
        set_chrono_bias(torch.nn.LSTM(4, 8), 2)


def test_the_chrono_contender_runs_the_protocol():
    result = run_memory_test(CHRONO, 0, **{**TINY, "epochs": 1})
    assert result["contender"] == CHRONO and 0.0 <= result["test_accuracy"] <= 1.0
    assert CHRONO not in CONTENDERS and ALL_CONTENDERS[CHRONO] == ("lstm", "chrono")


def test_a_non_finite_loss_stops_training_with_a_message():
    class Broken(torch.nn.Module):
        vocab = 4

        def __init__(self):
            super().__init__()
            self.weight = torch.nn.Parameter(torch.zeros(1))

        def forward(self, tokens):
            return torch.full((len(tokens), 4), float("nan")) + self.weight

    tokens, labels = make_recall_data(8, length=4, seed=0)
    with pytest.raises(ValueError, match="training loss became nan at epoch 1; lower lr"):
        train_recall(Broken(), tokens, labels, epochs=1, batch=4)


def test_errors():
    with pytest.raises(ValueError, match="contender"):
        run_memory_test("transformer", 0)
    with pytest.raises(ValueError, match="kind"):
        RecallClassifier("lstmx")
    with pytest.raises(ValueError, match="length"):
        make_recall_data(10, length=0, seed=0)
    tokens, labels = make_recall_data(8, length=4, seed=0)
    model = RecallClassifier("rnn", hidden=4)
    with pytest.raises(ValueError, match="one label per sequence"):
        train_recall(model, tokens, labels[:4])
    with pytest.raises(ValueError, match="lr"):
        train_recall(model, tokens, labels, lr=0.0)


def test_redrawing_the_ending_keeps_the_first_token_and_k0_is_the_accuracy():
    from dlbook.recall_probes import suffix_scrambled_accuracy

    tokens, labels = recall.make_recall_data(300, length=10, seed=4)
    model = recall.RecallClassifier("gru", hidden=8, seed=0)
    assert suffix_scrambled_accuracy(model, tokens, labels, 0, seed=1) == \
        recall.accuracy(model, tokens, labels)

    class FirstToken(torch.nn.Module):  # names the first token perfectly, reads nothing else
        vocab = 4

        def forward(self, x):
            return torch.nn.functional.one_hot(x[:, 0], 4).float()

    assert all(suffix_scrambled_accuracy(FirstToken(), tokens, labels, k, seed=1) == 1.0
               for k in range(10))

    class LastToken(FirstToken):  # a pure lookup on the ending
        def forward(self, x):
            return torch.nn.functional.one_hot(x[:, -1], 4).float()

    tokens_with_hint = tokens.clone()
    tokens_with_hint[:, -1] = labels  # the ending gives the answer away...
    assert suffix_scrambled_accuracy(LastToken(), tokens_with_hint, labels, 0, seed=1) == 1.0
    # ...until it is redrawn: then the lookup is at chance; the control leaves it alone
    assert suffix_scrambled_accuracy(LastToken(), tokens_with_hint, labels, 1, seed=1) < 0.4
    assert suffix_scrambled_accuracy(LastToken(), tokens_with_hint, labels, 8, seed=1,
                                     at="start") == 1.0
    assert all(suffix_scrambled_accuracy(FirstToken(), tokens, labels, k, seed=1,
                                         at="start") == 1.0 for k in range(10))
    with pytest.raises(ValueError, match="at must"):
        suffix_scrambled_accuracy(model, tokens, labels, 1, seed=1, at="middle")
    with pytest.raises(ValueError, match="first token"):
        suffix_scrambled_accuracy(model, tokens, labels, 10, seed=1)
    with pytest.raises(ValueError, match="k must"):
        suffix_scrambled_accuracy(model, tokens, labels, -1, seed=1)
