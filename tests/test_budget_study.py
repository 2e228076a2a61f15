"""Chapter 6's equal-budget study: a run of each kind writes a valid record of its marks,
losses and sample; selection keeps the best mark; generation cost has its shape; the pilot
is a small grid that fits its wall-time budget.

A fake clock makes each update cost half a second of fake time, so no test sleeps and the
marks fall at known steps whatever the machine's speed.
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from functools import partial

import pytest
import torch
from torch import nn

from dlbook import shakespeare
from dlbook.charlm import CharGRU, CharLSTM, carried_state_loss
from dlbook.generation_cost import cost_scores
from dlbook.studies import (
    budget_pilot,
    budget_results,
    budget_study,
    cli,
    experiments,
    records,
    selection,
    shakespeare_studies,
)
from dlbook.studies.budget_study import MarkScorer, check_budget_config, run_budget_task
from dlbook.studies.record_schema import NAME_PATTERN
from dlbook.training import BudgetMark
from recordkit import ROOT, fake_record
from unigram import Unigram

torch.set_num_threads(1)
TICK = 0.5  # fake seconds per update
#: Tiny models; marks at 2 and 5 fake seconds fall after updates 4 and 10.
PROTOCOL = {"betas": [0.9, 0.99], "weight_decay": 0.1, "clip": 1.0, "lr_floor": 0.1,
            "warmup": 2, "steps": 40, "budget": 5, "marks": [2, 5],
            "context": 16, "window": 16, "batch": 4, "lr": 1e-2, "layers": 1,
            "cost_contexts": []}
SHAPES = {"lstm": {"hidden": 16, "embed": 8}, "gru": {"hidden": 16, "embed": 8},
          "transformer": {"dim": 16, "heads": 2, "dropout": 0.0}}
TINY = {kind: {"kind": kind, **shape, **PROTOCOL} for kind, shape in SHAPES.items()}


class FakeClock:
    """Each call moves time on by ``tick``: the trainer reads it once before and once after
    each update, so every update takes exactly ``tick`` seconds of training time."""

    def __init__(self, tick: float = TICK):
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One record per kind, written by ``experiments.run_task`` for a tiny study declared like
    the pilot (pinned data, CPU only) but run with the fake clock."""
    tiny = experiments.Study("budget-tiny", tuple(TINY.items()), (3,),
                             partial(run_budget_task, clock=FakeClock()),
                             shakespeare_studies.shakespeare_data, cpu_only=True)
    out = tmp_path_factory.mktemp("records")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(experiments.STUDIES, "budget-tiny", tiny)
        # marks and cost_contexts are shared by every configuration, so they may be overridden
        return {kind: records.load_record(experiments.run_task(
            "budget-tiny", i, out, overrides={"cost_contexts": [4, 8]} if kind == "transformer"
            else {})) for i, kind in enumerate(TINY)}


@pytest.mark.parametrize("kind", list(TINY))
def test_a_run_of_each_kind_writes_a_valid_record(made, kind):
    record = made[kind]
    assert records.validate_record(record) == record and record["schema_version"] == 3
    assert (record["config_name"], record["seed"], record["config"]["kind"]) == (kind, 3, kind)
    assert record["data"]["sha256"] == shakespeare.EXPECTED_SHA256
    assert record["data"]["tokens"] == {"train": 1_003_854, "valid": 111_540}
    assert record["device"]["type"] == "cpu" and "selected" not in record


@pytest.mark.parametrize("kind", list(TINY))
def test_the_marks_come_in_order_at_known_steps_with_finite_losses(made, kind):
    marks, config = made[kind]["marks"], made[kind]["config"]
    assert [m["mark"] for m in marks] == [2.0, 5.0]
    assert [m["steps"] for m in marks] == [4, 10]  # TICK seconds per update
    assert [m["seconds"] for m in marks] == [2.0, 5.0]
    assert all(m["tokens"] == m["steps"] * config["batch"] * config["context"] for m in marks)
    losses = [m[k] for m in marks for k in m if k.endswith("_loss")]
    assert all(math.isfinite(v) and 0 < v < 2 * math.log(65) for v in losses)
    curves = made[kind]["curves"]
    assert curves["valid_loss"] == {"at": [4, 10], "value": [m["valid_loss"] for m in marks]}
    assert curves["train_loss"]["at"][-1] == 10 == made[kind]["scores"]["steps"]


@pytest.mark.parametrize("kind", list(TINY))
def test_streaming_loss_is_scored_for_recurrent_models_only(made, kind):
    marks, scores = made[kind]["marks"], made[kind]["scores"]
    recurrent = kind != "transformer"
    assert all(("streaming_loss" in m) == recurrent for m in marks)
    assert ("streaming_loss" in scores) == ("final_streaming_loss" in scores) == recurrent


@pytest.mark.parametrize("kind", list(TINY))
def test_the_sample_is_300_characters_of_the_vocabulary_from_the_selected_mark(made, kind):
    record, vocab = made[kind], set(shakespeare.load_shakespeare())
    sample, scores = record["sample"], record["scores"]
    assert len(sample["text"]) == 300 and set(sample["text"]) <= vocab
    assert (sample["prompt"], sample["seed"], sample["temperature"]) == ("ROMEO:\n", 1234, 0.8)
    best = min(record["marks"], key=lambda m: m["valid_loss"])
    assert scores["valid_loss"] == best["valid_loss"] == min(record["curves"]["valid_loss"]
                                                             ["value"])
    assert sample["at"] == scores["selected_step"] == best["steps"]
    assert scores["selected_mark"] == best["mark"]


def test_the_transformers_record_carries_its_generation_cost(made):
    scores = made["transformer"]["scores"]
    costs = {k: v for k, v in scores.items() if k.startswith("seconds_per_char")}
    assert sorted(costs) == [f"seconds_per_char_{m}_L={n}" for m in ("cache", "no-cache")
                             for n in (4, 8)]
    assert all(v > 0 for v in costs.values())
    assert not any(k.startswith("seconds_per_char") for k in made["lstm"]["scores"])




def test_selection_keeps_the_best_mark_and_its_weights():
    valid = torch.tensor([0, 1, 0, 2, 0, 1, 0, 0] * 20)
    model = Unigram(3)
    scorer = MarkScorer(model, valid, vocab=3, window=8, streaming=False)
    counts = torch.bincount(valid[1:], minlength=3).float()
    settings = [torch.zeros(3), counts.log(), torch.tensor([0.0, 0.0, 9.0])]  # best second
    for i, logits in enumerate(settings):
        model.logits.data.copy_(logits)
        scorer(BudgetMark(mark=10.0 * (i + 1), steps=5 * (i + 1), tokens=0, seconds=10.0 * i + 10))
    losses = [m["valid_loss"] for m in scorer.marks]
    assert losses[1] < losses[0] < losses[2] and losses[0] == pytest.approx(math.log(3))
    assert scorer.selected == scorer.marks[1]
    assert torch.equal(scorer.watched.best_state["logits"], counts.log())


def test_two_marks_passed_by_one_slow_update_share_one_evaluation():
    model = CharLSTM(3, hidden=4, embed=2)
    valid = torch.tensor([0, 1, 2] * 30)
    scorer = MarkScorer(model, valid, vocab=3, window=8, streaming=True)
    scorer(BudgetMark(mark=1.0, steps=1, tokens=8, seconds=1.5))
    scorer(BudgetMark(mark=2.0, steps=3, tokens=24, seconds=4.0))
    scorer(BudgetMark(mark=4.0, steps=3, tokens=24, seconds=4.0))
    assert scorer.watched.at == [1, 3]  # the curve's points stay distinct
    assert [m["mark"] for m in scorer.marks] == [1.0, 2.0, 4.0]
    assert scorer.marks[2]["valid_loss"] == scorer.marks[1]["valid_loss"]
    assert scorer.marks[2]["streaming_loss"] == scorer.marks[1]["streaming_loss"] == \
        carried_state_loss(model, valid, vocab=3)


def test_a_run_that_hits_its_step_cap_before_the_last_mark_is_an_error():
    config = {**TINY["transformer"], "steps": 6}  # 3 fake seconds: short of the mark at 5
    with pytest.raises(ValueError, match=r"cap steps=6 .* before the mark at 5 s; raise steps"):
        run_budget_task(config, 0, None, torch.device("cpu"), clock=FakeClock())


@pytest.mark.parametrize(("change", "message"), [
    (dict(kind="rnn"), "kind"),
    (dict(window=32), "window=32 exceeds the transformer's context=16"),
    (dict(marks=[]), "at least one mark"),
    (dict(window=0), "window must be a positive int"),
    (dict(cost_contexts=[1, 64]), "cost_contexts must be context lengths >= 2"),
    (dict(dim=None), None),
])
def test_a_bad_configuration_is_refused_before_training(change, message):
    config = {**TINY["transformer"], **change}
    if message is None:  # a missing key
        del config["dim"]
        message = r"lacks \['dim'\]"
    with pytest.raises(ValueError, match=message):
        check_budget_config(config)


@pytest.mark.parametrize("kind", list(TINY))
def test_generation_cost_has_one_positive_cost_per_method_and_context(kind):
    costs = budget_study.measure_generation_cost(TINY[kind], 65, contexts=(4, 16), chars=2,
                                                 repeats=3)
    methods = ["cache", "no-cache"] if kind == "transformer" else ["state"]
    assert sorted(costs) == methods
    assert all(list(by_length) == [4, 16] for by_length in costs.values())
    assert all(v > 0 and math.isfinite(v) for by in costs.values() for v in by.values())
    assert all(re.fullmatch(NAME_PATTERN, name) for name in cost_scores(costs))


def test_generation_cost_refuses_a_context_too_short_to_generate_from():
    with pytest.raises(ValueError, match="context lengths >= 2"):
        budget_study.measure_generation_cost(TINY["lstm"], 65, contexts=(1, 4))


def test_the_gru_model_is_the_lstm_model_with_gru_layers():
    model = CharGRU(30, hidden=16, embed=8, layers=2)
    logits, h = model(torch.zeros(5, 7, dtype=torch.long))
    assert logits.shape == (5, 7, 30) and h.shape == (2, 5, 16)
    assert isinstance(model.lstm, nn.GRU) and isinstance(CharLSTM(30).lstm, nn.LSTM)
    gru = 3 * 16 * (8 + 16) + 6 * 16 + 3 * 16 * 32 + 6 * 16  # three gates, two bias vectors
    assert sum(p.numel() for p in model.parameters()) == 30 * 8 + gru + 16 * 30 + 30


# -- the pilot ---------------------------------------------------------------------------

def test_the_pilot_is_a_few_candidates_per_kind_on_one_seed_and_the_pinned_file():
    study = experiments.get_study("shakespeare-pilot")
    configs = dict(study.configs)
    assert study.seeds == (0,) and study.cpu_only
    assert study.data() == shakespeare_studies.shakespeare_data()
    for kind in budget_study.KINDS:
        assert 3 <= sum(c["kind"] == kind for c in configs.values()) <= 4
    for name, config in configs.items():
        assert check_budget_config(config) is config and re.fullmatch(NAME_PATTERN, name)
        assert (config["budget"], config["marks"]) == (120, [30, 60, 120])
        assert config["window"] == budget_pilot.PILOT_WINDOW <= config["context"]
        assert config["batch"] * config["context"] == budget_pilot.TOKENS_PER_UPDATE
        # the cap leaves room for twice the fastest rate a quiet machine could reach
        rate = budget_pilot.PILOT_STEPS_PER_SECOND[
            config["kind"], config["layers"], config.get("hidden", config.get("dim")),
            config["context"]]
        assert config["warmup"] < 2 * 2 * rate * config["budget"] <= config["steps"]
        if config["kind"] == "transformer":
            assert config["layers"] == 4 and 128 <= config["dim"] <= 192
            assert config["context"] in (128, 256) and 1e-3 <= config["lr"] <= 3e-3
            assert config["dim"] % config["heads"] == 0
        else:
            assert config["layers"] in (1, 2) and 256 <= config["hidden"] <= 512
            assert 2e-3 <= config["lr"] <= 4e-3


@pytest.mark.parametrize("name", ["shakespeare-pilot-small-batch", "shakespeare-pilot-edge",
                                  "shakespeare-pilot-last"])
def test_later_rounds_try_small_batches_for_every_kind_under_the_same_protocol(name):
    study = experiments.get_study(name)
    configs = dict(study.configs)
    first = dict(budget_pilot.pilot_configs())
    assert study.seeds == (0,) and study.cpu_only and not set(configs) & set(first)
    kinds = {c["kind"] for c in configs.values()}
    # the second round gives every kind small batches; later ones follow the edges
    assert kinds == set(budget_study.KINDS) if name.endswith("small-batch") else (
        kinds <= set(budget_study.KINDS))
    protocol = {k: v for k, v in next(iter(first.values())).items()
                if k in budget_pilot.PILOT_PROTOCOL or k == "window"}
    for name, config in configs.items():
        assert check_budget_config(config) is config and re.fullmatch(NAME_PATTERN, name)
        assert {k: config[k] for k in protocol} == protocol
        assert config["batch"] * config["context"] < budget_pilot.TOKENS_PER_UPDATE
        assert f"_b{config['batch']}_" in name
        assert config["steps"] == budget_pilot.SMALL_BATCH_MAX_RATE * config["budget"]


def test_the_choice_spans_both_rounds():
    both = [{"config_name": name, "config": config, "scores": {"final_valid_loss": loss}}
            for (name, config), loss in zip(
                budget_pilot.pilot_configs() + budget_pilot.pilot_small_batch_configs(),
                [2.0 + i / 100 for i in range(16)][::-1], strict=True)]
    # losses fall down the list, so the last candidate of each kind wins: all in round two
    assert budget_pilot.pilot_choice(both) == {
        "lstm": "lstm_1x512_b8_lr2e-3", "gru": "gru_1x512_b8_lr4e-3",
        "transformer": "transformer_4x128_ctx128_b16_lr2e-3"}


def _spans(found: list[dict]) -> list[tuple[float, float]]:
    """Each run's (start, end) in seconds since the epoch: it ended when its record was
    written (``created``, in whole seconds) and began ``wall_seconds`` before that."""
    ends = [datetime.fromisoformat(r["created"]).timestamp() for r in found]
    return [(end - r["wall_seconds"], end) for end, r in zip(ends, found, strict=True)]


def _wall(spans: list[tuple[float, float]]) -> float:
    """Seconds from the first run's start to the last run's end."""
    return max(end for _, end in spans) - min(start for start, _ in spans)


def test_the_committed_first_round_ran_as_planned_two_at_a_time_within_fifteen_minutes():
    # budget_pilot's plan for the first round: two one-thread tasks at a time, each training
    # for PILOT_BUDGET seconds and then scoring, sampling and starting up, about 750 s in
    # all: under 15 minutes of wall time on two cores.
    found = experiments.load_study("shakespeare-pilot")
    spans = _spans(found)
    at_once = max(sum(s <= start < e for s, e in spans) for start, _ in spans)
    assert at_once <= 2
    short = [r["config_name"] for r in found
             if not budget_pilot.PILOT_BUDGET <= r["scores"]["train_seconds"] < r["wall_seconds"]]
    assert short == []
    assert _wall(spans) <= 15 * 60


#: A row of data/README.md's table of what Chapter 6's studies cost.
COST_ROW = re.compile(r"^\| `(?P<study>[\w-]+)` \| (?P<tasks>\d+) \| (?P<compute>[\d.]+) min "
                      r"\| (?P<wall>[\d.]+) min", re.MULTILINE)


def test_data_readme_quotes_what_chapter_6s_studies_cost_from_their_records():
    text = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    table = text.split("### What Chapter 6's studies cost", 1)[1].split("\n#", 1)[0]
    rows = list(COST_ROW.finditer(table))
    assert {row["study"] for row in rows} >= set(budget_pilot.PILOT_STUDIES)
    for row in rows:
        found = experiments.load_study(row["study"])
        measured = (len(found), round(sum(r["wall_seconds"] for r in found) / 60, 1),
                    round(_wall(_spans(found)) / 60, 1))
        quoted = (int(row["tasks"]), float(row["compute"]), float(row["wall"]))
        assert quoted == measured, row["study"]


def test_the_pilot_may_shorten_its_marks_but_never_change_a_candidate():
    study = experiments.get_study("shakespeare-pilot")
    name = study.configs[0][0]
    assert study.configure(name, {"budget": 1, "marks": [1]})["marks"] == [1]
    for key in ("lr", "hidden", "steps"):
        with pytest.raises(ValueError, match="may not change"):
            study.configure(name, {key: 1})


def test_the_pilot_chooses_per_kind_the_lowest_loss_at_the_last_mark():
    found = [{"config_name": name, "config": {"kind": kind},
              "scores": {"final_valid_loss": loss, "valid_loss": loss - best_earlier}}
             for name, kind, loss, best_earlier in (
                 ("a", "lstm", 1.9, 0.0), ("b", "lstm", 1.8, 0.0), ("c", "gru", 2.0, 0.5),
                 ("d", "gru", 2.1, 0.0), ("e", "transformer", 1.7, 0.0))]
    assert budget_pilot.pilot_choice(found) == {"lstm": "b", "gru": "c", "transformer": "e"}


# -- the record's marks and sample -------------------------------------------------------

def budget_record(**changes) -> dict:
    """A task record with marks at the points of its validation curve, and a sample."""
    record = fake_record()
    del record["selected"]
    marks = [{"mark": 60.0, "seconds": 60.2, "steps": 0, "tokens": 0, "valid_loss": 2.1},
             {"mark": 120.0, "seconds": 120.1, "steps": 10, "tokens": 40, "valid_loss": 1.6,
              "streaming_loss": 1.5}]
    sample = {"prompt": "ROMEO:\n", "text": "abc", "seed": 1, "temperature": 0.8, "at": 10}
    return {**record, "scores": {"valid_loss": 1.6}, "marks": marks, "sample": sample,
            **changes}


def test_a_record_with_marks_and_a_sample_is_valid():
    record = budget_record()
    assert records.validate_record(record) == record


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(schema_version=2), "'marks' needs schema_version 3"),
    (lambda r: r.pop("marks"), None),
    (lambda r: r["marks"].reverse(), r"marks\[1\]' must come after"),
    (lambda r: r["marks"][1].update(seconds=119.0), r"marks\[1\].seconds' is 119.0"),
    (lambda r: r["marks"][1].update(valid_loss=1.7), "not curves.valid_loss at step 10"),
    (lambda r: r["marks"][0].update(steps=5), "not curves.valid_loss at step 5"),
    (lambda r: r["curves"].pop("valid_loss"), "marks' validation losses must be on it"),
    (lambda r: r["marks"][0].update(loss=1.0), "extra inputs are not permitted"),
    (lambda r: r["sample"].update(temperature=-1.0), "sample.temperature"),
    (lambda r: r["sample"].update(text=""), "sample.text"),
])
def test_marks_and_samples_are_checked(change, message):
    record = budget_record()
    change(record)
    if message is None:  # marks are optional, a sample alone is fine
        assert records.validate_record(record) == record
        return
    with pytest.raises(records.RecordError, match=message):
        records.validate_record(record)


def test_the_run_is_repeatable_with_a_fake_clock():
    config = {**TINY["lstm"], "marks": [2], "budget": 2}
    first, again = (run_budget_task(config, 0, None, torch.device("cpu"), clock=FakeClock())
                    for _ in range(2))
    def timeless(marks):  # the wall time of a run never repeats; everything else must
        return [{k: v for k, v in mark.items() if k != "wall_seconds"} for mark in marks]

    assert timeless(first["marks"]) == timeless(again["marks"])
    assert first["sample"] == again["sample"]


def test_the_study_schedule_follows_the_budget_not_the_update_count():
    schedule = budget_study.lr_schedule(TINY["lstm"])
    assert schedule(0, 0.0) == pytest.approx(1 / 3)  # warm-up over 2 updates
    for step in (2, 5_000):
        assert schedule(step, 0.0) == 1.0
        assert schedule(step, 1.0) == pytest.approx(TINY["lstm"]["lr_floor"])


# -- the study ---------------------------------------------------------------------------

def test_the_study_trains_the_pilots_choice():
    # the choice is made by the rule fixed before the pilot ran, from its committed records
    pilot = [r for name in budget_pilot.PILOT_STUDIES for r in experiments.load_study(name)]
    assert budget_study.STUDY_CHOICE == budget_pilot.pilot_choice(pilot)


def test_the_study_gives_each_chosen_candidate_the_full_budget_and_nothing_else_new():
    study = experiments.get_study("shakespeare-budget")
    assert study.seeds == (0, 1, 2) and study.cpu_only
    assert study.data() == shakespeare_studies.shakespeare_data()
    configs = dict(study.configs)
    pilot = dict(budget_pilot.all_pilot_configs())
    assert sorted(c["kind"] for c in configs.values()) == sorted(budget_study.KINDS)
    window = configs[budget_study.STUDY_CHOICE["transformer"]]["context"]
    new = {"window", "budget", "marks", "cost_contexts", "steps"}
    for name, config in configs.items():
        assert check_budget_config(config) is config
        assert {k: v for k, v in config.items() if k not in new} == {
            k: v for k, v in pilot[name].items() if k not in new}
        assert (config["budget"], config["marks"]) == (900, [60, 120, 240, 480, 900])
        assert config["window"] == window and config["cost_contexts"] == [64, 256, 1024]
        # the pilot's cap per second of budget, over the longer budget
        assert config["steps"] / 900 == pilot[name]["steps"] / 120


def test_no_committed_run_of_the_study_reached_its_step_cap():
    for record in experiments.load_study("shakespeare-budget"):
        assert record["scores"]["steps"] < record["config"]["steps"]
        assert [m["mark"] for m in record["marks"]] == [60, 120, 240, 480, 900]


def test_the_pilot_rounds_are_registered_studies_with_distinct_candidates():
    names = [name for study in budget_pilot.PILOT_STUDIES
             for name, _ in experiments.get_study(study).configs]
    assert len(names) == len(set(names)) == 10 + 6 + 4 + 4


# -- issue 34: a cap or a window that cannot work is refused before training ------------------
@pytest.mark.parametrize(("override", "message"), [
    ("steps=3", r"steps=3 ends the run before its last mark at 600"),
    ("window=200000", r"window=200000 needs at least 200001 tokens but the validation split "
                      r"has 111540"),
])
@pytest.mark.parametrize("task", [0, 2])  # an LSTM and a transformer of the CPU-budget grid
def test_a_cap_or_window_that_cannot_work_is_refused_before_training(
        tmp_path, monkeypatch, capsys, override, message, task):
    def never(*args, **kwargs):
        raise AssertionError("training started")

    monkeypatch.setattr("dlbook.training.fit_next_token", never)
    if task == 2 and override.startswith("window"):  # the transformer's context says so first
        message = r"window=200000 exceeds the transformer's context=128"
    status = cli.main(["run", "--study", "shakespeare-cpu-grid-a", "--task-id", str(task),
                       "--out", str(tmp_path / "out"), "--threads", "1", "--set", override])
    assert status == 1 and re.search(message, capsys.readouterr().err)
    assert not (tmp_path / "out").exists()


def test_a_cap_that_reaches_the_last_mark_only_just_is_accepted():
    assert check_budget_config({**TINY["lstm"], "steps": 5})["steps"] == 5  # marks [2, 5]
    with pytest.raises(ValueError, match="steps=4 ends the run before its last mark at 5"):
        check_budget_config({**TINY["lstm"], "steps": 4})


def test_update_marks_score_at_update_counts_and_change_nothing_else():
    # the budget mark at 2 fake seconds falls after update 4: an update mark there scores the
    # same weights, so it must give the same losses as the budget mark
    config = {**TINY["lstm"], "valid_halves": True}
    plain = run_budget_task(config, 0, None, torch.device("cpu"), clock=FakeClock())
    marked = run_budget_task({**config, "update_marks": [1, 4, 7]}, 0, None,
                             torch.device("cpu"), clock=FakeClock())
    def untimed(rows):  # wall time differs from run to run; the rest must not
        return [{k: v for k, v in row.items() if "wall" not in k} for row in rows]

    assert untimed(marked["marks"]) == untimed(plain["marks"])
    assert untimed([marked["scores"]]) == untimed([plain["scores"]])
    assert "diagnostics" not in plain["curves"]
    series = marked["curves"]["diagnostics"]
    assert set(series) == {f"{s}_loss_at_updates" for s in ("valid", "select", "report")}
    assert all(s["at"] == [1, 4, 7] for s in series.values())
    at_mark = next(m for m in marked["marks"] if m["steps"] == 4)
    for split in ("valid", "select", "report"):
        assert series[f"{split}_loss_at_updates"]["value"][1] == at_mark[f"{split}_loss"]
    assert records.validate_record({**budget_record(), "curves": {
        **budget_record()["curves"], "diagnostics": series}})


@pytest.mark.parametrize("update_marks", [[0, 4], [4, 4], [4, 2], [1, 41]])
def test_update_marks_must_be_increasing_counts_within_the_cap(update_marks):
    with pytest.raises(ValueError, match="update"):
        config = check_budget_config({**TINY["gru"], "update_marks": update_marks})
        selection.UpdateMarks(CharGRU(3, hidden=4, embed=2), torch.tensor([0, 1, 2] * 30),
                              vocab=3, window=8, at=config["update_marks"])


def test_losses_by_updates_keep_the_counts_every_record_reached():
    def record(kind, seed, at, values):
        series = {"at": at, "value": values}
        return {"config_name": kind, "seed": seed, "config": {"kind": kind},
                "curves": {"diagnostics": {"report_loss_at_updates": series}}}

    runs = [record("lstm", 0, [250, 500, 1000], [2.0, 1.8, 1.6]),
            record("lstm", 1, [250, 500, 1000], [2.1, 1.9, 1.7]),
            record("gru", 0, [250, 500], [2.2, 2.0]), record("gru", 1, [250, 500], [2.3, 2.1])]
    losses = budget_results.losses_by_updates(runs, "report")
    assert losses == {"lstm": {250: {0: 2.0, 1: 2.1}, 500: {0: 1.8, 1: 1.9}},
                      "gru": {250: {0: 2.2, 1: 2.3}, 500: {0: 2.0, 1: 2.1}}}
    differences = budget_results.pairwise_differences(losses, paired=True)
    assert list(differences) == [("lstm", "gru")]
    assert differences["lstm", "gru"][500].estimate == pytest.approx(-0.2)
    with pytest.raises(ValueError, match="without update marks"):
        budget_results.losses_by_updates(runs, "select")
    with pytest.raises(ValueError, match="appears in two records"):
        budget_results.losses_by_updates(runs + runs[:1], "report")
