"""axe-core, the field's standard accessibility engine, on every page of the rendered book, in
the light and the dark theme, at 1280 px and 390 px wide: no violation of impact "serious" or
"critical" (`sitecheck.AXE_FAILING`).

axe runs its default rule set (WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best
practices), less the rules in `sitecheck.AXE_DISABLED`, the parts of the page in
`sitecheck.AXE_EXCLUDED` and the rules waived on Quarto's own template markup in
`sitecheck.AXE_WAIVED`, each with its written reason. It comes from npm (pinned in
`tests/site/cdn/package-lock.json`, installed by `make site-assets`) and the test injects it
into the page; the page never requests it. The book's own checks of what axe does not judge
(panel behaviour, live regions, keyboard operation) stay in `test_panels_in_browser.py` and
`test_site.py`.
"""

from __future__ import annotations

import pytest
import sitecheck
from conftest import make_context

PAGES = sitecheck.page_paths()
VIEWS = {"light-1280": ("light", sitecheck.DESKTOP), "light-390": ("light", sitecheck.MOBILE),
         "dark-1280": ("dark", sitecheck.DESKTOP), "dark-390": ("dark", sitecheck.MOBILE)}


@pytest.fixture(scope="module")
def contexts(browser):
    """One browser context per view, shared by that view's pages."""
    opened = {name: make_context(browser, viewport) for name, (_, viewport) in VIEWS.items()}
    yield opened
    for context in opened.values():
        context.close()


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("view", VIEWS)
def test_axe_finds_no_serious_violation(contexts, base_url, view, path):
    theme = VIEWS[view][0]
    violations, errors = sitecheck.axe_page(contexts[view], base_url, path, theme)
    failing = [v for v in violations if v.impact in sitecheck.AXE_FAILING]
    assert not failing, (
        f"axe-core found {len(failing)} serious or critical violation(s) on {path} "
        f"({theme} theme, {VIEWS[view][1]['width']} px):\n  "
        + "\n  ".join(str(v) for v in failing))
    assert not errors, f"{path} ({view}), while axe checked it: " + "\n".join(errors)


def test_disabled_rules_and_exclusions_have_reasons():
    waived = {f"{rule} on {sel}": reason for rule, sel, reason in sitecheck.AXE_WAIVED}
    for name, reason in {**sitecheck.AXE_DISABLED, **sitecheck.AXE_EXCLUDED, **waived}.items():
        assert len(reason.split()) >= 8, f"{name}: disabled or excluded without a written reason"
