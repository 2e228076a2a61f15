"""Chapter 6's pilot: each kind's size, batch and learning rate for the equal-budget study.

Every candidate is a configuration of :func:`dlbook.studies.budget_study.run_budget_task`, trained
for :data:`PILOT_BUDGET` seconds on seed 0 and scored with the same windows. The pilot ran in
four rounds, each declared after reading the one before (:data:`PILOT_STUDIES`); the rule
that picks from them (:func:`pilot_choice`) was fixed before the first.
"""

from __future__ import annotations

#: The pilot: a short budget, one seed, a few candidates per kind. The first round's wall
#: time on two cores, two one-thread tasks at a time: 10 tasks of 120 s of training, plus
#: scoring at 3 marks (the whole split: about 5-10 s per mark, 15 s with streaming for
#: the largest recurrent models), a sample and start-up (under 10 s), about 150 s each
#: when measured under load: about 10 x 150 / 2 = 750 s, under 15 minutes.
PILOT_BUDGET, PILOT_MARKS, PILOT_SEEDS = 120, (30, 60, 120), (0,)
#: Every update reads 4,096 characters: ``batch = 4096 // context``.
TOKENS_PER_UPDATE = 4096
#: Every pilot candidate is scored with windows of this many characters.
PILOT_WINDOW = 128
PILOT_PROTOCOL = {"betas": [0.9, 0.99], "weight_decay": 0.1, "clip": 1.0, "lr_floor": 0.1,
                  "warmup": 20, "budget": PILOT_BUDGET, "marks": list(PILOT_MARKS),
                  "cost_contexts": []}
#: (kind, layers, width, context, lr) of each candidate; width is ``hidden`` or ``dim``.
PILOT_CANDIDATES = (
    ("lstm", 1, 512, 128, 2e-3), ("lstm", 1, 512, 128, 4e-3), ("lstm", 2, 256, 128, 3e-3),
    ("gru", 1, 512, 128, 2e-3), ("gru", 1, 512, 128, 4e-3), ("gru", 2, 256, 128, 3e-3),
    ("transformer", 4, 128, 128, 1e-3), ("transformer", 4, 128, 128, 3e-3),
    ("transformer", 4, 128, 256, 2e-3), ("transformer", 4, 192, 128, 2e-3))
#: Updates per second of each candidate's shape on one thread, measured with a few updates
#: while two other one-thread jobs shared the machine's two cores (so on the low side).
PILOT_STEPS_PER_SECOND = {("lstm", 1, 512, 128): 3.3, ("lstm", 2, 256, 128): 4.1,
                          ("gru", 1, 512, 128): 2.4, ("gru", 2, 256, 128): 2.7,
                          ("transformer", 4, 128, 128): 2.3, ("transformer", 4, 128, 256): 1.9,
                          ("transformer", 4, 192, 128): 1.2}


def _candidate(kind: str, layers: int, width: int, context: int, batch: int, lr: float,
               cap: int) -> tuple[str, dict]:
    """One pilot candidate's name and configuration (see :func:`pilot_configs`). The name
    gives ``lr`` to one significant figure (1.6e-2 reads ``lr2e-2``); the configuration, and
    so the record, holds the exact value."""
    shape = ({"dim": width, "heads": width // 32, "dropout": 0.0} if kind == "transformer"
             else {"hidden": width, "embed": 64})
    rate = f"{lr:.0e}".replace("e-0", "e-")
    name = (f"{kind}_{layers}x{width}" + (f"_ctx{context}" if kind == "transformer" else "")
            + (f"_b{batch}" if batch * context != TOKENS_PER_UPDATE else "") + f"_lr{rate}")
    return name, {"kind": kind, "layers": layers, **shape, "context": context,
                  "window": PILOT_WINDOW, "batch": batch, "lr": lr, "steps": cap,
                  **PILOT_PROTOCOL}


def pilot_configs() -> tuple[tuple[str, dict], ...]:
    """The pilot's first round of candidates, named like ``lstm_1x512_lr2e-3`` or
    ``transformer_4x128_ctx256_lr2e-3``; each update reads :data:`TOKENS_PER_UPDATE`.

    How the pilot chooses: for each kind, the candidate with the lowest validation loss at
    its last mark (120 s; ``scores.final_valid_loss``), over both rounds, is the one the
    study trains (:func:`pilot_choice`). Every candidate is scored with the same fixed
    windows of :data:`PILOT_WINDOW` characters, so that a longer training context is not
    also handed a longer scoring window. ``steps`` only caps a run, at five times the rate
    measured under load (:data:`PILOT_STEPS_PER_SECOND`) times the budget.
    """
    return tuple(_candidate(kind, layers, width, context, TOKENS_PER_UPDATE // context, lr,
                            round(5 * PILOT_STEPS_PER_SECOND[kind, layers, width, context]
                                  * PILOT_BUDGET))
                 for kind, layers, width, context, lr in PILOT_CANDIDATES)


#: The pilot's second round, added after the first: with 4,096 characters per update every
#: transformer candidate made about 400 updates in two minutes and stood far behind the
#: reference recipe, which makes 2,000 updates of 768 characters in a similar time. So the
#: second round tries small batches, for the transformer and for each recurrent kind alike:
#: (kind, layers, width, context, batch, lr).
PILOT_SMALL_BATCH_CANDIDATES = (
    ("transformer", 4, 128, 128, 8, 1e-3), ("transformer", 4, 128, 128, 8, 2e-3),
    ("transformer", 4, 128, 128, 16, 2e-3), ("lstm", 1, 512, 128, 8, 4e-3),
    ("gru", 1, 512, 128, 8, 4e-3), ("lstm", 1, 512, 128, 8, 2e-3))
#: The second round's cap: at most this many updates per second of the budget.
SMALL_BATCH_MAX_RATE = 50


#: The pilot's third round, added after the second: each kind's best small-batch candidate
#: had the highest learning rate tried at its batch, so the third round goes one step past
#: that edge (and, for the transformer, to a still smaller batch).
PILOT_EDGE_CANDIDATES = (
    ("transformer", 4, 128, 128, 8, 4e-3), ("transformer", 4, 128, 128, 4, 2e-3),
    ("lstm", 1, 512, 128, 8, 8e-3), ("gru", 1, 512, 128, 8, 8e-3))


#: The pilot's fourth and last round: the third left the transformer and the LSTM at the
#: edge again (the GRU did no better at twice its rate), so one more doubling for those
#: two, and a batch of 4 for each; whatever is best after it is chosen, at an edge or not.
PILOT_LAST_CANDIDATES = (
    ("transformer", 4, 128, 128, 8, 8e-3), ("transformer", 4, 128, 128, 4, 4e-3),
    ("lstm", 1, 512, 128, 8, 1.6e-2), ("lstm", 1, 512, 128, 4, 8e-3))


def pilot_small_batch_configs(
        candidates: tuple = PILOT_SMALL_BATCH_CANDIDATES) -> tuple[tuple[str, dict], ...]:
    """A later round of the pilot (by default the second, :data:`PILOT_SMALL_BATCH_CANDIDATES`;
    the third is :data:`PILOT_EDGE_CANDIDATES`), named like
    ``transformer_4x128_ctx128_b8_lr1e-3``; chosen from with the others by the same rule."""
    return tuple(_candidate(kind, layers, width, context, batch, lr,
                            SMALL_BATCH_MAX_RATE * PILOT_BUDGET)
                 for kind, layers, width, context, batch, lr in candidates)


def pilot_choice(records: list[dict]) -> dict[str, str]:
    """For each kind, the ``config_name`` of the pilot record with the lowest validation loss
    at its last mark (``scores.final_valid_loss``)."""
    best: dict[str, dict] = {}
    for record in records:
        kind = record["config"]["kind"]
        if kind not in best or (record["scores"]["final_valid_loss"]
                                < best[kind]["scores"]["final_valid_loss"]):
            best[kind] = record
    return {kind: record["config_name"] for kind, record in best.items()}


def all_pilot_configs() -> tuple[tuple[str, dict], ...]:
    """Every candidate of the four rounds, in the order they ran."""
    return (pilot_configs() + pilot_small_batch_configs()
            + pilot_small_batch_configs(PILOT_EDGE_CANDIDATES)
            + pilot_small_batch_configs(PILOT_LAST_CANDIDATES))


#: The pilot's rounds, as studies, in the order they ran.
PILOT_STUDIES = ("shakespeare-pilot", "shakespeare-pilot-small-batch", "shakespeare-pilot-edge",
                 "shakespeare-pilot-last")
