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
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch

from dlbook import budget_pilot, budget_study, records, shakespeare_studies, task_studies
from dlbook.device import make_generator, pick_device, seed_everything
from dlbook.selection import EvaluateEvery, run_charlm  # noqa: F401 - the studies' protocols


@dataclass(frozen=True)
class Study:
    """A grid of ``configs`` (name, config) x ``seeds`` and the function that runs one task.

    ``run(config, seed, data_dir, device)`` returns the record's ``data``, ``parameters``,
    ``curves`` and either ``selected`` (a language model) or ``scores`` (a task) fields.
    ``data()``, when the study's data are pinned, gives the ``data`` fields every record must
    carry (name and SHA-256); the loader enforces them. A ``cpu_only`` study computes on the
    CPU whatever device is present, and its records say so.
    """

    name: str
    configs: tuple[tuple[str, dict], ...]
    seeds: tuple[int, ...]
    run: Callable[[dict, int, Path | None, torch.device], dict]
    data: Callable[[], dict] | None = None
    cpu_only: bool = False

    def tasks(self) -> list[tuple[str, dict, int]]:
        return [(name, config, seed) for name, config in self.configs for seed in self.seeds]

    def grid(self) -> list[tuple[dict, int]]:
        return [(config, seed) for _, config, seed in self.tasks()]

    def label_keys(self) -> set[str]:
        """The config keys that tell the configurations apart: what their names stand for."""
        return {key for _, config in self.configs for key in config
                if len({json.dumps(c.get(key)) for _, c in self.configs}) > 1}

    def configure(self, name: str, overrides: dict) -> dict:
        """Configuration ``name`` with ``overrides`` applied: only existing keys, and never
        one that its name stands for (the record's label would no longer be true)."""
        config = dict(self.configs)[name]
        unknown = sorted(set(overrides) - set(config))
        if unknown:
            raise ValueError(f"overrides {unknown} are not configuration keys of study "
                             f"{self.name!r}; use one of {sorted(config)}")
        named = sorted(set(overrides) & self.label_keys())
        if named:
            raise ValueError(f"overrides may not change {named}: configuration {name!r} is "
                             f"named after them; run another task of the grid instead")
        return {**config, **overrides}


def _book_corpus_data() -> dict:
    from dlbook import corpus

    return {"name": corpus.SNAPSHOT_NAME, "sha256": corpus.EXPECTED_SHA256}


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


def _tiny_data() -> dict:
    return {"name": "tiny-synthetic", "sha256": hashlib.sha256(tiny_text().encode()).hexdigest()}


def _tiny_corpus(config, seed, data_dir, device):
    text = tiny_text()
    return run_charlm(config, seed, text, {**_tiny_data(), "chars": len(text)}, device)


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
                                               for h in (64, 128, 256)), (0, 1, 2), _book_corpus,
                          _book_corpus_data),
    # The token files' digests are not pinned (the archive could not be fetched here), so
    # the loader checks only that every record of the study read the same files.
    "wikitext2-lstm": Study("wikitext2-lstm", _wikitext_configs(), (0, 1, 2), _wikitext),
    # Chapters 3 and 5 on many seeds; both protocols compute on the CPU.
    "memory-test": Study("memory-test", task_studies.memory_test_configs(),
                         task_studies.MEMORY_SEEDS, task_studies.run_memory_test_task,
                         task_studies.memory_test_data, cpu_only=True),
    "copy-sweep": Study("copy-sweep", task_studies.copy_sweep_configs(), task_studies.COPY_SEEDS,
                        task_studies.run_copy_sweep_task, task_studies.copy_sweep_data,
                        cpu_only=True),
    # Chapter 6's reference check: nanoGPT's small-CPU recipe, on the pinned file.
    "shakespeare-reference": Study(
        "shakespeare-reference", (("nanogpt-cpu", shakespeare_studies.REFERENCE_PROTOCOL),),
        shakespeare_studies.REFERENCE_SEEDS, shakespeare_studies.run_reference_task,
        shakespeare_studies.shakespeare_data, cpu_only=True),
    # Chapter 6's pilot: each kind's size and learning rate for the equal-budget study.
    "shakespeare-pilot": Study(
        "shakespeare-pilot", budget_pilot.pilot_configs(), budget_pilot.PILOT_SEEDS,
        budget_study.run_budget_task, shakespeare_studies.shakespeare_data, cpu_only=True),
    # Its second round: small batches, after the first left every transformer far behind
    # the reference recipe.
    "shakespeare-pilot-small-batch": Study(
        "shakespeare-pilot-small-batch", budget_pilot.pilot_small_batch_configs(),
        budget_pilot.PILOT_SEEDS, budget_study.run_budget_task,
        shakespeare_studies.shakespeare_data, cpu_only=True),
    # Its third round: one step past the learning rates at the edge of the second.
    "shakespeare-pilot-edge": Study(
        "shakespeare-pilot-edge",
        budget_pilot.pilot_small_batch_configs(budget_pilot.PILOT_EDGE_CANDIDATES),
        budget_pilot.PILOT_SEEDS, budget_study.run_budget_task,
        shakespeare_studies.shakespeare_data, cpu_only=True),
    # Its fourth and last round: one more step past the edges the third left.
    "shakespeare-pilot-last": Study(
        "shakespeare-pilot-last",
        budget_pilot.pilot_small_batch_configs(budget_pilot.PILOT_LAST_CANDIDATES),
        budget_pilot.PILOT_SEEDS, budget_study.run_budget_task,
        shakespeare_studies.shakespeare_data, cpu_only=True),
    # Chapter 6's study: each kind's pilot choice for 15 minutes of one thread, three seeds.
    "shakespeare-budget": Study(
        "shakespeare-budget", budget_study.study_configs(), budget_study.STUDY_SEEDS,
        budget_study.run_budget_task, shakespeare_studies.shakespeare_data, cpu_only=True),
    "tiny": Study("tiny", tuple((f"hidden={h}", {**TINY_PROTOCOL, "hidden": h}) for h in (8, 16)),
                  (0, 1), _tiny_corpus, _tiny_data),
}


def get_study(name: str) -> Study:
    if name not in STUDIES:
        raise ValueError(f"study must be one of {sorted(STUDIES)}, got {name!r}")
    return STUDIES[name]


def load_study(name: str, directory: str | Path | None = None) -> list[dict]:
    """The committed records of study ``name`` (default ``data/runs/<name>``), validated and
    checked against its grid: a missing, extra or duplicated record is an error, so no
    chapter can draw a table from a partial study."""
    from dlbook.corpus import data_dir

    where = Path(directory) if directory is not None else data_dir() / "runs" / name
    found = records.load_records(where, experiment=name)
    if not found:
        raise ValueError(f"no records of study {name!r} in {where}; run it through "
                         f"code/cluster/submit.py and collect it (Appendix C)")
    records.check_grid(found, get_study(name).grid())
    return found


def run_task(study: str, task_id: int, out: str | Path, *, data_dir: str | Path | None = None,
             overrides: dict | None = None, force: bool = False) -> Path:
    """Run task ``task_id`` of ``study`` on :func:`dlbook.device.pick_device`'s device and
    write its record into ``out``; ``overrides`` replace config values (and are recorded).
    A record of this task already in ``out`` from another configuration is refused before
    training starts, unless ``force``."""
    chosen = get_study(study)
    tasks = chosen.tasks()
    if isinstance(task_id, bool) or not isinstance(task_id, int) or not 0 <= task_id < len(tasks):
        raise ValueError(f"task_id must be an int in [0, {len(tasks)}) for study {study!r}, "
                         f"got {task_id!r}")
    name, _, seed = tasks[task_id]
    config = chosen.configure(name, overrides or {})
    target = {"experiment": study, "config_name": name, "seed": seed}
    if not force:
        records.check_overwrite(Path(out) / records.record_filename(target), config)
    device = torch.device("cpu") if chosen.cpu_only else pick_device()
    began = time.perf_counter()
    result = chosen.run(config, seed, Path(data_dir) if data_dir else None, device)
    record = records.make_record(
        experiment=study, config_name=name, config=config, seed=seed,
        wall_seconds=time.perf_counter() - began, device=device, **result)
    return records.write_record(record, out, force=force)


def _parse_override(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--set takes KEY=JSON, got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        raise argparse.ArgumentTypeError(f"--set {text!r}: the value must be JSON, e.g. "
                                         f"steps=100 or model='\"LSTM\"'") from None


def positive_int_arg(text: str) -> int:
    """An argparse type: a positive integer, or a usage error that names the value."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlbook.experiments", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the studies and their number of tasks")
    tasks = commands.add_parser("tasks", help="print task ids with their config and seed")
    tasks.add_argument("--study", required=True)
    run = commands.add_parser("run", help="run one task and write its record")
    run.add_argument("--study", required=True)
    run.add_argument("--task-id", type=int, default=None, help="default: $SLURM_ARRAY_TASK_ID")
    run.add_argument("--out", required=True, help="directory for the record")
    run.add_argument("--data", default=None, help="data directory (study-specific)")
    run.add_argument("--threads", type=positive_int_arg, default=None,
                     help="torch intra-op threads (default: $SLURM_CPUS_PER_TASK or 1)")
    run.add_argument("--set", type=_parse_override, action="append", default=[],
                     metavar="KEY=JSON", help="override a config value (it is recorded)")
    run.add_argument("--force", action="store_true",
                     help="replace a record in --out made with another configuration")
    check = commands.add_parser("check", help="validate records against the study's grid")
    check.add_argument("--study", required=True)
    check.add_argument("directory")
    args = parser.parse_args(argv)
    if args.command == "run":
        task = os.environ.get("SLURM_ARRAY_TASK_ID", "")
        if args.task_id is None and task:
            if not task.isdigit():
                parser.error(f"$SLURM_ARRAY_TASK_ID must be an integer, got {task!r}")
            args.task_id = int(task)
        if args.threads is None:
            try:
                args.threads = positive_int_arg(os.environ.get("SLURM_CPUS_PER_TASK", "1"))
            except argparse.ArgumentTypeError as error:
                parser.error(f"$SLURM_CPUS_PER_TASK {error}; unset it or pass --threads")
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
        try:
            path = run_task(args.study, int(args.task_id), args.out, data_dir=args.data,
                            overrides=dict(args.set), force=args.force)
        except ValueError as error:
            print(f"dlbook.experiments: {error}", file=sys.stderr)
            return 1
        print(path)
    else:
        try:
            found = records.load_records(args.directory, experiment=args.study)
            records.check_grid(found, get_study(args.study).grid())
        except ValueError as error:
            print(f"dlbook.experiments: {error}", file=sys.stderr)
            return 1
        print(f"{len(found)} records of {args.study} match its grid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
