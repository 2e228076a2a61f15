"""The equal-budget figures (dlbook.book.budget_figures) draw the numbers they are given, at
the points they are given, in each kind's style."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

from dlbook.book import budget_figures as figures  # noqa: E402
from dlbook.book.claims_budget_cost import CACHED, METHODS, UNCACHED  # noqa: E402
from dlbook.book.style import KIND_COLOURS, KIND_NAMES  # noqa: E402
from dlbook.stats import Mean  # noqa: E402
from dlbook.studies.budget_results import Spread  # noqa: E402

POINTS = [60, 120, 600]
BANDS = {"lstm": {60: Mean(2.0, 5, 1.9, 2.1), 120: Mean(1.8, 5, 1.7, 1.9),
                  600: Mean(1.5, 5, 1.45, 1.55)},
         "transformer": {60: Mean(2.4, 5, 2.3, 2.5), 120: Mean(2.1, 5, 2.0, 2.2),
                         600: Mean(1.7, 5, 1.6, 1.8)}}


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_each_kind_gets_its_means_at_the_scaled_points_and_a_band_of_its_interval(ax):
    figures.draw_kind_bands(ax, BANDS, POINTS, scale=1 / 60)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {KIND_NAMES[k] for k in BANDS}
    for kind, by_point in BANDS.items():
        line = lines[KIND_NAMES[kind]]
        assert np.allclose(line.get_xdata(), [1, 2, 10])
        assert list(line.get_ydata()) == [by_point[p].mean for p in POINTS]
        assert line.get_linestyle() == figures.KIND_LINES[kind]
        assert to_rgba(line.get_color()) == to_rgba(KIND_COLOURS[kind])
    # one shaded band per kind, spanning exactly its interval at every point
    assert len(ax.collections) == len(BANDS)
    for band, by_point in zip(ax.collections, BANDS.values(), strict=True):
        ys = band.get_paths()[0].vertices[:, 1]
        assert np.isclose(ys.min(), min(b.low for b in by_point.values()))
        assert np.isclose(ys.max(), max(b.high for b in by_point.values()))
    assert ax.get_xscale() == "log"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "10"]


def test_a_kind_without_a_style_is_refused(ax):
    with pytest.raises(ValueError, match="without a style"):
        figures.draw_kind_bands(ax, {"mamba": BANDS["lstm"]}, POINTS)


def test_the_characters_axis_reads_updates_as_millions_of_characters(ax):
    ax.plot([250, 4000], [1, 2])
    top = figures.characters_axis(ax, [250, 4000], chars_per_update=1024)
    assert [t.get_text() for t in top.get_xticklabels()] == ["0.26", "4.1"]
    assert top.get_xlabel() == "characters read (millions)"


def test_every_generation_method_is_drawn_in_milliseconds_in_its_style(ax):
    contexts = [64, 256, 1024]
    costs = {method: {n: Spread(i * 1e-3 + n * 1e-6, 0.0, 1.0, 5) for n in contexts}
             for i, method in enumerate(METHODS.values(), start=1)}
    figures.draw_generation_costs(ax, costs, contexts)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == set(METHODS.values())
    for method, by_length in costs.items():
        assert np.allclose(lines[method].get_ydata(), [by_length[n].mean * 1e3 for n in contexts])
    # the transformer's two methods share its colour; only the one without a cache is dashed
    assert lines[CACHED].get_color() == lines[UNCACHED].get_color()
    assert [lines[m].get_linestyle() for m in (CACHED, UNCACHED)] == ["-", "--"]
    assert ax.get_xscale() == ax.get_yscale() == "log"
