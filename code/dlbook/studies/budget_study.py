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

Which seconds: ``clock`` (:data:`CLOCKS`) is ``"wall"`` (the first study's, and the default
of a configuration without one), ``"cpu"``, the CPU time of the run's own process, which a
neighbour on another core cannot take, or ``"updates"``, which makes the budget and the
marks counts of updates (:class:`UpdateClock`; the reference recipe run
through this path). Every mark also records the wall time of training so far
(``wall_seconds``). A recurrent run's ``dropout`` (default 0) acts between its layers and
before its read-out; ``streaming`` (default true) can switch the carried-state score off.

At each budget mark (``marks``, seconds of training; time spent scoring is not charged to
the budget) the whole validation split is scored with fixed windows of ``window``
characters (:func:`dlbook.evaluation.fixed_window_loss`) for every model, and for the
recurrent ones also with one state carried through the whole split
(:func:`dlbook.charlm.carried_state_loss`). The checkpoint with the lowest fixed-window loss
over the marks is selected; it writes a 300-character sample from a fixed prompt, seed and
temperature. With ``valid_halves`` (default false; the third study's) each mark scores, with
the same windows, the first half of the split (``select_loss``), the second
(``report_loss``) and the whole (``valid_loss``): the checkpoint is then selected on the
first half alone (:class:`~dlbook.studies.selection.MarkScorer`), and the second reports
what no choice has seen. With ``update_marks`` (update counts; default none) the run also
scores at those counts, for a view at equal updates (``curves.diagnostics``, through
:class:`~dlbook.studies.selection.UpdateMarks`); they select nothing. With
``cost_contexts`` the run also measures the model shape's generation cost
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

import torch
from torch import nn

from dlbook._checks import positive_int
from dlbook.device import seed_everything
from dlbook.studies.selection import MarkScorer, UpdateMarks, valid_halves
from dlbook.studies.shakespeare_studies import TRAIN_CURVE_BLOCK, shakespeare_data
from dlbook.training import block_means, make_optimizer

KINDS = ("lstm", "gru", "transformer")
#: The study's budget marks (seconds of training): 1, 2, 4, 8 and 15 minutes.
BUDGET_MARKS = (60, 120, 240, 480, 900)


class UpdateClock:
    """A trainer's ``clock`` (:func:`~dlbook.training.fit_next_token`) that counts updates.

    It reads one more at every call, and the trainer reads its clock once before and once
    after each update (and nowhere else inside the loop), so every update lasts exactly one
    tick: ``budget=n`` stops after ``n`` updates and ``marks`` are update counts. A run
    budgeted this way takes the same number of updates on any machine.
    """

    def __init__(self):
        self.ticks = 0

    def __call__(self) -> float:
        self.ticks += 1
        return float(self.ticks)


#: What a run's budget and marks count, by the configuration's ``clock``; each is a
#: factory of the trainer's clock (``"updates"`` needs a fresh counter per run).
CLOCKS = {"wall": lambda: time.perf_counter, "cpu": lambda: time.process_time,
          "updates": lambda: UpdateClock()}
#: Every sample continues the same prompt with the same draws.
SAMPLE_PROMPT, SAMPLE_SEED, SAMPLE_TEMPERATURE, SAMPLE_CHARS = "ROMEO:\n", 1234, 0.8, 300
_COMMON = ("kind", "layers", "context", "window", "batch", "lr", "betas", "weight_decay",
           "warmup", "lr_floor", "clip", "budget", "marks", "steps",
           "cost_contexts")
_SHAPE = {"lstm": ("hidden", "embed"), "gru": ("hidden", "embed"),
          "transformer": ("dim", "heads", "dropout")}


def check_budget_config(config: dict) -> dict:
    """``config`` if it names a known ``kind``, holds every key the run reads, lets ``steps``
    reach the last mark and the transformer score its windows (``window <= context``), and can
    measure the generation cost it asks for; otherwise a ``ValueError``, before any training."""
    if config.get("kind") not in KINDS:
        raise ValueError(f"config['kind'] must be one of {KINDS}, got {config.get('kind')!r}")
    missing = [k for k in (*_COMMON, *_SHAPE[config["kind"]]) if k not in config]
    if missing:
        raise ValueError(f"config lacks {missing}; a {config['kind']} run reads them all")
    if not isinstance(config.get("valid_halves", False), bool):
        raise ValueError(f"config['valid_halves'] must be true or false, got "
                         f"{config['valid_halves']!r}")
    if config.get("clock", "wall") not in CLOCKS:
        raise ValueError(f"config['clock'] must be one of {tuple(CLOCKS)}, got {config['clock']!r}")
    if config["kind"] == "transformer" and config["window"] > config["context"]:
        raise ValueError(f"window={config['window']} exceeds the transformer's context="
                         f"{config['context']}; score it with windows of its context or less")
    if not config["marks"]:
        raise ValueError("marks must hold at least one mark: selection happens at the marks")
    # Checked now: the run reaches these only after training, or after loading the data.
    if positive_int("steps", config["steps"]) < max(config["marks"]):  # all here run faster
        raise ValueError(f"steps={config['steps']} ends the run before its last mark at "
                         f"{max(config['marks'])}, even at one update a second (or mark); raise it")
    positive_int("window", config["window"])
    if any(not isinstance(n, int) or n > config["steps"] for n in config.get("update_marks", [])):
        raise ValueError(f"update_marks must be update counts within steps={config['steps']}, "
                         f"got {config['update_marks']!r}")
    make_optimizer(nn.Linear(1, 1), lr=config["lr"], weight_decay=config["weight_decay"],
                   betas=tuple(config["betas"]))
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 2 for c in config["cost_contexts"]):
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
                     layers=config["layers"], dropout=config.get("dropout", 0.0))


def measure_generation_cost(config: dict, vocab: int, *, device: torch.device | str = "cpu",
                            contexts=None, seed: int = 0, **how) -> dict[str, dict[int, float]]:
    """:func:`dlbook.generation_cost.generation_cost` of a fresh model shaped by ``config``
    (the cost depends on the shapes, not on trained weights); a transformer gets as many
    positions as the longest of ``contexts`` (default ``config["cost_contexts"]``)."""
    from dlbook.generation_cost import generation_cost

    contexts = list(config["cost_contexts"] if contexts is None else contexts)
    transformer = config["kind"] == "transformer"
    seed_everything(seed)  # the weights do not matter, but a seed keeps the run repeatable
    model = build_model(config, vocab, context=max(contexts) if transformer and contexts
                        else None)
    return generation_cost(model.to(device), vocab=vocab, contexts=contexts, seed=seed, **how)


def lr_schedule(config: dict) -> Callable[[int, float], float]:
    """Warm-up over ``warmup`` updates times a cosine to ``lr_floor`` at the budget's end."""
    from dlbook.training import budget_cosine

    return partial(budget_cosine, warmup=config["warmup"], floor=config["lr_floor"])


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
                    *, clock: Callable[[], float] | None = None) -> dict:
    """One budget-study run as a task record's fields (see the module's docstring).

    ``clock`` times the updates; by default the configuration's (:data:`CLOCKS`; a test
    passes a fake one). Initial weights and the window schedule come from ``seed``, so
    every kind run with the same ``seed``, ``context``, ``batch`` and ``steps`` reads the
    same windows in the same order; the sample's draws come from :data:`SAMPLE_SEED`.
    """
    from dlbook import shakespeare
    from dlbook.generation_cost import cost_scores
    from dlbook.training import fit_next_token

    check_budget_config(config)
    path = Path(data_dir) / shakespeare.RELATIVE_PATH if data_dir is not None else None
    text = shakespeare.load_shakespeare(path)  # refuses any other bytes
    split = shakespeare.shakespeare_split(text)
    vocab = split.vocab.size
    seed_everything(seed)
    model = build_model(config, vocab).to(device)
    streaming = config["kind"] != "transformer" and config.get("streaming", True)
    halves = config.get("valid_halves", False)
    scorer = MarkScorer(model, split.valid, vocab=vocab, window=config["window"],
                        streaming=streaming, halves=halves)
    by_updates = UpdateMarks(model, split.valid, vocab=vocab, window=config["window"],
                             at=config.get("update_marks", []), halves=halves, marks=scorer)
    curve = fit_next_token(
        model, split.train, vocab=vocab, context=config["context"], batch=config["batch"],
        steps=config["steps"], lr=config["lr"], clip=config["clip"], log_every=1, seed=seed,
        on_step=by_updates,
        weight_decay=config["weight_decay"], betas=tuple(config["betas"]),
        budget_schedule=lr_schedule(config), budget=config["budget"], marks=config["marks"],
        on_mark=scorer, clock=clock or CLOCKS[config.get("clock", "wall")]())
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
              "steps_per_second": curve.updates / curve.train_seconds,
              "train_wall_seconds": last["wall_seconds"]}
    if streaming:
        scores |= {"streaming_loss": best["streaming_loss"],
                   "final_streaming_loss": last["streaming_loss"]}
    if halves:
        scores |= {"select_loss": best["select_loss"], "report_loss": best["report_loss"],
                   "final_select_loss": last["select_loss"],
                   "final_report_loss": last["report_loss"]}
    if config["cost_contexts"]:
        scores |= cost_scores(measure_generation_cost(config, vocab, device=device))
    tokens = {"train": len(split.train), "valid": len(split.valid)}
    if halves:
        tokens |= dict(zip(("select", "report"), map(len, valid_halves(split.valid)),
                           strict=True))
    return {
        "data": {**shakespeare_data(), "chars": len(text), "vocab": vocab, "tokens": tokens},
        "parameters": sum(p.numel() for p in model.parameters()),
        "curves": {"unit": "step", "train_loss": {"at": at, "value": means},
                   "valid_loss": scorer.curve,
                   **({"diagnostics": by_updates.diagnostics} if by_updates.pending else {})},
        "scores": scores,
        "marks": scorer.marks,
        "sample": {"prompt": SAMPLE_PROMPT, "text": sample, "seed": SAMPLE_SEED,
                   "temperature": SAMPLE_TEMPERATURE, "at": best["steps"]},
    }


#: The study: each kind's pilot winner, trained for the full budget on three seeds.
STUDY_BUDGET, STUDY_SEEDS = 900, (0, 1, 2)
#: The pilot's choice (:func:`dlbook.studies.budget_pilot.pilot_choice` of the committed records of
#: all its rounds; a test checks it).
STUDY_CHOICE = {"lstm": "lstm_1x512_b8_lr8e-3", "gru": "gru_1x512_b8_lr4e-3",
                "transformer": "transformer_4x128_ctx128_b8_lr4e-3"}


def study_configs() -> tuple[tuple[str, dict], ...]:
    """The study's configurations: each chosen pilot candidate (from any round),
    unchanged in its shape, batch, learning rate and optimiser, given the full
    :data:`STUDY_BUDGET` with the marks :data:`BUDGET_MARKS`, the generation-cost contexts,
    and one scoring window for every kind: the chosen transformer's context, the longest
    window it can score. ``steps`` caps the run at the pilot's cap per second of budget."""
    from dlbook.generation_cost import COST_CONTEXTS
    from dlbook.studies.budget_pilot import PILOT_BUDGET, all_pilot_configs

    pilot = dict(all_pilot_configs())
    window = pilot[STUDY_CHOICE["transformer"]]["context"]
    return tuple((STUDY_CHOICE[kind], {
        **pilot[STUDY_CHOICE[kind]], "window": window, "budget": STUDY_BUDGET,
        "marks": list(BUDGET_MARKS), "cost_contexts": list(COST_CONTEXTS),
        "steps": pilot[STUDY_CHOICE[kind]]["steps"] * STUDY_BUDGET // PILOT_BUDGET})
        for kind in KINDS)
