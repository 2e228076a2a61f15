"""Chapter 6's headline and summary claims (recurrence against attention, at equal budget).

Each function is the condition of one sentence of ``book/06-equal-budget.qmd``, as the
sentence words it: its quantifier ("every seed", "at every mark"), its bound and its
verdict (a lead needs an interval of the difference that excludes zero; otherwise a tie).
A claim over records takes the lists :func:`~dlbook.studies.experiments.load_study` returns,
in the order of ``studies=``; the grid's two halves are passed as two lists. The final grid's
claims are in :mod:`dlbook.book.claims_budget_final`.
"""

from __future__ import annotations

from dlbook.book.claims import claim
from dlbook.stats import paired_difference
from dlbook.studies import budget_pilot, cpu_budget
from dlbook.studies.budget_results import leader, loss_difference, losses_by_seed
from dlbook.studies.shakespeare_studies import (
    NANOGPT_GPU_PROTOCOL,
    NANOGPT_VALID_LOSS,
    REFERENCE_TOLERANCE,
)

KINDS = ("lstm", "gru", "transformer")
PAIRS = (("gru", "lstm"), ("transformer", "lstm"), ("transformer", "gru"))
GRID = ("shakespeare-cpu-grid-a", "shakespeare-cpu-grid-b")
#: The final grid (:mod:`dlbook.studies.cpu_final`), whose runs the chapter's result reads.
FINAL = ("shakespeare-cpu-final-a", "shakespeare-cpu-final-b")
REFERENCE = ("shakespeare-reference", "shakespeare-reference-budget-path")
#: The characters nanoGPT's GPU run trained on: batch times context times updates.
GPU_CHARS = (NANOGPT_GPU_PROTOCOL["batch"] * NANOGPT_GPU_PROTOCOL["context"]
             * NANOGPT_GPU_PROTOCOL["steps"])


def _finals(records: list[dict]) -> list[float]:
    """Each run's final validation loss, by seed."""
    return [r["scores"]["final_valid_loss"] for r in sorted(records, key=lambda r: r["seed"])]


def _within(records: list[dict], published: float, tolerance: float) -> bool:
    return bool(records) and all(abs(loss - published) <= tolerance for loss in _finals(records))


def fixed_windows(records: list[dict]) -> tuple[dict, list[float]]:
    """``{kind: {mark: {seed: loss}}}`` with fixed windows, and the marks in order."""
    losses = losses_by_seed(records, "valid_loss")
    return losses, sorted(losses["lstm"])


# --- The pieces of the transformer, on values the chapter computes live ---------------------

@claim("ch6-layernorm", says="LayerNorm computed by hand matches nn.LayerNorm within the "
       "tolerance the cell sets")
def layernorm_matches(gap: float, tolerance: float) -> bool:
    return gap < tolerance


@claim("ch6-scale", says="without the scale the softmax is sharper (lower entropy) at every "
       "wider head")
def sharper_when_wider(entropies: list[float]) -> bool:
    return len(entropies) > 1 and all(a > b for a, b in zip(entropies, entropies[1:], strict=False))


@claim("ch6-equivariance", says="without positions an unmasked block's outputs permute with "
       "its inputs, to rounding")
def permutes_with_inputs(gap: float, *, rounding: float = 1e-5) -> bool:
    return gap < rounding


@claim("ch6-causal-order", says="one causal block gives the full stop the same output for both "
       "sentences; after a second block it differs")
def causal_order(stop_one_block: float, stop_two_blocks: float, *, rounding: float = 1e-5,
                 differs: float = 0.01) -> bool:
    return stop_one_block < rounding and stop_two_blocks > differs


# --- The reference check ---------------------------------------------------------------------

@claim("ch6-reference", says="every seed of the reference path lands within the tolerance of "
       "nanoGPT's published loss", studies=REFERENCE[:1])
def reference_within(reference: list[dict], *, published: float = NANOGPT_VALID_LOSS,
                     tolerance: float = REFERENCE_TOLERANCE) -> bool:
    return _within(reference, published, tolerance)


@claim("ch6-reference-path", says="every seed of the budget path lands within the tolerance of "
       "nanoGPT's published loss", studies=REFERENCE[1:])
def budget_path_within(path: list[dict], *, published: float = NANOGPT_VALID_LOSS,
                       tolerance: float = REFERENCE_TOLERANCE) -> bool:
    return _within(path, published, tolerance)


@claim("budget-summary-reference", says="on every seed, through both paths, the transformer "
       "lands within the tolerance of the published loss", studies=REFERENCE)
def both_paths_within(reference: list[dict], path: list[dict], *,
                      published: float = NANOGPT_VALID_LOSS,
                      tolerance: float = REFERENCE_TOLERANCE) -> bool:
    return _within(reference, published, tolerance) and _within(path, published, tolerance)


@claim("ch6-summary-path", says="the budget path ended higher on every seed, and the paired "
       "interval of the difference includes zero", studies=REFERENCE)
def path_higher_but_tied(reference: list[dict], path: list[dict]) -> bool:
    old, new = _finals(reference), _finals(path)
    if len(old) != len(new) or not old:
        return False
    higher = all(n > o for n, o in zip(new, old, strict=True))
    return higher and paired_difference(new, old).lead == 0


# --- The first pilot and the first study -----------------------------------------------------

@claim("budget-pilot-neighbours", says="the LSTM's and the transformer's chosen rates each have "
       "a rate tried on either side at the same batch (that both scored worse follows from "
       "the pick rule, and is checked only as a consistency check)",
       studies=budget_pilot.PILOT_STUDIES)
def pilot_neighbours_worse(*rounds: list[dict]) -> bool:
    pilot = [r for found in rounds for r in found]
    chosen = budget_pilot.pilot_choice(pilot)
    for kind in ("lstm", "transformer"):
        best = next(r for r in pilot if r["config_name"] == chosen[kind])
        same = [r for r in pilot if r["config"]["kind"] == kind
                and r["config"]["batch"] == best["config"]["batch"]]
        lower = [r for r in same if r["config"]["lr"] < best["config"]["lr"]]
        higher = [r for r in same if r["config"]["lr"] > best["config"]["lr"]]
        neighbours = ([max(lower, key=lambda r: r["config"]["lr"])] if lower else []) + (
            [min(higher, key=lambda r: r["config"]["lr"])] if higher else [])
        if len(neighbours) < 2 or not all(
                r["scores"]["final_valid_loss"] > best["scores"]["final_valid_loss"]
                for r in neighbours):
            return False
    return True


@claim("budget-first-lstm-leads", says="in the first study the LSTM leads, on Welch intervals "
       "against both other models, at every mark up to eight minutes",
       studies=("shakespeare-budget",))
def first_lstm_leads(study: list[dict]) -> bool:
    losses, marks = fixed_windows(study)
    return all(leader({k: losses[k][m] for k in KINDS}, paired=False) == "lstm"
               for m in marks[:-1])


@claim("budget-first-catch-up", says="the GRU is behind the LSTM at eight minutes and ties with "
       "it at fifteen", studies=("shakespeare-budget",))
def first_gru_catches_up(study: list[dict]) -> bool:
    losses, marks = fixed_windows(study)
    before, last = (loss_difference(losses["gru"][m], losses["lstm"][m], paired=False)
                    for m in marks[-2:])
    return before.lead == 1 and last.lead == 0


@claim("budget-first-end-tie", says="the first study ended with the GRU and the LSTM tied at "
       "fifteen minutes (Welch)", studies=("shakespeare-budget",))
def first_ends_tied(study: list[dict]) -> bool:
    losses, marks = fixed_windows(study)
    return loss_difference(losses["gru"][marks[-1]], losses["lstm"][marks[-1]],
                           paired=False).lead == 0


# --- The second pilot --------------------------------------------------------------------------

@claim("budget-rate-neighbours", says="both neighbours (half and twice) of every kept rate were "
       "tried with the kept optimiser and did worse", studies=cpu_budget.RATE_STUDIES)
def rate_neighbours_worse(*studies: list[dict]) -> bool:
    runs = [r for found in studies for r in found]

    def loss(kind: str, rate: float, optimiser: str) -> list[float]:
        return [r["scores"]["final_valid_loss"] for r in runs
                if r["config"]["kind"] == kind and abs(r["config"]["lr"] - rate) < 1e-12
                and cpu_budget.optimiser_of(r["config"]) == optimiser]

    for kind, (lr, optimiser) in cpu_budget.rate_choice(runs).items():
        kept = loss(kind, lr, optimiser)
        neighbours = loss(kind, lr / 2, optimiser) + loss(kind, 2 * lr, optimiser)
        if len(kept) != 1:
            return False
        if len(neighbours) != 2 or not all(n > kept[0] for n in neighbours):
            return False
    return True


def _first_shape_means(records: list[dict], kind: str) -> dict[float, float]:
    """``{dropout: mean loss}`` of the kind's first-study shape in the regularisation round."""
    means = cpu_budget.mean_losses(records)[kind]
    configs = {r["config_name"]: r["config"] for r in records}
    return {configs[n]["dropout"]: loss for n, loss in means.items()
            if configs[n]["layers"] == cpu_budget.FIRST_CHOICE[kind][0]}


@claim("runs-pilot-dropout", says="the recurrent models kept some dropout by margins below a "
       "tenth of their seed spread; the transformer kept none, and every dropout made it worse",
       studies=("shakespeare-cpu-pilot-regularisation",))
def dropout_choice(regularisation: list[dict], *, far_below: float = 10.0) -> bool:
    configs = {r["config_name"]: r["config"] for r in regularisation}
    kept = {k: configs[n]["dropout"] for k, n in cpu_budget.final_choice(regularisation).items()}
    margins = cpu_budget.pilot_margins(regularisation)
    recurrent = all(kept[k] > 0 and margins[k]["margin"] < margins[k]["spread"] / far_below
                    for k in ("lstm", "gru"))
    tf = _first_shape_means(regularisation, "transformer")
    return recurrent and kept["transformer"] == 0 and all(
        loss > tf[0.0] for dropout, loss in tf.items() if dropout > 0)


# --- The second grid -------------------------------------------------------------------------

def grid_runs(halves: tuple[list[dict], ...]) -> list[dict]:
    return [r for half in halves for r in half]


@claim("runs-grid-pairing", says="every kind ran the same seeds with one batch shape, so seed i "
       "reads the same windows; paired and Welch intervals give the same verdict on every pair of "
       "kinds at every mark of the grid", studies=GRID)
def pairing_agrees(*halves: list[dict]) -> bool:
    grid = grid_runs(halves)
    shapes = {(r["config"]["batch"], r["config"]["context"]) for r in grid}
    seeds = {k: sorted(r["seed"] for r in grid if r["config"]["kind"] == k) for k in KINDS}
    if len(shapes) != 1 or len({tuple(v) for v in seeds.values()}) != 1:
        return False
    losses, marks = fixed_windows(grid)
    return all(loss_difference(losses[a][m], losses[b][m], paired=True).lead
               == loss_difference(losses[a][m], losses[b][m], paired=False).lead
               for m in marks for a, b in PAIRS)


@claim("budget-gpu-reads-more", says="nanoGPT's GPU run trained on more than five times as many "
       "characters as any run of the grid read", studies=GRID)
def gpu_read_more(*halves: list[dict], gpu_chars: int = GPU_CHARS,
                  factor: float = 5.0) -> bool:
    return all(gpu_chars > factor * r["marks"][-1]["tokens"] for r in grid_runs(halves))
