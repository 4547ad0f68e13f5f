"""Moves in plain words, in the pupil's language.

Reads a move by its ``kind`` (play, turn, next_round) rather than its class, so that the
moves module can say itself in words without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import parse_face
from .messages import card_words, player_label, say, seconds

if TYPE_CHECKING:
    from collections.abc import Sequence


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
