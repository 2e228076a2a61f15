"""The claim ledger (Appendix D) and the registry of claims written as functions of records."""

from __future__ import annotations

import pytest

from dlbook.book import claims, ledger

PAGE = '''# A page {#sec-page}

The LSTM solved more runs than the GRU. []{#claim-demo-more}

- Every run finished. []{#claim-demo-every}

```{python}
#| label: fig-demo
#| fig-cap: "A demo."
#| fig-alt: "The loss falls below one."
assert losses[-1] < 1, "claim fig-demo: the loss falls below one"
assert all(r["done"] for r in runs), "claim demo-every: every run finished"
check("demo-more", load_study("demo-study"))
```
'''


@pytest.fixture
def book(tmp_path, monkeypatch):
    (tmp_path / "_quarto.yml").write_text("book:\n  chapters:\n    - index.qmd\n    - page.qmd\n")
    (tmp_path / "index.qmd").write_text("# Preface\n\nNothing measured here.\n")
    (tmp_path / "page.qmd").write_text(PAGE)
    verdict = {"holds": True}

    def more(records: list[dict]) -> bool:
        return sum(r["lstm"] for r in records) > sum(r["gru"] for r in records) and \
            verdict["holds"]

    monkeypatch.setitem(claims.REGISTRY, "demo-more", claims.Claim(
        "demo-more", "the LSTM solved more runs than the GRU", ("demo-study",), more))
    monkeypatch.setattr(claims, "chapter_modules", lambda: [])
    return tmp_path, verdict


def _load(name: str) -> list[dict]:
    assert name == "demo-study"
    return [{"lstm": 1, "gru": 0}, {"lstm": 1, "gru": 1}]


def test_the_ledger_lists_every_claim_once_with_its_sentence_and_condition(book):
    root, _ = book
    entries = ledger.ledger_entries(_load, {"demo-study"}, root=root)
    assert [e.id for e in entries] == ["demo-more", "demo-every", "fig-demo"]
    more, every, figure = entries
    assert more.sentence == "The LSTM solved more runs than the GRU."
    assert more.target == "claim-demo-more" and more.evaluated is True
    assert "def more(records" in more.condition and more.studies == ("demo-study",)
    assert every.sentence == "Every run finished." and every.evaluated is None
    assert every.condition == 'all(r["done"] for r in runs)'
    assert every.studies == ("demo-study",)  # the page names the study in its code
    assert figure.target == "fig-demo" and figure.sentence == "The loss falls below one."
    text = ledger.ledger_markdown(entries)
    for entry in entries:
        assert text.count(f"(../page.qmd#{entry.target})") == 1
        assert f"*Sentence:* {entry.sentence}" in text
    assert "held when evaluated here" in text and "held when its page last executed" in text


def test_a_claim_that_does_not_hold_on_the_records_stops_the_ledger(book):
    root, verdict = book
    verdict["holds"] = False
    with pytest.raises(AssertionError, match="claim demo-more: the LSTM solved more"):
        ledger.ledger_entries(_load, {"demo-study"}, root=root)


def test_check_raises_with_the_sentence_and_refuses_a_non_boolean(monkeypatch):
    monkeypatch.setitem(claims.REGISTRY, "demo-x", claims.Claim(
        "demo-x", "x is positive", (), lambda x: x > 0))
    claims.check("demo-x", 1)
    assert claims.holds("demo-x", -1) is False
    with pytest.raises(AssertionError, match="claim demo-x: x is positive"):
        claims.check("demo-x", -1)
    monkeypatch.setitem(claims.REGISTRY, "demo-y", claims.Claim(
        "demo-y", "y", (), lambda y: y))  # returns the number itself, truthy or not
    with pytest.raises(TypeError, match="True or False"):
        claims.holds("demo-y", 3)


def test_a_claim_id_registered_by_two_functions_is_refused(monkeypatch):
    monkeypatch.setattr(claims, "REGISTRY", {})

    @claims.claim("demo-twice", says="first")
    def first() -> bool:
        return True

    with pytest.raises(ValueError, match="registered twice"):
        @claims.claim("demo-twice", says="second")
        def second() -> bool:
            return True


def test_every_registered_claim_is_anchored_in_the_book():
    from dlbook.book import claim_scan

    registry = claims.load_all()
    used = {call for path in ledger.book_pages()
            for call in claim_scan.read_page(path).backings}
    assert set(registry) <= used, f"claims no page checks: {sorted(set(registry) - used)}"


def test_an_inline_value_inside_maths_is_shown_as_tex_not_as_code():
    shown = ledger._shown(r"a loss of $\ln `{python} N_KEYS`$ nats, `{python} gap_s` apart")
    assert shown == r"a loss of $\ln \mathtt{N\_KEYS}$ nats, `gap_s` apart"


def test_the_books_ledger_evaluates_every_claim_on_the_committed_records():
    """What Appendix D's cell does at render: each claim a page backs with ``check`` is
    evaluated from its studies' records alone, so its condition must need nothing else."""
    from functools import lru_cache

    from dlbook.studies.experiments import STUDIES, load_study

    entries = ledger.ledger_entries(lru_cache(maxsize=None)(load_study), set(STUDIES))
    assert entries and all(entry.evaluated is not False for entry in entries)
    assert sum(entry.evaluated is True for entry in entries) > 50  # the record claims ran
