"""Split's words, looked up in the message catalogue (``teachgames/split/locales``).

Plural words agree with their numbers through the catalogue's ``{n|card|cards}`` fields
(see :mod:`teachgames.core.i18n`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Sequence


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The Split message ``key`` in ``language`` (default: the package's language)."""
    return tr(f"split.{key}", language, **values)


def player_label(player: int, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A player's name when the table has names, else "Player 1" (index + 1)."""
    if names is not None and 0 <= player < len(names):
        return str(names[player])
    return say("player", language, n=player + 1)


def sentence(words: str) -> str:
    """A reason as a sentence of its own: capital first letter."""
    return words[:1].upper() + words[1:]

