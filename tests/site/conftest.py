"""Fixtures of the site tests: the served `_book/`, and one headless system Chromium.

The site tests are marked ``site``. They need a rendered `_book/` (``make book``); without one
they skip, unless ``DLBOOK_REQUIRE_SITE=1`` (as ``make test`` sets), where a missing site fails.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import sitecheck  # noqa: E402


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).parent == HERE:
            item.add_marker(pytest.mark.site)


@pytest.fixture(scope="session")
def base_url():
    if not (sitecheck.SITE / "index.html").exists():
        message = "no rendered site in _book/: run `make book` first"
        if os.environ.get("DLBOOK_REQUIRE_SITE") == "1":
            pytest.fail(message)
        pytest.skip(message)
    with sitecheck.SiteServer() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=sitecheck.chromium_path(),
                                              args=sitecheck.CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


def make_context(browser, viewport, **options):
    """A fresh browser context at a viewport, offline: external requests are recorded."""
    external: list[str] = []
    context = browser.new_context(viewport=viewport, **options)
    sitecheck.route_offline(context, external)
    context.external_requests = external
    return context


@pytest.fixture
def desktop(browser):
    context = make_context(browser, sitecheck.DESKTOP)
    yield context
    context.close()
