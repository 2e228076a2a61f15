"""Chapter 6's second study: budgets of CPU time, and a pilot that tunes every kind.

What changed from the first study (:mod:`~dlbook.studies.budget_study`,
:mod:`~dlbook.studies.budget_pilot`), and why:

- *The budget* counts the CPU time of each run's own process (``clock="cpu"``), which a run
  on the other core cannot take; the wall time is recorded beside it at every mark.
- *The same windows for every kind.* Every run has context 128, batch 8 and the same cap on
  updates, so seed ``i`` of every kind reads the same windows in the same order (a faster
  model reads more of them). Batch 8 and context 128 are what the first pilot chose for
  every kind (its rounds 2 to 4 tried batches of 4 to 32).
- *Regularisation and optimiser tuned per kind*, by a pilot whose rule is below, on seeds
  (:data:`PILOT_SEEDS`) that the grid (:data:`GRID_SEEDS`) does not use, so the grid's
  losses are not the ones the choice was made on.

The pilot's rule, fixed and committed before its first run:

1. *Rate round* (:func:`rate_round`; :data:`RATE_BUDGET` CPU seconds, seed 100, dropout
   0.1). For each kind, the first study's shape at half, one and two times its learning
   rate with the shared optimiser, and at its rate with each other optimiser
   (:data:`OPTIMISERS`). Choose, per kind, the learning rate and optimiser with the lowest
   validation loss at the last mark (:func:`rate_choice`).
2. *Edge rounds.* While a chosen rate's neighbour (half or twice it, same optimiser) has not
   run, run the missing neighbours (:func:`missing_neighbours`) and choose again over all
   of the rate rounds.
3. *Regularisation round* (:func:`regularisation_round`; :data:`REGULARISATION_BUDGET` CPU
   seconds, seeds 100 and 101). For each kind, at its chosen rate and optimiser: the first
   study's shape with dropout 0, 0.1, 0.2 and 0.3, and a deeper shape (:data:`DEEPER`) with
   dropout 0.2. Choose, per kind, the candidate with the lowest mean validation loss at the
   last mark over the two seeds (:func:`final_choice`).

The grid (:func:`grid_configs`) trains each kind's final choice for :data:`GRID_BUDGET` CPU
seconds on :data:`GRID_SEEDS`, scoring the carried state of the recurrent models too.
"""

from __future__ import annotations

import statistics
from collections import defaultdict

from dlbook.studies.budget_study import KINDS
from dlbook.studies.study import Study

#: Seeds of the pilot's rounds: the rate rounds use the first only.
PILOT_SEEDS = (100, 101)
GRID_SEEDS = (0, 1, 2, 3, 4)
#: Budgets (CPU seconds) and marks of the pilot's two rounds and of the grid.
RATE_BUDGET, RATE_MARKS = 120, (30, 60, 120)
REGULARISATION_BUDGET, REGULARISATION_MARKS = 240, (60, 120, 240)
GRID_BUDGET, GRID_MARKS = 600, (60, 120, 240, 480, 600)
#: Every run's cap on updates, per second of budget (above any kind's rate on one core).
MAX_RATE = 60
#: The pilot's rate rounds keep dropout here; the regularisation round tries these.
RATE_DROPOUT, DROPOUTS, DEEPER_DROPOUT = 0.1, (0.0, 0.1, 0.2, 0.3), 0.2
#: What every run shares: the windows, the scoring window, the schedule, the clipping.
CPU_PROTOCOL = {"context": 128, "window": 128, "batch": 8, "clip": 1.0, "warmup": 20,
                "lr_floor": 0.1, "clock": "cpu", "cost_contexts": []}
#: The first study's choice of shape and learning rate: (layers, width, lr).
FIRST_CHOICE = {"lstm": (1, 512, 8e-3), "gru": (1, 512, 4e-3), "transformer": (4, 128, 4e-3)}
#: The deeper shape of the regularisation round: (layers, width).
DEEPER = {"lstm": (2, 512), "gru": (2, 512), "transformer": (6, 128)}
#: AdamW's settings by name: "shared" is what the first study gave every kind (nanoGPT's);
#: "beta2" keeps a longer memory of squared gradients (Adam's default); "nodecay" drops
#: the weight decay (``None``: Adam, which is AdamW without decay).
OPTIMISERS = {"shared": {"betas": [0.9, 0.99], "weight_decay": 0.1},
              "beta2": {"betas": [0.9, 0.999], "weight_decay": 0.1},
              "nodecay": {"betas": [0.9, 0.99], "weight_decay": None}}


def candidate(kind: str, layers: int, width: int, lr: float, optimiser: str, dropout: float,
              *, budget: int, marks: tuple) -> tuple[str, dict]:
    """One run's name and configuration, e.g. ``gru_1x512_lr4e-3_shared_drop0.1``; the name
    gives ``lr`` to one significant figure, the configuration holds it exactly."""
    shape = ({"dim": width, "heads": width // 32} if kind == "transformer"
             else {"hidden": width, "embed": 64})
    rate = f"{lr:.0e}".replace("e-0", "e-")
    return (f"{kind}_{layers}x{width}_lr{rate}_{optimiser}_drop{dropout:g}",
            {"kind": kind, "layers": layers, **shape, "dropout": dropout, "lr": lr,
             **OPTIMISERS[optimiser], **CPU_PROTOCOL, "budget": budget, "marks": list(marks),
             "steps": MAX_RATE * budget, "streaming": False})


def optimiser_of(config: dict) -> str:
    """The name in :data:`OPTIMISERS` of a configuration's betas and weight decay."""
    return next(name for name, settings in OPTIMISERS.items()
                if all(config[key] == value for key, value in settings.items()))


def _rate_candidate(kind: str, lr: float, optimiser: str) -> tuple[str, dict]:
    layers, width, _ = FIRST_CHOICE[kind]
    return candidate(kind, layers, width, lr, optimiser, RATE_DROPOUT, budget=RATE_BUDGET,
                     marks=RATE_MARKS)


def rate_round(settings=((0.5, "shared"), (1, "shared"), (2, "shared"), (1, "beta2"))
               ) -> tuple[tuple[str, dict], ...]:
    """The pilot's first round (see the module's docstring), less the "nodecay" candidates:
    for each kind, the first choice's rate times each factor of ``settings`` with its
    optimiser, the kinds taking turns, so that runs two at a time mostly pair different
    kinds. The "nodecay" candidates (:func:`nodecay_round`) first ran with a weight decay of
    0.0, which AdamW refuses, and failed before training; they ran again, fixed, as a study
    of their own, and the rule chooses over both."""
    return tuple(_rate_candidate(kind, FIRST_CHOICE[kind][2] * f, optimiser)
                 for f, optimiser in settings for kind in KINDS)


def nodecay_round() -> tuple[tuple[str, dict], ...]:
    """The rate round's "nodecay" candidates: each kind's first rate with Adam."""
    return rate_round(((1, "nodecay"),))


#: The edge rounds as they ran, each the :func:`missing_neighbours` of the rate rounds
#: before it (a test checks them against the committed records): (kind, factor of the
#: first choice's rate, optimiser).
EDGE_ROUNDS = ((("transformer", 0.5, "nodecay"), ("transformer", 2, "nodecay"),
                ("gru", 0.5, "nodecay"), ("gru", 2, "nodecay")),)
#: The rate rounds' studies, in the order they ran.
RATE_STUDIES = ("shakespeare-cpu-pilot-rate", "shakespeare-cpu-pilot-nodecay",
                "shakespeare-cpu-pilot-edge")


def edge_round(i: int) -> tuple[tuple[str, dict], ...]:
    """The ``i``-th edge round's candidates (:data:`EDGE_ROUNDS`)."""
    return tuple(_rate_candidate(kind, FIRST_CHOICE[kind][2] * f, optimiser)
                 for kind, f, optimiser in EDGE_ROUNDS[i])


#: What the rate rounds chose (:func:`rate_choice` of all their committed records; a test
#: checks it): each kind's learning rate and optimiser for the regularisation round.
RATE_CHOICE = {"lstm": (8e-3, "shared"), "gru": (4e-3, "nodecay"),
               "transformer": (4e-3, "nodecay")}


#: What the regularisation round chose (:func:`final_choice` of its committed records; a
#: test checks it): the candidate each kind's grid trains.
FINAL_CHOICE = {"lstm": "lstm_1x512_lr8e-3_shared_drop0.1",
                "gru": "gru_1x512_lr4e-3_nodecay_drop0.1",
                "transformer": "transformer_4x128_lr4e-3_nodecay_drop0"}
#: The grid's studies, split by seed so that each fits a working session: a run takes about
#: 11 minutes of wall time (10 of training, then scoring at five marks, the sample and the
#: generation cost), so two cores run the 6 tasks of seeds 0 and 1 in about 35 minutes and
#: the 9 of seeds 2 to 4 in about 60.
GRID_STUDIES = {"shakespeare-cpu-grid-a": (0, 1), "shakespeare-cpu-grid-b": (2, 3, 4)}


def rate_choice(records: list[dict]) -> dict[str, tuple[float, str]]:
    """For each kind, the ``(lr, optimiser)`` of the rate-round record with the lowest
    validation loss at its last mark (``scores.final_valid_loss``): the first pilot's rule,
    :func:`~dlbook.studies.budget_pilot.pilot_choice`."""
    from dlbook.studies.budget_pilot import pilot_choice

    configs = {record["config_name"]: record["config"] for record in records}
    return {kind: (configs[name]["lr"], optimiser_of(configs[name]))
            for kind, name in pilot_choice(records).items()}


def missing_neighbours(records: list[dict]) -> tuple[tuple[str, dict], ...]:
    """The next edge round: each chosen rate's neighbours (half and twice it, with the chosen
    optimiser) that no rate-round record has run; empty when the search is done."""
    ran = {(r["config"]["kind"], optimiser_of(r["config"]), round(r["config"]["lr"], 12))
           for r in records}
    return tuple(_rate_candidate(kind, lr * f, optimiser)
                 for kind, (lr, optimiser) in rate_choice(records).items() for f in (0.5, 2)
                 if (kind, optimiser, round(lr * f, 12)) not in ran)


def regularisation_round(choice: dict[str, tuple[float, str]]) -> tuple[tuple[str, dict], ...]:
    """The pilot's last round at each kind's ``choice`` of rate and optimiser: the first
    study's shape at every dropout in :data:`DROPOUTS`, and the :data:`DEEPER` shape; the
    kinds take turns."""
    def shapes(kind):
        return [(*FIRST_CHOICE[kind][:2], d) for d in DROPOUTS] + [
            (*DEEPER[kind], DEEPER_DROPOUT)]

    return tuple(candidate(kind, *shapes(kind)[i][:2], *choice[kind], shapes(kind)[i][2],
                           budget=REGULARISATION_BUDGET, marks=REGULARISATION_MARKS)
                 for i in range(len(DROPOUTS) + 1) for kind in KINDS)


def mean_losses(records: list[dict], *, score: str = "final_valid_loss"
                ) -> dict[str, dict[str, float]]:
    """For each kind, each candidate's mean validation loss at its last mark over its seeds
    (``score``: the third study reads the selection half's, ``final_select_loss``)."""
    losses: dict[tuple[str, str], list[float]] = defaultdict(list)
    for record in records:
        key = (record["config"]["kind"], record["config_name"])
        losses[key].append(record["scores"][score])
    means: dict[str, dict[str, float]] = defaultdict(dict)
    for (kind, name), values in losses.items():
        means[kind][name] = statistics.fmean(values)
    return dict(means)


def final_choice(records: list[dict]) -> dict[str, str]:
    """For each kind, the ``config_name`` of the regularisation-round candidate with the
    lowest mean validation loss at its last mark over the seeds (:func:`mean_losses`)."""
    return {kind: min(named, key=named.get) for kind, named in mean_losses(records).items()}


def grid_configs(chosen: dict[str, tuple[str, dict]]) -> tuple[tuple[str, dict], ...]:
    """The grid: each kind's ``chosen`` (name, configuration) of the regularisation round,
    given :data:`GRID_BUDGET` and :data:`GRID_MARKS`, its cap scaled to the budget, and the
    carried-state score for the recurrent kinds, and the generation cost of its shape."""
    from dlbook.generation_cost import COST_CONTEXTS

    return tuple((name, {**config, "budget": GRID_BUDGET, "marks": list(GRID_MARKS),
                         "steps": MAX_RATE * GRID_BUDGET, "cost_contexts": list(COST_CONTEXTS),
                         "streaming": config["kind"] != "transformer"})
                 for name, config in (chosen[kind] for kind in KINDS))


def grid_study_configs() -> tuple[tuple[str, dict], ...]:
    """The grid's configurations: :func:`grid_configs` of :data:`FINAL_CHOICE`."""
    candidates = dict(regularisation_round(RATE_CHOICE))
    return grid_configs({kind: (FINAL_CHOICE[kind], candidates[FINAL_CHOICE[kind]])
                         for kind in KINDS})


def reference_budget_config() -> dict:
    """nanoGPT's small-CPU recipe (:data:`~dlbook.studies.shakespeare_studies.REFERENCE_PROTOCOL`)
    as a configuration of the budget path: a budget of its 2,000 updates counted by
    :class:`~dlbook.studies.budget_study.UpdateClock`, marks every 250 updates, scored with
    windows of its context; the budget path's cosine follows the share of the budget gone,
    which for a budget of updates differs from the recipe's only in how the warm-up meets it."""
    from dlbook.studies.shakespeare_studies import REFERENCE_PROTOCOL as recipe

    steps = recipe["steps"]
    return {"kind": "transformer", **{k: recipe[k] for k in (
        "layers", "dim", "heads", "dropout", "context", "batch", "lr", "betas",
        "weight_decay", "warmup", "clip")}, "window": recipe["context"],
        "lr_floor": recipe["min_lr"] / recipe["lr"], "clock": "updates", "budget": steps,
        "marks": list(range(recipe["eval_every"], steps + 1, recipe["eval_every"])),
        "steps": steps, "cost_contexts": []}


def pilot_margins(records: list[dict], *, score: str = "final_valid_loss") -> dict[str, dict]:
    """For each kind of a round run on several seeds: the chosen candidate, the runner-up,
    the ``margin`` between their mean losses (``score``), and the ``spread``, the largest
    difference between two seeds of one candidate of that kind: a margin below it is one the
    seeds alone could have made."""
    by_name: dict[str, list[float]] = defaultdict(list)
    for record in records:
        by_name[record["config_name"]].append(record["scores"][score])
    margins = {}
    for kind, named in mean_losses(records, score=score).items():
        ranked = sorted(named, key=named.get)
        margins[kind] = {"chosen": ranked[0], "runner_up": ranked[1],
                         "margin": named[ranked[1]] - named[ranked[0]],
                         "spread": max(max(by_name[n]) - min(by_name[n]) for n in ranked)}
    return margins


def cpu_studies() -> dict[str, Study]:
    """The second study's studies by name, in the order they ran: the reference recipe
    through the budget path, the pilot's rounds, then the grid in two studies by seed."""
    from dlbook.studies.budget_study import run_budget_task
    from dlbook.studies.shakespeare_studies import REFERENCE_SEEDS, shakespeare_data

    def study(name: str, configs: tuple, seeds: tuple, **how) -> tuple[str, Study]:
        return name, Study(name, configs, seeds, run_budget_task, shakespeare_data,
                           cpu_only=True, **how)

    return dict([
        study("shakespeare-reference-budget-path",
              (("nanogpt-cpu-budget-path", reference_budget_config()),), REFERENCE_SEEDS),
        study("shakespeare-cpu-pilot-rate", rate_round(), PILOT_SEEDS[:1]),
        study("shakespeare-cpu-pilot-nodecay", nodecay_round(), PILOT_SEEDS[:1]),
        study("shakespeare-cpu-pilot-edge", edge_round(0), PILOT_SEEDS[:1]),
        # seed by seed, so that the two seeds of a candidate do not run side by side
        study("shakespeare-cpu-pilot-regularisation", regularisation_round(RATE_CHOICE),
              PILOT_SEEDS, seed_major=True),
        *(study(name, grid_study_configs(), seeds, seed_major=True)
          for name, seeds in GRID_STUDIES.items()),
    ])
