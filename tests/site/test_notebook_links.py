"""Every chapter page links its Jupyter notebook, and every notebook link on the site resolves,
over HTTP from the served `_book/`, to a valid notebook: the one the generator writes now."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import urlopen

import nbformat
import pytest
import sitecheck

sys.path.insert(0, str(sitecheck.ROOT / "code" / "build"))
import notebooks  # noqa: E402 - the build's own generator

PAGES = sitecheck.page_paths()


@pytest.fixture(scope="module")
def links(base_url):
    return {page: sitecheck.file_links(base_url, page, (".ipynb",)) for page in PAGES}


@pytest.mark.parametrize("page", [p for p in PAGES if p.startswith("book/")])
def test_every_chapter_page_links_its_own_notebook(links, base_url, page):
    expected = urljoin(base_url, f"notebooks/{Path(page).stem}.ipynb")
    assert links[page] == [expected], f"{page} links {links[page]}, not its notebook"


def test_every_notebook_link_is_a_valid_notebook_of_the_current_source(links, base_url):
    problems = []
    for page, urls in links.items():
        for url in urls:
            relative = url[len(base_url):] if url.startswith(base_url) else None
            if relative is None or not (sitecheck.SITE / relative).is_file():
                problems.append(f"{page}: {url} is not a file in _book/")
                continue
            with urlopen(url) as response:
                text = response.read().decode("utf-8")
            try:
                nb = nbformat.reads(text, as_version=4)
                nbformat.validate(nb)
            except Exception as error:  # not JSON, not a notebook, or not valid nbformat
                problems.append(f"{page}: {relative} is not a valid notebook: {error!r:.200}")
                continue
            source = sitecheck.ROOT / "book" / Path(relative).with_suffix(".qmd").name
            if nb != notebooks.chapter_notebook(source):
                problems.append(f"{page}: {relative} is stale: render the book again")
    assert not problems, "\n".join(problems)
