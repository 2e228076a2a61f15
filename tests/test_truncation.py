"""Truncated BPTT: values cross a cut, gradients do not; the horizon and random truncation."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.jacobians import scalar_trace
from dlbook.truncation import (
    StreamRegressor,
    chunked_jacobian,
    detach_state,
    horizon_fraction,
    keep_or_cut,
    overlapping_bptt,
    overlapping_horizon_fraction,
    parallel_streams,
    random_truncation_gradient,
    truncated_bptt,
)


def mse_sum(out, target):
    return ((out - target) ** 2).sum()


def make_stream(seed=0, batch=3, length=12, size=2):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(batch, length, size, generator=g), torch.randn(batch, length, 1, generator=g)


def make_model(seed=0):
    torch.manual_seed(seed)
    return StreamRegressor(2, hidden=5, outputs=1).double()


def test_the_three_step_scalar_trace_matches_the_hand_calculation():
    # h = 1, 2.5, 0.25; g3 = 0.25, g2 = 0.125, g1 = 0.0625 (worked in the chapter).
    assert scalar_trace(a=0.5, b=1.0, inputs=[1, 2, -1]) == pytest.approx((0.75, 0.0625))
    assert scalar_trace(a=0.5, b=1.0, inputs=[1, 2, -1], detach=2) == pytest.approx((0.625, -0.25))


def test_the_gradient_never_crosses_a_chunk_boundary():
    x, y = make_stream()
    model = make_model()
    whole = x.double().clone().requires_grad_(True)
    truncated_bptt(model, whole, y.double(), chunk=4, loss_fn=mse_sum)
    first = x.double()[:, :4].clone().requires_grad_(True)
    truncated_bptt(make_model(), first, y.double()[:, :4], chunk=4, loss_fn=mse_sum)
    # Chunk 1's inputs receive exactly the gradient of chunk 1's losses, nothing from later.
    assert torch.equal(whole.grad[:, :4], first.grad)
    # Full BPTT (one chunk) does send later losses back to the first chunk.
    full = x.double().clone().requires_grad_(True)
    truncated_bptt(make_model(), full, y.double(), chunk=12, loss_fn=mse_sum)
    assert (full.grad[:, :4] - first.grad).abs().max() > 1e-3


def test_the_carried_value_crosses_the_boundary():
    x, y = make_stream()
    model = make_model()
    run = truncated_bptt(model, x.double(), y.double(), chunk=4, loss_fn=mse_sum)
    with torch.no_grad():
        out, state = model(x.double())
    # Same values as one uninterrupted forward pass: only the graph was cut.
    torch.testing.assert_close(run.outputs, out, rtol=0, atol=1e-12)
    torch.testing.assert_close(run.state, state, rtol=0, atol=1e-12)
    # Changing an input of chunk 1 changes the outputs of chunk 2 (values cross the cut) ...
    bumped = x.double().clone()
    bumped[:, 0] += 1.0
    other = truncated_bptt(model, bumped, y.double(), chunk=4, loss_fn=mse_sum)
    assert (other.outputs[:, 4:8] - run.outputs[:, 4:8]).abs().max() > 1e-4
    # ... but not under fixed-window training, which restarts every chunk from zero.
    fixed = truncated_bptt(model, x.double(), y.double(), chunk=4, loss_fn=mse_sum, carry=False)
    fixed_bumped = truncated_bptt(model, bumped, y.double(), chunk=4, loss_fn=mse_sum, carry=False)
    assert torch.equal(fixed.outputs[:, 4:], fixed_bumped.outputs[:, 4:])


def test_a_partial_last_chunk_and_one_loss_per_chunk():
    x, y = make_stream(length=10)
    run = truncated_bptt(make_model(), x.double(), y.double(), chunk=4, loss_fn=mse_sum)
    assert len(run.losses) == 3 and run.outputs.shape == (3, 10, 1)
    assert run.state.shape == (1, 3, 5) and not run.state.requires_grad


@pytest.mark.slow
def test_online_truncated_training_lowers_the_loss():
    # Target: the first input coordinate, one step late -- a lag well inside chunk=8.
    g = torch.Generator().manual_seed(1)
    x = torch.randn(8, 32, 2, generator=g)
    y = torch.cat([torch.zeros(8, 1, 1), x[:, :-1, :1]], dim=1)
    torch.manual_seed(0)
    model = StreamRegressor(2, hidden=16, outputs=1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    mse = nn.functional.mse_loss
    first = truncated_bptt(model, x, y, chunk=8, loss_fn=mse, optimizer=opt)
    for _ in range(25):
        last = truncated_bptt(model, x, y, chunk=8, loss_fn=mse, optimizer=opt)
    assert sum(last.losses) < sum(first.losses) / 5


def test_detach_state_handles_tensors_tuples_and_none():
    a = torch.ones(2, requires_grad=True) * 2
    assert detach_state(None) is None
    assert not detach_state(a).requires_grad
    h, c = detach_state((a, a * 3))
    assert not h.requires_grad and not c.requires_grad and torch.equal(c, torch.full((2,), 6.0))


@pytest.mark.parametrize(
    "lag, chunk, expected", [(1, 10, 0.9), (5, 20, 0.75), (10, 10, 0.0), (40, 10, 0.0)]
)
def test_horizon_fraction(lag, chunk, expected):
    assert horizon_fraction(lag, chunk) == pytest.approx(expected)


def test_the_chunked_jacobian_is_block_lower_triangular_and_matches_the_horizon():
    w, chunk = 0.9, 5
    jac = chunked_jacobian(length=15, chunk=chunk, weight=w)
    for t in range(15):
        for s in range(15):
            same_chunk = t // chunk == s // chunk
            expected = w ** (t - s) if same_chunk and s <= t else 0.0
            if expected == 0.0:
                assert jac[t, s].item() == 0.0  # exactly: nothing crosses a cut
            else:
                assert jac[t, s].item() == pytest.approx(expected, rel=1e-12)
    # In a middle chunk, a lag-l dependency reaches chunk - l of the chunk's losses.
    for lag in range(1, 7):
        rows = range(chunk, 2 * chunk)
        reached = sum(jac[t, t - lag].item() != 0 for t in rows)
        assert reached / chunk == pytest.approx(horizon_fraction(lag, chunk))


def test_keep_or_cut_keeps_the_value_and_scales_the_gradient():
    x = torch.tensor(3.0, requires_grad=True)
    kept = keep_or_cut(x * 2, prob=0.5, generator=torch.Generator().manual_seed(0))
    # Whether kept or cut, the value is unchanged.
    assert kept.item() == 6.0
    never_cut = keep_or_cut(x * 2, prob=0.0, generator=torch.Generator())
    (grad,) = torch.autograd.grad(never_cut, x)
    assert grad.item() == 2.0


def test_random_truncation_samples_are_zero_or_reweighted_and_unbiased():
    w, lag, prob = 0.9, 4, 0.2
    g = torch.Generator().manual_seed(0)
    samples = [
        random_truncation_gradient(weight=w, lag=lag, prob=prob, generator=g) for _ in range(2000)
    ]
    survivor = (w / (1 - prob)) ** lag
    assert all(s == 0.0 or s == pytest.approx(survivor) for s in samples)
    mean = sum(samples) / len(samples)
    std_err = survivor * ((1 - prob) ** lag * (1 - (1 - prob) ** lag)) ** 0.5 / len(samples) ** 0.5
    assert abs(mean - w**lag) < 4 * std_err
    exact = random_truncation_gradient(weight=w, lag=lag, prob=0.0, generator=g)
    assert exact == pytest.approx(w**lag)


def test_errors_name_the_argument():
    x, y = make_stream()
    model = make_model()
    with pytest.raises(ValueError, match="chunk"):
        truncated_bptt(model, x.double(), y.double(), chunk=0, loss_fn=mse_sum)
    with pytest.raises(ValueError, match="inputs"):
        truncated_bptt(model, x[0].double(), y.double(), chunk=2, loss_fn=mse_sum)
    with pytest.raises(ValueError, match="targets"):
        truncated_bptt(model, x.double(), y[:, :5].double(), chunk=2, loss_fn=mse_sum)
    with pytest.raises(ValueError, match="lag"):
        horizon_fraction(0, 5)
    with pytest.raises(ValueError, match="weight"):
        chunked_jacobian(length=4, chunk=2, weight=0.0)
    with pytest.raises(ValueError, match="prob"):
        keep_or_cut(torch.ones(()), prob=1.0, generator=torch.Generator())
    with pytest.raises(ValueError, match="hidden"):
        StreamRegressor(2, hidden=0, outputs=1)


def test_overlapping_bptt_with_h_prime_equal_to_h_is_truncated_bptt():
    x, y = make_stream()
    plain, overlap = make_model(), make_model()
    run = truncated_bptt(plain, x.double(), y.double(), chunk=4, loss_fn=mse_sum)
    again = overlapping_bptt(overlap, x.double(), y.double(), h=4, h_prime=4, loss_fn=mse_sum)
    assert run.losses == again.losses and torch.equal(run.outputs, again.outputs)
    for a, b in zip(plain.parameters(), overlap.parameters(), strict=True):
        assert torch.equal(a.grad, b.grad)


def test_overlapping_bptt_keeps_the_stream_values_and_reaches_h_steps_back():
    x, y = make_stream(length=12)
    model = make_model()
    run = overlapping_bptt(model, x.double(), y.double(), h=6, h_prime=2, loss_fn=mse_sum)
    with torch.no_grad():
        out, state = model(x.double())
    torch.testing.assert_close(run.outputs, out, rtol=0, atol=1e-12)
    torch.testing.assert_close(run.state, state, rtol=0, atol=1e-12)
    assert len(run.losses) == 6
    # One loss at a time: which inputs does the loss at position t reach?
    for t in range(12):
        inputs = x.double().clone().requires_grad_(True)
        pick = torch.zeros(3, 12, 1, dtype=torch.float64)
        pick[:, t] = 1.0
        overlapping_bptt(make_model(), inputs, pick, h=6, h_prime=2,
                         loss_fn=lambda out, sel: (out * sel).sum())
        reached = [s for s in range(12) if inputs.grad[:, s].abs().max() > 0]
        window_start = max(0, (t // 2 + 1) * 2 - 6)
        assert reached == list(range(window_start, t + 1)), t


@pytest.mark.parametrize(("lag", "h", "h_prime", "expected"),
                         [(1, 20, 5, 1.0), (15, 20, 5, 1.0), (18, 20, 5, 0.4), (20, 20, 5, 0.0),
                          (5, 10, 10, 0.5)])
def test_overlapping_horizon_fraction(lag, h, h_prime, expected):
    assert overlapping_horizon_fraction(lag, h=h, h_prime=h_prime) == pytest.approx(expected)
    if h_prime == h:
        assert overlapping_horizon_fraction(lag, h=h, h_prime=h) == horizon_fraction(lag, h)


def test_parallel_streams_are_contiguous_rows():
    corpus = torch.arange(23)
    rows = parallel_streams(corpus, streams=4)
    assert rows.shape == (4, 5)
    assert torch.equal(rows.flatten(), corpus[:20])  # row b continues where row b-1 ended
    chunks = [rows[:, k:k + 2] for k in range(0, 4, 2)]
    # chunk k+1 of a row starts right after chunk k of the same row ends
    assert torch.equal(chunks[1][:, 0], chunks[0][:, -1] + 1)
    assert parallel_streams(torch.zeros(9, 3), streams=2).shape == (2, 4, 3)


def test_overlap_and_stream_errors():
    x, y = make_stream(length=12)
    with pytest.raises(ValueError, match="multiple of h_prime"):
        overlapping_bptt(make_model(), x.double(), y.double(), h=5, h_prime=2, loss_fn=mse_sum)
    with pytest.raises(ValueError, match="h_prime"):
        overlapping_bptt(make_model(), x.double(), y.double(), h=6, h_prime=0, loss_fn=mse_sum)
    with pytest.raises(ValueError, match="targets"):
        overlapping_bptt(make_model(), x.double(), y[:, :4].double(), h=6, h_prime=2,
                         loss_fn=mse_sum)
    with pytest.raises(ValueError, match="fewer streams"):
        parallel_streams(torch.arange(3), streams=4)
