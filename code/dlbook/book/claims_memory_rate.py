"""Chapter 3's claims about the learning-rate control (``memory-test-rate``): each default
gate against the vanilla RNN at three rates, paired by seed; the lookup control at 80 epochs;
and what the rerun at the recipe's rate says about the two processors."""

from __future__ import annotations

from dlbook.book.claims import claim
from dlbook.book.claims_memory import (
    CHANCE,
    HOLM_LEVEL,
    NEAR_CHANCE,
    SOLVED,
    accuracy,
    compare,
    holm_p,
    share_lost,
    solved_by_seed,
    stuck,
)
from dlbook.comparisons import PairedRates, holm, paired_rates
from dlbook.stats import Difference, paired_difference, t_mean
from dlbook.studies.task_studies import MEMORY_PROTOCOL

#: The memory test's own learning rate, the middle one of the rate study's three.
RECIPE_LR = MEMORY_PROTOCOL["lr"]

#: The rate study's contenders and rates, lowest rate first.
RATE_CONTENDERS = ("vanilla RNN", "LSTM", "GRU")


def rates_of(rate: list[dict]) -> list[float]:
    """The learning rates a rate study ran, lowest first."""
    return sorted({r["config"]["lr"] for r in rate})


def solved_at_rate(rate: list[dict], contender: str, lr: float) -> int:
    """How many of ``contender``'s runs at learning rate ``lr`` solved the task."""
    return sum(solved_by_seed(rate, contender, lr=lr).values())


def rate_holm_p(rate: list[dict]) -> dict[tuple[str, float], float]:
    """Holm-adjusted McNemar p of each default gate against the vanilla RNN at each rate, the
    six comparisons as one family."""
    keys = [(gate, lr) for lr in rates_of(rate) for gate in ("LSTM", "GRU")]
    adjusted = holm([compare(rate, gate, "vanilla RNN", lr=lr).p for gate, lr in keys])
    return dict(zip(keys, adjusted, strict=True))


def accuracy_by_seed(rate: list[dict], contender: str, lr: float) -> dict[int, float]:
    """Seed -> ``contender``'s final test accuracy at learning rate ``lr``."""
    return {r["seed"]: accuracy(r) for r in rate
            if r["config"]["contender"] == contender and r["config"]["lr"] == lr}


def accuracy_difference(rate: list[dict], first: str, second: str, lr: float) -> Difference:
    """``first``'s mean test accuracy minus ``second``'s at ``lr``, paired by seed, with a
    Student t interval (:func:`dlbook.stats.paired_difference`)."""
    a, b = accuracy_by_seed(rate, first, lr), accuracy_by_seed(rate, second, lr)
    seeds = sorted(a)
    if sorted(b) != seeds:
        raise ValueError(f"{first} and {second} ran on other seeds at lr {lr}")
    return paired_difference([a[s] for s in seeds], [b[s] for s in seeds])


@claim("gate-rate-leads", studies=("memory-test-rate",),
       says="at the lowest rate and at the recipe's the vanilla RNN solved the task more often "
            "than each default gate, each paired interval excluding zero; at the highest rate "
            "every contender failed on at least nine runs in ten and the success rates tie, "
            "but the vanilla RNN's mean test accuracy is higher than each gate's, the paired "
            "interval excluding zero, and each gate's mean accuracy interval holds chance")
def rnn_leads_at_low_rates(rate: list[dict], recipe_lr: float = RECIPE_LR) -> bool:
    low, high = rates_of(rate)[0], rates_of(rate)[-1]
    lead = {(gate, lr): compare(rate, gate, "vanilla RNN", lr=lr).lead
            for gate in ("LSTM", "GRU") for lr in (low, recipe_lr, high)}
    return (low < recipe_lr < high
            and all(lead[gate, lr] == -1 for gate in ("LSTM", "GRU") for lr in (low, recipe_lr))
            and all(lead[gate, high] == 0 for gate in ("LSTM", "GRU"))
            and all(solved_at_rate(rate, name, high)
                    <= 0.1 * len(solved_by_seed(rate, name, lr=high)) for name in RATE_CONTENDERS)
            and all(accuracy_difference(rate, "vanilla RNN", gate, high).low > 0
                    for gate in ("LSTM", "GRU"))
            and all(chance_in_interval(rate, gate, high) for gate in ("LSTM", "GRU")))


def chance_in_interval(rate: list[dict], contender: str, lr: float) -> bool:
    """Whether the t interval of ``contender``'s mean test accuracy at ``lr`` holds chance:
    no sign that it kept any of the first token."""
    mean = t_mean(list(accuracy_by_seed(rate, contender, lr).values()))
    return mean.low <= CHANCE <= mean.high


@claim("gate-rate-holm", studies=("memory-test-rate",),
       says="after Holm's correction over the six comparisons, the two at the lowest rate keep "
            "p below 0.05 and the two at the recipe's rate do not")
def rate_leads_under_holm(rate: list[dict], recipe_lr: float = RECIPE_LR) -> bool:
    adjusted, low = rate_holm_p(rate), rates_of(rate)[0]
    return (all(adjusted[gate, low] < HOLM_LEVEL for gate in ("LSTM", "GRU"))
            and all(adjusted[gate, recipe_lr] >= HOLM_LEVEL for gate in ("LSTM", "GRU")))


def rate_step(rate: list[dict], contender: str, lower: float, higher: float) -> PairedRates:
    """``contender``'s success rate at ``lower`` minus at ``higher``, paired by seed."""
    return paired_rates(solved_by_seed(rate, contender, lr=lower),
                        solved_by_seed(rate, contender, lr=higher))


@claim("gate-rate-falls", studies=("memory-test-rate",),
       says="the vanilla RNN succeeded more often at the lowest rate than at the recipe's, the "
            "paired interval excluding zero; its further fall and the LSTM's counts fell with "
            "each rise but are not resolved by these seeds; the default GRU solved the task on "
            "no run at any rate")
def success_falls_with_rate(rate: list[dict]) -> bool:
    rates = rates_of(rate)
    steps = list(zip(rates, rates[1:], strict=False))
    if len(rates) != 3:
        return False
    counts = {name: [solved_at_rate(rate, name, lr) for lr in rates]
              for name in ("vanilla RNN", "LSTM")}
    return (rate_step(rate, "vanilla RNN", *steps[0]).lead == 1
            and rate_step(rate, "vanilla RNN", *steps[1]).lead == 0
            and all(rate_step(rate, "LSTM", *step).lead == 0 for step in steps)
            and all(a > b for c in counts.values() for a, b in zip(c, c[1:], strict=False))
            and not any(solved_at_rate(rate, "GRU", lr) for lr in rates))


@claim("gate-lookup-control-80", studies=("memory-test-rate",),
       says="in every run of the rate study that ended near chance, at any rate, redrawing "
            "the last 16 tokens took away more than half of its fit above chance and "
            "redrawing the 16 after the first less than a fifth")
def failures_at_80_read_the_ending(rate: list[dict]) -> bool:
    failed = stuck(rate)
    return (bool(failed) and min(share_lost(r, 16) for r in failed) > 0.5
            and max(share_lost(r, 16, early=True) for r in failed) < 0.2)


@claim("gate-rate-never-worse", studies=("memory-test-rate",),
       says="at every rate the vanilla RNN succeeded at least as often as each default gate, "
            "and at the two lower rates more often, each paired interval excluding zero")
def rnn_never_behind(rate: list[dict]) -> bool:
    lower = rates_of(rate)[:2]
    return bool(rate) and all(compare(rate, gate, "vanilla RNN", lr=lr).lead == -1
                              for lr in lower for gate in ("LSTM", "GRU")) and all(
        solved_at_rate(rate, "vanilla RNN", lr) >= solved_at_rate(rate, gate, lr)
        for lr in rates_of(rate) for gate in ("LSTM", "GRU"))


def same_runs(first: list[dict], second: list[dict]) -> tuple[int, int]:
    """How many (contender, seed) runs the two studies share, and in how many the first
    ``min`` epochs of training loss agree bit for bit."""
    def key(r):
        return r["config"]["contender"], r["seed"]

    theirs = {key(r): r["curves"]["train_loss"]["value"] for r in second}
    shared = [(r["curves"]["train_loss"]["value"], theirs[key(r)]) for r in first
              if key(r) in theirs]
    same = sum(a[:min(len(a), len(b))] == b[:min(len(a), len(b))] for a, b in shared)
    return len(shared), same


@claim("gate-second-processor-repeats", studies=("memory-test-rate", "memory-test-gates",
                                                 "memory-test-long-solvers"),
       says="on the second processor every run that two studies share repeated its training "
            "losses bit for bit over the epochs both ran")
def second_processor_repeats(rate: list[dict], gates: list[dict], long: list[dict]) -> bool:
    at_recipe = [r for r in rate if r["config"]["lr"] == RECIPE_LR]  # the gate study's rate
    pairs = [same_runs(at_recipe, gates), same_runs(long, gates)]
    return all(n > 0 and same == n for n, same in pairs)


@claim("gate-rate-rerun", studies=("memory-test", "memory-test-chrono", "memory-test-rate"),
       says="at the recipe's rate the vanilla RNN succeeded on fewer seeds on the second "
            "processor than in its records, and its leads over the default gates lost the Holm "
            "correction they kept on the first processor")
def rerun_lost_holm(memory: list[dict], chrono: list[dict], rate: list[dict],
                    recipe_lr: float = RECIPE_LR) -> bool:
    first = sum(solved_by_seed(memory, "vanilla RNN").values())
    here = solved_at_rate(rate, "vanilla RNN", recipe_lr)
    kept = holm_p(memory + chrono)
    lost = rate_holm_p(rate)
    return (here < first
            and all(kept[gate, "vanilla RNN"] < HOLM_LEVEL for gate in ("LSTM", "GRU"))
            and all(lost[gate, recipe_lr] >= HOLM_LEVEL for gate in ("LSTM", "GRU")))


@claim("gate-rate-partial", studies=("memory-test-rate",),
       says="most of the vanilla RNN's failures at the highest rate ended between near chance "
            "and solved")
def vanilla_partial_at_high_rate(rate: list[dict]) -> bool:
    high = rates_of(rate)[-1]
    failed = [a for a in accuracy_by_seed(rate, "vanilla RNN", high).values() if a < SOLVED]
    return bool(failed) and sum(a >= NEAR_CHANCE for a in failed) > len(failed) / 2
