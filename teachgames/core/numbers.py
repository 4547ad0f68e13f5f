"""Exact numbers written for pupils: one mixed-number writer for every picture, widget and
lesson (standard library only: an engine's pictures need no sympy to write "3 5/8")."""

from __future__ import annotations

import math

__all__ = ["mixed_number"]


def mixed_number(numerator: int, denominator: int = 8) -> str:
    """An exact fraction as a mixed number in lowest terms: 29/8 -> "3 5/8", 16/8 -> "2",
    -3/8 -> "-3/8", -29/8 -> "-3 5/8"."""
    if denominator == 0:
        raise ValueError("a fraction cannot have denominator 0")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    sign = "-" if numerator < 0 else ""
    whole, rest = divmod(abs(numerator), denominator)
    g = math.gcd(rest, denominator)
    frac = f"{rest // g}/{denominator // g}" if rest else ""
    if whole and frac:
        return f"{sign}{whole} {frac}"
    if frac:
        return sign + frac
    return f"{sign}{whole}"
