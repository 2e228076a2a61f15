"""The panels' numbers (dlbook.panels) and the panel fragments (book/_panel-*.qmd)."""

from __future__ import annotations

import json
import math
import re

import pytest
import torch

from bookfiles import BOOK, read_chapter
from dlbook.panels import (
    BACKGROUNDS,
    attention_temperature_grid,
    contrast_ratio,
    forget_decay,
    gru_keep_dial,
    lstm_gate_states,
    panel_palette,
    truncation_trace,
)

FRAGMENTS = sorted(BOOK.glob("_panel-*.qmd"))
PANELS = [p for p in FRAGMENTS if p.name != "_panel-helpers.qmd"]
PREFIX = {"_panel-helpers.qmd": "ph", "_panel-truncation.qmd": "trunc",
          "_panel-forget.qmd": "forget", "_panel-output-gate.qmd": "ogate",
          "_panel-gru-dial.qmd": "gru", "_panel-attention.qmd": "attn"}


def strict_json(value: object) -> str:
    """What Quarto's ojs_define does: plain json.dumps, and JSON.parse must accept it."""
    text = json.dumps(value, allow_nan=False)
    assert "</" not in text, "the JSON lands inside a <script> element"
    return text


def example_scores() -> torch.Tensor:
    return torch.randn(5, 7, generator=torch.Generator().manual_seed(0)) * 3


# --- the quoted values ------------------------------------------------------------------------

@pytest.mark.parametrize("bias, expected", [(0.0, "8.27e-25"), (1.0, "1.31e-11"),
                                            (2.0, "3.89e-05")])
def test_eighty_forget_gates_at_the_quoted_biases(bias, expected):
    data = forget_decay()
    j = data["biases"].index(bias)
    assert data["final_text"][j] == expected
    assert math.isclose(data["final"][j], (1 / (1 + math.exp(-bias))) ** 80, rel_tol=1e-12)
    assert math.isclose(data["values"][j][-1], float(expected), rel_tol=1e-2)


def test_forget_grid_runs_from_minus_two_to_two_and_ratio_is_against_zero():
    data = forget_decay()
    assert data["biases"][0] == -2.0 and data["biases"][-1] == 2.0 and 0.0 in data["biases"]
    assert data["k"] == list(range(1, 81)) and data["floor"] == 1e-25
    assert data["ratio_text"][data["biases"].index(0.0)] == "1"
    assert all(v > w for row in data["values"] for v, w in zip(row, row[1:], strict=False))
    assert data["ticks"]["log"][-1][0] >= data["floor"]


def test_gru_dial_lands_on_the_segment_and_quotes_055_at_half():
    data = gru_keep_dial(old=0.8, candidate=0.3)
    j = data["keeps"].index(0.5)
    assert math.isclose(data["new"][j], 0.55) and data["new_text"][j] == "0.550"
    assert data["new"][0] == pytest.approx(0.3) and data["new"][-1] == pytest.approx(0.8)
    assert all(0.3 - 1e-12 <= v <= 0.8 + 1e-12 for v in data["new"])
    # PyTorch's convention h' = (1 - z) n + z h: z is the keep gate.
    assert all(math.isclose(v, (1 - z) * 0.3 + z * 0.8)
               for z, v in zip(data["keeps"], data["new"], strict=True))


def test_truncation_carry_lane_passes_the_value_but_not_the_gradient():
    data = truncation_trace(steps=6, cut=3, source=2)
    carry, reset = data["value"]["carry"], data["value"]["reset"]
    assert all(v != 0 for v in carry[3:6])  # step 2's input reaches steps 4-6
    assert all(v == 0 for v in reset[3:6])  # ... but not after a reset
    assert carry[1] == reset[1] == 1.0 and carry[0] == 0.0
    for lane in ("carry", "reset"):
        grad = data["gradient"][lane]
        assert grad[:3] == [0.0, 0.0, 0.0]  # the gradient of step 6's loss stops at the cut
        assert grad[3:] == [0.25, 0.5, 1.0]


def test_truncation_beats_step_forward_then_backward():
    data = truncation_trace()
    beats = data["beats"]
    assert [b["phase"] for b in beats] == ["start"] + ["forward"] * 6 + ["backward"] * 6
    assert [b["step"] for b in beats[7:]] == [6, 5, 4, 3, 2, 1]
    last = beats[-1]
    assert last["gradient"]["carry"] == ["0", "0", "0", "0.25", "0.5", "1"]
    assert last["value"]["reset"] == ["0", "1", "0.5", "0", "0", "0"]
    assert beats[4]["value"]["carry"][3] == "0.25" and beats[4]["value"]["carry"][4] == ""
    assert len({b["text"] for b in beats}) == len(beats)


def test_closing_the_output_gate_zeroes_h_and_keeps_c():
    data = lstm_gate_states(cell=1.0, candidate=0.5)
    states = {(s["f"], s["i"], s["o"]): s for s in data["states"]}
    assert len(states) == 27
    for f in data["levels"]:
        for i in data["levels"]:
            shut, open_ = states[(f, i, 0.0)], states[(f, i, 1.0)]
            assert shut["h"] == 0.0 and shut["c"] == open_["c"] == f * 1.0 + i * 0.5
            assert math.isclose(open_["h"], math.tanh(open_["c"]))
    assert data["scale"] == 1.5


def test_attention_rows_sum_to_one_at_every_temperature():
    data = attention_temperature_grid(example_scores(), source=list("abcdefg"),
                                      output=list("gfedc"))
    assert data["temperatures"][0] == 0.1 and data["temperatures"][-1] == 5.0
    assert data["temperatures"][data["default"]] == 1.0
    assert data["temperatures"] == sorted(data["temperatures"])
    for weights in data["weights"]:
        for row in weights:
            assert math.isclose(sum(row), 1.0, abs_tol=1e-9)
    assert math.isclose(data["max_entropy"], math.log(7))


def test_attention_entropy_limits_hard_pointer_and_uniform_average():
    scores = torch.tensor([[3.0, 1.0, 0.0, -2.0], [0.5, 2.0, 1.0, 1.5]])
    data = attention_temperature_grid(scores, source=list("abcd"), output=list("xy"),
                                      temperatures=[1e-3, 1.0, 1e3])
    cold, warm, hot = data["entropy"]
    assert all(e < 1e-6 for e in cold)  # unique max: a hard pointer
    assert all(abs(e - math.log(4)) < 1e-3 for e in hot)  # a uniform average
    assert all(c < w < h for c, w, h in zip(cold, warm, hot, strict=True))
    assert data["weights"][0][0][0] == pytest.approx(1.0)


def test_every_panel_payload_is_strict_json():
    for value in (panel_palette(), truncation_trace(), forget_decay(), lstm_gate_states(),
                  gru_keep_dial(), attention_temperature_grid(
                      example_scores().numpy(), source=list("abcdefg"),
                      output=list("gfedc"))):
        strict_json(value)


def test_panel_colours_keep_contrast_in_light_and_dark_themes():
    for role, colour in panel_palette().items():
        for theme, background in BACKGROUNDS.items():
            assert contrast_ratio(colour, background) >= 3.0, (role, theme)
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error", [
    (lambda: truncation_trace(cut=6, steps=6), ValueError),
    (lambda: truncation_trace(source=4, cut=3), ValueError),
    (lambda: truncation_trace(weight=1.5), ValueError),
    (lambda: forget_decay(horizon=0), ValueError),
    (lambda: forget_decay(biases=[float("nan")]), ValueError),
    (lambda: lstm_gate_states(levels=(0.0, 2.0)), ValueError),
    (lambda: gru_keep_dial(old=3.0), ValueError),
    (lambda: gru_keep_dial(points=1), ValueError),
    (lambda: attention_temperature_grid(torch.zeros(3), source=["a"], output=["b"]), ValueError),
    (lambda: attention_temperature_grid(torch.zeros(2, 3), source=list("ab"), output=list("xy")),
     ValueError),
    (lambda: attention_temperature_grid(torch.zeros(1, 1), source="a", output=["x"]), TypeError),
    (lambda: attention_temperature_grid(torch.zeros(1, 1), source=["</s>"], output=["x"]),
     ValueError),
    (lambda: attention_temperature_grid(torch.zeros(1, 1), source=["a"], output=["x"],
                                        temperatures=[0.0]), ValueError),
    (lambda: contrast_ratio("red", "#ffffff"), ValueError),
])
def test_bad_arguments_raise_clear_errors(call, error):
    with pytest.raises(error):
        call()


# --- the fragments ----------------------------------------------------------------------------

FORBIDDEN = re.compile(r"(?<![\w.$])(Plot|Inputs|d3|md|require|import|htl|tex|dot|mermaid|vl|"
                       r"topojson|Arrow|aq|FileAttachment|SQLite|DuckDBClient|_)(?![\w$])")
DEFINES = re.compile(r"^(?:viewof\s+)?([A-Za-z_$][\w$]*)\s*=(?!=)|^function\s+([A-Za-z_$][\w$]*)",
                     re.M)


def fragment_cells(path):
    return read_chapter(path).cells


def ojs_names(path) -> list[str]:
    names = []
    for cell in fragment_cells(path):
        if cell.engine == "ojs":
            names += [a or b for a, b in DEFINES.findall(cell.source)]
        if cell.engine == "python":
            names += re.findall(r"ojs_define\((\w+)=", cell.source)
    return names


def test_all_five_panels_and_the_helpers_exist():
    assert sorted(p.name for p in FRAGMENTS) == sorted(PREFIX)


@pytest.mark.parametrize("path", FRAGMENTS, ids=[p.stem for p in FRAGMENTS])
def test_fragment_cells_are_hidden_and_use_no_module_from_a_cdn(path):
    cells = [c for c in fragment_cells(path) if c.engine]
    assert {c.engine for c in cells} <= {"python", "ojs"}
    for cell in cells:
        if cell.engine == "python":
            assert cell.options.get("echo") is False, f"{path.name}: python cell shows its code"
            assert "ojs_define(" in cell.source and "print(" not in cell.source
            imports = re.findall(r"^\s*(?:from|import)\s+([\w.]+)", cell.source, re.M)
            assert all(m.split(".")[0] == "dlbook" for m in imports), imports
        else:
            assert re.search(r"^//\|\s*echo:\s*false\s*$", cell.source, re.M), (
                f"{path.name} line {cell.line}: add '//| echo: false'")
            code = re.sub(r"^\s*//.*$", "", cell.source, flags=re.M)
            found = FORBIDDEN.findall(code)
            assert not found, f"{path.name} line {cell.line} uses {found}: they load from a CDN"


@pytest.mark.parametrize("path", PANELS, ids=[p.stem for p in PANELS])
def test_panel_is_accessible_by_construction(path):
    text = path.read_text(encoding="utf-8")
    chapter = read_chapter(path)
    assert re.search(r"^::: \{\.dlbook-panel\}", text, re.M)
    assert re.search(r"^\*\*Try it: [^*]+\.\*\*", chapter.prose, re.M), "no visible title"
    question = re.search(r"^\*Predict first:\*(.+?)\n\s*\n", chapter.prose, re.M | re.S)
    assert question and question.group(1).strip().endswith("?"), "no predict-first question"
    ojs = "\n".join(c.source for c in chapter.cells if c.engine == "ojs")
    for needle in ("<details>", "<summary>", 'role="img"', '"aria-label"'):
        assert needle in ojs, f"{path.name} lacks {needle}"
    assert re.search(r"^viewof \w+ = ph(Range|Radio|Stepper)\(", ojs, re.M), "no native control"
    assert not re.search(r"setInterval|setTimeout|requestAnimationFrame|<animate", ojs), (
        "no motion that plays by itself")
    lines = [line for line in ojs.splitlines() if line.strip() and not line.startswith("//|")]
    assert len(lines) <= 80, f"{path.name} has {len(lines)} lines of OJS"


def test_no_ojs_name_is_defined_twice_and_each_has_its_panel_prefix():
    seen = {}
    for path in FRAGMENTS:
        for name in ojs_names(path):
            assert name.startswith(PREFIX[path.name]), f"{path.name}: {name} lacks its prefix"
            assert name not in seen, f"{name} defined in {seen.get(name)} and {path.name}"
            seen[name] = path.name
    wanted = {"ph_palette", "trunc_beat", "forget_index", "ogate_o", "gru_index", "attn_t"}
    assert wanted <= set(seen)


def test_fragment_python_cells_run_and_hand_strict_json_to_ojs():
    defined = {}

    def ojs_define(**values):
        for name, value in values.items():
            strict_json(value)
            defined[name] = value

    namespace = {"ojs_define": ojs_define, "attention_example_scores": example_scores(),
                 "attention_example_source": list("abcdefg"),
                 "attention_example_output": list("gfedc")}
    for path in FRAGMENTS:
        for cell in fragment_cells(path):
            if cell.engine == "python":
                exec(compile(cell.source, str(path), "exec"), namespace)
    assert set(defined) == {"ph_palette", "trunc_data", "forget_data", "ogate_data",
                            "gru_data", "attn_data"}
