"""No silent wrong numbers (issue 22, items 8, 9, 11 and 12).

Each call here used to return a plausible number: a model whose logits come sequence-first
was trained and scored against the wrong targets, NaN logits were sampled as token 0 and
averaged into a NaN loss, probabilities were read as log-probabilities, and one dtype of
the state-space coefficients was required. Each is now refused with an error that names
the argument, or computed in the caller's dtype.
"""

from __future__ import annotations

import math

import pytest
import torch
from torch import nn

from dlbook import ctc, ssm, wikitext
from dlbook.charlm import CharLSTM, carried_state_loss, loss_by_position
from dlbook.evaluation import fixed_window_loss
from dlbook.sampling import generate
from dlbook.training import NonFiniteLossError, fit_next_token
from dlbook.transformer import CharTransformer
from dlbook.transformer import generate as transformer_generate

torch.set_num_threads(1)
VOCAB = 5
DATA = torch.arange(60) % VOCAB


def lstm() -> CharLSTM:
    torch.manual_seed(0)
    return CharLSTM(VOCAB, hidden=4, embed=3)


class SequenceFirst(nn.Module):
    """A working model whose logits come out ``(T, B, V)``: what an ``nn.LSTM`` built without
    ``batch_first=True`` gives. Targets flattened as ``(B, T)`` no longer line up."""

    def __init__(self, inner: nn.Module):
        super().__init__()
        self.inner, self.vocab = inner, getattr(inner, "vocab", None)

    def forward(self, x, state=None):
        output = self.inner(x, state) if state is not None else self.inner(x)
        logits, state = output if isinstance(output, tuple) else (output, None)
        logits = logits.transpose(0, 1)
        return logits if state is None else (logits, state)


class LastOnly(SequenceFirst):
    """A model that scores only the last position: ``(B, V)`` logits."""

    def forward(self, x, state=None):
        logits, state = self.inner(x, state)
        return logits[:, -1], state


SEQUENCE_FIRST = "sequence-first"


# -- item 8: logits must be (B, T, V), matching the input --------------------------------

def test_the_trainer_refuses_sequence_first_logits():
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        fit_next_token(SequenceFirst(lstm()), DATA, vocab=VOCAB, context=4, batch=3, steps=1,
                       lr=1e-2)


def test_the_evaluations_refuse_sequence_first_logits():
    model = SequenceFirst(lstm())
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        fixed_window_loss(model, DATA, vocab=VOCAB, window=4)
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        loss_by_position(model, DATA, vocab=VOCAB, window=4)
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        carried_state_loss(model, DATA, vocab=VOCAB, chunk=7)


def test_wikitext_refuses_sequence_first_logits():
    torch.manual_seed(0)
    model = SequenceFirst(wikitext.TiedLSTM(VOCAB, dim=4, layers=1, dropout=0.0))
    batched = wikitext.batchify(DATA, batch=3)
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        wikitext.evaluate_stream(model, batched, bptt=5)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        wikitext.train_epoch(model, batched, bptt=5, optimizer=optimizer, clip=1.0)


def test_both_samplers_refuse_sequence_first_logits():
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        generate(SequenceFirst(lstm()), torch.tensor([1, 2, 3]), steps=2, temperature=1.0)

    class SequenceFirstTransformer(CharTransformer):
        def forward(self, x, cache=None):
            return super().forward(x, cache).transpose(0, 1)

    torch.manual_seed(0)
    model = SequenceFirstTransformer(VOCAB, context=8, dim=4, layers=1, heads=2)
    with pytest.raises(ValueError, match=SEQUENCE_FIRST):
        transformer_generate(model, torch.tensor([1, 2, 3]), steps=2, temperature=1.0)


def test_logits_of_the_last_position_only_are_refused_by_name():
    with pytest.raises(ValueError, match=r"model returned logits of shape \(3, 5\).*every "
                                         r"position"):
        fit_next_token(LastOnly(lstm()), DATA, vocab=VOCAB, context=4, batch=3, steps=1,
                       lr=1e-2)
    with pytest.raises(ValueError, match=r"\(B, T, vocab\)"):
        fixed_window_loss(LastOnly(lstm()), DATA, vocab=VOCAB, window=4)


def test_batch_first_logits_still_pass():
    curve = fit_next_token(lstm(), DATA, vocab=VOCAB, context=4, batch=3, steps=2, lr=1e-2)
    assert len(curve.losses) == 2 and all(math.isfinite(v) for v in curve.losses)


# -- item 9: NaN logits are an error, not token 0 or a NaN loss ----------------------------

def nan_lstm() -> CharLSTM:
    model = lstm()
    with torch.no_grad():
        model.head.bias.fill_(float("nan"))  # what a diverged run leaves behind
    return model


@pytest.mark.parametrize("temperature", [0.0, 0.5, 1.0, 1e30])
def test_generate_refuses_nan_logits_at_any_temperature(temperature):
    with pytest.raises(ValueError, match="model.*NaN"):
        generate(nan_lstm(), torch.tensor([1, 2]), steps=3, temperature=temperature)
    torch.manual_seed(0)
    model = CharTransformer(VOCAB, context=8, dim=4, layers=1, heads=2)
    with torch.no_grad():
        model.norm.bias.fill_(float("nan"))
    for cache in (True, False):
        with pytest.raises(ValueError, match="model.*NaN"):
            transformer_generate(model, torch.tensor([1, 2]), steps=3,
                                 temperature=temperature, cache=cache)


def test_the_evaluations_refuse_a_nan_loss():
    model = nan_lstm()
    with pytest.raises(NonFiniteLossError, match="model"):
        fixed_window_loss(model, DATA, vocab=VOCAB, window=4)
    with pytest.raises(NonFiniteLossError, match="model"):
        carried_state_loss(model, DATA, vocab=VOCAB)
    with pytest.raises(NonFiniteLossError, match="model"):
        loss_by_position(model, DATA, vocab=VOCAB, window=4)
    assert issubclass(NonFiniteLossError, ValueError)


def test_the_wikitext_evaluation_refuses_a_nan_loss():
    torch.manual_seed(0)
    model = wikitext.TiedLSTM(VOCAB, dim=4, layers=1, dropout=0.0)
    with torch.no_grad():
        model.decoder.bias.fill_(float("nan"))
    with pytest.raises(NonFiniteLossError, match="model"):
        wikitext.evaluate_stream(model, wikitext.batchify(DATA, batch=3), bptt=5)


# -- item 11: CTC takes log-probabilities ------------------------------------------------

def test_ctc_refuses_probabilities_and_unnormalised_scores():
    probs = torch.full((3, 3), 1 / 3, dtype=torch.float64)
    with pytest.raises(ValueError, match=r"log_probs.*log-probabilities.*log_softmax"):
        ctc.ctc_nll(probs, [1])  # used to return a negative NLL
    with pytest.raises(ValueError, match="log_probs"):
        ctc.ctc_nll(torch.randn(4, 3, dtype=torch.float64), [1])
    with pytest.raises(ValueError, match="log_probs"):
        ctc.ctc_forward_table(torch.full((2, 3), float("nan")), [1])


def test_ctc_accepts_log_softmax_in_float32_and_masked_classes():
    log_probs = torch.randn(6, 4, generator=torch.Generator().manual_seed(0)).log_softmax(-1)
    assert ctc.ctc_nll(log_probs, [1, 2]).item() > 0
    masked = torch.tensor([[0.0, float("-inf")], [math.log(0.5), math.log(0.5)]])
    assert ctc.ctc_nll(masked, [1]).item() == pytest.approx(math.log(2))


# -- item 12: the state-space recurrence computes in the input's dtype ---------------------

@pytest.mark.parametrize("coefficients, inputs", [(torch.float64, torch.float32),
                                                  (torch.float32, torch.float64),
                                                  (torch.float32, torch.float32)])
def test_ssm_recurrence_takes_any_float_dtype(coefficients, inputs):
    abar, bbar = ssm.zoh_discretise(torch.tensor([-1.0, -0.5]), torch.tensor([1.0, 2.0]),
                                    step=0.1)
    u = torch.randn(2, 5, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    c = torch.tensor([0.5, -1.0], dtype=coefficients)
    expected = ssm.ssm_recurrence(abar.double(), bbar.double(), c.double(), u)
    got = ssm.ssm_recurrence(abar.to(coefficients), bbar.to(coefficients), c, u.to(inputs))
    assert got.dtype == inputs
    torch.testing.assert_close(got.double(), expected, atol=1e-5, rtol=1e-5)


def test_ssm_kernel_takes_float32_coefficients_and_a_float_c():
    abar, bbar = ssm.zoh_discretise(torch.tensor([-1.0]), torch.tensor([1.0]), step=0.1)
    kernel = ssm.ssm_kernel(abar.float(), bbar.float(), 0.5, length=4)
    assert kernel.dtype == torch.float32
    u = torch.randn(1, 4, generator=torch.Generator().manual_seed(1))
    torch.testing.assert_close(ssm.causal_convolution(u, kernel),
                               ssm.ssm_recurrence(abar, bbar, 0.5, u))
