"""The five interactive panels, operated in Chromium by mouse and by keyboard alone: each
change must redraw the picture, rewrite the live region and the picture's description with
exactly the sentence `dlbook.book.panels` computes for the new setting, and nothing may move by
itself when the reader asks for reduced motion."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
import sitecheck
from conftest import make_context
from panels import PANELS, drive_panel, motion_problems


@pytest.mark.parametrize("panel", PANELS, ids=[p.prefix for p in PANELS])
def test_panel_follows_mouse_and_keyboard(browser, base_url, panel):
    context = make_context(browser, sitecheck.DESKTOP)
    try:
        page, seen = sitecheck.open_page(context, urljoin(base_url, panel.page))
        problems = drive_panel(page, panel)
        problems += [f"console error: {t}" for t in seen["console"]]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("panel", PANELS, ids=[p.prefix for p in PANELS])
def test_panel_honours_reduced_motion(browser, base_url, panel):
    context = make_context(browser, sitecheck.DESKTOP, reduced_motion="reduce")
    try:
        page, _ = sitecheck.open_page(context, urljoin(base_url, panel.page))
        problems = motion_problems(page, panel)
        drive_panel(page, panel)  # and still none after the reader has used it
        problems += motion_problems(page, panel)
    finally:
        context.close()
    assert not problems, "\n".join(problems)
