"""The linear recurrence c_t = a_t c_{t-1} + b_t: composition, loop and doubling scan."""

from __future__ import annotations

import pytest
import torch

from dlbook.scan import compose, doubling_scan, linear_recurrence_loop, scan_steps


def pairs(batch: int, steps: int, width: int, *, seed: int, dtype=torch.float64):
    gen = torch.Generator().manual_seed(seed)
    a = torch.rand(batch, steps, width, generator=gen, dtype=dtype)  # forget-gate-like, (0, 1)
    b = torch.randn(batch, steps, width, generator=gen, dtype=dtype)
    return a, b


def test_compose_is_applying_first_then_second():
    a1, b1, a2, b2, c = (torch.tensor(v, dtype=torch.float64) for v in (0.5, 2.0, -3.0, 1.0, 7.0))
    a, b = compose((a1, b1), (a2, b2))
    assert (a * c + b).item() == (a2 * (a1 * c + b1) + b2).item() == -15.5


def test_compose_is_associative():
    gen = torch.Generator().manual_seed(1)
    p, q, r = [tuple(torch.randn(5, generator=gen, dtype=torch.float64) for _ in range(2))
               for _ in range(3)]
    left = compose(compose(p, q), r)
    right = compose(p, compose(q, r))
    for x, y in zip(left, right, strict=True):
        torch.testing.assert_close(x, y, atol=1e-14, rtol=0)


def test_loop_follows_the_definition_on_a_hand_example():
    a = torch.tensor([[[0.5], [0.5], [2.0]]])
    b = torch.tensor([[[1.0], [1.0], [-1.0]]])
    # c1 = 0.5*4 + 1 = 3, c2 = 0.5*3 + 1 = 2.5, c3 = 2*2.5 - 1 = 4
    out = linear_recurrence_loop(a, b, initial=torch.tensor([[4.0]]))
    assert out.flatten().tolist() == [3.0, 2.5, 4.0]


def test_doubling_scan_matches_the_loop_at_t_1000():
    a, b = pairs(4, 1000, 16, seed=0)
    initial = torch.randn(4, 16, generator=torch.Generator().manual_seed(9), dtype=torch.float64)
    torch.testing.assert_close(doubling_scan(a, b, initial=initial),
                               linear_recurrence_loop(a, b, initial=initial), atol=1e-12, rtol=0)


def test_doubling_scan_matches_the_loop_in_float32():
    a, b = pairs(2, 1000, 8, seed=2, dtype=torch.float32)
    torch.testing.assert_close(doubling_scan(a, b), linear_recurrence_loop(a, b),
                               atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("steps", [1, 2, 3, 7, 8, 9, 129])
def test_doubling_scan_handles_any_length(steps):
    a, b = pairs(3, steps, 2, seed=steps)
    torch.testing.assert_close(doubling_scan(a, b), linear_recurrence_loop(a, b),
                               atol=1e-12, rtol=0)


def test_scan_steps_is_ceil_log2():
    assert [scan_steps(n) for n in (1, 2, 3, 4, 5, 1000, 1024, 1025)] == [0, 1, 2, 2, 3, 10, 10, 11]


def test_gradients_through_the_scan_match_the_loop():
    a, b = pairs(2, 50, 3, seed=4)
    a.requires_grad_(True)
    b.requires_grad_(True)
    g_loop = torch.autograd.grad(linear_recurrence_loop(a, b)[:, -1].sum(), (a, b))
    g_scan = torch.autograd.grad(doubling_scan(a, b)[:, -1].sum(), (a, b))
    for x, y in zip(g_scan, g_loop, strict=True):
        torch.testing.assert_close(x, y, atol=1e-12, rtol=0)


def test_bad_arguments_are_named():
    a, b = pairs(2, 5, 3, seed=0)
    with pytest.raises(ValueError, match="same shape"):
        doubling_scan(a, b[:, :4])
    with pytest.raises(ValueError, match=r"\(B, T, D\)"):
        linear_recurrence_loop(a[0], b[0])
    with pytest.raises(ValueError, match="initial"):
        doubling_scan(a, b, initial=torch.zeros(3))
    with pytest.raises(TypeError, match="torch.Tensor"):
        doubling_scan([1.0], b)
    with pytest.raises(ValueError, match="T = 0"):
        doubling_scan(a[:, :0], b[:, :0])
    with pytest.raises(ValueError, match="length"):
        scan_steps(0)
