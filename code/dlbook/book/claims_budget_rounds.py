"""Chapter 6's and Appendix C's claims on the two rounds after the grid that recheck one
setting of each kind's final choice: the dropout recheck and the warm-up edge round
(:data:`dlbook.studies.cpu_settings.DROPOUT_STUDY`,
:data:`~dlbook.studies.cpu_settings.WARMUP_EDGE_STUDY`).

Each round ran the final choices beside themselves at other values of one setting, on the
third study's seeds and budget, and its rule is the recheck round's
(:func:`~dlbook.studies.cpu_sizes.size_choice`). As in :mod:`dlbook.book.claims_budget`, each
claim is the condition of one sentence as the sentence words it, read from the round's records.
"""

from __future__ import annotations

from dlbook.book.claims import claim
from dlbook.studies import cpu_final, cpu_settings, cpu_sizes

#: The rounds after the grid that recheck one setting each: the dropout, then the warm-up.
DROPOUT_ROUND, WARMUP_ROUND = (cpu_settings.DROPOUT_STUDY,), (cpu_settings.WARMUP_EDGE_STUDY,)


def setting_moves(records: list[dict]) -> dict[str, dict]:
    """For each kind of a round that rechecks one setting of the final choices: the round's
    margins (:func:`~dlbook.studies.cpu_sizes.size_margins`), with ``held`` (whether the rule
    kept the kind's final choice) and ``config``, the configuration it chose."""
    configs = {r["config_name"]: r["config"] for r in records}
    return {k: {**m, "held": m["chosen"] == cpu_final.FINAL_CHOICE[k],
                "config": configs[m["chosen"]]}
            for k, m in cpu_sizes.size_margins(records).items()}


@claim("budget-reading-dropout", says="in the dropout recheck the rule kept the transformer's "
       "dropout, by more than its seed spread, and moved the LSTM's and the GRU's to 0, each by "
       "less than its kind's seed spread", studies=DROPOUT_ROUND)
@claim("runs-dropout-recheck", says="by the rule the transformer's dropout held, its margin "
       "above its seed spread; the LSTM's and the GRU's moved to 0, each margin below its "
       "kind's seed spread", studies=DROPOUT_ROUND)
def dropout_recheck(records: list[dict]) -> bool:
    moves = setting_moves(records)
    return (moves["transformer"]["held"]
            and moves["transformer"]["margin"] > moves["transformer"]["spread"]
            and all(not moves[k]["held"] and moves[k]["config"]["dropout"] == 0
                    and moves[k]["margin"] < moves[k]["spread"] for k in ("lstm", "gru")))


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


@claim("runs-warmup-edge", says="in the warm-up edge round the GRU's warm-up held, by less than "
       "its seed spread, and the transformer's moved to the longer warm-up, by a margin barely "
       "above its seed spread (above one spread, below one and a half)", studies=WARMUP_ROUND)
def warmup_edge(records: list[dict]) -> bool:
    moves = setting_moves(records)
    gru, tf = moves["gru"], moves["transformer"]
    [grid_warmup] = {r["config"]["warmup"] for r in records
                     if r["config_name"] == cpu_final.FINAL_CHOICE["transformer"]}
    return (gru["held"] and gru["margin"] < gru["spread"] and not tf["held"]
            and tf["config"]["warmup"] > grid_warmup
            and tf["spread"] < tf["margin"] < 1.5 * tf["spread"])


@claim("budget-reading-warmup", says="at twice the longest warm-up tried, the edge round kept "
       "the GRU's warm-up and moved the transformer's, by about one seed spread (between two "
       "thirds of one and one and a half)", studies=WARMUP_ROUND)
def warmup_edge_reading(records: list[dict]) -> bool:
    moves = setting_moves(records)
    tf = moves["transformer"]
    return (moves["gru"]["held"] and not tf["held"]
            and 2 / 3 * tf["spread"] < tf["margin"] < 1.5 * tf["spread"])
