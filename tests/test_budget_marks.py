"""Reading the equal-budget records refuses what would silently change a mean (issue 22,
item 13): a record passed twice counts its seed twice, and a misspelt score used to give
``{}``, which a chapter would read as "no kind has this loss"."""

from __future__ import annotations

import copy

import pytest

from dlbook.studies.budget_results import losses_at_marks


def record(kind: str, seed: int, losses: list[float]) -> dict:
    rows = [{"mark": m, "seconds": m, "steps": 10, "tokens": 40, "valid_loss": loss}
            for m, loss in zip((60.0, 120.0), losses, strict=True)]
    return {"config": {"kind": kind, "lr": 1e-3}, "seed": seed, "marks": rows, "scores": {}}


def test_a_record_passed_twice_is_refused():
    first, second = record("lstm", 0, [2.0, 1.5]), record("lstm", 1, [2.4, 1.9])
    for records in ([first, second, first], [first, second, copy.deepcopy(second)]):
        with pytest.raises(ValueError, match=r"lstm.*seed 0|lstm.*seed 1"):
            losses_at_marks(records)
    # the same seed of another configuration is another run, not a duplicate
    other = record("gru", 0, [2.1, 1.6])
    assert sorted(losses_at_marks([first, second, other])) == ["gru", "lstm"]
    assert losses_at_marks([first, second])["lstm"][60.0].n == 2


def test_an_unknown_score_is_refused_with_the_known_ones():
    records = [record("lstm", 0, [2.0, 1.5])]
    with pytest.raises(ValueError, match=r"score='valid_los'.*valid_loss"):
        losses_at_marks(records, "valid_los")
