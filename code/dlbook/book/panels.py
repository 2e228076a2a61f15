"""The numbers behind the book's interactive panels, computed and tested in Python.

Each panel is an Observable JS cell that only selects and draws: every value it shows, and
every sentence of its transcript, comes from one function here, handed over with
:func:`ojs_data` (the same ``<script type="ojs-define">`` element as Quarto's ``ojs_define``).
It serialises with a plain ``json.dumps``, so everything returned
is built from ``dict``, ``list``, ``str``, ``int``, ``float`` and ``bool`` only, with no NaN
or infinity (``JSON.parse`` rejects them). Where a control moves, the panel gets a grid of
precomputed states and the control selects one by index.
"""

from __future__ import annotations

import json
import math

import torch

from dlbook.attention import attention_entropy, masked_softmax
from dlbook.book.style import PALETTE

#: Page backgrounds of the light (cosmo) and dark (darkly) themes in ``_quarto.yml``.
BACKGROUNDS: dict[str, str] = {"light": "#ffffff", "dark": "#222222"}

#: Palette roles the panels draw with: each keeps 3:1 contrast on both backgrounds.
PANEL_ROLES: tuple[str, ...] = ("vanilla", "lstm", "gru", "attention", "muted")


def ojs_data(**values: object) -> str:
    """The HTML that hands ``values`` to the page's OJS cells: print it from an ``asis`` cell.

    It is the ``<script type="ojs-define">`` element Quarto's own ``ojs_define`` writes, and
    the OJS runtime reads it the same way. Printed as raw HTML rather than displayed as an
    HTML output, because Quarto treats any HTML output as a JavaScript widget and then loads
    RequireJS and jQuery from a CDN into the page, which the panels do not need. Values must
    be JSON (no NaN or infinity) and no string may contain ``</``.
    """
    if not values:
        raise ValueError("ojs_data needs at least one name=value to define")
    text = json.dumps({"contents": [{"name": k, "value": v} for k, v in values.items()]},
                      allow_nan=False)
    if "</" in text:
        raise ValueError("ojs_data values must not contain '</' (it would end the <script>)")
    return f'\n<script type="ojs-define">{text}</script>\n'


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours, from 1 (same) to 21 (black on white)."""
    for name, colour in (("first", first), ("second", second)):
        if not (isinstance(colour, str) and len(colour) == 7 and colour.startswith("#")):
            raise ValueError(f"{name} must be a '#rrggbb' colour, got {colour!r}")
    high, low = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def panel_palette() -> dict[str, str]:
    """The house colours the panels use; text and axes use the theme's own ``currentColor``."""
    return {role: PALETTE[role] for role in PANEL_ROLES}


def _fmt(value: float) -> str:
    return f"{value:.3g}"


def truncation_trace(*, steps: int = 6, cut: int = 3, source: int = 2,
                     weight: float = 0.5) -> dict:
    """What crosses a cut after step ``cut`` in two lanes running ``h_t = weight * h_{t-1} + x_t``.

    The *carry* lane hands its state across the cut detached (truncated BPTT); the *reset*
    lane restarts from zero (fixed windows). ``value[lane][t-1]`` is how much ``h_t`` moves
    per unit change of the input at step ``source`` (measured by perturbing it, since a
    detached state hides the dependence from autograd), and ``gradient[lane][t-1]`` is
    ``d loss / d x_t`` for the loss ``h_steps`` at the last step (by autograd). ``beats`` is
    the Previous/Next sequence the panel steps through: a start, a forward pass carrying the
    value, a backward pass carrying the gradient; each beat lists what is visible per lane.
    """
    if not (isinstance(steps, int) and isinstance(cut, int) and isinstance(source, int)):
        raise TypeError("steps, cut and source must be ints")
    if not 1 <= source <= cut < steps:
        raise ValueError(f"need 1 <= source <= cut < steps, got source={source}, cut={cut}, "
                         f"steps={steps}; put the source before the cut and the cut inside")
    if not 0.0 < abs(weight) < 1.0:
        raise ValueError(f"weight must satisfy 0 < |weight| < 1, got {weight!r}")

    def run(x: torch.Tensor, carry: bool) -> list[torch.Tensor]:
        h, states = torch.zeros((), dtype=torch.float64), []
        for t in range(steps):
            if t == cut:  # the cut: keep the value (detached) or start again from zero
                h = h.detach() if carry else torch.zeros_like(h)
            h = weight * h + x[t]
            states.append(h)
        return states

    lanes = {"carry": True, "reset": False}
    value, gradient = {}, {}
    for lane, carry in lanes.items():
        x = torch.ones(steps, dtype=torch.float64, requires_grad=True)
        bumped = x.detach().clone()
        bumped[source - 1] += 1.0
        with torch.no_grad():
            value[lane] = [(b - a).item() for a, b in zip(run(x, carry), run(bumped, carry),
                                                          strict=True)]
        (grad,) = torch.autograd.grad(run(x, carry)[-1], x)
        gradient[lane] = grad.tolist()

    fresh = {"carry": "starts from the carried state", "reset": "starts again from zero"}
    beats = [{"phase": "start", "step": 0, "value": {k: [""] * steps for k in lanes},
              "gradient": {k: [""] * steps for k in lanes},
              "text": f"Before stepping: both lanes will read {steps} inputs; the cut lies "
                      f"between step {cut} and step {cut + 1}."}]
    for t in range(1, steps + 1):
        parts = []
        for lane in lanes:
            moved = value[lane][t - 1]
            how = f" ({fresh[lane]})" if t == cut + 1 else ""
            parts.append(f"{lane} lane: h{t}{how} moves by {_fmt(moved)} per unit of x{source}")
        beats.append({"phase": "forward", "step": t,
                      "value": {k: [_fmt(v) if s < t else "" for s, v in enumerate(value[k])]
                                for k in lanes},
                      "gradient": {k: [""] * steps for k in lanes},
                      "text": f"Forward, step {t}: " + "; ".join(parts) + "."})
    for t in range(steps, 0, -1):
        parts = [f"{lane} lane: the gradient of the step-{steps} loss at x{t} is "
                 f"{_fmt(gradient[lane][t - 1])}" for lane in lanes]
        if t == cut:
            parts[-1] += ": in both lanes the backward pass stopped at the cut"
        beats.append({"phase": "backward", "step": t,
                      "value": {k: [_fmt(v) for v in value[k]] for k in lanes},
                      "gradient": {k: [_fmt(g) if s >= t - 1 else "" for s, g in
                                       enumerate(gradient[k])] for k in lanes},
                      "text": f"Backward, step {t}: " + "; ".join(parts) + "."})
    return {"steps": steps, "cut": cut, "source": source, "lanes": list(lanes),
            "value": value, "gradient": gradient, "beats": beats}


def forget_decay(*, biases: list[float] | None = None, horizon: int = 80,
                 floor: float = 1e-25) -> dict:
    """``sigmoid(b_f) ** k`` for ``k = 1 .. horizon``: what survives ``k`` steps of one forget gate.

    With the gate held at ``sigmoid(b_f)`` (no input pushing it), the cell keeps that
    fraction of a stored value per step. ``biases`` defaults to -2 .. +2 in steps of 0.1
    (0 included exactly). ``ratio`` compares the value at ``k = horizon`` with ``b_f = 0``;
    ``floor`` is where the panel's log axis stops.
    """
    if biases is None:
        biases = [round(0.1 * i, 1) for i in range(-20, 21)]
    biases = [float(b) for b in biases]
    if not biases or not all(math.isfinite(b) and abs(b) <= 20 for b in biases):
        raise ValueError(f"biases must be a non-empty list of finite values in [-20, 20], "
                         f"got {biases!r}")
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
        raise ValueError(f"horizon must be a positive int, got {horizon!r}")
    if not 0.0 < floor < 1.0:
        raise ValueError(f"floor must lie in (0, 1), got {floor!r}")
    gate = torch.sigmoid(torch.tensor(biases, dtype=torch.float64))
    k = torch.arange(1, horizon + 1, dtype=torch.float64)
    values = gate[:, None] ** k[None, :]
    reference = 0.5 ** horizon  # sigmoid(0) ** horizon
    final = values[:, -1].tolist()
    texts = [f"b_f = {b:+.1f}: the gate is {g:.3f}; after {horizon} steps {_fmt(v)} survives, "
             f"{_fmt(v / reference)} times the value at b_f = 0."
             for b, g, v in zip(biases, gate.tolist(), final, strict=True)]
    log_ticks = [10.0 ** -e for e in range(0, 26, 5) if 10.0 ** -e >= floor]
    return {"biases": biases, "bias_text": [f"{b:+.1f}" for b in biases],
            "k": k.int().tolist(), "gate": gate.tolist(),
            "values": [[float(f"{v:.4g}") for v in row] for row in values.tolist()],
            "final": final,
            "final_text": [_fmt(v) for v in final],
            "ratio_text": [_fmt(v / reference) for v in final], "floor": floor,
            "floor_text": f"{floor:.0e}", "horizon": horizon, "text": texts,
            "ticks": {"k": sorted({1, *range(20, horizon + 1, 20), horizon}),
                      "linear": [[v, f"{v:g}"] for v in (0.0, 0.5, 1.0)],
                      "log": [[v, f"{v:.0e}" if v < 1 else "1"] for v in log_ticks]}}


def lstm_gate_states(*, cell: float = 1.0, candidate: float = 0.5,
                     levels: tuple[float, ...] = (0.0, 0.5, 1.0)) -> dict:
    """One LSTM step ``c = f * cell + i * candidate``, ``h = o * tanh(c)`` for every gate setting.

    Each of the forget, input and output gates takes each value in ``levels``. The output
    gate appears only in ``h``: closing it hides the memory from the rest of the network
    without erasing it from the cell.
    """
    for name, v in (("cell", cell), ("candidate", candidate)):
        if not math.isfinite(v):
            raise ValueError(f"{name} must be finite, got {v!r}")
    if not levels or not all(0.0 <= g <= 1.0 for g in levels):
        raise ValueError(f"levels must be gate values in [0, 1], got {levels!r}")
    states = []
    for f in levels:
        for i in levels:
            for o in levels:
                c = f * cell + i * candidate
                h = o * math.tanh(c)
                states.append({"f": f, "i": i, "o": o, "c": c, "h": h, "c_text": _fmt(c),
                               "h_text": _fmt(h),
                               "text": f"forget {f:g}, input {i:g}, output {o:g}: "
                                       f"new cell c = {_fmt(c)}, hidden state h = {_fmt(h)}."})
    return {"cell": cell, "candidate": candidate, "cell_text": _fmt(cell),
            "candidate_text": _fmt(candidate), "levels": [float(g) for g in levels],
            "level_text": [f"{g:g}" for g in levels],
            "scale": max(abs(v) for s in states for v in (s["c"], s["h"], cell, candidate)),
            "states": states}


def gru_keep_dial(*, old: float = 0.8, candidate: float = 0.3, points: int = 21) -> dict:
    """PyTorch's GRU update ``h' = (1 - z) * n + z * h`` for ``z`` from 0 to 1 in ``points`` steps.

    ``z`` is the keep gate: ``z = 1`` returns the old state ``h``, ``z = 0`` the candidate
    ``n``, and every ``z`` in between lands on the segment joining them.
    """
    for name, v in (("old", old), ("candidate", candidate)):
        if not (math.isfinite(v) and -1.0 <= v <= 1.0):
            raise ValueError(f"{name} must lie in [-1, 1] (a tanh state), got {v!r}")
    if isinstance(points, bool) or not isinstance(points, int) or points < 2:
        raise ValueError(f"points must be an int >= 2, got {points!r}")
    keeps = [round(j / (points - 1), 6) for j in range(points)]
    news = [(1 - z) * candidate + z * old for z in keeps]
    return {"old": old, "candidate": candidate, "old_text": f"{old:.2f}",
            "candidate_text": f"{candidate:.2f}", "keeps": keeps,
            "keep_text": [f"{z:.2f}" for z in keeps], "new": news,
            "ticks": [[v, f"{v:g}"] for v in (-1.0, -0.5, 0.0, 0.5, 1.0)],
            "new_text": [f"{v:.3f}" for v in news],
            "text": [f"z = {z:.2f}: new state {v:.3f}, keeping {z:.0%} of the old {old:g} and "
                     f"taking {1 - z:.0%} of the candidate {candidate:g}."
                     for z, v in zip(keeps, news, strict=True)]}


def attention_temperature_grid(scores: object, *, source: list[str], output: list[str],
                               temperatures: list[float] | None = None) -> dict:
    """Softmax of raw attention ``scores`` (decoder steps x encoder positions) at each temperature.

    ``temperatures`` defaults to a log-spaced grid from 0.1 to 5 that contains 1 (the
    temperature the model was trained at). Weights come from
    :func:`dlbook.attention.masked_softmax` and entropies (nats) from
    :func:`dlbook.attention.attention_entropy`, the functions the chapter's model uses.
    """
    scores_t = torch.as_tensor(scores, dtype=torch.float64).detach().cpu()
    if scores_t.dim() != 2 or 0 in scores_t.shape:
        raise ValueError(f"scores must be a non-empty 2-D array (decoder steps x encoder "
                         f"positions), got shape {tuple(scores_t.shape)}")
    if not bool(torch.isfinite(scores_t).all()):
        raise ValueError("scores must be finite; pass the raw scores of real positions only")
    rows, cols = scores_t.shape
    for name, tokens, n in (("source", source, cols), ("output", output, rows)):
        if not (isinstance(tokens, list) and all(isinstance(s, str) for s in tokens)):
            raise TypeError(f"{name} must be a list of str tokens, got {tokens!r}")
        if len(tokens) != n or any("</" in s for s in tokens):
            raise ValueError(f"{name} needs {n} tokens to match scores {tuple(scores_t.shape)} "
                             f"(and none containing '</'), got {len(tokens)}")
    if temperatures is None:
        temperatures = [round(10 ** (j / 8 - 1), 3) for j in range(9)]  # 0.1 .. 1
        temperatures += [round(5 ** (j / 5), 3) for j in range(1, 6)]  # 1 .. 5
    if not temperatures or not all(math.isfinite(t) and t > 0 for t in temperatures):
        raise ValueError(f"temperatures must be positive and finite, got {temperatures!r}")
    mask = torch.ones_like(scores_t, dtype=torch.bool)
    weights, entropy, text = [], [], []
    for t in temperatures:
        w = masked_softmax(scores_t, mask, temperature=float(t))
        e = attention_entropy(w)
        weights.append(w.tolist())
        entropy.append(e.tolist())
        top = w.argmax(dim=-1).tolist()
        text.append([f"T = {t:g}, output {r + 1} '{output[r]}': heaviest weight "
                     f"{w[r, top[r]].item():.2f} on source {top[r] + 1} '{source[top[r]]}', "
                     f"entropy {e[r].item():.2f} nats." for r in range(rows)])
    return {"temperatures": [float(t) for t in temperatures],
            "temperature_text": [f"{t:g}" for t in temperatures],
            "default": min(range(len(temperatures)), key=lambda j: abs(math.log(temperatures[j]))),
            "weights_text": [[[f"{v:.2f}" for v in row] for row in w] for w in weights],
            "source": source,
            "output": output, "weights": weights, "entropy": entropy,
            "entropy_text": [[f"{v:.2f}" for v in row] for row in entropy],
            "max_entropy": math.log(cols), "max_entropy_text": f"{math.log(cols):.2f}",
            "text": text}
