"""Check the rendered site in a real browser: serve `_book/` on loopback, open every page in
Debian's Chromium through Playwright, and report what a reader would trip over.

The functions here return lists of problems (strings) instead of asserting, so that the same
checks run against the real site (``test_site.py``) and against pages with planted faults
(``test_site_catches_faults.py``), which proves the checks can fail.

Offline by construction: every request that leaves 127.0.0.1 is either answered from a local
copy of the CDN package it names (installed from npm into ``tests/site/cdn/node_modules`` by
``make site-assets``) or aborted and reported as a failed request.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import urlopen

import yaml

ROOT = Path(__file__).resolve().parents[2]
#: The rendered site: `_book/`, or the folder ``$DLBOOK_SITE`` names (a site rendered elsewhere).
SITE = Path(os.environ.get("DLBOOK_SITE") or ROOT / "_book")
CDN = Path(__file__).resolve().parent / "cdn"
CDN_HOST = "cdn.jsdelivr.net"
#: The page scripts the checks evaluate in the browser (functions, one per file).
JS = Path(__file__).resolve().parent / "js"

#: The flags a root, offline, headless Chromium needs here (no sandbox as root; no calls home).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]

DESKTOP = {"width": 1280, "height": 900}
MOBILE = {"width": 390, "height": 844}


def chromium_path() -> str:
    """The system Chromium: ``$DLBOOK_CHROMIUM``, else ``chromium`` on PATH."""
    found = os.environ.get("DLBOOK_CHROMIUM") or shutil.which("chromium")
    if not found:
        raise FileNotFoundError(
            "no Chromium found: install Debian's `chromium` package (apt-get install chromium) "
            "or set DLBOOK_CHROMIUM to a Chromium binary")
    return found


def page_paths() -> list[str]:
    """The site path of every page `_quarto.yml` lists, in reading order."""
    book = yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))["book"]
    names = [*book["chapters"], *book.get("appendices", [])]
    return [str(Path(name).with_suffix(".html")) for name in names]


class _Hrefs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)


def file_links(base_url: str, page: str, suffixes: tuple[str, ...]) -> list[str]:
    """The absolute URL of every link on one served page (its HTML as sent, before any script
    runs) to a file whose name ends with one of ``suffixes``."""
    url = urljoin(base_url, page)
    with urlopen(url) as response:
        parser = _Hrefs()
        parser.feed(response.read().decode("utf-8"))
    return [urljoin(url, h) for h in parser.hrefs if h.split("#")[0].endswith(suffixes)]


# --- serving ----------------------------------------------------------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the tests report failures themselves
        pass


class SiteServer:
    """``with SiteServer(folder) as base_url:`` serves a folder on 127.0.0.1 (any free port)."""

    def __init__(self, folder: Path = SITE):
        if not (folder / "index.html").exists():
            raise FileNotFoundError(f"{folder} has no index.html: render the book first "
                                    "(`make book`)")
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


# --- the CDN, answered locally ----------------------------------------------------------------

def _cdn_aliases() -> dict[str, str]:
    """``"mathjax@3"`` -> the folder of the local npm alias that stands for it.

    Only the packages the manifest's ``cdn`` map names answer page requests: a test tool
    installed beside them (axe-core) is never served to a page that asks a CDN for it.
    """
    manifest = json.loads((CDN / "package.json").read_text(encoding="utf-8"))
    # "mathjax-3": "npm:mathjax@3.2.2" stands for requests of "mathjax@3"
    return {package: CDN / "node_modules" / alias for alias, package in manifest["cdn"].items()}


def cdn_file(url: str) -> Path | None:
    """The local file that answers a jsDelivr ``/npm/<name>@<version>/<path>`` URL, or None."""
    parts = urlsplit(url)
    if parts.hostname != CDN_HOST or not parts.path.startswith("/npm/"):
        return None
    rest = unquote(parts.path[len("/npm/"):])
    match = re.match(r"^((?:@[^/]+/)?[^/@]+@[^/]+)(/.*)?$", rest)
    if not match:
        return None
    package, inner = match.group(1), (match.group(2) or "").lstrip("/")
    folder = _cdn_aliases().get(package)
    if folder is None or not folder.exists():
        return None
    if not inner:  # a bare package URL: jsDelivr serves the package's browser entry point
        meta = json.loads((folder / "package.json").read_text(encoding="utf-8"))
        inner = meta.get("jsdelivr") or meta.get("unpkg") or meta.get("main") or "index.js"
    target = (folder / inner).resolve()
    if folder.resolve() not in target.parents or not target.is_file():
        return None
    return target


#: Requests answered with a fixed body. Quarto's page template loads a polyfill service for
#: MathJax; for a browser with ES6, like this Chromium, the service sends no polyfill at all.
FIXED_ANSWERS = {
    "https://cdnjs.cloudflare.com/polyfill/v3/polyfill.min.js?features=es6":
        "/* No polyfills needed: this browser supports ES6. */\n",
}


def route_offline(context, external: list[str]) -> None:
    """Serve loopback as is, the CDN from local copies, and abort (and record) anything else."""

    def handle(route):
        url = route.request.url
        host = urlsplit(url).hostname
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
            return
        if url in FIXED_ANSWERS:
            route.fulfill(body=FIXED_ANSWERS[url], content_type="application/javascript")
            return
        local = cdn_file(url)
        if local is not None:
            kind = "text/css" if local.suffix == ".css" else (
                "application/javascript" if local.suffix in (".js", ".mjs") else None)
            route.fulfill(path=str(local), content_type=kind,
                          headers={"access-control-allow-origin": "*"})
            return
        external.append(url)
        route.abort()

    context.route("**/*", handle)


# --- one page ---------------------------------------------------------------------------------

@dataclass
class PageReport:
    path: str
    problems: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)  # absolute URLs of internal links


def watch(page) -> dict[str, list[str]]:
    """Start collecting console errors, page errors and failed requests of a page."""
    seen = {"console": [], "failed": []}
    page.on("console", lambda m: m.type == "error" and seen["console"].append(m.text))
    page.on("pageerror", lambda e: seen["console"].append(f"uncaught: {e}"))
    page.on("requestfailed",
            lambda r: seen["failed"].append(f"{r.url} ({r.failure})"))
    page.on("response",
            lambda r: r.status >= 400 and seen["failed"].append(f"{r.url} (HTTP {r.status})"))
    return seen


SETTLE_JS = (JS / "settle.js").read_text(encoding="utf-8")

INSPECT_JS = (JS / "inspect.js").read_text(encoding="utf-8")

OVERFLOW_JS = (JS / "overflow.js").read_text(encoding="utf-8")


def open_page(context, url: str) -> tuple[object, dict]:
    page = context.new_page()
    seen = watch(page)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    pending = page.evaluate(SETTLE_JS)
    if pending:
        seen["console"].append(f"{pending} OJS cells were still computing after 10 s")
    return page, seen


def inspect_page(context, base_url: str, path: str) -> PageReport:
    """Open one page at the context's viewport and report every problem found on it."""
    report = PageReport(path)
    page, seen = open_page(context, urljoin(base_url, path))
    try:
        found = page.evaluate(INSPECT_JS)
        report.problems += found["problems"]
        report.problems += page.evaluate(OVERFLOW_JS)
        report.ids = set(found["ids"])
        report.links = found["links"]
    finally:
        page.close()
    report.problems += [f"console error: {text}" for text in seen["console"]]
    report.problems += [f"failed request: {text}" for text in seen["failed"]]
    return report


def broken_links(reports: list[PageReport], base_url: str) -> list[str]:
    """Every internal link whose page is missing or whose anchor is not an id on that page."""
    ids = {urljoin(base_url, r.path): r.ids for r in reports}
    problems = []
    for report in reports:
        for link in report.links:
            target, _, anchor = link.partition("#")
            relative = target[len(base_url):]
            if target not in ids and (not relative or relative.endswith("/")):
                target = urljoin(target, "index.html")  # a folder URL serves its index.html
                relative += "index.html"
            if target not in ids:
                if not (SITE / relative).is_file():
                    problems.append(f"{report.path}: link to a missing page {relative!r}")
                continue
            if anchor and unquote(anchor) not in ids[target]:
                problems.append(f"{report.path}: link to a missing anchor {relative}#{anchor}")
    return problems


def to_dark(page) -> None:
    """Switch to the dark theme with the reader's toggle (unless an earlier page in this
    browser context already did: Quarto remembers the choice)."""
    if not page.evaluate("document.body.classList.contains('quarto-dark')"):
        toggle = page.locator(".quarto-color-scheme-toggle:visible").first
        if toggle.count():
            toggle.click()
        else:  # on a phone the toggles sit in the closed menu: run what their click runs
            page.evaluate("window.quartoToggleColorScheme()")
    page.wait_for_function("document.body.classList.contains('quarto-dark')", timeout=5000)
    # Colours may fade into the new theme (CSS transitions): wait until none is running.
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running')", timeout=5000)


def dark_theme_problems(context, base_url: str, path: str) -> list[str]:
    """Switch to the dark theme with the reader's toggle and check it took effect cleanly."""
    page, seen = open_page(context, urljoin(base_url, path))
    problems = []
    try:
        toggle = page.locator(".quarto-color-scheme-toggle").first
        if toggle.count() == 0:
            return [f"{path}: no light/dark toggle"]
        to_dark(page)
        colours = page.evaluate((JS / "luminance.js").read_text(encoding="utf-8"))
        if not colours["bg"] < 0.1 < colours["fg"]:
            problems.append(f"{path}: dark theme not applied (background luminance "
                            f"{colours['bg']:.2f}, text {colours['fg']:.2f})")
        problems += [f"{path} (dark): console error: {t}" for t in seen["console"]]
        problems += [f"{path} (dark): failed request: {t}" for t in seen["failed"]]
    finally:
        page.close()
    return problems


# --- axe-core ---------------------------------------------------------------------------------

#: axe-core, installed from npm by ``make site-assets`` (pinned in cdn/package-lock.json) and
#: injected into the page by the test; no page loads it.
AXE = CDN / "node_modules" / "axe-core" / "axe.min.js"

#: The impacts that fail the accessibility test.
AXE_FAILING = ("serious", "critical")

#: axe rules switched off, each with its reason: the test prints them, and README.md lists them.
AXE_DISABLED: dict[str, str] = {}

#: Parts of the page axe does not look at, with the reason: ``{css selector: reason}``.
AXE_EXCLUDED: dict[str, str] = {}

#: One rule waived on the elements a selector matches, each with its reason: only markup that
#: Quarto's page template writes, where no theme, CSS or Quarto option changes it.
AXE_WAIVED: list[tuple[str, str, str]] = [
    ("aria-allowed-attr", ".callout-header[aria-expanded]",
     "Quarto's template writes a collapsible callout's header as a div with aria-expanded and "
     "no role; the header is not the control a reader operates (Bootstrap's collapse listens "
     "on it), and no Quarto option gives it a role."),
    ("label-content-name-mismatch", "a.pagination-link",
     "Quarto's previous/next links carry aria-label with the chapter title while their visible "
     "text also shows the chapter number; the name still holds the whole title, and no Quarto "
     "option changes the label."),
]

AXE_RUN_JS = (JS / "axe_run.js").read_text(encoding="utf-8")


@dataclass
class AxeViolation:
    rule: str
    impact: str
    page: str
    theme: str
    width: int
    target: str  # the CSS selector axe gives the offending element
    help: str
    html: str
    summary: str  # axe's failure summary: what it measured and what would fix it

    def __str__(self) -> str:
        return (f"{self.rule} ({self.impact}) on {self.page}, {self.theme} theme, "
                f"{self.width} px: {self.target}\n      {self.help}. {self.summary}\n"
                f"      element: {self.html}")


def axe_violations(page, path: str, theme: str) -> list[AxeViolation]:
    """Run axe-core on an open page; every violation, one per offending element."""
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run `make site-assets`")
    page.add_script_tag(path=str(AXE))
    options = {"resultTypes": ["violations"],
               "rules": {rule: {"enabled": False} for rule in AXE_DISABLED}}
    found = page.evaluate(AXE_RUN_JS, {"exclude": list(AXE_EXCLUDED), "options": options,
                                       "waived": [[rule, sel] for rule, sel, _ in AXE_WAIVED]})
    width = page.viewport_size["width"]
    return [AxeViolation(rule=v["id"], impact=node["impact"] or "unknown", page=path, theme=theme,
                         width=width, target=node["target"], help=v["help"],
                         html=" ".join(node["html"][:200].split()),
                         summary=" ".join(node["summary"].split()))
            for v in found for node in v["nodes"]]


def axe_page(context, base_url: str, path: str, theme: str) -> tuple[list[AxeViolation], list[str]]:
    """Open a page in the given theme ("light" or "dark"), run axe on it; return its
    violations and any console error or failed request seen on the way."""
    page, seen = open_page(context, urljoin(base_url, path))
    try:
        if theme == "dark":
            to_dark(page)
        violations = axe_violations(page, path, theme)
    finally:
        page.close()
    return violations, [*seen["console"], *seen["failed"]]
