"""The two task studies: Chapter 3's memory test and Chapter 5's copy sweep, seed by seed.

Each chapter runs a handful of seeds live; these studies run the same protocols on many
seeds through the Slurm pipeline (:mod:`dlbook.studies.experiments`), one record per (configuration,
seed), so that the chapters can report rates with intervals instead of three coin flips.

Their data are drawn from the seed, so what a record pins is the *generator*: the SHA-256 of
a reference draw (seed 0) that every record of the study must share, next to the SHA-256 of
the draw its own seed made. A change to the generator changes the reference and the loader
refuses the old records.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import torch

from dlbook.training import block_means

#: The memory test's protocol: the defaults of :func:`dlbook.recall.run_memory_test`.
MEMORY_PROTOCOL = {"epochs": 80, "n_train": 2000, "n_test": 500, "length": 80, "vocab": 4,
                   "hidden": 32, "lr": 3e-3, "batch": 128, "clip": 1.0}
#: Chapter 3's three seeds first, then enough more for a rate with an interval.
MEMORY_SEEDS = (0, 1, 6050, *range(2, 19))
#: The follow-up that tells "slow" from "never": the contenders that mostly failed within
#: 80 epochs (at most 2 of 20 runs solved), given four times as many, on the same seeds.
MEMORY_LONG_CONTENDERS = ("GRU", "GRU (update bias +1)", "LSTM")
MEMORY_LONG_EPOCHS = 4 * MEMORY_PROTOCOL["epochs"]
#: The runs measured after every epoch: the vanilla RNN against each kind of gated layer at
#: its default and with the bias that worked best, GRUs first; the first 10 seeds (the
#: question is how a run moves, not how often it succeeds).
MEMORY_DYNAMICS_CONTENDERS = ("GRU", "GRU (update bias +2)", "vanilla RNN", "LSTM",
                              "LSTM (forget bias +1)")
MEMORY_DYNAMICS_SEEDS = MEMORY_SEEDS[:10]

#: Chapter 5's copy sweep: lengths x widths, each with and without attention, at the
#: chapter's budget of ``steps`` and at ``LONG_FACTOR`` times it.
COPY_LENGTHS = (4, 8, 16, 32)
COPY_WIDTHS = (16, 32, 64, 128)
COPY_PROTOCOL = {"task": "copy", "steps": 200, "batch": 128, "lr": 1e-2, "n_test": 300}
LONG_FACTOR = 4
COPY_SEEDS = (0, 1, 2, 3, 4)
#: Training-loss curves of the copy sweep are stored as means over blocks of this many steps.
COPY_CURVE_BLOCK = 10


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("+", "plus-")).strip("-")


def memory_test_configs() -> tuple[tuple[str, dict], ...]:
    """One configuration per contender, named by a slug of its name (``lstm-forget-bias-plus-1``).

    The GRU contenders, the slowest on a CPU, come first, so that an array running in task
    order finishes on short tasks.
    """
    from dlbook.recall import CONTENDERS

    names = sorted(CONTENDERS, key=lambda name: CONTENDERS[name][0] != "gru")
    return tuple((_slug(name), {"contender": name, **MEMORY_PROTOCOL}) for name in names)


def memory_chrono_configs() -> tuple[tuple[str, dict], ...]:
    """The seventh contender, chrono initialisation, under the memory test's own protocol."""
    from dlbook.recall import CHRONO

    return ((_slug(CHRONO), {"contender": CHRONO, **MEMORY_PROTOCOL}),)


def memory_dynamics_configs() -> tuple[tuple[str, dict], ...]:
    """:data:`MEMORY_DYNAMICS_CONTENDERS` under the memory test's protocol."""
    return tuple((_slug(name), {"contender": name, **MEMORY_PROTOCOL})
                 for name in MEMORY_DYNAMICS_CONTENDERS)


def memory_long_configs() -> tuple[tuple[str, dict], ...]:
    """:data:`MEMORY_LONG_CONTENDERS` at :data:`MEMORY_LONG_EPOCHS` epochs, GRUs first."""
    return tuple((f"{_slug(name)}-{MEMORY_LONG_EPOCHS}-epochs",
                  {"contender": name, **MEMORY_PROTOCOL, "epochs": MEMORY_LONG_EPOCHS})
                 for name in MEMORY_LONG_CONTENDERS)


def copy_sweep_configs() -> tuple[tuple[str, dict], ...]:
    """Every (budget, decoder, length, width) cell, costliest first, named like
    ``attention_L32_H128_800steps``."""
    configs = []
    for steps in (LONG_FACTOR * COPY_PROTOCOL["steps"], COPY_PROTOCOL["steps"]):
        for attention in (True, False):
            for length in reversed(COPY_LENGTHS):
                for hidden in reversed(COPY_WIDTHS):
                    decoder = "attention" if attention else "plain"
                    name = f"{decoder}_L{length}_H{hidden}_{steps}steps"
                    configs.append((name, {**COPY_PROTOCOL, "steps": steps, "length": length,
                                           "hidden": hidden, "attention": attention}))
    return tuple(configs)


def _sha256(tensor: torch.Tensor) -> str:
    return hashlib.sha256(tensor.to(torch.int64).contiguous().numpy().tobytes()).hexdigest()


def _memory_draw(seed: int) -> torch.Tensor:
    from dlbook.recall import make_recall_data

    tokens, _ = make_recall_data(MEMORY_PROTOCOL["n_train"] + MEMORY_PROTOCOL["n_test"],
                                 length=MEMORY_PROTOCOL["length"],
                                 vocab=MEMORY_PROTOCOL["vocab"], seed=seed)
    return tokens


def memory_test_data() -> dict:
    """The pinned generator of the memory test: its name and the SHA-256 of seed 0's draw."""
    return {"name": "memory-test-draws", "sha256": _sha256(_memory_draw(0))}


def run_memory_test_task(config: dict, seed: int, data_dir: Path | None,
                         device: torch.device, *, on_epoch=None) -> dict:
    """One memory-test run as a record's fields: the test accuracy, the signal at birth, the
    step-1 share at birth (largest over the gates) and the per-epoch training loss.
    ``on_epoch`` goes to :func:`dlbook.recall.train_recall`."""
    from dlbook.recall import run_memory_test, step_one_share_at_birth

    protocol = {key: config[key] for key in MEMORY_PROTOCOL}
    result = run_memory_test(config["contender"], seed, **protocol, on_epoch=on_epoch)
    shares = step_one_share_at_birth(
        config["contender"], seed, **{key: protocol[key] for key in
                                      ("n_train", "n_test", "length", "vocab", "hidden", "batch")})
    parameters = sum(v.numel() for v in result["state_dict"].values())
    losses = result["losses"]
    return {
        "data": {**memory_test_data(), "draw_sha256": _sha256(_memory_draw(seed))},
        "parameters": parameters,
        "curves": {"unit": "epoch",
                   "train_loss": {"at": list(range(1, len(losses) + 1)), "value": losses}},
        "scores": {"test_accuracy": result["test_accuracy"],
                   "train_accuracy": result["train_accuracy"],
                   "signal_at_birth": result["signal_at_birth"],
                   "step_one_share": max(shares.values())},
    }


def memory_diagnostics(model: torch.nn.Module, probe: torch.Tensor) -> dict[str, float]:
    """What the memory test's model looks like now, on the probe sequences ``probe``: the
    signal (mean norm of the gradient at the first input, as at birth), and the layer's
    route to a long memory: a gated layer's mean summed keep-gate bias, a vanilla layer's
    spectral radius of its recurrent matrix. ``probe`` holds token ids ``(B, T)``. Touches
    no parameter's gradient, no RNG."""
    from dlbook.recall import signal_at_birth

    layer = model.rnn
    measured = {"signal": signal_at_birth(model, probe)}
    with torch.no_grad():
        if isinstance(layer, torch.nn.RNN):
            radius = torch.linalg.eigvals(layer.weight_hh_l0.double()).abs().max()
            measured["recurrent_radius"] = float(radius)
        else:
            hidden = layer.hidden_size
            keep = (layer.bias_ih_l0 + layer.bias_hh_l0)[hidden:2 * hidden]
            measured["keep_bias"] = float(keep.mean())
    return measured


def run_memory_dynamics_task(config: dict, seed: int, data_dir: Path | None,
                             device: torch.device) -> dict:
    """A memory-test run that also measures the model after every epoch
    (:func:`memory_diagnostics` on the first ``batch`` training sequences, the probe of the
    signal at birth). The measurements draw nothing random, so the run is the same run as
    the ``memory-test`` study's task of that contender and seed."""
    from dlbook.recall import ALL_CONTENDERS, RecallClassifier, make_recall_data

    tokens, _ = make_recall_data(config["n_train"] + config["n_test"], length=config["length"],
                                 vocab=config["vocab"], seed=seed)
    probe = tokens[:config["batch"]]
    series: dict[str, dict[str, list]] = {}

    def measure(epoch: int, model: torch.nn.Module) -> None:
        for name, value in memory_diagnostics(model, probe).items():
            series.setdefault(name, {"at": [], "value": []})
            series[name]["at"].append(epoch)
            series[name]["value"].append(value)

    kind, keep_bias = ALL_CONTENDERS[config["contender"]]  # the run's model, at birth
    measure(0, RecallClassifier(kind, vocab=config["vocab"], hidden=config["hidden"],
                                keep_bias=keep_bias, horizon=config["length"], seed=seed))
    fields = run_memory_test_task(config, seed, data_dir, device, on_epoch=measure)
    fields["curves"]["diagnostics"] = series
    return fields


def _copy_draw(seed: int) -> torch.Tensor:
    from dlbook.copytask import held_out_strings

    return torch.cat([held_out_strings(COPY_PROTOCOL["n_test"], length, seed=10_000 + seed)
                      .flatten() for length in COPY_LENGTHS])


def copy_sweep_data() -> dict:
    """The pinned generator of the copy sweep: the SHA-256 of seed 0's held-out strings."""
    return {"name": "copy-sweep-strings", "sha256": _sha256(_copy_draw(0))}


def run_copy_sweep_task(config: dict, seed: int, data_dir: Path | None,
                        device: torch.device) -> dict:
    """One copy-sweep cell as a record's fields: per-symbol, whole-sequence, termination and
    teacher-forced accuracy on the held-out strings, and the training loss in blocks."""
    from dlbook import copytask
    from dlbook.copytask import held_out_strings

    keys = ("task", "length", "hidden", "attention", "steps", "batch", "lr", "n_test")
    result = copytask.run_copy_cell(**{key: config[key] for key in keys}, seed=seed)
    at, means = block_means(result["losses"], COPY_CURVE_BLOCK)
    held_out = held_out_strings(config["n_test"], config["length"], seed=10_000 + seed)
    return {
        "data": {**copy_sweep_data(), "draw_sha256": _sha256(held_out)},
        "parameters": result["parameters"],
        "curves": {"unit": "step", "train_loss": {"at": at, "value": means}},
        "scores": {key: result[key] for key in ("symbol", "sequence", "termination",
                                                "forced", "final_loss")},
    }
