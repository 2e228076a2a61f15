"""Markdown pipe tables for computed results."""

from __future__ import annotations

import pytest

from dlbook.book.tables import pipe_table


def test_pipe_table_layout_and_number_format():
    text = pipe_table(["model", "accuracy"], [["LSTM | +1", 0.98765], ["GRU", 1.0]],
                      floatfmt=".2f")
    assert text.splitlines() == [
        "| model | accuracy |",
        "|:---|---:|",
        "| LSTM \\| +1 | 0.99 |",
        "| GRU | 1.00 |",
    ]


def test_ragged_rows_and_bad_alignments_are_refused():
    with pytest.raises(ValueError, match="row 0 has 1 cells"):
        pipe_table(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="align must hold"):
        pipe_table(["a"], [[1]], align=["x"])
