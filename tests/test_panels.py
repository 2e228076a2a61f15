"""The panels' numbers (dlbook.book.panels) and the panels' source: the `.dlbook-panel` sections of
the chapters and their shared helpers, `book/panel-helpers.ojs`. (How they behave in a browser
is tested in `tests/site/test_panels_in_browser.py`.)"""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
import tempfile
from pathlib import Path

import pytest
import torch

from bookfiles import BOOK, book_files, read_chapter
from dlbook.book.panels import (
    BACKGROUNDS,
    attention_temperature_grid,
    contrast_ratio,
    forget_decay,
    gru_keep_dial,
    lstm_gate_states,
    ojs_data,
    panel_palette,
    truncation_trace,
)

HELPERS = BOOK / "panel-helpers.ojs"
#: Each panel's name prefix and the chapter it lives in.
PANEL_HOMES = {"trunc": "02-gradients", "forget": "03-gated-memory",
               "ogate": "03-gated-memory", "gru": "03-gated-memory", "attn": "05-attention"}


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


# --- the panels' source -----------------------------------------------------------------------

FORBIDDEN = re.compile(r"(?<![\w.$])(Plot|Inputs|d3|md|require|htl|tex|dot|mermaid|vl|"
                       r"topojson|Arrow|aq|FileAttachment|SQLite|DuckDBClient|_)(?![\w$])")
DEFINES = re.compile(r"^(?:viewof\s+)?([A-Za-z_$][\w$]*)\s*=(?!=)|^function\s+([A-Za-z_$][\w$]*)",
                     re.M)


def panel_sections() -> list[tuple[str, str, object]]:
    """(prefix, chapter stem, parsed section) for every `::: {.dlbook-panel}` in the book."""
    found = []
    for path in book_files():
        chapter = read_chapter(path)
        for block in re.findall(r"^::: \{\.dlbook-panel\}\n(.*?)^:::$", chapter.text, re.M | re.S):
            names = [a or b for c in _parse(block).cells if c.engine == "ojs"
                     for a, b in DEFINES.findall(c.source)]
            prefix = next(p for p in PANEL_HOMES if any(n.startswith(p + "_") for n in names))
            found.append((prefix, path.stem, block))
    return found


def _parse(text: str):
    """Parse a section of a chapter with the book's own cell parser."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "section.qmd"
        path.write_text(text, encoding="utf-8")
        return read_chapter(path)


PANELS = panel_sections()


def test_all_five_panels_exist_each_in_its_chapter():
    assert sorted((p, home) for p, home, _ in PANELS) == sorted(PANEL_HOMES.items())


def test_every_chapter_with_panels_includes_the_helpers_once_into_an_ojs_cell():
    # Included, not imported: an OJS import makes Quarto render the statement with md, which
    # loads modules from a CDN, and its panels would race the module load.
    cell = re.compile(r"^```\{ojs\}\n//\| echo: false\n//\| output: false\n"
                      r"\{\{< include panel-helpers\.ojs >\}\}\n```$", re.M)
    for home in sorted(set(PANEL_HOMES.values())):
        source = (BOOK / f"{home}.qmd").read_text(encoding="utf-8")
        assert len(cell.findall(source)) == 1, f"{home}: include the helpers in one OJS cell"
        ojs = [c.source for c in read_chapter(BOOK / f"{home}.qmd").cells if c.engine == "ojs"]
        assert not any(re.search(r"^import\b", c, re.M) for c in ojs), (
            f"{home}: no OJS import statements")


def test_helpers_define_only_ph_names_and_use_no_module_from_a_cdn():
    code = re.sub(r"^\s*//.*$", "", HELPERS.read_text(encoding="utf-8"), flags=re.M)
    names = [a or b for a, b in DEFINES.findall(code)]
    assert names and all(n.startswith("ph") for n in names), names
    found = FORBIDDEN.findall(re.sub(r"\bimport\b", "", code))
    assert not found, f"panel-helpers.ojs uses {found}: they load from a CDN"


@pytest.mark.parametrize("prefix, home, section", PANELS, ids=[p for p, _, _ in PANELS])
def test_panel_cells_are_hidden_and_use_no_module_from_a_cdn(prefix, home, section):
    cells = [c for c in _parse(section).cells if c.engine]
    assert {c.engine for c in cells} <= {"python", "ojs"}
    for cell in cells:
        if cell.engine == "python":
            assert cell.options.get("echo") is False, f"{prefix}: python cell shows its code"
            assert cell.options.get("output") == "asis", f"{prefix}: print the data as raw HTML"
            assert re.fullmatch(r"print\(ojs_data\(\w+=.*\)\)", _last_statement(cell.source),
                                re.S), f"{prefix}: the cell must end by printing ojs_data(...)"
            imports = re.findall(r"^\s*(?:from|import)\s+([\w.]+)", cell.source, re.M)
            assert all(m.split(".")[0] == "dlbook" for m in imports), imports
        else:
            assert re.search(r"^//\|\s*echo:\s*false\s*$", cell.source, re.M), (
                f"{prefix} panel in {home}: add '//| echo: false'")
            code = re.sub(r"^\s*//.*$", "", cell.source, flags=re.M)
            found = FORBIDDEN.findall(code.replace("import", ""))
            assert not found, f"{prefix} panel uses {found}: they load from a CDN"


@pytest.mark.parametrize("prefix, home, section", PANELS, ids=[p for p, _, _ in PANELS])
def test_panel_is_accessible_by_construction(prefix, home, section):
    chapter = _parse(section)
    assert re.search(r"^\*\*Try it: [^*]+\.\*\*", chapter.prose, re.M), "no visible title"
    question = re.search(r"^\*Predict first:\*(.+?)\n\s*\n", chapter.prose, re.M | re.S)
    asked = re.sub(r"<!--.*?-->", "", question.group(1), flags=re.S) if question else ""
    assert asked.strip().endswith("?"), "no predict-first question"  # a comment may follow
    ojs = "\n".join(c.source for c in chapter.cells if c.engine == "ojs")
    for needle in ("<details>", "<summary>", 'role="img"', '"aria-label"'):
        assert needle in ojs, f"{prefix} panel lacks {needle}"
    assert re.search(r"^viewof \w+ = ph(Range|Radio|Stepper)\(", ojs, re.M), "no native control"
    assert re.search(rf"^{prefix}_live = phLive\(\)$", ojs, re.M), "no live region"
    assert re.search(rf"phSay\({prefix}_live, ", ojs), "the live region is never updated"
    assert not re.search(r"setInterval|setTimeout|requestAnimationFrame|<animate", ojs), (
        "no motion that plays by itself")
    lines = [line for line in ojs.splitlines() if line.strip() and not line.startswith("//|")]
    assert len(lines) <= 80, f"{prefix} panel has {len(lines)} lines of OJS"


def test_no_ojs_name_is_defined_twice_and_each_has_its_panel_prefix():
    seen = {}
    for prefix, home, section in PANELS:
        chapter = _parse(section)
        names = [a or b for c in chapter.cells if c.engine == "ojs"
                 for a, b in DEFINES.findall(c.source)]
        names += [n for c in chapter.cells if c.engine == "python"
                  for n in re.findall(r"ojs_data\((\w+)=", c.source)]
        for name in names:
            assert name.startswith(prefix + "_"), f"{home}: {name} lacks its prefix {prefix}_"
            assert name not in seen, f"{name} defined twice"
            seen[name] = home
    wanted = {"trunc_beat", "forget_index", "ogate_o", "gru_index", "attn_t", "attn_live"}
    assert wanted <= set(seen)


def _last_statement(source: str) -> str:
    import ast

    return ast.get_source_segment(source, ast.parse(source).body[-1])


def test_panel_python_cells_run_and_hand_strict_json_to_ojs():
    namespace = {"attention_example_scores": example_scores(),
                 "attention_example_source": list("abcdefg"),
                 "attention_example_output": list("gfedc")}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for _, home, section in PANELS:
            for cell in _parse(section).cells:
                if cell.engine == "python":
                    exec(compile(cell.source, home, "exec"), namespace)
    scripts = re.findall(r'^<script type="ojs-define">(.*)</script>$', printed.getvalue(), re.M)
    defined = {item["name"]: item["value"] for text in scripts
               for item in json.loads(text)["contents"]}
    for value in defined.values():
        strict_json(value)
    assert set(defined) == {"trunc_data", "forget_data", "ogate_data", "gru_data", "attn_data"}


def test_ojs_data_is_the_element_quarto_reads_and_refuses_what_would_break_it():
    html = ojs_data(x_data={"a": [1, 2.5]})
    assert html.strip() == ('<script type="ojs-define">'
                            '{"contents": [{"name": "x_data", "value": {"a": [1, 2.5]}}]}</script>')
    with pytest.raises(ValueError, match="</"):
        ojs_data(x_data="</script>")
    with pytest.raises(ValueError):
        ojs_data(x_data=float("nan"))
    with pytest.raises(ValueError, match="at least one"):
        ojs_data()


# --- the panels' static fallbacks (the PDF and the EPUB) --------------------------------------

WEB_ONLY = re.compile(r'^:::: \{\.content-visible when-format="html:js"\}\n(.*?)^::::$',
                      re.M | re.S)
FALLBACK = re.compile(r'^:::: \{\.content-visible unless-format="html:js"\}\n(.*?)^::::$',
                      re.M | re.S)


def _data_call(source: str, name: str) -> str:
    """The source of the call whose value a cell binds to ``name`` (keyword or assignment)."""
    import ast

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg == name:
            return ast.unparse(node.value)
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and getattr(node.targets[0], "id", None) == name):
            return ast.unparse(node.value)
    raise LookupError(f"no {name} = ... in {source[:80]!r}")


@pytest.mark.parametrize("prefix, home", sorted(PANEL_HOMES.items()))
def test_every_panel_is_web_only_and_followed_by_its_static_figure(prefix, home):
    # Quarto's `html:js` formats run OJS; the EPUB is HTML without it, and the PDF neither,
    # so a panel outside such a block would print its OJS source there instead.
    text = (BOOK / f"{home}.qmd").read_text(encoding="utf-8")
    blocks = [m for m in WEB_ONLY.finditer(text) if f"ojs_data({prefix}_data=" in m.group(1)]
    assert len(blocks) == 1, f"{prefix}: wrap the panel in one html:js-only block"
    after = text[blocks[0].end():].lstrip("\n")
    fallback = FALLBACK.match(after)
    assert fallback, f"{prefix}: the panel's block must be followed by its unless html:js figure"
    cells = _parse(fallback.group(1)).cells
    assert len(cells) == 1 and cells[0].engine == "python"
    cell, = cells
    assert str(cell.options.get("label", "")).startswith("fig-panel-")
    assert "web edition" in cell.options.get("fig-cap", ""), "say where the panel lives"
    assert cell.options.get("fig-alt")
    section = next(s for p, _, s in PANELS if p == prefix)
    panel_cell = next(c for c in _parse(section).cells
                      if c.engine == "python" and f"ojs_data({prefix}_data=" in c.source)
    assert (_data_call(cell.source, "panel_data")
            == _data_call(panel_cell.source, f"{prefix}_data")), (
        f"{prefix}: the static figure must draw the data the panel reads (same call)")


def test_every_ojs_cell_of_the_book_is_web_only():
    for path in book_files():
        text = path.read_text(encoding="utf-8")
        outside = WEB_ONLY.sub("", text)
        assert "```{ojs}" not in outside, f"{path.name}: an OJS cell outside an html:js block"
