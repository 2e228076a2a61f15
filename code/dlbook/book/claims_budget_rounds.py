"""Chapter 6's and Appendix C's claims on the two rounds after the grid that recheck one
setting of each kind's final choice: the dropout recheck and the warm-up edge round
(:data:`dlbook.studies.cpu_final.DROPOUT_STUDY`,
:data:`~dlbook.studies.cpu_final.WARMUP_EDGE_STUDY`).

Each round ran the final choices beside themselves at other values of one setting, on the
third study's seeds and budget, and its rule is the recheck round's
(:func:`~dlbook.studies.cpu_sizes.size_choice`). As in :mod:`dlbook.book.claims_budget`, each
claim is the condition of one sentence as the sentence words it, read from the round's records.
"""

from __future__ import annotations

from dlbook.book.claims import claim
from dlbook.studies import cpu_final, cpu_sizes

#: The rounds after the grid that recheck one setting each: the dropout, then the warm-up.
DROPOUT_ROUND, WARMUP_ROUND = (cpu_final.DROPOUT_STUDY,), (cpu_final.WARMUP_EDGE_STUDY,)


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
