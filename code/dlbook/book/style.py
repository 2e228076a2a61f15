"""The house plotting style: one palette and one set of defaults for every figure, and a
check that a figure's series can be told apart without colour (:func:`series_problems`)."""

from __future__ import annotations

from itertools import combinations

import matplotlib as mpl
import matplotlib.pyplot as plt
from matplotlib import colors as mcolors
from matplotlib._pylab_helpers import Gcf
from matplotlib.container import ErrorbarContainer

#: Colour-blind-safe colours (Okabe and Ito), named by the role they play in the book.
PALETTE: dict[str, str] = {
    "vanilla": "#0072B2",  # the vanilla RNN, and the default series
    "lstm": "#D55E00",
    "gru": "#009E73",
    "attention": "#CC79A7",
    "accent": "#E69F00",
    "reference": "#56B4E9",
    "muted": "#7F7F7F",
    "ink": "#222222",
}

#: Chapter 6's three kinds of model as its tables name them, and their colours and markers
#: (a marker for each, so that no figure relies on colour alone).
KIND_NAMES = {"lstm": "LSTM", "gru": "GRU", "transformer": "transformer"}
KIND_COLOURS = {"lstm": PALETTE["lstm"], "gru": PALETTE["gru"], "transformer": PALETTE["attention"]}
KIND_MARKERS = {"lstm": "o", "gru": "s", "transformer": "^"}

#: The order in which series take colours when no role applies.
CYCLE: list[str] = [PALETTE[k] for k in ("vanilla", "lstm", "gru", "attention", "accent",
                                          "reference", "muted")]


#: Line styles and markers to give series in turn, so that they differ in more than colour.
LINESTYLES: list[str] = ["-", "--", ":", "-."]
MARKERS: list[str] = ["o", "s", "^", "D", "v", "P", "X"]


def _style(line) -> tuple:
    """What tells a line apart besides its colour: its dash pattern and its marker."""
    linestyle, marker = line.get_linestyle(), line.get_marker()
    linestyle = "None" if linestyle in ("", " ", None) else linestyle
    # get_linestyle() calls every custom dash pattern "--"; the pattern tells them apart.
    dashes = getattr(line, "_unscaled_dash_pattern", None)
    if linestyle not in ("-", "None") and dashes is not None and dashes[1]:
        linestyle = "dashes " + " ".join(f"{d:g}" for d in dashes[1])
    return linestyle, "None" if marker in ("", " ", None) else marker


def _describe(style: tuple) -> str:
    linestyle, marker = style
    line = {"-": "a solid line", "None": "no line"}.get(linestyle, f"a line of {linestyle}")
    return f"{line}, {'no marker' if marker == 'None' else f'marker {marker!r}'}"


def _series(ax) -> dict[str, tuple[str, set[tuple]]]:
    """The series of one Axes: name -> (colour, the styles that identify it).

    A labelled line is a legend entry, so a series of its own (lines that share a label are
    one series); an unlabelled line in data coordinates of the same colour as a labelled
    line belongs to that series (per-seed lines, a run's chosen point) and does not change
    how it is identified. Unlabelled lines of any other colour form one series per colour.
    Unlabelled reference lines (``axhline``, ``axvline``, ``axline``: not in data
    coordinates) and errorbar caps are not series. Scatter plots, bars and images are not
    checked.
    """
    caps = {id(cap) for c in ax.containers if isinstance(c, ErrorbarContainer)
            for cap in c.lines[1]}
    lines = [line for line in ax.get_lines() if line.get_visible() and id(line) not in caps
             and len(line.get_xdata()) and _style(line) != ("None", "None")]
    colour = {id(line): mcolors.to_hex(line.get_color()) for line in lines}
    found: dict[str, tuple[str, set[tuple]]] = {}
    for line in lines:
        label = str(line.get_label())
        if label and not label.startswith("_"):
            found.setdefault(label, (colour[id(line)], set()))[1].add(_style(line))
    labelled_colours = {c for c, _ in found.values()}
    for line in lines:
        label = str(line.get_label())
        in_data = line.get_transform() is ax.transData and type(line).__name__ != "AxLine"
        if (label and not label.startswith("_")) or not in_data:
            continue
        if colour[id(line)] not in labelled_colours:
            name = f"the unlabelled lines in {colour[id(line)]}"
            found.setdefault(name, (colour[id(line)], set()))[1].add(_style(line))
    return found


def series_problems(fig) -> list[str]:
    """Where a figure's line series can be told apart only by colour; empty when none.

    The rule: on any Axes with more than two series (see :func:`_series` for what counts),
    no two series may share a line style and marker, so that every series differs from
    every other in its dashes or its marker, not only in its colour. A reader who cannot
    tell the palette's colours apart (or reads a grey print) can then still match each line
    to its legend entry. One or two series may differ in colour alone: the book's captions
    and legends name them, and two lines are easy to follow by position.
    """
    problems = []
    for number, ax in enumerate(fig.get_axes(), start=1):
        series = _series(ax)
        if len(series) <= 2:
            continue
        where = ax.get_title() or ax.get_ylabel() or "untitled"
        for (a, (_, styles_a)), (b, (_, styles_b)) in combinations(series.items(), 2):
            shared = styles_a & styles_b
            if shared:
                problems.append(
                    f"axes {number} ({where!r}): {a!r} and {b!r} differ only in colour "
                    f"(both {_describe(min(shared, key=str))})")
    return problems


def check_series_styles(fig) -> None:
    """Raise ``ValueError`` naming every pair of series that differ only in colour."""
    problems = series_problems(fig)
    if problems:
        raise ValueError(
            "this figure has more than two series told apart only by colour; give each "
            "series its own line style or marker (dlbook.book.style.LINESTYLES, MARKERS):\n  "
            + "\n  ".join(problems))


def _checked_show(*args, **kwargs):
    """``plt.show`` that first checks every open figure with :func:`check_series_styles`."""
    for manager in Gcf.get_all_fig_managers():
        check_series_styles(manager.canvas.figure)
    return _checked_show.original(*args, **kwargs)


def use_house_style() -> None:
    """Apply the house style to matplotlib (call once at the top of a chapter).

    It also makes ``plt.show()`` check every open figure with :func:`check_series_styles`
    before showing it: every figure cell of the book ends with ``plt.show()``, so a chapter
    whose figure tells more than two series apart only by colour fails to render.
    """
    if plt.show is not _checked_show:
        _checked_show.original = plt.show
        plt.show = _checked_show
    mpl.rcParams.update(
        {
            "figure.figsize": (6.4, 3.6),
            "figure.dpi": 110,
            "savefig.dpi": 150,
            "figure.facecolor": "white",
            "axes.facecolor": "white",
            "axes.edgecolor": PALETTE["ink"],
            "axes.labelcolor": PALETTE["ink"],
            "axes.prop_cycle": mpl.cycler(color=CYCLE),
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.color": "#DDDDDD",
            "grid.linewidth": 0.6,
            "font.size": 10,
            "axes.titlesize": 10,
            "legend.frameon": False,
            "lines.linewidth": 1.8,
            "image.cmap": "viridis",
        }
    )
