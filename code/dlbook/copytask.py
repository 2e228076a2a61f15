"""The copy and reversal tasks: how much of a digit string survives the trip through a model.

The encoder reads ``L`` random decimal digits; the decoder must write them back, in order
(``copy``) or reversed (``reverse``), then ``EOS``. Digits are independent and uniform, so a
string carries ``L log2(10)`` bits and nothing about it can be guessed from a language prior:
whatever the decoder gets right beyond chance (one digit in ten) crossed from the encoder.

One protocol is used for every cell of the length x width grid: a fixed number of Adam steps
on freshly drawn strings, then greedy decoding of held-out strings that training never saw.
:func:`run_copy_cell` runs one cell and returns plain values, so
:func:`dlbook.studies.runner.run_experiments` can run the grid in parallel.
"""

from __future__ import annotations

import time

import torch

from dlbook._checks import is_int, positive_int, positive_number, token_ids
from dlbook.attention import AttentionSeq2Seq
from dlbook.decoding import greedy_decode, symbol_accuracy, termination_accuracy
from dlbook.device import make_generator
from dlbook.seq2seq import FIRST_SYMBOL, Seq2Seq, add_sos_eos, masked_cross_entropy

DIGITS = 10
#: PAD, SOS, EOS, then the ten digits.
VOCAB = FIRST_SYMBOL + DIGITS
TASKS = ("copy", "reverse")


def random_digit_strings(n: int, length: int, *, generator: torch.Generator) -> torch.Tensor:
    """``n`` strings of ``length`` uniform random digits, as token ids, shape (n, length)."""
    positive_int("n", n)
    positive_int("length", length)
    return torch.randint(FIRST_SYMBOL, VOCAB, (n, length), generator=generator)


def task_targets(src: torch.Tensor, *, task: str) -> torch.Tensor:
    """The string the decoder must write: ``src`` itself (copy) or reversed (reverse)."""
    if task not in TASKS:
        raise ValueError(f"task must be one of {TASKS}, got {task!r}")
    return src.clone() if task == "copy" else src.flip(-1)


def held_out_strings(n: int, length: int, *, seed: int) -> torch.Tensor:
    """``n`` distinct random strings for evaluation (training rejects every one of them)."""
    if n > DIGITS**length:
        raise ValueError(f"n={n} distinct strings of length {length} do not exist; lower n")
    generator = make_generator(seed)
    rows: dict[tuple[int, ...], None] = {}
    while len(rows) < n:
        for row in random_digit_strings(n, length, generator=generator).tolist():
            rows.setdefault(tuple(row), None)
    return torch.tensor(list(rows)[:n])


def _fresh_batch(batch: int, length: int, generator: torch.Generator,
                 exclude: set[tuple[int, ...]]) -> torch.Tensor:
    src = random_digit_strings(batch, length, generator=generator)
    # Redraw any row that is a held-out string, so evaluation measures generalisation
    # rather than recall. Only short lengths ever collide: 10^L outgrows any batch fast.
    for i, row in enumerate(src.tolist()):
        while tuple(row) in exclude:
            row = random_digit_strings(1, length, generator=generator)[0].tolist()
            src[i] = torch.tensor(row)
    return src


def _banned(exclude: torch.Tensor | None, length: int) -> set[tuple[int, ...]]:
    """The strings training must not draw, as a set. Each must be a string it *could* draw:
    ``length`` encoded digits. One of another length, or of raw digits, would never be drawn,
    so excluding it would silently protect nothing."""
    if exclude is None:
        return set()
    token_ids("exclude", exclude, vocab=VOCAB, low=FIRST_SYMBOL, dim=2)
    if exclude.shape[1] != length:
        raise ValueError(f"exclude holds strings of length {exclude.shape[1]} but training draws "
                         f"length={length}; pass held_out_strings(n, {length}, seed=...)")
    banned = {tuple(r) for r in exclude.tolist()}
    if len(banned) >= DIGITS**length:  # no string left to train on: drawing would never end
        raise ValueError(f"exclude holds all {DIGITS**length} strings of length {length}; "
                         f"hold out fewer strings or use longer ones")
    return banned


def _check_strings(src: torch.Tensor, targets: torch.Tensor) -> tuple[int, int]:
    """``(n, L)``: sources and targets of one shape (a copy or a reversal is as long as its
    source), both encoded digit ids; a raw digit 0, 1 or 2 would be read as PAD, SOS, EOS."""
    for name, ids in (("src", src), ("targets", targets)):
        token_ids(name, ids, vocab=VOCAB, low=FIRST_SYMBOL, dim=2)
    if src.shape != targets.shape or 0 in src.shape:
        raise ValueError(f"src {tuple(src.shape)} and targets {tuple(targets.shape)} must be "
                         f"the same (n, L) shape, n and L >= 1")
    return tuple(targets.shape)


def train_on_strings(
    model: torch.nn.Module,
    *,
    task: str,
    length: int,
    steps: int,
    batch: int,
    lr: float,
    clip: float = 1.0,
    seed: int = 0,
    exclude: torch.Tensor | None = None,
) -> list[float]:
    """Teacher-forced training on fresh random strings; returns the loss of every step.

    Each step draws ``batch`` new strings (none of them in ``exclude``), feeds the decoder
    ``SOS`` + target and asks it for target + ``EOS`` (teacher forcing), and takes one Adam
    step on the masked cross-entropy with the gradient norm clipped to ``clip``.
    """
    for name, value in (("length", length), ("steps", steps), ("batch", batch)):
        positive_int(name, value)
    lr, clip = positive_number("lr", lr), positive_number("clip", clip)
    generator, banned = make_generator(seed), _banned(exclude, length)
    lengths = torch.full((batch,), length)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    losses = []
    model.train()
    for _ in range(steps):
        src = _fresh_batch(batch, length, generator, banned)
        decoder_inputs, decoder_targets = add_sos_eos(task_targets(src, task=task).tolist())
        loss = masked_cross_entropy(model(src, lengths, decoder_inputs), decoder_targets)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimiser.step()
        losses.append(loss.item())
    return losses


@torch.no_grad()
def copy_accuracy(model: torch.nn.Module, src: torch.Tensor, targets: torch.Tensor
                  ) -> dict[str, float]:
    """Greedy-decode ``src`` and score the first ``L`` emitted symbols against ``targets``.

    ``symbol``: the fraction of the ``L`` target positions emitted right; ``sequence``: the
    fraction of strings whose first ``L`` emitted symbols are all right, *whether or not the
    decoder then stops*; ``termination``: the fraction that emit ``EOS`` right after ``L``
    symbols. An early ``EOS`` leaves the missing positions wrong.
    """
    n, length = _check_strings(src, targets)
    model.eval()
    # One step beyond L, so that a decoder that never stops is caught by termination.
    emitted = greedy_decode(model, src, torch.full((n,), length), max_len=length + 1)
    wanted = targets.tolist()
    prefix_right = [out[:length] == tgt for out, tgt in zip(emitted, wanted, strict=True)]
    return {
        "symbol": symbol_accuracy(emitted, wanted),
        "sequence": sum(prefix_right) / n,
        "termination": termination_accuracy(emitted, wanted),
    }


@torch.no_grad()
def forced_symbol_accuracy(model: torch.nn.Module, src: torch.Tensor, targets: torch.Tensor
                           ) -> float:
    """Per-symbol accuracy under teacher forcing: every step is fed the *true* previous symbol.

    The gap between this and the greedy ``symbol`` score of :func:`copy_accuracy` is what the
    decoder loses by reading its own guesses instead of the truth (exposure bias).
    """
    n, length = _check_strings(src, targets)
    model.eval()
    decoder_inputs, _ = add_sos_eos(targets.tolist())
    logits = model(src, torch.full((n,), length), decoder_inputs)
    return (logits.argmax(dim=-1)[:, :length] == targets).float().mean().item()


def build_copy_model(*, hidden: int, attention: bool, embed: int = 16, attn: int = 32,
                     seed: int = 0) -> torch.nn.Module:
    """The plain GRU encoder–decoder, or the same with additive attention, seeded."""
    # Initialisers draw from the global generator: seed it inside a fork, so the weights
    # are reproducible and the caller's random state is left as it was.
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        if attention:
            return AttentionSeq2Seq(VOCAB, embed=embed, hidden=hidden, attn=attn)
        return Seq2Seq(VOCAB, embed=embed, hidden=hidden)


def run_copy_cell(
    *,
    task: str = "copy",
    length: int,
    hidden: int,
    attention: bool = False,
    steps: int,
    batch: int = 64,
    lr: float = 3e-3,
    n_test: int = 500,
    seed: int = 0,
    keep_model: bool = False,
) -> dict:
    """One grid cell: build, train for a fixed budget, score held-out strings.

    Returns plain values (the scores, the loss of every training step, and the ``state_dict``
    when ``keep_model``), so it can run in a worker process of
    :func:`dlbook.studies.runner.run_experiments`.
    """
    positive_int("length", length)
    if not is_int(n_test) or not 0 < n_test < DIGITS**length:
        raise ValueError(f"n_test must lie in [1, {DIGITS**length}) for length={length} (some "
                         f"strings must remain to train on), got {n_test!r}")
    began = time.process_time()  # CPU time: robust to other load on the machine
    test_src = held_out_strings(n_test, length, seed=10_000 + seed)
    model = build_copy_model(hidden=hidden, attention=attention, seed=seed)
    losses = train_on_strings(model, task=task, length=length, steps=steps, batch=batch,
                              lr=lr, seed=seed, exclude=test_src)
    test_targets = task_targets(test_src, task=task)
    scores = copy_accuracy(model, test_src, test_targets)
    scores["forced"] = forced_symbol_accuracy(model, test_src, test_targets)
    result = {
        "task": task, "length": length, "hidden": hidden, "attention": attention,
        "steps": steps, "seed": seed, **scores,
        "final_loss": sum(losses[-20:]) / len(losses[-20:]), "losses": losses,
        "parameters": sum(p.numel() for p in model.parameters()),
        "seconds": time.process_time() - began,
    }
    if keep_model:
        result["state_dict"] = {k: v.detach().clone() for k, v in model.state_dict().items()}
    return result
