"""The book's studies as declared grids, and the function that runs one task and records it.

A *study* (:class:`~dlbook.studies.study.Study`) is a list of named configurations crossed
with a list of seeds. Task ``N`` of a study is one (configuration, seed) pair, in
configuration-major order, so a Slurm job array ``--array=0-(n-1)`` runs the whole grid, one
task per array element, through the command line of :mod:`dlbook.studies.cli`::

    python -m dlbook.studies list
    python -m dlbook.studies run --study charlm-width --task-id 4 --out "$SCRATCH/runs/width"
    python -m dlbook.studies check --study charlm-width data/runs/charlm-width

Write records outside the checkout. An ``--out`` inside it is left out of the record's dirty
check, but every other untracked file counts: the records of a second study's folder there
would make the first one's dirty, and ``collect`` would refuse them.

Each run writes one result record (:mod:`dlbook.studies.records`) and nothing else is ever
written into a record: its numbers come from the training that just ran.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import torch

from dlbook.device import make_generator, pick_device, seed_everything
from dlbook.studies import (
    budget_pilot,
    budget_study,
    cpu_budget,
    cpu_final,
    cpu_settings,
    cpu_sizes,
    memory_followups,
    provenance,
    records,
    shakespeare_studies,
    task_studies,
)
from dlbook.studies.selection import run_charlm
from dlbook.studies.study import ReadKeys, Study


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


def _memory_study(name: str, configs: tuple, run=task_studies.run_memory_test_task, *,
                  seeds: tuple = task_studies.MEMORY_SEEDS) -> Study:
    """One of Chapter 3's memory studies: its seeds, its data, on the CPU."""
    return Study(name, configs, seeds, run, task_studies.memory_test_data, cpu_only=True)


STUDIES: dict[str, Study] = {
    "charlm-width": Study("charlm-width", tuple((f"hidden={h}", {**CHAR_PROTOCOL, "hidden": h})
                                               for h in (64, 128, 256)), (0, 1, 2), _book_corpus,
                          _book_corpus_data, descriptive=("model",)),
    # The token files' digests are not pinned (the archive could not be fetched here), so
    # the loader checks only that every record of the study read the same files.
    "wikitext2-lstm": Study("wikitext2-lstm", _wikitext_configs(), (0, 1, 2), _wikitext,
                            descriptive=("model", "size")),
    # Chapters 3 and 5 on many seeds; both protocols compute on the CPU.
    "memory-test": _memory_study("memory-test", task_studies.memory_test_configs()),
    # Chapter 3's follow-ups: chrono initialisation as a seventh contender, and the
    # contenders that mostly failed at 80 epochs given four times as many.
    "memory-test-chrono": _memory_study("memory-test-chrono",
                                        task_studies.memory_chrono_configs()),
    "memory-test-long": _memory_study("memory-test-long", task_studies.memory_long_configs()),
    # Some of the same runs again, measured after every epoch: how a contender's signal and
    # its route to a long memory (keep-gate bias, recurrent radius) move as it trains.
    "memory-test-dynamics": _memory_study("memory-test-dynamics",
                                          task_studies.memory_dynamics_configs(),
                                          task_studies.run_memory_dynamics_task,
                                          seeds=task_studies.MEMORY_DYNAMICS_SEEDS),
    # Chapter 3's third pass: the long budget for the contenders the first follow-up left
    # out, a learning-rate control, and the keep gate measured where it acts; all three
    # score the held-out sequences every 10 epochs and with their endings redrawn.
    "memory-test-long-solvers": _memory_study("memory-test-long-solvers",
                                              memory_followups.memory_long_solver_configs(),
                                              memory_followups.run_memory_probed_task),
    "memory-test-rate": _memory_study("memory-test-rate", memory_followups.memory_rate_configs(),
                                      memory_followups.run_memory_probed_task),
    "memory-test-gates": _memory_study("memory-test-gates",
                                       memory_followups.memory_gate_configs(),
                                       memory_followups.run_memory_gate_task),
    "copy-sweep": Study("copy-sweep", task_studies.copy_sweep_configs(), task_studies.COPY_SEEDS,
                        task_studies.run_copy_sweep_task, task_studies.copy_sweep_data,
                        cpu_only=True),
    # Chapter 6's reference check: nanoGPT's small-CPU recipe, on the pinned file.
    "shakespeare-reference": Study(
        "shakespeare-reference", (("nanogpt-cpu", shakespeare_studies.REFERENCE_PROTOCOL),),
        shakespeare_studies.REFERENCE_SEEDS, shakespeare_studies.run_reference_task,
        shakespeare_studies.shakespeare_data, cpu_only=True, descriptive=("model",)),
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
    # Chapter 6's second study (budgets of CPU time), by the rule in dlbook.studies.cpu_budget
    **cpu_budget.cpu_studies(),
    **cpu_sizes.size_studies(),  # its third: sizes, warm-up, rates (by its rule)
    **cpu_final.final_studies(),  # and the grid of the third's choices
    **cpu_settings.setting_studies(),  # and the rounds after it that recheck one setting
    "tiny": Study("tiny", tuple((f"hidden={h}", {**TINY_PROTOCOL, "hidden": h}) for h in (8, 16)),
                  (0, 1), _tiny_corpus, _tiny_data, descriptive=("model",)),
}


def get_study(name: str) -> Study:
    if name not in STUDIES:
        raise ValueError(f"study must be one of {sorted(STUDIES)}, got {name!r}")
    return STUDIES[name]


def study_files(name: str, directory: str | Path, *,
                allow_dirty: bool = False) -> list[tuple[Path, dict]]:
    """``(path, record)`` of every record in ``directory``, each validated
    (:func:`dlbook.studies.records.load_record_files`) and checked against what study
    ``name`` declares: its pinned data, its configuration names and their labels."""
    study = get_study(name)  # an unknown name is refused by name, before any file is read
    found = records.load_record_files(directory, experiment=name, allow_dirty=allow_dirty)
    study.check_records(found)
    return found


def load_study(name: str, directory: str | Path | None = None) -> list[dict]:
    """The committed records of study ``name`` (default ``data/runs/<name>``), validated and
    checked against its grid: a missing, extra or duplicated record is an error, so no
    chapter can draw a table from a partial study."""
    from dlbook.corpus import data_dir

    get_study(name)
    where = Path(directory) if directory is not None else data_dir() / "runs" / name
    here = Path(os.path.abspath(where))
    for folder in (here, here.parent):  # a group's records may wait in its study's backup
        beside = sorted(folder.parent.iterdir()) if folder.parent.is_dir() else []
        left = [p.name for p in beside if p.name.startswith(
            (f".{folder.name}.old-", f".{folder.name}.collect-journal"))]
        if left:  # what code/cluster/collect.py leaves beside a folder while it swaps it
            raise ValueError(f"{where}: an interrupted collect left {', '.join(left)} in "
                             f"{folder.parent}, so the records of {folder.name} may be missing "
                             f"or half-replaced; rerun code/cluster/collect.py for this folder "
                             f"(same --study and --group or --to): it restores the backup, or "
                             f"finishes the swap, before anything else, even if it then "
                             f"refuses its --from")
    found = [record for _, record in study_files(name, where)]
    if not found:
        raise ValueError(f"no records of study {name!r} in {where}; run it through "
                         f"code/cluster/submit.py and collect it (Appendix C)")
    records.check_grid(found, get_study(name).grid())
    return found


def run_task(study: str, task_id: int, out: str | Path, *, data_dir: str | Path | None = None,
             overrides: dict | None = None, force: bool = False) -> Path:
    """Run task ``task_id`` of ``study`` on :func:`dlbook.device.pick_device`'s device and
    write its record into ``out``; ``overrides`` replace config values (and are recorded).

    Whatever would fail is refused before training starts: an override the run does not
    read (:meth:`Study.configure`), a record of this task already in ``out`` from another
    configuration (unless ``force``), an ``out`` that cannot be written or that holds files
    git tracks (it is left out of the dirty check). An override the run turns out never to
    have read (:class:`~dlbook.studies.study.ReadKeys`) writes no record."""
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
    _prepare_out(Path(out))
    device = torch.device("cpu") if chosen.cpu_only else pick_device()
    began = time.perf_counter()
    seen = ReadKeys(config)
    result = chosen.run(seen, seed, Path(data_dir) if data_dir else None, device)
    unread = sorted(set(overrides or {}) - seen.read)
    if unread:
        raise ValueError(f"the run of study {study!r} never read {unread}, so overriding them "
                         f"changed nothing and its record would say otherwise; no record was "
                         f"written. Declare them descriptive in the Study so that they are "
                         f"refused before training")
    record = records.make_record(
        experiment=study, config_name=name, config=config, seed=seed,
        wall_seconds=time.perf_counter() - began, device=device, output=Path(out), **result)
    return records.write_record(record, out, force=force)


def _prepare_out(out: Path) -> None:
    """Write a file into ``out`` (making it, then removing what was made), so that a run
    which could not save its record fails now, not after its budget is spent; refuse a
    folder git tracks files in."""
    if (out.exists() and not out.is_dir()) or any(p.is_file() for p in out.parents):
        raise ValueError(f"--out {out} is a file or lies under one; pass a folder for the "
                         f"records")
    if provenance.tracked_under(out):
        raise ValueError(f"--out {out} holds files tracked by git; the run's folder is left out "
                         f"of the dirty check, so it must hold nothing but runs: pass a new "
                         f"folder, outside the checkout if you can")
    made = [p for p in (out, *out.parents) if not p.exists()]
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        raise ValueError(f"--out {out} cannot be written ({error.strerror or error}); pass a "
                         f"folder you may write to") from None
    finally:
        for folder in made:  # deepest first; a refused task leaves no trace
            if folder.is_dir():
                folder.rmdir()
