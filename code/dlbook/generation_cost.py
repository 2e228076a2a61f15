"""What one generated character costs: seconds per character against the length of context.

A recurrent model carries its state, so each new character costs one step whatever came
before it (O(1) in the context). A transformer either re-reads its whole window for every
character (no cache: a forward pass over ``L`` tokens), or keeps the keys and values of the
past (:class:`~dlbook.transformer.KVCache`) and reads only the newest token: its keys and
values are written into the cache's next slot, copying nothing, but its query still attends
to all ``L`` positions, so each layer reads O(L) keys and values per character (O(L) like
the re-read, with a much smaller constant).

The cost depends on the model's shapes, not on its trained weights, so Chapter 6's study
measures a freshly initialised model of each configured shape
(:func:`dlbook.studies.budget_study.measure_generation_cost`); a transformer gets a position
table long enough for the longest context measured (1,024 positions where its training used
128 or 256), which changes nothing per position but the table's length. Measure on one
thread (``torch.set_num_threads(1)``, as ``python -m dlbook.studies run`` does by default).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

import torch

from dlbook._checks import positive_int
from dlbook.device import make_generator

#: Context lengths at which Chapter 6 measures the cost, and how it measures.
COST_CONTEXTS = (64, 256, 1024)
COST_CHARS = 32
COST_REPEATS = 7
COST_TEMPERATURE = 0.8


def _draw(logits: torch.Tensor, generator: torch.Generator) -> int:
    """Sample the next character as generation does (temperature, then a seeded draw)."""
    probs = torch.softmax(logits[0, -1].float().cpu() / COST_TEMPERATURE, dim=-1)
    return int(torch.multinomial(probs, 1, generator=generator))


def _one_character(model: torch.nn.Module, method: str, ids: torch.Tensor,
                   generator: torch.Generator) -> Callable[[], int]:
    """Read the first ``L - 1`` tokens of ``ids`` (untimed) and return a function that
    generates the ``L``-th character's successor with ``method``, always from that point."""
    from dlbook.transformer import KVCache

    if method == "state":  # the state after L - 1 tokens; one step reads the last one
        _, state = model(ids[:, :-1])
        return lambda: _draw(model(ids[:, -1:], state)[0], generator)
    if method == "no-cache":  # the whole window of L tokens, every time
        return lambda: _draw(model(ids), generator)
    cache = KVCache(len(model.blocks))
    model(ids[:, :-1], cache)

    def step() -> int:
        cache.truncate(ids.shape[1] - 1)  # back to L - 1 cached tokens: every step sees L in all
        return _draw(model(ids[:, -1:], cache), generator)

    return step


@torch.no_grad()
def generation_cost(model: torch.nn.Module, *, vocab: int,
                    contexts: Sequence[int] = COST_CONTEXTS, chars: int = COST_CHARS,
                    repeats: int = COST_REPEATS, seed: int = 0) -> dict[str, dict[int, float]]:
    """Seconds per generated character of ``model`` at each context length.

    ``model`` is a character model of :mod:`dlbook.charlm` (it carries a state) or a
    :class:`~dlbook.transformer.CharTransformer` with at least ``max(contexts)`` positions;
    it is measured where its parameters are, in evaluation mode. At context length ``L``
    the model has read ``L - 1`` random tokens and generates one more character from ``L``
    tokens of context: a recurrent model with one step from its
    carried state (method ``"state"``), a transformer with one token against ``L - 1``
    cached keys and values (``"cache"``) or with a forward pass over all ``L`` tokens
    (``"no-cache"``). Each repeat times ``chars`` such characters, sampling included, and
    the cost is the median over ``repeats`` of their mean. Returns ``{method: {L: s}}``.
    """
    from dlbook.transformer import CharTransformer

    contexts = [positive_int(f"contexts[{i}]", c) for i, c in enumerate(contexts)]
    if not contexts or min(contexts) < 2:
        raise ValueError(f"contexts must be context lengths >= 2 (one token read, one fed), "
                         f"got {contexts}")
    positive_int("chars", chars)
    positive_int("repeats", repeats)
    transformer = isinstance(model, CharTransformer)
    if transformer and model.context < max(contexts):
        raise ValueError(f"the transformer has {model.context} positions but contexts reach "
                         f"{max(contexts)}; build it with context={max(contexts)}")
    device = next(model.parameters()).device
    model.eval()
    generator = make_generator(seed)
    costs: dict[str, dict[int, float]] = {m: {} for m in (
        ("cache", "no-cache") if transformer else ("state",))}
    for length in contexts:
        ids = torch.randint(0, vocab, (1, length), generator=generator).to(device)
        for method, by_length in costs.items():
            step = _one_character(model, method, ids, generator)
            means = []
            for _ in range(repeats):
                began = time.perf_counter()
                for _ in range(chars):
                    step()
                means.append((time.perf_counter() - began) / chars)
            by_length[length] = statistics.median(means)
    return costs


def cost_scores(costs: dict[str, dict[int, float]]) -> dict[str, float]:
    """:func:`generation_cost`'s result as a record's named scores, e.g.
    ``seconds_per_char_no-cache_L=1024``."""
    return {f"seconds_per_char_{method}_L={length}": seconds
            for method, by_length in costs.items() for length, seconds in by_length.items()}
