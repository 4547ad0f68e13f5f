"""Delissimo's words, looked up in the package's message catalogue.

The engine states reasons through ``say(key, **values)`` so that a refused move
reads the same in the engine, in the explanation and in the widget, in every
language the catalogue has (``teachgames/delissimo/locales/<language>.json``).
Cards and players in words live here too, next to ``say``: the checks, the moves,
the notation reader and the explanations all name cards the same way, and this
module sits below all of them (it knows the cards and the catalogue, nothing else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.numbers import mixed_number
from .cards import Card

if TYPE_CHECKING:
    from collections.abc import Sequence


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The Delissimo message ``key`` in ``language`` (default: the package's language)."""
    from ..core.i18n import tr  # with the first message: a game is dealt and played without words

    return tr(f"delissimo.{key}", language, **values)


def toppings_words(card: Card, language: str | None = None) -> str:
    """A card's toppings in words, joined: "mushroom+tomato"."""
    return "+".join(say(f"topping.{t}", language) for t in card.topping_names)


def card_words(card: Card, language: str | None = None) -> str:
    """A card in words for move descriptions: pizzas spell out their toppings."""
    if card.kind == "pizza":
        return say("card.pizza", language, fraction=card.printed, toppings=toppings_words(card, language))
    if card.kind == "special":
        return say("card.special", language, toppings=toppings_words(card, language))
    if card.kind == "cancel":
        return say("card.cancel", language)
    return say("card.order", language, topping=say(f"topping.{card.topping_names[0]}", language),
               fraction=card.printed)  # fmt: skip


def list_words(cards: Sequence[Card], language: str | None = None) -> str:
    """Cards in words joined as a list ("a, b and c"); "—" for none."""
    words = [card_words(c, language) for c in cards]
    if not words:
        return "—"
    if len(words) == 1:
        return words[0]
    return say("list_and", language, first=", ".join(words[:-1]), last=words[-1])


def player_label(player: int, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A player's name when the table has names, else "Player 1" (index + 1)."""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return say("player", language, n=player + 1)


def slices_words(numerator: int, denominator: int, language: str | None = None) -> str:
    """An amount of pizza as whole pizzas and slices, plurals agreeing in ``language``:
    29/8 -> "3 whole pizzas and 5 slices", 1 -> "1 whole pizza", 3/8 -> "3 slices".
    How 6+ pupils, who see no written fractions, hear a score. An amount that is not
    whole eighths, or below zero, is written as a mixed number (no 6+ score is either;
    a teacher's own choice of form may meet one)."""
    if denominator <= 0 or (numerator * 8) % denominator or numerator < 0:
        return mixed_number(numerator, denominator)
    wholes, slices = divmod(numerator * 8 // denominator, 8)
    if wholes and slices:
        return say("draw.in_slices.both", language, w=wholes, n=slices)
    if wholes:
        return say("draw.in_slices.wholes", language, w=wholes)
    return say("draw.in_slices.slices", language, n=slices)
