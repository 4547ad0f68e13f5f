"""Arithmetic in words: fractions, mixed numbers and the sums of a capture as a pupil
reads them ("1/4 + 1/2 = 2/8 + 4/8 = 6/8")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import SLICES_PER_PIZZA, Card
from .words import msg

if TYPE_CHECKING:
    from ..game import DelissimoGame


def fraction_text(n: int, d: int) -> str:
    return str(n) if d == 1 else f"{n}/{d}"


def mixed_words(p: int, q: int) -> str:
    """p/q as a mixed number in lowest terms ("1 3/8", "3", "5/8", "-1 7/8")."""
    from math import gcd

    sign = "-" if p < 0 else ""
    p = abs(p)
    g = gcd(p, q) or 1
    p, q = p // g, q // g
    whole, rest = divmod(p, q)
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest}/{q}"
    return f"{sign}{whole} {rest}/{q}"


def side_words(cards: Sequence[Card]) -> str:
    """Each card as printed, then in eighths, then the total: "1/4 + 1/2 = 2/8 + 4/8 = 6/8"."""
    chain = [" + ".join(c.printed for c in cards)]
    if any(c.denominator != SLICES_PER_PIZZA for c in cards):
        chain.append(" + ".join(f"{c.eighths}/8" for c in cards))
    if len(cards) > 1:
        chain.append(f"{sum(c.eighths for c in cards)}/8")
    return " = ".join(chain)


def sums_words(game: DelissimoGame, give: Sequence[Card], take: Sequence[Card], language: str | None) -> str:
    if not give or not take:
        return ""
    if game.rules.whole_pizzas:
        return msg("together", language, total=side_words([*give, *take]))
    return msg("give_take", language, give=side_words(give), take=side_words(take))
