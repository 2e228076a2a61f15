"""Chapter 6's claims on the grid run again with the recheck round's choices: each holds on
the committed records, and each fails when a deep copy of them is moved so that its sentence
would be false."""

from __future__ import annotations

import copy

import pytest

from dlbook.book import claims_budget_rechecked as cbr
from dlbook.book.claims import REGISTRY, holds
from dlbook.studies.experiments import load_study

IDS = ("budget-rechecked-order", "budget-rechecked-settings", "budget-reading-rechecked",
       "budget-summary-rechecked", "budget-rechecked-reading",
       "budget-cost-same-shape", "budget-rechecked-marks", "budget-rechecked-distances",
       "budget-reading-rechecked-order",
       "budget-cost-rerun-shape",
       "budget-gru-one-session", "budget-reading-gru-one-session", "budget-lstm-one-session",
       "budget-reading-parameters")
SAME_SHAPE = pytest.mark.parametrize("claim_id", ["budget-cost-same-shape",
                                                  "budget-cost-rerun-shape"])


@pytest.fixture(scope="module")
def studies() -> dict[str, list[dict]]:
    return {name: load_study(name) for name in {*cbr.SESSION, *cbr.LSTM_SESSION}}


def evidence(studies, claim_id):
    """The committed records a claim reads, copied so that a test may move them."""
    return [copy.deepcopy(studies[name]) for name in REGISTRY[claim_id].studies]


def runs(halves, kind, *, rerun):
    """The runs of ``kind`` in the rerun (``rerun=True``) or in the grid."""
    grid, again = cbr.split_grids(tuple(halves))
    return [r for r in (again if rerun else grid) if r["config"]["kind"] == kind]


def set_last(records, loss):
    """Give every run's last mark a report-half loss of ``loss(run)``."""
    for r in records:
        r["marks"][-1]["report_loss"] = loss(r)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds_on_the_committed_records(studies, claim_id):
    assert holds(claim_id, *evidence(studies, claim_id))


def test_every_claim_of_the_module_is_tested_here():
    assert {i for i, c in REGISTRY.items() if c.condition.__module__ == cbr.__name__} == set(IDS)


@pytest.mark.parametrize("claim_id", ["budget-rechecked-order", "budget-summary-rechecked",
                                      "budget-rechecked-reading",
                                      "budget-reading-rechecked-order"])
@pytest.mark.parametrize("low, high", [("lstm", "gru"), ("gru", "transformer")])
def test_order_fails_when_a_pair_ties_in_the_rerun(studies, claim_id, low, high):
    halves = evidence(studies, claim_id)
    spread = {0: -0.002, 1: 0.001, 2: 0.002, 3: -0.001, 4: 0.0}  # a tie: the sign moves
    partner = {r["seed"]: r for r in runs(halves, low, rerun=True)}
    set_last(runs(halves, high, rerun=True),
             lambda r: partner[r["seed"]]["marks"][-1]["report_loss"] + spread[r["seed"]])
    assert not holds(claim_id, *halves)


def test_order_fails_when_the_rerun_reverses_a_pair(studies):
    halves = evidence(studies, "budget-rechecked-order")
    gru = {r["seed"]: r for r in runs(halves, "gru", rerun=True)}
    set_last(runs(halves, "lstm", rerun=True),
             lambda r: gru[r["seed"]]["marks"][-1]["report_loss"] + 0.05)
    assert not holds("budget-rechecked-order", *halves)


def test_order_fails_when_the_rerun_trains_another_setting(studies):
    halves = evidence(studies, "budget-rechecked-order")
    runs(halves, "gru", rerun=True)[0]["config"]["batch"] *= 2  # its windows no longer pair
    assert not holds("budget-rechecked-order", *halves)


@pytest.mark.parametrize("claim_id", ["budget-rechecked-settings", "budget-reading-rechecked",
                                      "budget-summary-rechecked", "budget-rechecked-reading"])
@pytest.mark.parametrize("kind, gain", [("gru", 0.0), ("lstm", 0.03), ("transformer", 0.03)])
def test_settings_fail_when_a_kind_reads_otherwise(studies, claim_id, kind, gain):
    """The rerun's loss set to the grid's minus ``gain``, give or take a little: the GRU's
    gain gone (a tie), or a clear gain for a kind the text says ties."""
    halves = evidence(studies, claim_id)
    assert holds(claim_id, *halves)
    spread = {0: -0.003, 1: 0.002, 2: 0.003, 3: -0.002, 4: 0.0}
    grid = {r["seed"]: r for r in runs(halves, kind, rerun=False)}
    set_last(runs(halves, kind, rerun=True),
             lambda r: grid[r["seed"]]["marks"][-1]["report_loss"] - gain + spread[r["seed"]])
    assert not holds(claim_id, *halves)


@SAME_SHAPE
def test_same_shape_fails_when_the_shapes_differ(studies, claim_id):
    halves = evidence(studies, claim_id)
    for r in runs(halves, "gru", rerun=True):
        r["config"]["hidden"] *= 2
    assert not holds(claim_id, *halves)


@SAME_SHAPE
def test_same_shape_fails_when_the_lstm_is_no_dearer(studies, claim_id):
    halves = evidence(studies, claim_id)
    gru = [r["scores"] for r in runs(halves, "gru", rerun=True)]
    for scores, r in zip(gru, runs(halves, "lstm", rerun=True), strict=True):
        for name in scores:
            if name.startswith("seconds_per_char_state"):
                r["scores"][name] = scores[name]
    assert not holds(claim_id, *halves)


@SAME_SHAPE
def test_same_shape_fails_when_the_ratio_is_as_large_as_half_the_chosen_shapes(studies, claim_id):
    halves = evidence(studies, claim_id)
    chosen = cbr.step_ms(cbr.split_grids(tuple(halves))[0])
    for r in runs(halves, "lstm", rerun=True):
        for name in r["scores"]:
            if name.startswith("seconds_per_char_state"):
                r["scores"][name] *= chosen["lstm"] / chosen["gru"]
    assert not holds(claim_id, *halves)


def set_at(records, index, loss):
    """Give every run's ``index``-th mark a report-half loss of ``loss(run)``."""
    for r in records:
        r["marks"][index]["report_loss"] = loss(r)


@pytest.mark.parametrize("kind, index, gain", [
    ("gru", 0, 0.0),  # the GRU's new setting no longer behind at one minute
    ("lstm", 1, 0.0),  # the LSTM's no longer ahead at two minutes
    ("transformer", 2, 0.03)])  # the transformer's ahead at four minutes
def test_marks_fail_when_one_verdict_moves(studies, kind, index, gain):
    halves = evidence(studies, "budget-rechecked-marks")
    assert holds("budget-rechecked-marks", *halves)
    spread = {0: -0.003, 1: 0.002, 2: 0.003, 3: -0.002, 4: 0.0}
    grid = {r["seed"]: r for r in runs(halves, kind, rerun=False)}
    set_at(runs(halves, kind, rerun=True), index,
           lambda r: grid[r["seed"]]["marks"][index]["report_loss"] - gain + spread[r["seed"]])
    assert not holds("budget-rechecked-marks", *halves)


@pytest.mark.parametrize("claim_id", ["budget-rechecked-distances"])
def test_distances_fail_when_the_rerun_repeats_the_grid(studies, claim_id):
    """Each kind's rerun loss set to its grid loss plus a per-seed constant shared by every
    kind: every distance then repeats the grid's, and no change excludes zero."""
    halves = evidence(studies, claim_id)
    assert holds(claim_id, *halves)
    shift = {0: 0.01, 1: -0.02, 2: 0.005, 3: 0.0, 4: -0.01}
    for k in ("lstm", "gru", "transformer"):
        grid = {r["seed"]: r for r in runs(halves, k, rerun=False)}
        set_last(runs(halves, k, rerun=True),
                 lambda r, grid=grid: grid[r["seed"]]["marks"][-1]["report_loss"]
                 + shift[r["seed"]])
    assert not holds(claim_id, *halves)


@SAME_SHAPE
def test_same_shape_fails_when_one_gru_run_trains_as_fast_as_an_lstm_run(studies, claim_id):
    halves = evidence(studies, claim_id)
    fastest = max(r["scores"]["steps_per_second"] for r in runs(halves, "lstm", rerun=True))
    runs(halves, "gru", rerun=True)[0]["scores"]["steps_per_second"] = fastest
    assert not holds(claim_id, *halves)


def test_order_fails_when_a_pair_ties_in_the_grid(studies):
    """A tie in the grid keeps nothing, whatever the rerun shows."""
    halves = evidence(studies, "budget-rechecked-order")
    spread = {0: -0.002, 1: 0.001, 2: 0.002, 3: -0.001, 4: 0.0}
    lstm = {r["seed"]: r for r in runs(halves, "lstm", rerun=False)}
    set_last(runs(halves, "gru", rerun=False),
             lambda r: lstm[r["seed"]]["marks"][-1]["report_loss"] + spread[r["seed"]])
    assert not holds("budget-rechecked-order", *halves)


def set_setting(records, name, loss):
    """Give every run of configuration ``name`` a last-mark report-half loss of ``loss(run)``."""
    set_last([r for r in records if r["config_name"] == name], loss)


#: Each claim on a one-session study, its kind, and a shift of the recheck setting's loss from
#: the grid setting's, seed by seed in that session, that would reverse the sentence's verdict:
#: the GRU's lead made a tie, the LSTM's tie made a lead.
SESSIONS = pytest.mark.parametrize("claim_id, kind, flipped", [
    ("budget-gru-one-session", "gru", 0.0), ("budget-reading-gru-one-session", "gru", 0.0),
    ("budget-lstm-one-session", "lstm", -0.03)])


def settings_of(kind):
    return cbr.cpu_final.FINAL_CHOICE[kind], cbr.cpu_final.RECHECK_CHOICE[kind]


@SESSIONS
def test_one_session_fails_when_its_verdict_on_the_two_settings_flips(studies, claim_id, kind,
                                                                      flipped):
    *halves, session = evidence(studies, claim_id)
    assert holds(claim_id, *halves, session)
    old, new = settings_of(kind)
    spread = {0: -0.003, 1: 0.002, 2: 0.003, 3: -0.002, 4: 0.0}
    first = cbr.setting_losses(session, old)
    set_setting(session, new, lambda r: first[r["seed"]] + flipped + spread[r["seed"]])
    assert not holds(claim_id, *halves, session)


@SESSIONS
@pytest.mark.parametrize("which", ["grid", "recheck"])
def test_one_session_fails_when_a_setting_moves_with_the_session(studies, claim_id, kind,
                                                                 flipped, which):
    """One setting scored 0.03 higher in this session than in its own grid, on every seed."""
    *halves, session = evidence(studies, claim_id)
    grid, rerun = cbr.split_grids(tuple(halves))
    name = settings_of(kind)[0 if which == "grid" else 1]
    before = cbr.setting_losses(grid if which == "grid" else rerun, name)
    set_setting(session, name, lambda r: before[r["seed"]] + 0.03 + 0.001 * r["seed"])
    assert not holds(claim_id, *halves, session)


@SESSIONS
def test_one_session_fails_when_the_settings_differ_in_one_more_key(studies, claim_id, kind,
                                                                    flipped):
    *halves, session = evidence(studies, claim_id)
    for r in session:
        if r["config_name"] == settings_of(kind)[1]:
            r["config"]["lr"] /= 2
    assert not holds(claim_id, *halves, session)


def test_lstm_session_fails_when_the_two_grids_did_not_tie(studies):
    claim_id = "budget-lstm-one-session"
    *halves, session = evidence(studies, claim_id)
    grid, _ = cbr.split_grids(tuple(halves))
    new = cbr.setting_losses(cbr.split_grids(tuple(halves))[1],
                             cbr.cpu_final.RECHECK_CHOICE["lstm"])
    set_setting(grid, cbr.cpu_final.FINAL_CHOICE["lstm"],
                lambda r: new[r["seed"]] + 0.03 + 0.001 * r["seed"])
    assert not holds(claim_id, *halves, session)


@pytest.mark.parametrize("grid_kind, rerun", [("gru", False), ("lstm", True)])
def test_parameters_fail_when_the_near_size_pair_ties(studies, grid_kind, rerun):
    """The recurrent model's last-mark loss set to the transformer's, seed by seed, with a
    little noise: that pair then ties."""
    halves = evidence(studies, "budget-reading-parameters")
    assert holds("budget-reading-parameters", *halves)
    tf = {r["seed"]: r for r in runs(halves, "transformer", rerun=rerun)}
    spread = {0: -0.002, 1: 0.001, 2: 0.002, 3: -0.001, 4: 0.0}
    set_last(runs(halves, grid_kind, rerun=rerun),
             lambda r: tf[r["seed"]]["marks"][-1]["report_loss"] + spread[r["seed"]])
    assert not holds("budget-reading-parameters", *halves)


def test_parameters_fail_when_the_grids_gru_is_much_larger(studies):
    halves = evidence(studies, "budget-reading-parameters")
    for r in runs(halves, "gru", rerun=False):
        r["parameters"] *= 2
    assert not holds("budget-reading-parameters", *halves)
