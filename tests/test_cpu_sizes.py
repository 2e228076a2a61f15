"""Chapter 6's third study: selection on one half of the validation split, report on the
other; the size round as declared; and the rule of every round (fixed before the first run)
on hand-made records, reversals included."""

from __future__ import annotations

import itertools
import math
import time

import pytest
import torch

from dlbook.charlm import CharLSTM
from dlbook.studies import cpu_budget, cpu_sizes, experiments, records
from dlbook.studies.budget_study import KINDS, MarkScorer, check_budget_config, run_budget_task
from dlbook.studies.selection import valid_halves
from dlbook.training import BudgetMark, window_starts
from recordkit import fake_record
from unigram import Unigram

torch.set_num_threads(1)


# -- the halves ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 7, 10, 111_540])
def test_the_halves_cut_by_characters_first_half_rounded_down(n):
    valid = torch.arange(n)
    select, report = valid_halves(valid)
    assert len(select) == n // 2 and len(report) == n - n // 2
    assert torch.equal(torch.cat([select, report]), valid)


def test_a_split_too_short_to_halve_is_refused():
    with pytest.raises(ValueError, match="halving needs at least 2"):
        valid_halves(torch.tensor([3]))




#: A split whose halves disagree: the first all 0s, the second all 2s. Logits for 0 win on
#: the first half; an even bet on 0 and 2 wins on the second and on the whole.
SPLIT = torch.tensor([0] * 80 + [2] * 80)
FOR_ZERO, EVEN = torch.tensor([3.0, 0.0, 0.0]), torch.tensor([0.0, -9.0, 0.0])


def scored(halves: bool) -> MarkScorer:
    model = Unigram(3)
    scorer = MarkScorer(model, SPLIT, vocab=3, window=8, streaming=False, halves=halves)
    for i, logits in enumerate([EVEN, FOR_ZERO]):
        model.logits.data.copy_(logits)
        scorer(BudgetMark(mark=10.0 * (i + 1), steps=5 * (i + 1), tokens=0,
                          seconds=10.0 * (i + 1)))
    return scorer


def test_with_halves_the_selection_half_alone_chooses_the_checkpoint():
    scorer, whole = scored(halves=True), scored(halves=False)
    even, for_zero = scorer.marks
    assert for_zero["select_loss"] < even["select_loss"]  # the first half prefers 0s
    assert for_zero["valid_loss"] > even["valid_loss"]  # the whole split does not
    assert for_zero["report_loss"] > even["report_loss"]
    assert scorer.selected is for_zero and whole.selected is whole.marks[0]
    assert torch.equal(scorer.watched.best_state["logits"], FOR_ZERO)
    # the whole split's losses are the same with or without halves
    assert [m["valid_loss"] for m in scorer.marks] == [m["valid_loss"] for m in whole.marks]
    assert "select_loss" not in whole.marks[0] and "report_loss" not in whole.marks[0]


def test_each_half_is_scored_with_the_same_fixed_windows_as_the_whole():
    from dlbook.evaluation import fixed_window_loss

    model = Unigram(3)
    model.logits.data.copy_(torch.tensor([0.5, -1.0, 0.2]))
    scorer = MarkScorer(model, SPLIT, vocab=3, window=8, streaming=False, halves=True)
    scorer(BudgetMark(mark=1.0, steps=1, tokens=0, seconds=1.0))
    select, report = valid_halves(SPLIT)
    [row] = scorer.marks
    assert row["select_loss"] == fixed_window_loss(model, select, vocab=3, window=8)
    assert row["report_loss"] == fixed_window_loss(model, report, vocab=3, window=8)
    assert row["valid_loss"] == fixed_window_loss(model, SPLIT, vocab=3, window=8)


def test_the_curve_holds_the_whole_splits_loss_once_per_update_count():
    model = CharLSTM(3, hidden=4, embed=2)
    scorer = MarkScorer(model, SPLIT, vocab=3, window=8, streaming=True, halves=True)
    for mark, steps in ((1.0, 1), (2.0, 3), (4.0, 3)):  # one update passed two marks
        scorer(BudgetMark(mark=mark, steps=steps, tokens=0, seconds=mark))
    def losses(row):
        return {k: v for k, v in row.items() if k.endswith("_loss")}

    assert losses(scorer.marks[2]) == losses(scorer.marks[1])
    assert set(losses(scorer.marks[0])) == {"valid_loss", "select_loss", "report_loss",
                                            "streaming_loss"}
    assert scorer.curve == {"at": [1, 3], "value": [m["valid_loss"] for m in scorer.marks[:2]]}
    assert scorer.watched.at == [1, 3]  # the selection half's points, as many
    assert all("streaming_loss" in m for m in scorer.marks)


class FakeClock:
    """Each update lasts ``tick`` seconds of fake time: marks fall at known steps."""

    def __init__(self, tick: float = 0.5):
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


TINY = {"kind": "lstm", "hidden": 16, "embed": 8, "layers": 1, "betas": [0.9, 0.99],
        "weight_decay": 0.1, "clip": 1.0, "lr_floor": 0.1, "warmup": 2, "steps": 40,
        "context": 16, "window": 16, "batch": 4, "lr": 1e-2, "cost_contexts": [],
        "budget": 5, "marks": [2, 5], "streaming": False}


@pytest.fixture(scope="module")
def runs():
    """The same tiny run with and without halves, on the fake clock."""
    return {halves: run_budget_task({**TINY, "valid_halves": halves}, 3, None,
                                    torch.device("cpu"), clock=FakeClock())
            for halves in (False, True)}


def test_a_run_with_halves_records_all_three_losses_at_every_mark_and_validates(runs):
    made = runs[True]
    assert all({"valid_loss", "select_loss", "report_loss"} <= set(m) for m in made["marks"])
    assert made["data"]["tokens"] == {"train": 1_003_854, "valid": 111_540,
                                      "select": 55_770, "report": 55_770}
    assert made["curves"]["valid_loss"] == {"at": [m["steps"] for m in made["marks"]],
                                            "value": [m["valid_loss"] for m in made["marks"]]}
    record = {key: value for key, value in fake_record().items() if key != "selected"}
    assert records.validate_record({**record, **made})


def test_the_scores_give_the_selected_and_the_last_marks_losses_on_all_three(runs):
    made = runs[True]
    scores, last = made["scores"], made["marks"][-1]
    best = min(made["marks"], key=lambda m: m["select_loss"])
    assert scores["selected_step"] == best["steps"] == made["sample"]["at"]
    for name in ("valid", "select", "report"):
        assert scores[f"{name}_loss"] == best[f"{name}_loss"]
        assert scores[f"final_{name}_loss"] == last[f"{name}_loss"]


def test_halves_change_what_is_scored_never_what_is_trained(runs):
    without, halves = runs[False], runs[True]
    assert without["curves"] == halves["curves"]  # the same training and whole-split losses
    assert "select_loss" not in without["scores"] and "select" not in without["data"]["tokens"]
    assert all("select_loss" not in m for m in without["marks"])


def test_valid_halves_must_be_true_or_false():
    with pytest.raises(ValueError, match="valid_halves'\\] must be true or false"):
        check_budget_config({**TINY, "valid_halves": "yes"})


def test_the_schema_checks_the_halves_losses():
    record = {key: value for key, value in fake_record().items() if key != "selected"}
    marks = [{"mark": 60.0, "seconds": 60.2, "steps": 10, "tokens": 40, "valid_loss": 1.6,
              "select_loss": 1.5, "report_loss": 1.7}]
    made = {**record, "scores": {"select_loss": 1.5}, "marks": marks}
    assert records.validate_record(made) == made
    marks[0]["report_loss"] = -0.1
    with pytest.raises(records.RecordError, match=r"marks\[0\].report_loss"):
        records.validate_record(made)


# -- the size round -----------------------------------------------------------------------

#: The second study's rate, optimiser and final dropout for each kind.
SETTINGS = {"lstm": (8e-3, "shared", 0.1), "gru": (4e-3, "nodecay", 0.1),
            "transformer": (4e-3, "nodecay", 0.0)}


def test_the_size_round_tries_every_shape_at_each_kinds_chosen_settings():
    runs = cpu_sizes.size_round()
    assert len({name for name, _ in runs}) == len(runs) == 10
    shapes = {kind: [(c["layers"], c.get("dim", c.get("hidden"))) for _, c in runs
                     if c["kind"] == kind] for kind in KINDS}
    assert shapes == {"transformer": [(2, 128), (4, 128), (4, 192), (6, 128)],
                      "lstm": [(1, 256), (1, 512), (1, 768)],
                      "gru": [(1, 256), (1, 512), (1, 768)]}
    for name, config in runs:
        lr, optimiser, dropout = SETTINGS[config["kind"]]
        assert (config["lr"], cpu_budget.optimiser_of(config), config["dropout"]) == (
            lr, optimiser, dropout), name
        if config["kind"] == "transformer":
            assert config["heads"] == config["dim"] // 32
        else:
            assert config["embed"] == 64
        assert name.endswith("_warm20") and check_budget_config(config) is config


def test_every_size_run_shares_one_protocol_and_selects_on_the_first_half():
    for _, config in cpu_sizes.size_round():
        assert {k: config[k] for k in cpu_budget.CPU_PROTOCOL} == cpu_budget.CPU_PROTOCOL
        assert (config["batch"], config["context"], config["window"], config["clip"]) == (
            8, 128, 128, 1.0)
        assert (config["clock"], config["warmup"], config["budget"]) == ("cpu", 20, 300)
        assert config["marks"] == [75, 150, 300] and config["valid_halves"] is True
        assert config["steps"] == cpu_sizes.MAX_RATE * 300
        assert config["streaming"] is False and config["cost_contexts"] == []


def test_the_cap_leaves_a_wide_margin_and_its_windows_cost_little():
    fastest = 41  # updates per CPU second: LSTM 1x256 on one thread (see MAX_RATE)
    assert cpu_sizes.MAX_RATE >= 4 * fastest
    began = time.perf_counter()
    starts = window_starts(1_003_854, context=128, batch=8,
                           steps=cpu_sizes.MAX_RATE * cpu_sizes.BUDGET, seed=100)
    assert time.perf_counter() - began < 1.0
    assert starts.numel() * starts.element_size() < 8e6  # bytes
    # a longer cap draws the second study's windows first, at the same seed
    second = window_starts(1_003_854, context=128, batch=8,
                           steps=cpu_budget.MAX_RATE * cpu_budget.REGULARISATION_BUDGET,
                           seed=100)
    assert torch.equal(starts[: len(second)], second)


def test_the_size_round_is_registered_seed_by_seed_on_the_pilots_seeds_kinds_in_turn():
    study = experiments.get_study("shakespeare-cpu-size")
    assert study.configs == cpu_sizes.size_round() and study.seeds == (100, 101)
    assert study.cpu_only and study.seed_major
    kinds = [c["kind"] for _, c, _ in study.tasks()]
    assert [s for _, _, s in study.tasks()] == [100] * 10 + [101] * 10
    assert sum(a == b for a, b in itertools.pairwise(kinds)) == 1  # 100's last, 101's first
    # both size rounds, the warm-up round and the rate round have run and their choices are
    # filled in: the rate round and its one edge round so far are registered, no second
    edges = [cpu_sizes.RATE_EDGE_STUDY.format(i + 1)
             for i in range(len(cpu_sizes.RATE_EDGE_ROUNDS))]
    assert {cpu_sizes.SIZE_EDGE_STUDY, cpu_sizes.WARMUP_STUDY, cpu_sizes.RATE_STUDY,
            *edges} <= set(experiments.STUDIES)
    assert cpu_sizes.RATE_EDGE_STUDY.format(len(edges) + 1) not in experiments.STUDIES


def test_the_dropouts_are_the_second_studys_final_choice():
    assert cpu_sizes.DROPOUT == {kind: SETTINGS[kind][2] for kind in KINDS}


# -- the rule, on hand-made records --------------------------------------------------------

def made(name: str, config: dict, select: float, seed: int = 100, valid: float = 1.5) -> dict:
    """A hand-made record: only the fields the rule reads."""
    return {"config_name": name, "config": config, "seed": seed,
            "scores": {"final_select_loss": select, "final_valid_loss": valid}}


def size_records(losses: dict[str, tuple[float, float]]) -> list[dict]:
    """Both seeds of every size-round candidate: ``losses`` by name, 1.6 for the rest."""
    return [made(name, config, losses.get(name, (1.6, 1.6))[i], seed)
            for name, config in cpu_sizes.size_round() for i, seed in enumerate((100, 101))]


LSTM = {c["hidden"]: n for n, c in cpu_sizes.size_round() if c["kind"] == "lstm"}


def test_the_size_choice_is_the_lowest_mean_selection_loss_and_reverses_with_it():
    ran = size_records({LSTM[256]: (1.50, 1.56), LSTM[512]: (1.52, 1.52)})
    assert cpu_sizes.size_choice(ran)["lstm"] == LSTM[512]  # 1.52 against 1.53
    swapped = size_records({LSTM[256]: (1.52, 1.52), LSTM[512]: (1.50, 1.56)})
    assert cpu_sizes.size_choice(swapped)["lstm"] == LSTM[256]


def test_the_size_choice_reads_the_selection_half_not_the_whole_split():
    ran = size_records({LSTM[256]: (1.50, 1.50), LSTM[512]: (1.52, 1.52)})
    for record in ran:  # the whole split would choose 512
        record["scores"]["final_valid_loss"] = 1.4 if record["config_name"] == LSTM[512] else 1.6
    assert cpu_sizes.size_choice(ran)["lstm"] == LSTM[256]
    assert cpu_budget.final_choice(ran)["lstm"] == LSTM[512]


def test_the_size_margins_set_the_choice_against_the_seed_spread():
    ran = size_records({LSTM[256]: (1.50, 1.56), LSTM[512]: (1.52, 1.52)})
    margin = cpu_sizes.size_margins(ran)["lstm"]
    assert (margin["chosen"], margin["runner_up"]) == (LSTM[512], LSTM[256])
    assert margin["margin"] == pytest.approx(0.01) and margin["spread"] == pytest.approx(0.06)


def test_the_rule_refuses_records_without_halves_or_with_unpaired_seeds():
    ran = size_records({})
    del ran[0]["scores"]["final_select_loss"]
    with pytest.raises(ValueError, match="ran without valid_halves"):
        cpu_sizes.size_choice(ran)
    with pytest.raises(ValueError, match="ran on different seeds"):
        cpu_sizes.size_choice(size_records({})[1:])


def test_the_warmup_round_runs_each_chosen_shape_at_100_and_200():
    chosen = cpu_sizes.size_choice(size_records({LSTM[768]: (1.4, 1.4)}))
    runs = cpu_sizes.warmup_round(chosen)
    assert [(c["kind"], c["warmup"]) for _, c in runs] == [
        (kind, warmup) for warmup in (100, 200) for kind in KINDS]
    size = dict(cpu_sizes.size_round())
    for name, config in runs:
        assert {**config, "warmup": 20} == size[chosen[config["kind"]]], name
    assert not {n for n, _ in runs} & set(size)
    with pytest.raises(ValueError, match="one size-round candidate per kind"):
        cpu_sizes.warmup_round({"lstm": LSTM[256]})


def test_the_warmup_choice_includes_the_size_rounds_run_at_20_and_reverses():
    size = size_records({LSTM[768]: (1.40, 1.40)})
    chosen = cpu_sizes.size_choice(size)
    runs = dict(cpu_sizes.warmup_round(chosen))

    def warm(losses):  # losses of the warm-ups 100 and 200 for the LSTM, 1.6 elsewhere
        return [made(name, config, losses.get(config["warmup"], 1.6) if config["kind"] == "lstm"
                     else 1.6, seed) for name, config in runs.items() for seed in (100, 101)]

    assert cpu_sizes.warmup_choice(size, warm({100: 1.38, 200: 1.45}))["lstm"] == (
        LSTM[768].replace("_warm20", "_warm100"))
    assert cpu_sizes.warmup_choice(size, warm({100: 1.45, 200: 1.41}))["lstm"] == LSTM[768]
    stray = made(LSTM[256].replace("_warm20", "_warm100"), {}, 1.0)
    with pytest.raises(ValueError, match="are not of the round"):
        cpu_sizes.warmup_choice(size, [*warm({}), stray])


def chosen_configs() -> dict[str, dict]:
    size = dict(cpu_sizes.size_round())
    return {kind: next(c for c in size.values() if c["kind"] == kind) for kind in KINDS}


def test_the_rate_round_runs_half_and_twice_the_rate_at_the_chosen_setting():
    chosen = chosen_configs()
    runs = cpu_sizes.rate_round_again(chosen)
    assert [c["kind"] for _, c in runs] == [*KINDS] * 2
    for name, config in runs:
        mine = chosen[config["kind"]]
        assert config["lr"] / mine["lr"] in (0.5, 2.0) and name.endswith("_warm20")
        assert {**config, "lr": mine["lr"]} == mine
    assert len({n for n, _ in runs} | {n for n, _ in cpu_sizes.size_round()}) == 16


def test_the_rate_choice_and_its_missing_neighbours_until_both_have_run():
    original = chosen_configs()["gru"]
    lr = original["lr"]

    def run(factor, loss):
        name, config = cpu_sizes._resized(original, lr=lr * factor)
        return [made(name, config, loss, seed) for seed in (100, 101)]

    ran = run(1, 1.50) + run(0.5, 1.55) + run(2, 1.48)
    assert cpu_sizes.rate_choice_again(ran)["gru"].startswith("gru_1x256_lr8e-3")
    [(_, edge)] = cpu_sizes.missing_rate_neighbours(ran)  # twice the rate won: go higher
    assert edge["lr"] == pytest.approx(4 * lr)
    ran += run(4, 1.49)
    assert cpu_sizes.missing_rate_neighbours(ran) == ()  # interior: the search ends
    ran = run(1, 1.47) + run(0.5, 1.55) + run(2, 1.48) + run(4, 1.49)  # reversal
    assert cpu_sizes.rate_choice_again(ran)["gru"] == cpu_sizes._resized(original)[0]
    assert cpu_sizes.missing_rate_neighbours(ran) == ()


def test_the_rate_rule_refuses_runs_of_another_warmup():
    original = chosen_configs()["gru"]
    name, config = cpu_sizes._resized(original, warmup=100)
    ran = [made(n, c, 1.5, s) for n, c in (cpu_sizes._resized(original), (name, config))
           for s in (100, 101)]
    with pytest.raises(ValueError, match="differ in more than lr"):
        cpu_sizes.rate_choice_again(ran)


def test_each_later_round_is_registered_once_its_choice_is_filled_in(monkeypatch):
    size = dict(cpu_sizes.size_round())
    first = {kind: next(n for n, c in size.items() if c["kind"] == kind) for kind in KINDS}
    monkeypatch.setattr(cpu_sizes, "SIZE_CHOICE", first)
    monkeypatch.setattr(cpu_sizes, "WARMUP_CHOICE", None)
    assert list(cpu_sizes.size_studies()) == [cpu_sizes.SIZE_STUDY, cpu_sizes.SIZE_EDGE_STUDY,
                                              cpu_sizes.WARMUP_STUDY]
    warm = {kind: name.replace("_warm20", "_warm200") for kind, name in first.items()}
    monkeypatch.setattr(cpu_sizes, "WARMUP_CHOICE", warm)
    monkeypatch.setattr(cpu_sizes, "RATE_EDGE_ROUNDS", ((("gru", 1.6e-2),),))
    studies = cpu_sizes.size_studies()
    assert list(studies)[3:] == [cpu_sizes.RATE_STUDY, "shakespeare-cpu-rate-edge-1"]
    rate = studies[cpu_sizes.RATE_STUDY]
    assert all(c["warmup"] == 200 for _, c in rate.configs) and rate.seed_major
    [(_, edge)] = studies["shakespeare-cpu-rate-edge-1"].configs
    assert (edge["kind"], edge["lr"], edge["warmup"]) == ("gru", 1.6e-2, 200)
    assert math.isclose(edge["dropout"], 0.1)


def test_the_size_choice_is_the_rule_applied_to_the_committed_records():
    from dlbook.studies.experiments import load_study

    ran = load_study(cpu_sizes.SIZE_STUDY)  # validates every record and the exact grid
    assert cpu_sizes.size_choice(ran) == cpu_sizes.SIZE_ROUND_CHOICE
    assert all(r["config"]["valid_halves"] for r in ran)
    assert {r["seed"] for r in ran} == set(cpu_sizes.SEEDS)


def test_the_edge_round_tries_smaller_shapes_of_the_kinds_left_at_the_smallest():
    edge = cpu_sizes.size_edge_round(cpu_sizes.SIZE_ROUND_CHOICE)
    shapes = {(c["kind"], c["layers"], c.get("hidden", c.get("dim"))) for _, c in edge}
    assert shapes == {(kind, *shape) for kind, kinds_shapes in cpu_sizes.SIZE_EDGE_SHAPES.items()
                      for shape in kinds_shapes}
    first = dict(cpu_sizes.size_round())
    for _, config in edge:  # each smaller than every shape of its kind in the size round
        size = config["layers"] * config.get("hidden", config.get("dim")) ** 2
        assert all(size < c["layers"] * c.get("hidden", c.get("dim")) ** 2
                   for c in first.values() if c["kind"] == config["kind"])
        twin = next(c for n, c in first.items() if n == cpu_sizes.SIZE_ROUND_CHOICE[
            config["kind"]])
        assert {k: v for k, v in config.items() if k not in ("layers", "hidden", "dim", "heads")
                } == {k: v for k, v in twin.items() if k not in ("layers", "hidden", "dim",
                                                                 "heads")}
    # a kind whose choice is not its smallest shape gets no edge round
    kept = {**cpu_sizes.SIZE_ROUND_CHOICE,
            "gru": next(n for n, c in first.items() if c["kind"] == "gru"
                        and c["hidden"] == 512)}
    assert {c["kind"] for _, c in cpu_sizes.size_edge_round(kept)} == {"transformer"}


def test_the_size_rounds_choice_is_the_rule_over_both_rounds_records():
    from dlbook.studies.experiments import load_study

    ran = load_study(cpu_sizes.SIZE_STUDY) + load_study(cpu_sizes.SIZE_EDGE_STUDY)
    assert cpu_sizes.size_choice(ran) == cpu_sizes.SIZE_CHOICE
    warmup = dict(cpu_sizes.size_studies()[cpu_sizes.WARMUP_STUDY].configs)
    assert {c["kind"]: (c["layers"], c.get("hidden", c.get("dim")), c["warmup"])
            for c in warmup.values() if c["warmup"] == 100} == {
        kind: (config["layers"], config.get("hidden", config.get("dim")), 100)
        for kind, config in ((dict(cpu_sizes.all_size_configs())[n]["kind"],
                              dict(cpu_sizes.all_size_configs())[n])
                             for n in cpu_sizes.SIZE_CHOICE.values())}


def test_the_warmup_choice_is_the_rule_over_the_committed_records():
    from dlbook.studies.experiments import load_study

    size = load_study(cpu_sizes.SIZE_STUDY) + load_study(cpu_sizes.SIZE_EDGE_STUDY)
    warmup = load_study(cpu_sizes.WARMUP_STUDY)
    assert {r["seed"] for r in warmup} == set(cpu_sizes.SEEDS)
    assert cpu_sizes.warmup_choice(size, warmup) == cpu_sizes.WARMUP_CHOICE
    # the rate round that choice registers: half and twice each kind's rate, at its warm-up
    rate = dict(cpu_sizes.size_studies()[cpu_sizes.RATE_STUDY].configs)
    chosen = {**dict(cpu_sizes.all_size_configs()),
              **dict(cpu_sizes.warmup_round(cpu_sizes.SIZE_CHOICE))}
    assert sorted((c["kind"], c["lr"], c["warmup"]) for c in rate.values()) == sorted(
        (chosen[name]["kind"], chosen[name]["lr"] * factor, chosen[name]["warmup"])
        for name in cpu_sizes.WARMUP_CHOICE.values() for factor in (0.5, 2))


def test_each_rate_edge_round_is_the_missing_neighbours_of_the_committed_rounds_before_it():
    from dlbook.studies.cpu_final import rate_pool
    from dlbook.studies.experiments import load_study

    edges = [cpu_sizes.RATE_EDGE_STUDY.format(i + 1)
             for i in range(len(cpu_sizes.RATE_EDGE_ROUNDS))]
    pool = rate_pool(load_study)
    for i, (name, edge) in enumerate(zip(edges, cpu_sizes.RATE_EDGE_ROUNDS, strict=True)):
        before = [r for r in pool if r["experiment"] not in edges[i:]]
        missing = cpu_sizes.missing_rate_neighbours(before)
        assert sorted((c["kind"], c["lr"]) for _, c in missing) == sorted(edge), name
        ran = {(r["config"]["kind"], r["config"]["lr"], r["seed"]) for r in load_study(name)}
        assert ran == {(kind, lr, s) for kind, lr in edge for s in cpu_sizes.SEEDS}, name
