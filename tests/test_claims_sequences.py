"""The claims of Chapter 1 hold on the chapter's kind of evidence and fail when it reverses.

Chapter 1 reads no study: its claims are about values it computes live. Each test below
recomputes that evidence the way the chapter does (small random networks, fixed seeds), checks
that the claim holds on it, then moves the key quantity and checks that the claim fails.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

import dlbook.book.claims_sequences  # noqa: F401 - registers the claims
from dlbook.book.claims import REGISTRY, holds
from dlbook.recurrence import future_sensitivity, length_mask, pad_sequences, rnn_loop

IDS = ["seq-loop-agrees", "seq-reach-small", "seq-reach-large", "seq-reach-middle",
       "seq-reach-not-tanh", "seq-summary-layout", "seq-bi-backward", "seq-causal-test"]


def test_every_claim_of_the_chapter_is_registered_with_no_study():
    assert set(IDS) <= set(REGISTRY)
    assert all(REGISTRY[i].studies == () for i in IDS)


# --- the loop against nn.RNN ------------------------------------------------------------------

def test_loop_agrees_holds_on_a_random_rnn_and_fails_on_a_real_difference():
    torch.manual_seed(0)
    rnn = nn.RNN(3, 5, batch_first=True)
    x = torch.randn(4, 7, 3)
    with torch.no_grad():
        loop_states, _ = rnn_loop(x, weight_ih=rnn.weight_ih_l0, weight_hh=rnn.weight_hh_l0,
                                  bias=rnn.bias_ih_l0 + rnn.bias_hh_l0)
        torch_states, _ = rnn(x)
        # The same loop with only one of the two biases: a real bug, not rounding.
        one_bias, _ = rnn_loop(x, weight_ih=rnn.weight_ih_l0, weight_hh=rnn.weight_hh_l0,
                               bias=rnn.bias_ih_l0)
    assert holds("seq-loop-agrees", (loop_states - torch_states).abs().max().item())
    assert not holds("seq-loop-agrees", (one_bias - torch_states).abs().max().item())
    assert not holds("seq-loop-agrees", 1e-5)


# --- the reach of a state ---------------------------------------------------------------------

def reach_trace(radius: float | None, *, tanh: bool = True, steps: int = 60) -> np.ndarray:
    """The chapter's perturbation trace: ||d h_t / d x_1 . v|| for one random RNN."""
    torch.manual_seed(0)
    net = nn.RNN(4, 32, batch_first=True)
    with torch.no_grad():
        eig = torch.linalg.eigvals(net.weight_hh_l0).abs().max()
        scale = 1.0 if radius is None else radius / eig
        w_ih = net.weight_ih_l0.detach().double()
        w_hh = (net.weight_hh_l0 * scale).detach().double()
        bias = (net.bias_ih_l0 + net.bias_hh_l0).detach().double()
    if not tanh:  # the linear recurrence: the nudge at step t is W_hh^(t-1) W_ih v
        nudge, trace = w_ih @ (torch.ones(4, dtype=torch.float64) / 2), []
        for _ in range(steps):
            trace.append(nudge.norm().item())
            nudge = w_hh @ nudge
        return np.array(trace)
    x = torch.randn(1, steps, 4, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    direction = torch.zeros_like(x)
    direction[0, 0] = torch.ones(4) / 2
    _, tangent = torch.func.jvp(
        lambda inp: rnn_loop(inp, weight_ih=w_ih, weight_hh=w_hh, bias=bias)[0],
        (x,), (direction,))
    return tangent[0].norm(dim=-1).numpy()


@pytest.fixture(scope="module")
def traces() -> dict:
    return {"small": reach_trace(0.5), "middle": reach_trace(1.0), "large": reach_trace(2.0),
            "default": reach_trace(None), "linear": reach_trace(None, tanh=False)}


def test_reach_small_holds_and_fails_when_the_decay_is_not_geometric_or_reverses(traces):
    small = traces["small"]
    assert holds("seq-reach-small", small)
    assert not holds("seq-reach-small", small[::-1])  # grows instead
    bent = small.copy()
    bent[30:] = bent[30]  # falls, then stops falling: not a straight line
    assert not holds("seq-reach-small", bent)


def test_reach_large_holds_and_fails_when_the_nudge_dips_below_its_start(traces):
    large = traces["large"]
    assert holds("seq-reach-large", large)
    dipped = large.copy()
    dipped[30] = large[0] / 2
    assert not holds("seq-reach-large", dipped)
    assert not holds("seq-reach-large", traces["small"])


def test_reach_middle_holds_and_fails_when_radius_one_fades_as_fast_or_not_at_all(traces):
    assert holds("seq-reach-middle", traces["middle"], traces["small"])
    assert not holds("seq-reach-middle", traces["small"], traces["small"])  # as fast
    assert not holds("seq-reach-middle", traces["large"], traces["small"])  # grows


def test_reach_not_tanh_holds_and_fails_when_the_tanh_does_most_of_the_work(traces):
    default, linear = traces["default"], traces["linear"]
    assert holds("seq-reach-not-tanh", default, linear)
    # The linear recurrence keeps most of the nudge: a fifth of the decay without the tanh.
    steps = np.arange(len(linear))
    decades = np.log10(default[0] / default[-1])
    weak = linear[0] * 10 ** (-decades / 5 * steps / steps[-1])
    assert not holds("seq-reach-not-tanh", default, weak)
    assert not holds("seq-reach-not-tanh", linear, default)  # the tanh would remove decay


def test_reach_claims_refuse_a_trace_that_is_not_positive():
    with pytest.raises(ValueError, match="trace"):
        holds("seq-reach-middle", [1.0, 0.0], [1.0, 0.5])


# --- final-state layout -----------------------------------------------------------------------

def layout_cases() -> list[dict]:
    cases = []
    for kind in (nn.RNN, nn.GRU, nn.LSTM):
        for layers in (1, 2):
            for bidirectional in (False, True):
                for batch_first in (True, False):
                    net = kind(3, 6, num_layers=layers, bidirectional=bidirectional,
                               batch_first=batch_first)
                    x = torch.randn(4, 10, 3) if batch_first else torch.randn(10, 4, 3)
                    with torch.no_grad():
                        _, final = net(x)
                    final = final[0] if kind is nn.LSTM else final
                    cases.append(dict(layers=layers, directions=1 + bidirectional, batch=4,
                                      hidden=6, batch_first=batch_first,
                                      h_n=tuple(final.shape)))
    return cases


def test_layout_holds_on_pytorch_and_fails_if_h_n_followed_batch_first():
    cases = layout_cases()
    assert holds("seq-summary-layout", cases)
    moved = [dict(c) for c in cases]
    bad = next(c for c in moved if c["batch_first"] and c["layers"] == 2)
    bad["h_n"] = (bad["batch"], bad["layers"] * bad["directions"], bad["hidden"])
    assert not holds("seq-summary-layout", moved)
    assert not holds("seq-summary-layout", [c for c in cases if c["batch_first"]])
    assert not holds("seq-summary-layout", [])


# --- padding in a bidirectional layer ---------------------------------------------------------

def bidirectional_changes(*, packed: bool) -> tuple[list[float], list[float]]:
    """Per real position, how far each half moves when the padding is poisoned with 1e6."""
    torch.manual_seed(0)
    sequences = [torch.randn(n, 2) for n in (5, 2, 4)]
    clean, lengths = pad_sequences(sequences, value=0.0)
    poisoned, _ = pad_sequences(sequences, value=1e6)
    mask = length_mask(lengths, clean.shape[1])
    bigru = nn.GRU(2, 6, batch_first=True, bidirectional=True)

    def run(batch: torch.Tensor) -> torch.Tensor:
        if not packed:
            return bigru(batch)[0]
        packed_batch = pack_padded_sequence(batch, lengths, batch_first=True,
                                            enforce_sorted=False)
        return pad_packed_sequence(bigru(packed_batch)[0], batch_first=True)[0]

    with torch.no_grad():
        out_clean, out_poisoned = run(clean), run(poisoned)
    short = (lengths < clean.shape[1])[mask.nonzero()[:, 0]]
    forward = (out_clean[mask][:, :6] - out_poisoned[mask][:, :6]).abs().amax(dim=-1)
    backward = (out_clean[mask][:, 6:] - out_poisoned[mask][:, 6:]).abs().amax(dim=-1)
    return forward.tolist(), backward[short].tolist()


def test_bi_backward_holds_unpacked_and_fails_once_the_layer_is_packed():
    forward, backward = bidirectional_changes(packed=False)
    assert holds("seq-bi-backward", forward, backward)
    # Packed, the backward half never reads the poison: the same measurement reverses.
    assert not holds("seq-bi-backward", *bidirectional_changes(packed=True))
    assert not holds("seq-bi-backward", forward, [0.0] + backward[1:])
    assert not holds("seq-bi-backward", [0.0] * (len(forward) - 1) + [0.5], backward)
    assert not holds("seq-bi-backward", forward, [])


# --- the permutation test of causality --------------------------------------------------------

def test_causal_test_holds_and_fails_for_a_leak_or_a_bound_above_the_smallest_change():
    torch.manual_seed(0)
    x = torch.randn(8, 20, 3)
    causal, both = nn.RNN(3, 16, batch_first=True), nn.RNN(3, 16, batch_first=True,
                                                           bidirectional=True)
    with torch.no_grad():
        causal_effect = [future_sensitivity(causal, x, t=t) for t in range(18)]
        bidirectional_effect = [future_sensitivity(both, x, t=t) for t in range(18)]
    at_least = float(np.floor(min(bidirectional_effect) * 100) / 100)
    assert holds("seq-causal-test", causal_effect, bidirectional_effect, at_least=at_least)
    leaky = causal_effect[:-1] + [1e-7]
    assert not holds("seq-causal-test", leaky, bidirectional_effect, at_least=at_least)
    assert not holds("seq-causal-test", causal_effect, bidirectional_effect,
                     at_least=min(bidirectional_effect) * 1.01)
    assert not holds("seq-causal-test", causal_effect, causal_effect, at_least=at_least)
    assert not holds("seq-causal-test", causal_effect, bidirectional_effect, at_least=0.0)
