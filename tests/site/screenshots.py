"""Write a PNG of every page of the rendered book, for a person to look at before a change lands.

Usage: ``python tests/site/screenshots.py FOLDER`` (``make screenshots`` writes to
``screenshots/``). For each page: the desktop view (1280 px) and the phone view (390 px), full
length, in the light theme, and the desktop view in the dark theme. Offline, like the tests.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sitecheck  # noqa: E402


def shoot(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with sitecheck.SiteServer() as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=sitecheck.chromium_path(),
                                             args=sitecheck.CHROMIUM_ARGS, headless=True)
        views = (("desktop", sitecheck.DESKTOP, False), ("phone", sitecheck.MOBILE, False),
                 ("dark", sitecheck.DESKTOP, True))
        for view, viewport, dark in views:
            context = browser.new_context(viewport=viewport)
            sitecheck.route_offline(context, [])
            for path in sitecheck.page_paths():
                page, _ = sitecheck.open_page(context, urljoin(base_url, path))
                if dark:
                    sitecheck.to_dark(page)
                name = path.replace("/", "_").removesuffix(".html") + f"-{view}.png"
                page.screenshot(path=str(folder / name), full_page=True)
                page.close()
                written.append(folder / name)
            context.close()
        browser.close()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    for png in shoot(target):
        print(png)
