r"""One notation across the book, as the preface states it (index.qmd, "Notation").

The input matrix is $W_{xh}$, the recurrent matrix $W_{hh}$, the input width $D$ and the
state width $H$. Appendix A alone follows PyTorch's parameter names and writes $W_{ih}$. A
gate's own matrices keep PyTorch's names, $W_{i\cdot}$ and $W_{h\cdot}$ with the gate's
letter (i, f, g, o for the LSTM; r, z, n for the GRU); any other input-side name is flagged.
"""

from __future__ import annotations

import re

import pytest

from bookfiles import ROOT, book_files

#: (variant, what the preface writes instead)
VARIANTS = {r"W_x(?![{a-zA-Z_])": "W_{xh}", r"W_h(?![{a-zA-Z_])": "W_{hh}",
            r"\bd_x\b": "D", r"\bd_h\b": "H", r"W_\{ih\}": "W_{xh}",
            r"W_\{i[^ifgorznh\\]": "W_{i} with a gate's letter",
            r"W_\{h[^ifgorznhy\\]": "W_{h} with a gate's letter"}
#: Pages that may write a variant, with the reason.
ALLOWED = {("appendix-a-rnn-details.qmd", r"W_\{ih\}"): "follows PyTorch's weight_ih by name",
           ("index.qmd", r"W_\{ih\}"): "the preface names the variant Appendix A writes"}
MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)


def variants_in(text: str, page: str) -> list[str]:
    found = []
    for math in MATH.findall(text):
        for variant, instead in VARIANTS.items():
            if (page, variant) not in ALLOWED and re.search(variant, math):
                found.append(f"{page}: {math.strip()[:60]!r} writes {variant}, not {instead}")
    return found


@pytest.mark.parametrize("page", [p.name for p in book_files()])
def test_every_page_uses_the_prefaces_notation(page):
    path = next(p for p in book_files() if p.name == page)
    assert variants_in(path.read_text(encoding="utf-8"), page) == []


def test_the_check_flags_each_variant():
    planted = "Let $h_t = \\tanh(W_x x_t + W_h h_{t-1})$ with $d_x$ inputs, $d_h$ units, $W_{ih}$."
    assert len(variants_in(planted, "01-sequences.qmd")) == 5
    assert variants_in("$W_{xh} x_t + W_{hh} h$, $W_{hf}$, $W_{in}$, $D$ and $H$", "x.qmd") == []
    assert len(variants_in("$W_{iq} x$ and $W_{hk} h$", "x.qmd")) == 2
    assert variants_in("$W_{ih} x_t$", "appendix-a-rnn-details.qmd") == []
    assert (ROOT / "index.qmd").read_text(encoding="utf-8").count("W_{xh}") >= 1
