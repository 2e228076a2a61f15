"""Chapter 6's main study: an LSTM, a GRU and a transformer at equal wall-clock budget.

One run (:func:`run_budget_task`) trains one model of ``kind`` ``"lstm"``, ``"gru"`` or
``"transformer"`` on Tiny Shakespeare with :func:`dlbook.training.fit_next_token`, on one
thread: random windows of ``context`` characters, ``batch`` of them per update; AdamW with
``betas`` and decoupled ``weight_decay`` on the weight matrices; a linear warm-up over
``warmup`` updates times a cosine that falls to ``lr_floor * lr`` as the budget runs out
(:func:`dlbook.training.budget_cosine`: it follows seconds, not updates, so it ends at the
budget whatever the model's or the machine's speed); gradient clipping at ``clip``; until
its updates have taken ``budget`` seconds. ``steps`` only caps the run (the windows are
drawn up front); a run that reaches the cap before its last mark is an error, not a short
record.

At each budget mark (``marks``, seconds of training; time spent scoring is not charged to
the budget) the whole validation split is scored with fixed windows of ``window``
characters (:func:`dlbook.evaluation.fixed_window_loss`) for every model, and for the
recurrent ones also with one state carried through the whole split
(:func:`dlbook.charlm.carried_state_loss`). The checkpoint with the lowest fixed-window loss
over the marks is selected; it writes a 300-character sample from a fixed prompt, seed and
temperature. With ``cost_contexts`` the run also measures the model shape's generation cost
(:mod:`dlbook.generation_cost`). The split has no test part, so the records carry
``scores`` (the selected mark's losses among them), the ``marks`` and the ``sample``.

Why fixed windows: every validation character is scored exactly once, by the protocol of
the reference check and of Chapter 4, at a cost linear in the split. Its price is context:
position ``t`` of a window sees ``t + 1`` characters, half a window on average, where a
sliding window would give every prediction a full one at ``window`` times the cost. The
streaming score shows what a recurrent model does with all of the past at O(1) per character.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import torch
from torch import nn

from dlbook._checks import positive_int
from dlbook.device import seed_everything
from dlbook.selection import EvaluateEvery
from dlbook.shakespeare_studies import TRAIN_CURVE_BLOCK, shakespeare_data
from dlbook.training import block_means

if TYPE_CHECKING:  # the trainer is imported where it runs; only the annotation needs it here
    from dlbook.training import BudgetMark

KINDS = ("lstm", "gru", "transformer")
#: The study's budget marks (seconds of training): 1, 2, 4, 8 and 15 minutes.
BUDGET_MARKS = (60, 120, 240, 480, 900)
#: Every sample continues the same prompt with the same draws.
SAMPLE_PROMPT, SAMPLE_SEED, SAMPLE_TEMPERATURE, SAMPLE_CHARS = "ROMEO:\n", 1234, 0.8, 300
_COMMON = ("kind", "layers", "context", "window", "batch", "lr", "betas", "weight_decay",
           "warmup", "lr_floor", "clip", "budget", "marks", "steps",
           "cost_contexts")
_SHAPE = {"lstm": ("hidden", "embed"), "gru": ("hidden", "embed"),
          "transformer": ("dim", "heads", "dropout")}


def check_budget_config(config: dict) -> dict:
    """``config`` if it names a known ``kind``, holds every key the run reads, lets the
    transformer score its windows (``window <= context``) and can measure the generation
    cost it asks for; otherwise a ``ValueError``, raised before any training."""
    if config.get("kind") not in KINDS:
        raise ValueError(f"config['kind'] must be one of {KINDS}, got {config.get('kind')!r}")
    missing = [k for k in (*_COMMON, *_SHAPE[config["kind"]]) if k not in config]
    if missing:
        raise ValueError(f"config lacks {missing}; a {config['kind']} run reads them all")
    if config["kind"] == "transformer" and config["window"] > config["context"]:
        raise ValueError(f"window={config['window']} exceeds the transformer's context="
                         f"{config['context']}; score it with windows of its context or less")
    if not config["marks"]:
        raise ValueError("marks must hold at least one mark: selection happens at the marks")
    # Checked now, since the run itself would reach them only after training:
    positive_int("window", config["window"])
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 2
           for c in config["cost_contexts"]):
        raise ValueError(f"cost_contexts must be context lengths >= 2, got "
                         f"{config['cost_contexts']!r}; use [] to skip the measurement")
    return config


def build_model(config: dict, vocab: int, *, context: int | None = None) -> nn.Module:
    """The model of ``config`` over ``vocab`` characters; ``context`` overrides the
    transformer's number of positions (the generation cost needs 1,024)."""
    from dlbook.charlm import CharGRU, CharLSTM
    from dlbook.transformer import CharTransformer

    if config["kind"] == "transformer":
        return CharTransformer(vocab, context=context or config["context"], dim=config["dim"],
                               layers=config["layers"], heads=config["heads"],
                               dropout=config["dropout"])
    recurrent = CharLSTM if config["kind"] == "lstm" else CharGRU
    return recurrent(vocab, hidden=config["hidden"], embed=config["embed"],
                     layers=config["layers"])


def lr_schedule(config: dict) -> Callable[[int, float], float]:
    """Warm-up over ``warmup`` updates times a cosine to ``lr_floor`` at the budget's end."""
    from dlbook.training import budget_cosine

    return partial(budget_cosine, warmup=config["warmup"], floor=config["lr_floor"])


class MarkScorer:
    """The trainer's ``on_mark`` callback: score the whole validation split at each mark.

    Fixed windows of ``window`` for every model (through :class:`EvaluateEvery`, which keeps
    the best state), and the carried state too when ``streaming``. ``marks`` holds one row
    per mark: the :class:`BudgetMark`'s fields and the losses.
    """

    def __init__(self, model: nn.Module, valid: torch.Tensor, *, vocab: int, window: int,
                 streaming: bool):
        self.watched = EvaluateEvery(model, valid, vocab=vocab, window=window)
        self.streaming = streaming
        self.marks: list[dict] = []

    def __call__(self, mark: BudgetMark) -> None:
        from dlbook.charlm import carried_state_loss

        row = {"mark": float(mark.mark), "seconds": mark.seconds, "steps": mark.steps,
               "tokens": mark.tokens}
        if self.marks and self.marks[-1]["steps"] == mark.steps:  # one update passed 2 marks
            losses = {k: v for k, v in self.marks[-1].items() if k.endswith("_loss")}
        else:
            self.watched.at_mark(mark)
            losses = {"valid_loss": self.watched.losses[-1]}
            if self.streaming:
                losses["streaming_loss"] = carried_state_loss(
                    self.watched.model, self.watched.valid, vocab=self.watched.vocab)
        self.marks.append({**row, **losses})

    @property
    def selected(self) -> dict:
        """The row of the first mark at the best fixed-window loss."""
        return next(row for row in self.marks if row["steps"] == self.watched.best_at)


def generate_sample(model: nn.Module, kind: str, vocab, *, prompt: str = SAMPLE_PROMPT,
                    chars: int = SAMPLE_CHARS, temperature: float = SAMPLE_TEMPERATURE,
                    seed: int = SAMPLE_SEED) -> str:
    """``chars`` characters continuing ``prompt``: a recurrent model carries its state, a
    transformer re-reads its last ``context`` characters (a sliding window, any length)."""
    from dlbook import sampling, transformer

    ids = vocab.encode(prompt)
    if kind == "transformer":
        new = transformer.generate(model, ids, steps=chars, temperature=temperature,
                                   seed=seed, cache=False)
    else:
        new = sampling.generate(model, ids, steps=chars, temperature=temperature, seed=seed)
    return vocab.decode(new)


def run_budget_task(config: dict, seed: int, data_dir: Path | None, device: torch.device,
                    *, clock: Callable[[], float] = time.perf_counter) -> dict:
    """One budget-study run as a task record's fields (see the module's docstring).

    ``clock`` times the updates (a test passes a fake one). Initial weights and the window
    schedule come from ``seed``; the sample's draws from :data:`SAMPLE_SEED`.
    """
    from dlbook import shakespeare
    from dlbook.generation_cost import cost_scores, generation_cost
    from dlbook.training import fit_next_token

    check_budget_config(config)
    path = Path(data_dir) / shakespeare.RELATIVE_PATH if data_dir is not None else None
    text = shakespeare.load_shakespeare(path)  # refuses any other bytes
    split = shakespeare.shakespeare_split(text)
    vocab = split.vocab.size
    seed_everything(seed)
    model = build_model(config, vocab).to(device)
    scorer = MarkScorer(model, split.valid, vocab=vocab, window=config["window"],
                        streaming=config["kind"] != "transformer")
    curve = fit_next_token(
        model, split.train, vocab=vocab, context=config["context"], batch=config["batch"],
        steps=config["steps"], lr=config["lr"], clip=config["clip"], log_every=1, seed=seed,
        weight_decay=config["weight_decay"], betas=tuple(config["betas"]),
        budget_schedule=lr_schedule(config), budget=config["budget"], marks=config["marks"],
        on_mark=scorer, clock=clock)
    if len(scorer.marks) < len(config["marks"]):
        raise ValueError(f"training reached the cap steps={config['steps']} after "
                         f"{curve.train_seconds:.1f} s, before the mark at "
                         f"{config['marks'][len(scorer.marks)]} s; raise steps")
    best, last = scorer.selected, scorer.marks[-1]
    model.load_state_dict(scorer.watched.best_state)
    sample = generate_sample(model, config["kind"], split.vocab)
    at, means = block_means(curve.losses, TRAIN_CURVE_BLOCK)
    scores = {"valid_loss": best["valid_loss"], "selected_step": best["steps"],
              "selected_mark": best["mark"], "final_valid_loss": last["valid_loss"],
              "final_train_loss": means[-1], "steps": curve.updates,
              "tokens": curve.updates * config["batch"] * config["context"],
              "train_seconds": curve.train_seconds,
              "steps_per_second": curve.updates / curve.train_seconds}
    if config["kind"] != "transformer":
        scores |= {"streaming_loss": best["streaming_loss"],
                   "final_streaming_loss": last["streaming_loss"]}
    if config["cost_contexts"]:
        scores |= cost_scores(generation_cost(config, vocab=vocab, device=device,
                                              contexts=config["cost_contexts"]))
    return {
        "data": {**shakespeare_data(), "chars": len(text), "vocab": vocab,
                 "tokens": {"train": len(split.train), "valid": len(split.valid)}},
        "parameters": sum(p.numel() for p in model.parameters()),
        "curves": {"unit": "step", "train_loss": {"at": at, "value": means},
                   "valid_loss": {"at": scorer.watched.at, "value": scorer.watched.losses}},
        "scores": scores,
        "marks": scorer.marks,
        "sample": {"prompt": SAMPLE_PROMPT, "text": sample, "seed": SAMPLE_SEED,
                   "temperature": SAMPLE_TEMPERATURE, "at": best["steps"]},
    }


#: The pilot: a short budget, one seed, a few (size, lr) candidates per kind. Its wall
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
#: edge again (the GRU's best rate was now inside the grid), so one more doubling for those
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


#: The pilot's rounds, as studies, in the order they ran.
PILOT_STUDIES = ("shakespeare-pilot", "shakespeare-pilot-small-batch", "shakespeare-pilot-edge",
                 "shakespeare-pilot-last")
#: The study: each kind's pilot winner, trained for the full budget on three seeds.
STUDY_BUDGET, STUDY_SEEDS = 900, (0, 1, 2)
#: The pilot's choice (``pilot_choice`` of the committed records of all :data:`PILOT_STUDIES`;
#: a test checks it).
STUDY_CHOICE = {"lstm": "lstm_1x512_b8_lr8e-3", "gru": "gru_1x512_b8_lr4e-3",
                "transformer": "transformer_4x128_ctx128_b8_lr4e-3"}


def study_configs() -> tuple[tuple[str, dict], ...]:
    """The study's configurations: each chosen pilot candidate (from either round),
    unchanged in its shape, batch, learning rate and optimiser, given the full
    :data:`STUDY_BUDGET` with the marks :data:`BUDGET_MARKS`, the generation-cost contexts,
    and one scoring window for every kind: the chosen transformer's context, the longest
    window it can score. ``steps`` caps the run at the pilot's cap per second of budget."""
    from dlbook.generation_cost import COST_CONTEXTS

    pilot = dict(pilot_configs() + pilot_small_batch_configs()
                 + pilot_small_batch_configs(PILOT_EDGE_CANDIDATES)
                 + pilot_small_batch_configs(PILOT_LAST_CANDIDATES))
    window = pilot[STUDY_CHOICE["transformer"]]["context"]
    return tuple((STUDY_CHOICE[kind], {
        **pilot[STUDY_CHOICE[kind]], "window": window, "budget": STUDY_BUDGET,
        "marks": list(BUDGET_MARKS), "cost_contexts": list(COST_CONTEXTS),
        "steps": pilot[STUDY_CHOICE[kind]]["steps"] * STUDY_BUDGET // PILOT_BUDGET})
        for kind in KINDS)
