"""NaN in, an error out (issue 34): the decoders, the attention listings, the masked loss
and the state-space layers used to let a NaN or an infinity through, as PAD tokens, NaN
scores, NaN weights or NaN outputs. Each now refuses it with a ValueError that names the
argument (or, for a model's logits, the model)."""

from __future__ import annotations

import math

import pytest
import torch

from dlbook import attention, ssm
from dlbook.copytask import build_copy_model, held_out_strings
from dlbook.decoding import beam_search, greedy_decode
from dlbook.seq2seq import masked_cross_entropy

torch.set_num_threads(1)
BAD = [float("nan"), float("inf"), float("-inf")]


def nan_model(attend: bool) -> torch.nn.Module:
    model = build_copy_model(hidden=4, attention=attend)
    with torch.no_grad():
        for parameter in model.parameters():
            parameter.fill_(float("nan"))  # what a diverged training run leaves behind
    return model


def greedy(model, src, lengths):
    return greedy_decode(model, src, lengths, max_len=3)


def beam(model, src, lengths):
    """The best hypothesis of the first source, as greedy_decode's list of outputs."""
    return [beam_search(model, src[:1], lengths[:1], beam=2, max_len=3)[0][0]]


@pytest.mark.parametrize("decode", [greedy, beam])
@pytest.mark.parametrize("attend", [False, True])
def test_the_decoders_refuse_a_model_with_nan_weights(decode, attend):
    src = held_out_strings(3, 4, seed=0)
    # greedy decoding used to return PAD tokens, beam search NaN scores
    with pytest.raises(ValueError, match=r"model's next-token logits at step 0 hold NaN|"
                                         r"scores must be finite.*model's NaN weights"):
        decode(nan_model(attend), src, torch.full((3,), 4))


class _Logits(torch.nn.Module):
    """A model of the decoding protocol whose next-token logits are fixed."""

    def __init__(self, logits: torch.Tensor) -> None:
        super().__init__()
        self.logits = logits

    def start(self, src, lengths):
        return None

    def step(self, tokens, state):
        return self.logits.expand(tokens.shape[0], -1), state


@pytest.mark.parametrize("decode", [greedy, beam])
def test_the_decoders_refuse_a_row_of_logits_that_leaves_no_token(decode):
    src, lengths = held_out_strings(1, 2, seed=0), torch.tensor([2])
    for bad in ([0.0, math.inf, 0.0], [-math.inf] * 3):
        with pytest.raises(ValueError, match="logits at step 0 hold NaN or \\+inf, or are -inf"):
            decode(_Logits(torch.tensor([bad])), src, lengths)
    # -inf on some tokens is a probability of zero: EOS (2) is never chosen, so 3 runs on
    out = decode(_Logits(torch.tensor([[0.0, -math.inf, -math.inf, 1.0]])), src, lengths)
    assert out == [[3, 3, 3]]


@pytest.mark.parametrize("bad", BAD)
def test_masked_softmax_refuses_a_non_finite_score_at_a_real_position(bad):
    scores = torch.tensor([[1.0, bad, 0.0]])
    mask = torch.ones(1, 3, dtype=torch.bool)
    with pytest.raises(ValueError, match=r"scores must be finite but holds .* at index \(0, 1\)"):
        attention.masked_softmax(scores, mask)
    # a pad's score is never read, whatever it holds
    mask[0, 1] = False
    weights = attention.masked_softmax(scores, mask)
    assert weights[0, 1] == 0 and torch.allclose(weights.sum(-1), torch.ones(1))


@pytest.mark.parametrize("bad", BAD)
def test_masked_cross_entropy_refuses_non_finite_logits(bad):
    logits = torch.zeros(2, 3, 5)
    logits[1, 2, 4] = bad
    # even at a pad: the loss ignores it, but its gradient would be NaN
    for targets in (torch.tensor([[3, 4, 2], [3, 4, 2]]), torch.tensor([[3, 4, 2], [3, 2, 0]])):
        with pytest.raises(ValueError, match=r"logits must be finite but holds .* at index "
                                             r"\(1, 2, 4\).*lower lr"):
            masked_cross_entropy(logits, targets)


@pytest.mark.parametrize("weights, found", [
    (torch.tensor([float("nan"), 1.0]), "holds NaN"),
    (torch.tensor([0.5, float("inf")]), "sums to inf"),
    (torch.tensor([3.0, 5.0]), "sums to 8"),  # scores, not weights: entropy was -11.3
    (torch.tensor([[0.5, 0.5], [1.5, -0.5]]), "row 1 holds a negative entry"),
    (torch.tensor([[0.2, 0.2]]), "row 0 sums to 0.4"),
])
def test_attention_entropy_refuses_what_is_no_distribution(weights, found):
    with pytest.raises(ValueError, match=f"weights must hold probabilities.*{found}"):
        attention.attention_entropy(weights)


def test_attention_entropy_still_takes_distributions_with_zeros():
    weights = torch.tensor([[1.0, 0.0, 0.0], [0.25, 0.25, 0.5]])
    assert attention.attention_entropy(weights).tolist() == pytest.approx(
        [0.0, 1.5 * math.log(2)])
    with pytest.raises(TypeError, match="weights must be a floating-point tensor"):
        attention.attention_entropy(torch.tensor([1, 0]))


@pytest.mark.parametrize("bad", BAD)
def test_zoh_discretise_refuses_non_finite_coefficients_and_steps(bad):
    with pytest.raises(ValueError, match=r"a must be finite but holds .* at index \(1,\)"):
        ssm.zoh_discretise(torch.tensor([-1.0, bad]), torch.ones(2), step=0.1)
    with pytest.raises(ValueError, match=r"b must be finite"):
        ssm.zoh_discretise(-1.0, bad, step=0.1)
    with pytest.raises(ValueError, match=r"step must be a finite positive float"):
        ssm.zoh_discretise(-1.0, 1.0, step=bad)  # step=inf used to give abar = 0, bbar = 1


@pytest.mark.parametrize("bad", BAD)
def test_selective_ssm_refuses_non_finite_inputs_and_coefficients(bad):
    u, a, b, c = torch.ones(1, 3), torch.tensor([-1.0]), torch.tensor([1.0]), torch.tensor([1.0])
    step = dict(step_weight=1.0, step_bias=0.0)
    with pytest.raises(ValueError, match=r"u must be finite but holds .* at index \(0, 2\)"):
        ssm.selective_ssm(torch.tensor([[1.0, 0.0, bad]]), a, b, c, **step)
    for name, args in (("a", (u, a * bad, b, c)), ("b", (u, a, b * bad, c)),
                       ("c", (u, a, b, c * bad))):
        with pytest.raises(ValueError, match=f"{name} must be finite"):
            ssm.selective_ssm(*args, **step)
    for name in step:
        with pytest.raises(ValueError, match=f"{name} must be a finite float, got"):
            ssm.selective_ssm(u, a, b, c, **{**step, name: bad})
    with pytest.raises(ValueError, match=r"u must be finite"):
        ssm.ssm_recurrence(torch.tensor([0.5]), torch.tensor([1.0]), 1.0,
                           torch.tensor([[bad, 1.0]]))
