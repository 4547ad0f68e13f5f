"""Scores as mixed numbers, for the table's pile boxes and the widget."""

from __future__ import annotations

import math

__all__ = ["mixed_number", "parse_score"]


def mixed_number(numerator: int, denominator: int = 8) -> str:
    """An exact fraction as a mixed number in lowest terms: 29/8 -> "3 5/8", -3/8 -> "-3/8"."""
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


def parse_score(text: object) -> tuple[int, int] | None:
    """Read "29/8", "3" or "-3/8" as (numerator, denominator); None if it is not that."""
    s = str(text).strip()
    num, _, den = s.partition("/")
    try:
        n, d = int(num), int(den) if den else 1
    except ValueError:
        return None
    return (n, d) if d > 0 else None
