"""Chapter 6's and Appendix C's claims on the rounds after the grid that recheck one setting
of each kind's final choice, the dropout recheck and the two warm-up edge rounds, and on the
neighbour check that followed them (:mod:`dlbook.studies.cpu_settings`).

Each round ran the final choices beside themselves at other values of one setting, on the
third study's seeds and budget, and its rule is the recheck round's
(:func:`~dlbook.studies.cpu_sizes.size_choice`). As in :mod:`dlbook.book.claims_budget`, each
claim is the condition of one sentence as the sentence words it, read from the rounds' records.
"""

from __future__ import annotations

from collections.abc import Iterable

from dlbook.book.claims import claim
from dlbook.studies import cpu_final, cpu_settings, cpu_sizes
from dlbook.studies.budget_results import beside

#: The rounds after the grid that recheck one setting each: the dropout, then the warm-up.
DROPOUT_ROUND, WARMUP_ROUND = (cpu_settings.DROPOUT_STUDY,), (cpu_settings.WARMUP_EDGE_STUDY,)
#: The second warm-up edge round, the transformer alone; the neighbour check after it.
WARMUP_AGAIN, NEIGHBOUR = (cpu_settings.WARMUP_EDGE_AGAIN_STUDY,), (cpu_settings.NEIGHBOUR_STUDY,)


def setting_moves(records: list[dict]) -> dict[str, dict]:
    """For each kind of a round that rechecks one setting of the final choices: the round's
    margins (:func:`~dlbook.studies.cpu_sizes.size_margins`), with ``held`` (whether the rule
    kept the kind's final choice) and ``config``, the configuration it chose."""
    configs = {r["config_name"]: r["config"] for r in records}
    return {k: {**m, "held": m["chosen"] == cpu_final.FINAL_CHOICE[k],
                "config": configs[m["chosen"]]}
            for k, m in cpu_sizes.size_margins(records).items()}


def recurrent_dropouts_moved(records: list[dict]) -> bool:
    """Whether the rule moved the LSTM's and the GRU's dropout to 0 in the dropout recheck,
    each by less than its kind's seed spread."""
    moves = setting_moves(records)
    return all(not moves[k]["held"] and moves[k]["config"]["dropout"] == 0
               and moves[k]["margin"] < moves[k]["spread"] for k in ("lstm", "gru"))


@claim("budget-reading-dropout", says="in the dropout recheck the rule kept the transformer's "
       "dropout, by more than its seed spread, though at 0.1 it made fewer updates per CPU "
       "second, and moved the LSTM's and the GRU's to 0, each by less than its kind's seed "
       "spread", studies=DROPOUT_ROUND)
def dropout_recheck_reading(records: list[dict]) -> bool:
    tf = setting_moves(records)["transformer"]
    fewer = (updates_per_second(records, "transformer", 0.1)
             < updates_per_second(records, "transformer", 0.0))
    return (tf["held"] and tf["margin"] > tf["spread"] and fewer
            and recurrent_dropouts_moved(records))


@claim("runs-dropout-recheck", says="by the rule the transformer's dropout held, its margin "
       "more than twice its seed spread; the LSTM's and the GRU's moved to 0, each margin below "
       "its kind's seed spread", studies=DROPOUT_ROUND)
def dropout_recheck(records: list[dict]) -> bool:
    tf = setting_moves(records)["transformer"]
    return tf["held"] and tf["margin"] > 2 * tf["spread"] and recurrent_dropouts_moved(records)


def ahead_without_dropout(records: list[dict]) -> dict[str, int]:
    """For the LSTM and the GRU in the dropout recheck: on how many seeds the final choice
    without dropout scored below the same choice at the dropout the grid trained."""
    loss = {(r["config"]["kind"], r["config"]["dropout"], r["seed"]): r["scores"][cpu_sizes.SCORE]
            for r in records}
    grid_dropout = {r["config"]["kind"]: r["config"]["dropout"] for r in records
                    if r["config_name"] == cpu_final.FINAL_CHOICE[r["config"]["kind"]]}
    return {k: sum(loss[k, 0.0, s] < loss[k, grid_dropout[k], s] for s in cpu_sizes.SEEDS)
            for k in ("lstm", "gru")}


@claim("runs-dropout-seeds", says="without dropout the GRU was ahead on both seeds and the LSTM "
       "on one", studies=DROPOUT_ROUND)
def dropout_seeds(records: list[dict]) -> bool:
    return ahead_without_dropout(records) == {"gru": 2, "lstm": 1}


def updates_per_second(records: list[dict], kind: str, dropout: float) -> float:
    """A kind's updates per CPU second at one dropout of the round, the mean of its seeds."""
    speeds = [r["scores"]["steps_per_second"] for r in records
              if r["config"]["kind"] == kind and r["config"]["dropout"] == dropout]
    return sum(speeds) / len(speeds)


@claim("runs-dropout-speed", says="at dropout 0.1 the transformer made more than 10% fewer "
       "updates per CPU second than without dropout", studies=DROPOUT_ROUND)
def dropout_speed(records: list[dict]) -> bool:
    return (updates_per_second(records, "transformer", 0.1)
            < 0.9 * updates_per_second(records, "transformer", 0.0))


@claim("runs-dropout-speed-lstm", says="the LSTM's runs at dropout 0.1 ran about as fast as its "
       "runs without dropout: their mean updates per CPU second within 5% of each other",
       studies=DROPOUT_ROUND)
def dropout_speed_lstm(records: list[dict]) -> bool:
    ratio = updates_per_second(records, "lstm", 0.1) / updates_per_second(records, "lstm", 0.0)
    return abs(ratio - 1) < 0.05


def neighbour_kind(record: dict, records: list[dict]) -> str:
    """The kind of run among ``records`` that shared the machine with ``record`` longest."""
    shares = beside(record, records)
    return max(shares, key=shares.get)


@claim("runs-dropout-speed-neighbour", says="in the dropout recheck the transformer ran beside "
       "an LSTM without dropout and beside a GRU at 0.1, on both seeds; in the warm-up edge "
       "round, beside a GRU, the same run without dropout made more than 10% more updates per "
       "CPU second on each seed than the run at 0.1 had made on average",
       studies=(*DROPOUT_ROUND, *WARMUP_ROUND))
def dropout_speed_neighbour(dropout: list[dict], warmup: list[dict]) -> bool:
    def neighbours(records, name):
        return {neighbour_kind(r, records) for r in records if r["config_name"] == name}

    final = cpu_final.FINAL_CHOICE["transformer"]
    [at_dropout] = {r["config_name"] for r in dropout
                    if r["config"]["kind"] == "transformer" and r["config_name"] != final}
    again = [r["scores"]["steps_per_second"] for r in warmup if r["config_name"] == final]
    return (neighbours(dropout, final) == {"lstm"} and neighbours(dropout, at_dropout) == {"gru"}
            and neighbours(warmup, final) == {"gru"} and len(again) == len(cpu_sizes.SEEDS)
            and min(again) > 1.1 * updates_per_second(dropout, "transformer", 0.1))


@claim("runs-warmup-edge", says="in the warm-up edge round the GRU's warm-up held, by less than "
       "its seed spread, and the transformer's moved to the longer warm-up, by a margin barely "
       "above its seed spread (above one spread, below 1.2)", studies=WARMUP_ROUND)
def warmup_edge(records: list[dict]) -> bool:
    moves = setting_moves(records)
    gru, tf = moves["gru"], moves["transformer"]
    [grid_warmup] = {r["config"]["warmup"] for r in records
                     if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    return (gru["held"] and gru["margin"] < gru["spread"] and not tf["held"]
            and tf["config"]["warmup"] > grid_warmup
            and tf["spread"] < tf["margin"] < 1.2 * tf["spread"])


def warmup_means(records: list[dict]) -> dict[int, float]:
    """The transformer's mean selection-half loss over seeds at each warm-up of a round."""
    by_warmup: dict[int, list[float]] = {}
    for r in records:
        if r["config"]["kind"] == "transformer":
            by_warmup.setdefault(r["config"]["warmup"], []).append(r["scores"][cpu_sizes.SCORE])
    return {w: sum(v) / len(v) for w, v in sorted(by_warmup.items())}


@claim("runs-warmup-edge-again", says="in the second edge round the rule chose the grid's "
       "warm-up back, ahead of the first edge round's choice by less than its seed spread, with "
       "the longest warm-up last (the round ran three, so the runner-up being the first edge "
       "round's choice puts the longest last)", studies=WARMUP_AGAIN)
def warmup_edge_again(records: list[dict]) -> bool:
    tf = setting_moves(records)["transformer"]
    return (len(warmup_means(records)) == 3 and tf["held"]
            and tf["runner_up"] == cpu_settings.WARMUP_EDGE_CHOICE["transformer"]
            and tf["margin"] < tf["spread"])


def warmup_gap(records: list[dict], seed: int) -> float:
    """On one seed of a warm-up edge round: the transformer's grid configuration's loss minus
    its loss at the first edge round's longer warm-up (positive: the grid's warm-up behind)."""
    loss = {r["config_name"]: r["scores"][cpu_sizes.SCORE] for r in records
            if r["seed"] == seed}
    return (loss[cpu_final.FINAL_CHOICE["transformer"]]
            - loss[cpu_settings.WARMUP_EDGE_CHOICE["transformer"]])


def grid_run_drops(earlier: list[list[dict]], again: list[dict]) -> list[float]:
    """By how much the transformer's grid configuration scored lower in the second edge round
    than in each earlier round, seed for seed (a positive number: lower in the second)."""
    final = cpu_final.FINAL_CHOICE["transformer"]

    def loss(records):
        return {r["seed"]: r["scores"][cpu_sizes.SCORE] for r in records
                if r["config_name"] == final}

    return [loss(records)[seed] - loss(again)[seed]
            for records in earlier for seed in cpu_sizes.SEEDS]


#: The modules that register studies: a study registered later changes them and nothing that
#: trains or scores a run.
STUDY_REGISTRY_SOURCES = {"studies/cpu_final.py", "studies/cpu_settings.py",
                          "studies/experiments.py"}


def changed_sources(records: Iterable[dict]) -> set[str]:
    """The package's source files whose digests are not the same in every record."""
    files = [r["git"]["source_files"] for r in records]
    names = {name for f in files for name in f}
    return {name for name in names if len({f.get(name) for f in files}) > 1}


def kind_speeds(records: list[dict], kind: str) -> list[float]:
    """The updates per CPU second of a kind's grid configuration in a round."""
    return [r["scores"]["steps_per_second"] for r in records
            if r["config_name"] == cpu_final.FINAL_CHOICE[kind]]


def grid_run_speeds(records: list[dict]) -> list[float]:
    """The updates per CPU second of the transformer's grid configuration in a round."""
    return kind_speeds(records, "transformer")


@claim("runs-warmup-again-neighbours", says="in the second edge round every transformer ran "
       "beside another transformer, and the grid's configuration made more than 20% more "
       "updates per CPU second than in either earlier round, where it ran beside a recurrent "
       "model, and scored lower on each seed than in both, by more than the first edge round's "
       "margin each time", studies=(*DROPOUT_ROUND, *WARMUP_ROUND, *WARMUP_AGAIN))
def warmup_again_neighbours(dropout: list[dict], warmup: list[dict], again: list[dict]) -> bool:
    final = cpu_final.FINAL_CHOICE["transformer"]
    earlier = (dropout, warmup)
    beside_own = all(neighbour_kind(r, again) == "transformer" for r in again)
    beside_recurrent = all(neighbour_kind(r, records) != "transformer" for records in earlier
                           for r in records if r["config_name"] == final)
    faster = min(grid_run_speeds(again)) > 1.2 * max(s for records in earlier
                                                      for s in grid_run_speeds(records))
    margin = setting_moves(warmup)["transformer"]["margin"]
    return (beside_own and beside_recurrent and faster
            and min(grid_run_drops(earlier, again)) > margin)


@claim("budget-reading-warmup", says="at twice the longest warm-up tried, the edge round kept "
       "the GRU's warm-up and moved the transformer's to the longer one, by about one seed "
       "spread (between two thirds of one and one and a half); a second edge round chose the "
       "grid's warm-up back, by less than its seed spread",
       studies=(*WARMUP_ROUND, *WARMUP_AGAIN))
def warmup_edge_reading(records: list[dict], again: list[dict]) -> bool:
    moves = setting_moves(records)
    tf = moves["transformer"]
    return (moves["gru"]["held"] and not tf["held"]
            and 2 / 3 * tf["spread"] < tf["margin"] < 1.5 * tf["spread"]
            and warmup_edge_again(again))


@claim("runs-neighbour-check", says="in the neighbour check, each transformer beside the GRU "
       "of its seed, the transformer made more updates per CPU second on each seed than the grid's "
       "configuration in the second edge round, beside a transformer, so its mean lay nearer "
       "that round's than the first's; the GRU made more than 20% more updates per CPU second "
       "on each seed than in the first edge round; and the first edge round and the check ran "
       "the same library versions and the same source, file by file, but for the modules that "
       "register studies",
       studies=(*WARMUP_ROUND, *WARMUP_AGAIN, *NEIGHBOUR))
def neighbour_check(first: list[dict], again: list[dict], check: list[dict]) -> bool:
    def mean(values):
        return sum(values) / len(values)

    here = mean(kind_speeds(check, "transformer"))
    nearer_again = (abs(here - mean(kind_speeds(again, "transformer")))
                    < abs(here - mean(kind_speeds(first, "transformer"))))
    beside_gru = all(neighbour_kind(r, check) == "gru" for r in check
                     if r["config"]["kind"] == "transformer")
    gru_faster = min(kind_speeds(check, "gru")) > 1.2 * max(kind_speeds(first, "gru"))
    faster_than_again = min(kind_speeds(check, "transformer")) > max(
        kind_speeds(again, "transformer"))
    same_code = (changed_sources((*first, *check)) <= STUDY_REGISTRY_SOURCES
                 and len({tuple(sorted(r["versions"].items())) for r in (*first, *check)}) == 1)
    return beside_gru and nearer_again and faster_than_again and gru_faster and same_code
