"""Tsvetik's words, looked up in the message catalogue (``teachgames/tsvetik/locales``).

The engine states reasons through :func:`say` so that a refused move reads the same in
the engine, the explanation and the widget, in English, Russian and Bulgarian.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import tr
from .cards import COLOURS

if TYPE_CHECKING:
    from collections.abc import Sequence


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The Tsvetik message ``key`` in ``language`` (default: the package's language)."""
    return tr(f"tsvetik.{key}", language, **values)


def colour_word(colour: int, language: str | None = None) -> str:
    """A colour's name for people ("red", "красный", "червен")."""
    return say(f"colour.{COLOURS[colour]}", language)


def colour_initial(colour: int, language: str | None = None) -> str:
    """The letter drawn on a card of ``colour`` (unique per colour in each language)."""
    return say(f"initial.{COLOURS[colour]}", language)


def player_label(player: int, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A player's name when the table has names, else "Player 1" (index + 1)."""
    if names is not None and 0 <= player < len(names):
        return str(names[player])
    return say("player", language, n=player + 1)


def field_label(field: int, language: str | None = None) -> str:
    """ "field 2" (index + 1)."""
    return say("field", language, n=field + 1)


def number(value: object) -> str:
    """A whole number for words, with a real minus sign (−20, not -20)."""
    text = str(value)
    return "−" + text[1:] if text.startswith("-") else text


def sentence(words: str) -> str:
    """Words as a sentence of their own: capital first letter."""
    return words[:1].upper() + words[1:]
