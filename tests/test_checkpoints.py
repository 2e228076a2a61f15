"""dlbook.studies.checkpoints: reading where each run of a study selected its checkpoint."""

from __future__ import annotations

import pytest

from dlbook.studies.checkpoints import selection_by_config


def record(name, seed, values, at=None):
    at = at or [250 * i for i in range(len(values))]
    best = min(range(len(values)), key=values.__getitem__)
    return {"config_name": name, "seed": seed,
            "curves": {"unit": "step", "valid_loss": {"at": at, "value": values}},
            "selected": {"at": at[best], "valid_loss": values[best]}}


def test_an_early_minimum_and_a_late_one_are_told_apart():
    recs = [record("wide", 0, [4.0, 1.5, 1.8, 2.0]), record("wide", 1, [4.0, 1.4, 1.6, 2.2]),
            record("narrow", 0, [4.0, 2.5, 2.1, 2.0]), record("narrow", 1, [4.0, 2.4, 2.0, 2.0])]
    out = selection_by_config(recs)
    wide, narrow = out["wide"], out["narrow"]
    assert wide["selected_at"] == [250, 250] and not wide["at_end"]
    assert wide["valid_selected"] == pytest.approx(1.45)
    assert wide["valid_final"] == pytest.approx(2.1)
    assert wide["rise"] == pytest.approx(0.65)
    assert narrow["selected_at"] == [500, 750] and narrow["at_end"]
    assert narrow["rise"] == pytest.approx(0.0)
    assert wide["last_at"] == 750


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="empty"):
        selection_by_config([])
    with pytest.raises(ValueError, match="lacks"):
        selection_by_config([{"config_name": "x"}])
    bad = record("x", 0, [1.0, 2.0])
    bad["curves"]["valid_loss"]["value"] = [1.0]
    with pytest.raises(ValueError, match="malformed"):
        selection_by_config([bad])
