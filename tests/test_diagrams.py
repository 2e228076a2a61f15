"""The chapters' diagrams (dlbook.book.diagrams) draw what their captions and alt text say."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Circle, Rectangle  # noqa: E402

from dlbook.book.diagrams import BLOCK_HALVES, draw_block  # noqa: E402


def test_the_block_has_a_labelled_box_per_step_and_a_join_per_half_bottom_to_top():
    fig, ax = plt.subplots()
    try:
        assert draw_block(ax) is fig
        boxes = sorted((p for p in ax.patches if isinstance(p, Rectangle)), key=lambda p: p.get_y())
        joins = sorted((p for p in ax.patches if isinstance(p, Circle)), key=lambda p: p.center[1])
        texts = {t.get_position(): t.get_text() for t in ax.texts}
        centres = [(b.get_x() + b.get_width() / 2, b.get_y() + b.get_height() / 2) for b in boxes]
        # the boxes, read bottom to top, hold the steps in the order the stream meets them
        assert [texts.get(c) for c in centres] == [step for half in BLOCK_HALVES for step in half]
        assert len(joins) == len(BLOCK_HALVES)
        for i, join in enumerate(joins):  # above its own half's boxes, below the next half's
            assert join.center[1] > boxes[2 * i + 1].get_y() + boxes[2 * i + 1].get_height()
            if i + 1 < len(joins):
                assert join.center[1] < boxes[2 * i + 2].get_y()
            assert texts.get(join.center) == "+"
        assert "stream $h$" in texts.values()
        # as the caption says: attention in the first half, the MLP in the second
        assert "attention" in BLOCK_HALVES[0][1] and BLOCK_HALVES[1][1].startswith("MLP")
    finally:
        plt.close(fig)
