"""Arithmetic in words: the sums of a capture as a pupil reads them — in fractions at 8+/10+
("1/4 + 1/2 = 2/8 + 4/8 = 6/8"), in slices at 6+ ("2 slices + 7 slices = 9 slices"): what a
capture task's line says about the cards picked."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SLICES_PER_PIZZA, Card
from .words import slices_text

__all__ = ["side_words", "slice_words"]


def side_words(cards: Sequence[Card]) -> str:
    """Each card as printed, then in eighths, then the total: "1/4 + 1/2 = 2/8 + 4/8 = 6/8"."""
    chain = [" + ".join(c.printed for c in cards)]
    if any(c.denominator != SLICES_PER_PIZZA for c in cards):
        chain.append(" + ".join(f"{c.eighths}/8" for c in cards))
    if len(cards) > 1:
        chain.append(f"{sum(c.eighths for c in cards)}/8")
    return " = ".join(chain)


def slice_words(cards: Sequence[Card], language: str | None) -> str:
    """The cards in slices: "2 slices + 7 slices = 9 slices" (one card: "3 slices")."""
    terms = " + ".join(slices_text(c.eighths, language) for c in cards)
    if len(cards) == 1:
        return terms
    return f"{terms} = {slices_text(sum(c.eighths for c in cards), language)}"

