"""Every sentence of the book that states a result of its runs is backed by a claim.

The convention and the scan live in :mod:`dlbook.book.claim_scan`: a sentence with a result
word typed in its prose ends with ``[]{#claim-ID}`` and a cell of its page asserts
``claim ID: ...`` or calls ``check("ID", ...)``; a sentence about mathematics, definitions,
the literature or the design carries ``<!-- exempt: REASON -->``. The scan reads the whole
body of every page: paragraphs, list items, table rows, captions, callouts, summaries, alt
text and the preface. The planted tests below put a result sentence in each kind of place
and check that the scan catches it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bookfiles import ROOT, book_files
from dlbook.book.claim_scan import check_page, read_page

PAGES = book_files()


def _scan(path: Path):
    return read_page(path, preface=path.resolve() == (ROOT / "index.qmd").resolve())


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_every_claim_on_the_page_is_backed(path):
    problems = check_page(_scan(path))
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)


def test_claim_ids_are_unique_in_the_book():
    counts = Counter(a for path in PAGES for a, _, _ in _scan(path).anchors)
    twice = sorted(a for a, n in counts.items() if n > 1)
    assert not twice, f"claim ids used more than once: {twice}"


# --- The checker on planted text ------------------------------------------------------------

def planted(text: str, *, preface: bool = False) -> list[str]:
    return check_page(read_page(Path("planted.qmd"), text=text, preface=preface))


FIGURE = '''
```{{python}}
#| label: fig-demo
#| fig-cap: "A demo."
#| fig-alt: "{alt}"
{body}plt.show()
```
'''


def test_planted_alt_text_with_a_result_and_no_assert_fails():
    problems = planted(FIGURE.format(alt="Two curves; the LSTM decays far more slowly.", body=""))
    assert len(problems) == 1 and "fig-demo" in problems[0] and "decays" in problems[0]


def test_planted_alt_text_with_its_assert_passes():
    body = 'assert slope_lstm > slope_rnn, "claim fig-demo: the LSTM decays more slowly"\n'
    assert planted(FIGURE.format(alt="Two curves; the LSTM decays far more slowly.",
                                 body=body)) == []


def test_planted_alt_text_that_only_describes_axes_passes():
    assert planted(FIGURE.format(alt="Loss on a log axis against the step, one line per model.",
                                 body="")) == []


def test_planted_summary_bullet_without_marker_fails():
    text = "# Chapter\n\n## Summary\n\n- The LSTM beats the GRU on every seed.\n- Plain fact.\n"
    problems = planted(text)
    assert len(problems) == 1 and "planted.qmd:5" in problems[0] and "beats" in problems[0]


def test_planted_verdict_typed_beside_an_inline_number_still_fails():
    text = "## Summary\n\nThe gradient fell by a factor of `{python} drop_s` over sixty steps.\n"
    problems = planted(text)
    assert len(problems) == 1 and "fell" in problems[0]


def test_planted_summary_bullet_with_marker_and_assert_passes():
    text = ("## Summary\n\n- The LSTM beats the GRU on these seeds. []{#claim-lstm-beats}\n"
            "\n```{python}\nassert lstm > gru, \"claim lstm-beats: the LSTM beats the GRU\"\n```\n")
    assert planted(text) == []


def test_planted_marker_without_assert_fails():
    text = "Body text that wins. []{#claim-orphan}\n"
    problems = planted(text)  # the anchor has no condition, so the sentence is unbacked too
    assert len(problems) == 2 and "orphan" in problems[0] and "no `assert" in problems[0]


def test_planted_assert_without_marker_fails():
    text = '```{python}\nassert a > b, "claim nowhere: a beats b"\n```\n'
    problems = planted(text)
    assert len(problems) == 1 and "nowhere" in problems[0]


def test_planted_assert_that_cannot_fail_is_rejected():
    text = ('- It wins. []{#claim-always}\n\n'
            '```{python}\nassert True, "claim always: it wins"\n```\n')
    problems = planted(text)
    assert len(problems) == 1 and "constant" in problems[0]


def test_planted_callout_and_preface_lines_are_scanned():
    callout = "::: {.callout-tip}\n## Tip\n\nThe default LSTM fails here.\n:::\n"
    assert len(planted(callout)) == 1
    assert len(planted("Body prose that says the GRU fell behind is read too.\n")) == 1
    assert len(planted("Gating beats initialisation.\n", preface=True)) == 1


def test_planted_marker_backs_only_its_own_sentence():
    text = ("## Summary\n\n- The RNN fails. The LSTM wins. []{#claim-lstm-wins}\n"
            "\n```{python}\nassert lstm_acc > 0.9, \"claim lstm-wins: the LSTM wins\"\n```\n")
    problems = planted(text)
    assert len(problems) == 1 and "The RNN fails." in problems[0]


@pytest.mark.parametrize("text", [
    "A paragraph of the body where the LSTM wins.\n",
    "- A list item: every run solved it.\n",
    "1. A numbered item: none of the runs got beyond ten.\n",
    "| GRU | fell to chance |\n|---|---|\n",
    ": The GRU is slower than the LSTM. {#tbl-demo}\n",
    "```{python}\n#| label: fig-x\n#| fig-cap: \"At least 13 orders separate them.\"\nx = 1\n```\n",
    "```{python}\n#| label: tbl-x\n#| tbl-cap: \"The vanilla RNN beats both gates.\"\nx = 1\n```\n",
    "![Plot](f.png){#fig-y fig-alt=\"The loss falls to zero.\"}\n",
])
def test_planted_result_sentences_are_caught_in_every_kind_of_place(text):
    problems = planted(text)
    assert len(problems) == 1, problems


def test_planted_exemption_needs_a_reason_and_a_result_word():
    assert planted("The bound vanishes as T grows. <!-- exempt: mathematics, eq-bound -->\n") == []
    assert "must say why" in planted("The bound vanishes. <!-- exempt: -->\n")[0]
    stale = planted("A plain sentence. <!-- exempt: mathematics -->\n")
    assert len(stale) == 1 and "remove the exemption" in stale[0]


def test_planted_check_call_backs_its_claim_and_only_once():
    body = "The chrono LSTM ties with +1. []{#claim-ties}\n\n"
    assert planted(body + '```{python}\ncheck("ties", runs, chrono)\n```\n') == []
    twice = planted(body + '```{python}\ncheck("ties", a)\nassert b, "claim ties: tie"\n```\n')
    assert len(twice) == 1 and "backed 2 times" in twice[0]
