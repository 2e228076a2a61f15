"""The result-record schema, stated once: pydantic models, and the table derived from them.

:class:`Record` declares every field's type, bounds (a score's follow from its name,
:data:`SCORE_BOUNDS`) and meaning; :func:`validate_record` checks what no one field can state
(a perplexity is exp of its loss, the selected checkpoint is the validation's best point).
:data:`SCHEMA`, the table Appendix C prints, derives from the models."""

from __future__ import annotations

import itertools
import json
import math
import re
import types
import typing
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from dlbook.studies.provenance import source_fingerprint

SCHEMA_VERSION = 3  # 2 added task records (scores), 3 budget marks and samples
#: Names that keep file names distinct: no '__' (the separator) and no '_' at either end.
NAME_PATTERN = r"^[A-Za-z0-9.=-]+(?:_[A-Za-z0-9.=-]+)*$"
Name = Annotated[str, Field(pattern=NAME_PATTERN)]
Text = Annotated[str, Field(min_length=1)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Count = Annotated[int, Field(ge=0)]
Loss = Annotated[float, Field(ge=0)]  # nats: a cross-entropy is never negative
#: A score's (low, high): the first its name matches; ``None``, a name of no kind, is refused.
SCORE_BOUNDS = {r"(.+_)?loss": (0.0, math.inf), r".+_ppl": (1.0, math.inf),
                r"(.+_)?(accuracy|rate|share)|symbol|sequence|termination|forced": (0.0, 1.0),
                r"(.+_)?(seconds|steps?|tokens|mark)|steps_per_second|seconds_per_char_.+"
                r"|signal_at_birth": (0.0, math.inf), r".*": None}


class _Part(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False)


class Series(_Part):
    at: list[Count] = Field(min_length=1)
    value: list[float] = Field(min_length=1)


class Curve(Series):
    value: list[Loss] = Field(min_length=1)


class Curves(_Part):
    unit: Literal["step", "epoch"] = Field(description="what curves.*.at counts")
    train_loss: Curve = Field(description="training loss (nats per token or per example)")
    valid_loss: Curve | None = Field(None, description="validation loss at each evaluation")
    diagnostics: dict[Name, Series] | None = Field(default=None, description=(
        "other measurements by name, any sign, e.g. the memory test's keep-gate bias"))


class Selected(_Part):
    at: Count = Field(description="step or epoch of the checkpoint chosen on validation")
    valid_loss: Loss = Field(description="its validation loss: the lowest of the curve")
    valid_ppl: float = Field(ge=1, description="its validation perplexity, exp(valid_loss)")
    test_loss: Loss = Field(description="its test loss, scored once after selection")
    test_ppl: float = Field(ge=1, description="its test perplexity, exp(test_loss)")


class Mark(_Part):
    mark: float = Field(gt=0, description="a budget mark: seconds (or updates) of training")
    seconds: float = Field(ge=0, description="training seconds when it was first reached")
    wall_seconds: float | None = Field(default=None, ge=0, description="training wall time")
    steps: Count = Field(description="updates by then")
    tokens: Count = Field(description="input tokens read by then")
    valid_loss: Loss = Field(description="validation loss there, as in curves.valid_loss")
    select_loss: Loss | None = Field(None, description="loss on the first half, which selects")
    report_loss: Loss | None = Field(None, description="loss on the second half, which reports")
    streaming_loss: Loss | None = Field(None, description="carried-state loss; recurrent models")


class Sample(_Part):
    prompt: Text = Field(description="the text the generation continued")
    text: Text = Field(description="the generated continuation")
    seed: Count = Field(description="seed of the draws")
    temperature: float = Field(ge=0, description="softmax temperature (0: greedy)")
    at: Count = Field(description="step of the checkpoint that generated it")


class Data(_Part):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, JsonValue]  # more fields may follow: JSON, no NaN or inf
    name: Text = Field(description="what was trained on, e.g. book-prose-v1.txt")
    sha256: Sha256 | dict[str, Sha256] = Field(description="SHA-256 of the data, or of "
                                               "each of its files (more fields may follow)")


class Device(_Part):
    type: Text = Field(description="cpu or cuda")
    model: Text = Field(description="the GPU's name, or the CPU's model")
    threads: int = Field(ge=1, description="torch intra-op threads")
    host: Text = Field(description="the machine's host name")
    cpu_capability: Text | None = Field(None, description="torch's CPU kernels, e.g. AVX512")


class Git(_Part):
    commit: str = Field(pattern=r"^[0-9a-f]{40}$", description="the commit that ran (in this repo)")
    dirty: bool = Field(description="whether files differed from it (dirty records are refused)")
    source_files: dict[Text, Sha256] = Field(min_length=1, description="SHA-256 of each "
                                             "dlbook source file the run imported, by path")
    source_sha256: Sha256 = Field(description="one SHA-256 over git.source_files")


class Scheduler(_Part):
    name: Literal["slurm", "none"] = Field(description="none for a run outside a scheduler")
    job_id: Text | None = Field(description="the array's job id (SLURM_ARRAY_JOB_ID)")
    task_id: Count | None = Field(description="the array task id (SLURM_ARRAY_TASK_ID)")


class Record(_Part):
    """One result record; the field order is the order of Appendix C's table."""

    schema_version: Literal[1, 2, 3] = Field(description=f"format version, now {SCHEMA_VERSION}")
    experiment: Name = Field(description="the study's name, e.g. charlm-width")
    config_name: Name = Field(description="the configuration's label, e.g. hidden=128")
    config: dict[str, Any] = Field(min_length=1, description="every hyperparameter of the run")
    seed: Count = Field(description="the seed every random draw derives from")
    data: Data
    parameters: int = Field(ge=1, description="number of trainable parameters")
    curves: Curves
    selected: Selected | None = Field(
        default=None, description="language-model records: the checkpoint chosen on validation")
    scores: dict[Name, float] | None = Field(default=None, description=(
        "task records: the final model's scores by name, e.g. test_accuracy, within the "
        "bounds their names imply (SCORE_BOUNDS)"))
    marks: list[Mark] | None = Field(None, description="where a budgeted run stood at each mark")
    sample: Sample | None = Field(default=None, description="text generated by the model")
    wall_seconds: float = Field(ge=0, description="wall time of the run, data loading included")
    device: Device
    versions: dict[Text, Text] = Field(min_length=1, description="library versions")
    git: Git
    scheduler: Scheduler
    created: datetime = Field(strict=False, description="UTC time the record was written")


def _kind(annotation: Any) -> str:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Annotated:
        return _kind(args[0])
    if origin is Literal:
        return "|".join(repr(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return "|".join("null" if a is type(None) else _kind(a) for a in args)
    if origin in (list, dict) or annotation is Any:
        return f"[{_kind(args[0])}]" if origin is list else "object"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "{" + ", ".join(annotation.model_fields) + "}"
    return {datetime: "str (ISO 8601)"}.get(annotation, getattr(annotation, "__name__", "?"))


def _rows(model: type[BaseModel], prefix: str = "") -> Iterable[tuple[str, str, str]]:
    for name, field in model.model_fields.items():
        kind = field.annotation
        parts = [a for a in typing.get_args(kind) if a is not type(None)]
        if len(parts) == 1 and typing.get_origin(kind) in (typing.Union, types.UnionType):
            kind = parts[0]  # an optional part: its fields are listed, it may be absent
        if isinstance(kind, type) and issubclass(kind, _Part) and kind is not Curve:
            yield from _rows(kind, f"{prefix}{name}.")
        else:
            yield prefix + name, _kind(kind), field.description or ""


#: Every field of a record as (name, type, meaning), derived from :class:`Record`.
SCHEMA: tuple[tuple[str, str, str], ...] = tuple(_rows(Record))


class RecordError(ValueError):
    """A record file is malformed or incomplete; the message names the file and the field."""


def _field(loc: tuple) -> str:
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"{parts.pop() if parts else ''}[{part}]")
        elif "[" not in part and part not in {"constrained-str", "float", "int", "str", "bool",
                                               "list", "dict"}:  # pydantic's union-member tags
            parts.append(part)
    return ".".join(parts) or "<top>"


def _check_selected(selected: Mapping, valid_curve: Mapping, fail) -> None:
    """The selected checkpoint is the best point of the validation curve, with its ppl."""
    valid = dict(zip(valid_curve["at"], valid_curve["value"], strict=True))
    if selected["at"] not in valid:
        fail("selected.at", f"{selected['at']} is not an evaluation point of curves.valid_loss")
    on_curve, best = valid[selected["at"]], min(valid.values())
    if not math.isclose(selected["valid_loss"], on_curve, rel_tol=1e-9, abs_tol=1e-12):
        fail("selected.valid_loss", f"is {selected['valid_loss']} but curves.valid_loss has "
                                    f"{on_curve} at {selected['at']}; the two disagree")
    if selected["valid_loss"] > best + 1e-12:
        fail("selected.valid_loss", f"is {selected['valid_loss']} but the curve reaches {best}: "
                                    f"the selected checkpoint must be the best on validation")
    for split in ("valid", "test"):
        if not math.isclose(selected[f"{split}_ppl"], math.exp(selected[f"{split}_loss"]),
                            rel_tol=1e-6):
            fail(f"selected.{split}_ppl", f"is not exp(selected.{split}_loss)")


def _check_marks(marks: list, valid_curve: Mapping | None, fail) -> None:
    """Marks come in order, are reached no earlier than they fall, and lie on the curve."""
    if valid_curve is None:
        fail("curves.valid_loss", "is missing: the marks' validation losses must be on it")
    valid = dict(zip(valid_curve["at"], valid_curve["value"], strict=True))
    for i, mark in enumerate(marks):
        where = f"marks[{i}]"
        if i and (mark["mark"] <= marks[i - 1]["mark"] or mark["steps"] < marks[i - 1]["steps"]
                  or mark["tokens"] < marks[i - 1]["tokens"]):
            fail(where, "must come after the mark before it (mark, steps and tokens in order)")
        if mark["seconds"] < mark["mark"]:
            fail(f"{where}.seconds", f"is {mark['seconds']}, before the mark {mark['mark']}")
        if mark["steps"] not in valid or not math.isclose(
                mark["valid_loss"], valid[mark["steps"]], rel_tol=1e-9, abs_tol=1e-12):
            fail(f"{where}.valid_loss", f"is not curves.valid_loss at step {mark['steps']}")


def _check_scores(scores: Mapping[str, float], fail) -> None:
    """Each score within the bounds its name implies; a perplexity is exp of its loss."""
    for name, value in scores.items():
        bounds = next(b for p, b in SCORE_BOUNDS.items() if re.fullmatch(p, name))
        if bounds is None:
            fail(f"scores.{name}", "names no kind of score (SCORE_BOUNDS): end it in _accuracy, "
                 "_loss, _ppl, _rate, _share, _seconds, _steps or _tokens, by what it is")
        if not bounds[0] <= value <= bounds[1]:
            fail(f"scores.{name}", f"is {value}, outside {list(bounds)} for its name; rerun it")
        loss = scores.get(f"{name[:-4]}_loss") if name.endswith("_ppl") else None
        if loss is not None and not math.isclose(value, math.exp(loss), rel_tol=1e-6):
            fail(f"scores.{name}", f"is {value}, not exp(scores.{name[:-4]}_loss)")


def _check_consistency(record: Mapping, source: str) -> None:
    """What the schema cannot state field by field: relations between fields."""
    def fail(field: str, problem: str) -> None:
        raise RecordError(f"{source}: field '{field}' {problem}")

    curves, selected, git = record["curves"], record.get("selected"), record["git"]
    scores = record.get("scores")
    if (selected is None) == (scores is None):
        fail("selected", "and 'scores' are both " + ("missing" if selected is None else
             "present") + ": a language-model record has 'selected', a task record 'scores'")
    if record["schema_version"] == 1 and selected is None:
        fail("scores", "needs schema_version 2; version-1 records are language models")
    for name in ("marks", "sample"):
        if record.get(name) is not None and record["schema_version"] < 3:
            fail(name, "needs schema_version 3")
    if selected is not None and curves.get("valid_loss") is None:
        fail("curves.valid_loss", "is missing: the selected checkpoint must come from it")
    for name in [n for n in ("train_loss", "valid_loss") if curves.get(n) is not None]:
        at, value = curves[name]["at"], curves[name]["value"]
        if len(at) != len(value):
            fail(f"curves.{name}", f"has {len(at)} points in 'at' but {len(value)} in 'value'")
        if any(b <= a for a, b in itertools.pairwise(at)):
            fail(f"curves.{name}.at", f"must increase strictly, got {at!r:.80}")
    if selected is not None:
        _check_selected(selected, curves["valid_loss"], fail)
    _check_scores(scores or {}, fail)
    if record.get("marks") is not None:
        _check_marks(record["marks"], curves.get("valid_loss"), fail)
    if git["source_sha256"] != source_fingerprint(git["source_files"]):
        fail("git.source_sha256", "is not the fingerprint of git.source_files")
    key, sep, text = record["config_name"].partition("=")
    if sep and key in record["config"]:
        try:
            named = json.loads(text)
        except ValueError:
            named = text
        if named != record["config"][key] and text != str(record["config"][key]):
            fail("config_name", f"says {key}={text} but config has {key}="
                                f"{record['config'][key]!r}: the label would mislabel the run")
    scheduler = record["scheduler"]
    if (scheduler["name"] == "none") != (scheduler["job_id"] is None):
        fail("scheduler.job_id", f"is {scheduler['job_id']!r} with scheduler.name "
                                 f"{scheduler['name']!r}; a job id comes only from a scheduler")


def validate_record(record: Any, *, source: str = "<record>") -> dict:
    """Check ``record`` against :class:`Record` and its internal consistency; return it, or
    raise :class:`RecordError` naming ``source`` (the file) and every bad field."""
    if not isinstance(record, Mapping):
        kind = type(record).__name__
        raise RecordError(f"{source}: field '<top>' must be a JSON object, got {kind}")
    try:
        Record.model_validate(dict(record))
    except ValidationError as error:
        problems = [f"field '{_field(e['loc'])}' " + (
            "is missing; records are written only by dlbook.studies.experiments"
            if e["type"] == "missing"
            else f"{e['msg'][0].lower()}{e['msg'][1:]}, got {e['input']!r:.80}")
            for e in error.errors()]
        raise RecordError(f"{source}: " + "; ".join(problems)) from None
    _check_consistency(record, source)
    return dict(record)
