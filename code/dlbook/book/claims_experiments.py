"""The claims of Appendix C (running the experiments), as conditions on the records they read.

Each function is the condition of one sentence of ``book/appendix-c-experiments.qmd``; the
page calls :func:`dlbook.book.claims.check` beside the sentence, and
``tests/test_claims_experiments.py`` feeds each one records in which it reverses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from dlbook.book.claims import claim
from dlbook.studies.checkpoints import selection_by_config


def _updates_by_config(records: Sequence[dict]) -> dict[str, list[int]]:
    """Each configuration's update counts (``scores.steps``), one per seed."""
    counts: dict[str, list[int]] = {}
    for record in records:
        counts.setdefault(record["config_name"], []).append(int(record["scores"]["steps"]))
    return counts


@claim("appc-budget-steps",
       says="on one machine and one thread each, the seeds of every configuration of the "
            "wall-clock budget study made different numbers of updates",
       studies=("shakespeare-budget",))
def budget_seeds_spread(records: Sequence[dict]) -> bool:
    one_machine = (len({r["device"]["host"] for r in records}) == 1
                   and all(r["device"]["threads"] == 1 for r in records))
    counts = _updates_by_config(records)
    return bool(counts) and one_machine and all(len(set(c)) > 1 for c in counts.values())


@claim("exp-budget-counts-differ",
       says="in the studies with a budget of seconds, no two seeds of one configuration made "
            "the same number of updates",
       studies=("shakespeare-budget", "shakespeare-cpu-grid-a", "shakespeare-cpu-grid-b"))
def budget_counts_all_differ(*studies: Sequence[dict]) -> bool:
    pairs = [(a, b) for records in studies
             for counts in _updates_by_config(records).values()
             for a, b in combinations(counts, 2)]
    return bool(pairs) and all(a != b for a, b in pairs)


@claim("exp-moved-sources",
       says="some committed studies name source files at paths that no longer exist, and "
            "their records are clean",
       studies=())
def moved_sources_are_checked(committed: dict[str, list[dict]], present: set[str]) -> bool:
    moved = [name for name, records in committed.items()
             if any(path not in present for r in records for path in r["git"]["source_files"])]
    return bool(moved) and all(not r["git"]["dirty"] for name in moved
                               for r in committed[name])


def _by_width(records: Sequence[dict]) -> tuple[dict[int, dict], list[int]]:
    chosen = selection_by_config(records)
    hidden = {r["config_name"]: r["config"]["hidden"] for r in records}
    by_width = {hidden[name]: facts for name, facts in chosen.items()}
    return by_width, sorted(by_width)


@claim("appc-curves",
       says="the widest width chose one step on every seed, the widest and the middle width "
            "ended above their chosen points, the narrowest chose one of its last two "
            "evaluations on every seed",
       studies=("charlm-width",))
def widths_chose_apart(records: Sequence[dict]) -> bool:
    by_width, widths = _by_width(records)
    if len(widths) != 3:
        return False
    narrow, middle, wide = (by_width[h] for h in widths)
    # the rises are printed in bits to two decimals: each must print above 0.00
    bits = 1 / math.log(2)
    return (len(set(wide["selected_at"])) == 1 and wide["rise"] * bits >= 0.005
            and middle["rise"] * bits >= 0.005 and narrow["at_end"])


@claim("exp-width-overfit",
       says="the two widest widths chose before their last two evaluations, and on each of "
            "their seeds the training loss fell after the chosen step while the validation "
            "loss rose",
       studies=("charlm-width",))
def early_widths_overfit(records: Sequence[dict]) -> bool:
    by_width, widths = _by_width(records)
    if [h for h in widths if not by_width[h]["at_end"]] != widths[1:] or len(widths) != 3:
        return False
    early = [r for r in records if r["config"]["hidden"] in widths[1:]]
    for record in early:
        train, chosen = record["curves"]["train_loss"], record["selected"]
        before = [value for at, value in zip(train["at"], train["value"], strict=True)
                  if at <= chosen["at"]]
        final_valid = record["curves"]["valid_loss"]["value"][-1]
        if not (before and train["value"][-1] < before[-1]
                and final_valid > chosen["valid_loss"]):
            return False
    return True
