"""The site checks can fail: on a copy of the rendered site with planted faults (a broken
cross-reference, an image without alt text, a link to a missing anchor, text of too low a
contrast) and on a panel whose control does nothing, the same checks the real site passes must
report each fault."""

from __future__ import annotations

import shutil
from urllib.parse import urljoin

import pytest
import sitecheck
from conftest import make_context
from panels import PANELS, drive_panel

PLANTED = ('<p id="planted">See <strong>?@fig-planted-missing</strong>. '
           '<img src="planted.png"> <a href="#no-such-anchor">here</a></p>'
           '<ol class="example" type="1"><li>planted example</li></ol>'
           # grey on grey: about 1.3 : 1, far below the 4.5 : 1 WCAG AA asks of body text
           '<p class="planted-faint" style="color:#777;background-color:#888">planted faint '
           'text</p>')

# Swallow every event a panel control would react to before it reaches the control.
SABOTAGE = """
for (const type of ["input", "change", "click", "keydown"]) {
  window.addEventListener(type, event => {
    if (event.target.closest && event.target.closest(".dlbook-control")) {
      event.stopImmediatePropagation();
    }
  }, true);
}
"""


@pytest.fixture(scope="module")
def planted_site(tmp_path_factory, base_url):  # base_url: skip or fail as the site tests do
    folder = tmp_path_factory.mktemp("planted") / "_book"
    shutil.copytree(sitecheck.SITE, folder)
    page = folder / sitecheck.page_paths()[1]
    html = page.read_text(encoding="utf-8")
    assert "</main>" in html
    page.write_text(html.replace("</main>", PLANTED + "</main>", 1), encoding="utf-8")
    with sitecheck.SiteServer(folder) as url:
        yield url


def test_checks_report_a_planted_cross_reference_image_and_anchor(browser, planted_site):
    path = sitecheck.page_paths()[1]
    context = make_context(browser, sitecheck.DESKTOP)
    try:
        report = sitecheck.inspect_page(context, planted_site, path)
    finally:
        context.close()
    text = "\n".join(report.problems)
    assert "unresolved cross-reference ?@fig-planted-missing" in text
    assert "image without alt text" in text and "planted.png" in text
    assert "pandoc example list" in text
    links = sitecheck.broken_links([report], planted_site)
    assert any("#no-such-anchor" in p for p in links), links


@pytest.mark.parametrize("panel", PANELS[:2], ids=[p.prefix for p in PANELS[:2]])
def test_driver_reports_a_panel_whose_control_does_nothing(browser, base_url, panel):
    context = make_context(browser, sitecheck.DESKTOP)
    context.add_init_script(SABOTAGE)
    try:
        page, _ = sitecheck.open_page(context, urljoin(base_url, panel.page))
        problems = drive_panel(page, panel)
    finally:
        context.close()
    assert problems, "the driver found nothing wrong with a panel whose control does nothing"


@pytest.mark.parametrize("theme, viewport", [("light", sitecheck.DESKTOP),
                                             ("dark", sitecheck.MOBILE)], ids=["light", "dark"])
def test_axe_reports_planted_low_contrast_and_missing_alt(browser, planted_site, theme, viewport):
    path = sitecheck.page_paths()[1]
    context = make_context(browser, viewport)
    try:
        violations, _ = sitecheck.axe_page(context, planted_site, path, theme)
    finally:
        context.close()
    failing = [v for v in violations if v.impact in sitecheck.AXE_FAILING]
    faint = [v for v in failing if v.rule == "color-contrast" and "planted-faint" in v.html]
    no_alt = [v for v in failing if v.rule == "image-alt" and "planted.png" in v.html]
    assert faint and no_alt, "axe missed a planted fault:\n" + "\n".join(map(str, violations))
    # The report names everything a maintainer needs to find and fix the element.
    for found in (faint[0], no_alt[0]):
        text = str(found)
        for part in (found.rule, found.impact, path, f"{theme} theme",
                     f"{viewport['width']} px", found.target):
            assert part in text, f"{part!r} missing from the report: {text}"
        assert found.target, f"no selector for the element: {text}"
