"""The house plotting style: one palette and one set of defaults for every figure."""

from __future__ import annotations

import matplotlib as mpl

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

#: The order in which series take colours when no role applies.
CYCLE: list[str] = [PALETTE[k] for k in ("vanilla", "lstm", "gru", "attention", "accent",
                                          "reference", "muted")]


def use_house_style() -> None:
    """Apply the house style to matplotlib (call once at the top of a chapter)."""
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
