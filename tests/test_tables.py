"""Markdown pipe tables for computed results."""

from __future__ import annotations

import pytest

from dlbook.book.tables import pipe_table


def test_pipe_table_layout_and_number_format():
    text = pipe_table(["model", "accuracy"], [["LSTM | +1", 0.98765], ["GRU", 1.0]],
                      floatfmt=".2f")
    assert text.splitlines() == [
        "| model | accuracy |",
        "|:---------|-------------:|",
        "| LSTM \\| +1 | 0.99 |",
        "| GRU | 1.00 |",
    ]


def test_each_rule_is_as_long_as_the_room_its_column_needs_and_keeps_its_alignment():
    # the room: the longest word (a header's letters counted one and a half) or half the
    # widest cell, code's backticks not counted, plus two for the space between columns
    header = ["configuration", "n", "loss at 120 s"]
    rows = [["`transformer_4x128_ctx128_b8_lr1e-3`", 818048, "1.653 (1.644 to 1.661)"],
            ["gru", 5, "2.0"]]
    rule = pipe_table(header, rows, align=["l", "r", "c"]).splitlines()[1]
    cells = rule.strip("|").split("|")
    assert [len(c) for c in cells] == [len("transformer_4x128_ctx128_b8_lr1e-3") + 2,
                                       len("818048") + 2,
                                       len("1.653 (1.644 to 1.661)") // 2 + 2]
    assert cells[0].startswith(":") and cells[1].endswith(":")
    assert cells[2][0] == cells[2][-1] == ":"
    assert set(cells[0][1:]) == set(cells[1][:-1]) == {"-"}


def test_a_long_header_word_widens_its_column():
    narrow = pipe_table(["n"], [[1]]).splitlines()[1]
    wide = pipe_table(["parameters"], [[1]]).splitlines()[1]
    assert len(narrow) == len("|") * 2 + 4 and len(wide) == 2 + 15 + 2


def test_ragged_rows_and_bad_alignments_are_refused():
    with pytest.raises(ValueError, match="row 0 has 1 cells"):
        pipe_table(["a", "b"], [[1]])
    with pytest.raises(ValueError, match="align must hold"):
        pipe_table(["a"], [[1]], align=["x"])
