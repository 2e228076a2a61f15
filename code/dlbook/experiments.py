"""The book's studies as declared grids, and the command that runs one task and records it.

A *study* is a list of named configurations crossed with a list of seeds. Task ``N`` of a
study is one (configuration, seed) pair, in configuration-major order, so a Slurm job array
``--array=0-(n-1)`` runs the whole grid, one task per array element::

    python -m dlbook.experiments list
    python -m dlbook.experiments run --study charlm-width --task-id 4 --out runs/charlm-width
    python -m dlbook.experiments check --study charlm-width data/runs/charlm-width

Each run writes one result record (:mod:`dlbook.records`) and nothing else is ever written
into a record: its numbers come from the training that just ran.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn

from dlbook import records
from dlbook.device import make_generator, pick_device, seed_everything


@dataclass(frozen=True)
class Study:
    """A grid of ``configs`` (name, config) x ``seeds`` and the function that runs one task.

    ``run(config, seed, data_dir, device)`` returns the record's ``data``, ``parameters``,
    ``curves`` and ``selected`` fields.
    """

    name: str
    configs: tuple[tuple[str, dict], ...]
    seeds: tuple[int, ...]
    run: Callable[[dict, int, Path | None, torch.device], dict]

    def tasks(self) -> list[tuple[str, dict, int]]:
        return [(name, config, seed) for name, config in self.configs for seed in self.seeds]

    def grid(self) -> list[tuple[dict, int]]:
        return [(config, seed) for _, config, seed in self.tasks()]


class EvaluateEvery(nn.Module):
    """Wrap a model so that the unchanged next-token trainer also selects a checkpoint.

    Before every ``every``-th training forward pass (that is, after 0, ``every``,
    ``2 every``, ... optimizer updates) it scores the wrapped model on ``valid`` with the
    fixed-window evaluation and keeps a copy of the best state. Training itself is untouched:
    one optimizer, one window schedule, exactly as in Chapter 4.
    """

    def __init__(self, model: nn.Module, valid: torch.Tensor, *, vocab: int, window: int,
                 every: int):
        super().__init__()
        self.model, self.valid, self.vocab, self.window, self.every = (
            model, valid, vocab, window, every)
        self.updates, self.at, self.losses = 0, [], []
        self.best, self.best_at, self.best_state = math.inf, 0, None

    def evaluate(self) -> None:
        from dlbook.evaluation import fixed_window_loss

        loss = fixed_window_loss(self.model, self.valid, vocab=self.vocab, window=self.window)
        self.at.append(self.updates)
        self.losses.append(loss)
        if loss < self.best:
            self.best, self.best_at = loss, self.updates
            self.best_state = copy.deepcopy(self.model.state_dict())

    def forward(self, x: torch.Tensor, state=None):
        if self.updates % self.every == 0:
            self.evaluate()
        self.updates += 1  # the trainer steps the optimizer once per forward pass
        return self.model(x, state)


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
                            every=config["eval_every"])
    curve = fit_next_token(watched, train, vocab=vocab.size, context=config["context"],
                           batch=config["batch"], steps=config["steps"], lr=config["lr"],
                           clip=config["clip"], log_every=config["eval_every"], seed=seed)
    watched.evaluate()  # the final state, after the last update
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


def _book_corpus(config, seed, data_dir, device):
    from dlbook import corpus

    path = Path(data_dir) / "corpus" / corpus.SNAPSHOT_NAME if data_dir else None
    text = corpus.load_snapshot(path)
    data = {"name": corpus.SNAPSHOT_NAME, "sha256": corpus.sha256_of(text), "chars": len(text)}
    return run_charlm(config, seed, text, data, device)


def tiny_text(*, words: int = 3000, seed: int = 1234) -> str:
    """A synthetic corpus: ``words`` words drawn from a six-word lexicon by a fixed seed."""
    lexicon = ["the", "cat", "sat", "on", "a", "mat"]
    draws = torch.randint(0, len(lexicon), (words,), generator=make_generator(seed))
    return " ".join(lexicon[i] for i in draws.tolist()) + "\n"


def _tiny_corpus(config, seed, data_dir, device):
    text = tiny_text()
    data = {"name": "tiny-synthetic", "sha256": hashlib.sha256(text.encode()).hexdigest(),
            "chars": len(text)}
    return run_charlm(config, seed, text, data, device)


def _wikitext(config, seed, data_dir, device):
    from dlbook import wikitext

    where = data_dir or os.environ.get("DLBOOK_WIKITEXT", "")
    if not where:
        raise ValueError("the wikitext2-lstm study needs the token files: pass --data DIR or "
                         "set DLBOOK_WIKITEXT (fetch them with dlbook.wikitext."
                         "download_wikitext2(DIR))")
    data = wikitext.load_wikitext(where)
    seed_everything(seed)  # initial weights and dropout masks come from the seed
    model = wikitext.TiedLSTM(data.vocab.size, dim=config["dim"], layers=config["layers"],
                              dropout=config["dropout"]).to(device)
    hyper = {k: config[k] for k in ("batch", "eval_batch", "bptt", "epochs", "lr", "lr_decay",
                                    "clip")}
    result = wikitext.train_wikitext(model, data, **hyper)
    return {"data": {"name": "wikitext-2-v1", "sha256": data.sha256, "vocab": data.vocab.size},
            "parameters": wikitext.count_parameters(model), **result}


CHAR_PROTOCOL = {"model": "CharLSTM", "embed": 64, "layers": 1, "context": 100, "batch": 64,
                 "steps": 2501, "lr": 2e-3, "clip": 1.0, "window": 100, "eval_every": 250,
                 "train_fraction": 0.9}
TINY_PROTOCOL = {**CHAR_PROTOCOL, "embed": 8, "context": 16, "batch": 8, "steps": 30,
                 "lr": 1e-2, "window": 16, "eval_every": 10}
WIKITEXT_RECIPE = {"model": "TiedLSTM", "batch": 20, "eval_batch": 10, "bptt": 35,
                   "epochs": 40, "lr": 20.0, "lr_decay": 4.0, "clip": 0.25}


def _wikitext_configs() -> tuple[tuple[str, dict], ...]:
    from dlbook.wikitext import SIZES

    return tuple((name, {**WIKITEXT_RECIPE, "size": name, **SIZES[name]}) for name in SIZES)


STUDIES: dict[str, Study] = {
    "charlm-width": Study("charlm-width", tuple((f"hidden={h}", {**CHAR_PROTOCOL, "hidden": h})
                                               for h in (64, 128, 256)), (0, 1, 2), _book_corpus),
    "wikitext2-lstm": Study("wikitext2-lstm", _wikitext_configs(), (0, 1, 2), _wikitext),
    "tiny": Study("tiny", tuple((f"hidden={h}", {**TINY_PROTOCOL, "hidden": h}) for h in (8, 16)),
                  (0, 1), _tiny_corpus),
}


def get_study(name: str) -> Study:
    if name not in STUDIES:
        raise ValueError(f"study must be one of {sorted(STUDIES)}, got {name!r}")
    return STUDIES[name]


def run_task(study: str, task_id: int, out: str | Path, *, data_dir: str | Path | None = None,
             overrides: dict | None = None) -> Path:
    """Run task ``task_id`` of ``study`` on :func:`dlbook.device.pick_device`'s device and
    write its record into ``out``; ``overrides`` replace config values (and are recorded)."""
    chosen = get_study(study)
    tasks = chosen.tasks()
    if isinstance(task_id, bool) or not isinstance(task_id, int) or not 0 <= task_id < len(tasks):
        raise ValueError(f"task_id must be an int in [0, {len(tasks)}) for study {study!r}, "
                         f"got {task_id!r}")
    name, config, seed = tasks[task_id]
    config = {**config, **(overrides or {})}
    device = pick_device()
    began = time.perf_counter()
    result = chosen.run(config, seed, Path(data_dir) if data_dir else None, device)
    record = records.make_record(
        experiment=study, config_name=name, config=config, seed=seed,
        wall_seconds=time.perf_counter() - began, device=device, **result)
    return records.write_record(record, out)


def _parse_override(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--set takes KEY=VALUE, got {text!r}")
    return key, json.loads(value)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlbook.experiments", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the studies and their number of tasks")
    tasks = commands.add_parser("tasks", help="print task ids with their config and seed")
    tasks.add_argument("--study", required=True)
    run = commands.add_parser("run", help="run one task and write its record")
    run.add_argument("--study", required=True)
    run.add_argument("--task-id", type=int, default=os.environ.get("SLURM_ARRAY_TASK_ID"),
                     help="default: $SLURM_ARRAY_TASK_ID")
    run.add_argument("--out", required=True, help="directory for the record")
    run.add_argument("--data", default=None, help="data directory (study-specific)")
    run.add_argument("--threads", type=int,
                     default=int(os.environ.get("SLURM_CPUS_PER_TASK", "1")),
                     help="torch intra-op threads (default: $SLURM_CPUS_PER_TASK or 1)")
    run.add_argument("--set", type=_parse_override, action="append", default=[],
                     metavar="KEY=JSON", help="override a config value (it is recorded)")
    check = commands.add_parser("check", help="validate records against the study's grid")
    check.add_argument("--study", required=True)
    check.add_argument("directory")
    args = parser.parse_args(argv)
    if args.command == "list":
        for study in STUDIES.values():
            print(f"{study.name}\t{len(study.tasks())} tasks")
    elif args.command == "tasks":
        for i, (name, _, seed) in enumerate(get_study(args.study).tasks()):
            print(f"{i}\t{name}\tseed={seed}")
    elif args.command == "run":
        if args.task_id is None:
            parser.error("--task-id is required outside a Slurm array")
        torch.set_num_threads(args.threads)
        path = run_task(args.study, int(args.task_id), args.out, data_dir=args.data,
                        overrides=dict(args.set))
        print(path)
    else:
        found = records.load_records(args.directory, experiment=args.study)
        records.check_grid(found, get_study(args.study).grid())
        print(f"{len(found)} records of {args.study} match its grid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
