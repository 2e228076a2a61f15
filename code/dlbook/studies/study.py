"""A study: named configurations crossed with seeds, and the function that runs one task.

The declarations themselves are in :mod:`dlbook.studies.experiments`; this module only says
what a study is and how its records are checked against what it declares.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import torch

from dlbook.studies.records import RecordError


class ReadKeys(Mapping):
    """A configuration that remembers which keys were read (``read``): handed to a study's
    run, it shows afterwards whether an override was used at all. A membership test is not
    a read (a runner checks that keys are present before it reads them)."""

    def __init__(self, config: Mapping):
        self._config, self.read = dict(config), set()

    def __getitem__(self, key: str):
        self.read.add(key)
        return self._config[key]

    def __contains__(self, key: object) -> bool:
        return key in self._config

    def __iter__(self) -> Iterator[str]:
        return iter(self._config)

    def __len__(self) -> int:
        return len(self._config)


@dataclass(frozen=True)
class Study:
    """A grid of ``configs`` (name, config) x ``seeds`` and the function that runs one task.

    ``run(config, seed, data_dir, device)`` returns the record's ``data``, ``parameters``,
    ``curves`` and either ``selected`` (a language model) or ``scores`` (a task) fields.
    ``data()``, when the study's data are pinned, gives the ``data`` fields every record must
    carry (name and SHA-256); :meth:`check_records` enforces them. A ``cpu_only`` study
    computes on the CPU whatever device is present, and its records say so.

    ``descriptive`` names the config keys that ``run`` never reads: they describe the run
    (``model``: the class the runner always builds) and may not be overridden, since the
    record would then claim a run that did not happen. Every other key is read;
    :func:`dlbook.studies.experiments.run_task` checks that each override really was
    (:class:`ReadKeys`), so a key missing from ``descriptive`` cannot lie unseen.

    Tasks are numbered configuration by configuration, each over every seed; with
    ``seed_major`` seed by seed instead, each over every configuration, so that tasks
    running two at a time pair different configurations.
    """

    name: str
    configs: tuple[tuple[str, dict], ...]
    seeds: tuple[int, ...]
    run: Callable[[dict, int, Path | None, torch.device], dict]
    data: Callable[[], dict] | None = None
    cpu_only: bool = False
    descriptive: tuple[str, ...] = ()
    seed_major: bool = False

    def tasks(self) -> list[tuple[str, dict, int]]:
        if self.seed_major:
            return [(name, config, seed) for seed in self.seeds for name, config in self.configs]
        return [(name, config, seed) for name, config in self.configs for seed in self.seeds]

    def grid(self) -> list[tuple[dict, int]]:
        return [(config, seed) for _, config, seed in self.tasks()]

    def label_keys(self) -> set[str]:
        """The config keys that tell the configurations apart: what their names stand for."""
        return {key for _, config in self.configs for key in config
                if len({json.dumps(c.get(key)) for _, c in self.configs}) > 1}

    def configure(self, name: str, overrides: dict) -> dict:
        """Configuration ``name`` with ``overrides`` applied: only keys its run reads, and
        never one that its name stands for (the record's label would no longer be true)."""
        config = dict(self.configs)[name]
        free = sorted(set(config) - self.label_keys() - set(self.descriptive))
        unknown = sorted(set(overrides) - set(config))
        if unknown:
            raise ValueError(f"overrides {unknown} are not configuration keys of study "
                             f"{self.name!r}; override one of {free}")
        named = sorted(set(overrides) & self.label_keys())
        if named:
            raise ValueError(f"overrides may not change {named}: configuration {name!r} is "
                             f"named after them; run another task of the grid instead")
        ignored = sorted(set(overrides) & set(self.descriptive))
        if ignored:
            raise ValueError(f"overrides {ignored}: the run of study {self.name!r} does not "
                             f"read them (they describe what it always trains), so the record "
                             f"would claim a run that did not happen; override one of {free}")
        return {**config, **overrides}

    def check_records(self, found: Sequence[tuple[Path, dict]]) -> None:
        """Refuse records that are not this study's: data other than its pinned data, a
        configuration name it does not declare, or a label its configuration contradicts."""
        expected = self.data() if self.data is not None else {}
        declared, labels = dict(self.configs), self.label_keys()
        for path, record in found:
            if record["experiment"] != self.name:
                raise RecordError(f"{path}: field 'experiment' is {record['experiment']!r}, "
                                  f"expected {self.name!r}")
            for key, value in expected.items():
                if record["data"].get(key) != value:
                    raise RecordError(
                        f"{path}: field 'data.{key}' is {record['data'].get(key)!r} but study "
                        f"{self.name!r} trains on {value!r}; the record comes from other data: "
                        f"restore it from git or rerun it")
            name, config = record["config_name"], record["config"]
            if name not in declared:
                raise RecordError(f"{path}: field 'config_name' {name!r} is not a "
                                  f"configuration of study {self.name!r} ({', '.join(declared)})")
            wrong = [f"{k}={config.get(k)!r}" for k in sorted(labels)
                     if config.get(k) != declared[name].get(k)]
            if wrong:
                raise RecordError(f"{path}: field 'config_name' is {name!r} but config has "
                                  f"{', '.join(wrong)}: the label disagrees with the "
                                  f"configuration; restore the file from git or rerun the task")
