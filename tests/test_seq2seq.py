"""Tests of dlbook.seq2seq: vocabulary, batching, packing, teacher forcing, the loss."""

from __future__ import annotations

import pytest
import torch
from torch.nn import functional as F

from dlbook.seq2seq import (
    DIGIT_VOCAB,
    EOS,
    FIRST_SYMBOL,
    PAD,
    SOS,
    BlindDecoder,
    GRUEncoder,
    Seq2Seq,
    add_sos_eos,
    digits_to_ids,
    fit_seq2seq,
    ids_to_digits,
    masked_cross_entropy,
    pad_batch,
    random_digit_strings,
)


def test_special_ids_and_digit_round_trip():
    assert (PAD, SOS, EOS, FIRST_SYMBOL, DIGIT_VOCAB) == (0, 1, 2, 3, 13)
    assert digits_to_ids([0, 9, 4]) == [3, 12, 7]
    assert ids_to_digits([SOS, 3, 12, 7, EOS, 5, PAD]) == [0, 9, 4]
    assert ids_to_digits(torch.tensor([4, 5])) == [1, 2]


def test_pad_batch_and_sos_eos_layout():
    batch, lengths = pad_batch([[5, 6, 7], [8]])
    assert batch.tolist() == [[5, 6, 7], [8, PAD, PAD]]
    assert lengths.tolist() == [3, 1] and batch.dtype == lengths.dtype == torch.long
    inputs, targets = add_sos_eos([[5, 6], [7]])
    assert inputs.tolist() == [[SOS, 5, 6], [SOS, 7, PAD]]
    assert targets.tolist() == [[5, 6, EOS], [7, EOS, PAD]]


def test_random_digit_strings_are_seeded_and_in_range():
    a = random_digit_strings(20, min_len=2, max_len=5, seed=3)
    assert a == random_digit_strings(20, min_len=2, max_len=5, seed=3)
    assert all(2 <= len(s) <= 5 and all(0 <= d <= 9 for d in s) for s in a)


def test_shapes_and_zero_outputs_at_pads():
    torch.manual_seed(0)
    model = Seq2Seq(DIGIT_VOCAB, embed=16, hidden=32)
    src, lengths = pad_batch([[3, 4, 5, 6], [7, 8]])
    outputs, final = model.encoder(src, lengths)
    assert outputs.shape == (2, 4, 32) and final.shape == (1, 2, 32)
    assert torch.all(outputs[1, 2:] == 0)
    # The final state of each sequence is its output at its own last real step.
    assert torch.allclose(final[0, 1], outputs[1, 1]) and torch.allclose(final[0, 0], outputs[0, 3])
    dec_in, _ = add_sos_eos([[3, 4], [5, 6, 7]])
    assert model(src, lengths, dec_in).shape == (2, 4, DIGIT_VOCAB)


def test_packing_ignores_pad_content():
    torch.manual_seed(0)
    encoder = GRUEncoder(DIGIT_VOCAB)
    src, lengths = pad_batch([[3, 4, 5, 6, 7], [8, 9], [10, 11, 12]])
    poisoned = src.clone()
    poisoned[1, 2:] = 12
    poisoned[2, 3:] = 5
    _, clean = encoder(src, lengths)
    _, dirty = encoder(poisoned, lengths)
    assert torch.equal(clean, dirty)


def test_step_by_step_equals_teacher_forcing():
    torch.manual_seed(1)
    model = Seq2Seq(DIGIT_VOCAB)
    src, lengths = pad_batch([[3, 4, 5], [6, 7]])
    dec_in, _ = add_sos_eos([[8, 9], [10, 11]])
    full = model(src, lengths, dec_in)
    state = model.start(src, lengths)
    for t in range(dec_in.shape[1]):
        logits, state = model.step(dec_in[:, t], state)
        torch.testing.assert_close(logits, full[:, t])


def test_blind_decoder_ignores_the_source():
    torch.manual_seed(2)
    model = Seq2Seq(DIGIT_VOCAB)
    dec_in, _ = add_sos_eos([[8, 9]])
    a = model(*pad_batch([[3, 4, 5]]), dec_in, blind=True)
    b = model(*pad_batch([[12]]), dec_in, blind=True)
    assert torch.equal(a, b)
    assert not torch.allclose(model(*pad_batch([[3, 4, 5]]), dec_in), a)
    blind = BlindDecoder(model)
    src, lengths = pad_batch([[3, 4, 5]])
    logits, _ = blind.step(torch.tensor([SOS]), blind.start(src, lengths))
    torch.testing.assert_close(logits, a[:, 0])


def test_masked_cross_entropy_ignores_pads():
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(2, 3, 5, generator=g)
    targets = torch.tensor([[1, 2, PAD], [3, PAD, PAD]])
    keep = targets != PAD
    expected = F.cross_entropy(logits[keep], targets[keep])
    torch.testing.assert_close(masked_cross_entropy(logits, targets), expected)


@pytest.mark.slow
def test_overfits_a_batch_of_reversals():
    torch.manual_seed(0)
    sources = [digits_to_ids(s) for s in random_digit_strings(8, min_len=3, max_len=6, seed=0)]
    targets = [s[::-1] for s in sources]
    model = Seq2Seq(DIGIT_VOCAB)
    losses = fit_seq2seq(model, sources, targets, steps=60, lr=1e-2)
    assert losses[-1] < losses[0] / 10


def test_errors_name_the_problem():
    with pytest.raises(ValueError, match="digits"):
        digits_to_ids([10])
    with pytest.raises(ValueError, match="empty"):
        pad_batch([[3], []])
    with pytest.raises(ValueError, match="non-empty"):
        pad_batch([])
    model = Seq2Seq(DIGIT_VOCAB)
    src, _ = pad_batch([[3, 4], [5]])
    with pytest.raises(ValueError, match="lengths"):
        model.encoder(src, torch.tensor([3, 1]))
    with pytest.raises(ValueError, match="lengths"):
        model.encoder(src, torch.tensor([2]))
    with pytest.raises(ValueError, match="vocab"):
        Seq2Seq(0)
    with pytest.raises(ValueError, match="targets"):
        masked_cross_entropy(torch.zeros(2, 3, 5), torch.zeros(2, 4, dtype=torch.long))
    with pytest.raises(TypeError, match="Seq2Seq"):
        BlindDecoder(GRUEncoder(DIGIT_VOCAB))
    with pytest.raises(ValueError, match="min_len"):
        random_digit_strings(3, min_len=5, max_len=2)
    with pytest.raises(ValueError, match="equally long"):
        fit_seq2seq(model, [[3]], [], steps=1, lr=1e-3)
