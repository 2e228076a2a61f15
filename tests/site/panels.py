"""Drive each interactive panel the way a reader would, by mouse and by keyboard alone, and
compare what it then shows with what `dlbook.book.panels` computes for that setting.

Each function returns a list of problems (empty when the panel behaved), so that the same
driver also runs against a page whose controls were sabotaged (the planted-fault test).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

import dlbook.book.panels as panels_module

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Panel:
    prefix: str
    page: str  # site path of the page that holds it
    control: str  # the accessible label of the control the test drives
    kind: str  # "range", "stepper" or "radio"


PANELS = [
    Panel("trunc", "book/02-gradients.html", "Step through the truncation trace", "stepper"),
    Panel("ogate", "book/03-gated-memory.html", "Output gate o", "radio"),
    Panel("forget", "book/03-gated-memory.html", "Forget-gate bias b_f", "range"),
    Panel("gru", "book/03-gated-memory.html", "Keep gate z", "range"),
    Panel("attn", "book/05-attention.html", "Temperature T", "range"),
]


# --- what dlbook.book.panels says the panel should show ---------------------------------------

def payload_from_source(prefix: str, page: str) -> dict:
    """Run the panel's own data cell from the chapter source and read what it hands to OJS."""
    source = (ROOT / page).with_suffix(".qmd").read_text(encoding="utf-8")
    for cell in re.findall(r"```\{python\}\n(.*?)```", source, re.S):
        if f"ojs_data({prefix}_data=" in cell:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(cell, page, "exec"), {})
            text = re.search(r'<script type="ojs-define">(.*)</script>', printed.getvalue())
            return json.loads(text.group(1))["contents"][0]["value"]
    raise LookupError(f"no ojs_data({prefix}_data=...) cell in {page}")


def payload_from_page(page_obj, prefix: str) -> dict:
    """The data the page received (Quarto embeds every ojs_define value as JSON)."""
    for text in page_obj.locator('script[type="ojs-define"]').all_text_contents():
        for item in json.loads(text)["contents"]:
            if item["name"] == f"{prefix}_data":
                return item["value"]
    raise LookupError(f"the page has no {prefix}_data")


def expected_attention(shown: dict) -> dict:
    """Recompute the attention panel from the trained weights at T = 1 the page received.

    Softmax is unchanged by a per-row shift, so log(weights at T = 1) are the raw scores up to
    a row constant, and `attention_temperature_grid` of them gives every other temperature.
    """
    at_one = shown["weights"][shown["default"]]
    scores = [[math.log(max(w, 1e-300)) for w in row] for row in at_one]
    return panels_module.attention_temperature_grid(
        scores, source=shown["source"], output=shown["output"],
        temperatures=shown["temperatures"])


def describe(prefix: str, data: dict, state: dict) -> str:
    """The sentence the panel must show (live region) for a control state."""
    if prefix == "trunc":
        k = state["k"]
        return f"Beat {k + 1} of {len(data['beats'])}. {data['beats'][k]['text']}"
    if prefix == "ogate":
        match = [s for s in data["states"]
                 if (s["f"], s["i"], s["o"]) == (state["f"], state["i"], state["o"])]
        return match[0]["text"]
    if prefix in ("forget", "gru"):
        return data["text"][state["k"]]
    if prefix == "attn":
        return data["text"][state["k"]][state["row"]]
    raise KeyError(prefix)


# --- reading and driving the page -------------------------------------------------------------

def panel_root(page, panel: Panel):
    """The panel's section: the one whose control carries the panel's label (as text, or as
    the aria-label of a button group)."""
    panels = page.locator(".dlbook-panel")
    by_text = panels.filter(has_text=panel.control)
    if by_text.count():
        return by_text.first
    return panels.filter(has=page.locator(f'[aria-label="{panel.control}"]')).first


def read_state(page, panel: Panel) -> dict:
    root = panel_root(page, panel)
    if panel.prefix == "trunc":
        text = root.locator(".dlbook-control output").first.inner_text()
        return {"k": int(re.match(r"Beat (\d+)", text).group(1)) - 1}
    if panel.prefix == "ogate":
        state = {}
        for name, legend in (("f", "Forget gate f"), ("i", "Input gate i"), ("o", "Output gate o")):
            group = root.locator("fieldset").filter(has_text=legend)
            checked = group.locator("label").filter(has=page.locator("input:checked"))
            state[name] = float(checked.first.inner_text().strip())
        return state
    k = int(root.locator('input[type="range"]').first.input_value())
    if panel.prefix == "attn":
        group = root.locator("fieldset").filter(has_text="Decoder step")
        labels = group.locator("label")
        row = next(j for j in range(labels.count())
                   if labels.nth(j).locator("input").is_checked())
        return {"k": k, "row": row}
    return {"k": k}


def control(page, panel: Panel):
    """The element a reader focuses and operates."""
    root = panel_root(page, panel)
    if panel.kind == "range":
        return root.locator('input[type="range"]').first
    if panel.kind == "stepper":
        return root.get_by_role("button", name="Next")
    return root.locator("fieldset").filter(has_text=panel.control).locator(
        "input:checked").first


def tab_to(page, panel: Panel, limit: int = 25) -> bool:
    """Put the focus at the panel's title, then press Tab until the control has the focus."""
    root = panel_root(page, panel)
    root.locator("strong").first.click()  # sets where sequential focus navigation starts
    target = control(page, panel)
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            return True
    return False


def snapshot(page, panel: Panel) -> dict:
    root = panel_root(page, panel)
    return {"live": root.locator('[aria-live="polite"]').all_inner_texts(),
            "label": root.locator('svg[role="img"]').first.get_attribute("aria-label") or "",
            "svg": root.locator('svg[role="img"]').first.inner_html(),
            "transcript": root.locator("details li").all_text_contents()}


def wait_for_change(page, panel: Panel, before: dict, timeout_ms: int = 3000) -> dict:
    for _ in range(timeout_ms // 50):
        now = snapshot(page, panel)
        if now["live"] != before["live"]:
            return now
        page.wait_for_timeout(50)
    return snapshot(page, panel)


def check_after(page, panel: Panel, data: dict, before: dict, after: dict,
                wanted_state: dict, how: str) -> list[str]:
    problems = []
    state = read_state(page, panel)
    if state != wanted_state:
        problems.append(f"{panel.prefix} ({how}): control reads {state}, expected {wanted_state}")
    text = describe(panel.prefix, data, wanted_state)
    if after["live"] != [f"Now: {text}"]:
        problems.append(f"{panel.prefix} ({how}): the live region says {after['live']}, "
                        f"expected ['Now: {text}']")
    # The state's own sentence (without the stepper's "Beat k of n."), as dlbook.book.panels
    # wrote it.
    sentence = text.split(". ", 1)[1] if panel.prefix == "trunc" else text
    if sentence not in after["label"]:
        problems.append(f"{panel.prefix} ({how}): the picture's description is "
                        f"{after['label']!r}, expected it to contain {sentence!r}")
    if after["svg"] == before["svg"]:
        problems.append(f"{panel.prefix} ({how}): the picture did not change")
    if sentence not in after["transcript"]:
        problems.append(f"{panel.prefix}: the transcript has no line {sentence!r}")
    return problems


def drive_panel(page, panel: Panel) -> list[str]:
    """Operate the panel by mouse, then by keyboard, and report every mismatch."""
    if panel.prefix == "attn":
        data = expected_attention(payload_from_page(page, "attn"))
    else:
        data = payload_from_source(panel.prefix, panel.page)
    root = panel_root(page, panel)
    if root.count() == 0:
        return [f"{panel.prefix}: no panel with a control labelled {panel.control!r}"]
    root.scroll_into_view_if_needed()
    problems = []

    # By mouse.
    start = read_state(page, panel)
    before = snapshot(page, panel)
    if panel.kind == "range":
        box = control(page, panel).bounding_box()
        page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
        top = int(control(page, panel).get_attribute("max"))
        wanted = {**start, "k": top}
    elif panel.kind == "stepper":
        control(page, panel).click()
        wanted = {"k": start["k"] + 1}
    else:
        group = root.locator("fieldset").filter(has_text=panel.control)
        group.locator("label").filter(has_text=re.compile(r"^\s*0\s*$")).click()
        wanted = {**start, "o": 0.0}
    after = wait_for_change(page, panel, before)
    problems += check_after(page, panel, data, before, after, wanted, "mouse")

    # By keyboard alone: Tab to the control, then an arrow key.
    start = read_state(page, panel)
    before = snapshot(page, panel)
    if not tab_to(page, panel):
        return problems + [f"{panel.prefix}: Tab never reaches the control {panel.control!r}"]
    if panel.kind == "range":
        page.keyboard.press("ArrowLeft")
        wanted = {**start, "k": start["k"] - 1}
    elif panel.kind == "stepper":
        page.keyboard.press("ArrowRight")
        wanted = {"k": start["k"] + 1}
    else:
        page.keyboard.press("ArrowRight")  # from 0 to the next level, 0.5
        wanted = {**start, "o": 0.5}
    after = wait_for_change(page, panel, before)
    problems += check_after(page, panel, data, before, after, wanted, "keyboard")
    return problems


MOTION_JS = """
root => {
  // Longest transition or animation on any element of the panel, in seconds.
  const secs = v => Math.max(...v.split(",").map(
    s => parseFloat(s) * (s.includes("ms") ? 1e-3 : 1)));
  let longest = 0;
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const s = getComputedStyle(el);
    longest = Math.max(longest, secs(s.transitionDuration), secs(s.animationDuration));
  }
  return {longest, reduce: matchMedia("(prefers-reduced-motion: reduce)").matches,
          smooth: getComputedStyle(document.documentElement).scrollBehavior === "smooth"};
}
"""


def motion_problems(page, panel: Panel) -> list[str]:
    """Under prefers-reduced-motion: reduce, nothing in the panel may move by itself."""
    found = panel_root(page, panel).evaluate(MOTION_JS)
    problems = []
    if not found["reduce"]:
        problems.append("the browser does not report prefers-reduced-motion: reduce")
    if found["longest"] > 0:
        problems.append(f"{panel.prefix}: an element animates for {found['longest']} s "
                        "although the reader asked for reduced motion")
    if found["smooth"]:
        problems.append("the page scrolls smoothly although the reader asked for reduced motion")
    return problems
