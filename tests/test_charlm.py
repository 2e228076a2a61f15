"""The character LSTM: shapes, parameter count, streaming, causality, and that it learns."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook.charlm import CharLSTM
from dlbook.corpus import CharVocabulary, split_corpus
from dlbook.evaluation import fixed_window_loss
from dlbook.training import fit_next_token


def test_shapes_of_logits_and_state():
    model = CharLSTM(30, hidden=16, embed=8, layers=2)
    logits, (h, c) = model(torch.zeros(5, 7, dtype=torch.long))
    assert logits.shape == (5, 7, 30)
    assert h.shape == c.shape == (2, 5, 16)


@pytest.mark.parametrize("vocab, hidden, embed, layers", [(30, 16, 8, 1), (65, 128, 64, 1),
                                                          (10, 8, 4, 3)])
def test_parameter_count_matches_the_formula(vocab, hidden, embed, layers):
    model = CharLSTM(vocab, hidden=hidden, embed=embed, layers=layers)
    # Four gates, each with input and recurrent weights and PyTorch's two bias vectors.
    lstm = 4 * hidden * (embed + hidden) + 8 * hidden
    lstm += (layers - 1) * (4 * hidden * (2 * hidden) + 8 * hidden)
    expected = vocab * embed + lstm + hidden * vocab + vocab
    assert sum(p.numel() for p in model.parameters()) == expected


def test_streaming_in_chunks_equals_one_pass():
    torch.manual_seed(0)
    model = CharLSTM(9, hidden=12, embed=6, layers=2)
    x = torch.randint(0, 9, (3, 40), generator=torch.Generator().manual_seed(1))
    whole, _ = model(x)
    state, pieces = None, []
    for chunk in x.split([1, 15, 24], dim=1):
        logits, state = model(chunk, state)
        pieces.append(logits)
    assert torch.allclose(torch.cat(pieces, dim=1), whole, atol=1e-6)


def test_a_later_token_never_changes_an_earlier_prediction():
    torch.manual_seed(0)
    model = CharLSTM(9, hidden=12, embed=6)
    x = torch.randint(0, 9, (1, 20), generator=torch.Generator().manual_seed(3))
    y = x.clone()
    y[0, 12:] = (y[0, 12:] + 1) % 9
    assert torch.equal(model(x)[0][:, :12], model(y)[0][:, :12])
    assert not torch.allclose(model(x)[0][:, 12:], model(y)[0][:, 12:])


@pytest.mark.parametrize("kwargs", [{"hidden": 0}, {"embed": -1}, {"layers": True},
                                    {"hidden": 2.5}])
def test_bad_sizes_are_rejected(kwargs):
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        CharLSTM(10, **kwargs)


@pytest.mark.slow
def test_it_learns_a_text_with_structure():
    # A text whose next character is predictable from a few before it: the held-out loss
    # must fall from about log(vocab) to a small fraction of it.
    text = "the cat sat on the mat. the dog sat on the log. " * 60
    vocab = CharVocabulary.from_text(text)
    train, held = split_corpus(vocab.encode(text))
    torch.manual_seed(0)
    model = CharLSTM(vocab.size, hidden=32, embed=16)
    before = fixed_window_loss(model, held, vocab=vocab.size, window=50)
    assert before == pytest.approx(math.log(vocab.size), rel=0.1)
    fit_next_token(model, train, vocab=vocab.size, context=50, batch=16, steps=200, lr=1e-2)
    after = fixed_window_loss(model, held, vocab=vocab.size, window=50)
    assert after < before / 5, (before, after)


def test_loss_by_position_averages_to_the_fixed_window_loss():
    from dlbook.charlm import loss_by_position

    torch.manual_seed(0)
    model = CharLSTM(8, hidden=12, embed=6)
    sequence = torch.randint(0, 8, (6 * 20 + 1,), generator=torch.Generator().manual_seed(4))
    per_position = loss_by_position(model, sequence, vocab=8, window=20)
    assert per_position.shape == (20,)
    reference = fixed_window_loss(model, sequence, vocab=8, window=20)
    assert float(per_position.mean()) == pytest.approx(reference, rel=1e-6)
    with pytest.raises(ValueError, match="window=200"):
        loss_by_position(model, sequence, vocab=8, window=200)


@pytest.mark.parametrize("chunk", [1, 7, 1000])
def test_carried_state_loss_is_one_window_over_everything(chunk):
    from dlbook.charlm import carried_state_loss

    torch.manual_seed(0)
    model = CharLSTM(8, hidden=12, embed=6, layers=2)
    sequence = torch.randint(0, 8, (61,), generator=torch.Generator().manual_seed(5))
    # One window covering the whole stream is exactly "never reset the state".
    reference = fixed_window_loss(model, sequence, vocab=8, window=60)
    assert carried_state_loss(model, sequence, vocab=8, chunk=chunk) == pytest.approx(
        reference, rel=1e-5)
    with pytest.raises(ValueError, match="chunk"):
        carried_state_loss(model, sequence, vocab=8, chunk=0)
