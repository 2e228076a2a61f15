"""``train_recall`` refuses a non-finite loss, as the next-token trainer does (issue 22,
item 9): it used to return NaN epoch losses without an error."""

from __future__ import annotations

import pytest
import torch

from dlbook import recall


def test_train_recall_refuses_a_nan_loss():
    model = recall.RecallClassifier("gru", vocab=3, hidden=4)
    with torch.no_grad():
        model.head.bias.fill_(float("nan"))
    tokens = torch.randint(0, 3, (8, 4), generator=torch.Generator().manual_seed(0))
    with pytest.raises(ValueError, match="loss"):
        recall.train_recall(model, tokens, tokens[:, 0], epochs=1, batch=4)
