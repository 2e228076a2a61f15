"""Chapter 4's claims as code: the width sweep's records and the live run's headline numbers.

The width-sweep claims take the records of study ``charlm-width`` (one per hidden size and
seed) and read them in bits per character, as the chapter prints them; the live claims take
the quantities the chapter computes from its own training run. Each function returns
``True`` exactly when its sentence holds; ``tests/test_claims_language_models.py`` feeds
each one evidence in which the sentence reverses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from dlbook.book.claims import claim
from dlbook.stats import paired_difference

BITS = 1 / math.log(2)


def by_width(records: Sequence[dict]) -> dict[int, list[dict]]:
    """The records grouped by hidden size (narrowest first), each group sorted by seed."""
    groups: dict[int, list[dict]] = {}
    for record in records:
        groups.setdefault(int(record["config"]["hidden"]), []).append(record)
    if len(groups) < 2:
        raise ValueError(f"records must hold at least two widths, got {sorted(groups)}")
    seeds = {h: [r["seed"] for r in sorted(rs, key=lambda r: r["seed"])]
             for h, rs in groups.items()}
    if len({tuple(s) for s in seeds.values()}) != 1:
        raise ValueError(f"every width must have the same seeds to pair them, got {seeds}")
    return {h: sorted(groups[h], key=lambda r: r["seed"]) for h in sorted(groups)}


def test_bits(runs: Sequence[dict]) -> list[float]:
    """Test bits per character of each run's selected checkpoint."""
    return [r["selected"]["test_loss"] * BITS for r in runs]


def final_bits(runs: Sequence[dict]) -> list[float]:
    """Validation bits per character of each run's final state (its last evaluation)."""
    return [r["curves"]["valid_loss"]["value"][-1] * BITS for r in runs]


def _width_gains(widths: dict[int, list[dict]]) -> bool:
    sizes = list(widths)
    return all(paired_difference(test_bits(widths[a]), test_bits(widths[b])).lead == 1
               for a, b in zip(sizes, sizes[1:], strict=False))


def _widest_last_on_final_state(widths: dict[int, list[dict]]) -> bool:
    *others, widest = list(widths)
    return all(paired_difference(final_bits(widths[widest]), final_bits(widths[h])).lead == 1
               for h in others)


@claim("ch4-width-gains", studies=("charlm-width",),
       says="each doubling of the width lowered the test loss of the selected checkpoint, "
            "with a paired interval that excludes zero")
def width_gains(records: Sequence[dict]) -> bool:
    return _width_gains(by_width(records))


@claim("ch4-width-final", studies=("charlm-width",),
       says="on its final state the widest model is the worst of the three and the middle "
            "width the best, each paired difference with an interval that excludes zero")
def width_final(records: Sequence[dict]) -> bool:
    widths = by_width(records)
    narrowest, middle, _ = list(widths)
    return (_widest_last_on_final_state(widths)
            and paired_difference(final_bits(widths[narrowest]),
                                  final_bits(widths[middle])).lead == 1)


@claim("lm-budget-ran-out", studies=("charlm-width",),
       says="when the budget ran out, every run of the widest model was past its best on "
            "validation and every run of the narrowest had its best at one of its last two "
            "evaluations")
def budget_ran_out(records: Sequence[dict]) -> bool:
    widths = by_width(records)
    past = all(r["curves"]["valid_loss"]["value"][-1] > r["selected"]["valid_loss"]
               for r in widths[max(widths)])
    improving = all(r["selected"]["at"] in r["curves"]["valid_loss"]["at"][-2:]
                    for r in widths[min(widths)])
    return past and improving


def _at(curve: dict, step: float) -> float:
    """The curve's value at its last point at or before ``step``."""
    return curve["value"][max(i for i, at in enumerate(curve["at"]) if at <= step)]


def _rise(record: dict) -> float:
    """Validation loss of the final state minus that of the selected checkpoint (nats)."""
    return record["curves"]["valid_loss"]["value"][-1] - record["selected"]["valid_loss"]


@claim("fig-lm-width", studies=("charlm-width",),
       says="the selected checkpoints' mean test loss falls as the width grows; every widest "
            "run selects before every middle run and rises more than three times as far as "
            "any middle run, every middle run rises, and every narrowest run selects one of "
            "its last two evaluations and is still falling over its last 500 steps")
def width_figure(records: Sequence[dict]) -> bool:
    widths = by_width(records)
    narrowest, middle, widest = list(widths)
    means = [sum(test_bits(runs)) / len(runs) for runs in widths.values()]
    falls = all(b < a for a, b in zip(means, means[1:], strict=False))
    order = (max(r["selected"]["at"] for r in widths[widest])
             < min(r["selected"]["at"] for r in widths[middle]))
    rises = (min(_rise(r) for r in widths[widest])
             > 3 * max(_rise(r) for r in widths[middle])
             and min(_rise(r) for r in widths[middle]) > 0)
    still = all(r["selected"]["at"] in r["curves"]["valid_loss"]["at"][-2:]
                and _at(r["curves"]["valid_loss"], r["curves"]["valid_loss"]["at"][-1] - 500)
                > r["curves"]["valid_loss"]["value"][-1] for r in widths[narrowest])
    return falls and order and rises and still


@claim("lm-summary-width", studies=("charlm-width",),
       says="each doubling lowered the selected checkpoint's test loss (paired intervals "
            "exclude zero), but every run of the widest model over-fitted long before training "
            "ended (it selected its checkpoint in the first half of training, after which its "
            "validation loss rose while its training loss fell) and on its final state the "
            "widest ranks last of the three (paired intervals exclude zero)")
def summary_width(records: Sequence[dict]) -> bool:
    widths = by_width(records)
    over_fitted = all(
        2 * r["selected"]["at"] <= r["curves"]["valid_loss"]["at"][-1] and _rise(r) > 0
        and r["curves"]["train_loss"]["value"][-1] < _at(r["curves"]["train_loss"],
                                                         r["selected"]["at"])
        for r in widths[max(widths)])
    return _width_gains(widths) and over_fitted and _widest_last_on_final_state(widths)


@claim("lm-summary-window",
       says="each window's first prediction is nearly blind (its loss is the highest of the "
            "window and closer to the context-free model's than to the second half's), and "
            "one carried state gave a lower held-out loss than the fixed windows")
def summary_window(per_position: Sequence[float], *, context_free: float, fixed: float,
                   carried: float) -> bool:
    losses = [float(v) for v in per_position]
    late = sum(losses[len(losses) // 2:]) / (len(losses) - len(losses) // 2)
    blind = (max(losses) == losses[0]
             and abs(losses[0] - context_free) < abs(losses[0] - late))
    return blind and carried < fixed


@claim("lm-summary-generation",
       says="the lowest temperature gave the most repetitive sample, the highest the one with "
            "the fewest words of the training text, and greedy decoding ended in a loop")
def summary_generation(distinct: Mapping[float, float], known: Mapping[float, float],
                       loop: tuple[int, int] | None) -> bool:
    coldest, hottest = min(distinct), max(known)
    most_repetitive = all(distinct[coldest] < v for t, v in distinct.items() if t != coldest)
    fewest_known = all(known[hottest] < v for t, v in known.items() if t != hottest)
    return most_repetitive and fewest_known and loop is not None
