"""Scores as mixed numbers, for the table's pile boxes and the widget."""

from __future__ import annotations

from ...core.numbers import mixed_number

__all__ = ["mixed_number", "parse_score"]


def parse_score(text: object) -> tuple[int, int] | None:
    """Read "29/8", "3" or "-3/8" as (numerator, denominator); None if it is not that."""
    s = str(text).strip()
    num, _, den = s.partition("/")
    try:
        n, d = int(num), int(den) if den else 1
    except ValueError:
        return None
    return (n, d) if d > 0 else None
