"""Chapter 3's third pass: three follow-ups of the memory test, on its twenty seeds.

- ``memory-test-long-solvers``: the contenders the chapter compares that the first long
  follow-up (``memory-test-long``) left out, at its 320 epochs, so that every comparison can
  be read at 80 and at 320 epochs.
- ``memory-test-rate``: the vanilla RNN and the two default gates at three learning rates.
- ``memory-test-gates``: the keep gate measured where it acts, after every epoch
  (:func:`dlbook.recall_probes.keep_gate_measures`), or a vanilla layer's recurrent radius.

All three score the held-out sequences every :data:`MEMORY_TEST_EVERY` epochs and, at the
end, the sequences with their endings redrawn
(:func:`dlbook.recall_probes.suffix_scrambled_accuracy`): the test of the suffix-lookup
hypothesis. No measurement draws from PyTorch's global
generator, so each run trains exactly as the ``memory-test`` run of its contender and seed.
"""

from __future__ import annotations

from pathlib import Path

import torch

from dlbook.studies.task_studies import (
    MEMORY_DYNAMICS_CONTENDERS,
    MEMORY_LONG_EPOCHS,
    MEMORY_PROTOCOL,
    _slug,
    run_memory_test_task,
)

#: The second long follow-up: the contenders the chapter compares
#: that the first left out, at the same 320 epochs on the same seeds.
MEMORY_LONG_SOLVER_CONTENDERS = ("GRU (update bias +2)", "LSTM (forget bias +1)",
                                 "LSTM (chrono init)", "vanilla RNN")
#: The learning-rate control: the vanilla RNN and the two default gates at the chapter's
#: rate and a third of it and three times it (each ran at 3e-3 only before).
MEMORY_RATE_CONTENDERS = ("GRU", "LSTM", "vanilla RNN")
MEMORY_RATES = (1e-3, 3e-3, 1e-2)
#: The gates measured where they act: the dynamics study's contenders and chrono.
MEMORY_GATE_CONTENDERS = (*MEMORY_DYNAMICS_CONTENDERS, "LSTM (chrono init)")
#: These three studies score the held-out sequences every this many epochs...
MEMORY_TEST_EVERY = 10
#: ...and, at the end, score the sequences with their last k tokens redrawn, for these k, and,
#: as the control, with the k tokens after the first redrawn.
MEMORY_SCRAMBLE_KS = (0, 1, 2, 4, 8, 16, 32, 64, 79)
#: The gate study keeps each unit's numbers at these epochs (summaries at every epoch).
MEMORY_GATE_UNIT_EPOCHS = (0, 1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80)

def memory_long_solver_configs() -> tuple[tuple[str, dict], ...]:
    """:data:`MEMORY_LONG_SOLVER_CONTENDERS` at :data:`MEMORY_LONG_EPOCHS` epochs."""
    return tuple((f"{_slug(name)}-{MEMORY_LONG_EPOCHS}-epochs",
                  {"contender": name, **MEMORY_PROTOCOL, "epochs": MEMORY_LONG_EPOCHS})
                 for name in MEMORY_LONG_SOLVER_CONTENDERS)


def memory_rate_configs() -> tuple[tuple[str, dict], ...]:
    """:data:`MEMORY_RATE_CONTENDERS` at each of :data:`MEMORY_RATES` (``gru-lr-0.001``)."""
    return tuple((f"{_slug(name)}-lr-{lr:g}", {"contender": name, **MEMORY_PROTOCOL, "lr": lr})
                 for name in MEMORY_RATE_CONTENDERS for lr in MEMORY_RATES)


def memory_gate_configs() -> tuple[tuple[str, dict], ...]:
    """:data:`MEMORY_GATE_CONTENDERS` under the memory test's protocol."""
    return tuple((_slug(name), {"contender": name, **MEMORY_PROTOCOL})
                 for name in MEMORY_GATE_CONTENDERS)


def _series(series: dict, name: str, at: int, value: float) -> None:
    entry = series.setdefault(name, {"at": [], "value": []})
    entry["at"].append(at)
    entry["value"].append(float(f"{value:.6g}"))  # six digits: the records stay small


def _probed_run(config: dict, seed: int, *, measure_gates: bool) -> dict:
    """A memory-test run scored on its held-out sequences every :data:`MEMORY_TEST_EVERY`
    epochs and, at the end, on sequences with their endings redrawn
    (:data:`MEMORY_SCRAMBLE_KS`); with ``measure_gates``, also the keep gate (or the
    vanilla layer's recurrent radius) after every epoch. Every measurement is a forward
    pass without randomness of PyTorch's global generator, so the run trains exactly as
    the ``memory-test`` study's run of its configuration and seed."""
    from dlbook.recall import ALL_CONTENDERS, RecallClassifier, accuracy, make_recall_data
    from dlbook.recall_probes import keep_gate_measures, suffix_scrambled_accuracy

    n_train, epochs = config["n_train"], config["epochs"]
    tokens, labels = make_recall_data(n_train + config["n_test"], length=config["length"],
                                      vocab=config["vocab"], seed=seed)
    held_out = tokens[n_train:], labels[n_train:]
    series: dict[str, dict[str, list]] = {}

    def measure_gate(epoch: int, model: torch.nn.Module) -> None:
        layer = model.rnn
        if isinstance(layer, torch.nn.RNN):
            with torch.no_grad():
                radius = torch.linalg.eigvals(layer.weight_hh_l0.double()).abs().max()
            _series(series, "recurrent_radius", epoch, float(radius))
            return
        measures = keep_gate_measures(layer, model.encode(held_out[0]))
        for name in ("activation", "log10_retention", "bias"):
            _series(series, f"keep_{name}_mean", epoch, measures[name].mean().item())
            _series(series, f"keep_{name}_max", epoch, measures[name].max().item())
        if epoch in MEMORY_GATE_UNIT_EPOCHS:
            for name, values in measures.items():
                for unit, value in enumerate(values.tolist()):
                    _series(series, f"keep_{name}_unit={unit:02d}", epoch, value)

    def on_epoch(epoch: int, model: torch.nn.Module) -> None:
        if epoch % MEMORY_TEST_EVERY == 0:
            _series(series, "test_accuracy", epoch, accuracy(model, *held_out))
        if measure_gates:
            measure_gate(epoch, model)
        if epoch == epochs:
            for k in (k for k in MEMORY_SCRAMBLE_KS if k < config["length"]):
                for part, (x, y) in (("train", (tokens[:n_train], labels[:n_train])),
                                     ("test", held_out)):
                    _series(series, f"scrambled_{part}_accuracy", k,
                            suffix_scrambled_accuracy(model, x, y, k, seed=20_000 + seed))
                    _series(series, f"early_scrambled_{part}_accuracy", k,
                            suffix_scrambled_accuracy(model, x, y, k, seed=20_000 + seed,
                                                      at="start"))

    if measure_gates:
        kind, keep_bias = ALL_CONTENDERS[config["contender"]]
        measure_gate(0, RecallClassifier(kind, vocab=config["vocab"], hidden=config["hidden"],
                                         keep_bias=keep_bias, horizon=config["length"],
                                         seed=seed))
    fields = run_memory_test_task(config, seed, None, torch.device("cpu"), on_epoch=on_epoch)
    fields["curves"]["diagnostics"] = series
    return fields


def run_memory_probed_task(config: dict, seed: int, data_dir: Path | None,
                           device: torch.device) -> dict:
    """A memory-test run with held-out scores along the way and the ending-redraw test at
    the end (see :func:`_probed_run`): the second long follow-up and the rate control."""
    return _probed_run(config, seed, measure_gates=False)


def run_memory_gate_task(config: dict, seed: int, data_dir: Path | None,
                         device: torch.device) -> dict:
    """:func:`run_memory_probed_task` that also measures the keep gate after every epoch
    (:func:`keep_gate_measures` on the held-out sequences) or a vanilla layer's radius."""
    return _probed_run(config, seed, measure_gates=True)
