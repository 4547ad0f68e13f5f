"""Ligretto's words, from the message catalogue (``teachgames/ligretto/locales``).

``say`` fills one message. Words that agree with a number use the catalogue's plural
fields (``{n|card|cards}``; Russian one|few|many), so "1 card, 2 cards", "1 карта,
2 карты, 5 карт" and "1 карта, 2 карти" all read right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import resolve_language, tr

if TYPE_CHECKING:
    from collections.abc import Sequence


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The Ligretto message ``key`` in ``language`` (default: the package's)."""
    return tr(f"ligretto.{key}", language, **values)


def player_label(player: int, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A player's name when the table has names, else "Player 1" (index + 1)."""
    if names is not None and 0 <= player < len(names):
        return str(names[player])
    return say("player", language, n=player + 1)


def colour_word(colour: int, language: str | None = None) -> str:
    from .cards import COLOURS

    return say(f"colour.{COLOURS[colour]}", language)


def card_words(card: int, language: str | None = None) -> str:
    """A card in words in the pupil's language ("red 3", «красная 3», «червена 3»)."""
    from .cards import COLOURS, colour_of, number_of

    return say(f"card.{COLOURS[colour_of(card)]}", language, n=number_of(card))


def seconds(at: float, language: str | None = None) -> str:
    """A time in seconds (or a speed), at most two decimals: "1.5" in English, "1,5" in
    Russian and Bulgarian (their decimal comma)."""
    text = f"{at:.2f}".rstrip("0").rstrip(".") or "0"
    return text if resolve_language(language) == "en" else text.replace(".", ",")
