"""The key-value cache: allocated once at the model's context, filled in place, truncated.

These tests look at the buffers themselves: a cache grown by ``torch.cat`` gives the same
logits, so only its storage tells it apart.
"""

from __future__ import annotations

import pytest
import torch

from dlbook.generation_cost import _one_character
from dlbook.transformer import CharTransformer, KVCache, generate

torch.set_num_threads(1)
SIZE = dict(context=12, dim=16, layers=2, heads=4)
CLOSE = dict(atol=1e-5, rtol=1e-5)


def model(**size):
    torch.manual_seed(0)
    return CharTransformer(7, **{**SIZE, **size}).eval()


def ids(shape, seed=0):
    return torch.randint(0, 7, shape, generator=torch.Generator().manual_seed(seed))


def filled(net, x, prompt):
    """A cache that has read ``x[:, :prompt]`` at once, then the rest of ``x`` token by token,
    and the logits of every call."""
    cache = KVCache(len(net.blocks))
    steps = [net(x[:, :prompt], cache)]
    steps += [net(x[:, t : t + 1], cache) for t in range(prompt, x.shape[1])]
    return cache, steps


def buffers(cache):
    return [*cache.keys, *cache.values]


def bits(t):
    """The tensor's bytes as integers: unwritten slots may hold NaN, which equals nothing."""
    return t.contiguous().view(torch.uint8)


@torch.no_grad()
def test_each_layer_allocates_buffers_as_long_as_the_context_from_its_first_keys():
    net = model().double()
    cache, _ = filled(net, ids((3, 5)), prompt=5)
    assert len(cache) == 5 and cache.capacity == 12
    for buffer in buffers(cache):
        assert buffer.shape == (3, 4, 12, 4)  # (B, H, context, D/H)
        assert buffer.dtype == torch.float64 and buffer.device == torch.device("cpu")


@torch.no_grad()
def test_a_step_writes_its_own_slot_in_place_and_nothing_else():
    net, x = model(), ids((2, 6))
    cache, _ = filled(net, x[:, :5], prompt=5)
    addresses = [b.data_ptr() for b in buffers(cache)]
    before = [b.clone() for b in buffers(cache)]
    net(x[:, 5:6], cache)
    assert len(cache) == 6
    assert [b.data_ptr() for b in buffers(cache)] == addresses  # the same storage: no copy
    reference, _ = filled(net, x, prompt=6)  # the six tokens read at once
    for after, old, expected in zip(buffers(cache), before, buffers(reference), strict=True):
        assert after.shape == old.shape
        assert torch.equal(bits(after[:, :, :5]), bits(old[:, :, :5]))  # the past untouched
        assert torch.equal(bits(after[:, :, 6:]), bits(old[:, :, 6:]))  # the future unwritten
        torch.testing.assert_close(after[:, :, 5], expected[:, :, 5], **CLOSE)


@torch.no_grad()
def test_attention_reads_the_filled_prefix_as_a_view_of_the_buffers():
    net, x = model(), ids((1, 4))
    cache, _ = filled(net, x, prompt=3)
    _, (keys, values) = net.blocks[1].attn(torch.randn(1, 1, 16), cache, 1)  # token 4
    assert keys.shape[2] == values.shape[2] == 5
    assert keys.data_ptr() == cache.keys[1].data_ptr()
    assert values.data_ptr() == cache.values[1].data_ptr()


@torch.no_grad()
def test_truncating_then_stepping_gives_the_logits_of_the_shorter_past():
    net, x = model(), ids((2, 10))
    cache, steps = filled(net, x, prompt=5)
    cache.truncate(7)
    assert len(cache) == 7
    torch.testing.assert_close(net(x[:, 7:8], cache), steps[3], **CLOSE)  # token 7 again
    other = x.clone()
    other[:, 8] = (x[:, 8] + 1) % 7  # a different token where the old one had been written
    torch.testing.assert_close(net(other[:, 8:9], cache), net(other[:, :9])[:, 8:], **CLOSE)
    cache.truncate(0)  # a new prompt into the same buffers
    addresses = [b.data_ptr() for b in buffers(cache)]
    torch.testing.assert_close(net(other[:, :6], cache), net(other[:, :6]), **CLOSE)
    assert len(cache) == 6 and [b.data_ptr() for b in buffers(cache)] == addresses


@pytest.mark.parametrize("length", [-1, 6, 2.0, True, None])
def test_truncate_goes_back_only(length):
    cache, _ = filled(model(), ids((1, 5)), prompt=5)
    with pytest.raises(ValueError, match=r"length must be an int in \[0, 5\]"):
        cache.truncate(length)
    assert len(cache) == 5


def test_an_empty_cache_truncates_to_zero_only():
    cache = KVCache(2)
    cache.truncate(0)
    with pytest.raises(ValueError, match=r"in \[0, 0\].*got 1"):
        cache.truncate(1)


@torch.no_grad()
def test_a_cache_filled_by_one_batch_refuses_another_even_when_truncated():
    net = model()
    cache, _ = filled(net, ids((2, 4)), prompt=4)
    with pytest.raises(ValueError, match="cache holds 2 sequences but x has 3 rows"):
        net(ids((3, 1)), cache)
    assert len(cache) == 4
    cache.truncate(0)  # its buffers still hold two sequences
    with pytest.raises(ValueError, match="cache holds 2 sequences but x has 1 rows"):
        net(ids((1, 3)), cache)


@torch.no_grad()
def test_a_full_cache_refuses_one_more_token_and_keeps_what_it_holds():
    net, x = model(), ids((1, 12))
    cache, _ = filled(net, x, prompt=11)
    addresses = [b.data_ptr() for b in buffers(cache)]
    with pytest.raises(ValueError, match="12 cached \\+ 1 new tokens exceed context=12"):
        net(ids((1, 1)), cache)
    assert len(cache) == 12 and [b.data_ptr() for b in buffers(cache)] == addresses
    cache.truncate(11)
    torch.testing.assert_close(net(x[:, 11:], cache), net(x)[:, 11:], **CLOSE)


@torch.no_grad()
def test_a_cache_filled_by_a_model_of_another_context_is_refused():
    cache, _ = filled(model(), ids((1, 3)), prompt=3)
    with pytest.raises(ValueError, match="cache was made for context=12 but the model has "
                                         "context=20; start a new KVCache"):
        model(context=20)(ids((1, 1)), cache)


def test_generation_that_fills_the_whole_context_agrees_with_and_without_the_cache():
    net, prompt = model(), ids((4,))
    for temperature in (0.0, 1.0):
        cached = generate(net, prompt, steps=9, temperature=temperature, seed=5)  # 12 cached
        assert torch.equal(cached, generate(net, prompt, steps=9, temperature=temperature,
                                            seed=5, cache=False))


@torch.no_grad()
def test_the_timed_cache_step_starts_from_the_same_past_every_time():
    net, x = model(), ids((1, 12))  # a whole context: a step that did not go back overflows
    cached = _one_character(net, "cache", x, torch.Generator().manual_seed(3))
    uncached = _one_character(net, "no-cache", x, torch.Generator().manual_seed(3))
    assert [cached() for _ in range(6)] == [uncached() for _ in range(6)]
