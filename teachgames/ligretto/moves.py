"""Ligretto moves: who acts, what they do, and when (seconds from the round's start).

* :class:`Play` puts one's own card into the centre: ``pile`` is the index of the pile
  it goes on (None: a 1 starts a new pile; any other card goes on the first pile it fits).
* :class:`Turn` turns up the next three hand cards (recycling the turned-up cards when
  the hand deck has run out).
* :class:`NextRound` deals the next round once a round is over.
"""

from __future__ import annotations

import math

from ..core.abcs import Mapping
from ..core.errors import IllegalMove
from ..core.records import Record
from .cards import COLOURS, parse_face

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar

#: The latest time a move may carry (a day: anything more is a typo).
MAX_AT = 86_400.0


class Play(Record):
    """``player`` puts their own ``card`` ("red 3") on ``pile`` (None: a 1 starts a new
    pile, any other card goes on the first pile it fits) at ``at`` seconds."""

    player: int
    card: str
    pile: int | None = None
    at: float = 0.0
    kind: ClassVar[str] = "play"

    def __init__(self, player: int, card: str, pile: int | None = None, at: float = 0.0) -> None:
        # Set directly rather than through Record's generic keyword handling: the engine
        # makes these while listing legal moves, and this is twice as fast.
        put = object.__setattr__
        put(self, "player", player)
        put(self, "card", card)
        put(self, "pile", pile)
        put(self, "at", at)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "play", "player": self.player, "card": self.card, "pile": self.pile, "at": self.at}

    def __str__(self) -> str:
        from .describe import describe

        return describe(self)


class Turn(Record):
    """``player`` turns up the next three hand cards at ``at`` seconds."""

    player: int
    at: float = 0.0
    kind: ClassVar[str] = "turn"

    def __init__(self, player: int, at: float = 0.0) -> None:
        # Made while listing legal moves: set directly, as in Play.
        put = object.__setattr__
        put(self, "player", player)
        put(self, "at", at)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "turn", "player": self.player, "at": self.at}

    def __str__(self) -> str:
        from .describe import describe

        return describe(self)


class NextRound(Record):
    """``player`` deals the next round once a round is over."""

    player: int
    at: float = 0.0
    kind: ClassVar[str] = "next_round"

    def __init__(self, player: int, at: float = 0.0) -> None:
        # Made while listing legal moves: set directly, as in Play.
        put = object.__setattr__
        put(self, "player", player)
        put(self, "at", at)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "next_round", "player": self.player, "at": self.at}

    def __str__(self) -> str:
        from .describe import describe

        return describe(self)


LigrettoMove = Play | Turn | NextRound


def _bad(key: str, code: str = "malformed", **values: Any) -> IllegalMove:
    return IllegalMove.said("ligretto", f"malformed.{key}", code, **values)


def read_at(value: Any, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _bad("at", got=repr(value)[:40])
    if not 0 <= value <= MAX_AT:
        raise _bad("at", got=repr(value)[:40])
    return float(value)


def move_from_dict(data: Mapping[str, Any], players: int, default_at: float) -> LigrettoMove:
    """Read a move dict; a missing ``at`` means "now" (the time of the last move)."""
    if not isinstance(data, Mapping):
        raise _bad("not_a_dict")
    player = data.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise _bad("player", last=players - 1, got=repr(player)[:40])
    kind = data.get("kind")
    at = read_at(data.get("at"), default_at)
    if kind == "turn":
        return Turn(player, at)
    if kind == "next_round":
        return NextRound(player, at)
    if kind != "play":
        raise _bad("kind", got=repr(kind)[:40])
    try:
        f = parse_face(data.get("card"))
    except ValueError:
        raise _bad("card", got=repr(data.get("card"))[:40], example="red 3") from None
    pile = data.get("pile")
    if pile is not None and (isinstance(pile, bool) or not isinstance(pile, int) or pile < 0):
        raise _bad("pile", got=repr(pile)[:40])
    return Play(player, f"{COLOURS[f // 10]} {f % 10 + 1}", pile, at)
