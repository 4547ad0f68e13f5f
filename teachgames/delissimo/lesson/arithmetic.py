"""Arithmetic in words: the sums of a capture as a pupil reads them — in fractions at 8+/10+
("1/4 + 1/2 = 2/8 + 4/8 = 6/8"), in slices at 6+ ("2 slices + 7 slices = 9 slices")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...lesson.numbers import fraction_text, mixed_words
from ..cards import SLICES_PER_PIZZA, Card
from .words import msg, slices_text

if TYPE_CHECKING:
    from .. import DelissimoGame

__all__ = ["fraction_text", "mixed_words", "side_words", "slice_words", "sums_words"]


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


def sums_words(game: DelissimoGame, give: Sequence[Card], take: Sequence[Card], language: str | None) -> str:
    """What the pupil gives and takes, in the lesson's words: slices at 6+, fractions above."""
    if not give or not take:
        return ""
    if not game.rules.orders:
        if game.rules.whole_pizzas:
            return msg("together", language, total=slice_words([*give, *take], language))
        return msg("give_take", language, give=slice_words(give, language), take=slice_words(take, language))
    return msg("give_take", language, give=side_words(give), take=side_words(take))
