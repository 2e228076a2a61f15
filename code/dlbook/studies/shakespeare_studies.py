"""Chapter 6's studies on Tiny Shakespeare, as record-writing tasks of the studies
(:mod:`dlbook.studies.experiments`).

The reference check (study ``shakespeare-reference``) trains the book's
:class:`~dlbook.transformer.CharTransformer` with the small-CPU recipe that nanoGPT
(Karpathy, ``karpathy/nanoGPT``) publishes for ``shakespeare_char``: 4 layers, 4 heads,
width 128, context 64, batch 12, 2,000 steps, AdamW at lr 1e-3 with betas (0.9, 0.99) and
weight decay 0.1, 100 warm-up steps then a cosine decay to 1e-4 at step 2,000, gradient
clipping at 1.0, no dropout. nanoGPT's README reports a validation loss of about 1.88 nats
per character after those 2,000 steps (:data:`NANOGPT_VALID_LOSS`; ``data/README.md`` lists
it with its source). A transformer of the book's that lands within 0.05 of it is not a
straw man.

What is the same: the split (first 90% train, last 10% validate), the vocabulary (65),
random training windows, the schedule, the optimizer, the clipping, and the loss after step
2,000. What differs:

- *Evaluation.* nanoGPT estimates the validation loss from random batches of windows (12
  windows of 64 characters per batch, 200 batches by default and 20 in the CPU recipe),
  averaging over every position of each window. We score the whole validation split once,
  with :func:`~dlbook.evaluation.fixed_window_loss` over non-overlapping windows of 64:
  the same average over within-window positions, taken over every validation character
  once instead of over 15,360 (20 batches) to 153,600 (200 batches) positions drawn with
  replacement, so the figure carries no noise from the draw of windows.
- *Model details.* Our linear and LayerNorm layers have biases (nanoGPT's recipe turns them
  off), and weight decay skips the embedding tables (nanoGPT decays every matrix,
  the tied token table included); see :func:`dlbook.training.decay_groups`.

The task records carry ``scores``, not ``selected``: the split has no test part, so nothing
is selected; ``final_valid_loss`` is the number to set beside nanoGPT's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import torch

from dlbook.device import seed_everything
from dlbook.training import block_means
from dlbook.transformer import CharTransformer

#: nanoGPT's published validation loss for the recipe below (nats per character, about).
NANOGPT_VALID_LOSS = 1.88
#: nanoGPT's README's best validation loss for its "baby GPT" on ``shakespeare_char``: 6 layers,
#: 6 heads, 384 channels, context 256, dropout 0.2, about 10.7M parameters, about three minutes
#: on one A100 GPU (nats per character; estimated on random windows of 256 characters).
NANOGPT_GPU_VALID_LOSS = 1.4697
#: That run's protocol, from nanoGPT's ``config/train_shakespeare_char.py``.
NANOGPT_GPU_PROTOCOL = {"layers": 6, "heads": 6, "dim": 384, "context": 256, "dropout": 0.2,
                        "batch": 64, "steps": 5000}
#: The batches of random windows from which nanoGPT's CPU recipe estimates its validation
#: loss (``eval_iters``; 200 by default).
NANOGPT_EVAL_BATCHES = 20
#: The reference check's bar: the book's transformer must land within this of nanoGPT's figure.
REFERENCE_TOLERANCE = 0.05
#: nanoGPT's small-CPU recipe for ``shakespeare_char`` (its ``lr_decay_iters`` is
#: ``decay_steps``; ``min_lr`` the floor of the cosine), and where we evaluate.
REFERENCE_PROTOCOL = {"model": "CharTransformer", "layers": 4, "heads": 4, "dim": 128,
                      "context": 64, "dropout": 0.0, "batch": 12, "steps": 2000, "lr": 1e-3,
                      "betas": [0.9, 0.99], "weight_decay": 0.1, "warmup": 100,
                      "decay_steps": 2000, "min_lr": 1e-4, "clip": 1.0, "eval_every": 250}
REFERENCE_SEEDS = (0, 1, 2)
#: Training-loss curves are stored as means over blocks of this many steps.
TRAIN_CURVE_BLOCK = 50


def shakespeare_data() -> dict:
    """The pinned data of every Shakespeare study: the file's name and its SHA-256."""
    from dlbook import shakespeare

    return {"name": shakespeare.RELATIVE_PATH.as_posix(), "sha256": shakespeare.EXPECTED_SHA256}


def reference_schedule(config: dict) -> Callable[[int], float]:
    """The recipe's learning-rate factor: warm-up over ``warmup`` steps, then a cosine from
    ``lr`` down to ``min_lr`` at ``decay_steps`` (nanoGPT's ``get_lr`` divided by ``lr``)."""
    from dlbook.training import warmup_cosine

    return partial(warmup_cosine, warmup=config["warmup"], total=config["decay_steps"],
                   floor=config["min_lr"] / config["lr"])


def run_reference_task(config: dict, seed: int, data_dir: Path | None,
                       device: torch.device) -> dict:
    """One reference-check run as a task record's fields.

    Trains a :class:`~dlbook.transformer.CharTransformer` on the training split with the
    recipe in ``config`` (random windows from a ``seed``-drawn schedule, initial weights
    from ``seed``) and scores the whole validation split with non-overlapping windows of
    ``context`` before training, every ``eval_every`` updates and after the last.
    """
    from dlbook import shakespeare
    from dlbook.studies.selection import EvaluateEvery
    from dlbook.training import fit_next_token

    path = Path(data_dir) / shakespeare.RELATIVE_PATH if data_dir is not None else None
    text = shakespeare.load_shakespeare(path)  # refuses any other bytes
    split = shakespeare.shakespeare_split(text)
    vocab = split.vocab.size
    seed_everything(seed)  # the initial weights (and any dropout mask) come from the seed
    model = CharTransformer(vocab, context=config["context"], dim=config["dim"],
                            layers=config["layers"], heads=config["heads"],
                            dropout=config["dropout"]).to(device)
    # Whole split, windows of the context: each window is scored as nanoGPT scores one.
    watched = EvaluateEvery(model, split.valid, vocab=vocab, window=config["context"],
                            every=config["eval_every"], last=config["steps"])
    watched.evaluate(0)
    curve = fit_next_token(model, split.train, vocab=vocab, context=config["context"],
                           batch=config["batch"], steps=config["steps"], lr=config["lr"],
                           clip=config["clip"], log_every=1, seed=seed, on_step=watched,
                           weight_decay=config["weight_decay"], betas=tuple(config["betas"]),
                           schedule=reference_schedule(config))
    at, means = block_means(curve.losses, TRAIN_CURVE_BLOCK)
    return {
        "data": {**shakespeare_data(), "chars": len(text), "vocab": vocab,
                 "tokens": {"train": len(split.train), "valid": len(split.valid)}},
        "parameters": sum(p.numel() for p in model.parameters()),
        "curves": {"unit": "step", "train_loss": {"at": at, "value": means},
                   "valid_loss": {"at": watched.at, "value": watched.losses}},
        "scores": {"final_valid_loss": watched.losses[-1], "best_valid_loss": watched.best,
                   "best_step": float(watched.best_at), "final_train_loss": means[-1],
                   "train_seconds": curve.train_seconds,
                   "steps_per_second": curve.updates / curve.train_seconds},
    }
