"""The character-level LSTM language model of Chapter 4."""

from __future__ import annotations

import torch
from torch import nn

LSTMState = tuple[torch.Tensor, torch.Tensor]


class CharLSTM(nn.Module):
    """Embedding, a stack of LSTM layers, and a linear read-out to next-character logits.

    ``forward(x, state)`` takes token ids ``(B, T)`` and an optional ``(h, c)`` state and
    returns ``(logits, state)`` with logits ``(B, T, vocab)``, so a caller can stream: feed
    one chunk, keep the state, feed the next.
    """

    def __init__(self, vocab: int, *, hidden: int = 128, embed: int = 64, layers: int = 1):
        super().__init__()
        for name, value in (("vocab", vocab), ("hidden", hidden), ("embed", embed),
                            ("layers", layers)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"{name} must be a positive int, got {value!r}")
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, embed)
        self.lstm = nn.LSTM(embed, hidden, num_layers=layers, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(
        self, x: torch.Tensor, state: LSTMState | None = None
    ) -> tuple[torch.Tensor, LSTMState]:
        outputs, state = self.lstm(self.embed(x), state)
        return self.head(outputs), state
