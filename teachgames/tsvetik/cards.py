"""Tsvetik cards: a flower card is one of seven colours, written as its English colour word.

The notation (``"red"``, ``"indigo"``) is part of the public contract (docs/tsvetik.md): it is
what ``scenario``, saved games and move dicts use, in every language. What a pupil
*reads* is the colour's name from the message catalogue (``colour.<name>``).
Inside the engine a card is its colour's index (0 = red ... 6 = violet).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

#: The seven colours of the rainbow, in the order the flower's petals are drawn.
COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "indigo", "violet")
_INDEX = {name: i for i, name in enumerate(COLOURS)}


def parse_colour(text: object) -> int:
    """A card's colour index from its notation; anything else is a ValueError in plain words."""
    if not isinstance(text, str):
        raise ValueError(f"a flower card is written as a colour word, not {text!r}")
    key = text.strip().lower()
    if key not in _INDEX:
        raise ValueError(f"{text!r} is not a flower card; the colours are {', '.join(COLOURS)}")
    return _INDEX[key]


def parse_cards(cards: object, what: str) -> list[int]:
    """A list of card words as colour indices; ``what`` names the list in the error."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise ValueError(f"{what} must be a list of colour words")
    out = []
    for card in cards:
        try:
            out.append(parse_colour(card))
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return out


def names(cards: Iterable[int]) -> list[str]:
    """Colour indices as card words, in the order given."""
    return [COLOURS[c] for c in cards]
