"""The counting baselines of Chapter 6: n-gram losses checked by hand and against a plain
dictionary count, and the inputs they refuse."""

from __future__ import annotations

import math
from collections import Counter

import pytest
import torch

from dlbook.baselines import ngram_loss


def test_a_unigram_model_by_hand():
    # counts 2 and 1, plus one each: p(0) = 3/5, p(1) = 2/5
    loss = ngram_loss(torch.tensor([0, 0, 1]), torch.tensor([0, 1]), vocab=2, order=1)
    assert loss == pytest.approx(-(math.log(3 / 5) + math.log(2 / 5)) / 2)


def test_a_bigram_model_by_hand():
    # train pairs 01, 10, 01: after 0, 1 three times in four (with the added ones); after 1,
    # 1 once in three. Valid pairs 01 and 11.
    loss = ngram_loss(torch.tensor([0, 1, 0, 1]), torch.tensor([0, 1, 1]), vocab=2, order=2)
    assert loss == pytest.approx(-(math.log(3 / 4) + math.log(1 / 3)) / 2)


@pytest.mark.parametrize("order", [1, 2, 3])
def test_the_counts_agree_with_a_dictionary_count(order):
    generator = torch.Generator().manual_seed(order)
    vocab, alpha = 5, 0.5
    train, valid = (torch.randint(0, vocab, (n,), generator=generator) for n in (400, 60))
    counts = Counter(tuple(train[i : i + order].tolist()) for i in range(len(train) - order + 1))
    totals = Counter()
    for gram, n in counts.items():
        totals[gram[:-1]] += n
    expected = -sum(math.log((counts[g] + alpha) / (totals[g[:-1]] + vocab * alpha))
                    for g in (tuple(valid[i : i + order].tolist())
                              for i in range(len(valid) - order + 1))) / (len(valid) - order + 1)
    assert ngram_loss(train, valid, vocab=vocab, order=order, alpha=alpha) == pytest.approx(
        expected, rel=1e-12)


def test_more_context_never_hurts_on_text_that_follows_a_rule():
    # each character is the one before it plus one: a bigram model knows it, a unigram can't
    train, valid = torch.arange(300) % 7, torch.arange(50) % 7
    unigram, bigram = (ngram_loss(train, valid, vocab=7, order=o, alpha=0.01) for o in (1, 2))
    assert unigram == pytest.approx(math.log(7), abs=0.01) and bigram < 0.01


@pytest.mark.parametrize("kwargs, message", [
    ({"alpha": 0}, "alpha must be a number > 0"),
    ({"alpha": True}, "alpha must be a number > 0"),
    ({"order": 5}, "needs at least 5 characters"),
    ({"order": 0}, "order"),
])
def test_bad_settings_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ngram_loss(torch.tensor([0, 1, 2, 1]), torch.tensor([1, 2, 0]), vocab=3,
                   **{"order": 2, **kwargs})
