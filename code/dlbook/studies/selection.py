"""Checkpoint selection on validation for the character-model studies (the protocol of Chapter 4).

:class:`EvaluateEvery` is the next-token trainer's ``on_step`` callback that scores a
validation split at fixed intervals (or its ``on_mark`` callback, at budget marks) and keeps
the best state; :func:`run_charlm` trains one ``CharLSTM`` with that protocol and returns the
fields of its result record.
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING

import torch
from torch import nn

from dlbook.device import seed_everything

if TYPE_CHECKING:  # the trainer imports lazily below; only the annotation needs it here
    from dlbook.training import BudgetMark


class EvaluateEvery:
    """Score a validation split at fixed intervals during training and keep the best state.

    Passed to the next-token trainer as its ``on_step`` callback: after the ``n``-th
    optimizer update it scores ``model`` on ``valid`` with the fixed-window evaluation when
    ``n`` is a multiple of ``every`` or the ``last`` update, and keeps a copy of the best
    state. Call :meth:`evaluate` with ``0`` before training to score the initial weights.
    Training itself is untouched: one optimizer, one window schedule, as in Chapter 4.
    Under a wall-clock budget pass :meth:`at_mark` as the trainer's ``on_mark`` instead
    (``every`` and ``last`` may then be left out): it scores at each budget mark.
    """

    def __init__(self, model: nn.Module, valid: torch.Tensor, *, vocab: int, window: int,
                 every: int | None = None, last: int | None = None):
        if every is not None and (isinstance(every, bool) or not isinstance(every, int)
                                  or every <= 0):
            raise ValueError(f"every (a study's eval_every) must be a positive int, got "
                             f"{every!r}")
        if isinstance(window, int) and window >= len(valid):  # else refused at the first score
            raise ValueError(f"window={window} needs at least {window + 1} tokens but the "
                             f"validation split has {len(valid)}; shorten the window")
        self.model, self.valid, self.vocab, self.window, self.every, self.last = (
            model, valid, vocab, window, every, last)
        self.at, self.losses = [], []
        self.best, self.best_at, self.best_state = math.inf, 0, None

    def evaluate(self, updates: int) -> None:
        """Score the model as it stands after ``updates`` optimizer updates."""
        from dlbook.evaluation import fixed_window_loss

        loss = fixed_window_loss(self.model, self.valid, vocab=self.vocab, window=self.window)
        self.at.append(updates)
        self.losses.append(loss)
        if loss < self.best:
            self.best, self.best_at = loss, updates
            self.best_state = copy.deepcopy(self.model.state_dict())

    def __call__(self, updates: int) -> None:
        if (self.every is not None and updates % self.every == 0) or updates == self.last:
            self.evaluate(updates)

    def at_mark(self, mark: BudgetMark) -> None:
        """The trainer's ``on_mark`` callback: score the model after ``mark.steps`` updates."""
        self.evaluate(mark.steps)


def run_charlm(config: dict, seed: int, text: str, data: dict, device: torch.device) -> dict:
    """Train a CharLSTM on ``text`` with the Chapter 4 protocol; select on validation.

    Split, in order and without shuffling: the first ``train_fraction`` trains (as in
    Chapter 4); the held-out rest is halved, its first half validates, its second half
    tests. The test half is scored once, with the selected state.
    """
    from dlbook.charlm import CharLSTM
    from dlbook.corpus import CharVocabulary, split_corpus
    from dlbook.evaluation import fixed_window_loss
    from dlbook.training import fit_next_token

    vocab = CharVocabulary.from_text(text)
    train, held_out = split_corpus(vocab.encode(text), train_fraction=config["train_fraction"])
    valid, test = held_out[: len(held_out) // 2], held_out[len(held_out) // 2 :]
    seed_everything(seed)  # the initial weights come from the seed
    model = CharLSTM(vocab.size, hidden=config["hidden"], embed=config["embed"],
                     layers=config["layers"]).to(device)
    watched = EvaluateEvery(model, valid, vocab=vocab.size, window=config["window"],
                            every=config["eval_every"], last=config["steps"])
    watched.evaluate(0)  # the initial weights
    curve = fit_next_token(model, train, vocab=vocab.size, context=config["context"],
                           batch=config["batch"], steps=config["steps"], lr=config["lr"],
                           clip=config["clip"], log_every=config["eval_every"], seed=seed,
                           on_step=watched)
    model.load_state_dict(watched.best_state)
    test_loss = fixed_window_loss(model, test, vocab=vocab.size, window=config["window"])
    return {
        "data": {**data, "vocab": vocab.size, "tokens": {"train": len(train),
                 "valid": len(valid), "test": len(test)}},
        "parameters": sum(p.numel() for p in model.parameters()),
        "curves": {"unit": "step",
                   "train_loss": {"at": curve.steps, "value": curve.losses},
                   "valid_loss": {"at": watched.at, "value": watched.losses}},
        "selected": {"at": watched.best_at, "valid_loss": watched.best,
                     "valid_ppl": math.exp(watched.best), "test_loss": test_loss,
                     "test_ppl": math.exp(test_loss)},
    }
