"""The static fallbacks of the web panels (dlbook.book.panel_figures) draw the panels' data:
every bar, line, marker, cell and number is compared with the dict the panel itself reads."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
import torch  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from dlbook.book.panel_figures import (  # noqa: E402
    attention_temperature_figure,
    forget_decay_figure,
    gru_keep_figure,
    lstm_gate_figure,
    truncation_figure,
)
from dlbook.book.panels import (  # noqa: E402
    attention_temperature_grid,
    forget_decay,
    gru_keep_dial,
    lstm_gate_states,
    truncation_trace,
)
from dlbook.book.style import series_problems  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def attention_data() -> dict:
    scores = torch.tensor([[2.0, 0.0, -1.0, 0.5],
                           [0.0, 3.0, 0.0, -0.5],
                           [1.0, 1.0, 1.0, 1.0]])
    return attention_temperature_grid(scores, source=list("abcd"), output=["x", "y", "EOS"])


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def with_gid(fig, gid: str) -> list:
    return fig.findobj(lambda artist: artist.get_gid() == gid)


# --- truncation -------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [{}, {"steps": 7, "cut": 4, "source": 1, "weight": -0.6}])
def test_truncation_figure_draws_the_last_beat_box_by_box(kwargs):
    data = truncation_trace(**{"steps": 6, "cut": 3, "source": 2, "weight": 0.5} | kwargs)
    first, last = data["beats"][0], data["beats"][-1]
    # why the fallback draws the last beat: the first shows nothing, the last everything
    assert all(v == "" for key in ("value", "gradient") for lane in data["lanes"]
               for v in first[key][lane])
    fig = truncation_figure(data)
    for lane in data["lanes"]:
        for key in ("value", "gradient"):
            for t in range(1, data["steps"] + 1):
                shown = last[key][lane][t - 1]
                assert shown != ""
                (box,) = [a for a in with_gid(fig, f"{lane} {key} {t}") if not isinstance(a, Text)]
                (label,) = [a for a in with_gid(fig, f"{lane} {key} {t}") if isinstance(a, Text)]
                assert label.get_text() == shown
                assert (box.get_facecolor()[3] > 0) == (float(shown) != 0.0), (lane, key, t)
    assert f"x_{data['source']}" in " ".join(texts(fig))


def test_truncation_cut_line_lies_between_the_boxes_either_side_of_the_cut():
    data = truncation_trace(steps=7, cut=2, source=1, weight=0.5)
    fig = truncation_figure(data)
    (ax,) = fig.axes
    (cut,) = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    before, after = (with_gid(fig, f"carry value {t}")[0] for t in (data["cut"], data["cut"] + 1))
    x = set(cut.get_xdata())
    assert len(x) == 1
    assert before.get_x() + before.get_width() < x.pop() < after.get_x()
    assert "cut" in texts(fig)


# --- LSTM gates -------------------------------------------------------------------------------

@pytest.mark.parametrize("gates", [{}, {"output": 0.0}, {"forget": 0.0, "input": 0.5}])
def test_lstm_bars_are_the_inputs_and_the_states_c_and_h(gates):
    data = lstm_gate_states(cell=1.0, candidate=-0.7, levels=(0.0, 0.5, 1.0))
    fig = lstm_gate_figure(data, **gates)
    f, i, o = (gates.get(k, 1.0) for k in ("forget", "input", "output"))
    (state,) = [s for s in data["states"] if (s["f"], s["i"], s["o"]) == (f, i, o)]
    (ax,) = fig.axes
    widths = [bar.get_width() for bar in ax.containers[0]]
    assert widths == [data["cell"], data["candidate"], state["c"], state["h"]]
    shown = [t.strip() for t in texts(fig)]
    for text in (data["cell_text"], data["candidate_text"], state["c_text"], state["h_text"]):
        assert text in shown
    assert ax.get_title() == state["text"]


# --- forget-gate decay ------------------------------------------------------------------------

@pytest.mark.parametrize("biases", [(-1.0, 0.0, 1.0, 2.0), (0.5,), (-2.0, -0.3, 1.5, 2.0)])
def test_forget_lines_are_the_datas_curves_with_the_zero_reference(biases):
    data = forget_decay(horizon=60, floor=1e-20)
    fig = forget_decay_figure(data, biases=biases)
    (ax,) = fig.axes
    lines = {line.get_label(): line for line in ax.get_lines()}
    drawn = sorted({0.0, *biases})
    assert len(lines) == len(drawn)
    for bias in drawn:
        index = data["biases"].index(bias)
        (label,) = [k for k in lines if k.startswith(f"$b_f$ = {data['bias_text'][index]}:")]
        line = lines[label]
        assert list(line.get_xdata()) == data["k"]
        assert list(line.get_ydata()) == data["values"][index]
        assert data["final_text"][index] in label
        assert (bias == 0.0) == (line.get_linestyle() == "--"), label
        if bias != 0.0:
            assert data["ratio_text"][index] in label
    assert ax.get_yscale() == "log"
    assert ax.get_ylim()[0] == pytest.approx(data["floor"])


def test_forget_linear_axis_uses_the_panels_linear_ticks():
    data = forget_decay()
    (ax,) = forget_decay_figure(data, scale="linear").axes
    assert ax.get_yscale() == "linear"
    assert [t.get_text() for t in ax.get_yticklabels()] == [s for _, s in data["ticks"]["linear"]]


# --- GRU keep dial ----------------------------------------------------------------------------

@pytest.mark.parametrize("index", [None, 0, 3, 20])
def test_gru_marker_sits_at_the_new_state_on_the_segment(index):
    data = gru_keep_dial(old=-0.4, candidate=0.9, points=21)
    fig = gru_keep_figure(data, index=index)
    chosen = len(data["keeps"]) // 2 if index is None else index
    ((marker,),) = [line.get_xdata() for line in with_gid(fig, "new")]
    assert marker == data["new"][chosen]
    (ends,) = with_gid(fig, "ends")
    assert list(ends.get_xdata()) == [data["candidate"], data["old"]]
    shown = " ".join(texts(fig))
    for text in (data["new_text"][chosen], data["old_text"], data["candidate_text"]):
        assert text in shown
    assert " ".join(fig.axes[0].get_title().split()) == data["text"][chosen]


def test_gru_default_is_the_panels_middle_setting():
    data = gru_keep_dial(old=0.8, candidate=0.3, points=21)
    title = " ".join(gru_keep_figure(data).axes[0].get_title().split())
    assert title == data["text"][10] and title.startswith("z = 0.50")


# --- attention temperature --------------------------------------------------------------------

@pytest.mark.parametrize(("temperature_index", "row"), [(None, 0), (0, 2), (13, 1)])
def test_attention_image_and_bars_are_the_weights_of_one_temperature(temperature_index, row):
    data = attention_data()
    t = data["default"] if temperature_index is None else temperature_index
    fig = attention_temperature_figure(data, temperature_index=temperature_index, row=row)
    heat, bars = fig.axes[:2]
    image = np.asarray(heat.images[0].get_array())
    np.testing.assert_array_equal(image, np.array(data["weights"][t]))
    heights = [bar.get_height() for bar in bars.containers[0]]
    assert heights == data["weights"][t][row]
    assert [x.get_text() for x in heat.get_yticklabels()] == ["1: x", "2: y", "3: EOS"]
    assert [x.get_text() for x in heat.get_xticklabels()] == data["source"]
    assert heat.get_yticklabels()[row].get_fontweight() == "bold"
    (outline,) = heat.patches
    assert outline.get_y() == row - 0.5 and outline.get_height() == 1
    shown = texts(fig)
    assert all(v in shown for v in data["weights_text"][t][row])
    assert data["entropy_text"][t][row] in bars.get_title()
    assert data["max_entropy_text"] in bars.get_title()
    assert f"T = {data['temperature_text'][t]}" in heat.get_title()


def test_attention_default_temperature_is_one():
    heat = attention_temperature_figure(attention_data()).axes[0]
    assert heat.get_title().endswith("at T = 1")


# --- all five ---------------------------------------------------------------------------------

FIGURES = {
    "truncation": lambda: truncation_figure(truncation_trace()),
    "lstm": lambda: lstm_gate_figure(lstm_gate_states()),
    "forget": lambda: forget_decay_figure(forget_decay()),
    "forget-many": lambda: forget_decay_figure(forget_decay(),
                                               biases=(-2.0, -1.0, 0.5, 1.0, 1.5, 2.0)),
    "gru": lambda: gru_keep_figure(gru_keep_dial()),
    "attention": lambda: attention_temperature_figure(attention_data()),
}


@pytest.mark.parametrize("name", FIGURES)
def test_every_figure_keeps_the_series_rule_and_saves_as_pdf(name):
    fig = FIGURES[name]()
    assert series_problems(fig) == []
    assert fig.number in plt.get_fignums(), "made outside pyplot: plt.show() would miss it"
    assert fig.get_size_inches()[0] == pytest.approx(6.4)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="pdf")
    assert buffer.getvalue().startswith(b"%PDF")


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: truncation_figure([1, 2]), TypeError, "truncation_trace"),
    (lambda: truncation_figure({"steps": 6}), ValueError, "beats"),
    (lambda: lstm_gate_figure(lstm_gate_states(), forget=0.25), ValueError, "forget"),
    (lambda: lstm_gate_figure(lstm_gate_states(), input="1"), TypeError, "input"),
    (lambda: lstm_gate_figure(gru_keep_dial()), ValueError, "lstm_gate_states"),
    (lambda: forget_decay_figure(forget_decay(), biases=(0.05,)), ValueError, "0.05"),
    (lambda: forget_decay_figure(forget_decay(biases=[1.0])), ValueError, "0.0"),
    (lambda: forget_decay_figure(forget_decay(), scale="symlog"), ValueError, "scale"),
    (lambda: forget_decay_figure(forget_decay(), biases=1.0), TypeError, "biases"),
    (lambda: forget_decay_figure(forget_decay(), biases=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)),
     ValueError, "at most"),
    (lambda: gru_keep_figure(gru_keep_dial(), index=21), ValueError, "index"),
    (lambda: gru_keep_figure(gru_keep_dial(), index=True), TypeError, "index"),
    (lambda: attention_temperature_figure(attention_data(), temperature_index=99), ValueError,
     "temperature_index"),
    (lambda: attention_temperature_figure(attention_data(), row=-1), ValueError, "row"),
    (lambda: attention_temperature_figure(gru_keep_dial()), ValueError,
     "attention_temperature_grid"),
])
def test_bad_arguments_raise_and_name_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()
