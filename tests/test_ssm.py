"""State-space layers: zero-order hold, the recurrence and its convolution kernel."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook.ssm import causal_convolution, ssm_kernel, ssm_recurrence, zoh_discretise


def test_zoh_coefficients_of_the_scalar_example():
    # A = -2, B = 1, dt = 0.5: A dt = -1.
    abar, bbar = zoh_discretise(-2.0, 1.0, step=0.5)
    assert abar.item() == pytest.approx(math.exp(-1), abs=1e-15)
    assert bbar.item() == pytest.approx((1 - math.exp(-1)) / 2, abs=1e-15)
    assert abar.item() == pytest.approx(0.36787944117144233, abs=1e-15)
    assert bbar.item() == pytest.approx(0.31606027941427883, abs=1e-15)


def test_zoh_is_exact_for_a_constant_input():
    # x' = -2x + u with u = 1 and x(0) = 0 solves to x(t) = (1 - exp(-2t)) / 2.
    abar, bbar = zoh_discretise(-2.0, 1.0, step=0.5)
    y = ssm_recurrence(abar, bbar, 1.0, torch.ones(1, 12, dtype=torch.float64))[0]
    exact = torch.tensor([(1 - math.exp(-2 * 0.5 * t)) / 2 for t in range(1, 13)],
                         dtype=torch.float64)
    torch.testing.assert_close(y, exact, atol=1e-14, rtol=0)
    # Equilibrium: x* = Bbar u / (1 - Abar) = -B u / A = 1/2, the continuous fixed point.
    assert (bbar / (1 - abar)).item() == pytest.approx(0.5, abs=1e-15)


def test_zoh_with_zero_a_is_an_integrator():
    abar, bbar = zoh_discretise(torch.tensor([0.0, -1e-12], dtype=torch.float64),
                                torch.tensor([3.0, 3.0], dtype=torch.float64), step=0.25)
    torch.testing.assert_close(abar, torch.tensor([1.0, 1.0], dtype=torch.float64))
    torch.testing.assert_close(bbar, torch.tensor([0.75, 0.75], dtype=torch.float64))


def test_kernel_of_the_scalar_example_is_geometric():
    abar, bbar = zoh_discretise(-2.0, 1.0, step=0.5)
    kernel = ssm_kernel(abar, bbar, 1.0, length=4)
    expected = torch.tensor([bbar.item() * math.exp(-j) for j in range(4)], dtype=torch.float64)
    torch.testing.assert_close(kernel, expected, atol=1e-15, rtol=0)


def test_convolution_with_the_kernel_equals_the_recurrence():
    gen = torch.Generator().manual_seed(0)
    a = -torch.rand(8, generator=gen, dtype=torch.float64) * 3
    b = torch.randn(8, generator=gen, dtype=torch.float64)
    c = torch.randn(8, generator=gen, dtype=torch.float64)
    abar, bbar = zoh_discretise(a, b, step=0.1)
    u = torch.randn(3, 200, generator=gen, dtype=torch.float64)
    y_conv = causal_convolution(u, ssm_kernel(abar, bbar, c, length=200))
    torch.testing.assert_close(y_conv, ssm_recurrence(abar, bbar, c, u), atol=1e-12, rtol=0)


def test_causal_convolution_ignores_the_future():
    gen = torch.Generator().manual_seed(1)
    u = torch.randn(1, 20, generator=gen, dtype=torch.float64)
    kernel = torch.randn(20, generator=gen, dtype=torch.float64)
    changed = u.clone()
    changed[0, 10:] += 5.0
    torch.testing.assert_close(causal_convolution(u, kernel)[:, :10],
                               causal_convolution(changed, kernel)[:, :10])


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="step"):
        zoh_discretise(-2.0, 1.0, step=0.0)
    with pytest.raises(ValueError, match="same length"):
        zoh_discretise(torch.zeros(2), torch.zeros(3), step=0.1)
    with pytest.raises(ValueError, match="1-D"):
        zoh_discretise(torch.zeros(2, 2), torch.zeros(2, 2), step=0.1)
    with pytest.raises(ValueError, match=r"\(B, T\)"):
        ssm_recurrence(torch.ones(1), torch.ones(1), 1.0, torch.ones(5))
    with pytest.raises(ValueError, match="length"):
        ssm_kernel(torch.ones(1), torch.ones(1), 1.0, length=0)
    with pytest.raises(TypeError, match="bool"):
        zoh_discretise(True, 1.0, step=0.1)
