"""Every page of the rendered book, opened offline in a real Chromium, at 1280 px and 390 px
wide and in the dark theme: no console error, no failed or external request, no OJS error,
no unresolved reference, no unrendered TeX, alt text and captions everywhere, listings that
show their code, internal links that land, and no sideways scroll."""

from __future__ import annotations

import re

import pytest
import sitecheck
from conftest import make_context

PAGES = sitecheck.page_paths()


@pytest.fixture(scope="module")
def reports(browser, base_url):
    """One visit per page and viewport, shared by the tests below."""
    found = {}
    for name, viewport in (("desktop", sitecheck.DESKTOP), ("mobile", sitecheck.MOBILE)):
        context = make_context(browser, viewport)
        try:
            found[name] = [sitecheck.inspect_page(context, base_url, p) for p in PAGES]
            found[name + "-external"] = list(context.external_requests)
        finally:
            context.close()
    return found


def test_every_page_quarto_lists_was_rendered():
    missing = [p for p in PAGES if not (sitecheck.SITE / p).is_file()]
    assert not missing, f"pages missing from _book/: {missing}"


@pytest.mark.parametrize("index", range(len(PAGES)), ids=PAGES)
def test_page_has_no_problems_on_a_desktop(reports, index):
    report = reports["desktop"][index]
    assert not report.problems, f"{report.path}:\n  " + "\n  ".join(report.problems)


@pytest.mark.parametrize("index", range(len(PAGES)), ids=PAGES)
def test_page_has_no_problems_on_a_phone(reports, index):
    report = reports["mobile"][index]
    assert not report.problems, f"{report.path} at 390 px:\n  " + "\n  ".join(report.problems)


def test_no_request_leaves_the_machine_unanswered(reports):
    external = sorted(set(reports["desktop-external"] + reports["mobile-external"]))
    assert not external, ("requests to hosts that are neither loopback nor a CDN package "
                          f"with a local copy (add it to tests/site/cdn/package.json): {external}")


def test_every_internal_link_and_anchor_resolves(reports, base_url):
    problems = sitecheck.broken_links(reports["desktop"], base_url)
    assert not problems, "\n".join(problems)


def test_every_page_works_in_the_dark_theme(browser, base_url):
    context = make_context(browser, sitecheck.DESKTOP)
    try:
        problems = [p for path in PAGES
                    for p in sitecheck.dark_theme_problems(context, base_url, path)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


# A cell whose last expression returns an object prints its default repr, such as
# `<torch._C.Generator at 0x7f8f861ac8f0>`: noise to a reader, and a different address on
# every run. (`_ = torch.manual_seed(0)` keeps it quiet.)
OBJECT_REPR = r"&lt;[\w.]+(?: object)? at 0x[0-9a-f]+&gt;"


def test_no_cell_output_is_an_objects_default_repr():
    found = [f"{p}: {m.group(0)}" for p in PAGES
             for m in re.finditer(OBJECT_REPR, (sitecheck.SITE / p).read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_repr_pattern_finds_what_it_is_for():
    assert re.search(OBJECT_REPR, "<pre><code>&lt;torch._C.Generator at 0x7f8f861ac8f0&gt;")
    assert re.search(OBJECT_REPR, "&lt;dlbook.charlm.CharLSTM object at 0x7f00aa&gt;")
    assert not re.search(OBJECT_REPR, "&lt;torch.Tensor of shape (3, 4)&gt;")


#: An inline expression Quarto did not evaluate (one that ran onto a second line, say) stays in
#: the page as `{python} expr`, code shown to the reader in place of its value.
UNEVALUATED = re.compile(r"\{python\}")


def test_no_page_shows_an_inline_expression_instead_of_its_value():
    # code blocks may show the marker as code (the ledger prints conditions that look for it);
    # an unevaluated inline expression sits in running text, outside any <pre>
    found = [f"{p}: ...{text[max(0, m.start() - 60):m.end() + 40]}..." for p in PAGES
             for text in [re.sub(r"<pre\b.*?</pre>", "", (sitecheck.SITE / p).read_text(
                 encoding="utf-8"), flags=re.S)]
             for m in UNEVALUATED.finditer(text)]
    assert not found, "\n".join(found)


def test_the_ledger_links_every_claim_to_its_sentence():
    """Appendix D has one "go to the sentence" link per claim, and each lands on an element of
    that id on its page (the claim's anchor, or the figure it is about)."""
    from dlbook.book import claim_scan, ledger

    def target(a, page, path):  # a panel has no static figure on the site: its page's heading
        return (ledger.chapter_id(path) if a.startswith("fig-panel-")
                else a if a in page.figures else f"claim-{a}")

    claims_in_book = {(str(path.relative_to(ledger.ROOT)).replace(".qmd", ".html"),
                       target(a, page, path))
                      for path in ledger.book_pages()
                      for page in [claim_scan.read_page(path)]
                      for a in page.backings}
    html = (sitecheck.SITE / "book" / "appendix-d-claims.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"#]+)#([^"]+)"[^>]*>go to the sentence</a>', html)
    found = {(str((sitecheck.SITE / "book" / page).resolve().relative_to(
        sitecheck.SITE.resolve())), anchor) for page, anchor in links}
    assert len(links) == len(found) == len(claims_in_book)
    assert found == claims_in_book
    for page, anchor in found:
        text = (sitecheck.SITE / page).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in text, f"{page} has no element with id {anchor}"
