"""The rounds after Chapter 6's final grid that recheck one setting of each kind's final
choice (:data:`~dlbook.studies.cpu_final.FINAL_CHOICE`): the dropout recheck and the two
warm-up edge rounds.

Why (issue 33's review): the grid's dropouts came from the second pilot, at other shapes and
budgets, and the GRU and the transformer took the longest warm-up the third study tried. Each
round runs on the third study's seeds at its budget and marks
(:data:`~dlbook.studies.cpu_sizes.SEEDS`, :data:`~dlbook.studies.cpu_sizes.BUDGET`), sets a
final choice beside itself at other values of one setting, everything else kept, and is read
by the recheck round's rule, committed before it runs: the setting with the lowest mean
selection-half loss of the kind's runs in the round
(:func:`~dlbook.studies.cpu_sizes.size_choice`), its margin read beside the seed spread
(:func:`~dlbook.studies.cpu_sizes.size_margins`). The grid is not rerun with their choices in
the change that runs them.
"""

from __future__ import annotations

import re

from dlbook.studies.budget_study import KINDS
from dlbook.studies.study import Study

#: The dropout recheck (issue 33's review: the dropouts came from the second pilot, at its
#: shapes, budget, warm-up and rates, which are the final ones for no kind but the LSTM's
#: shape). In one round, on the pilot's seeds at the pilot's budget and marks, each kind's
#: final choice (cpu_final.FINAL_CHOICE) beside itself at the dropouts of DROPOUT_RECHECK,
#: everything else kept: its neighbours on the second pilot's ladder (0 has none below). The rule,
#: committed before it runs, is the recheck round's: a kind's dropout holds if its final
#: choice has the lowest mean selection-half loss of its runs in this round
#: (:func:`~dlbook.studies.cpu_sizes.size_choice`), with the margin read beside the seed
#: spread (:func:`~dlbook.studies.cpu_sizes.size_margins`). If one does not, the chapter
#: says so; the grid is not rerun in the same change.
DROPOUT_STUDY = "shakespeare-cpu-dropout-recheck"
DROPOUT_RECHECK = {"transformer": (0.1,), "lstm": (0.0, 0.2), "gru": (0.0, 0.2)}
#: What the rule chose in the dropout recheck (:func:`~dlbook.studies.cpu_sizes.size_choice`
#: of its committed records; a test checks it): the transformer's dropout held, by more than
#: its seed spread; the LSTM's and the GRU's moved to 0, each by less than its kind's.
DROPOUT_CHOICE = {"lstm": "lstm_1x512_lr8e-3_shared_drop0_warm100",
                  "gru": "gru_1x256_lr4e-3_nodecay_drop0_warm200",
                  "transformer": "transformer_2x96_lr2e-3_nodecay_drop0_warm200"}
#: The warm-up edge round (issue 33's review: the GRU and the transformer took the longest
#: warm-up the third study tried, and no edge round followed, while every chosen shape and
#: rate had a neighbour on both sides). In one round, on the pilot's seeds at the pilot's
#: budget and marks, the GRU's and the transformer's final choices beside themselves at the
#: warm-ups of WARMUP_EDGE, twice the longest tried. The rule, committed before it runs, is
#: the recheck round's: a kind's warm-up holds if its final choice has the lowest mean
#: selection-half loss of its runs in this round, the margin read beside the seed spread. If
#: one does not, the chapter says so; the grid is not rerun in the same change.
WARMUP_EDGE_STUDY = "shakespeare-cpu-warmup-edge"
WARMUP_EDGE = {"gru": (400,), "transformer": (400,)}
#: What the rule chose in the warm-up edge round (a test checks it against the committed
#: records): the GRU's warm-up held; the transformer's moved to the longer one.
WARMUP_EDGE_CHOICE = {"gru": "gru_1x256_lr4e-3_nodecay_drop0.1_warm200",
                      "transformer": "transformer_2x96_lr2e-3_nodecay_drop0_warm400"}
#: The second warm-up edge round (the first moved the transformer's warm-up to the longest it
#: tried, by about one seed spread, so that the warm-up it chose had run on one side only). In
#: one round, on the pilot's seeds at the pilot's budget and marks, the transformer at the
#: warm-up the first edge round chose (WARMUP_EDGE_CHOICE) beside itself at the warm-ups of
#: WARMUP_EDGE_AGAIN: the grid's, run again so that all three share one round, and twice the
#: chosen one. The rule, committed before it runs, is the recheck round's: the warm-up with
#: the lowest mean selection-half loss of the transformer's runs in this round, its margin
#: read beside the seed spread. Whatever it chooses, the chapter says so; the grid is not
#: rerun in the same change.
WARMUP_EDGE_AGAIN_STUDY = "shakespeare-cpu-warmup-edge-2"
WARMUP_EDGE_AGAIN = {"transformer": (200, 800)}
#: The neighbour check (the second edge round ran in a later session than the first, and
#: with every transformer beside another transformer: its transformer at the grid's settings
#: made about a third more updates per CPU second and scored lower on the same seeds, and the
#: round could not say which of the two went with it). The GRU's and the transformer's final
#: choices exactly as the first edge round ran them, seed by seed, so that each seed's
#: transformer runs beside that seed's GRU as it did there, in the second round's session.
#: The reading, committed before it runs: if the transformer's mean updates per CPU second
#: here lie nearer the second edge round's than the first's, the session went with the
#: change (the neighbour held fixed); if nearer the first's, the neighbour did (the session
#: held fixed). No setting is chosen.
NEIGHBOUR_STUDY = "shakespeare-cpu-neighbour-check"


def setting_round(chosen: dict[str, dict], key: str, tried: dict[str, tuple]
                  ) -> tuple[tuple[str, dict], ...]:
    """A round that checks one setting: for each kind of ``tried``, its ``chosen`` third-study
    run (name -> config), then that run with ``key`` at each value of ``tried[kind]``,
    everything else kept, named as the third study names its runs (``_drop0.1``, ``_warm200``);
    the kinds take turns, so that runs two at a time mostly pair different kinds."""
    tag = {"dropout": "drop", "warmup": "warm"}[key]
    by_kind = {config["kind"]: (name, config) for name, config in chosen.items()}
    if sorted(by_kind) != sorted(KINDS) or len(chosen) != len(KINDS):
        raise ValueError(f"chosen must hold one configuration per kind {KINDS}, got "
                         f"{sorted(chosen)}")
    runs: dict[str, list[tuple[str, dict]]] = {}
    for kind in (k for k in KINDS if k in tried):
        name, config = by_kind[kind]
        named = re.compile(rf"_{tag}{config[key]:g}(?=_|$)")
        if len(named.findall(name)) != 1 or config[key] in tried[kind]:
            raise ValueError(f"{name} must name its {key} once and not be rechecked at it")
        runs[kind] = [(name, config)] + [
            (named.sub(f"_{tag}{value:g}", name), {**config, key: value})
            for value in tried[kind]]
    turns = max(len(r) for r in runs.values())
    return tuple(runs[kind][i] for i in range(turns) for kind in runs if i < len(runs[kind]))


def dropout_round(chosen: dict[str, dict]) -> tuple[tuple[str, dict], ...]:
    """The dropout recheck: :func:`setting_round` at the dropouts of :data:`DROPOUT_RECHECK`."""
    return setting_round(chosen, "dropout", DROPOUT_RECHECK)


def warmup_edge_round(chosen: dict[str, dict]) -> tuple[tuple[str, dict], ...]:
    """The warm-up edge round: :func:`setting_round` at the warm-ups of :data:`WARMUP_EDGE`."""
    return setting_round(chosen, "warmup", WARMUP_EDGE)


def warmup_edge_again_round(chosen: dict[str, dict]) -> tuple[tuple[str, dict], ...]:
    """The second warm-up edge round: the transformer of ``chosen`` (name -> config, one per
    kind, as for :func:`setting_round`) at the longer warm-up of the first edge round, which
    the rule chose there (:data:`WARMUP_EDGE_CHOICE`), then at the warm-ups of
    :data:`WARMUP_EDGE_AGAIN`."""
    [longer] = WARMUP_EDGE["transformer"]  # the warm-up the first edge round chose
    moved = {name: config for name, config in warmup_edge_round(chosen)
             if config["kind"] == "transformer" and config["warmup"] == longer}
    again = {n: c for n, c in chosen.items() if c["kind"] != "transformer"} | moved
    return setting_round(again, "warmup", WARMUP_EDGE_AGAIN)


def neighbour_round(chosen: dict[str, dict]) -> tuple[tuple[str, dict], ...]:
    """The neighbour check: the transformer's and the GRU's ``chosen`` runs (name -> config,
    one per kind), unchanged, the transformer first so that, seed by seed and two at a time,
    each transformer runs beside the GRU of its seed."""
    by_kind = {config["kind"]: (name, config) for name, config in chosen.items()}
    if sorted(by_kind) != sorted(KINDS) or len(chosen) != len(KINDS):
        raise ValueError(f"chosen must hold one configuration per kind {KINDS}, got "
                         f"{sorted(chosen)}")
    return by_kind["transformer"], by_kind["gru"]


def setting_studies() -> dict[str, Study]:
    """The dropout recheck, the two warm-up edge rounds and the neighbour check, each on the
    third study's seeds, once :data:`~dlbook.studies.cpu_final.FINAL_CHOICE` is filled in."""
    from dlbook.studies import cpu_final, cpu_sizes
    from dlbook.studies.budget_study import run_budget_task
    from dlbook.studies.shakespeare_studies import shakespeare_data

    if cpu_final.FINAL_CHOICE is None:
        return {}
    ran = {name: config for study in cpu_sizes.size_studies().values()
           for name, config in study.configs}
    chosen = {name: ran[name] for name in cpu_final.FINAL_CHOICE.values()}
    return {name: Study(name, round_of(chosen), cpu_sizes.SEEDS, run_budget_task,
                        shakespeare_data, cpu_only=True, seed_major=True)
            for name, round_of in ((DROPOUT_STUDY, dropout_round),
                                   (WARMUP_EDGE_STUDY, warmup_edge_round),
                                   (WARMUP_EDGE_AGAIN_STUDY, warmup_edge_again_round),
                                   (NEIGHBOUR_STUDY, neighbour_round))}
