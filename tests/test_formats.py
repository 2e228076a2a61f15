"""The PDF and the EPUB: their settings in `_quarto.yml`, the LaTeX stand-in for fontawesome5,
and the layout check `make pdf` runs (code/build/check_pdf.py), tested on planted faults.

The formats themselves are built by `make formats` (in `make test`): `make pdf` fails on any
overfull box or word outside the text block, `make epub` on any epubcheck error or warning, and
the site tests check that the site's download links reach both files.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "code" / "build"))
import check_pdf  # noqa: E402 - the build's own check

CONFIG = yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))
FORMATS = CONFIG["format"]


def test_the_book_offers_pdf_and_epub_downloads_named_after_it():
    assert CONFIG["book"]["downloads"] == ["pdf", "epub"]
    assert CONFIG["book"]["output-file"] == "sequence-models-executed"
    assert check_pdf.book_pdf() == ROOT / "_book" / "sequence-models-executed.pdf"


def test_pdf_settings_name_files_that_exist_and_fonts_debian_ships():
    pdf = FORMATS["pdf"]
    assert pdf["pdf-engine"] == "xelatex"
    assert (ROOT / pdf["include-in-header"]).is_file()
    assert pdf["number-sections"] is True and pdf["toc"] is True
    assert set(check_pdf.margins_mm()) >= {"left", "right", "bottom"}


def test_epub_renders_math_as_mathml_and_its_css_exists():
    epub = FORMATS["epub"]
    assert epub["html-math-method"] == "mathml"  # no script runs in an e-reader
    assert (ROOT / epub["css"]).is_file()


def test_make_test_builds_every_format_before_the_site_tests():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = re.search(r"^test: (.*)$", makefile, re.M).group(1).split()
    assert test.index("book") < test.index("formats") < test.index("test-site")
    assert re.search(r"^formats: pdf epub$", makefile, re.M)
    # the files make copies into _book/ are the ones Quarto names after output-file
    assert re.search(rf"^BOOK_FILE\s*:= {CONFIG['book']['output-file']}$", makefile, re.M)


def _quarto_callouts() -> Path | None:
    quarto = shutil.which("quarto")
    if quarto is None:
        return None
    # the install's own folder (bin/quarto's parent): a bundle keeps its resources in
    # share/, a build from source in quarto-cli/src/; never search above it
    prefix = Path(quarto).resolve().parents[1]
    return next(prefix.glob("**/resources/filters/modules/callouts.lua"), None)


def test_the_fontawesome_stand_in_defines_every_icon_quartos_callouts_use():
    sty = (ROOT / "book" / "latex" / "fontawesome5.sty").read_text(encoding="utf-8")
    defined = set(re.findall(r"\\newcommand\{\\(fa\w+)\}", sty))
    callouts = _quarto_callouts()
    if callouts is None:
        pytest.skip("no Quarto installed: cannot read which icons its callouts use")
    used = set(re.findall(r'fa_icon = "(fa\w+)"', callouts.read_text(encoding="utf-8")))
    assert used, f"found no icons in {callouts}: has Quarto's callout code moved?"
    assert used <= defined, f"the stand-in lacks {sorted(used - defined)}"


# --- the layout check, on planted pages ----------------------------------------------------------

A4 = (595.28, 841.89)
MARGINS = {"left": 25.0, "right": 25.0, "bottom": 25.0, "top": 25.0}
LEFT, RIGHT = 25 * check_pdf.MM, A4[0] - 25 * check_pdf.MM
BOTTOM = A4[1] - 25 * check_pdf.MM


def _word(text, x0, x1, y0, page=1):
    return check_pdf.Word(page, text, x0, y0, x1, y0 + 10)


def test_words_inside_the_text_block_and_the_page_number_pass():
    words = [_word("A", LEFT, LEFT + 20, 100), _word("line.", RIGHT - 30, RIGHT + 2, 100),
             _word("17", A4[0] / 2 - 5, A4[0] / 2 + 5, BOTTOM + 20)]
    assert check_pdf.words_outside(words, [A4], MARGINS) == []


def test_a_word_past_either_edge_or_below_the_block_is_reported_with_its_page():
    words = [_word("running", LEFT, RIGHT + 40, 200, page=2),
             _word("indented", LEFT - 30, LEFT, 300, page=2),
             _word("return", LEFT, LEFT + 40, BOTTOM + 20, page=3)]
    found = check_pdf.words_outside(words, [A4, A4, A4], MARGINS)
    assert len(found) == 3
    assert found[0].startswith("p. 2: ends 40 pt right") and "running" in found[0]
    assert found[1].startswith("p. 2: starts 30 pt left")
    assert found[2] == "p. 3: below the text block: 'return'"


def test_overfull_boxes_above_the_limit_are_reported_and_small_ones_pass():
    log = ("Overfull \\hbox (0.5pt too wide) in paragraph at lines 1--2\n"
           "Overfull \\hbox (58.3pt too wide) detected at line 4211\n"
           "Overfull \\vbox (33.2pt too high) detected at line 8754\n")
    found = check_pdf.overfull_boxes(log)
    assert found == ["overfull \\hbox, 58.3 pt, detected at line 4211",
                     "overfull \\vbox, 33.2 pt, detected at line 8754"]


def test_undefined_references_and_missing_glyphs_are_reported():
    log = ("LaTeX Warning: Reference `fig-x' on page 3 undefined on input line 40.\n"
           "LaTeX Warning: Citation `bengio1994' on page 4 undefined on input line 51.\n"
           "Missing character: There is no \u2605 (U+2605) in font [lmroman10-bold]!\n"
           "LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.\n")
    found = check_pdf.silent_failures(log)
    assert len(found) == 3 and not any("Rerun" in line for line in found)


def test_the_geometry_must_give_the_margins_in_millimetres(tmp_path):
    bad = tmp_path / "_quarto.yml"
    bad.write_text("format:\n  pdf:\n    geometry: [margin=1in]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must set"):
        check_pdf.margins_mm(bad)
