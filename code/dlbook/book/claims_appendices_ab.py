"""The headline and summary claims of the preface and of Appendices A and B.

Each function is the condition of one sentence, as the sentence words it. The preface's
claims read the book's own pages (what is drawn and filled by code) and the records of
Chapter 6's two studies (how long, and on how many threads, each run trained); the
appendices' claims take values their cells compute live, so they have ``studies=()``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence

import torch

from dlbook.book.claims import claim
from dlbook.comparisons import paired_rates
from dlbook.stats import wilson_interval

_FENCE = re.compile(r"^(`{3,})")
_IMAGE = re.compile(r"\]\(([^)\s]+\.(?:svg|png|jpe?g|gif|webp|pdf))\)", re.IGNORECASE)
_LABEL = re.compile(r"\{#(tbl-[\w-]+)")
#: How far a run's measured training time may stray from its budget and still "have" it.
BUDGET_TOLERANCE = 0.01


# --- The preface -----------------------------------------------------------------------------

def _prose(text: str) -> Iterator[str]:
    """The lines of a page outside its code fences."""
    fence = None
    for line in text.splitlines():
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and re.match(rf"^{fence}\s*$", line):
            fence = None
        elif fence is None:
            yield line


def prose_tables(text: str) -> list[tuple[list[str], str]]:
    """Each pipe table typed in a page's prose: its rows, and its caption line ("" if none)."""
    tables: list[tuple[list[str], str]] = []
    rows: list[str] = []
    waiting = False  # a table just ended: the next non-blank line may be its caption
    for line in [*_prose(text), ""]:
        stripped = line.strip()
        if stripped.startswith("|"):
            rows.append(stripped)
            continue
        if rows:
            tables.append((rows, ""))
            rows, waiting = [], True
        if waiting and stripped:
            if stripped.startswith(":"):
                tables[-1] = (tables[-1][0], stripped)
            waiting = False
    return tables


@claim("pre-built-by-code", says="every plot but one diagram was drawn, and every table of "
       "results filled, by code that ran when the book was built")
def built_by_code(pages: Mapping[str, str], *, diagrams: Sequence[str],
                  reference_tables: Sequence[str]) -> bool:
    """``pages`` maps a page's name to its source. The only image files its prose links to are
    the ``diagrams``; every prose table other than the ``reference_tables`` (by label) has an
    inline value in every cell after the first of each body row."""
    images = sorted(target.removeprefix("../") for text in pages.values()
                    for target in _IMAGE.findall("\n".join(_prose(text))))
    if images != sorted(diagrams):
        return False
    for text in pages.values():
        for rows, caption in prose_tables(text):
            if set(_LABEL.findall(caption)) & set(reference_tables):
                continue
            for row in rows[2:]:  # below the header and its rule
                cells = [cell.strip() for cell in row.strip("|").split("|")]
                if not all("`{python}" in cell for cell in cells[1:]):
                    return False
    return True


def _trained_its_budget_on_one_thread(records: Sequence[dict]) -> bool:
    """All runs share one budget, ran on one CPU thread, and measured a training time within
    :data:`BUDGET_TOLERANCE` of that budget."""
    budgets = {r["config"]["budget"] for r in records}
    return (len(budgets) == 1
            and all(r["device"]["type"] == "cpu" and r["device"]["threads"] == 1 for r in records)
            and all(abs(r["scores"]["train_seconds"] - r["config"]["budget"])
                    <= BUDGET_TOLERANCE * r["config"]["budget"] for r in records))


@claim("pre-equal-budget", says="Chapter 6's first study gave the LSTM, the GRU and the "
       "transformer the same minutes of one CPU thread each", studies=("shakespeare-budget",))
def first_study_equal_budget(records: list[dict]) -> bool:
    kinds = {r["config"]["kind"] for r in records}
    return kinds == {"lstm", "gru", "transformer"} and _trained_its_budget_on_one_thread(records)


@claim("pre-cpu-grid", says="each run of Chapter 6's second study had the same minutes of one "
       "CPU thread", studies=("shakespeare-cpu-grid-a", "shakespeare-cpu-grid-b"))
def second_study_equal_budget(first_half: list[dict], second_half: list[dict]) -> bool:
    return _trained_its_budget_on_one_thread([*first_half, *second_half])


# --- Appendix A: the over-fitted encoder-decoder --------------------------------------------

@claim("rnnd-fits-batch", says="the loss starts near ln V, ends orders of magnitude lower, "
       "below 0.01 nats: the model fits its batch")
def fits_its_batch(losses: Sequence[float], *, vocabulary: int) -> bool:
    """Starts within 0.3 nats of a uniform guess, ends below 0.01 nats, and the ratio rounds
    to at least two orders of magnitude."""
    return (len(losses) > 1 and abs(losses[0] - math.log(vocabulary)) < 0.3
            and losses[-1] < 0.01 and math.log10(losses[0] / losses[-1]) >= 1.5)


@claim("rnnd-beam-confident", says="the over-fitted decoder's best hypothesis for the unseen "
       "source is wrong, and it gives that answer a probability above 0.9")
def wrong_and_confident(best: Sequence[int], reversal: Sequence[int], best_log_p: float) -> bool:
    return list(best) != list(reversal) and math.exp(best_log_p) > 0.9


@claim("rnnd-fresh", says="on fresh strings the symbols are much closer to random digits than "
       "to the training batch, and termination is no better than a guess of the length")
def fresh_strings(symbol: float, train_symbol: float, terminated: int, n: int, *,
                  digits: int, lengths: int) -> bool:
    """"Much closer": the distance to chance (one over ``digits``) is under a third of the
    distance to the training batch's accuracy. "No better than a guess": the Wilson interval
    of the termination rate reaches down to one over the number of possible ``lengths``."""
    low, _ = wilson_interval(terminated, n)
    return 3 * abs(symbol - 1 / digits) < abs(train_symbol - symbol) and low <= 1 / lengths


# --- Appendix B: CTC decoding and the parallel scan ------------------------------------------

@claim("appb-ctc-beam", says="the widest beam misses the most probable labelling less often "
       "than best-path decoding, the paired interval of the difference above zero")
def wide_beam_misses_less(best_path_missed: Sequence[bool], wide_missed: Sequence[bool]) -> bool:
    """Both decoders read the same inputs, so the misses pair by input."""
    paired = paired_rates(dict(enumerate(map(bool, best_path_missed))),
                          dict(enumerate(map(bool, wide_missed))))
    return paired.lead == 1


@claim("appb-scan-matches", says="the doubling scan matches the loop at T = 1000, to float32 "
       "rounding (1e-5)")
def scan_matches_loop(loop: torch.Tensor, scan: torch.Tensor) -> bool:
    return loop.shape == scan.shape and (loop - scan).abs().max().item() < 1e-5


@claim("appb-scan-timing", says="on one thread the scan was faster than the loop with the "
       "fewest channels and slower with the most")
def scan_timing(rows: Sequence[Sequence[float]]) -> bool:
    """``rows`` are ``[channels, loop ms, scan ms, loop / scan]``, fewest channels first."""
    return (len(rows) > 1 and rows[0][0] < rows[-1][0]
            and rows[0][2] < rows[0][1] and rows[-1][2] > rows[-1][1])
