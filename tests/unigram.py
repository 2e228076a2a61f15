"""A model for tests of scoring: logits from one learnable vector, the same at every
position, so its loss on a stream is the cross-entropy of a fixed distribution and a test can
set it to any value."""

from __future__ import annotations

import torch
from torch import nn


class Unigram(nn.Module):
    """Logits from one learnable vector, the same at every position."""

    def __init__(self, vocab: int):
        super().__init__()
        self.vocab = vocab
        self.logits = nn.Parameter(torch.zeros(vocab))

    def forward(self, x):
        return self.logits.expand(*x.shape, self.vocab)
