"""CTC: the collapse rule, exact small cases, and the forward table against nn.CTCLoss."""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from dlbook.ctc import (
    collapse,
    ctc_forward_table,
    ctc_nll,
    min_frames,
    probability_by_enumeration,
    uniform_frames,
)


def torch_ctc(log_probs: torch.Tensor, target: list[int], *, blank: int = 0) -> float:
    """nn.CTCLoss on one sequence, summed (not divided by the target length)."""
    loss = nn.CTCLoss(blank=blank, reduction="sum")
    return loss(log_probs.unsqueeze(1), torch.tensor([target]), torch.tensor([log_probs.shape[0]]),
                torch.tensor([len(target)])).item()


def test_collapse_merges_repeats_then_drops_blanks():
    assert collapse([1, 1, 0, 1]) == [1, 1]
    assert collapse([1, 1, 1]) == [1]
    assert collapse([0, 2, 0, 0, 3, 3]) == [2, 3]
    assert collapse([0, 0, 0]) == []
    assert collapse(torch.tensor([2, 2, 1, 2]), blank=1) == [2, 2]


def test_three_frame_example_is_three_quarters():
    # Blank and "a" each have probability 1/2 at each of 3 frames: 8 paths of 1/8 each, and
    # all but "---" (empty) and "a-a" ("aa") collapse to "a": 6/8.
    log_probs = uniform_frames(frames=3, classes=2)
    assert probability_by_enumeration(log_probs.exp(), [1]) == pytest.approx(0.75, abs=1e-15)
    assert ctc_nll(log_probs, [1]).item() == pytest.approx(-math.log(0.75), abs=1e-12)
    assert torch_ctc(log_probs, [1]) == pytest.approx(0.2876820724517809, abs=1e-9)


def test_three_frame_forward_table_by_hand():
    table = ctc_forward_table(uniform_frames(frames=3, classes=2), [1]).exp()
    expected = torch.tensor([[1 / 2, 1 / 2, 0], [1 / 4, 1 / 2, 1 / 4], [1 / 8, 3 / 8, 3 / 8]],
                            dtype=torch.float64)
    torch.testing.assert_close(table, expected, atol=1e-15, rtol=0)


def test_repeated_label_needs_a_blank_between():
    assert min_frames([1, 1]) == 3
    assert min_frames([1, 2]) == 2
    assert min_frames([1, 1, 1, 2, 2]) == 8
    # With 3 frames the only path for "aa" is a-a: probability 1/8.
    assert ctc_nll(uniform_frames(frames=3, classes=2), [1, 1]).item() == pytest.approx(math.log(8))
    assert torch_ctc(uniform_frames(frames=3, classes=2), [1, 1]) == pytest.approx(math.log(8))


def test_infeasible_targets_have_infinite_loss():
    two = uniform_frames(frames=2, classes=3)
    for target in ([1, 1], [1, 2, 1]):
        assert math.isinf(ctc_nll(two, target).item())
        assert math.isinf(torch_ctc(two, target))
    # "ab" fits in 2 frames: a-b is not needed, ab is a path.
    assert math.isfinite(ctc_nll(two, [1, 2]).item())


def test_forward_table_matches_enumeration_on_tiny_random_inputs():
    gen = torch.Generator().manual_seed(3)
    for target in ([1], [1, 2], [2, 2], [1, 2, 1]):
        probs = torch.rand(5, 3, generator=gen, dtype=torch.float64).softmax(-1)
        brute = probability_by_enumeration(probs, target)
        assert ctc_nll(probs.log(), target).item() == pytest.approx(-math.log(brute), rel=1e-12)


def test_forward_table_matches_nn_ctcloss_on_random_batch():
    gen = torch.Generator().manual_seed(0)
    frames, batch, classes = 30, 6, 7
    logits = torch.randn(frames, batch, classes, generator=gen, dtype=torch.float64)
    logits.requires_grad_(True)
    log_probs = logits.log_softmax(-1)
    targets = torch.randint(1, classes, (batch, 8), generator=gen)
    targets[0, 1:4] = targets[0, 0]  # a run of repeated labels
    target_lengths = torch.tensor([8, 5, 1, 0, 8, 3])
    input_lengths = torch.tensor([30, 22, 9, 4, 5, 30])  # entry 4 cannot fit 8 labels
    ref = nn.CTCLoss(reduction="none")(log_probs, targets, input_lengths, target_lengths)
    ours = torch.stack([ctc_nll(log_probs[: input_lengths[n], n], targets[n, : target_lengths[n]])
                        for n in range(batch)])
    assert math.isinf(ref[4].item()) and math.isinf(ours[4].item())
    finite = torch.isfinite(ref)
    torch.testing.assert_close(ours[finite], ref[finite], atol=1e-10, rtol=1e-10)
    # The gradients with respect to the logits agree as well (autograd through the log-space
    # table). nn.CTCLoss's own gradient with respect to log_probs assumes they come from a
    # log_softmax, so only the gradient through the log_softmax is comparable.
    (g_ref,) = torch.autograd.grad(ref[finite].sum(), logits, retain_graph=True)
    (g_ours,) = torch.autograd.grad(ours[finite].sum(), logits)
    # (nn.CTCLoss returns nan gradients for the infeasible entry even when its loss is not
    # used, so compare the feasible sequences' columns only.)
    torch.testing.assert_close(g_ours[:, finite], g_ref[:, finite], atol=1e-8, rtol=1e-8)
    assert torch.isfinite(g_ours).all()


def test_zero_infinity_only_hides_the_infeasible_sample():
    two = uniform_frames(frames=2, classes=2).unsqueeze(1).requires_grad_(True)
    args = (torch.tensor([[1, 1]]), torch.tensor([2]), torch.tensor([2]))
    guarded = nn.CTCLoss(zero_infinity=True)(two, *args)
    assert guarded.item() == 0.0
    (grad,) = torch.autograd.grad(guarded, two)
    assert torch.count_nonzero(grad) == 0


def test_bad_arguments_are_named():
    lp = uniform_frames(frames=3, classes=3)
    with pytest.raises(ValueError, match="blank"):
        ctc_nll(lp, [0, 1])
    with pytest.raises(ValueError, match="outside"):
        ctc_nll(lp, [3])
    with pytest.raises(ValueError, match="blank=5"):
        ctc_nll(lp, [1], blank=5)
    with pytest.raises(ValueError, match=r"\(T, C\)"):
        ctc_forward_table(lp.unsqueeze(1), [1])
    with pytest.raises(TypeError, match="int label"):
        ctc_nll(lp, [1.0])
    with pytest.raises(ValueError, match="too many"):
        probability_by_enumeration(torch.full((20, 3), 1 / 3), [1])
    with pytest.raises(ValueError, match="frames"):
        uniform_frames(frames=0, classes=2)


def test_probability_by_enumeration_refuses_log_probabilities():
    # issue 34: uniform log-probabilities used to give a "probability" of 1.78
    log_probs = uniform_frames(frames=2, classes=2)
    with pytest.raises(ValueError, match=r"probs must hold probabilities.*row 0 holds a "
                                         r"negative entry.*log_probs\.exp\(\)"):
        probability_by_enumeration(log_probs, [1])
    with pytest.raises(ValueError, match="probs must hold probabilities.*holds NaN"):
        probability_by_enumeration(torch.full((2, 2), float("nan")), [1])
    assert probability_by_enumeration(log_probs.exp(), [1]) == pytest.approx(0.75)
