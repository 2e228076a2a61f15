"""The book's bounds are printed on the side their sentence promises (dlbook.book.numbers)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlbook.book.numbers import band_text, ceil_sci, floor_sci, listed
from dlbook.stats import Mean


def test_floor_sci_rounds_down_where_rounding_would_go_up():
    assert floor_sci(3.98e-5) == "3 × 10⁻⁵"  # f"{3.98e-5:.0e}" prints 4e-05
    assert floor_sci(1.55e-3) == "1 × 10⁻³"
    assert floor_sci(1.55e-3, digits=2) == "1.5 × 10⁻³"
    assert floor_sci(7.0) == "7"
    assert floor_sci(1e-20) == "1 × 10⁻²⁰"
    assert floor_sci(12345.0) == "1 × 10⁴"
    # log10 of a value just below a power of ten rounds up to it: still the digit 9
    assert floor_sci(9.999999999999346e299) == "9 × 10²⁹⁹"


@given(st.floats(min_value=1e-300, max_value=1e300), st.integers(1, 4))
def test_the_printed_bound_never_exceeds_the_value(value, digits):
    printed = floor_sci(value, digits)
    mantissa, _, power = printed.partition(" × 10")
    power = power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
    bound = float(mantissa) * (10.0 ** int(power) if power else 1.0)
    assert bound <= value * (1 + 1e-12)  # the float product may round by an ulp
    assert bound > value / 10  # and lies within the value's order of magnitude


@pytest.mark.parametrize("bad", [0.0, -1.0, float("nan"), float("inf"), True, "1"])
def test_floor_sci_refuses_what_is_no_positive_number(bad):
    with pytest.raises(ValueError, match="value must be"):
        floor_sci(bad)


def test_ceil_sci_rounds_up_where_rounding_would_go_down():
    assert ceil_sci(1.2e-14) == "2 × 10⁻¹⁴"  # f"{1.2e-14:.0e}" prints 1e-14
    assert ceil_sci(9.5e-3) == "1 × 10⁻²"
    assert ceil_sci(3.0) == "3"


@given(st.floats(min_value=1e-300, max_value=1e300), st.integers(1, 4))
def test_the_printed_upper_bound_is_never_below_the_value(value, digits):
    mantissa, _, power = ceil_sci(value, digits).partition(" × 10")
    power = power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
    bound = float(mantissa) * (10.0 ** int(power) if power else 1.0)
    assert bound >= value * (1 - 1e-9) and bound <= value * 10


def test_listed_joins_values_as_a_sentence_lists_them():
    assert listed([0.1, 0.2, 0.3], "g") == "0.1, 0.2 and 0.3"
    assert listed((100, 101), "d") == "100 and 101"
    assert listed([7], "d") == "7"
    with pytest.raises(ValueError, match="values must hold at least one"):
        listed([], "g")


def test_band_text_prints_a_mean_and_its_interval():
    band = Mean(mean=1.4354, n=5, low=1.4312, high=1.43961)
    assert band_text(band) == "1.435 (1.431 to 1.440)"
    assert band_text(band, 1) == "1.4 (1.4 to 1.4)"
    with pytest.raises(ValueError, match="digits must be"):
        band_text(band, -1)
