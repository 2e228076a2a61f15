"""CTC decoding: best-path (greedy) and prefix beam search, against brute-force enumeration."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook.ctc import (
    collapse,
    ctc_greedy_decode,
    ctc_nll,
    ctc_prefix_beam_search,
    labelling_probabilities_by_enumeration,
)


def random_frames(seed: int, frames: int, classes: int) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    return torch.randn(frames, classes, generator=g, dtype=torch.float64).mul(2).log_softmax(-1)


def test_greedy_is_the_collapse_of_the_most_probable_path():
    log_probs = random_frames(0, 6, 4)
    best_path = max(
        ((p, sum(log_probs[t, s].item() for t, s in enumerate(p)))
         for p in __import__("itertools").product(range(4), repeat=6)),
        key=lambda item: item[1])[0]
    assert ctc_greedy_decode(log_probs) == collapse(best_path)


def test_best_path_can_miss_the_best_labelling():
    # Two frames, blank 0.6, a 0.4: the best path is "--" (0.36), but "a" has three paths
    # (a-, -a, aa) worth 0.24 + 0.24 + 0.16 = 0.64.
    log_probs = torch.tensor([[0.6, 0.4], [0.6, 0.4]], dtype=torch.float64).log()
    assert ctc_greedy_decode(log_probs) == []
    (best, score), *_ = ctc_prefix_beam_search(log_probs, beam=4)
    assert best == [1] and score == pytest.approx(math.log(0.64), abs=1e-12)


@pytest.mark.parametrize("seed", range(8))
def test_unpruned_prefix_beam_gives_every_labelling_probability(seed):
    frames, classes = 5, 3  # 3 ** 5 = 243 paths
    log_probs = random_frames(seed, frames, classes)
    exact = labelling_probabilities_by_enumeration(log_probs.exp())
    found = ctc_prefix_beam_search(log_probs, beam=10_000)
    assert {tuple(labels) for labels, _ in found} == set(exact)
    for labels, score in found:
        assert math.exp(score) == pytest.approx(exact[tuple(labels)], abs=1e-12)
        assert -score == pytest.approx(ctc_nll(log_probs, labels).item(), abs=1e-9)
    assert tuple(found[0][0]) == max(exact, key=exact.get)
    assert sum(math.exp(s) for _, s in found) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_a_small_beam_finds_the_brute_force_best_on_tiny_alphabets(seed):
    log_probs = random_frames(100 + seed, 6, 3)
    exact = labelling_probabilities_by_enumeration(log_probs.exp())
    labels, score = ctc_prefix_beam_search(log_probs, beam=8)[0]
    # A pruned beam's score is a lower bound on the labelling's probability ...
    assert math.exp(score) <= exact[tuple(labels)] + 1e-12
    # ... and on these tiny inputs the beam keeps the best labelling alive.
    assert tuple(labels) == max(exact, key=exact.get)


def test_results_are_sorted_and_at_most_beam_long():
    found = ctc_prefix_beam_search(random_frames(3, 8, 4), beam=3)
    assert len(found) == 3
    scores = [s for _, s in found]
    assert scores == sorted(scores, reverse=True)


def test_blank_need_not_be_class_zero():
    log_probs = random_frames(4, 5, 3)
    moved = log_probs[:, [1, 2, 0]]  # the blank is now class 2, labels 1 -> 0 and 2 -> 1
    ours = ctc_prefix_beam_search(log_probs, beam=50)
    theirs = ctc_prefix_beam_search(moved, beam=50, blank=2)
    assert [[x - 1 for x in labels] for labels, _ in ours] == [labels for labels, _ in theirs]
    assert [s for _, s in ours] == pytest.approx([s for _, s in theirs], abs=1e-12)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="beam"):
        ctc_prefix_beam_search(random_frames(0, 3, 3), beam=0)
    with pytest.raises(ValueError, match=r"\(T, C\)"):
        ctc_greedy_decode(torch.zeros(2, 3, 4))
    with pytest.raises(ValueError, match="blank"):
        ctc_greedy_decode(torch.zeros(3, 2), blank=5)


# -- issue 34: the decoders check their frames as ctc_nll does ----------------------------

def test_prefix_beam_search_refuses_probabilities():
    probs = torch.tensor([[0.6, 0.4], [0.6, 0.4]], dtype=torch.float64)
    # used to return "log-probabilities" above 0 (+2.04 here, +6.07 in the case)
    with pytest.raises(ValueError, match=r"log_probs must hold log-probabilities.*row 0 sums "
                                         r"to 3\.3.*probs\.log\(\)"):
        ctc_prefix_beam_search(probs, beam=2)
    with pytest.raises(ValueError, match="log_probs must hold log-probabilities"):
        ctc_greedy_decode(probs)


@pytest.mark.parametrize("decode", [ctc_greedy_decode,
                                    lambda x: ctc_prefix_beam_search(x, beam=2)])
@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_a_nan_or_infinite_frame_is_refused_by_both_decoders(decode, bad):
    frames = random_frames(0, 4, 3)
    frames[2, 1] = bad
    # greedy decoding used to read NaN frames as [], beam search to score them NaN
    with pytest.raises(ValueError, match=r"log_probs must hold log-probabilities.*row 2"):
        decode(frames)


def test_the_decoders_share_ctc_nll_s_check_of_shape_and_frames():
    for decode in (ctc_greedy_decode, lambda x: ctc_prefix_beam_search(x, beam=2)):
        with pytest.raises(ValueError, match="at least one frame"):
            decode(torch.zeros(0, 3))
        with pytest.raises(ValueError, match="floating point"):
            decode(torch.zeros(2, 3, dtype=torch.long))
    masked = torch.tensor([[0.0, float("-inf")], [math.log(0.5), math.log(0.5)]])
    assert ctc_greedy_decode(masked) == []  # -inf is a probability of zero, and fine
    assert ctc_prefix_beam_search(masked, beam=2)[0] == ([], pytest.approx(math.log(0.5)))


def test_enumeration_refuses_log_probabilities():
    log_probs = random_frames(1, 3, 3)
    with pytest.raises(ValueError, match=r"probs must hold probabilities.*negative.*\.exp\(\)"):
        labelling_probabilities_by_enumeration(log_probs)
    with pytest.raises(ValueError, match=r"probs must hold probabilities.*sums to 2"):
        labelling_probabilities_by_enumeration(torch.ones(3, 2, dtype=torch.float64))
