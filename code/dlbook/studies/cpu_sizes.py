"""Chapter 6's third study: sizes tuned where the models run.

Why (issue 33): the second study's pilot (:mod:`~dlbook.studies.cpu_budget`) tuned each
kind's learning rate, optimiser and dropout, but compared sizes only in the first study's
pilot, at other batches and budgets; it kept a warm-up of 20 updates for every kind; it
swept the transformer's rate at a dropout it then left; and it chose on the whole
validation split, the text the grid reports.

What every run of every round shares: the second study's protocol
(:data:`~dlbook.studies.cpu_budget.CPU_PROTOCOL`: context 128, scoring window 128, batch 8,
clipping at 1, a budget of the run's own CPU time on one thread); :data:`BUDGET` CPU seconds
with marks at :data:`MARKS`; the pilot's seeds :data:`SEEDS`, never the grid's; one cap on
updates, :data:`MAX_RATE` per second of budget, so that seed ``i`` of every run reads the
same windows in the same order (the second study's windows at that seed, and more: a longer
cap draws the same windows first); each kind's learning rate and optimiser as the second
study chose them (:data:`~dlbook.studies.cpu_budget.RATE_CHOICE`) and its final dropout
(:data:`DROPOUT`); and ``valid_halves``: every mark scores the first half of the validation
split (the *selection* half), the second (the *report* half) and the whole. Checkpoints and
every choice below read the selection half alone; the report half is left for the grid.

The rule, fixed and committed before the first run. Each round chooses, per kind, the
candidate with the lowest mean selection-half loss at the last mark over the two seeds
(``scores.final_select_loss``; :func:`size_choice`), and reports beside it the runner-up,
the margin between their means and the seed spread (:func:`size_margins`).

1. *Size round* (:func:`size_round`; study ``shakespeare-cpu-size``): the shapes of
   :data:`SHAPES` (transformer 2x128, 4x128, 4x192 and 6x128, with heads of 32 dimensions;
   LSTM and GRU 1x256, 1x512 and 1x768) at a warm-up of 20 updates. Choose the shape.
   *Edge round*, added after reading the size round (the rule above did not foresee it):
   a kind whose choice is the smallest shape it ran tries the smaller shapes of
   :data:`SIZE_EDGE_SHAPES` (:func:`size_edge_round`; ``shakespeare-cpu-size-edge``), and
   the rule chooses again over all of that kind's size runs.
2. *Warm-up round* (:func:`warmup_round`; ``shakespeare-cpu-warmup``): each kind's chosen
   shape with a warm-up of 100 and of 200 updates. Choose among these and the size round's
   runs at 20 (:func:`warmup_choice`).
3. *Rate round* (:func:`rate_round_again`; ``shakespeare-cpu-rate-again``): the chosen shape
   and warm-up at half and twice the rate, with the same optimiser; then *edge rounds*
   (:func:`missing_rate_neighbours`; ``shakespeare-cpu-rate-edge-1``, ...) until both
   neighbours of the chosen rate have run. Choose over every run at that shape and warm-up,
   the earlier rounds' runs at the original rate included (:func:`rate_choice_again`).

The size round and its edge round are registered (:func:`size_studies`). Each later round registers
itself once the constant it starts from (:data:`SIZE_CHOICE`, :data:`WARMUP_CHOICE`,
:data:`RATE_EDGE_ROUNDS`) is filled in from committed records, as the second study's
:data:`~dlbook.studies.cpu_budget.RATE_CHOICE` was, with a test that checks it against them.
"""

from __future__ import annotations

from collections import defaultdict

from dlbook.studies.budget_study import KINDS
from dlbook.studies.cpu_budget import (
    CPU_PROTOCOL,
    FINAL_CHOICE,
    PILOT_SEEDS,
    RATE_CHOICE,
    candidate,
    mean_losses,
    optimiser_of,
    pilot_margins,
    regularisation_round,
)
from dlbook.studies.study import Study

#: The pilot's seeds (the grid's are 0 to 4), and the budget (CPU seconds) and marks.
SEEDS, BUDGET, MARKS = PILOT_SEEDS, 300, (75, 150, 300)
#: The cap on updates per second of budget. Measured on the study machine (one thread,
#: 20 updates after 3 unmeasured, the other core busy): transformer 2x128 27, LSTM 1x256
#: 41 and GRU 1x256 18 updates per CPU second; the cap is about five times the fastest.
#: Its windows, drawn up front, are a (60,000, 8) tensor of int64: 3.8 MB, in milliseconds.
MAX_RATE = 200
#: The size round's shapes, (layers, width), transformer first: it has one shape more.
SHAPES = {"transformer": ((2, 128), (4, 128), (4, 192), (6, 128)),
          "lstm": ((1, 256), (1, 512), (1, 768)), "gru": ((1, 256), (1, 512), (1, 768))}
#: The warm-ups (updates) compared: the size round's, then the warm-up round's.
WARMUPS = (CPU_PROTOCOL["warmup"], 100, 200)
#: The loss every round chooses on: the selection half's, at the last mark.
SCORE = "final_select_loss"
#: The studies of the rounds, in the order they run.
SIZE_STUDY, WARMUP_STUDY, RATE_STUDY = ("shakespeare-cpu-size", "shakespeare-cpu-warmup",
                                        "shakespeare-cpu-rate-again")
RATE_EDGE_STUDY = "shakespeare-cpu-rate-edge-{}"  # numbered from 1


def _final_dropouts() -> dict[str, float]:
    candidates = dict(regularisation_round(RATE_CHOICE))
    return {kind: candidates[FINAL_CHOICE[kind]]["dropout"] for kind in KINDS}


#: Each kind's dropout: the second study's final choice (``cpu_budget.FINAL_CHOICE``).
DROPOUT = _final_dropouts()


def sized(kind: str, layers: int, width: int, *, lr: float, optimiser: str, warmup: int
          ) -> tuple[str, dict]:
    """One run of this study: :func:`~dlbook.studies.cpu_budget.candidate` at the kind's
    :data:`DROPOUT`, this study's budget, marks and cap, ``warmup`` and the validation
    halves; named like it, plus the warm-up, e.g. ``gru_1x512_lr4e-3_nodecay_drop0.1_warm20``."""
    if isinstance(warmup, bool) or not isinstance(warmup, int) or warmup < 0:
        raise ValueError(f"warmup must be a count of updates >= 0, got {warmup!r}")
    name, config = candidate(kind, layers, width, lr, optimiser, DROPOUT[kind],
                             budget=BUDGET, marks=MARKS)
    return f"{name}_warm{warmup}", {**config, "warmup": warmup, "steps": MAX_RATE * BUDGET,
                                    "valid_halves": True}


def _resized(config: dict, *, lr: float | None = None, warmup: int | None = None
             ) -> tuple[str, dict]:
    """The run of ``config`` at another ``lr`` or ``warmup``, everything else kept."""
    width = config["dim"] if config["kind"] == "transformer" else config["hidden"]
    return sized(config["kind"], config["layers"], width,
                 lr=config["lr"] if lr is None else lr, optimiser=optimiser_of(config),
                 warmup=config["warmup"] if warmup is None else warmup)


def size_round() -> tuple[tuple[str, dict], ...]:
    """The first round: every shape of :data:`SHAPES` at warm-up 20, the kinds taking turns
    in the order of :data:`SHAPES`, so that runs two at a time mostly pair different kinds."""
    turns = max(len(shapes) for shapes in SHAPES.values())
    return tuple(sized(kind, *SHAPES[kind][i], lr=RATE_CHOICE[kind][0],
                       optimiser=RATE_CHOICE[kind][1], warmup=WARMUPS[0])
                 for i in range(turns) for kind in SHAPES if i < len(SHAPES[kind]))


def _smallest(kind: str, configs: tuple[tuple[str, dict], ...]) -> str:
    """The name of ``kind``'s configuration of fewest layers x width among ``configs``."""
    def size(config):
        return config["layers"] * config.get("hidden", config.get("dim")) ** 2

    return min((name for name, config in configs if config["kind"] == kind),
               key=lambda name: size(dict(configs)[name]))


def size_edge_round(chosen: dict[str, str]) -> tuple[tuple[str, dict], ...]:
    """The size round's edge round: for each kind whose ``chosen`` candidate is the smallest
    shape the size round ran, its :data:`SIZE_EDGE_SHAPES`, at warm-up 20; kinds in turn."""
    first = size_round()
    at_edge = [kind for kind in KINDS if kind in SIZE_EDGE_SHAPES
               and chosen[kind] == _smallest(kind, first)]
    turns = max((len(SIZE_EDGE_SHAPES[kind]) for kind in at_edge), default=0)
    return tuple(sized(kind, *SIZE_EDGE_SHAPES[kind][i], lr=RATE_CHOICE[kind][0],
                       optimiser=RATE_CHOICE[kind][1], warmup=WARMUPS[0])
                 for i in range(turns) for kind in at_edge if i < len(SIZE_EDGE_SHAPES[kind]))


def all_size_configs() -> tuple[tuple[str, dict], ...]:
    """Every configuration of the size round and its edge round."""
    return size_round() + size_edge_round(SIZE_ROUND_CHOICE)


def _checked(records: list[dict]) -> list[dict]:
    """``records`` if each holds the selection-half score and every candidate of a kind ran
    on the same seeds (a mean over other seeds would not compare); else a ``ValueError``."""
    seeds: dict[str, dict[str, set]] = defaultdict(lambda: defaultdict(set))
    for record in records:
        if SCORE not in record["scores"]:
            raise ValueError(f"record {record['config_name']} (seed {record['seed']}) has no "
                             f"scores.{SCORE}: it ran without valid_halves, so it cannot "
                             f"take part in this study's choices")
        seeds[record["config"]["kind"]][record["config_name"]].add(record["seed"])
    for kind, named in seeds.items():
        if len({frozenset(s) for s in named.values()}) > 1:
            ran = {name: sorted(s) for name, s in named.items()}
            raise ValueError(f"the {kind} candidates ran on different seeds ({ran}); run the "
                             f"missing tasks before choosing")
    return records


def size_choice(records: list[dict]) -> dict[str, str]:
    """The rule of every round of this study: for each kind, the ``config_name`` with the
    lowest mean selection-half loss at its last mark over its seeds (:data:`SCORE`)."""
    return {kind: min(named, key=named.get)
            for kind, named in mean_losses(_checked(records), score=SCORE).items()}


def size_margins(records: list[dict]) -> dict[str, dict]:
    """For each kind of any round's ``records``: the chosen candidate, the runner-up, the
    margin between their mean selection-half losses and the seed spread
    (:func:`~dlbook.studies.cpu_budget.pilot_margins` on :data:`SCORE`)."""
    return pilot_margins(_checked(records), score=SCORE)


def _only(records: list[dict], key: str) -> list[dict]:
    """``records`` if, within each kind, the configurations differ in ``key`` alone."""
    rest: dict[str, dict[str, dict]] = defaultdict(dict)
    for record in records:
        config = {k: v for k, v in record["config"].items() if k != key}
        rest[config["kind"]][record["config_name"]] = config
    for kind, named in rest.items():
        if any(config != next(iter(named.values())) for config in named.values()):
            raise ValueError(f"the {kind} records differ in more than {key}: "
                             f"{sorted(named)}; pass the runs of one shape and setting only")
    return records


def warmup_round(chosen: dict[str, str]) -> tuple[tuple[str, dict], ...]:
    """The second round: each kind's ``chosen`` size-round candidate (:func:`size_choice`
    of the size round's records) at the warm-ups it has not run; the kinds take turns."""
    configs = dict(all_size_configs())
    if set(chosen) != set(KINDS) or any(name not in configs for name in chosen.values()):
        raise ValueError(f"chosen must name one size-round candidate per kind {KINDS}, got "
                         f"{chosen!r}")
    return tuple(_resized(configs[chosen[kind]], warmup=warmup)
                 for warmup in WARMUPS[1:] for kind in KINDS)


def warmup_choice(size_records: list[dict], warmup_records: list[dict]) -> dict[str, str]:
    """The warm-up round's rule: for each kind, :func:`size_choice` over its warm-up runs
    and the size round's runs of the same candidate (at warm-up 20)."""
    chosen = size_choice(size_records)
    planned = {name for name, _ in warmup_round(chosen)}
    stray = sorted({r["config_name"] for r in warmup_records} - planned)
    if stray:
        raise ValueError(f"warm-up records {stray} are not of the round that the size "
                         f"round's choice {chosen} asks for")
    runs = [r for r in size_records if r["config_name"] in chosen.values()]
    return size_choice(_only(runs + list(warmup_records), "warmup"))


def rate_round_again(chosen: dict[str, dict]) -> tuple[tuple[str, dict], ...]:
    """The third round: each kind's ``chosen`` configuration (of the warm-up choice) at half
    and twice its learning rate, with its optimiser; the kinds take turns."""
    if set(chosen) != set(KINDS):
        raise ValueError(f"chosen must hold one configuration per kind {KINDS}, got "
                         f"{sorted(chosen)}")
    return tuple(_resized(chosen[kind], lr=chosen[kind]["lr"] * factor)
                 for factor in (0.5, 2) for kind in KINDS)


def rate_choice_again(records: list[dict]) -> dict[str, str]:
    """The rate rounds' rule: for each kind, :func:`size_choice` over every run at its chosen
    shape and warm-up, the earlier rounds' runs at the original rate included."""
    return size_choice(_only(records, "lr"))


def missing_rate_neighbours(records: list[dict]) -> tuple[tuple[str, dict], ...]:
    """The next edge round: the neighbours (half and twice the rate) of each kind's
    :func:`rate_choice_again` that no record has run; empty when the search is done."""
    configs = {record["config_name"]: record["config"] for record in records}
    ran = {(config["kind"], round(config["lr"], 12)) for config in configs.values()}
    return tuple(_resized(configs[name], lr=configs[name]["lr"] * factor)
                 for kind, name in rate_choice_again(records).items() for factor in (0.5, 2)
                 if (kind, round(configs[name]["lr"] * factor, 12)) not in ran)


#: What the size round chose (:func:`size_choice` of its committed records; a test checks it).
SIZE_ROUND_CHOICE = {"lstm": "lstm_1x512_lr8e-3_shared_drop0.1_warm20",
                     "gru": "gru_1x256_lr4e-3_nodecay_drop0.1_warm20",
                     "transformer": "transformer_2x128_lr4e-3_nodecay_drop0_warm20"}
#: Added after reading the size round, not part of the rule committed before it: the size
#: round left the GRU and the transformer at the smallest shape they ran, so one edge round
#: tries smaller shapes of those two, (layers, width), and the rule chooses again over all
#: of a kind's size runs (:func:`size_edge_round`).
SIZE_EDGE_SHAPES = {"gru": ((1, 128), (1, 192)), "transformer": ((1, 128), (2, 96))}
SIZE_EDGE_STUDY = "shakespeare-cpu-size-edge"
#: What the size rounds chose (:func:`size_choice` of the committed records of the size
#: round and its edge round): kind -> config_name. ``None`` until then: no warm-up round.
SIZE_CHOICE: dict[str, str] | None = {
    "lstm": "lstm_1x512_lr8e-3_shared_drop0.1_warm20",
    "gru": "gru_1x256_lr4e-3_nodecay_drop0.1_warm20",
    "transformer": "transformer_2x96_lr4e-3_nodecay_drop0_warm20"}
#: What the warm-up round chose (:func:`warmup_choice` of the committed records of both
#: rounds): kind -> config_name. ``None`` until then: no rate round.
WARMUP_CHOICE: dict[str, str] | None = {
    "lstm": "lstm_1x512_lr8e-3_shared_drop0.1_warm100",
    "gru": "gru_1x256_lr4e-3_nodecay_drop0.1_warm200",
    "transformer": "transformer_2x96_lr4e-3_nodecay_drop0_warm200"}
#: The edge rounds as they are run, each the :func:`missing_rate_neighbours` of the rate
#: rounds before it (a test checks each against the records): (kind, learning rate) pairs.
RATE_EDGE_ROUNDS: tuple[tuple[tuple[str, float], ...], ...] = ((("transformer", 1e-3),),)


def size_studies() -> dict[str, Study]:
    """This study's rounds by name, in the order they run, seed by seed so that the two seeds
    of a candidate do not run side by side: the size round, and each later round once the
    choice it starts from is filled in."""
    from dlbook.studies.budget_study import run_budget_task
    from dlbook.studies.shakespeare_studies import shakespeare_data

    def study(name: str, configs: tuple) -> tuple[str, Study]:
        return name, Study(name, configs, SEEDS, run_budget_task, shakespeare_data,
                           cpu_only=True, seed_major=True)

    rounds = [study(SIZE_STUDY, size_round()),
              study(SIZE_EDGE_STUDY, size_edge_round(SIZE_ROUND_CHOICE))]
    if SIZE_CHOICE is not None:
        rounds.append(study(WARMUP_STUDY, warmup_round(SIZE_CHOICE)))
    if SIZE_CHOICE is not None and WARMUP_CHOICE is not None:
        configs = dict(all_size_configs() + warmup_round(SIZE_CHOICE))
        chosen = {kind: configs[name] for kind, name in WARMUP_CHOICE.items()}
        rounds.append(study(RATE_STUDY, rate_round_again(chosen)))
        rounds += [study(RATE_EDGE_STUDY.format(i + 1),
                         tuple(_resized(chosen[kind], lr=lr) for kind, lr in edge))
                   for i, edge in enumerate(RATE_EDGE_ROUNDS)]
    return dict(rounds)
