"""The listing helper prints the live source as a Quarto listing div."""

from __future__ import annotations

import inspect

import pytest

from dlbook.book.listings import listing_markdown, show_listing
from dlbook.training import fit_next_token


def test_listing_holds_the_live_source_in_the_documented_shape():
    text = listing_markdown(fit_next_token, label="lst-fit", caption="The next-token trainer")
    assert text.startswith("::: {#lst-fit}\n\n```python\n")
    assert inspect.getsource(fit_next_token) in text
    assert "The next-token trainer (`dlbook.training.fit_next_token`)." in text
    assert text.rstrip().endswith(":::")
    # the caption sits between the closing fence and the closing div
    body = text.split("```")
    assert len(body) == 3 and "The next-token trainer" in body[2]


def test_show_listing_prints(capsys):
    show_listing(fit_next_token, label="lst-fit")
    assert capsys.readouterr().out.startswith("::: {#lst-fit}")


@pytest.mark.parametrize("label", ["fit", "lst-", "lst-Fit", "fig-fit"])
def test_bad_labels_are_refused(label):
    with pytest.raises(ValueError, match="label must match"):
        listing_markdown(fit_next_token, label=label)


def test_only_functions_and_classes():
    with pytest.raises(TypeError, match="function or class"):
        listing_markdown(42, label="lst-x")
