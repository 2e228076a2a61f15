"""Numbers as the book prints them when a sentence states a bound.

"At least x" printed from a value rounded *up* can be false as printed: 3.98e-5 rounds to
4e-5, and the smallest gap is not at least 4e-5. These helpers round toward the side the
sentence promises, so the printed bound is true of the value it came from. They print plain
text, not TeX: an inline value's backslashes do not survive Quarto's escaping into the
EPUB's MathML.
"""

from __future__ import annotations

import math
from collections.abc import Callable

SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def floor_sci(value: float, digits: int = 1) -> str:
    """``value`` (> 0) rounded *down* to ``digits`` significant digits, for "at least":
    ``floor_sci(3.98e-5) == "3 × 10⁻⁵"``."""
    return _scientific(value, digits, math.floor)


def ceil_sci(value: float, digits: int = 1) -> str:
    """``value`` (> 0) rounded *up* to ``digits`` significant digits, for "below" or "at most":
    ``ceil_sci(1.2e-14) == "2 × 10⁻¹⁴"``."""
    # the 1e-12 keeps a value that is exactly on a digit (3.0) from rounding up past it
    return _scientific(value, digits, lambda m: math.ceil(m - 1e-12))


def _scientific(value: float, digits: int, to_integer: Callable[[float], int]) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 < value < math.inf):
        raise ValueError(f"value must be a finite number > 0, got {value!r}")
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise ValueError(f"digits must be an int >= 1, got {digits!r}")
    exponent = math.floor(math.log10(value))
    if 10.0 ** exponent > value:  # log10 rounded up just below a power of ten
        exponent -= 1
    scale = 10 ** (digits - 1)
    mantissa = to_integer(value / 10.0 ** exponent * scale) / scale
    if mantissa >= 10:  # log10 rounded down at a power of ten, or 9.5 rounded up to 10
        mantissa, exponent = mantissa / 10, exponent + 1
    shown = f"{mantissa:.{digits - 1}f}"
    return shown if exponent == 0 else f"{shown} × 10{str(exponent).translate(SUPERSCRIPT)}"


def number(value: float, digits: int = 3) -> str:
    """``value`` to ``digits`` decimals with a true minus sign: ``number(-0.0123) == "−0.012"``."""
    return f"{value:.{digits}f}".replace("-", "−")


def interval(difference, digits: int = 3) -> str:
    """A :class:`dlbook.stats.Difference` with its interval, as a sentence prints it:
    ``"0.103 (95% interval 0.049 to 0.158)"``."""
    from dlbook.stats import CONFIDENCE

    low, high = number(difference.low, digits), number(difference.high, digits)
    return f"{number(difference.estimate, digits)} ({CONFIDENCE:.0%} interval {low} to {high})"


def listed(values, fmt: str = "") -> str:
    """``values`` as a sentence lists them, each formatted with ``fmt``:
    ``listed([0.1, 0.2, 0.3], "g") == "0.1, 0.2 and 0.3"``."""
    texts = [format(v, fmt) for v in values]
    if not texts:
        raise ValueError("values must hold at least one value to list, got none")
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def band_text(band, digits: int = 3) -> str:
    """A mean with its interval (a :class:`dlbook.stats.Mean`, or anything with ``mean``,
    ``low`` and ``high``) as a table cell prints it: ``"1.436 (1.431 to 1.440)"``."""
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits must be an int >= 0, got {digits!r}")
    return f"{band.mean:.{digits}f} ({band.low:.{digits}f} to {band.high:.{digits}f})"
