"""The figures of the equal-budget studies (Chapter 6 and Appendix C), drawn from the numbers
their cells compute, in one style per kind of model.

Each function draws on an ``Axes`` the caller made, so that a chapter's cell sets the labels
it needs and ends with ``plt.show()`` as every other figure cell does. A kind keeps its colour
(:data:`~dlbook.book.style.KIND_COLOURS`), marker and line style in every figure, so a reader
who learnt them in one figure can read the next without the legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from matplotlib.axes import Axes

from dlbook.book.claims_budget_cost import CACHED, METHODS, UNCACHED
from dlbook.book.style import KIND_COLOURS, KIND_MARKERS, KIND_NAMES

#: Each kind's line style: solid, dashed, dotted, so that the kinds part in grey print too.
KIND_LINES = {"lstm": "-", "gru": "--", "transformer": ":"}
#: The generation methods (as :data:`~dlbook.book.claims_budget_cost.METHODS` names them):
#: (line, marker, colour); the transformer's two share its colour, the uncached one dashed.
COST_STYLES = {METHODS["lstm"]: ("-", KIND_MARKERS["lstm"], KIND_COLOURS["lstm"]),
               METHODS["gru"]: ("-", KIND_MARKERS["gru"], KIND_COLOURS["gru"]),
               CACHED: ("-", KIND_MARKERS["transformer"], KIND_COLOURS["transformer"]),
               UNCACHED: ("--", "v", KIND_COLOURS["transformer"])}


def log_ticks(ax: Axes, xs: Sequence[float]) -> None:
    """A logarithmic x axis with a tick at each of ``xs`` and no minor ticks, so that each
    tick is a point where something was measured."""
    ax.set_xscale("log")
    ax.set_xticks(list(xs), [f"{x:,g}" for x in xs])
    ax.minorticks_off()


def draw_kind_bands(ax: Axes, bands: Mapping[str, Mapping], points: Sequence[float], *,
                    scale: float = 1.0) -> None:
    """For each kind of ``bands`` (``{kind: {point: Mean}}``), its mean at each of ``points``
    with the kind's line and marker, and its interval as a shaded band, at x = point x
    ``scale`` (60 seconds to the minute, say) on a logarithmic axis."""
    unknown = set(bands) - set(KIND_LINES)
    if unknown:
        raise ValueError(f"bands holds kinds without a style: {sorted(unknown)}")
    xs = [p * scale for p in points]
    for kind, by_point in bands.items():
        band = [by_point[p] for p in points]
        ax.fill_between(xs, [b.low for b in band], [b.high for b in band],
                        color=KIND_COLOURS[kind], alpha=0.2, linewidth=0)
        ax.plot(xs, [b.mean for b in band], KIND_LINES[kind], marker=KIND_MARKERS[kind],
                color=KIND_COLOURS[kind], label=KIND_NAMES[kind])
    log_ticks(ax, xs)


def characters_axis(ax: Axes, counts: Sequence[int], chars_per_update: int) -> Axes:
    """A top axis over an x axis of updates, reading the same points in millions of characters
    (every update reads ``chars_per_update``), ticked at ``counts``; returns it."""
    top = ax.secondary_xaxis("top", functions=(lambda n: n * chars_per_update / 1e6,
                                               lambda c: c * 1e6 / chars_per_update))
    millions = [n * chars_per_update / 1e6 for n in counts]
    top.set_xticks(millions, [f"{m:.2g}" for m in millions])
    top.minorticks_off()
    top.set_xlabel("characters read (millions)")
    return top


def draw_generation_costs(ax: Axes, costs: Mapping[str, Mapping], contexts: Sequence[int]
                          ) -> None:
    """Milliseconds per generated character against the context length, one line per method
    of ``costs`` (``{method: {context: seconds as a Spread}}``, methods named as in
    :data:`COST_STYLES`), both axes logarithmic."""
    for method, by_length in costs.items():
        line, marker, colour = COST_STYLES[method]
        ax.plot(contexts, [by_length[n].mean * 1e3 for n in contexts], line, marker=marker,
                color=colour, label=method)
    log_ticks(ax, contexts)
    ax.set_yscale("log")
    ax.set(xlabel="context length (characters)", ylabel="milliseconds per character")
