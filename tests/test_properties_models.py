"""Property-based tests: the models, trainers and decoders keep the contract of ``contract.py``.

Models are tiny (hidden 2-4) and training runs one to three steps, so each example costs
milliseconds; what varies is everything a caller controls: token streams and their dtypes,
lengths from 0, vocabulary sizes on both sides, and every hyper-parameter. As in
``test_properties.py``, about half the examples are valid calls that must succeed, and the
others break exactly one argument, which a refusal must name.
"""

from __future__ import annotations

import math
from functools import partial

import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import DTYPES, NUMBERS, call, finite, perturb, tensor, tensors
from dlbook import copytask, recall, wikitext
from dlbook.attention import AttentionSeq2Seq
from dlbook.blind import unigram_accuracy
from dlbook.charlm import CharLSTM
from dlbook.decoding import beam_search, greedy_decode
from dlbook.evaluation import fixed_window_loss
from dlbook.sampling import generate
from dlbook.seq2seq import FIRST_SYMBOL, Seq2Seq, fit_seq2seq
from dlbook.training import budget_cosine, fit_next_token
from dlbook.transformer import CharTransformer
from dlbook.transformer import generate as transformer_generate
from dlbook.truncation import StreamRegressor, truncated_bptt

torch.set_num_threads(1)
SEEDS = st.integers(0, 2**16)
POSITIVE = st.integers(1, 4)
RATES = st.floats(1e-4, 0.1)
FEW = settings(max_examples=25)
#: A token stream of any length from 0, any dtype, with ids that may pass the vocabulary.
STREAMS = tensors(st.tuples(st.integers(0, 12)), DTYPES, low=-1, high=9) | tensors()


def char_model(vocab: int) -> CharLSTM:
    torch.manual_seed(0)
    return CharLSTM(vocab, hidden=3, embed=2)


@FEW
@given(vocab=st.integers(1, 6), context=POSITIVE, batch=POSITIVE, steps=st.integers(1, 3),
       lr=RATES, extra=st.integers(1, 10), seed=SEEDS, data=st.data())
def test_fit_next_token(vocab, context, batch, steps, lr, extra, seed, data):
    valid = {"model": char_model(vocab), "vocab": vocab, "context": context, "batch": batch,
             "steps": steps, "lr": lr, "clip": 1.0,
             "data": tensor(seed, (context + extra,), torch.int64, low=0, high=vocab)}
    bad = {"model": st.integers(1, 7).map(char_model), "data": STREAMS,
           "vocab": st.integers(-1, 8) | NUMBERS, "context": st.integers(-1, 30),
           "batch": st.integers(-1, 0), "steps": st.integers(-1, 0), "lr": NUMBERS,
           "clip": NUMBERS, "starts": tensors(st.just((steps, batch)), low=-3, high=40)
           | tensors()}
    args, broken = perturb(data, valid, bad)
    curve = call(fit_next_token, broken=broken, log_every=1, **args)
    if curve is not None:
        assert curve.steps == list(range(args["steps"]))
        assert all(finite(v) for v in curve.losses)


@FEW
@given(vocab=st.integers(1, 6), window=POSITIVE, extra=st.integers(1, 10), seed=SEEDS,
       data=st.data())
def test_fixed_window_loss(vocab, window, extra, seed, data):
    valid = {"model": char_model(vocab), "vocab": vocab, "window": window, "batch": 2,
             "sequence": tensor(seed, (window + extra,), torch.int64, low=0, high=vocab)}
    bad = {"model": st.integers(1, 7).map(char_model), "sequence": STREAMS,
           "vocab": st.integers(-1, 8), "window": st.integers(-1, 30), "batch": NUMBERS}
    args, broken = perturb(data, valid, bad)
    loss = call(fixed_window_loss, broken=broken, **args)
    assert loss is None or (finite(loss) and loss >= 0)


@FEW
@given(vocab=st.integers(1, 6), n=POSITIVE, steps=POSITIVE,
       temperature=st.sampled_from([0, 0.5, 1.0, 1e-40, 1e-8, 1e30]), seed=SEEDS,
       data=st.data())
def test_generate(vocab, n, steps, temperature, seed, data):
    valid = {"model": char_model(vocab), "steps": steps, "temperature": temperature,
             "prompt": tensor(seed, (n,), torch.int64, low=0, high=vocab)}
    bad = {"prompt": STREAMS, "steps": st.integers(-1, 0), "temperature": NUMBERS}
    args, broken = perturb(data, valid, bad)
    new = call(generate, broken=broken, seed=seed, **args)
    if new is not None:
        assert new.shape == (args["steps"],) and 0 <= int(new.min()) <= int(new.max()) < vocab


@settings(max_examples=12)
@given(kind=st.sampled_from(sorted(recall.CONTENDERS)), data=st.data())
def test_run_memory_test(kind, data):
    valid = {"contender": kind, "seed": 0, "epochs": 1, "n_train": 6, "n_test": 3,
             "length": 3, "vocab": 3, "hidden": 2, "lr": 1e-2, "batch": 4, "clip": 1.0}
    bad = {"epochs": st.integers(-1, 0), "n_train": st.integers(-1, 0),
           "n_test": st.integers(-1, 0), "length": st.integers(-1, 0),
           "vocab": st.integers(-1, 0), "hidden": st.integers(-1, 0), "lr": NUMBERS,
           "batch": st.integers(-1, 0), "clip": NUMBERS, "contender": st.just("LSTM (+3)")}
    args, broken = perturb(data, valid, bad)
    result = call(recall.run_memory_test, broken=broken, **args)
    if result is not None:
        assert len(result["losses"]) == args["epochs"] and 0 <= result["test_accuracy"] <= 1


@FEW
@given(vocab=st.integers(1, 4), n=POSITIVE, t=POSITIVE, epochs=st.integers(1, 2),
       seed=SEEDS, data=st.data())
def test_train_recall(vocab, n, t, epochs, seed, data):
    valid = {"model": recall.RecallClassifier("gru", vocab=vocab, hidden=2),
             "tokens": tensor(seed, (n, t), torch.int64, low=0, high=vocab),
             "labels": tensor(seed + 1, (n,), torch.int64, low=0, high=vocab),
             "epochs": epochs, "batch": 2}
    bad = {"tokens": tensors(low=-1, high=6), "labels": tensors(low=-1, high=6),
           "epochs": st.integers(-1, 0), "batch": st.integers(-1, 0), "lr": NUMBERS,
           "clip": NUMBERS}
    args, broken = perturb(data, valid, bad)
    losses = call(recall.train_recall, broken=broken, **args)
    assert losses is None or (len(losses) == epochs and all(finite(v) for v in losses))


def seq2seq_model(attention: bool):
    torch.manual_seed(0)
    if attention:
        return AttentionSeq2Seq(copytask.VOCAB, embed=2, hidden=3, attn=2)
    return Seq2Seq(copytask.VOCAB, embed=2, hidden=3)


@FEW
@given(attention=st.booleans(), b=POSITIVE, s=POSITIVE, t=POSITIVE, seed=SEEDS,
       data=st.data())
def test_encoder_decoders(attention, b, s, t, seed, data):
    model = seq2seq_model(attention)
    valid = {"src": tensor(seed, (b, s), torch.int64, low=FIRST_SYMBOL, high=copytask.VOCAB),
             "lengths": tensor(seed, (b,), torch.int64, low=1, high=s + 1),
             "decoder_inputs": tensor(seed + 1, (b, t), torch.int64, low=0,
                                      high=copytask.VOCAB)}
    ids = tensors(low=-1, high=20)
    bad = {"src": ids, "lengths": ids, "decoder_inputs": ids}
    args, broken = perturb(data, valid, bad)
    logits = call(model.forward, broken=broken, **args)
    assert logits is None or logits.shape == (b, t, copytask.VOCAB)
    args.pop("decoder_inputs")
    broken = None if broken == "decoder_inputs" else broken
    out = call(greedy_decode, broken=broken, model=model, max_len=t, **args)
    assert out is None or (len(out) == b and all(len(o) <= t for o in out))
    one = {"src": valid["src"][:1], "lengths": valid["lengths"][:1], "beam": 2}
    args, broken = perturb(data, one, {"src": ids, "beam": st.integers(-1, 0) | NUMBERS})
    hypotheses = call(beam_search, broken=broken, model=model, max_len=t, **args)
    assert hypotheses is None or 1 <= len(hypotheses) <= args["beam"]


@FEW
@given(attention=st.booleans(), pairs=st.lists(st.tuples(
           st.lists(st.integers(FIRST_SYMBOL, 12), min_size=1, max_size=3),
           st.lists(st.integers(FIRST_SYMBOL, 12), max_size=3)), min_size=1, max_size=3),
       steps=st.integers(1, 2), lr=RATES, data=st.data())
def test_fit_seq2seq(attention, pairs, steps, lr, data):
    valid = {"model": seq2seq_model(attention), "sources": [p for p, _ in pairs],
             "targets": [t for _, t in pairs], "steps": steps, "lr": lr}
    symbols = st.lists(st.lists(st.integers(0, 15), max_size=3), max_size=3)
    bad = {"sources": symbols, "targets": symbols, "steps": st.integers(-1, 0),
           "lr": NUMBERS, "clip": NUMBERS, "batch": st.integers(-1, 0)}
    args, broken = perturb(data, valid, bad)
    losses = call(fit_seq2seq, broken=broken, **args)
    assert losses is None or (len(losses) == args["steps"] and all(finite(v) for v in losses))


@FEW
@given(attention=st.booleans(), length=st.integers(1, 3), steps=st.integers(1, 2),
       batch=POSITIVE, n_test=POSITIVE, task=st.sampled_from(copytask.TASKS), data=st.data())
def test_copy_task_training_and_scoring(attention, length, steps, batch, n_test, task, data):
    model = seq2seq_model(attention)
    held_out = copytask.held_out_strings(min(n_test, 10**length - 1), length, seed=0)
    valid = {"model": model, "task": task, "length": length, "steps": steps, "batch": batch,
             "lr": 1e-2, "exclude": held_out}
    bad = {"task": st.just("sort"), "length": st.integers(-1, 0), "steps": st.integers(-1, 0),
           "batch": st.integers(-1, 0), "lr": NUMBERS, "clip": NUMBERS,
           "exclude": st.just(copytask.held_out_strings(10**length, length, seed=0))}
    args, broken = perturb(data, valid, bad)
    losses = call(copytask.train_on_strings, broken=broken, **args)
    assert losses is None or len(losses) == steps
    bad = {"src": tensors(low=0, high=20), "targets": tensors(low=0, high=20)}
    args, broken = perturb(data, {"src": held_out, "targets": held_out}, bad)
    scores = call(copytask.copy_accuracy, broken=broken, model=model, **args)
    assert scores is None or all(0 <= v <= 1 for v in scores.values())


@settings(max_examples=8)
@given(length=st.integers(1, 2), data=st.data())
def test_run_copy_cell(length, data):
    valid = {"length": length, "hidden": 2, "steps": 1, "batch": 2, "n_test": 3}
    bad = {"length": st.integers(-1, 0), "hidden": st.integers(-1, 0),
           "steps": st.integers(-1, 0), "batch": st.integers(-1, 0),
           "n_test": st.integers(-1, 0) | st.integers(10**length, 10**length + 2)}
    args, broken = perturb(data, valid, bad)
    cell = call(copytask.run_copy_cell, broken=broken, **args)
    assert cell is None or 0 <= cell["symbol"] <= 1


@FEW
@given(b=POSITIVE, t=POSITIVE, chunk=POSITIVE, seed=SEEDS, carry=st.booleans(),
       data=st.data())
def test_truncated_bptt(b, t, chunk, seed, carry, data):
    torch.manual_seed(0)
    valid = {"model": StreamRegressor(2, hidden=3, outputs=1),
             "inputs": tensor(seed, (b, t, 2), torch.float32),
             "targets": tensor(seed, (b, t, 1), torch.float32), "chunk": chunk}
    bad = {"inputs": tensors(st.tuples(st.integers(0, 2), st.integers(0, 3), st.just(2)),
                             torch.float32),
           "targets": tensors(dtype=torch.float32), "chunk": st.integers(-1, 0) | NUMBERS}
    args, broken = perturb(data, valid, bad)
    run = call(truncated_bptt, broken=broken, loss_fn=torch.nn.functional.mse_loss,
               carry=carry, **args)
    if run is not None:
        assert run.outputs.shape == (b, t, 1)
        assert len(run.losses) == math.ceil(t / args["chunk"])


@FEW
@given(n=st.integers(16, 40), batch=st.integers(1, 3), eval_batch=st.integers(1, 3),
       bptt=POSITIVE, epochs=st.integers(1, 2), seed=SEEDS, data=st.data())
def test_train_wikitext(n, batch, eval_batch, bptt, epochs, seed, data):
    stream = tensor(seed, (n,), torch.int64, low=0, high=5)
    corpus = wikitext.WikiText(stream, stream, stream, wikitext.WordVocabulary(list("abcde")),
                               {})
    torch.manual_seed(0)
    valid = {"model": wikitext.TiedLSTM(5, dim=2, layers=1, dropout=0.0), "data": corpus,
             "batch": batch, "eval_batch": eval_batch, "bptt": bptt, "epochs": epochs,
             "lr": 1.0, "lr_decay": 4.0, "clip": 0.25}
    bad = {"batch": st.integers(-1, 0) | st.integers(21, 30), "eval_batch": st.integers(-1, 0),
           "bptt": st.integers(-1, 0), "epochs": st.integers(-1, 0), "lr": NUMBERS,
           "lr_decay": NUMBERS, "clip": NUMBERS}
    args, broken = perturb(data, valid, bad)
    result = call(wikitext.train_wikitext, broken=broken, **args)
    if result is not None:
        assert result["curves"]["valid_loss"]["at"] == list(range(1, args["epochs"] + 1))
        assert finite(result["selected"]["test_loss"])


@FEW
@given(n_train=POSITIVE, n_test=POSITIVE, seed=SEEDS, data=st.data())
def test_unigram_accuracy(n_train, n_test, seed, data):
    def ids(n, s):
        return tensor(s, (n,), torch.int64, low=FIRST_SYMBOL, high=FIRST_SYMBOL + 5)

    bad = {"train": tensors(low=-1, high=60), "test": tensors(low=-1, high=60)}
    args, broken = perturb(data, {"train": ids(n_train, seed), "test": ids(n_test, seed + 1)},
                           bad)
    accuracy = call(unigram_accuracy, broken=broken, **args)
    assert accuracy is None or 0 <= accuracy[0] <= 1


# -- Chapter 6: the transformer, its sampler, the budget schedule and the budget trainer ----

def tiny_transformer(vocab: int, context: int = 6) -> CharTransformer:
    torch.manual_seed(0)
    return CharTransformer(vocab, context=context, dim=4, layers=1, heads=2)


@FEW
@given(vocab=st.integers(1, 6), context=POSITIVE, t=POSITIVE, b=POSITIVE, seed=SEEDS,
       data=st.data())
def test_char_transformer(vocab, context, t, b, seed, data):
    # the constructor's hyper-parameters, then a forward pass over ids
    shape = {"vocab": vocab, "context": context + t, "dim": 4, "layers": 1, "heads": 2,
             "dropout": 0.0}
    bad_shape = {"vocab": st.integers(-1, 0) | NUMBERS, "context": st.integers(-1, 0),
                 "dim": st.integers(-1, 5), "layers": st.integers(-1, 0),
                 "heads": st.integers(-1, 3), "dropout": NUMBERS}
    args, broken = perturb(data, shape, bad_shape)
    model = call(lambda **kw: CharTransformer(kw.pop("vocab"), **kw), broken=broken, **args)
    if model is None:
        return
    bad_x = {"x": tensors(st.tuples(st.just(b), st.integers(0, model.context + 2)), DTYPES,
                          low=-1, high=vocab + 1) | tensors()}
    x_args, broken = perturb(data, {"x": tensor(seed, (b, t), torch.int64, low=0, high=vocab)},
                             bad_x)
    logits = call(lambda x: model(x), broken=broken, **x_args)
    if logits is not None:
        assert logits.shape == (*x_args["x"].shape, vocab)


@FEW
@given(vocab=st.integers(1, 6), n=POSITIVE, steps=POSITIVE, cache=st.booleans(),
       temperature=st.sampled_from([0, 0.5, 1.0, 1e-40, 1e30]), seed=SEEDS, data=st.data())
def test_transformer_generate(vocab, n, steps, cache, temperature, seed, data):
    valid = {"model": tiny_transformer(vocab, context=n + steps), "steps": steps,
             "temperature": temperature, "seed": seed, "cache": cache,
             "prompt": tensor(seed, (n,), torch.int64, low=0, high=vocab)}
    bad = {"prompt": STREAMS, "steps": st.integers(-1, 0) | NUMBERS,
           "temperature": NUMBERS,
           "model": st.integers(1, 7).map(lambda v: tiny_transformer(v, context=n + steps))}
    args, broken = perturb(data, valid, bad)
    new = call(transformer_generate, broken=broken, **args)
    if new is not None:
        assert new.shape == (args["steps"],) and int(new.min()) >= 0
        assert int(new.max()) < args["model"].vocab


@FEW
@given(step=st.integers(0, 50), spent=st.floats(0, 1), warmup=st.integers(0, 10),
       floor=st.floats(0, 0.99), data=st.data())
def test_budget_cosine(step, spent, warmup, floor, data):
    valid = {"step": step, "spent": spent, "warmup": warmup, "floor": floor}
    bad = {"step": st.integers(-3, -1) | NUMBERS, "spent": NUMBERS, "warmup": NUMBERS,
           "floor": NUMBERS}
    args, broken = perturb(data, valid, bad)
    factor = call(budget_cosine, broken=broken, **args)
    if factor is not None:
        assert 0 <= factor <= 1


@FEW
@given(vocab=st.integers(1, 6), budget=st.floats(0.5, 20), extra=st.integers(1, 10),
       seed=SEEDS, data=st.data())
def test_fit_next_token_on_a_budget(vocab, budget, extra, seed, data):
    clock = iter(range(10**6))  # a fake clock: each reading one second later
    valid = {"model": tiny_transformer(vocab, context=3), "vocab": vocab, "context": 3,
             "batch": 2, "steps": 25, "lr": 1e-2, "weight_decay": 0.1, "budget": budget,
             "marks": [budget / 2, budget], "betas": (0.9, 0.99),
             "data": tensor(seed, (3 + extra,), torch.int64, low=0, high=vocab)}
    bad = {"budget": NUMBERS, "marks": st.lists(NUMBERS, max_size=3),
           "weight_decay": NUMBERS, "betas": st.tuples(NUMBERS) | st.tuples(NUMBERS, NUMBERS)}
    args, broken = perturb(data, valid, bad)
    curve = call(fit_next_token, broken=broken, clock=lambda: float(next(clock)),
                 budget_schedule=partial(budget_cosine, warmup=2, floor=0.1)
                 if args["budget"] is not None else None, **args)
    if curve is not None:
        assert curve.train_seconds <= args["budget"] + 2 and all(finite(v) for v in curve.losses)
        assert [m.mark for m in curve.marks] == sorted(m.mark for m in curve.marks)
