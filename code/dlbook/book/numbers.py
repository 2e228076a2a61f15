"""Numbers as the book prints them when a sentence states a bound.

"At least x" printed from a value rounded *up* can be false as printed: 3.98e-5 rounds to
4e-5, and the smallest gap is not at least 4e-5. These helpers round toward the side the
sentence promises, so the printed bound is true of the value it came from.
"""

from __future__ import annotations

import math

SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def floor_sci(value: float, digits: int = 1) -> str:
    """``value`` (> 0) rounded *down* to ``digits`` significant digits, for "at least":
    ``floor_sci(3.98e-5) == "3 × 10⁻⁵"``. Plain text, not TeX: an inline value's backslashes
    do not survive Quarto's escaping into the EPUB's MathML."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 < value < math.inf):
        raise ValueError(f"value must be a finite number > 0, got {value!r}")
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise ValueError(f"digits must be an int >= 1, got {digits!r}")
    exponent = math.floor(math.log10(value))
    scale = 10 ** (digits - 1)
    mantissa = math.floor(value / 10.0 ** exponent * scale) / scale
    if mantissa >= 10:  # log10 rounded up at an exact power of ten
        mantissa, exponent = mantissa / 10, exponent + 1
    shown = f"{mantissa:.{digits - 1}f}"
    return shown if exponent == 0 else f"{shown} × 10{str(exponent).translate(SUPERSCRIPT)}"


def ceil_sci(value: float, digits: int = 1) -> str:
    """``value`` (> 0) rounded *up* to ``digits`` significant digits, for "below" or "at most":
    ``ceil_sci(1.2e-14) == "2 × 10⁻¹⁴"``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 < value < math.inf):
        raise ValueError(f"value must be a finite number > 0, got {value!r}")
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise ValueError(f"digits must be an int >= 1, got {digits!r}")
    exponent = math.floor(math.log10(value))
    scale = 10 ** (digits - 1)
    mantissa = math.ceil(value / 10.0 ** exponent * scale - 1e-12) / scale
    if mantissa >= 10:  # 9.5 rounded up to one digit is 10: one more power of ten
        mantissa, exponent = mantissa / 10, exponent + 1
    shown = f"{mantissa:.{digits - 1}f}"
    return shown if exponent == 0 else f"{shown} × 10{str(exponent).translate(SUPERSCRIPT)}"
