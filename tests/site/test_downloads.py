"""The book's downloads: every page of the site links the whole book as a PDF and as an EPUB
(Quarto's book ``downloads``), and each link resolves, over HTTP from the served `_book/`, to a
file of that format in `_book/`. `make formats` writes both beside the site that `make book`
rendered; a site rendered without them fails here, since its download links are dead.
"""

from __future__ import annotations

import io
import zipfile
from urllib.request import urlopen

import pytest
import sitecheck

PAGES = sitecheck.page_paths()
FORMATS = (".pdf", ".epub")


@pytest.fixture(scope="module")
def links(base_url):
    return {page: sitecheck.file_links(base_url, page, FORMATS) for page in PAGES}


def _kind(data: bytes) -> str:
    """What a downloaded file is, judged by its bytes: ``pdf``, ``epub`` or a description."""
    if data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]:
        return "pdf"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as book:
            first = book.infolist()[0]
            # EPUB's container rule: the first entry is `mimetype`, stored, naming the type.
            if (first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
                    and book.read(first) == b"application/epub+zip"):
                return "epub"
            return "a zip archive that is no EPUB"
    except zipfile.BadZipFile:
        return f"neither a PDF nor an EPUB (it starts {data[:16]!r})"


def test_every_page_links_one_pdf_and_one_epub_of_the_whole_book(links):
    problems = []
    for page, urls in links.items():
        for suffix in FORMATS:
            found = sorted({u.split("#")[0] for u in urls if u.split("#")[0].endswith(suffix)})
            if len(found) != 1:
                problems.append(f"{page}: {len(found)} distinct {suffix} downloads ({found})")
    targets = {page: sorted({u.split("#")[0] for u in urls}) for page, urls in links.items()}
    if len({tuple(t) for t in targets.values()}) > 1:
        problems.append(f"pages link different downloads: {targets}")
    assert not problems, "\n".join(problems)


def test_every_download_link_resolves_to_a_file_of_its_format(links, base_url):
    problems = []
    for url in sorted({u.split("#")[0] for urls in links.values() for u in urls}):
        relative = url[len(base_url):] if url.startswith(base_url) else None
        if relative is None or not (sitecheck.SITE / relative).is_file():
            problems.append(f"{url} is not a file in _book/: run `make formats` after "
                            "`make book`")
            continue
        with urlopen(url) as response:
            kind = _kind(response.read())
        if kind != relative.rsplit(".", 1)[1]:
            problems.append(f"{relative} is {kind}")
    assert not problems, "\n".join(problems)


def test_the_kind_check_tells_the_formats_apart():
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w") as book:
        book.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        book.writestr("EPUB/content.opf", "<package/>")
    deflated = io.BytesIO()
    with zipfile.ZipFile(deflated, "w") as book:
        book.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_DEFLATED)
    assert _kind(b"%PDF-1.5\n...\n%%EOF\n") == "pdf"
    assert _kind(stored.getvalue()) == "epub"
    assert _kind(deflated.getvalue()) == "a zip archive that is no EPUB"
    assert _kind(b"<!DOCTYPE html>").startswith("neither")
