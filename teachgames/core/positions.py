"""Positions declared once: a game names the fields of its position and a reader for each.

A position (a saved game's ``"position"``, a lesson's ``scenario(...)``) is a JSON
object. A game declares its fields in order, each with a reader that takes the whole
object and the fields read so far (so a pile may be checked against the number of
hands) and returns the field's value in the engine's own form, or raises ``ValueError``
in plain words naming what is wrong. :func:`read_position` reads them in that order:
the first problem is the one the user is told about, and a new field is one more line
in the declaration. The checks that span several fields (every card at most twice in
the box) stay with the game, after the fields are read.

The shared readers below (:func:`listed`, :func:`per_player`, :func:`flag`) say the
errors every game says the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

#: Reads one field: ``reader(data, got)`` with ``got`` the fields read so far (and the
#: context given to :func:`read_position`, such as the rules).
PositionReader = Callable[[Mapping[str, Any], Mapping[str, Any]], Any]


def read_position(
    data: Any, fields: Sequence[tuple[str, PositionReader]], **context: Any
) -> dict[str, Any]:
    """Every declared field of the position ``data`` (plus ``context``), read in order."""
    if not isinstance(data, Mapping):
        raise ValueError("the position must be an object")
    got: dict[str, Any] = dict(context)
    for name, reader in fields:
        got[name] = reader(data, got)
    return got


def listed(value: Any, message: str) -> Sequence[Any]:
    """``value`` if it is a list (not text), else ``ValueError(message)``."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ValueError(message)
    return value


def per_player(value: Any, players: int, message: str, empty: Callable[[], T]) -> Sequence[Any]:
    """One entry per player: ``value`` when it is such a list, ``empty()`` for each player
    when it is missing or empty, else ``ValueError(message)``."""
    if not value:
        return [empty() for _ in range(players)]
    if len(listed(value, message)) != players:
        raise ValueError(message)
    return list(value)


def flag(value: Any, message: str) -> bool:
    """``value`` if it is true or false, else ``ValueError(message)``."""
    if not isinstance(value, bool):
        raise ValueError(message)
    return value


def history_of(data: Mapping[str, Any]) -> tuple[int, bool]:
    """What every game's position data says about how it came to be: the moves played
    before it (``moves``) and whether a teacher set it by hand (``by_hand``: then the
    cards need not make up the whole box), each checked with plain words."""
    from .game import require_int

    by_hand = flag(data.get("by_hand", False), "'by_hand' must be true or false")
    played = require_int(data.get("moves", 0), "the number of moves played ('moves')", 0, 10**7)
    return played, by_hand


def with_history(data: dict[str, Any], played: int, by_hand: bool) -> dict[str, Any]:
    """``data`` with its history written as :func:`history_of` reads it (left out when
    it is the default, so a fresh deal's code stays short)."""
    if played:
        data["moves"] = played
    if by_hand:
        data["by_hand"] = True
    return data


__all__ = ["PositionReader", "flag", "history_of", "listed", "per_player", "read_position", "with_history"]
