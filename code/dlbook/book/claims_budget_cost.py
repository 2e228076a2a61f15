"""Chapter 6's claims on what a character costs to generate, and the numbers its text prints.

Each run of the final grid timed one generated character after contexts of a few lengths:
for a recurrent model one step from its carried state, for the transformer one token against
a key–value cache of the context or a full forward pass over it. As in
:mod:`dlbook.book.claims_budget`, each claim is the condition of one sentence of
``book/06-equal-budget.qmd`` as the sentence words it, and takes the grid's two halves
(:data:`~dlbook.book.claims_budget.FINAL`) as two lists. The public functions compute the
numbers the text prints from a list of runs; the claims call the same functions, so that the
sentence and its guard read one number.
"""

from __future__ import annotations

from dlbook.book.claims import claim
from dlbook.book.claims_budget import FINAL, grid_runs
from dlbook.studies.budget_results import Spread, costs_by_method

#: The ways of generating a character, as the figure and the table name them.
METHODS = {"lstm": "LSTM", "gru": "GRU", "transformer (cache)": "transformer, cached",
           "transformer (no cache)": "transformer, no cache"}
CACHED, UNCACHED = METHODS["transformer (cache)"], METHODS["transformer (no cache)"]


def cost_contexts(runs: list[dict]) -> list[int]:
    """The context lengths after which the runs timed a generated character, shortest first.

    Every run must time the same lengths, or a mean over runs would mix them.
    """
    found = {tuple(r["config"]["cost_contexts"]) for r in runs}
    if len(found) != 1:
        raise ValueError(f"runs time different cost_contexts {sorted(found)}; pass the runs "
                         "of one grid, which all time the same lengths")
    return sorted(found.pop())


def generation_costs(runs: list[dict]) -> dict[str, dict[int, Spread]]:
    """Seconds per generated character, ``{method: {context: Spread over the runs}}``, each
    method named as in :data:`METHODS`."""
    return {METHODS[label]: by_length for label, by_length in costs_by_method(runs).items()}


def growth(runs: list[dict]) -> dict[str, float]:
    """How many times each method's mean cost per character grew from the shortest context to
    the longest: about one for a step that reads only its state, more for one that reads the
    context."""
    contexts = cost_contexts(runs)
    return {label: by_length[contexts[-1]].mean / by_length[contexts[0]].mean
            for label, by_length in generation_costs(runs).items()}


def cache_saving(runs: list[dict]) -> float:
    """How many times cheaper the key–value cache made a character at the longest context."""
    longest, costs = cost_contexts(runs)[-1], generation_costs(runs)
    return costs[UNCACHED][longest].mean / costs[CACHED][longest].mean


def config_of(runs: list[dict], kind: str) -> dict:
    """The configuration of ``kind``'s runs (the grid trains one shape per kind); its
    shape, not its trained weights, sets the cost of a character."""
    configs = [r["config"] for r in runs if r["config"]["kind"] == kind]
    if not configs:
        raise ValueError(f"no run of kind {kind!r}; pass the grid's runs, which hold every kind")
    return configs[0]


def token_count(dim: int, context: int) -> int:
    """Multiply–adds of one new token in one transformer layer with ``context`` cached
    positions: about 12 D² in its projections (4 D²) and its MLP of width 4D (8 D²), and
    2 L D in attention, its scores and its weighted sum of the values."""
    return 12 * dim**2 + 2 * context * dim


def attention_crossover(runs: list[dict]) -> int:
    """The context length beyond which attention's 2 L D takes the larger share of a cached
    token's count: L = 6 D, from 2 L D = 12 D²."""
    return 6 * config_of(runs, "transformer")["dim"]


def counted_growth(runs: list[dict]) -> float:
    """The growth the count of multiply–adds (:func:`token_count`) predicts for the cached
    transformer from the shortest context to the longest, to set beside the measured one."""
    dim, contexts = config_of(runs, "transformer")["dim"], cost_contexts(runs)
    return token_count(dim, contexts[-1]) / token_count(dim, contexts[0])


def predicted_middle(runs: list[dict]) -> float:
    """Seconds per cached character at the middle context, predicted by a line in the count
    fitted on the shortest and longest contexts: whether the cost, like the count, is a
    constant plus a term in the context, a third context can test."""
    dim, contexts = config_of(runs, "transformer")["dim"], cost_contexts(runs)
    short, middle, long = contexts[0], contexts[1], contexts[-1]
    cached = generation_costs(runs)[CACHED]
    per_count = (cached[long].mean - cached[short].mean) / (
        token_count(dim, long) - token_count(dim, short))
    return cached[short].mean + per_count * (token_count(dim, middle) - token_count(dim, short))


def macs_ratio(runs: list[dict]) -> float:
    """Multiply–adds of the transformer's full forward pass over the shortest context, per
    multiply–add of one LSTM step: the arithmetic that does not order the two methods."""
    lstm, tf = config_of(runs, "lstm"), config_of(runs, "transformer")
    # four gates, each reading the input and the state
    step = lstm["layers"] * 4 * lstm["hidden"] * (lstm["embed"] + lstm["hidden"])
    short, dim = cost_contexts(runs)[0], tf["dim"]
    # attention over the whole context, its L² D included, in every layer
    return tf["layers"] * (12 * dim**2 * short + 2 * short**2 * dim) / step


def step_ms(runs: list[dict]) -> dict[str, float]:
    """Each recurrent kind's mean milliseconds per generated character at the shortest
    context (one step from its state, so any context would do)."""
    short, costs = cost_contexts(runs)[0], generation_costs(runs)
    return {kind: costs[METHODS[kind]][short].mean * 1e3 for kind in ("lstm", "gru")}


def step_ms_by_run(runs: list[dict], kind: str) -> list[float]:
    """Each of ``kind``'s runs: its milliseconds per generated character at the shortest
    context, one step from its state."""
    short = cost_contexts(runs)[0]
    return [1e3 * r["scores"][f"seconds_per_char_state_L={short}"] for r in runs
            if r["config"]["kind"] == kind]


def step_ms_range(runs: list[dict], kind: str) -> tuple[float, float]:
    """The lowest and highest of :func:`step_ms_by_run`: timings vary from run to run, so a
    mean alone would hide it."""
    ms = step_ms_by_run(runs, kind)
    return min(ms), max(ms)


@claim("fig-budget-cost", says="at the typed contexts 64, 256 and 1,024 the recurrent lines are "
       "flat (growth below 1.2), every LSTM run above every GRU and cached-transformer run; the "
       "cached line rises gently (1.2 to 3), the uncached one more than tenfold, below the "
       "LSTM's at 64 characters and the slowest at every longer context", studies=FINAL)
def cost_lines(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    contexts, costs, grew = cost_contexts(runs), generation_costs(runs), growth(runs)
    slowest = {n: max(costs, key=lambda label: costs[label][n].mean) for n in contexts}
    return (contexts == [64, 256, 1024]
            and all(grew[k] < 1.2 for k in ("LSTM", "GRU"))
            and all(costs["LSTM"][n].low > max(costs["GRU"][n].high, costs[CACHED][n].high)
                    for n in contexts)
            and 1.2 < grew[CACHED] < 3 and grew[UNCACHED] > 10
            and slowest[contexts[0]] == "LSTM"
            and all(slowest[n] == UNCACHED for n in contexts[1:]))


@claim("budget-cost-nocache", says="without a cache the cost grew with the context, and at the "
       "longest context the cache made a character cheaper", studies=FINAL)
def cache_pays(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    return growth(runs)[UNCACHED] > 1 and cache_saving(runs) > 1


@claim("budget-cost-cached-grows", says="with the cache the mean cost still grows from each "
       "context length to the next", studies=FINAL)
def cached_cost_grows(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    cached = generation_costs(runs)[CACHED]
    means = [cached[n].mean for n in cost_contexts(runs)]
    return all(a < b for a, b in zip(means, means[1:], strict=False))


@claim("budget-cost-lstm-short", says="at the shortest context every LSTM run's step cost more "
       "than every uncached transformer run's full forward pass", studies=FINAL)
def lstm_step_dearer_than_a_pass(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    short, costs = cost_contexts(runs)[0], generation_costs(runs)
    return costs["LSTM"][short].low > costs[UNCACHED][short].high


@claim("budget-cost-count", says="the growth the count of multiply-adds predicts is more than "
       "the measured growth", studies=FINAL)
def count_predicts_more(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    return counted_growth(runs) > growth(runs)[CACHED]


@claim("budget-cost-middle", says="a line through the costs at the shortest and longest "
       "contexts predicts a cost at the middle context inside the range of the runs",
       studies=FINAL)
def line_predicts_middle(*halves: list[dict]) -> bool:
    runs = grid_runs(halves)
    middle = generation_costs(runs)[CACHED][cost_contexts(runs)[1]]
    return middle.low <= predicted_middle(runs) <= middle.high
