"""Checkpoint selection on validation for the character-model studies (the protocol of Chapter 4).

:class:`EvaluateEvery` is the next-token trainer's ``on_step`` callback that scores a
validation split at fixed intervals (or its ``on_mark`` callback, at budget marks) and keeps
the best state; :func:`run_charlm` trains one ``CharLSTM`` with that protocol and returns the
fields of its result record. :class:`MarkScorer` is Chapter 6's ``on_mark`` callback: it
scores at budget marks, and can select on one half of the validation split
(:func:`valid_halves`) while it reports the other; :class:`UpdateMarks` scores at fixed
update counts besides, for a view of the run at equal updates.
"""

from __future__ import annotations

import copy
import math
import time
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


def valid_halves(valid: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A validation split cut by characters into its *selection* half, the first
    ``len(valid) // 2``, and its *report* half, the rest: a choice made on the first half
    (of a checkpoint, of a setting) is reported on the second, which no choice has seen."""
    if len(valid) < 2:
        raise ValueError(f"valid has {len(valid)} tokens; halving needs at least 2")
    half = len(valid) // 2
    return valid[:half], valid[half:]


class MarkScorer:
    """The trainer's ``on_mark`` callback: score the validation split at each budget mark.

    Fixed windows of ``window`` for every model (through :class:`EvaluateEvery`, which keeps
    the best state), and the state carried through the whole split too when ``streaming``.
    With ``halves`` each mark also scores, with the same windows, both halves of
    :func:`valid_halves`, and the kept state is the best on the selection half alone;
    without, the best on the whole split. ``marks`` holds one row per mark: the
    :class:`BudgetMark`'s fields, the wall time of training so far (since the scorer was
    made, less the scorer's own time) and the losses: ``valid_loss`` (the whole split), with
    ``halves`` ``select_loss`` and ``report_loss``, and ``streaming_loss`` when streaming.
    """

    def __init__(self, model: nn.Module, valid: torch.Tensor, *, vocab: int, window: int,
                 streaming: bool, halves: bool = False):
        select, self.report = valid_halves(valid) if halves else (valid, None)
        self.watched = EvaluateEvery(model, select, vocab=vocab, window=window)
        self.valid, self.streaming = valid, streaming
        self.marks: list[dict] = []
        self.started, self.scoring = time.perf_counter(), 0.0

    def __call__(self, mark: BudgetMark) -> None:
        began = time.perf_counter()
        row = {"mark": float(mark.mark), "seconds": mark.seconds, "steps": mark.steps,
               "tokens": mark.tokens, "wall_seconds": began - self.started - self.scoring}
        if self.marks and self.marks[-1]["steps"] == mark.steps:  # one update passed 2 marks
            losses = {k: v for k, v in self.marks[-1].items() if k.endswith("_loss")}
        else:
            losses = self._score(mark)
        self.marks.append({**row, **losses})
        self.scoring += time.perf_counter() - began

    def _score(self, mark: BudgetMark) -> dict[str, float]:
        from dlbook.charlm import carried_state_loss
        from dlbook.evaluation import fixed_window_loss

        watched = self.watched
        watched.at_mark(mark)
        if self.report is None:
            losses = {"valid_loss": watched.losses[-1]}
        else:
            def score(split):
                return fixed_window_loss(watched.model, split, vocab=watched.vocab,
                                         window=watched.window)

            losses = {"valid_loss": score(self.valid), "select_loss": watched.losses[-1],
                      "report_loss": score(self.report)}
        if self.streaming:
            losses["streaming_loss"] = carried_state_loss(watched.model, self.valid,
                                                          vocab=watched.vocab)
        return losses

    @property
    def selected(self) -> dict:
        """The row of the first mark at the best fixed-window loss on the selection split."""
        return next(row for row in self.marks if row["steps"] == self.watched.best_at)

    @property
    def curve(self) -> dict[str, list]:
        """The whole split's fixed-window loss at each update count scored: the record's
        ``curves.valid_loss``, on which every mark's ``valid_loss`` lies."""
        scored = {row["steps"]: row["valid_loss"] for row in self.marks}
        return {"at": list(scored), "value": list(scored.values())}


class UpdateMarks:
    """The trainer's ``on_step`` callback for a view at equal updates: after each update count
    in ``at`` it scores the whole validation split with fixed windows of ``window`` and, with
    ``halves``, both halves of :func:`valid_halves`. It keeps no state and selects nothing
    (selection stays at the budget marks), and the trainer does not charge its time.
    :attr:`diagnostics` holds the scores as the record's ``curves.diagnostics`` series,
    ``<split>_loss_at_updates`` for ``split`` in valid (and select, report). Its time is added
    to ``marks.scoring`` when given, so that the :class:`MarkScorer`'s training wall time
    leaves it out as it leaves out its own."""

    def __init__(self, model: nn.Module, valid: torch.Tensor, *, vocab: int, window: int,
                 at: list[int], halves: bool = False, marks: MarkScorer | None = None):
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in at) or any(
                b <= a for a, b in zip(at, at[1:], strict=False)):
            raise ValueError(f"update marks must be increasing counts of updates >= 1, got {at!r}")
        self.model, self.vocab, self.window, self.pending = model, vocab, window, set(at)
        self.marks = marks
        self.splits = dict(zip(("valid", "select", "report"),
                               (valid, *valid_halves(valid)) if halves else (valid,),
                               strict=False))
        self.diagnostics = {f"{name}_loss_at_updates": {"at": [], "value": []}
                            for name in self.splits}

    def __call__(self, updates: int) -> None:
        from dlbook.evaluation import fixed_window_loss

        if updates not in self.pending:
            return
        began = time.perf_counter()
        for name, split in self.splits.items():
            series = self.diagnostics[f"{name}_loss_at_updates"]
            series["at"].append(updates)
            series["value"].append(fixed_window_loss(self.model, split, vocab=self.vocab,
                                                     window=self.window))
        if self.marks is not None:
            self.marks.scoring += time.perf_counter() - began


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
