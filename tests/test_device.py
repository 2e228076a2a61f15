"""Device selection and seeding."""

from __future__ import annotations

import pytest
import torch

from dlbook.device import ENV_VAR, describe_device, make_generator, pick_device, seed_everything


def test_auto_is_cuda_when_present_else_cpu(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert pick_device().type == expected


def test_environment_variable_overrides(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "cpu")
    assert pick_device() == torch.device("cpu")
    assert describe_device(pick_device()) == "cpu"


def test_an_argument_beats_the_environment(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "nonsense")
    assert pick_device("cpu") == torch.device("cpu")


def test_unknown_device_names_the_variable(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "tpu")
    with pytest.raises(ValueError, match=f"got 'tpu'.*{ENV_VAR}"):
        pick_device()


@pytest.mark.skipif(torch.cuda.is_available(), reason="only meaningful on a machine without CUDA")
def test_cuda_without_cuda_is_an_error_not_a_fallback():
    with pytest.raises(ValueError, match="CUDA is not available"):
        pick_device("cuda")


def test_seeding_reproduces_global_and_explicit_randomness():
    g1 = seed_everything(7)
    a, ga = torch.rand(3), torch.rand(3, generator=g1)
    g2 = seed_everything(7)
    b, gb = torch.rand(3), torch.rand(3, generator=g2)
    assert torch.equal(a, b) and torch.equal(ga, gb)
    assert torch.equal(torch.rand(2, generator=make_generator(1)),
                       torch.rand(2, generator=make_generator(1)))


@pytest.mark.parametrize("seed", [-1, 1.5, "0"])
def test_bad_seeds(seed):
    with pytest.raises(ValueError, match="seed must be a non-negative int"):
        make_generator(seed)
