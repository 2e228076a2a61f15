"""Diagrams the chapters draw with matplotlib: pictures of a model's structure, not of data.

Each function draws on an ``Axes`` the caller made and returns the figure, so that a chapter's
cell ends with ``plt.show()`` as every other figure cell does.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from dlbook.book.style import PALETTE

#: The two halves of a pre-LayerNorm block, bottom to top: what each branch of the stream
#: passes through before it is added back.
BLOCK_HALVES = (("LayerNorm", "causal self-attention"),
                ("LayerNorm", "MLP: Linear $D\\to4D$,\nGELU, Linear $4D\\to D$"))


def draw_block(ax: Axes) -> Figure:
    """One pre-LayerNorm transformer block and its residual stream, drawn bottom to top: the
    stream as a straight arrow, and for each of :data:`BLOCK_HALVES` a branch through its boxes
    that rejoins the stream at a circle marked +."""
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 12)
    ax.axis("off")
    ink = PALETTE["ink"]
    ax.annotate("", xy=(2, 11.6), xytext=(2, 0.4), arrowprops=dict(arrowstyle="-|>", color=ink,
                                                                    lw=2))
    ax.text(1.6, 0.4, "stream $h$", ha="right", va="bottom")
    ax.text(1.6, 11.6, "to the next block", ha="right", va="top")
    for base, boxes in zip((1.2, 6.4), BLOCK_HALVES, strict=True):
        ax.annotate("", xy=(5, base + 0.4), xytext=(2, base),
                    arrowprops=dict(arrowstyle="-|>", color=ink))
        for i, label in enumerate(boxes):
            y = base + 0.4 + 1.6 * i
            ax.add_patch(plt.Rectangle((3.2, y), 3.6, 1.1, fill=False, ec=ink))
            ax.text(5, y + 0.55, label, ha="center", va="center", fontsize=9)
        top, join = base + 0.4 + 1.6 + 1.1, base + 4.2  # the branch rejoins above its boxes
        ax.annotate("", xy=(2.25, join), xytext=(5, top),
                    arrowprops=dict(arrowstyle="-|>", color=ink))
        ax.add_patch(plt.Circle((2, join), 0.25, fill=True, fc="white", ec=ink, zorder=3))
        ax.text(2, join, "+", ha="center", va="center", zorder=4)
    return ax.figure
