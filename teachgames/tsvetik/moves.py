"""Tsvetik moves: draw a card, place it on a field, take a field.

Move dicts (docs/tsvetik.md): ``{"kind": "draw"}``, ``{"kind": "place", "field": f}``,
``{"kind": "take", "field": f}``; fields are numbered from 0 in dicts (``field 1`` in
words), and ``"player"`` may be given (it is always written by ``to_dict``). The last
round's takes of the remaining fields are ordinary ``take`` moves (see docs/tsvetik.md).

The moves are frozen dataclasses. The rules hand out moves made once per player and
field (``state._move_table``), so no constructor is on the path of a move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import IllegalMove
from ..core.moves import FieldReader, MoveFields, player_reader, read_move
from .messages import field_label, player_label, say

if TYPE_CHECKING:
    from collections.abc import Sequence


@dataclass(frozen=True, slots=True)
class Draw(MoveFields):
    """Turn up the top card of the bank (it must then be placed)."""

    player: int
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Place(MoveFields):
    """Put the card just drawn on a free cell of field ``field`` (not yet taken)."""

    player: int
    field: int
    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Take(MoveFields):
    """Take field ``field`` with its cards and sit out the rest of the round."""

    player: int
    field: int
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return describe(self)


TsvetikMove = Draw | Place | Take
KINDS = ("draw", "place", "take")
MOVE_KINDS: dict[str, type[TsvetikMove]] = {"draw": Draw, "place": Place, "take": Take}


def describe(move: TsvetikMove, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A move in plain words, in ``language``, with the players' ``names``."""
    who = player_label(move.player, language, names)
    if isinstance(move, Draw):
        return say("move.draw", language, player=who)
    key = "move.place" if isinstance(move, Place) else "move.take"
    return say(key, language, player=who, field=field_label(move.field, language))


def _bad(what: str, **values: Any) -> IllegalMove:
    return IllegalMove.said("tsvetik", f"malformed.{what}", "malformed", **values)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def move_from_dict(data: Mapping[str, Any], players: int, default_player: int) -> TsvetikMove:
    """Read a move dict; malformed input raises IllegalMove with a plain reason."""
    if not isinstance(data, Mapping):
        raise _bad("not_dict")
    kind = data.get("kind")
    if kind not in KINDS:
        raise _bad_kind(kind)
    known = {"kind", "player"} | ({"field"} if kind != "draw" else set())
    extra = sorted(str(k) for k in data if k not in known)
    if extra:
        raise _bad("extra", part=extra[0][:40])
    move: TsvetikMove = read_move(data, MOVE_KINDS, _readers(players, default_player), _bad_kind)
    return move


def _readers(players: int, default_player: int) -> dict[str, FieldReader]:
    player = player_reader(players, default_player)

    def field(data: Mapping[str, Any], name: str) -> int:
        value: Any = data.get(name)
        if not _whole(value) or not -1000 <= value <= 1000:
            raise _bad("field", field=repr(value)[:40])
        return int(value)

    return {"player": player, "field": field}


def _bad_kind(kind: Any) -> IllegalMove:
    return _bad("kind", kind=repr(kind)[:40])
