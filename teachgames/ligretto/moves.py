"""Ligretto moves: who acts, what they do, and when (seconds from the round's start).

* :class:`Play` puts one's own card into the centre: ``pile`` is the index of the pile
  it goes on (None: a 1 starts a new pile; any other card goes on the first pile it fits).
* :class:`Turn` turns up the next three hand cards (recycling the turned-up cards when
  the hand deck has run out).
* :class:`NextRound` deals the next round once a round is over.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.errors import IllegalMove
from ..core.moves import FieldReader, MoveFields, player_reader, read_move
from .cards import COLOURS, is_card_name, parse_face
from .messages import card_words, player_label, say, seconds

#: The latest time a move may carry (a day: anything more is a typo).
MAX_AT = 86_400.0


@dataclass(frozen=True, slots=True)
class Play(MoveFields):
    """``player`` puts their own ``card`` ("red 3") on ``pile`` (None: a 1 starts a new
    pile, any other card goes on the first pile it fits) at ``at`` seconds."""

    player: int
    card: str
    pile: int | None = None
    at: float = 0.0
    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Turn(MoveFields):
    """``player`` turns up the next three hand cards at ``at`` seconds."""

    player: int
    at: float = 0.0
    kind: ClassVar[str] = "turn"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class NextRound(MoveFields):
    """``player`` deals the next round once a round is over."""

    player: int
    at: float = 0.0
    kind: ClassVar[str] = "next_round"

    def __str__(self) -> str:
        return describe(self)


LigrettoMove = Play | Turn | NextRound
KINDS: dict[str, type[LigrettoMove]] = {cls.kind: cls for cls in (Play, Turn, NextRound)}


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


def well_formed(move: LigrettoMove, players: int) -> bool:
    """Does a move object hold exactly what :func:`move_from_dict` reads from its dict (a
    player's index, a finite time within the day, a card as the notation writes it, a
    pile's index)? Such a move needs no reading; any other one (a hand-built
    ``Turn(0, float("nan"))``, ``Play(0, 5)``) is read from its dict, which refuses it
    with an IllegalMove as it refuses the dict itself."""
    player, at = move.player, move.at
    if type(player) is not int or not 0 <= player < players:
        return False
    if type(at) is not float or not 0.0 <= at <= MAX_AT:
        return False  # (a NaN fails every comparison)
    if type(move) is Play:
        pile = move.pile
        return is_card_name(move.card) and (pile is None or (type(pile) is int and pile >= 0))
    return True


def move_from_dict(data: Mapping[str, Any], players: int, default_at: float) -> LigrettoMove:
    """Read a move dict; a missing ``at`` means "now" (the time of the last move)."""
    if not isinstance(data, Mapping):
        raise _bad("not_a_dict")

    player = player_reader(players)

    def at(data: Mapping[str, Any], field: str) -> float:
        return read_at(data.get(field), default_at)

    readers: dict[str, FieldReader] = {"player": player, "card": _card, "pile": _pile, "at": at}
    move: LigrettoMove = read_move(data, KINDS, readers, lambda kind: _bad("kind", got=repr(kind)[:40]))
    return move


def _card(data: Mapping[str, Any], field: str) -> str:
    """A card as the notation writes it ("red 3"), from any way a pupil may write it."""
    try:
        f = parse_face(data.get(field))
    except ValueError:
        raise _bad("card", got=repr(data.get(field))[:40], example="red 3") from None
    return f"{COLOURS[f // 10]} {f % 10 + 1}"


def _pile(data: Mapping[str, Any], field: str) -> int | None:
    pile = data.get(field)
    if pile is not None and (isinstance(pile, bool) or not isinstance(pile, int) or pile < 0):
        raise _bad("pile", got=repr(pile)[:40])
    return pile


def describe(
    move: Any,
    language: str | None = None,
    names: Sequence[str] | None = None,
    place: str | None = None,
) -> str:
    """"Player 1 puts red 3 from the row on pile 2 (1.5 s)". ``place`` (stack, row, hand)
    is where the card lay, when the caller knows."""
    who = player_label(move.player, language, names)
    at = seconds(move.at, language)
    if move.kind == "turn":
        return say("move.turn", language, player=who, at=at)
    if move.kind == "next_round":
        return say("move.next_round", language, player=who)
    card = card_words(parse_face(move.card), language)
    source = say(f"from.{place}", language) if place in ("stack", "row", "hand") else ""
    if move.pile is None:
        key = "move.new_pile" if move.card.endswith(" 1") else "move.any_pile"
        text = say(key, language, player=who, card=card, at=at, source=source)
    else:
        text = say("move.on_pile", language, player=who, card=card, pile=move.pile + 1, at=at, source=source)
    return " ".join(text.split())  # no double space when the place is not known
