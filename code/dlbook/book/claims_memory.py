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
    adjusted = holm_p(memory + chrono, at=at)
    leads = [PAIRS[0], PAIRS[1], PAIRS[2], PAIRS[4]]
    return max(adjusted[pair] for pair in leads) < HOLM_LEVEL
