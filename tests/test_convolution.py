"""Dilated causal convolutions: the receptive-field formula against a gradient probe."""

from __future__ import annotations

import pytest
import torch

from dlbook.convolution import DilatedCausalStack, gradient_footprint, receptive_field


def test_receptive_field_formula_values():
    assert receptive_field(kernel_size=2, layers=1) == 2
    assert receptive_field(kernel_size=2, layers=4) == 16
    assert receptive_field(kernel_size=3, layers=3) == 15
    assert receptive_field(kernel_size=2, layers=10) == 1024  # one WaveNet block
    assert receptive_field(kernel_size=1, layers=5) == 1


@pytest.mark.parametrize(
    ("kernel_size", "layers"), [(2, 1), (2, 3), (2, 5), (3, 2), (3, 4), (4, 3)]
)
def test_gradient_probe_sees_exactly_the_receptive_field(kernel_size, layers):
    torch.manual_seed(0)  # nn.Conv1d's initialisation draws from the global generator
    stack = DilatedCausalStack(channels=4, kernel_size=kernel_size, layers=layers)
    length = 100
    field = receptive_field(kernel_size=kernel_size, layers=layers)
    assert gradient_footprint(stack, length=length) == list(range(length - field, length))


def test_stack_is_causal_and_keeps_the_length():
    torch.manual_seed(1)
    stack = DilatedCausalStack(channels=3, kernel_size=3, layers=3)
    x = torch.randn(2, 3, 40)
    assert stack(x).shape == (2, 3, 40)
    # Output 20 sees inputs 6..20 and nothing later.
    assert gradient_footprint(stack, length=40, position=20) == list(range(6, 21))
    changed = x.clone()
    changed[..., 25:] = 0.0
    torch.testing.assert_close(stack(x)[..., :25], stack(changed)[..., :25])


def test_short_input_clips_the_field_at_the_start():
    torch.manual_seed(2)
    stack = DilatedCausalStack(channels=2, kernel_size=2, layers=5)  # field 32
    assert gradient_footprint(stack, length=10) == list(range(10))


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="kernel_size"):
        receptive_field(kernel_size=0, layers=2)
    with pytest.raises(ValueError, match="layers"):
        DilatedCausalStack(channels=2, kernel_size=2, layers=0)
    stack = DilatedCausalStack(channels=2, kernel_size=2, layers=2)
    with pytest.raises(ValueError, match=r"\(B, C=2, T\)"):
        stack(torch.zeros(1, 3, 5))
    with pytest.raises(ValueError, match="position"):
        gradient_footprint(stack, length=5, position=5)
