"""The character-level LSTM language model of Chapter 4 (and its GRU twin), and two ways of
scoring it that show what the fixed window does to context: the loss at each position of a
window, and the loss when one state is carried through the whole stream."""

from __future__ import annotations

import torch
from torch import nn

from dlbook._checks import (
    check_finite_loss,
    check_logits,
    eval_mode,
    fraction,
    logits_of,
    model_device,
    positive_int,
    token_ids,
    token_sequence,
    with_state,
)

LSTMState = tuple[torch.Tensor, torch.Tensor]


class CharLSTM(nn.Module):
    """Embedding, a stack of LSTM layers, and a linear read-out to next-character logits.

    ``forward(x, state)`` takes token ids ``(B, T)`` and an optional ``(h, c)`` state and
    returns ``(logits, state)`` with logits ``(B, T, vocab)``, so a caller can stream: feed
    one chunk, keep the state, feed the next. ``dropout`` zeroes that share of the features
    between stacked layers and before the read-out, in training only (Zaremba et al.'s
    non-recurrent dropout: the state passed from step to step is never dropped).
    """

    #: The recurrent layer stack; :class:`CharGRU` swaps in ``nn.GRU``.
    recurrence: type[nn.LSTM | nn.GRU] = nn.LSTM

    def __init__(self, vocab: int, *, hidden: int = 128, embed: int = 64, layers: int = 1,
                 dropout: float = 0.0):
        super().__init__()
        vocab, hidden, embed, layers = (positive_int(name, value) for name, value in (
            ("vocab", vocab), ("hidden", hidden), ("embed", embed), ("layers", layers)))
        dropout = fraction("dropout", dropout)
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, embed)
        # ``lstm`` even in a CharGRU: the name is part of every saved state dict's keys.
        # PyTorch's own dropout acts between layers only, so it warns when there is one.
        self.lstm = self.recurrence(embed, hidden, num_layers=layers, batch_first=True,
                                    dropout=dropout if layers > 1 else 0.0)
        self.drop = nn.Dropout(dropout)  # at 0 it draws no random numbers: old runs repeat
        self.head = nn.Linear(hidden, vocab)

    def forward(
        self, x: torch.Tensor, state: LSTMState | None = None
    ) -> tuple[torch.Tensor, LSTMState]:
        token_ids("x", x, vocab=self.vocab, dim=2)  # an id past the table fails deep in torch
        outputs, state = self.lstm(self.embed(x), state)
        return self.head(self.drop(outputs)), state


class CharGRU(CharLSTM):
    """:class:`CharLSTM` with GRU layers: the same embedding, stack and read-out, and the
    same ``forward``; the state is ``h`` alone, ``(layers, B, hidden)``."""

    recurrence = nn.GRU


@torch.no_grad()
def loss_by_position(
    model: nn.Module, sequence: torch.Tensor, *, vocab: int, window: int
) -> torch.Tensor:
    """Mean cross-entropy (nats) at each position ``0 .. window-1`` of the fixed-window
    evaluation: position ``k`` predicts its token from ``k + 1`` characters of context.

    Uses the full windows of the fixed-window protocol (a shorter final window is left out),
    so the mean of the result equals ``fixed_window_loss`` when no remainder is left.
    """
    sequence = token_sequence("sequence", sequence, vocab=positive_int("vocab", vocab))
    window = positive_int("window", window)
    n = (len(sequence) - 1) // window
    if n == 0:
        raise ValueError(f"window={window} needs at least {window + 1} tokens but the sequence "
                         f"has {len(sequence)}; shorten the window")
    device = model_device(model)
    inputs = sequence[: n * window].reshape(n, window).to(device)
    targets = sequence[1 : n * window + 1].reshape(n, window).to(device)
    with eval_mode(model):
        logits = logits_of(model(inputs))  # every window from a zero state
    check_logits(logits, vocab=vocab, inputs=inputs)
    losses = nn.functional.cross_entropy(logits.transpose(1, 2), targets, reduction="none")
    check_finite_loss(losses.sum().item(), what="the windows")
    return losses.double().mean(dim=0).cpu()


@torch.no_grad()
def carried_state_loss(
    model: nn.Module, sequence: torch.Tensor, *, vocab: int, chunk: int = 1000
) -> float:
    """Mean next-token cross-entropy (nats) when one state is carried through the whole
    stream, read ``chunk`` tokens at a time: every prediction sees all the text before it.

    Chunking only bounds memory; the state crosses every chunk boundary, so the result does
    not depend on ``chunk`` (up to floating-point rounding).
    """
    sequence = token_sequence("sequence", sequence, vocab=positive_int("vocab", vocab))
    chunk = positive_int("chunk", chunk)
    if len(sequence) < 2:
        raise ValueError("sequence must hold at least two tokens to score one prediction")
    device = model_device(model)
    state, total = None, torch.zeros((), dtype=torch.float64)
    with eval_mode(model):
        for start in range(0, len(sequence) - 1, chunk):
            x = sequence[start : min(start + chunk, len(sequence) - 1)]
            y = sequence[start + 1 : start + 1 + len(x)]
            logits, state = with_state(model(x.unsqueeze(0).to(device), state),
                                       needed_by="carried_state_loss",
                                       instead="score a transformer with fixed_window_loss")
            check_logits(logits, vocab=vocab, inputs=x.unsqueeze(0))
            loss = nn.functional.cross_entropy(logits[0], y.to(device), reduction="sum")
            total += loss.double().cpu()
    return check_finite_loss(total.item() / (len(sequence) - 1), what="the stream")
