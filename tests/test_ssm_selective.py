"""The selective (input-dependent) state-space layer: scan against loop, and what it gives up."""

from __future__ import annotations

import math

import pytest
import torch
from torch.nn import functional as F

from dlbook.ssm import (
    selective_coefficients,
    selective_ssm,
    ssm_recurrence,
    zoh_discretise,
)


def system(seed: int = 0, n: int = 4):
    g = torch.Generator().manual_seed(seed)
    a = -3 * torch.rand(n, generator=g, dtype=torch.float64) - 0.1
    b = torch.randn(n, generator=g, dtype=torch.float64)
    c = torch.randn(n, generator=g, dtype=torch.float64)
    u = torch.randn(2, 200, generator=g, dtype=torch.float64)
    return u, a, b, c


def test_coefficients_follow_zero_order_hold_with_the_step_of_each_input():
    u, a, b, _ = system()
    coeff, drive = selective_coefficients(u, a, b, step_weight=1.5, step_bias=-0.5)
    t = 17
    dt = math.log1p(math.exp(1.5 * u[1, t].item() - 0.5))  # softplus by hand
    abar, bbar = zoh_discretise(a, b, step=dt)
    assert torch.allclose(coeff[1, t], abar, atol=1e-14)
    assert torch.allclose(drive[1, t], bbar * u[1, t], atol=1e-14)


def test_scan_matches_the_loop():
    u, a, b, c = system(1)
    kwargs = dict(step_weight=2.0, step_bias=-1.0)
    assert torch.allclose(selective_ssm(u, a, b, c, **kwargs),
                          selective_ssm(u, a, b, c, parallel=False, **kwargs), atol=1e-12)


def test_a_constant_step_is_the_fixed_layer():
    u, a, b, c = system(2)
    step = F.softplus(torch.tensor(0.3, dtype=torch.float64)).item()
    abar, bbar = zoh_discretise(a, b, step=step)
    fixed = ssm_recurrence(abar, bbar, c, u)
    assert torch.allclose(selective_ssm(u, a, b, c, step_weight=0.0, step_bias=0.3), fixed,
                          atol=1e-12)


def test_selection_makes_the_layer_nonlinear_in_its_input():
    u, a, b, c = system(3)
    kwargs = dict(step_weight=2.0, step_bias=-1.0)
    y, y2 = selective_ssm(u, a, b, c, **kwargs), selective_ssm(2 * u, a, b, c, **kwargs)
    assert (y2 - 2 * y).abs().max() > 0.1 * y.abs().max()
    fixed = dict(step_weight=0.0, step_bias=-1.0)
    assert torch.allclose(selective_ssm(2 * u, a, b, c, **fixed),
                          2 * selective_ssm(u, a, b, c, **fixed), atol=1e-12)


def test_bad_arguments_are_named():
    u, a, b, c = system()
    with pytest.raises(ValueError, match="same length"):
        selective_coefficients(u, a, b[:2], step_weight=1.0, step_bias=0.0)
    with pytest.raises(TypeError, match="step_weight"):
        selective_coefficients(u, a, b, step_weight=True, step_bias=0.0)
    with pytest.raises(ValueError, match="length N"):
        selective_ssm(u, a, b, c[:3], step_weight=1.0, step_bias=0.0)
    with pytest.raises(ValueError, match=r"\(B, T\)"):
        selective_ssm(u[0], a, b, c, step_weight=1.0, step_bias=0.0)
