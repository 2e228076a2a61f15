"""Chapter 2's claims hold on the chapter's evidence and fail on evidence in which they reverse.

The evidence is recomputed here the way ``book/02-gradients.qmd`` computes it (the same seeds,
the same library calls), and each reversal moves the one quantity the sentence is about.
"""

from __future__ import annotations

import copy
import math

import pytest
import torch
from torch import nn

from dlbook.book import claims_gradients  # noqa: F401 - registers the claims
from dlbook.book.claims import holds
from dlbook.book.claims_memory import SOLVED
from dlbook.device import make_generator, seed_everything
from dlbook.jacobians import power_norms, scalar_trace, sgd_with_clipping, tanh_retention
from dlbook.probes import gradient_vs_lag
from dlbook.studies.experiments import load_study
from dlbook.truncation import StreamRegressor, truncated_bptt

LAGS = [1, 5, 10, 20, 40, 60]


def _network(orthogonal: bool) -> nn.RNN:
    seed_everything(0)
    rnn = nn.RNN(4, 32, batch_first=True)
    if orthogonal:
        nn.init.orthogonal_(rnn.weight_hh_l0)
    return rnn


@pytest.fixture(scope="module")
def lags():
    """The chapter's gradient at each lag, for the default and the orthogonal network."""
    torch.set_num_threads(1)
    return {name: gradient_vs_lag(_network(name == "orthogonal"), lags=LAGS, samples=8, seed=0)
            for name in ("default", "orthogonal")}


# --- The summary ------------------------------------------------------------------------------

def test_the_trace_changes_sign_and_a_cut_that_keeps_it_breaks_the_claim():
    _, db = scalar_trace(a=0.5, b=1.0, inputs=[1.0, 2.0, -1.0])
    _, db_cut = scalar_trace(a=0.5, b=1.0, inputs=[1.0, 2.0, -1.0], detach=2)
    assert holds("grad-summary-trace-sign", db, db_cut)
    assert not holds("grad-summary-trace-sign", db, -db_cut)
    assert not holds("grad-summary-trace-sign", db, 0.0)


def test_the_nonnormal_matrix_amplifies_and_a_normal_one_does_not():
    a = torch.tensor([[0.9, 2.0], [0.0, 0.9]], dtype=torch.float64)
    assert holds("grad-summary-nonnormal", 0.9, power_norms(a, steps=80))
    normal = 0.9 * torch.eye(2, dtype=torch.float64)
    assert not holds("grad-summary-nonnormal", 0.9, power_norms(normal, steps=80))
    assert not holds("grad-summary-nonnormal", 1.1, power_norms(a, steps=80))


def test_the_gradient_falls_at_every_lag_and_a_rise_breaks_it(lags):
    assert holds("grad-summary-lag-falls", lags["default"])
    risen = {**lags["default"], 40: lags["default"][20] * 2}
    assert not holds("grad-summary-lag-falls", risen)


def test_the_orthogonal_network_falls_less_and_swapping_them_breaks_it(lags):
    assert holds("grad-summary-orth-fall", lags["default"], lags["orthogonal"])
    assert not holds("grad-summary-orth-fall", lags["orthogonal"], lags["default"])


def test_training_spreads_the_singular_values_and_a_one_sided_spread_breaks_it():
    seed_everything(0)
    net = StreamRegressor(4, hidden=32, outputs=1)
    nn.init.orthogonal_(net.rnn.weight_hh_l0)
    before = torch.linalg.svdvals(net.rnn.weight_hh_l0.detach()).tolist()
    stream = torch.randn(8, 100, 4, generator=make_generator(2))
    target = torch.zeros(8, 100, 1)
    target[:, 5:, 0] = stream[:, :-5, 0]
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(10):
        truncated_bptt(net, stream, target, chunk=20, optimizer=optimizer,
                       loss_fn=nn.functional.mse_loss)
    after = torch.linalg.svdvals(net.rnn.weight_hh_l0.detach()).tolist()
    assert holds("grad-summary-orth-spread", before, after)
    assert not holds("grad-summary-orth-spread", before, [min(s, 0.99) for s in after])
    assert not holds("grad-summary-orth-spread", before, [max(s, 1.01) for s in after])
    assert not holds("grad-summary-orth-spread", [1.1] * len(before), after)  # not orthogonal


def test_saturation_keeps_the_value_and_kills_the_gradient_unless_it_does_not():
    values, sensitivity = tanh_retention(weight=2.0, start=0.5, steps=40)
    assert holds("grad-summary-saturation", values, sensitivity)
    assert not holds("grad-summary-saturation", values, [*sensitivity[:-1], 1e-3])
    faded, faded_sensitivity = tanh_retention(weight=0.5, start=0.5, steps=40)
    assert not holds("grad-summary-saturation", faded, faded_sensitivity)  # the value died


# --- Headline claims of the body --------------------------------------------------------------

def test_the_lag_60_gradient_is_lost_in_float32_unless_it_is_larger(lags):
    assert holds("bptt-lag-rounding", lags["default"])
    assert not holds("bptt-lag-rounding", {**lags["default"], 60: 1e-4})
    # a drop just above 2^24 from a lag-1 gradient near two is still visible in float32
    assert not holds("bptt-lag-rounding", {1: 1.9, 60: 1.9 / 2**24 * 0.99})
    assert not holds("bptt-lag-rounding", {1: 1e-3, 60: 1e-30})  # not of order one


def test_the_orthogonal_gain_fails_when_the_gap_closes_or_the_decay_stops(lags):
    default, orthogonal = lags["default"], lags["orthogonal"]
    assert holds("bptt-orth-gain", default, orthogonal)
    assert not holds("bptt-orth-gain", default, {**orthogonal, 60: default[60] * 50})
    assert not holds("bptt-orth-gain", default, {**orthogonal, 60: orthogonal[1] * 2})


def _hot_regressor() -> StreamRegressor:
    seed_everything(0)
    net = StreamRegressor(4, hidden=32, outputs=1)
    with torch.no_grad():
        net.rnn.weight_hh_l0.mul_(3.0)
    return net


@pytest.mark.slow
def test_clipping_rescues_the_large_rate_on_the_chapters_runs():
    x = torch.randn(16, 40, 4, generator=make_generator(7))
    y = torch.zeros(16, 40, 1)
    y[:, 5:, 0] = x[:, :-5, 0]
    unclipped, clipped = (sgd_with_clipping(_hot_regressor(), x, y, steps=150, lr=0.3,
                                            max_norm=tau) for tau in (None, 1.0))
    assert holds("bptt-clip-large-lr", unclipped, clipped, steps=150)
    assert not holds("bptt-clip-large-lr", clipped, clipped, steps=150)


def test_clipping_rescues_fails_when_either_run_reverses():
    falling = ([0.98**i for i in range(150)], [1.0] * 150)
    blown = ([1.0, 50.0, math.inf], [3.0, 300.0, 1e30])
    assert holds("bptt-clip-large-lr", blown, falling, steps=150)
    assert not holds("bptt-clip-large-lr", falling, falling, steps=150)  # nothing blew up
    assert not holds("bptt-clip-large-lr", blown, blown, steps=150)  # the clipped one blew up
    stuck = ([1.0] * 150, [1.0] * 150)
    assert not holds("bptt-clip-large-lr", blown, stuck, steps=150)  # it did not train


# --- The claim over Chapter 3's records -------------------------------------------------------

@pytest.fixture(scope="module")
def dynamics():
    return load_study("memory-test-dynamics")


def _vanilla_scored(records: list[dict], accuracy: float) -> list[dict]:
    moved = copy.deepcopy(records)
    for record in moved:
        if record["config"]["contender"] == "vanilla RNN":
            record["scores"]["test_accuracy"] = accuracy
    return moved


def test_some_vanilla_seeds_learn_on_the_committed_records(dynamics):
    assert holds("grad-rnn-some-learn", dynamics)


def test_no_vanilla_seed_learning_or_every_seed_learning_breaks_the_claim(dynamics):
    assert not holds("grad-rnn-some-learn", _vanilla_scored(dynamics, SOLVED - 0.5))
    assert not holds("grad-rnn-some-learn", _vanilla_scored(dynamics, 1.0))


def test_a_shorter_task_breaks_the_eighty_step_claim(dynamics):
    shorter = copy.deepcopy(dynamics)
    for record in shorter:
        record["config"]["length"] = 40
    assert not holds("grad-rnn-some-learn", shorter)
