"""Jacobian products, retention, transient growth and clipping, against the formulas."""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from dlbook.jacobians import (
    clip_by_norm,
    power_norms,
    rnn_step_jacobians,
    scalar_trace,
    sgd_with_clipping,
    tanh_retention,
)
from dlbook.truncation import StreamRegressor


def test_scalar_trace_by_the_adjoint_recursion():
    # g_3 = h_3, g_t = a g_{t+1}; dL/da = sum g_t h_{t-1}, dL/db = sum g_t x_t.
    a, b, xs = 0.7, -1.3, [0.4, -2.0, 1.5, 0.25]
    h = [0.0]
    for x in xs:
        h.append(a * h[-1] + b * x)
    g = [0.0] * (len(xs) + 1)
    g[-1] = h[-1]
    for t in range(len(xs) - 1, 0, -1):
        g[t] = a * g[t + 1]
    da = sum(g[t] * h[t - 1] for t in range(1, len(xs) + 1))
    db = sum(g[t] * xs[t - 1] for t in range(1, len(xs) + 1))
    assert scalar_trace(a=a, b=b, inputs=xs) == pytest.approx((da, db), rel=1e-12)
    # Detaching h_{T-1} leaves only the last use of a and b.
    last = scalar_trace(a=a, b=b, inputs=xs, detach=len(xs) - 1)
    assert last == pytest.approx((h[-1] * h[-2], h[-1] * xs[-1]), rel=1e-12)


def test_the_jacobian_product_is_the_gradient_across_the_sequence():
    torch.manual_seed(0)
    rnn = nn.RNN(3, 6, batch_first=True).double()
    x = torch.randn(7, 3, dtype=torch.float64)
    states, jac = rnn_step_jacobians(rnn, x)
    h0 = torch.zeros(1, 1, 6, dtype=torch.float64, requires_grad=True)
    # dh_T/dh_0 by autograd, one row at a time.
    out, _ = rnn(x.unsqueeze(0), h0)
    rows = [
        torch.autograd.grad(out[0, -1, i], h0, retain_graph=True)[0].reshape(6) for i in range(6)
    ]
    product = torch.eye(6, dtype=torch.float64)
    for j in jac:
        product = j @ product
    torch.testing.assert_close(product, torch.stack(rows))
    torch.testing.assert_close(states, out[0].detach())
    # The bound by products of largest singular values holds.
    bound = math.prod(torch.linalg.matrix_norm(j, ord=2).item() for j in jac)
    assert torch.linalg.matrix_norm(product, ord=2).item() <= bound + 1e-12


def test_tanh_retention_sensitivity_is_the_product_of_local_multipliers():
    w = 1.5
    values, sens = tanh_retention(weight=w, start=0.5, steps=10)
    assert len(values) == len(sens) == 11
    product = 1.0
    for t in range(1, 11):
        assert values[t] == pytest.approx(math.tanh(w * values[t - 1]))
        product *= w * (1 - values[t] ** 2)
        assert sens[t] == pytest.approx(product, rel=1e-12)


def test_power_norms_of_a_normal_and_a_non_normal_matrix():
    diag = torch.diag(torch.tensor([0.9, -0.5]))
    assert power_norms(diag, steps=5) == pytest.approx([0.9**k for k in range(6)])
    jordan = torch.tensor([[0.9, 2.0], [0.0, 0.9]])
    norms = power_norms(jordan, steps=60)
    assert max(norms) > 5 and norms[-1] < norms[10]  # rises far above 1, then decays
    assert norms[1] == pytest.approx(torch.linalg.matrix_norm(jordan, ord=2).item())


def test_clip_by_norm_matches_torch_and_never_changes_direction():
    g = torch.Generator().manual_seed(0)
    big = [torch.randn(3, 4, generator=g) * 100, torch.randn(5, generator=g) * 100]
    ref = [t.clone() for t in big]
    params = [nn.Parameter(torch.zeros_like(t)) for t in ref]
    for p, t in zip(params, ref, strict=True):
        p.grad = t.clone()
    torch_old = nn.utils.clip_grad_norm_(params, 1.0)
    old = clip_by_norm(big, max_norm=1.0)
    assert old == pytest.approx(torch_old.item(), rel=1e-6)
    for p, t in zip(params, big, strict=True):
        torch.testing.assert_close(p.grad, t)
    new = torch.sqrt(sum((t**2).sum() for t in big)).item()
    assert new == pytest.approx(1.0, rel=1e-6)
    cos = torch.cosine_similarity(
        torch.cat([t.flatten() for t in big]), torch.cat([t.flatten() for t in ref]), dim=0
    )
    assert cos.item() == pytest.approx(1.0, abs=1e-6)
    tiny = [torch.full((3,), 1e-9)]
    clip_by_norm(tiny, max_norm=1.0)
    assert torch.equal(tiny[0], torch.full((3,), 1e-9))  # a vanished gradient stays vanished


def test_errors_name_the_argument():
    with pytest.raises(ValueError, match="inputs"):
        scalar_trace(a=0.5, b=1.0, inputs=[])
    with pytest.raises(ValueError, match="detach"):
        scalar_trace(a=0.5, b=1.0, inputs=[1, 2], detach=2)
    with pytest.raises(TypeError, match="rnn"):
        rnn_step_jacobians(nn.GRU(2, 3), torch.zeros(4, 2))
    with pytest.raises(ValueError, match="inputs"):
        rnn_step_jacobians(nn.RNN(2, 3), torch.zeros(4, 3))
    with pytest.raises(ValueError, match="steps"):
        tanh_retention(weight=1.0, start=0.5, steps=0)
    with pytest.raises(ValueError, match="matrix"):
        power_norms(torch.zeros(2, 3), steps=3)
    with pytest.raises(ValueError, match="max_norm"):
        clip_by_norm([torch.ones(2)], max_norm=0)
    with pytest.raises(ValueError, match="grads"):
        clip_by_norm([], max_norm=1.0)


def test_sgd_with_clipping_caps_every_step_and_stops_at_the_first_non_finite_loss():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(4, 12, 2, generator=g)
    y = torch.zeros(4, 12, 1)
    y[:, 2:, 0] = x[:, :-2, 0]
    torch.manual_seed(0)
    model = StreamRegressor(2, hidden=8, outputs=1)
    start = [p.detach().clone() for p in model.parameters()]
    losses, norms = sgd_with_clipping(model, x, y, steps=1, lr=0.5, max_norm=1e-3)
    # one clipped SGD step moves the parameters by exactly lr * max_norm in total
    moved = torch.sqrt(sum(((p.detach() - s) ** 2).sum()
                           for p, s in zip(model.parameters(), start, strict=True)))
    assert norms[0] > 1e-3 and moved.item() == pytest.approx(0.5 * 1e-3, rel=1e-4)
    losses, _ = sgd_with_clipping(model, x, y, steps=60, lr=0.05, max_norm=1.0)
    assert losses[-1] < losses[0] / 2
    # a learning rate of 1e6 without clipping blows the loss up, and training stops there
    torch.manual_seed(0)
    wild = StreamRegressor(2, hidden=8, outputs=1)
    losses, norms = sgd_with_clipping(wild, x, y, steps=50, lr=1e6, max_norm=None)
    assert len(losses) < 50 and not math.isfinite(losses[-1] * norms[-1])


def test_clipping_cannot_repair_a_non_finite_gradient():
    with_inf = [torch.tensor([1.0, float("inf"), -2.0])]
    clip_by_norm(with_inf, max_norm=1.0)
    assert torch.isnan(with_inf[0][1]) and torch.equal(with_inf[0][[0, 2]], torch.zeros(2))
    with_nan = [torch.tensor([float("nan"), 3.0])]
    clip_by_norm(with_nan, max_norm=1.0)
    assert torch.isnan(with_nan[0][0])
