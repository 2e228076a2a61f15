"""Reading the equal-budget records: spreads per kind and mark, the leader and whether its
lead is clear, and generation costs per method. Hand-made rows with known answers."""

from __future__ import annotations

import pytest

from dlbook.studies.budget_results import Spread, costs_by_method, leader, losses_at_marks


def run(kind: str, losses: list[float], streaming: list[float] | None = None,
        marks=(60.0, 120.0), costs: dict | None = None) -> dict:
    rows = [{"mark": m, "seconds": m, "steps": 10 * (i + 1), "tokens": 40 * (i + 1),
             "valid_loss": loss} for i, (m, loss) in enumerate(zip(marks, losses, strict=True))]
    for row, value in zip(rows, streaming or [], strict=False):
        row["streaming_loss"] = value
    return {"config": {"kind": kind}, "marks": rows, "scores": dict(costs or {})}


def test_a_spread_is_the_mean_and_range_of_its_values():
    assert Spread.of([2.0, 1.0, 3.0]) == Spread(mean=2.0, low=1.0, high=3.0, n=3)
    with pytest.raises(ValueError, match="at least one value"):
        Spread.of([])


def test_losses_are_gathered_per_kind_and_mark_over_seeds():
    found = losses_at_marks([run("lstm", [2.0, 1.5]), run("lstm", [2.2, 1.7]),
                             run("transformer", [1.9, 1.4])])
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


@pytest.mark.parametrize(("spreads", "expected"), [
    # lowest mean leads; clear when its worst seed beats every other kind's best
    ({"lstm": Spread(1.5, 1.45, 1.55, 3), "transformer": Spread(1.6, 1.56, 1.7, 3)},
     ("lstm", True)),
    ({"lstm": Spread(1.5, 1.4, 1.62, 3), "transformer": Spread(1.6, 1.56, 1.7, 3)},
     ("lstm", False)),
    ({"lstm": Spread(1.5, 1.4, 1.45, 3), "gru": Spread(1.7, 1.6, 1.8, 3),
      "transformer": Spread(1.3, 1.2, 1.41, 3)}, ("transformer", False)),
])
def test_the_leader_and_whether_its_lead_is_clear(spreads, expected):
    assert leader(spreads) == expected


def test_a_leader_needs_two_kinds():
    with pytest.raises(ValueError, match="at least two kinds"):
        leader({"lstm": Spread(1.0, 1.0, 1.0, 1)})


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
