"""Clearer errors, and numpy integers where an int is meant (issue 22: "Clearer errors" and
item 13).

Each call here used to fail deep inside PyTorch (``manual_seed expected a long``, ``Tensor.item()
cannot be called on meta tensors``, ``Sizes of tensors must match``, ``not enough values to
unpack``, a oneDNN primitive) or refuse a numpy integer. The message must now name the
argument, the value and the fix.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from dlbook import device, ssm
from dlbook.charlm import CharLSTM
from dlbook.evaluation import fixed_window_loss
from dlbook.sampling import generate
from dlbook.training import fit_next_token, window_starts
from dlbook.transformer import CharTransformer, KVCache
from dlbook.transformer import generate as transformer_generate

torch.set_num_threads(1)
DATA = torch.arange(40) % 5
TRAIN = dict(vocab=5, context=4, batch=2, steps=1, lr=1e-2)


def lstm() -> CharLSTM:
    torch.manual_seed(0)
    return CharLSTM(5, hidden=4, embed=3)


def transformer(context: int = 8) -> CharTransformer:
    torch.manual_seed(0)
    return CharTransformer(5, context=context, dim=4, layers=1, heads=2)


@pytest.mark.parametrize("call", [
    lambda: device.make_generator(True),
    lambda: device.seed_everything(False),
    lambda: fit_next_token(lstm(), DATA, **TRAIN, seed=True),
    lambda: generate(lstm(), torch.tensor([1]), steps=1, temperature=1.0, seed=True),
])
def test_a_bool_is_not_a_seed(call):
    with pytest.raises(ValueError, match=r"seed must be a non-negative int.*got "
                                         r"(True|False).*bool"):
        call()


def test_a_seed_past_what_a_generator_takes_is_named():
    with pytest.raises(ValueError, match=r"seed must be a non-negative int.*2\*\*64"):
        device.make_generator(2**64)


def test_a_model_on_the_meta_device_is_named():
    with torch.device("meta"):
        model = CharLSTM(5, hidden=4, embed=3)
    for call in (lambda: fit_next_token(model, DATA, **TRAIN),
                 lambda: fixed_window_loss(model, DATA, vocab=5, window=4)):
        with pytest.raises(ValueError, match=r"model \(CharLSTM\).*meta device.*to_empty"):
            call()


def test_a_kv_cache_filled_for_another_batch_is_named():
    model, cache = transformer(), KVCache(1)
    model(torch.zeros(2, 3, dtype=torch.long), cache)
    with pytest.raises(ValueError, match=r"cache holds 2 sequences but x has 1 row.*KVCache"):
        model(torch.zeros(1, 1, dtype=torch.long), cache)


def test_the_recurrent_sampler_handed_a_transformer_says_which_sampler_to_use():
    with pytest.raises(TypeError, match=r"model.*\(logits, state\).*dlbook\.transformer\."
                                        r"generate"):
        generate(transformer(), torch.tensor([1, 2]), steps=2, temperature=1.0)
    with pytest.raises(TypeError, match=r"model must be a CharTransformer.*"
                                        r"dlbook\.sampling\.generate"):
        transformer_generate(lstm(), torch.tensor([1, 2]), steps=2, temperature=1.0)


def test_state_space_shapes_and_dtypes_are_named():
    abar, bbar = ssm.zoh_discretise(torch.tensor([-1.0, -2.0]), torch.tensor([1.0, 1.0]),
                                    step=0.1)
    with pytest.raises(ValueError, match=r"abar, bbar and c must have the same length N.*2, 2 "
                                         r"and 3"):
        ssm.ssm_kernel(abar, bbar, torch.tensor([1.0, 2.0, 3.0]), length=4)
    with pytest.raises(ValueError, match=r"kernel must be 1-D and hold at least one tap"):
        ssm.causal_convolution(torch.randn(2, 5), torch.zeros(0))
    with pytest.raises(TypeError, match=r"u must be floating point.*torch.int64.*u\.float\(\)"):
        ssm.selective_ssm(torch.ones(2, 3, dtype=torch.long), torch.tensor([-1.0]),
                          torch.tensor([1.0]), torch.tensor([1.0]), step_weight=1.0,
                          step_bias=0.0)
    with pytest.raises(TypeError, match=r"u must be floating point"):
        ssm.ssm_recurrence(abar, bbar, torch.ones(2), torch.ones(2, 3, dtype=torch.long))


# -- item 13: numpy integers are ints -----------------------------------------------------

def test_numpy_integers_are_accepted_as_counts_and_seeds():
    n = np.arange(10)  # n[k] is a numpy int64 k, as a loop over a numpy array hands out
    assert torch.equal(torch.rand(2, generator=device.make_generator(n[3])),
                       torch.rand(2, generator=device.make_generator(3)))
    assert torch.equal(window_starts(40, context=n[4], batch=n[2], steps=n[3], seed=n[1]),
                       window_starts(40, context=4, batch=2, steps=3, seed=1))
    numpy_curve = fit_next_token(lstm(), DATA, vocab=n[5], context=n[4], batch=n[2],
                                 steps=n[2], lr=1e-2, log_every=n[1], seed=n[1])
    plain_curve = fit_next_token(lstm(), DATA, vocab=5, context=4, batch=2, steps=2, lr=1e-2,
                                 log_every=1, seed=1)
    assert numpy_curve.losses == plain_curve.losses
    assert fixed_window_loss(lstm(), DATA, vocab=n[5], window=n[4], batch=n[3]) == (
        fixed_window_loss(lstm(), DATA, vocab=5, window=4, batch=3))
    assert torch.equal(generate(lstm(), torch.tensor([1]), steps=n[3], temperature=1.0,
                                seed=n[2]),
                       generate(lstm(), torch.tensor([1]), steps=3, temperature=1.0, seed=2))
    torch.manual_seed(0)
    model = CharTransformer(n[5], context=n[8], dim=n[4], layers=n[1], heads=n[2])
    assert transformer_generate(model, torch.tensor([1]), steps=n[3], temperature=0).shape == (3,)
    torch.manual_seed(0)
    assert CharLSTM(n[5], hidden=n[4], embed=n[3]).head.out_features == 5
    assert ssm.ssm_kernel(torch.tensor([0.5]), torch.tensor([1.0]), 1.0, length=n[3]).shape == (3,)


def test_a_bool_is_still_not_a_count():
    with pytest.raises(ValueError, match="steps must be a positive int, got True"):
        fit_next_token(lstm(), DATA, vocab=5, context=4, batch=2, steps=True, lr=1e-2)
    with pytest.raises(ValueError, match="steps must be a positive int, got np.True_|steps"):
        fit_next_token(lstm(), DATA, vocab=5, context=4, batch=2, steps=np.bool_(True), lr=1e-2)


def test_the_trainer_helpers_name_their_arguments():
    # found by the property suite: torch's "Invalid learning rate" and range()'s "arg 3 must
    # not be zero" named neither lr nor block
    from dlbook.training import block_means, make_optimizer

    with pytest.raises(ValueError, match="lr must be a finite number > 0, got -1"):
        make_optimizer(lstm(), lr=-1.0)
    with pytest.raises(ValueError, match="block must be a positive int, got 0"):
        block_means([1.0, 2.0], 0)


def test_a_leader_of_one_kind_names_the_argument():
    from dlbook.studies.budget_results import leader

    with pytest.raises(ValueError, match="at_mark must hold at least two kinds"):
        leader({"lstm": {0: 1.0, 1: 1.1}}, paired=False)
    with pytest.raises(ValueError, match="at_mark must hold at least 2 seeds of each kind"):
        leader({"lstm": {0: 1.0}, "gru": {0: 1.1}}, paired=True)


def test_numpy_integers_are_ints_in_the_other_listings_too():
    from torch import nn

    from dlbook import cells, copytask, ctc, probes, recurrence, scan, seq2seq

    n = np.arange(10)
    masks = cells.dropout_masks(n[2], n[3], n[4], p=0.5, locked=True,
                                generator=torch.Generator().manual_seed(0))
    assert masks.shape == (2, 3, 4)
    assert cells.parameter_count("gru", input_size=n[2], hidden_size=n[3]) == 3 * 3 * 7
    assert recurrence.length_mask(torch.tensor([1, 3]), n[3]).sum() == 4
    assert scan.scan_steps(n[5]) == 3
    assert seq2seq.digits_to_ids(list(n[:3])) == seq2seq.digits_to_ids([0, 1, 2])
    log_probs = ctc.uniform_frames(frames=3, classes=3)
    assert ctc.ctc_nll(log_probs, list(n[1:3]), blank=n[0]) == ctc.ctc_nll(log_probs, [1, 2])
    torch.manual_seed(0)
    assert list(probes.gradient_vs_lag(nn.RNN(2, 3, batch_first=True), lags=list(n[1:3]),
                                       samples=n[2])) == [1, 2]
    cell = copytask.run_copy_cell(length=1, hidden=2, steps=1, batch=2, n_test=n[3])
    assert 0 <= cell["symbol"] <= 1


# -- issue 34: obscure errors from the listings ---------------------------------------------

@pytest.mark.parametrize("vocab, order, size", [(65, 7, r"4\.9e\+12 cells \(39 TB"),
                                                (65, 30, r"2\.4e\+54 cells"),
                                                (65, 10**6, r"10\^1812913 cells")])
def test_an_ngram_table_that_cannot_fit_is_refused_with_its_size(vocab, order, size):
    from dlbook.baselines import ngram_loss

    data = torch.arange(100) % 5
    # order 7 used to try to allocate 39 TB, order 30 to overflow
    with pytest.raises(ValueError, match=rf"order={order} over vocab={vocab} needs a count "
                                         rf"table of {vocab} \*\* {order} = {size}.*use order "
                                         rf"<= 4"):
        ngram_loss(data, data, vocab=vocab, order=order)
    assert ngram_loss(data, data, vocab=65, order=4) < math.log(65)


def test_decode_takes_numpy_integer_arrays_and_names_a_wrong_type():
    from dlbook.corpus import CharVocabulary

    vocab = CharVocabulary("abc")
    # a numpy array of ids used to be "out of range"
    assert vocab.decode(np.array([0, 2, 1])) == vocab.decode([np.int64(0), 2, 1]) == "acb"
    with pytest.raises(TypeError, match=r"ids must be integer ids, got 0\.0 \(float\)"):
        vocab.decode(np.array([0.0, 1.0]))
    with pytest.raises(TypeError, match=r"ids must be integer ids, got True \(bool\)"):
        vocab.decode([True])
    with pytest.raises(TypeError, match=r"ids must be integer ids, got 'a' \(str\).*encode"):
        vocab.decode("ab")
    with pytest.raises(ValueError, match=r"ids \[3\] are outside \[0, 3\)"):
        vocab.decode(np.array([3]))
    with pytest.raises(ValueError, match="ids must be 1-D"):
        vocab.decode(np.array([[0, 1]]))


def test_training_blind_needs_a_model_with_a_blind_mode():
    from dlbook.attention import AttentionSeq2Seq
    from dlbook.seq2seq import Seq2Seq, fit_seq2seq

    torch.manual_seed(0)
    model = AttentionSeq2Seq(13, embed=2, hidden=3)
    before = [p.detach().clone() for p in model.parameters()]
    # used to fail inside the first step: "unexpected keyword argument 'blind'"
    with pytest.raises(ValueError, match=r"blind=True needs a model with a blind mode.*"
                                         r"AttentionSeq2Seq has none"):
        fit_seq2seq(model, [[3, 4]], [[4]], steps=1, lr=1e-2, blind=True)
    assert all(torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True))
    with pytest.raises(TypeError, match="blind must be True or False, got 1"):
        fit_seq2seq(Seq2Seq(13, embed=2, hidden=3), [[3]], [[4]], steps=1, lr=1e-2, blind=1)
    assert len(fit_seq2seq(Seq2Seq(13, embed=2, hidden=3), [[3]], [[4]], steps=1, lr=1e-2,
                           blind=True)) == 1


def test_a_state_space_input_without_time_steps_is_named():
    abar, bbar = torch.tensor([0.5]), torch.tensor([1.0])
    # ssm_recurrence used to say "stack expects a non-empty TensorList"
    with pytest.raises(ValueError, match=r"u has no time steps \(shape \(2, 0\)\)"):
        ssm.ssm_recurrence(abar, bbar, 1.0, torch.zeros(2, 0))
    with pytest.raises(ValueError, match=r"u has no time steps"):
        ssm.causal_convolution(torch.zeros(2, 0), ssm.ssm_kernel(abar, bbar, 1.0, length=3))
    with pytest.raises(ValueError, match=r"u has no time steps"):
        ssm.selective_ssm(torch.zeros(2, 0), -abar, bbar, torch.ones(1), step_weight=1.0,
                          step_bias=0.0)
