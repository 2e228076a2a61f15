"""Connectionist temporal classification (CTC): the collapse rule, the forward table, decoding.

CTC scores a label sequence that is shorter than the input without saying which frame
emits which label. The network emits one distribution per frame over the labels plus a
*blank*; a frame-level path is read by the collapse rule (merge repeats, then drop blanks),
and the probability of a target is the sum over every path that collapses to it. The
forward table computes that sum in ``O(T * U)`` instead of enumerating ``C ** T`` paths.
Decoding asks the reverse question, the most probable labelling: best-path (greedy)
decoding reads the most probable path, prefix beam search sums paths per labelling prefix.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import torch

from dlbook._checks import check_distributions, is_int, positive_int


def _check_blank(blank: object, classes: int | None = None) -> int:
    if not is_int(blank) or blank < 0:
        raise ValueError(f"blank must be a non-negative int (the blank's class id), got {blank!r}")
    blank = int(blank)
    if classes is not None and blank >= classes:
        raise ValueError(
            f"blank={blank} but the log-probabilities (log_probs) have only {classes} classes; "
            f"pass the blank's index in [0, {classes})"
        )
    return blank


def _check_target(target: Sequence[int] | torch.Tensor, *, classes: int, blank: int) -> list[int]:
    labels = target.tolist() if isinstance(target, torch.Tensor) else list(target)
    for label in labels:
        if not is_int(label):
            raise TypeError(f"target must hold int label ids, got {label!r} in {labels!r}")
        if label == blank:
            raise ValueError(
                f"target {labels!r} contains the blank id {blank}; the blank is never a label, "
                f"remove it from the target"
            )
        if not 0 <= label < classes:
            raise ValueError(
                f"target label {label} is outside [0, {classes}), the classes of log_probs; "
                f"check the vocabulary"
            )
    return [int(label) for label in labels]


def _check_log_probs(log_probs: torch.Tensor, blank: object) -> int:
    """One sequence's frames ``(T, C)``, ``T >= 1``, each a log-probability distribution
    (its ``exp`` sums to 1); returns ``blank``, checked against the ``C`` classes.
    Probabilities instead would give a negative NLL and scores above 0, unnormalised scores
    a number that is no probability at all, and a NaN frame a NaN (or an empty decoding)."""
    if not isinstance(log_probs, torch.Tensor) or log_probs.dim() != 2:
        shape = tuple(log_probs.shape) if isinstance(log_probs, torch.Tensor) else log_probs
        raise ValueError(f"log_probs must have shape (T, C) for one sequence, got {shape}; "
                         f"index a batch as log_probs[:, n] for the (T, N, C) layout of "
                         f"nn.CTCLoss")
    if log_probs.shape[0] == 0 or not log_probs.dtype.is_floating_point:
        raise ValueError(f"log_probs must be floating point with at least one frame, got "
                         f"{log_probs.dtype} of shape {tuple(log_probs.shape)}")
    blank = _check_blank(blank, log_probs.shape[1])
    check_distributions("log_probs", log_probs, log=True,
                        fix="pass scores.log_softmax(-1), or probs.log() for probabilities")
    return blank


def _check_probs(probs: torch.Tensor) -> tuple[int, int]:
    """Frames ``(T, C)`` of probabilities (each row sums to 1) few enough to enumerate."""
    if not isinstance(probs, torch.Tensor) or probs.dim() != 2:
        shape = tuple(probs.shape) if isinstance(probs, torch.Tensor) else probs
        raise ValueError(f"probs must have shape (T, C), got {shape}")
    check_distributions("probs", probs, fix="pass log_probs.exp() for log-probabilities")
    frames, classes = probs.shape
    if classes**frames > 10**6:
        raise ValueError(
            f"{classes} ** {frames} paths is too many to enumerate; use ctc_nll for long inputs"
        )
    return frames, classes


def _log_sum(x: torch.Tensor, dim: int) -> torch.Tensor:
    """``logsumexp`` whose gradient stays finite where every term is ``-inf``.

    ``torch.logsumexp`` back-propagates ``exp(-inf - -inf) = nan`` through cells that no
    path reaches, and a ``nan`` times a zero upstream gradient is still ``nan``.
    """
    top = x.amax(dim=dim, keepdim=True).detach()
    top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
    total = torch.exp(x - top).sum(dim=dim)
    top = top.squeeze(dim)
    reached = total > 0
    safe = torch.where(reached, total, torch.ones_like(total))
    return torch.where(reached, top + torch.log(safe), torch.full_like(total, float("-inf")))


def collapse(path: Sequence[int] | torch.Tensor, *, blank: int = 0) -> list[int]:
    """Read a frame-level path: merge runs of the same symbol, then drop the blanks.

    The order matters: ``a a - a`` reads as ``a a`` because the blank separates two runs,
    while ``a a a`` reads as a single ``a``.
    """
    _check_blank(blank)
    symbols = path.tolist() if isinstance(path, torch.Tensor) else list(path)
    merged = [s for i, s in enumerate(symbols) if i == 0 or s != symbols[i - 1]]
    return [s for s in merged if s != blank]


def min_frames(target: Sequence[int] | torch.Tensor) -> int:
    """Fewest frames a path needs to spell ``target``: one per label, plus one blank
    between every pair of equal neighbours (otherwise the collapse rule merges them)."""
    labels = target.tolist() if isinstance(target, torch.Tensor) else list(target)
    repeats = sum(1 for x, y in itertools.pairwise(labels) if x == y)
    return len(labels) + repeats


def probability_by_enumeration(
    probs: torch.Tensor, target: Sequence[int], *, blank: int = 0
) -> float:
    """Sum of the probabilities of every path that collapses to ``target`` (brute force).

    ``probs`` has shape ``(T, C)`` and each row sums to one. Enumerates all ``C ** T`` paths,
    so it is only for checking the forward table on tiny examples (``C ** T <= 10 ** 6``).
    """
    frames, classes = _check_probs(probs)
    labels = _check_target(target, classes=classes, blank=_check_blank(blank, classes))
    total = 0.0
    for path in itertools.product(range(classes), repeat=frames):
        if collapse(path, blank=blank) == labels:
            total += float(torch.prod(probs[torch.arange(frames), torch.tensor(path)]))
    return total


def ctc_forward_table(
    log_probs: torch.Tensor, target: Sequence[int] | torch.Tensor, *, blank: int = 0
) -> torch.Tensor:
    """The CTC forward variables in log space, shape ``(T, 2U + 1)``.

    ``log_probs`` has shape ``(T, C)`` (log-softmax over the classes, one sequence);
    ``target`` holds ``U`` label ids, none of them the blank. Column ``s`` of the table is a
    position in the *extended* target ``- l1 - l2 ... - lU -`` (blanks around every label);
    entry ``[t, s]`` is the log of the total probability of the path prefixes of length
    ``t + 1`` that end at position ``s``. Cells no path can reach hold ``-inf``.
    """
    blank = _check_log_probs(log_probs, blank)
    frames, classes = log_probs.shape
    labels = _check_target(target, classes=classes, blank=blank)
    extended = [blank]
    for label in labels:
        extended += [label, blank]
    states = len(extended)
    emit = log_probs[:, extended]  # (T, S): log-probability of each position's symbol
    # A path may jump over a blank only onto a label that differs from the one two places
    # back; jumping between equal labels would let the collapse rule merge them.
    skip = torch.tensor(
        [s >= 2 and extended[s] != blank and extended[s] != extended[s - 2] for s in range(states)]
    )
    neg_inf = torch.full((states,), float("-inf"), dtype=log_probs.dtype)
    start = neg_inf.clone()
    start[: min(2, states)] = 0.0  # a path starts on the first blank or on the first label
    rows = [start + emit[0]]
    for t in range(1, frames):
        prev = rows[-1]
        stay = prev
        step = torch.cat([neg_inf[:1], prev[:-1]])
        jump = torch.where(skip, torch.cat([neg_inf[:2], prev[:-2]]), neg_inf)
        rows.append(_log_sum(torch.stack([stay, step, jump]), dim=0) + emit[t])
    return torch.stack(rows)


def ctc_nll(
    log_probs: torch.Tensor, target: Sequence[int] | torch.Tensor, *, blank: int = 0
) -> torch.Tensor:
    """Negative log-probability of ``target`` under CTC (``inf`` if no path can spell it).

    Equals ``nn.CTCLoss(blank=blank, reduction="sum")`` on one sequence: a path must end on
    the last label or on the blank after it, so the last row's final two cells are summed.
    """
    table = ctc_forward_table(log_probs, target, blank=blank)
    return -_log_sum(table[-1, -2:], dim=0)


def uniform_frames(*, frames: int, classes: int) -> torch.Tensor:
    """Log-probabilities of ``frames`` frames that each put ``1 / classes`` on every class."""
    positive_int("frames", frames)
    positive_int("classes", classes)
    return torch.full((frames, classes), 1.0 / classes, dtype=torch.float64).log()


def _log_add(x: float, y: float) -> float:
    """``log(exp(x) + exp(y))`` for Python floats, with ``-inf`` as log zero."""
    if x == float("-inf"):
        return y
    if y == float("-inf"):
        return x
    top = max(x, y)
    return top + math.log1p(math.exp(-abs(x - y)))


def _accumulate(grown: dict[tuple[int, ...], list[float]], prefix: tuple[int, ...], part: int,
                value: float) -> None:
    """Add ``exp(value)`` to part ``part`` (0: ends in a blank, 1: in a label) of ``prefix``."""
    if value == float("-inf"):
        return  # no path reaches it: "a a" after "a" without a blank between
    entry = grown.setdefault(prefix, [float("-inf"), float("-inf")])
    entry[part] = _log_add(entry[part], value)


def ctc_greedy_decode(log_probs: torch.Tensor, *, blank: int = 0) -> list[int]:
    """Best-path decoding: the most probable symbol at every frame, then the collapse rule.

    Fast, and often good enough, but it finds the most probable *path*, not the most
    probable *labelling*: many paths spell the same labelling, and their sum can favour a
    labelling whose single best path loses.
    """
    blank = _check_log_probs(log_probs, blank)
    return collapse(log_probs.argmax(dim=-1), blank=blank)


def ctc_prefix_beam_search(
    log_probs: torch.Tensor, *, beam: int, blank: int = 0
) -> list[tuple[list[int], float]]:
    """Prefix beam search: the ``beam`` most probable labellings, best first, with log-probs.

    A hypothesis is a label *prefix*, scored by the total probability of the path prefixes
    that collapse to it, kept in two parts: paths ending in a blank (``p_b``) and paths
    ending in a label (``p_nb``). The split matters when the next frame repeats the prefix's
    last label: after a blank the repeat starts a new label, after the label it merges into
    it. Each frame extends every kept prefix by every symbol and keeps the ``beam`` most
    probable prefixes. With a beam that never prunes, the scores are exact labelling
    probabilities (the sums of :func:`probability_by_enumeration`).
    """
    blank = _check_log_probs(log_probs, blank)
    positive_int("beam", beam)
    neg_inf = float("-inf")
    frames = log_probs.double().tolist()
    beams: dict[tuple[int, ...], tuple[float, float]] = {(): (0.0, neg_inf)}
    for frame in frames:
        grown: dict[tuple[int, ...], list[float]] = {}
        for prefix, (p_b, p_nb) in beams.items():
            p_total = _log_add(p_b, p_nb)
            for symbol, lp in enumerate(frame):
                if symbol == blank:
                    _accumulate(grown, prefix, 0, p_total + lp)
                elif prefix and symbol == prefix[-1]:
                    _accumulate(grown, prefix, 1, p_nb + lp)  # a a: the run goes on
                    _accumulate(grown, prefix + (symbol,), 1, p_b + lp)  # a - a: a new label
                else:
                    _accumulate(grown, prefix + (symbol,), 1, p_total + lp)
        ranked = sorted(grown.items(), key=lambda item: _log_add(*item[1]), reverse=True)
        beams = {prefix: (p_b, p_nb) for prefix, (p_b, p_nb) in ranked[:beam]}
    return [(list(prefix), _log_add(p_b, p_nb)) for prefix, (p_b, p_nb) in beams.items()]


def labelling_probabilities_by_enumeration(
    probs: torch.Tensor, *, blank: int = 0
) -> dict[tuple[int, ...], float]:
    """Probability of every labelling, by enumerating all ``C ** T`` paths (brute force).

    The reference that checks :func:`ctc_prefix_beam_search` on tiny alphabets.
    """
    frames, classes = _check_probs(probs)
    _check_blank(blank, classes)
    totals: dict[tuple[int, ...], float] = {}
    for path in itertools.product(range(classes), repeat=frames):
        p = float(torch.prod(probs[torch.arange(frames), torch.tensor(path)]))
        key = tuple(collapse(path, blank=blank))
        totals[key] = totals.get(key, 0.0) + p
    return totals
