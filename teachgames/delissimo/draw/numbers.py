"""Scores as mixed numbers, for the table's pile boxes and the widget."""

from __future__ import annotations

from ...core.numbers import mixed_number, read_exact

__all__ = ["mixed_number", "parse_score"]


def parse_score(value: object) -> tuple[int, int] | None:
    """A view's score as (numerator, denominator): the view holds exact numbers
    (``{"numerator": 29, "denominator": 8}``); None for anything else."""
    return read_exact(value)
