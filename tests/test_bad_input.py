"""Bad input gets a clear error that names the argument (issue 13, items 2, 5, 6 and 8).

One test per finding of the issue: each of these calls used to train in the wrong direction,
hang, return a plausible wrong number, or fail deep inside PyTorch.
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

from contract import hard_limit
from dlbook import blind, copytask, corpus, recall, recurrence, seq2seq, wikitext
from dlbook.charlm import CharLSTM
from dlbook.ctc import ctc_nll
from dlbook.decoding import greedy_decode
from dlbook.device import pick_device
from dlbook.evaluation import fixed_window_loss
from dlbook.probes import gradient_vs_lag
from dlbook.training import fit_next_token
from dlbook.truncation import truncated_bptt

torch.set_num_threads(1)


def lm(vocab=5):
    torch.manual_seed(0)
    return CharLSTM(vocab, hidden=4, embed=3)


DATA = torch.arange(40) % 5
TRAIN = dict(vocab=5, context=4, batch=2, steps=2)


# -- item 2: hyper-parameters that would train in the wrong direction, or not at all -------

@pytest.mark.parametrize("name, value", [("clip", -1.0), ("clip", 0.0), ("lr", 0.0),
                                         ("lr", -1e-3), ("lr", float("nan")), ("clip", True)])
def test_fit_next_token_refuses_a_bad_lr_or_clip(name, value):
    hyper = {"lr": 1e-2, "clip": 1.0, name: value}
    with pytest.raises(ValueError, match=f"{name} must be a finite number > 0"):
        fit_next_token(lm(), DATA, **TRAIN, **hyper)


@pytest.mark.parametrize("name, value", [("clip", -1.0), ("clip", 0.0), ("lr", 0.0)])
def test_the_other_trainers_refuse_a_bad_lr_or_clip(name, value):
    hyper = {"lr": 1e-2, "clip": 1.0, name: value}
    model = seq2seq.Seq2Seq(seq2seq.DIGIT_VOCAB, embed=4, hidden=4)
    pairs = [seq2seq.digits_to_ids([1, 2])]
    with pytest.raises(ValueError, match=name):
        seq2seq.fit_seq2seq(model, pairs, pairs, steps=1, **hyper)
    with pytest.raises(ValueError, match=name):
        copytask.train_on_strings(model, task="copy", length=2, steps=1, batch=2, **hyper)
    with pytest.raises(ValueError, match=name):
        recall.train_recall(recall.RecallClassifier("rnn", hidden=4), torch.zeros(4, 3).long(),
                            torch.zeros(4).long(), epochs=1, **hyper)
    stream = torch.arange(200) % 7
    data = wikitext.WikiText(stream, stream, stream, wikitext.WordVocabulary(list("abcdefg")), {})
    model = wikitext.TiedLSTM(7, dim=4, layers=1, dropout=0.0)
    with pytest.raises(ValueError, match=name):
        wikitext.train_wikitext(model, data, batch=2, eval_batch=2, bptt=5, epochs=1,
                                lr_decay=4.0, **hyper)


def test_wikitext_refuses_a_learning_rate_that_would_grow_and_dropout_of_one():
    stream = torch.arange(200) % 7
    data = wikitext.WikiText(stream, stream, stream, wikitext.WordVocabulary(list("abcdefg")), {})
    model = wikitext.TiedLSTM(7, dim=4, layers=1, dropout=0.0)
    with pytest.raises(ValueError, match="lr_decay must be >= 1"):
        wikitext.train_wikitext(model, data, batch=2, eval_batch=2, bptt=5, epochs=1, lr=1.0,
                                lr_decay=0.5, clip=1.0)
    with pytest.raises(ValueError, match="dropout"):
        wikitext.TiedLSTM(7, dim=4, layers=1, dropout=1.0)


# -- item 5: a hang ------------------------------------------------------------------------

def test_run_copy_cell_refuses_a_test_set_that_leaves_nothing_to_train_on():
    with hard_limit(20), pytest.raises(ValueError, match=r"n_test must lie in \[1, 10\)"):
        copytask.run_copy_cell(length=1, hidden=4, steps=1, batch=2, n_test=10)
    every = torch.arange(10).unsqueeze(1) + seq2seq.FIRST_SYMBOL
    model = copytask.build_copy_model(hidden=4, attention=False)
    with hard_limit(20), pytest.raises(ValueError, match="exclude holds all 10 strings"):
        copytask.train_on_strings(model, task="copy", length=1, steps=1, batch=2, lr=1e-2,
                                  exclude=every)


# -- item 6: silent wrong answers ----------------------------------------------------------

def test_gradient_vs_lag_refuses_a_sequence_first_rnn_and_zero_samples():
    with pytest.raises(ValueError, match="batch_first=True"):
        gradient_vs_lag(nn.RNN(3, 4), lags=[5])
    with pytest.raises(ValueError, match="samples must be a positive int, got 0"):
        gradient_vs_lag(nn.RNN(3, 4, batch_first=True), lags=[5], samples=0)


def test_the_memory_test_refuses_an_empty_test_set():
    with pytest.raises(ValueError, match="n_test must be a positive int, got 0"):
        recall.run_memory_test("LSTM", 0, epochs=1, n_train=8, n_test=0, length=3, hidden=4)


def test_pad_sequences_refuses_anything_but_a_list_of_matching_2d_tensors():
    with pytest.raises(TypeError, match="sequences must be a list"):
        recurrence.pad_sequences(torch.randn(5, 3))
    with pytest.raises(ValueError, match=r"sequences\[0\] must be a \(T, D\) tensor"):
        recurrence.pad_sequences([torch.randn(4)])
    with pytest.raises(ValueError, match=r"sequences\[1\]"):
        recurrence.pad_sequences([torch.randn(4, 3), torch.randn(2, 2)])
    with pytest.raises(ValueError, match=r"sequences\[1\]"):
        recurrence.pad_sequences([torch.randn(4, 3), torch.randn(2, 3).double()])


def test_raw_ids_are_not_read_as_pad_sos_or_eos():
    model = seq2seq.Seq2Seq(seq2seq.DIGIT_VOCAB, embed=4, hidden=4)
    with pytest.raises(ValueError, match=r"sources must hold symbol ids in \[3, 13\).*PAD"):
        seq2seq.fit_seq2seq(model, [[0, 1, 2]], [[5]], steps=1, lr=1e-2)
    text = torch.arange(100) % 20  # ids of characters, but not shifted past PAD/SOS/EOS
    with pytest.raises(ValueError, match=r"train holds ids in \[0, 19\].*reserved"):
        blind.run_blind_cell(train=text, test=text, blind=False, length=4, hidden=4, steps=1)


def test_negative_window_starts_are_refused():
    starts = torch.tensor([[-3, 0], [1, 2]])
    with pytest.raises(ValueError, match="starts must be a .* integer schedule"):
        fit_next_token(lm(), DATA, **TRAIN, lr=1e-2, starts=starts)


def test_lengths_past_the_padded_width_and_float_corpora_are_refused():
    with pytest.raises(ValueError, match=r"lengths must lie in \[0, steps=3\]"):
        recurrence.length_mask(torch.tensor([2, 5]), 3)
    with pytest.raises(ValueError, match=r"lengths must lie in \[1, outputs.shape\[1\]=3\]"):
        recurrence.last_valid(torch.randn(2, 3, 4), torch.tensor([0, 2]))
    with pytest.raises(ValueError, match="ids must be a 1-D integer tensor"):
        corpus.split_corpus(torch.randn(100))


# -- item 8: errors from deep inside PyTorch ------------------------------------------------

def test_ids_past_the_vocabulary_are_named_before_they_reach_an_embedding():
    with pytest.raises(ValueError, match=r"x holds ids in \[0, 7\].*\[0, 5\)"):
        lm()(torch.tensor([[0, 7]]))
    model = seq2seq.Seq2Seq(seq2seq.DIGIT_VOCAB, embed=4, hidden=4)
    src, lengths = torch.tensor([[3, 20]]), torch.tensor([2])
    with pytest.raises(ValueError, match=r"src holds ids in \[3, 20\]"):
        model(src, lengths, torch.tensor([[1]]))
    with pytest.raises(ValueError, match=r"src holds ids"):
        greedy_decode(model, src, lengths, max_len=3)
    with pytest.raises(ValueError, match=r"targets must hold symbol ids in \[3, 13\)"):
        seq2seq.fit_seq2seq(model, [[3]], [[20]], steps=1, lr=1e-2)


def test_zero_steps_and_empty_inputs_are_refused_by_name():
    w = torch.zeros(2, 2)
    with pytest.raises(ValueError, match="inputs must have shape"):
        recurrence.rnn_loop(torch.zeros(1, 0, 2), weight_ih=w, weight_hh=w, bias=torch.zeros(2))
    rnn = nn.RNN(2, 2, batch_first=True)
    with pytest.raises(ValueError, match="inputs must have shape"):
        truncated_bptt(rnn, torch.zeros(1, 0, 2), torch.zeros(1, 0, 2), chunk=2,
                       loss_fn=nn.functional.mse_loss)
    with pytest.raises(ValueError, match="at least one frame"):
        ctc_nll(torch.zeros(0, 3), [1])
    empty = torch.zeros(0, dtype=torch.long)
    with pytest.raises(ValueError, match="train is empty"):
        blind.unigram_accuracy(empty, blind.encode("ab"))
    with pytest.raises(ValueError, match="tokens must be a non-empty"):
        recall.train_recall(recall.RecallClassifier("rnn", hidden=4), torch.zeros(0, 3).long(),
                            torch.zeros(0).long(), epochs=1)


def test_devices_and_parameterless_models_are_refused_by_name():
    with pytest.raises(TypeError, match="preference must be a str"):
        pick_device(0)

    class Counting(nn.Module):
        def forward(self, x):
            return nn.functional.one_hot(x, 5).float()

    with pytest.raises(ValueError, match=r"model \(Counting\) has no parameters"):
        fixed_window_loss(Counting(), DATA, vocab=5, window=4)


def test_a_corrupted_snapshot_names_the_file_and_the_restore_command(tmp_path):
    broken = tmp_path / corpus.SNAPSHOT_NAME
    broken.write_bytes(corpus.snapshot_path().read_bytes()[:100] + b"\xff\xfe")
    with pytest.raises(ValueError, match=f"{broken}.*not UTF-8.*git checkout -- data/corpus"):
        corpus.load_snapshot(broken)


def test_the_cells_leave_the_callers_random_state_alone():
    torch.manual_seed(123)
    expected = torch.rand(3)
    torch.manual_seed(123)
    copytask.run_copy_cell(length=2, hidden=4, steps=2, batch=4, n_test=5)
    ids = blind.encode("the cat sat on the mat " * 8)
    blind.run_blind_cell(train=ids, test=ids, blind=True, length=4, hidden=4, embed=4, steps=2,
                         batch=4)
    assert torch.equal(torch.rand(3), expected)


# -- issue 34: the listings' remaining silent answers ---------------------------------------

def test_a_bool_schedule_of_window_starts_is_refused():
    starts = torch.zeros(2, 2, dtype=torch.bool)  # used to train on windows 0 and 1
    with pytest.raises(ValueError, match="starts must be a .* integer schedule"):
        fit_next_token(lm(), DATA, **TRAIN, lr=1e-2, starts=starts)


class _SequenceFirst(nn.Module):
    """Logits (T, B, V) for inputs (B, T): refused by check_logits inside the loop."""

    def __init__(self) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(1))

    def forward(self, x, state=None):
        return torch.zeros(x.shape[1], x.shape[0], 5) + self.weight


@pytest.mark.parametrize("training", [True, False])
def test_a_refused_evaluation_gives_the_model_back_in_its_mode(training):
    from dlbook.charlm import carried_state_loss, loss_by_position

    model = _SequenceFirst().train(training)
    with pytest.raises(ValueError, match="sequence-first"):
        fixed_window_loss(model, DATA, vocab=5, window=4)
    assert model.training is training  # used to be left in eval mode
    with pytest.raises(ValueError, match="sequence-first"):
        loss_by_position(model, DATA, vocab=5, window=4)
    assert model.training is training
    with pytest.raises(TypeError, match=r"\(logits, state\)"):
        carried_state_loss(model, DATA, vocab=5)
    assert model.training is training


def test_block_means_refuses_a_loss_that_is_no_number():
    from dlbook.training import block_means

    for bad in (float("nan"), float("inf"), True, "1.0"):
        with pytest.raises(ValueError, match="losses must hold finite numbers"):
            block_means([1.0, bad, 2.0], 2)  # NaN used to come out as a block's mean
    assert block_means([1.0, 2.0, 4.0], 2) == ([2, 3], [1.5, 4.0])


def test_an_encoder_decoder_needs_a_vocabulary_with_a_symbol():
    from dlbook.attention import AttentionSeq2Seq

    for vocab in (2, 3):  # PAD, SOS, EOS and no symbol at all
        with pytest.raises(ValueError, match=r"vocab must be an int >= 4 \(ids 0-2 are PAD"):
            seq2seq.Seq2Seq(vocab)
        with pytest.raises(ValueError, match=r"vocab must be an int >= 4"):
            AttentionSeq2Seq(vocab, embed=2, hidden=2)
    assert seq2seq.Seq2Seq(4).vocab == 4


def test_the_memory_test_needs_two_tokens_to_recall():
    with pytest.raises(ValueError, match="vocab must be an int >= 2.*nothing to recall"):
        recall.make_recall_data(3, vocab=1, seed=0)  # every label 0: recalled by chance
    tokens, labels = recall.make_recall_data(3, length=4, vocab=2, seed=0)
    assert tokens.shape == (3, 4) and torch.equal(labels, tokens[:, 0])


@pytest.mark.parametrize("name", ["vocab", "context", "dim", "layers"])
def test_the_transformer_parameter_count_refuses_a_zero_size(name):
    from dlbook.transformer import parameter_count

    sizes = {"vocab": 5, "context": 8, "dim": 4, "layers": 1, name: 0}
    with pytest.raises(ValueError, match=f"{name} must be a positive int, got 0"):
        parameter_count(**sizes)  # context=0 used to count a model with no positions


@pytest.mark.parametrize("training", [True, False])
def test_a_refused_generation_gives_the_model_back_in_its_mode(training):
    from dlbook.sampling import generate
    from dlbook.transformer import CharTransformer
    from dlbook.transformer import generate as generate_transformer

    class SequenceFirstWithState(_SequenceFirst):
        vocab = 5

        def forward(self, x, state=None):
            return super().forward(x), state

    model = SequenceFirstWithState().train(training)
    with pytest.raises(ValueError, match="sequence-first"):
        generate(model, torch.tensor([1, 2]), steps=2, temperature=1.0)
    assert model.training is training  # used to be left in eval mode

    transformer = CharTransformer(vocab=5, context=8, dim=8, heads=2, layers=1).train(training)
    with torch.no_grad():
        for weight in transformer.parameters():
            weight.fill_(float("nan"))  # NaN logits: refused inside the loop
    with pytest.raises(ValueError):
        generate_transformer(transformer, torch.tensor([1, 2]), steps=2, temperature=1.0)
    assert transformer.training is training
