"""Reading the equal-budget records: losses per kind, mark and seed, the difference of two
kinds with its interval, the leader or a tie, and generation costs per method. Hand-made
rows with known answers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from dlbook.studies.budget_results import (
    Spread,
    beside,
    costs_by_method,
    differences_at_marks,
    leader,
    loss_difference,
    losses_at_marks,
    losses_by_seed,
    mean_bands,
    mean_bands_at_updates,
    on_core,
    span,
    train_loss_near,
)


def run(kind: str, losses: list[float], streaming: list[float] | None = None,
        marks=(60.0, 120.0), costs: dict | None = None, seed: int = 0) -> dict:
    rows = [{"mark": m, "seconds": m, "steps": 10 * (i + 1), "tokens": 40 * (i + 1),
             "valid_loss": loss} for i, (m, loss) in enumerate(zip(marks, losses, strict=True))]
    for row, value in zip(rows, streaming or [], strict=False):
        row["streaming_loss"] = value
    return {"config": {"kind": kind}, "seed": seed, "marks": rows, "scores": dict(costs or {})}


def seeds(kind: str, final_losses: list[float]) -> list[dict]:
    """One record per seed (0, 1, ...) of ``kind``, with these losses at its last mark."""
    return [run(kind, [2.0, loss], seed=s) for s, loss in enumerate(final_losses)]


def test_a_spread_is_the_mean_and_range_of_its_values():
    assert Spread.of([2.0, 1.0, 3.0]) == Spread(mean=2.0, low=1.0, high=3.0, n=3)
    with pytest.raises(ValueError, match="at least one value"):
        Spread.of([])


def test_losses_are_gathered_per_kind_mark_and_seed():
    records = [run("lstm", [2.2, 1.7], seed=1), run("lstm", [2.0, 1.5], seed=0),
               run("transformer", [1.9, 1.4])]
    assert losses_by_seed(records)["lstm"] == {60.0: {0: 2.0, 1: 2.2}, 120.0: {0: 1.5, 1: 1.7}}
    found = losses_at_marks(records)
    assert found["lstm"][60.0] == Spread(2.1, 2.0, 2.2, 2)
    assert found["lstm"][120.0] == Spread(pytest.approx(1.6), 1.5, 1.7, 2)
    assert found["transformer"][120.0] == Spread(1.4, 1.4, 1.4, 1)


def test_streaming_losses_leave_out_the_kinds_that_have_none():
    found = losses_at_marks([run("gru", [2.0, 1.5], streaming=[1.9, 1.3]),
                             run("transformer", [1.9, 1.4])], score="streaming_loss")
    assert list(found) == ["gru"] and found["gru"][120.0].mean == 1.3


def test_records_of_one_kind_with_different_marks_are_refused():
    with pytest.raises(ValueError, match="the lstm records disagree on their marks"):
        losses_at_marks([run("lstm", [2.0, 1.5]), run("lstm", [2.0, 1.5], marks=(60.0, 240.0))])


def test_a_seed_that_appears_twice_in_one_kind_is_refused():
    with pytest.raises(ValueError, match="the gru.s seed 0 appears in two records"):
        losses_by_seed([run("gru", [2.0, 1.5]), run("gru", [2.1, 1.6])])


def test_the_difference_is_welch_unpaired_and_student_t_paired():
    first, second = {0: 1.50, 1: 1.52, 2: 1.55}, {0: 1.60, 1: 1.61, 2: 1.66}
    unpaired = loss_difference(first, second, paired=False)
    paired = loss_difference(first, second, paired=True)
    assert unpaired.estimate == pytest.approx(-0.1) and paired.estimate == pytest.approx(-0.1)
    # per seed the differences are -0.10, -0.09, -0.11: pairing removes the seeds' spread
    assert paired.high - paired.low < unpaired.high - unpaired.low
    assert unpaired.lead == paired.lead == -1


def test_paired_differences_pair_by_seed_not_by_order():
    # seed by seed the second is 0.1 higher; read in the order given, the pairs would not be
    first, second = {0: 1.0, 1: 2.0, 2: 3.0}, {2: 3.1, 0: 1.1, 1: 2.1}
    difference = loss_difference(first, second, paired=True)
    assert difference.estimate == pytest.approx(-0.1)
    assert difference.high - difference.low == pytest.approx(0.0, abs=1e-9)


def test_paired_differences_need_the_same_seeds():
    with pytest.raises(ValueError, match="paired seeds must match"):
        loss_difference({0: 1.0, 1: 1.1}, {0: 1.0, 2: 1.1}, paired=True)
    with pytest.raises(TypeError, match="paired must be True or False"):
        loss_difference({0: 1.0, 1: 1.1}, {0: 1.0, 1: 1.1}, paired="yes")


def test_a_kind_leads_when_every_interval_lies_below_zero():
    at_mark = losses_by_seed(seeds("lstm", [1.45, 1.47, 1.46]) + seeds("gru", [1.55, 1.58, 1.56])
                             + seeds("transformer", [1.60, 1.62, 1.61]))
    at_end = {kind: by_mark[120.0] for kind, by_mark in at_mark.items()}
    assert loss_difference(at_end["lstm"], at_end["gru"], paired=False).lead == -1
    assert leader(at_end, paired=False) == "lstm"
    assert leader(at_end, paired=True) == "lstm"


def test_overlapping_seeds_are_a_tie_even_when_one_mean_is_lower():
    # the GRU's mean is lower by 0.0035, as in the study at fifteen minutes; the seeds overlap
    at_end = {"gru": {0: 1.4763, 1: 1.4755, 2: 1.4718}, "lstm": {0: 1.4788, 1: 1.4742,
                                                                2: 1.4811}}
    difference = loss_difference(at_end["gru"], at_end["lstm"], paired=False)
    assert difference.estimate < 0 and difference.low < 0 < difference.high
    assert difference.lead == 0
    assert leader(at_end, paired=False) is None
    assert leader(at_end, paired=True) is None


def test_a_tie_at_the_top_has_no_leader_even_if_both_beat_a_third():
    at_end = {"gru": {0: 1.47, 1: 1.49, 2: 1.48}, "lstm": {0: 1.48, 1: 1.47, 2: 1.49},
              "transformer": {0: 1.60, 1: 1.61, 2: 1.62}}
    assert all(loss_difference(at_end[k], at_end["transformer"], paired=False).lead == -1
               for k in ("gru", "lstm"))
    assert leader(at_end, paired=False) is None


def test_a_leader_needs_two_kinds():
    with pytest.raises(ValueError, match="at least two kinds"):
        leader({"lstm": {0: 1.0, 1: 1.1}}, paired=False)


def test_costs_are_labelled_by_method_and_gathered_over_seeds():
    found = costs_by_method([
        run("lstm", [2.0, 1.5], costs={"seconds_per_char_state_L=64": 1e-3,
                                       "steps": 10.0}),
        run("lstm", [2.0, 1.5], costs={"seconds_per_char_state_L=64": 3e-3}),
        run("transformer", [2.0, 1.5], costs={"seconds_per_char_cache_L=64": 2e-3,
                                              "seconds_per_char_no-cache_L=1024": 9e-3})])
    assert found == {"lstm": {64: Spread(2e-3, 1e-3, 3e-3, 2)},
                     "transformer (cache)": {64: Spread(2e-3, 2e-3, 2e-3, 1)},
                     "transformer (no cache)": {1024: Spread(9e-3, 9e-3, 9e-3, 1)}}


def test_pairing_finds_a_lead_that_the_seeds_hide_when_unpaired():
    # each seed moves both kinds alike (they read the same windows), and the GRU stays about
    # 0.004 below the LSTM on every seed: unpaired, the seeds' spread swamps it
    lstm = {0: 1.450, 1: 1.480, 2: 1.460, 3: 1.500, 4: 1.470}
    gru = {seed: loss - 0.004 + 0.0005 * (-1) ** seed for seed, loss in lstm.items()}
    assert leader({"lstm": lstm, "gru": gru}, paired=False) is None
    assert leader({"lstm": lstm, "gru": gru}, paired=True) == "gru"


def test_bands_and_differences_at_every_mark():
    made = (seeds("lstm", [1.45, 1.47, 1.46]) + seeds("gru", [1.50, 1.53, 1.51])
            + seeds("transformer", [1.60, 1.62, 1.61]))
    band = mean_bands(made)["gru"][120.0]
    assert band.mean == pytest.approx(1.5133333) and band.low < 1.50 < 1.53 < band.high
    assert mean_bands(made)["lstm"][60.0].low == mean_bands(made)["lstm"][60.0].high == 2.0
    found = differences_at_marks(made, paired=True)
    assert list(found) == [("lstm", "gru"), ("lstm", "transformer"), ("gru", "transformer")]
    assert found["lstm", "gru"][120.0].estimate == pytest.approx(1.46 - 1.5133333)
    assert found["lstm", "gru"][120.0] == loss_difference(
        {0: 1.45, 1: 1.47, 2: 1.46}, {0: 1.50, 1: 1.53, 2: 1.51}, paired=True)
    assert found["lstm", "gru"][60.0].lead == 0  # every seed at 2.0: no difference


def test_bands_at_updates_are_the_bands_at_the_counts_every_record_reached():
    def counted(kind, seed, at, values):
        series = {"at": at, "value": values}
        return {"config_name": kind, "seed": seed, "config": {"kind": kind},
                "curves": {"diagnostics": {"report_loss_at_updates": series}}}

    made = [counted("lstm", 0, [250, 500, 1000], [2.0, 1.8, 1.6]),
            counted("lstm", 1, [250, 500, 1000], [2.2, 1.9, 1.7]),
            counted("gru", 0, [250, 500], [2.1, 2.0]), counted("gru", 1, [250, 500], [2.1, 2.2])]
    bands = mean_bands_at_updates(made, "report")
    assert {k: list(by) for k, by in bands.items()} == {"lstm": [250, 500], "gru": [250, 500]}
    assert bands["lstm"][250].mean == pytest.approx(2.1) and bands["lstm"][250].n == 2
    assert bands["lstm"][250].low < 2.0 < 2.2 < bands["lstm"][250].high
    assert bands["gru"][250].low == bands["gru"][250].high == pytest.approx(2.1)


def test_the_training_loss_near_a_step_is_the_nearest_block_mean():
    record = {"curves": {"train_loss": {"at": [50, 150, 250], "value": [3.0, 2.5, 2.2]}}}
    assert train_loss_near(record, 0) == 3.0
    assert train_loss_near(record, 140) == 2.5
    assert train_loss_near(record, 10_000) == 2.2
    with pytest.raises(ValueError, match="empty training curve"):
        train_loss_near({"curves": {"train_loss": {"at": [], "value": []}}}, 10)


def test_on_core_is_cpu_seconds_over_wall_seconds():
    assert on_core({"scores": {"train_seconds": 90.0, "train_wall_seconds": 100.0}}) == 0.9


def timed(kind: str, start: float, seconds: float) -> dict:
    """A record of ``kind`` that ran ``seconds`` of wall time from ``start`` (epoch seconds)."""
    end = datetime.fromtimestamp(start + seconds, tz=UTC)
    return {"config": {"kind": kind}, "created": end.isoformat(), "wall_seconds": seconds}


def test_a_span_ends_when_the_record_was_written_and_starts_its_wall_time_before():
    assert span(timed("gru", 1_000.0, 300.0)) == pytest.approx((1_000.0, 1_300.0))


def test_beside_gives_each_kinds_share_of_a_runs_wall_time_and_skips_the_run_itself():
    run = timed("transformer", 0.0, 100.0)
    others = [run, timed("lstm", -50.0, 100.0), timed("gru", 50.0, 100.0),
              timed("gru", 500.0, 100.0)]  # the last never overlaps
    assert beside(run, others) == pytest.approx({"lstm": 0.5, "gru": 0.5})
