"""The claims of the preface and Appendices A and B: each holds on the real evidence and
fails when the evidence reverses (hand-made values, or the committed records with the key
quantity moved)."""

from __future__ import annotations

import copy
import math

import pytest
import torch

from bookfiles import ROOT
from dlbook.book import claims_appendices_ab as claims
from dlbook.book.claims import check, holds
from dlbook.studies.experiments import load_study

DIAGRAMS = ["figures/arrangements.svg"]
REFERENCE = ["tbl-rnnd-conventions"]


def _pages() -> dict[str, str]:
    paths = [ROOT / "index.qmd", *sorted((ROOT / "book").glob("*.qmd"))]
    return {str(path): path.read_text(encoding="utf-8") for path in paths}


# --- The preface -----------------------------------------------------------------------------

def test_built_by_code_holds_on_the_book():
    assert holds("pre-built-by-code", _pages(), diagrams=DIAGRAMS, reference_tables=REFERENCE)


@pytest.mark.parametrize("planted", [
    "![A plot pasted in](../figures/loss-curve.png)\n",
    "| model | loss |\n|---|---|\n| LSTM | 1.47 |\n",
    "| model | loss |\n|---|---|\n| LSTM | `{python} lstm_loss` |\n| GRU | 1.52 |\n",
])
def test_built_by_code_fails_on_a_typed_plot_or_table(planted):
    pages = {**_pages(), "planted.qmd": "# Planted\n\n" + planted}
    assert not holds("pre-built-by-code", pages, diagrams=DIAGRAMS, reference_tables=REFERENCE)


def test_built_by_code_reads_prose_only_and_spares_the_reference_table():
    inside_code = "```python\n| model | loss |\n|---|---|\n| LSTM | 1.47 |\n```\n"
    reference = "| a | b |\n|---|---|\n| x | typed |\n\n: Conventions. {#tbl-rnnd-conventions}\n"
    pages = {**_pages(), "code.qmd": inside_code, "reference.qmd": reference}
    assert holds("pre-built-by-code", pages, diagrams=DIAGRAMS, reference_tables=REFERENCE)
    pages["reference.qmd"] = reference.replace("tbl-rnnd-conventions", "tbl-results")
    assert not holds("pre-built-by-code", pages, diagrams=DIAGRAMS, reference_tables=REFERENCE)


def test_built_by_code_fails_when_the_diagram_is_gone():
    pages = {name: text.replace("arrangements.svg", "other.svg") for name, text in _pages().items()}
    assert not holds("pre-built-by-code", pages, diagrams=DIAGRAMS, reference_tables=REFERENCE)


@pytest.fixture(scope="module")
def first_study():
    return load_study("shakespeare-budget")


@pytest.fixture(scope="module")
def grid_halves():
    return [load_study(name) for name in ("shakespeare-cpu-grid-a", "shakespeare-cpu-grid-b")]


def test_equal_budget_holds_on_the_records(first_study, grid_halves):
    check("pre-equal-budget", first_study)
    check("pre-cpu-grid", *grid_halves)


@pytest.mark.parametrize("move", ["threads", "short", "budget", "gpu"])
def test_equal_budget_fails_when_one_run_moves(first_study, grid_halves, move):
    def moved(records):
        records = copy.deepcopy(records)
        run = records[-1]
        if move == "threads":
            run["device"]["threads"] = 4
        elif move == "short":  # stopped at 90 per cent of its budget
            run["scores"]["train_seconds"] = 0.9 * run["config"]["budget"]
        elif move == "budget":
            run["config"]["budget"] *= 2
            run["scores"]["train_seconds"] *= 2
        else:
            run["device"]["type"] = "cuda"
        return records

    assert not holds("pre-equal-budget", moved(first_study))
    assert not holds("pre-cpu-grid", grid_halves[0], moved(grid_halves[1]))


def test_equal_budget_needs_all_three_kinds(first_study):
    assert not holds("pre-equal-budget", [r for r in first_study if r["config"]["kind"] != "gru"])


# --- Appendix A ------------------------------------------------------------------------------

def test_fits_its_batch():
    falling = [math.log(13) * 0.5 ** (k / 10) for k in range(200)]  # from ln 13 down to 3e-6
    assert holds("rnnd-fits-batch", falling, vocabulary=13)
    assert not holds("rnnd-fits-batch", [math.log(13), 1.0, 0.5], vocabulary=13)  # not fitted
    assert not holds("rnnd-fits-batch", [5.0, *falling[1:]], vocabulary=13)  # not near ln V


def test_wrong_and_confident():
    assert holds("rnnd-beam-confident", [5, 3, 7, 1], [5, 4, 3, 2, 1], math.log(0.98))
    assert not holds("rnnd-beam-confident", [5, 4, 3, 2, 1], [5, 4, 3, 2, 1], math.log(0.98))
    assert not holds("rnnd-beam-confident", [5, 3, 7, 1], [5, 4, 3, 2, 1], math.log(0.6))


def test_fresh_strings():
    real = dict(terminated=28, n=200, digits=10, lengths=6)  # 0.14, interval 0.10 to 0.19
    assert holds("rnnd-fresh", 0.17, 1.0, **real)
    assert not holds("rnnd-fresh", 0.8, 1.0, **real)  # the symbols generalise
    assert not holds("rnnd-fresh", 0.17, 1.0, **{**real, "terminated": 100})  # lengths learnt


# --- Appendix B ------------------------------------------------------------------------------

def test_wide_beam_misses_less_on_paired_inputs():
    best_path = [True] * 20 + [False] * 80
    wide = [True] + [False] * 99
    assert holds("appb-ctc-beam", best_path, wide)
    assert not holds("appb-ctc-beam", wide, best_path)  # reversed
    assert not holds("appb-ctc-beam", best_path[:3] + [False] * 97, wide)  # 3 against 1: a tie


def test_scan_matches_loop():
    loop = torch.randn(2, 1000, 4)
    assert holds("appb-scan-matches", loop, loop + 1e-7)
    assert not holds("appb-scan-matches", loop, loop + 1e-3)
    assert not holds("appb-scan-matches", loop, loop[:, :999])


def test_scan_timing():
    rows = [[16, 30.0, 2.0, 15.0], [512, 40.0, 30.0, 1.3], [4096, 50.0, 700.0, 0.07]]
    assert holds("appb-scan-timing", rows)
    assert not holds("appb-scan-timing", [[16, 2.0, 30.0, 0.07], *rows[1:]])  # scan slower
    assert not holds("appb-scan-timing", [*rows[:-1], [4096, 700.0, 50.0, 14.0]])  # faster
    assert not holds("appb-scan-timing", rows[::-1])  # most channels first


def test_prose_tables_finds_rows_and_captions():
    text = "Text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n: A caption. {#tbl-x}\n\nMore.\n"
    assert claims.prose_tables(text) == [(["| a | b |", "|---|---|", "| 1 | 2 |"],
                                          ": A caption. {#tbl-x}")]
