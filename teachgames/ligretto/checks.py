"""Which rule a move breaks, as data: the engine, the explanations and the widget read it.

A :class:`Problem` names a catalogue message and the raw values it needs (cards as
ints, piles as indices); ``words(language)`` says it in any language, so a refusal
reads the same in the engine's IllegalMove, an explanation and a widget message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import SET_SIZE, TOP, colour_of, number_of, owner_of
from .messages import card_words, colour_word, player_label, say, seconds
from .moves import LigrettoMove, NextRound, Play, Turn
from .state import OVER, PLAY, ROUND_OVER, State, piles_for, where

if TYPE_CHECKING:
    from collections.abc import Sequence


@dataclass(frozen=True, slots=True)
class Problem:
    """The rule a move breaks: the refusal's ``code``, its catalogue message ``key`` and
    the raw values the message needs."""

    code: str
    key: str
    values: dict[str, Any] = field(default_factory=dict)

    def words(self, language: str | None = None, names: Sequence[str] | None = None) -> str:
        out: dict[str, Any] = {}
        for k, v in self.values.items():
            if k in ("card", "top", "needed", "other"):
                out[k] = card_words(v, language)
            elif k in ("colour", "pile_colour"):
                out[k] = colour_word(v, language)
            elif k in ("player", "owner"):
                out[k] = player_label(v, language, names)
            elif k == "pile":
                out[k] = v + 1
            elif k in ("at", "last"):
                out[k] = seconds(v, language)
            else:
                out[k] = v
        return say(f"problem.{self.key}", language, **out)


def card_problem(state: State, player: int, card: int) -> Problem | None:
    """Is ``card`` (the player's own) open for play: stack top, row, or hand top?"""
    hand = state.hands[player]
    place = where(hand, card)
    if place in ("stack", "row", "hand"):
        return None
    if place == "stack_under":
        return Problem("not-on-top", "stack_under", {"card": card, "top": hand.stack[-1]})
    if place == "hand_under":
        return Problem("not-on-top", "hand_under", {"card": card, "top": hand.turned[-1]})
    if place == "deck":
        return Problem("face-down", "face_down", {"card": card})
    return Problem("in-centre", "in_centre", {"card": card})


def pile_problem(state: State, card: int, pile: int | None) -> Problem | None:
    """May ``card`` go on ``pile`` (None: a new pile for a 1, else any pile it fits)?"""
    n, colour = number_of(card), colour_of(card)
    if n == 1:
        if pile is None:
            return None
        return Problem("one-starts", "one_starts", {"card": card})
    if pile is None:
        if piles_for(state, card):
            return None
        for i, p in enumerate(state.piles):
            if colour_of(p[-1]) == colour and number_of(p[-1]) == n:
                # Another player's card of the same number landed first.
                return Problem("pile-taken", "pile_taken", {"card": card, "pile": i, "other": p[-1],
                                                              "owner": owner_of(p[-1])})  # fmt: skip
        return Problem("no-pile", "no_pile", {"card": card, "colour": colour, "prev": n - 1})
    if pile >= len(state.piles):
        return Problem("no-such-pile", "no_such_pile", {"pile": pile, "count": len(state.piles)})
    top = state.piles[pile][-1]
    if colour_of(top) != colour:
        return Problem("wrong-colour", "wrong_colour", {"card": card, "pile": pile, "colour": colour,
                                                          "pile_colour": colour_of(top)})  # fmt: skip
    t = number_of(top)
    if t == n:
        values = {"card": card, "pile": pile, "other": top, "owner": owner_of(top)}
        return Problem("pile-taken", "pile_taken", values)
    if t == TOP:
        return Problem("pile-complete", "pile_complete", {"pile": pile})
    if t + 1 != n:
        return Problem("not-one-more", "not_one_more", {"card": card, "pile": pile, "top": top, "t": t,
                                                          "next": t + 1, "n": n})  # fmt: skip
    return None


def move_problem(state: State, move: LigrettoMove) -> Problem | None:
    """The first rule ``move`` breaks now, or None if it is legal."""
    if isinstance(move, NextRound):
        if state.phase == OVER:
            return Problem("game-over", "game_over")
        if state.phase == PLAY:
            return Problem("round-on", "round_on")
        return None
    if state.phase == OVER:
        return Problem("game-over", "game_over")
    if state.phase == ROUND_OVER:
        return Problem("round-over", "round_over")
    if move.at < state.last_at:
        return Problem("too-early", "too_early", {"at": move.at, "last": state.last_at})
    if isinstance(move, Turn):
        hand = state.hands[move.player]
        if not hand.deck and not hand.turned:
            return Problem("no-hand", "no_hand", {"player": move.player})
        return None
    assert isinstance(move, Play)
    from .cards import parse_face

    card = move.player * SET_SIZE + parse_face(move.card)
    return card_problem(state, move.player, card) or pile_problem(state, card, move.pile)
