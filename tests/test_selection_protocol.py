"""The width study's checkpoint selection through the trainer's on_step callback gives the
same numbers, bit for bit, as the model-wrapping protocol that produced the committed
records (kept here as the reference)."""

from __future__ import annotations

import copy
import math

import pytest
import torch
from torch import nn

from dlbook.charlm import CharLSTM
from dlbook.corpus import CharVocabulary, split_corpus
from dlbook.device import seed_everything
from dlbook.evaluation import fixed_window_loss
from dlbook.studies import experiments
from dlbook.studies.selection import run_charlm
from dlbook.training import fit_next_token


class WrappedEvaluation(nn.Module):
    """The former protocol: evaluate before every ``every``-th training forward pass."""

    def __init__(self, model, valid, *, vocab, window, every):
        super().__init__()
        self.model, self.valid, self.vocab, self.window, self.every = (
            model, valid, vocab, window, every)
        self.updates, self.at, self.losses = 0, [], []
        self.best, self.best_at, self.best_state = math.inf, 0, None

    def evaluate(self):
        loss = fixed_window_loss(self.model, self.valid, vocab=self.vocab, window=self.window)
        self.at.append(self.updates)
        self.losses.append(loss)
        if loss < self.best:
            self.best, self.best_at = loss, self.updates
            self.best_state = copy.deepcopy(self.model.state_dict())

    def forward(self, x, state=None):
        if self.updates % self.every == 0:
            self.evaluate()
        self.updates += 1
        return self.model(x, state)


def wrapped_run(config, seed, text):
    vocab = CharVocabulary.from_text(text)
    train, held_out = split_corpus(vocab.encode(text), train_fraction=config["train_fraction"])
    valid, test = held_out[: len(held_out) // 2], held_out[len(held_out) // 2 :]
    seed_everything(seed)
    model = CharLSTM(vocab.size, hidden=config["hidden"], embed=config["embed"],
                     layers=config["layers"])
    watched = WrappedEvaluation(model, valid, vocab=vocab.size, window=config["window"],
                                every=config["eval_every"])
    curve = fit_next_token(watched, train, vocab=vocab.size, context=config["context"],
                           batch=config["batch"], steps=config["steps"], lr=config["lr"],
                           clip=config["clip"], log_every=config["eval_every"], seed=seed)
    watched.evaluate()
    model.load_state_dict(watched.best_state)
    test_loss = fixed_window_loss(model, test, vocab=vocab.size, window=config["window"])
    return curve, watched, test_loss


@pytest.mark.parametrize("steps", [30, 35])  # a multiple of eval_every, and not
def test_on_step_selection_reproduces_the_wrapping_protocol_bit_for_bit(steps):
    config = {**experiments.TINY_PROTOCOL, "hidden": 8, "steps": steps}
    text = experiments.tiny_text()
    curve, watched, test_loss = wrapped_run(config, 1, text)
    record = run_charlm(config, 1, text, {}, torch.device("cpu"))
    assert record["curves"]["train_loss"] == {"at": curve.steps, "value": curve.losses}
    assert record["curves"]["valid_loss"] == {"at": watched.at, "value": watched.losses}
    assert record["selected"]["at"] == watched.best_at
    assert record["selected"]["valid_loss"] == watched.best
    assert record["selected"]["test_loss"] == test_loss
