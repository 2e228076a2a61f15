"""``eval_every=0`` is refused by its own name (issue 22, "Clearer errors"): the selection
study passed it on to the trainer as ``log_every``, so the error named an argument the
caller never set."""

from __future__ import annotations

import re

import pytest
import torch

from dlbook.charlm import CharLSTM
from dlbook.studies.selection import EvaluateEvery


@pytest.mark.parametrize("every", [0, -5, 2.5, True])
def test_evaluate_every_refuses_an_interval_that_is_not_a_positive_int(every):
    model = CharLSTM(5, hidden=4, embed=3)
    with pytest.raises(ValueError, match=rf"every\b.*must be a positive int, got "
                                         rf"{re.escape(repr(every))}"):
        EvaluateEvery(model, torch.arange(20) % 5, vocab=5, window=4, every=every)
