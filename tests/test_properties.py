"""Property-based tests: the tensor-level listings keep the contract of ``contract.py``.

Every example is a valid call (which must succeed, with the right shape and no NaN) or, in
about half of them, the same call with one argument replaced by an adversarial draw: any
shape (sizes from 0), another dtype, a length past the end, a hyper-parameter of 0, -1,
NaN, infinity or ``True``. A refusal must then be a ``ValueError``/``TypeError`` naming
that argument. Which functions and failure classes are covered: ``tests/README.md``.
"""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st
from torch import nn

from contract import DTYPES, FLOATS, NUMBERS, SIZES, call, finite, perturb, tensor, tensors
from dlbook import attention, cells, ctc, jacobians, recall, recurrence, scan, truncation
from dlbook.corpus import split_corpus
from dlbook.decoding import sequence_accuracy, symbol_accuracy, termination_accuracy
from dlbook.device import pick_device
from dlbook.probes import gradient_vs_lag
from dlbook.seq2seq import masked_cross_entropy

torch.set_num_threads(1)
SEEDS = st.integers(0, 2**16)
POSITIVE = st.integers(1, 4)


@given(b=POSITIVE, t=POSITIVE, d=POSITIVE, h=POSITIVE, dtype=FLOATS, seed=SEEDS,
       data=st.data())
def test_rnn_loop(b, t, d, h, dtype, seed, data):
    shapes = {"inputs": (b, t, d), "weight_ih": (h, d), "weight_hh": (h, h), "bias": (h,),
              "h0": (b, h)}
    valid = {n: tensor(seed + i, s, dtype) for i, (n, s) in enumerate(shapes.items())}
    args, broken = perturb(data, valid, {n: tensors() for n in shapes})
    result = call(recurrence.rnn_loop, broken=broken, **args)
    if result is not None and broken is None:
        assert result[0].shape == (b, t, h) and result[1].shape == (b, h)
        assert torch.equal(result[0][:, -1], result[1])


@given(lengths=st.lists(POSITIVE, min_size=1, max_size=4), d=POSITIVE, dtype=DTYPES,
       seed=SEEDS, data=st.data())
def test_pad_sequences(lengths, d, dtype, seed, data):
    valid = {"sequences": [tensor(seed + i, (n, d), dtype) for i, n in enumerate(lengths)],
             "value": -7.0}
    bad = {"sequences": st.lists(tensors(), max_size=3) | tensors()}
    args, broken = perturb(data, valid, bad)
    padded = call(recurrence.pad_sequences, broken=broken, **args)
    if padded is not None and broken is None:
        assert padded[0].shape == (len(lengths), max(lengths), d)
        assert padded[1].tolist() == lengths


@given(lengths=st.lists(POSITIVE, min_size=1, max_size=4), extra=st.integers(0, 2),
       h=POSITIVE, seed=SEEDS, data=st.data())
def test_masks_and_last_states(lengths, extra, h, seed, data):
    steps = max(lengths) + extra
    lengths_ = torch.tensor(lengths)
    bad = {"lengths": tensors(st.just((len(lengths),)), DTYPES, low=-1, high=steps + 2)
           | tensors(), "steps": st.integers(-2, 2)}
    args, broken = perturb(data, {"lengths": lengths_, "steps": steps}, bad)
    mask = call(recurrence.length_mask, broken=broken, **args)
    if mask is not None and broken is None:
        assert mask.shape == (len(lengths), steps) and mask.sum().item() == sum(lengths)
    outputs = tensor(seed, (len(lengths), steps, h), torch.float32)
    bad = {"lengths": bad["lengths"], "outputs": tensors()}
    args, broken = perturb(data, {"outputs": outputs, "lengths": lengths_}, bad)
    last = call(recurrence.last_valid, broken=broken, **args)
    if last is not None and broken is None:
        assert torch.equal(last, outputs[torch.arange(len(lengths)), lengths_ - 1])


@given(a=st.floats(-3, 3), b=st.floats(-3, 3),
       inputs=st.lists(st.floats(-10, 10), min_size=1, max_size=5), data=st.data())
def test_scalar_trace(a, b, inputs, data):
    bad = {"a": NUMBERS, "b": NUMBERS, "inputs": st.lists(NUMBERS, max_size=4),
           "detach": st.integers(-2, 7)}
    args, broken = perturb(data, {"a": a, "b": b, "inputs": inputs, "detach": None}, bad)
    result = call(jacobians.scalar_trace, broken=broken, **args)
    assert result is None or all(finite(g) for g in result)


@given(shapes=st.lists(st.lists(POSITIVE, min_size=1, max_size=3), min_size=1, max_size=3),
       dtype=FLOATS, max_norm=st.floats(1e-3, 10), seed=SEEDS, data=st.data())
def test_clip_by_norm(shapes, dtype, max_norm, seed, data):
    grads = [tensor(seed + i, tuple(s), dtype) for i, s in enumerate(shapes)]
    bad = {"grads": st.lists(tensors(), max_size=3), "max_norm": NUMBERS}
    args, broken = perturb(data, {"grads": grads, "max_norm": max_norm}, bad)
    norm = call(jacobians.clip_by_norm, broken=broken, **args)
    if norm is not None and broken is None:
        after = math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))
        assert finite(norm) and after <= min(norm, max_norm) * (1 + 1e-5)


@given(shape=st.lists(SIZES, max_size=3), prob=st.floats(0, 0.99), seed=SEEDS, data=st.data())
def test_keep_or_cut(shape, prob, seed, data):
    state = tensor(seed, tuple(shape), torch.float64).requires_grad_(True)
    args, broken = perturb(data, {"state": state, "prob": prob}, {"prob": NUMBERS})
    out = call(truncation.keep_or_cut, broken=broken, generator=torch.Generator(), **args)
    assert out is None or torch.equal(out, state.detach())


@given(b=POSITIVE, d=POSITIVE, h=POSITIVE, kind=st.sampled_from(["lstm", "gru"]),
       dtype=FLOATS, seed=SEEDS, data=st.data())
def test_gate_steps(b, d, h, kind, dtype, seed, data):
    g = 4 if kind == "lstm" else 3
    shapes = {"x": (b, d), "h": (b, h), "weight_ih": (g * h, d), "weight_hh": (g * h, h),
              "bias_ih": (g * h,), "bias_hh": (g * h,)}
    valid = {n: tensor(seed + i, s, dtype) for i, (n, s) in enumerate(shapes.items())}
    args, broken = perturb(data, valid, {n: tensors() for n in shapes})
    fn = cells.lstm_gates if kind == "lstm" else cells.gru_step_pytorch
    out = call(fn, broken=broken, **args)
    if out is not None and broken is None:
        assert all(t.shape == (b, h) for t in (out if kind == "lstm" else [out]))
    if kind == "lstm":
        weights = {n: t for n, t in valid.items() if n not in ("x", "h")}
        state = (valid["h"], tensor(seed, (b, h), dtype))
        args, broken = perturb(data, {"x": valid["x"], "state": state, **weights},
                               {"state": st.tuples(tensors(), tensors())})
        out = call(cells.lstm_step, broken=broken, **args)
        assert out is None or out[0].shape == out[1].shape


@given(kind=st.sampled_from([nn.LSTM, nn.GRU]), value=st.floats(-3, 3), data=st.data())
def test_set_keep_bias(kind, value, data):
    layer = kind(2, 3)
    bad = {"layer": st.sampled_from([nn.RNN(2, 3), nn.Linear(2, 3)]), "value": NUMBERS}
    args, broken = perturb(data, {"layer": layer, "value": value}, bad)

    def set_bias(**kwargs):
        recall.set_keep_bias(**kwargs)
        return "set"

    if call(set_bias, broken=broken, **args) == "set" and args["layer"] is layer:
        summed = layer.bias_ih_l0 + layer.bias_hh_l0
        assert torch.allclose(summed[3:6], torch.full((3,), float(args["value"])))


@given(b=POSITIVE, s=POSITIVE, dtype=FLOATS, scale=st.sampled_from([1.0, 100.0, 1e4]),
       temperature=st.floats(1e-300, 1e3), seed=SEEDS, data=st.data())
def test_masked_softmax(b, s, dtype, scale, temperature, seed, data):
    scores = tensor(seed, (b, s), dtype) * scale
    lengths = torch.randint(1, s + 1, (b,), generator=torch.Generator().manual_seed(seed))
    mask = torch.arange(s).unsqueeze(0) < lengths.unsqueeze(1)
    bad = {"mask": tensors(dtype=st.sampled_from([torch.bool, torch.int64])),
           "temperature": NUMBERS}
    args, broken = perturb(data, {"scores": scores, "mask": mask,
                                  "temperature": temperature}, bad)
    weights = call(attention.masked_softmax, broken=broken, **args)
    if weights is not None and broken is None:
        assert weights.shape == (b, s) and bool((weights[~mask] == 0).all())
        assert torch.allclose(weights.sum(-1), torch.ones(b, dtype=dtype), atol=1e-5)


@given(b=POSITIVE, s=POSITIVE, dq=POSITIVE, dk=POSITIVE, seed=SEEDS, data=st.data())
def test_additive_attention(b, s, dq, dk, seed, data):
    torch.manual_seed(seed)
    module = attention.AdditiveAttention(query_size=dq, key_size=dk, attn_size=3)
    valid = {"query": tensor(seed, (b, dq), torch.float32),
             "keys": tensor(seed + 1, (b, s, dk), torch.float32),
             "mask": torch.ones(b, s, dtype=torch.bool)}
    bad = {"query": tensors(dtype=torch.float32), "keys": tensors(dtype=torch.float32),
           "mask": tensors(dtype=torch.bool)}
    args, broken = perturb(data, valid, bad)
    out = call(module.forward, broken=broken, **args)
    if out is not None and broken is None:
        assert out[0].shape == (b, dk) and out[1].shape == (b, s) == out[2].shape


@given(t=POSITIVE, c=st.integers(2, 5), seed=SEEDS, data=st.data())
def test_ctc(t, c, seed, data):
    log_probs = tensor(seed, (t, c), torch.float64).log_softmax(-1)
    target = data.draw(st.lists(st.integers(1, c - 1), max_size=4), label="target")
    bad = {"log_probs": tensors(), "target": st.lists(st.integers(-2, 7), max_size=4),
           "blank": st.integers(-2, 7) | NUMBERS}
    args, broken = perturb(data, {"log_probs": log_probs, "target": target, "blank": 0}, bad)
    table = call(ctc.ctc_forward_table, broken=broken, **args)
    if table is not None:
        assert table.shape == (args["log_probs"].shape[0], 2 * len(args["target"]) + 1)
        nll = call(ctc.ctc_nll, broken=None, **args)
        if broken != "log_probs":  # a broken one need not be a distribution
            assert float(nll) >= -1e-9  # +inf when no path can spell the target


@given(b=POSITIVE, t=st.integers(1, 9), d=POSITIVE, dtype=st.sampled_from([torch.float64,
       torch.int64]), seed=SEEDS, data=st.data())
def test_doubling_scan_matches_the_loop(b, t, d, dtype, seed, data):
    a, bb = tensor(seed, (b, t, d), dtype), tensor(seed + 1, (b, t, d), dtype)
    valid = {"a": a / 3 if dtype.is_floating_point else a, "b": bb,
             "initial": tensor(seed + 2, (b, d), dtype)}
    args, broken = perturb(data, valid, {n: tensors() for n in valid})
    fast = call(scan.doubling_scan, broken=broken, **args)
    if fast is not None and broken is None:
        slow = scan.linear_recurrence_loop(**args)
        assert fast.shape == (b, t, d) and torch.allclose(fast.double(), slow.double())


@given(n=st.integers(8, 40), fraction=st.floats(0.3, 0.7), seed=SEEDS, data=st.data())
def test_split_corpus(n, fraction, seed, data):
    ids = tensor(seed, (n,), torch.int64, low=0, high=9)
    bad = {"ids": tensors(low=0, high=9), "train_fraction": NUMBERS}
    args, broken = perturb(data, {"ids": ids, "train_fraction": fraction}, bad)
    parts = call(split_corpus, broken=broken, **args)
    assert parts is None or torch.equal(torch.cat(parts), args["ids"])


@given(kind=st.sampled_from([nn.RNN, nn.LSTM, nn.GRU]),
       lags=st.lists(st.integers(1, 6), max_size=3), samples=POSITIVE, data=st.data())
def test_gradient_vs_lag(kind, lags, samples, data):
    torch.manual_seed(0)
    bad = {"module": st.sampled_from([kind(2, 3), nn.Linear(2, 3)]),
           "lags": st.lists(st.integers(-1, 6) | NUMBERS, max_size=3),
           "samples": st.integers(-1, 0) | NUMBERS}
    args, broken = perturb(data, {"module": kind(2, 3, batch_first=True), "lags": lags,
                                  "samples": samples}, bad)
    result = call(gradient_vs_lag, broken=broken, **args)
    assert result is None or all(finite(v) and v >= 0 for v in result.values())


@given(preference=st.sampled_from(["cpu", "CPU ", "auto", "", None, "gpu", "cuda:x", "cuda:99"])
       | NUMBERS)
def test_pick_device(preference):
    device = call(pick_device, preference=preference)
    assert device is None or device.type in ("cpu", "cuda")


@given(pairs=st.lists(st.tuples(st.lists(st.integers(0, 3), max_size=4),
                                st.lists(st.integers(0, 3), max_size=4)), max_size=4))
def test_accuracies(pairs):
    predictions, targets = [p for p, _ in pairs], [t for _, t in pairs]
    for metric in (symbol_accuracy, sequence_accuracy, termination_accuracy):
        value = call(metric, predictions=predictions, targets=targets)
        assert value is None or 0.0 <= value <= 1.0


@given(b=POSITIVE, t=POSITIVE, v=st.integers(2, 5), dtype=FLOATS, seed=SEEDS, data=st.data())
def test_masked_cross_entropy(b, t, v, dtype, seed, data):
    targets = tensor(seed + 1, (b, t), torch.int64, low=1, high=v)
    bad = {"logits": tensors(), "targets": tensors(low=0, high=v + 2)}
    args, broken = perturb(data, {"logits": tensor(seed, (b, t, v), dtype),
                                  "targets": targets}, bad)
    loss = call(masked_cross_entropy, broken=broken, **args)
    assert loss is None or (loss.dim() == 0 and math.isfinite(loss.item()))


def test_the_contract_can_fail():
    """The checker must be able to fail: each way of breaking the contract is reported."""
    def nameless(**kwargs):
        raise ValueError("something broke")

    with pytest.raises(AssertionError, match="names none of"):
        call(nameless, x=1)
    with pytest.raises(AssertionError, match="refused valid arguments"):
        call(nameless, broken=None, x=1)
    with pytest.raises(AssertionError, match="returned a NaN"):
        call(lambda **kwargs: {"a": [torch.tensor([float("nan")])]}, x=1)
    with pytest.raises(IndexError):
        call(lambda **kwargs: [][1], x=1)
