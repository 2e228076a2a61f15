"""The character transformer: shapes, causality, its size, the cache, and bad input."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from dlbook.evaluation import fixed_window_loss
from dlbook.training import fit_next_token
from dlbook.transformer import CharTransformer, KVCache, generate, parameter_count

torch.set_num_threads(1)
SIZE = dict(context=12, dim=16, layers=2, heads=4)


def model(vocab=7, dropout=0.0, **size):
    torch.manual_seed(0)
    return CharTransformer(vocab, **{**SIZE, **size}, dropout=dropout).eval()


def ids(shape, vocab=7, seed=0):
    return torch.randint(0, vocab, shape, generator=torch.Generator().manual_seed(seed))


def test_logits_have_one_row_per_position_and_a_column_per_character():
    assert model()(ids((3, 12))).shape == (3, 12, 7)
    assert model()(ids((1, 1))).shape == (1, 1, 7)


@pytest.mark.parametrize("t", [0, 5, 10])
def test_changing_future_tokens_changes_no_earlier_logit(t):
    net, x = model(), ids((2, 12))
    y = x.clone()
    y[:, t + 1:] = (y[:, t + 1:] + 1 + ids((2, 11 - t), vocab=5, seed=1)) % 7  # all differ
    with torch.no_grad():
        before, after = net(x), net(y)
    assert torch.equal(before[:, : t + 1], after[:, : t + 1])
    assert not torch.allclose(before[:, t + 1:], after[:, t + 1:])  # the future does matter


def test_a_position_sees_its_past():
    net, x = model(), ids((1, 12))
    y = x.clone()
    y[0, 0] = (y[0, 0] + 1) % 7
    with torch.no_grad():
        assert not torch.allclose(net(x)[0, 11], net(y)[0, 11])


@pytest.mark.parametrize("size", [dict(), dict(dim=8, heads=2, layers=1, context=5),
                                  dict(dim=12, heads=3, layers=3, context=30)])
def test_the_parameter_count_matches_the_closed_form(size):
    size = {**SIZE, **size}
    net = CharTransformer(11, **size)
    counted = sum(p.numel() for p in net.parameters())  # the tied matrix once
    expected = parameter_count(vocab=11, context=size["context"], dim=size["dim"],
                               layers=size["layers"])
    assert counted == expected


def test_input_and_output_share_one_matrix_and_init_is_small():
    net = model()
    assert not any(isinstance(m, nn.Linear) and m.out_features == 7 for m in net.modules())
    assert net.embed.weight.std().item() == pytest.approx(0.02, rel=0.3)


def test_the_cache_gives_the_logits_of_the_full_forward():
    net, x = model(), ids((2, 12))
    with torch.no_grad():
        full = net(x)
        cache = KVCache(2)
        steps = [net(x[:, :5], cache)]  # a prompt, read once
        steps += [net(x[:, t : t + 1], cache) for t in range(5, 12)]  # then token by token
    assert len(cache) == 12
    torch.testing.assert_close(torch.cat(steps, dim=1), full, atol=1e-5, rtol=1e-5)


def test_dropout_acts_in_training_only():
    net, x = model(dropout=0.5), ids((2, 12))
    with torch.no_grad():
        assert torch.equal(net(x), net(x))
        net.train()
        assert not torch.equal(net(x), net(x))


@pytest.mark.parametrize("cache", [True, False])
def test_generation_with_and_without_the_cache_agrees(cache):
    net, prompt = model(), ids((4,))
    greedy = generate(net, prompt, steps=8, temperature=0.0, cache=cache)
    assert greedy.shape == (8,) and greedy.dtype == torch.long
    assert torch.equal(greedy, generate(net, prompt, steps=8, temperature=0.0, cache=not cache))
    sampled = generate(net, prompt, steps=8, temperature=1.0, seed=3, cache=cache)
    assert torch.equal(sampled, generate(net, prompt, steps=8, temperature=1.0, seed=3,
                                         cache=cache))
    net.train()
    generate(net, prompt, steps=2, temperature=1.0, cache=cache)
    assert net.training


def test_without_the_cache_generation_slides_past_the_context():
    net = model()
    assert generate(net, ids((10,)), steps=20, temperature=1.0, cache=False).shape == (20,)
    with pytest.raises(ValueError, match="pass cache=False"):
        generate(net, ids((10,)), steps=20, temperature=1.0)


def test_a_tiny_transformer_learns_a_periodic_stream():
    net = model(vocab=5).train()
    data = torch.arange(600) % 5
    before = fixed_window_loss(net, data, vocab=5, window=12)
    fit_next_token(net, data, vocab=5, context=12, batch=8, steps=40, lr=1e-2)
    assert fixed_window_loss(net, data, vocab=5, window=12) < before / 4


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    (dict(dim=10, heads=4), ValueError, "dim=10 must be a multiple of heads=4"),
    (dict(heads=0), ValueError, "heads must be a positive int"),
    (dict(layers=-1), ValueError, "layers must be a positive int"),
    (dict(context=2.5), ValueError, "context must be a positive int"),
    (dict(dropout=1.0), ValueError, r"dropout must be a number in \[0, 1\)"),
])
def test_bad_hyper_parameters_are_named(kwargs, error, message):
    with pytest.raises(error, match=message):
        CharTransformer(7, **{**SIZE, **kwargs})


def test_bad_input_is_refused_before_it_reaches_torch():
    net = model()
    with pytest.raises(ValueError, match="13 new tokens exceed context=12"):
        net(ids((1, 13)))
    with pytest.raises(ValueError, match=r"x holds ids in \[0, 7\] but must lie in \[0, 7\)"):
        net(torch.tensor([[0, 7]]))
    with pytest.raises(ValueError, match="must have 2 dimensions"):
        net(ids((12,)))
    with pytest.raises(TypeError, match="integer token ids"):
        net(torch.zeros(1, 3))
    cache = KVCache(2)
    net(ids((1, 11)), cache)
    with pytest.raises(ValueError, match="11 cached \\+ 2 new tokens exceed context=12"):
        net(ids((1, 2)), cache)
    net(ids((1, 1)), cache)
    with pytest.raises(ValueError, match="12 cached \\+ 1 new tokens exceed"):
        net(ids((1, 1)), cache)
    with pytest.raises(ValueError, match=r"make it with KVCache\(2\)"):
        net(ids((1, 3)), KVCache(3))
    short = KVCache(2)
    net(ids((1, 3)), short)
    with pytest.raises(ValueError, match="one token at a time, got 2"):
        net(ids((1, 2)), short)
    with pytest.raises(ValueError, match="temperature must be a number >= 0"):
        generate(net, ids((3,)), steps=2, temperature=-1.0)
    with pytest.raises(ValueError, match="prompt holds token ids"):
        generate(net, torch.tensor([9]), steps=2, temperature=1.0)
