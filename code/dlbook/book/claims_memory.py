"""Chapter 3's claims about the memory test, as functions of the studies' records.

A seed fixes the data, so two contenders pair by seed (:func:`dlbook.comparisons.paired_rates`);
a run counts as solved when its test accuracy reaches :data:`SOLVED`. ``at`` picks what a
run's accuracy is: ``None`` for the record's final score, or an epoch for the held-out score
the follow-up studies kept every ten epochs.
"""

from __future__ import annotations

from collections.abc import Iterable

from dlbook.book.claims import claim
from dlbook.comparisons import PairedRates, holm, paired_rates

SOLVED = 0.9  # the test accuracy that counts as remembering (chance is 0.25)
CHRONO = "LSTM (chrono init)"
#: The comparisons of the chapter's table, first minus second; the last two were added later.
PAIRS = (("LSTM", "vanilla RNN"), ("GRU", "vanilla RNN"),
         ("LSTM (forget bias +1)", "LSTM"), ("GRU (update bias +1)", "GRU"),
         ("GRU (update bias +2)", "GRU"), ("LSTM (forget bias +1)", "GRU (update bias +2)"),
         (CHRONO, "LSTM (forget bias +1)"), (CHRONO, "LSTM"))
HOLM_LEVEL = 0.05


def accuracy(record: dict, at: int | None = None) -> float:
    """A run's test accuracy: final, or at epoch ``at`` from its held-out curve."""
    if at is None:
        return record["scores"]["test_accuracy"]
    curve = record["curves"]["diagnostics"]["test_accuracy"]
    return curve["value"][curve["at"].index(at)]


def solved_by_seed(records: Iterable[dict], contender: str, *,
                   at: int | None = None, lr: float | None = None) -> dict[int, bool]:
    """Seed -> whether ``contender``'s run solved the task (at learning rate ``lr``, if given)."""
    return {r["seed"]: accuracy(r, at) >= SOLVED for r in records
            if r["config"]["contender"] == contender
            and (lr is None or r["config"]["lr"] == lr)}


def compare(records: list[dict], first: str, second: str, *, at: int | None = None,
            lr: float | None = None) -> PairedRates:
    """``first`` minus ``second``'s success rate, paired by seed."""
    return paired_rates(solved_by_seed(records, first, at=at, lr=lr),
                        solved_by_seed(records, second, at=at, lr=lr))


@claim("gate-rnn-beats-defaults", studies=("memory-test",),
       says="the vanilla RNN solved the task more often than the default LSTM and the "
            "default GRU, each paired interval excluding zero")
def rnn_beats_defaults(memory: list[dict], *, at: int | None = None) -> bool:
    return (compare(memory, "LSTM", "vanilla RNN", at=at).lead == -1
            and compare(memory, "GRU", "vanilla RNN", at=at).lead == -1)


@claim("gate-bias-raises", studies=("memory-test",),
       says="a forget bias of +1 raised the LSTM's rate and an update bias of +2 the GRU's, "
            "each paired interval excluding zero")
def bias_raises(memory: list[dict], *, at: int | None = None) -> bool:
    return (compare(memory, "LSTM (forget bias +1)", "LSTM", at=at).lead == 1
            and compare(memory, "GRU (update bias +2)", "GRU", at=at).lead == 1)


@claim("gate-gru-plus1-tie", studies=("memory-test",),
       says="an update bias of +1 against the default GRU is a tie (the interval includes 0)")
def gru_plus1_ties(memory: list[dict], *, at: int | None = None) -> bool:
    return compare(memory, "GRU (update bias +1)", "GRU", at=at).lead == 0


@claim("gate-best-tie", studies=("memory-test",),
       says="the LSTM's +1 and the GRU's +2 tie (the paired interval includes 0)")
def best_biases_tie(memory: list[dict], *, at: int | None = None) -> bool:
    return compare(memory, "LSTM (forget bias +1)", "GRU (update bias +2)", at=at).lead == 0


@claim("gate-chrono", studies=("memory-test", "memory-test-chrono"),
       says="chrono ties with the forget bias of +1 and leads the default LSTM, paired")
def chrono_ties_plus1(memory: list[dict], chrono: list[dict], *, at: int | None = None) -> bool:
    runs = memory + chrono
    return (compare(runs, CHRONO, "LSTM (forget bias +1)", at=at).lead == 0
            and compare(runs, CHRONO, "LSTM", at=at).lead == 1)


def holm_p(runs: list[dict], *, at: int | None = None) -> dict[tuple[str, str], float]:
    """Holm-adjusted McNemar p of every comparison of :data:`PAIRS`, as one family."""
    found = [compare(runs, a, b, at=at).p for a, b in PAIRS]
    return dict(zip(PAIRS, holm(found), strict=True))


@claim("gate-holm", studies=("memory-test", "memory-test-chrono"),
       says="the four leads among the first six comparisons keep a Holm-corrected p below "
            "0.05")
def leads_survive_holm(memory: list[dict], chrono: list[dict], *,
                       at: int | None = None) -> bool:
    runs = memory + chrono
    adjusted = holm_p(runs, at=at)
    leads = [pair for pair in PAIRS[:6] if compare(runs, *pair, at=at).lead != 0]
    return len(leads) == 4 and max(adjusted[pair] for pair in leads) < HOLM_LEVEL


# --- Where the keep gate acts (memory-test-gates) ----------------------------------------

#: log10 of a tenth: the trace section's test of a unit that copies along the direct path.
RETAINS = -1.0
GATED = ("GRU", "GRU (update bias +2)", "LSTM", "LSTM (forget bias +1)", CHRONO)


def measured(record: dict, name: str) -> list[float]:
    """A diagnostic series of a gate-study record (epochs 0, 1, ... or the unit epochs)."""
    return record["curves"]["diagnostics"][name]["value"]


def retentive_units(record: dict) -> int:
    """How many units keep at least a tenth of their step-1 content to the last step, at the
    end of training."""
    hidden = record["config"]["hidden"]
    return sum(measured(record, f"keep_log10_retention_unit={u:02d}")[-1] >= RETAINS
               for u in range(hidden))


def runs_of(records: list[dict], contender: str, *, solved: bool | None = None) -> list[dict]:
    return [r for r in records if r["config"]["contender"] == contender
            and (solved is None or (accuracy(r) >= SOLVED) == solved)]


@claim("gate-plus2-retains", studies=("memory-test-gates",),
       says="every run of the GRU with update bias +2 ended with a lower mean update bias than "
            "it started with; most of its successes kept at least one unit that retained a "
            "tenth of its step-1 content to step 80, and at least one success kept none")
def plus2_keeps_a_unit(gates: list[dict]) -> bool:
    runs = runs_of(gates, "GRU (update bias +2)")
    fell = all(measured(r, "keep_bias_mean")[-1] < measured(r, "keep_bias_mean")[0]
               for r in runs)
    wins = runs_of(gates, "GRU (update bias +2)", solved=True)
    keeping = sum(retentive_units(r) > 0 for r in wins)
    return fell and 2 * keeping > len(wins) and keeping < len(wins)


@claim("gate-defaults-no-unit", studies=("memory-test-gates",),
       says="no run of the default LSTM or GRU ended with a unit that kept even a "
            "hundred-thousandth of its step-1 content to step 80")
def defaults_keep_nothing(gates: list[dict]) -> bool:
    runs = runs_of(gates, "GRU") + runs_of(gates, "LSTM")
    return bool(runs) and max(measured(r, "keep_log10_retention_max")[-1] for r in runs) < -5


def redrawn(record: dict, part: str, k: int, *, early: bool = False) -> float:
    """Accuracy on the ``part`` ("train" or "test") sequences with ``k`` tokens redrawn: the
    last ``k``, or with ``early`` the ``k`` after the first."""
    series = record["curves"]["diagnostics"][
        f"{'early_' if early else ''}scrambled_{part}_accuracy"]
    return series["value"][series["at"].index(k)]


# --- The lookup test: redrawn endings, and the control ------------------------------------

CHANCE = 0.25
NEAR_CHANCE = 0.35  # a run this close to chance on held-out sequences remembered nothing


def share_lost(record: dict, k: int, *, early: bool = False) -> float:
    """The share of a run's training accuracy above chance that ``k`` redrawn tokens took
    away (the last ``k``, or with ``early`` the ``k`` after the first)."""
    plain = redrawn(record, "train", 0)
    return (plain - redrawn(record, "train", k, early=early)) / (plain - CHANCE)


def stuck(records: list[dict]) -> list[dict]:
    """The runs that ended near chance on the held-out sequences and above it on their own."""
    return [r for r in records if accuracy(r) < NEAR_CHANCE
            and redrawn(r, "train", 0) > NEAR_CHANCE]


@claim("gate-lookup-ending", studies=("memory-test-gates",),
       says="in every run that ended near chance, redrawing the last 16 tokens took away more "
            "than half of its training accuracy above chance; every successful run kept a "
            "held-out accuracy of at least 0.99 with all 79 tokens after the first redrawn")
def failures_read_the_ending(gates: list[dict]) -> bool:
    failed = stuck(gates)
    won = [r for r in gates if accuracy(r) >= SOLVED]
    return (bool(failed) and min(share_lost(r, 16) for r in failed) > 0.5
            and bool(won) and min(redrawn(r, "test", 79) for r in won) >= 0.99)


@claim("gate-summary-lookup", studies=("memory-test-gates",),
       says="in every run near chance, redrawing the last 16 tokens took away more than half "
            "of its fit; the runs that solved the task kept at least 0.99 under every redraw of "
            "their last k tokens")
def summary_lookup(gates: list[dict]) -> bool:
    won, failed = [r for r in gates if accuracy(r) >= SOLVED], stuck(gates)
    ks = gates[0]["curves"]["diagnostics"]["scrambled_test_accuracy"]["at"]
    return (bool(failed) and bool(won) and min(share_lost(r, 16) for r in failed) > 0.5
            and min(redrawn(r, "test", k) for r in won for k in ks) >= 0.99)


# --- One claim per other section that reads a study ---------------------------------------

@claim("gate-all-or-nothing", studies=("memory-test", "memory-test-chrono"),
       says="almost no run ends between near chance (0.35) and solved (0.9): at most 5% of "
            "them")
def all_or_nothing(memory: list[dict], chrono: list[dict]) -> bool:
    runs = memory + chrono
    between = sum(NEAR_CHANCE <= accuracy(r) < SOLVED for r in runs)
    return between <= 0.05 * len(runs)


@claim("gate-birth-zero", studies=("memory-test",),
       says="both vanilla runs whose signal at birth underflowed to zero failed")
def zero_signal_runs_failed(memory: list[dict]) -> bool:
    zero = [r for r in runs_of(memory, "vanilla RNN") if r["scores"]["signal_at_birth"] == 0.0]
    return len(zero) == 2 and not any(accuracy(r) >= SOLVED for r in zero)


@claim("gate-gru-bias-falls", studies=("memory-test-dynamics",),
       says="in every run of the default GRU the mean update bias fell over the 80 epochs")
def default_gru_bias_falls(dynamics: list[dict]) -> bool:
    runs = runs_of(dynamics, "GRU")
    return bool(runs) and all(measured(r, "keep_bias")[-1] < measured(r, "keep_bias")[0]
                              for r in runs)


# --- Four times the epochs (memory-test-long, memory-test-long-solvers) -------------------

def outcome_at_80(record: dict, memory: list[dict]) -> bool:
    """Whether a long run had succeeded at epoch 80: its own held-out score then where it kept
    one, else its 80-epoch record's (the first long study repeats those to the bit)."""
    if "test_accuracy" in record["curves"].get("diagnostics", {}):
        return accuracy(record, at=80) >= SOLVED
    twin = next(r for r in memory if r["seed"] == record["seed"]
                and r["config"]["contender"] == record["config"]["contender"])
    return accuracy(twin) >= SOLVED


@claim("gate-long-kept", studies=("memory-test", "memory-test-long", "memory-test-long-solvers"),
       says="no run that had succeeded by epoch 80 had lost it by epoch 320, and none of the "
            "first long study's failures succeeded by then")
def long_runs_keep_and_first_stay(memory: list[dict], first: list[dict],
                                  rest: list[dict]) -> bool:
    kept = all(accuracy(r) >= SOLVED for r in first + rest if outcome_at_80(r, memory))
    first_late = sum(accuracy(r) >= SOLVED for r in first if not outcome_at_80(r, memory))
    return kept and first_late == 0


@claim("gate-lookup-control", studies=("memory-test-long-solvers",),
       says="in every vanilla run near chance at epoch 320, redrawing the last 16 tokens took "
            "away at least nine tenths of its fit and redrawing the 16 after the first at most "
            "a tenth; in every gated run near chance, the early redraw took away more than "
            "two fifths as well")
def vanilla_reads_the_ending(rest: list[dict]) -> bool:
    failed = stuck(rest)
    vanilla = [r for r in failed if r["config"]["contender"] == "vanilla RNN"]
    gated = [r for r in failed if r["config"]["contender"] != "vanilla RNN"]
    return (bool(vanilla) and bool(gated)
            and min(share_lost(r, 16) for r in vanilla) >= 0.9
            and max(share_lost(r, 16, early=True) for r in vanilla) <= 0.1
            and min(share_lost(r, 16, early=True) for r in gated) > 0.4)


@claim("gate-pairs-320", studies=("memory-test", "memory-test-chrono", "memory-test-long",
                                  "memory-test-long-solvers"),
       says="at 320 epochs each comparison keeps its direction or goes from a tie to a lead; "
            "exactly two move, both against the LSTM with forget bias +1, and on the second "
            "processor both leads were already there at epoch 80, where the biased LSTM had "
            "succeeded less often than in its records")
def pairs_hold_at_320(memory: list[dict], chrono: list[dict], first: list[dict],
                      rest: list[dict]) -> bool:
    short, long = memory + chrono, first + rest
    moved = []
    for a, b in PAIRS:
        at80, at320 = compare(short, a, b).lead, compare(long, a, b).lead
        if at80 != at320:
            if at80 != 0:
                return False  # a lead lost or reversed
            moved.append((a, b))
    plus1 = "LSTM (forget bias +1)"
    if len(moved) != 2 or not all(plus1 in pair for pair in moved):
        return False
    here = sum(outcome_at_80(r, memory) for r in runs_of(rest, plus1))
    there = sum(accuracy(r) >= SOLVED for r in runs_of(memory, plus1))
    already = all(compare(rest, a, b, at=80).lead == compare(long, a, b).lead != 0
                  for a, b in moved)  # the second processor's own runs, at epoch 80
    return here < there and already
