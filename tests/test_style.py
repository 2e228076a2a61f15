"""The house style's check that a figure's series differ in more than colour, and that it
covers the book: every chapter turns it on, and every figure cell ends in `plt.show()`."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from bookfiles import book_files, read_chapter  # noqa: E402
from dlbook.book import style  # noqa: E402
from dlbook.book.style import PALETTE, check_series_styles, series_problems  # noqa: E402

COLOURS = [PALETTE["vanilla"], PALETTE["lstm"], PALETTE["gru"], PALETTE["attention"]]
X = [0, 1, 2, 3]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def lines(ax, styles, labelled=True):
    for k, (colour, linestyle, marker) in enumerate(styles):
        ax.plot(X, [k] * 4, color=colour, linestyle=linestyle, marker=marker,
                label=f"series {k}" if labelled else None)


def test_three_solid_lines_in_three_colours_are_caught_and_named():
    fig, ax = plt.subplots()
    ax.set_ylabel("loss")
    lines(ax, [(c, "-", None) for c in COLOURS[:3]])
    problems = series_problems(fig)
    assert len(problems) == 3  # every pair
    assert "'series 0' and 'series 1' differ only in colour" in problems[0]
    assert "'loss'" in problems[0] and "solid line, no marker" in problems[0]
    with pytest.raises(ValueError, match="told apart only by colour"):
        check_series_styles(fig)


def test_one_pair_that_differs_only_in_colour_is_enough_to_fail():
    fig, ax = plt.subplots()
    lines(ax, [(COLOURS[0], "-", "o"), (COLOURS[1], "-", "o"), (COLOURS[2], "--", None)])
    assert len(series_problems(fig)) == 1


def test_series_that_differ_in_dashes_or_markers_pass():
    fig, ax = plt.subplots()
    lines(ax, [(COLOURS[0], "-", None), (COLOURS[1], "--", None), (COLOURS[2], "-", "o"),
               (COLOURS[3], (0, (1, 1)), None)])
    assert series_problems(fig) == []


def test_two_custom_dash_patterns_are_told_apart():
    fig, ax = plt.subplots()
    lines(ax, [(COLOURS[0], (0, (5, 1)), None), (COLOURS[1], (0, (1, 3)), None),
               (COLOURS[2], "-", None)])
    assert series_problems(fig) == []


def test_two_series_may_differ_in_colour_alone():
    fig, ax = plt.subplots()
    lines(ax, [(c, "-", None) for c in COLOURS[:2]])
    assert series_problems(fig) == []


def test_per_seed_lines_reference_lines_and_caps_are_not_series():
    fig, ax = plt.subplots()
    lines(ax, [(COLOURS[0], "-", None), (COLOURS[1], "--", None)])
    for seed in range(5):  # thin unlabelled lines in a labelled series' colour
        ax.plot(X, [seed] * 4, color=COLOURS[0], linewidth=0.5, alpha=0.4)
    ax.axhline(1.0, color=PALETTE["muted"])  # unlabelled reference lines
    ax.axvline(2.0, color=PALETTE["ink"])
    ax.errorbar([1], [1], yerr=[0.2], fmt="s", color=COLOURS[1], capsize=3)  # caps: "_"
    assert series_problems(fig) == []


def test_a_labelled_reference_line_is_a_series():
    fig, ax = plt.subplots()
    lines(ax, [(COLOURS[0], "-", None), (COLOURS[1], "--", None)])
    ax.axhline(0.5, color=PALETTE["muted"], label="chance")  # solid, like series 0
    assert len(series_problems(fig)) == 1


def test_unlabelled_groups_that_share_a_style_are_caught():
    """Runs drawn solid or dashed by outcome, one colour per model, and no legend."""
    fig, ax = plt.subplots()
    for colour in COLOURS[:3]:
        for linestyle in ("-", "--"):
            ax.plot(X, X, color=colour, linestyle=linestyle)
    assert len(series_problems(fig)) == 3
    fig, ax = plt.subplots()
    for colour, marker in zip(COLOURS[:3], "osD", strict=True):
        for linestyle in ("-", "--"):
            ax.plot(X, X, color=colour, linestyle=linestyle, marker=marker)
    assert series_problems(fig) == []


def test_each_axes_is_judged_on_its_own():
    fig, (left, right) = plt.subplots(1, 2)
    lines(left, [(c, "-", None) for c in COLOURS[:2]])
    lines(right, [(c, "-", None) for c in COLOURS[2:]])
    assert series_problems(fig) == []
    right.plot(X, X, color=COLOURS[0], label="a third series")
    assert [p.split(" (")[0] for p in series_problems(fig)] == ["axes 2"] * 3


def test_house_style_makes_plt_show_refuse_a_bad_figure():
    style.use_house_style()
    style.use_house_style()  # twice: still one check, wrapping the real show
    assert style._checked_show.original is not style._checked_show
    fig, ax = plt.subplots()
    lines(ax, [(c, "-", "o") for c in COLOURS[:3]])
    with pytest.raises(ValueError, match="'series 0' and 'series 1'"):
        plt.show()
    plt.close(fig)
    fig, ax = plt.subplots()
    lines(ax, [(c, s, None) for c, s in zip(COLOURS, style.LINESTYLES, strict=True)])
    plt.show()  # passes


@pytest.mark.parametrize("path", book_files(), ids=[p.stem for p in book_files()])
def test_every_figure_of_the_book_goes_through_the_check(path):
    chapter = read_chapter(path)
    figure_cells = [c for c in chapter.python_cells
                    if str(c.options.get("label", "")).startswith("fig-")]
    if not figure_cells:
        return
    assert "use_house_style()" in chapter.python_cells[0].source, (
        f"{path.name}: the first cell must call use_house_style(), which turns the check on")
    for cell in figure_cells:
        last = [line for line in cell.source.splitlines() if line.strip()][-1]
        assert last.strip() == "plt.show()", (
            f"{path.name}: figure cell {cell.options['label']} must end with plt.show(), "
            "where the house style checks its series")
