"""Static fallbacks of the book's interactive panels, for the PDF and EPUB editions.

The five panels are Observable JS and exist only on the HTML site. Each function here draws
one panel's default state as a matplotlib figure from the dict that the matching function
of :mod:`dlbook.book.panels` returns, the very data the web panel reads, so the printed
figure and the panel cannot disagree. Keyword arguments select another state, as the
panel's controls would. The functions return the figure without showing it: the chapter's
cell ends with ``plt.show()``. Figures are 6.4 in wide with 9-10 pt text, legible when
printed about 15 cm wide.
"""

from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
from matplotlib.colors import LinearSegmentedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from dlbook.book.panels import panel_palette
from dlbook.book.style import CYCLE, LINESTYLES, MARKERS, PALETTE

WIDTH = 6.4  # inches, the house figure width
INK = PALETTE["ink"]


def _check_data(data: object, keys: tuple[str, ...], maker: str) -> None:
    if not isinstance(data, dict):
        raise TypeError(f"data must be the dict {maker}() returns, got {type(data).__name__}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise ValueError(f"data lacks the keys {missing}; pass the dict {maker}() returns")


def _check_index(name: str, value: object, count: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int index, got {value!r}")
    if not 0 <= value < count:
        raise ValueError(f"{name} must lie in 0 .. {count - 1} (the data has {count}), got {value}")


def truncation_figure(data: dict) -> Figure:
    """The truncation stepper's last beat: value and gradient at every step of both lanes.

    The stepper's first beat is empty (nothing has run yet), so the fallback draws the last
    one, where every value and every gradient is visible. One row of boxes per lane (carry,
    reset), one box per step: the top half holds how much ``h_t`` moves per unit of the
    source input, the bottom half the gradient of the last step's loss at ``x_t``, each
    shaded when non-zero. A dashed line marks the cut.
    """
    _check_data(data, ("steps", "cut", "source", "lanes", "beats"), "truncation_trace")
    beat, colours, steps, lanes = data["beats"][-1], panel_palette(), data["steps"], data["lanes"]
    fig, ax = plt.subplots(figsize=(WIDTH, 1.2 + 1.0 * len(lanes)))
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.99)
    ax.set_axis_off()
    pitch = 1.4  # vertical distance between lanes, in box heights
    for r, lane in enumerate(lanes):
        y = -r * pitch
        ax.text(-1.25, y + 0.5, f"{lane} lane", ha="left", va="center", weight="bold")
        for key, offset, fill in (("value", 0.5, colours["vanilla"]),
                                  ("gradient", 0.0, colours["lstm"])):
            ax.text(0.47, y + offset + 0.25, key, ha="right", va="center", fontsize=9)
            for t in range(1, steps + 1):
                shown = beat[key][lane][t - 1]
                shade = shown != "" and float(shown) != 0.0
                ax.add_patch(Rectangle((t - 0.45, y + offset), 0.9, 0.5, gid=f"{lane} {key} {t}",
                                       facecolor=(fill, 0.35) if shade else "none",
                                       edgecolor=INK, linewidth=0.75))
                ax.text(t, y + offset + 0.25, shown, ha="center", va="center",
                        gid=f"{lane} {key} {t}")
    for t in range(1, steps + 1):
        ax.text(t, 1.12, f"step {t}", ha="center", va="bottom", fontsize=9)
    cut_x = data["cut"] + 0.5
    bottom = -(len(lanes) - 1) * pitch - 0.1
    ax.plot([cut_x, cut_x], [bottom, 1.4], color=INK, linestyle="--", linewidth=1.5)
    ax.text(cut_x, 1.45, "cut", ha="center", va="bottom", weight="bold")
    ax.text(-1.25, bottom - 0.3, f"Top half (blue): how much $h_t$ moves per unit of "
            f"$x_{data['source']}$.\nBottom half (orange): gradient of the step-{steps} loss "
            "at $x_t$.", ha="left", va="top", fontsize=9, linespacing=1.6)
    ax.set(xlim=(-1.3, steps + 0.55), ylim=(bottom - 0.95, 1.75))
    return fig


def lstm_gate_figure(data: dict, *, forget: float = 1.0, input: float = 1.0,
                     output: float = 1.0) -> Figure:
    """One LSTM step at the gate setting ``forget``, ``input``, ``output`` (the panel opens at 1).

    Four horizontal bars, each with its value beside it: the previous cell ``c_{t-1}`` and
    the candidate ``g`` (the inputs, grey), the new cell ``c_t`` and the new hidden state
    ``h_t`` (the outputs). Every bar shares one scale, the data's ``scale``, as in the panel.
    """
    _check_data(data, ("levels", "states", "cell", "candidate", "scale"), "lstm_gate_states")
    for name, gate in (("forget", forget), ("input", input), ("output", output)):
        if isinstance(gate, bool) or not isinstance(gate, int | float):
            raise TypeError(f"{name} must be a number, got {gate!r}")
        if gate not in data["levels"]:
            raise ValueError(f"{name} must be one of the data's gate levels {data['levels']}, "
                             f"got {gate!r}")
    state = next(s for s in data["states"] if (s["f"], s["i"], s["o"]) == (forget, input, output))
    colours = panel_palette()
    rows = [("previous cell $c_{t-1}$", data["cell"], data["cell_text"], colours["muted"]),
            ("candidate $g$", data["candidate"], data["candidate_text"], colours["muted"]),
            ("new cell $c_t$", state["c"], state["c_text"], colours["lstm"]),
            ("new hidden state $h_t$", state["h"], state["h_text"], colours["vanilla"])]
    fig, ax = plt.subplots(figsize=(WIDTH, 2.5), layout="constrained")
    ax.barh(range(len(rows)), [r[1] for r in rows], height=0.6, color=[r[3] for r in rows])
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()  # the first row on top, as the panel reads
    for y, (_, value, text, _) in enumerate(rows):
        ax.text(value, y, f" {text} ", ha="left" if value >= 0 else "right",
                va="center", weight="bold")
    scale = data["scale"] or 1.0
    low = -scale if min(r[1] for r in rows) < 0 else 0.0
    ax.set_xlim(1.2 * low, 1.2 * scale)  # room for the value written past the longest bar
    ax.axvline(0.0, color=INK, linewidth=0.8)
    ax.grid(False, axis="y")
    ax.set(axisbelow=True, title=state["text"])
    return fig


def forget_decay_figure(data: dict, *, biases: tuple[float, ...] = (-1.0, 0.0, 1.0, 2.0),
                        scale: str = "log") -> Figure:
    """What survives ``k`` forget gates at rest, ``sigmoid(b_f) ** k``, for several biases.

    The panel opens at ``b_f = 0``, where its selected curve lies on its dashed grey
    reference, so a static copy of it would show one curve and hide the point the panel
    makes: a small change of bias moves what survives 80 steps by many orders of magnitude.
    The fallback draws ``biases`` together on the panel's log axis (cut at the data's
    floor, which a curve may leave, as in the panel), the ``b_f = 0`` curve always as the
    dashed grey reference, each curve with its own line style and marker, and a legend that
    quotes what survives at the horizon.
    """
    _check_data(data, ("biases", "values", "k", "gate", "final_text", "ratio_text", "floor",
                       "ticks", "horizon"), "forget_decay")
    if not (isinstance(biases, tuple | list)
            and all(isinstance(b, int | float) and not isinstance(b, bool) for b in biases)):
        raise TypeError(f"biases must be a tuple of numbers, e.g. (1.0, 2.0), got {biases!r}")
    chosen = sorted({0.0, *(float(b) for b in biases)})  # the reference is always drawn
    unknown = [b for b in chosen if b not in data["biases"]]
    if unknown:
        raise ValueError(f"biases {unknown} are not in the data's grid of biases; pick from "
                         f"{data['bias_text'][0]} .. {data['bias_text'][-1]}, e.g. 1.0")
    if len(chosen) > len(MARKERS):
        raise ValueError(f"at most {len(MARKERS)} curves (b_f = 0 included) can each have a "
                         f"marker of their own, got biases {chosen}; drop some")
    if scale not in ("log", "linear"):
        raise ValueError(f"scale must be 'log' or 'linear', got {scale!r}")
    fig, ax = plt.subplots(figsize=(WIDTH, 3.9), layout="constrained")
    # the reference keeps the panel's dashed grey; every other curve gets a style of its own
    styles = zip(CYCLE, [s for s in LINESTYLES if s != "--"] * 2, MARKERS[1:], strict=False)
    reference = (PALETTE["muted"], "--", MARKERS[0])
    for n, b in enumerate(chosen):
        j = data["biases"].index(b)
        colour, linestyle, marker = reference if b == 0.0 else next(styles)
        versus = "the reference" if b == 0.0 else f"{data['ratio_text'][j]} × $b_f = 0$"
        label = (f"$b_f$ = {data['bias_text'][j]}: {data['final_text'][j]} after "
                 f"{data['horizon']} steps ({versus})")
        # markers staggered, so that curves which start together do not stack theirs
        ax.plot(data["k"], data["values"][j], label=label, color=colour, linestyle=linestyle,
                marker=marker, markevery=(2 * n, 10), markersize=5)
    ax.set(yscale=scale, ylim=(data["floor"], 2.0) if scale == "log" else (0.0, 1.02))
    ax.set_yticks([v for v, _ in data["ticks"][scale]], [t for _, t in data["ticks"][scale]])
    ax.minorticks_off()
    ax.set(xticks=data["ticks"]["k"], xlim=(1, data["horizon"]), xlabel="steps $k$",
           ylabel=r"fraction surviving, $\sigma(b_f)^k$")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncols=1, fontsize=9)
    return fig


def gru_keep_figure(data: dict, *, index: int | None = None) -> Figure:
    """The GRU keep dial at ``keeps[index]`` (the panel opens at the middle, ``z = 0.5``).

    A number line from -1 to 1 with the old state and the candidate as grey dots, the
    segment between them (every new state any ``z`` can give), and the new state
    ``(1 - z) * n + z * h`` marked by a triangle.
    """
    _check_data(data, ("keeps", "new", "old", "candidate", "ticks", "text"), "gru_keep_dial")
    index = len(data["keeps"]) // 2 if index is None else index
    _check_index("index", index, len(data["keeps"]))
    colours = panel_palette()
    fig, ax = plt.subplots(figsize=(WIDTH, 2.0), layout="constrained")
    ends = [data["candidate"], data["old"]]
    ax.plot(ends, [0, 0], color=colours["gru"], linewidth=6, alpha=0.5, solid_capstyle="butt",
            clip_on=False)
    ax.plot(ends, [0, 0], linestyle="none", marker="o", markersize=10, gid="ends",
            color=colours["muted"], markeredgecolor=INK, clip_on=False)
    ax.plot([data["new"][index]], [0.16], linestyle="none", marker="v", markersize=12,
            gid="new", color=colours["gru"], markeredgecolor=INK, clip_on=False)
    for value, text in ((data["old"], f"old $h$ = {data['old_text']}"),
                        (data["candidate"], f"candidate $n$ = {data['candidate_text']}")):
        ax.annotate(text, xy=(value, 0.08), xytext=(value, 0.72), ha="center", va="bottom",
                    arrowprops={"arrowstyle": "-", "color": colours["muted"], "linewidth": 0.8})
    # a backing box, since at z = 0 or 1 the label sits on an end's leader line
    ax.text(data["new"][index], 0.32, f"new {data['new_text'][index]}", ha="center",
            va="bottom", weight="bold", bbox={"facecolor": "white", "edgecolor": "none"})
    ax.set(xlim=(-1.0, 1.0), ylim=(0.0, 1.1), yticks=[])
    ax.set_xticks([v for v, _ in data["ticks"]], [text for _, text in data["ticks"]])
    ax.spines["left"].set_visible(False)
    ax.grid(False)
    ax.set_title(textwrap.fill(data["text"][index], 80))
    return fig


def attention_temperature_figure(data: dict, *, temperature_index: int | None = None,
                                 row: int = 0) -> Figure:
    """Attention weights at one temperature, with one decoder step's row drawn as bars.

    On top, a heatmap of the weights (one row per decoder step, labelled ``"r: token"``, one
    column per source token, white at 0 and the attention colour at 1) with the row ``row``
    outlined; below, that row's weights as bars with their values, and its entropy in the
    title. ``temperature_index`` defaults to the data's ``default``, ``T = 1``.
    """
    _check_data(data, ("temperatures", "default", "weights", "weights_text", "source",
                       "output", "entropy_text", "max_entropy_text"), "attention_temperature_grid")
    t = data["default"] if temperature_index is None else temperature_index
    _check_index("temperature_index", t, len(data["temperatures"]))
    _check_index("row", row, len(data["output"]))
    weights, source, output = data["weights"][t], data["source"], data["output"]
    colour = panel_palette()["attention"]
    fig, (heat, bars) = plt.subplots(2, 1, figsize=(WIDTH, 2.4 + 0.22 * len(output)),
                                     height_ratios=(max(len(output), 3), 5), layout="constrained")
    cmap = LinearSegmentedColormap.from_list("attention", ["#ffffff", colour])
    image = heat.imshow(weights, cmap=cmap, vmin=0.0, vmax=1.0, aspect="auto")
    heat.add_patch(Rectangle((-0.5, row - 0.5), len(source), 1, fill=False, edgecolor=INK,
                             linewidth=2.0, clip_on=False))
    heat.set_xticks(range(len(source)), source, fontsize=9)
    heat.set_yticks(range(len(output)), [f"{r + 1}: {s}" for r, s in enumerate(output)],
                    fontsize=9)
    heat.get_yticklabels()[row].set_fontweight("bold")
    heat.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False)
    heat.grid(False)
    heat.set(ylabel="decoder step", title=f"Attention weights at T = {data['temperature_text'][t]}")
    fig.get_layout_engine().set(hspace=0.06)
    # one colour bar beside both axes keeps the heatmap's columns over the bars' columns
    fig.colorbar(image, ax=[heat, bars], label="weight", fraction=0.04, pad=0.02, shrink=0.7,
                 anchor=(0.0, 1.0))
    bars.bar(range(len(source)), weights[row], width=0.7, color=colour)
    many = len(source) > 10  # upright labels would overlap: turn them
    for s, text in enumerate(data["weights_text"][t][row]):
        bars.text(s, weights[row][s] + 0.03, text, ha="center", va="bottom", fontsize=9,
                  rotation=90 if many else 0)
    bars.set_xticks(range(len(source)), source, fontsize=9)
    bars.set(xlim=heat.get_xlim(), ylim=(0.0, 1.35 if many else 1.2), yticks=[0.0, 0.5, 1.0],
             xlabel="source token")
    bars.grid(False, axis="x")
    bars.set_axisbelow(True)
    bars.set_title(f"Decoder step {row + 1} ('{output[row]}'): entropy "
                   f"{data['entropy_text'][t][row]} nats (uniform: {data['max_entropy_text']})")
    return fig
