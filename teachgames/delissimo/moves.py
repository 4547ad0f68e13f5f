"""Delissimo moves: small frozen records with plain words and a dict form.

Cards inside a move are kept in a canonical order (smaller amounts first, see
``Card.display_key``), so two ways of writing the same capture are the same move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import IllegalMove
from .cards import CARDS, Card, parse_card
from .messages import say

if TYPE_CHECKING:
    from ..explain import Explanation


def toppings_words(card: Card, language: str | None = None) -> str:
    """A card's toppings in words, joined: "mushroom+tomato"."""
    return "+".join(say(f"topping.{t}", language) for t in card.topping_names)


def card_words(card: Card, language: str | None = None) -> str:
    """A card in words for move descriptions: pizzas spell out their toppings."""
    if card.kind == "pizza":
        return say("card.pizza", language, fraction=card.printed, toppings=toppings_words(card, language))
    if card.kind == "special":
        return say("card.special", language, toppings=toppings_words(card, language))
    if card.kind == "cancel":
        return say("card.cancel", language)
    return say("card.order", language, topping=say(f"topping.{card.topping_names[0]}", language),
               fraction=card.printed)  # fmt: skip


def list_words(cards: tuple[Card, ...], language: str | None = None) -> str:
    words = [card_words(c, language) for c in cards]
    if not words:
        return "—"
    if len(words) == 1:
        return words[0]
    return say("list_and", language, first=", ".join(words[:-1]), last=words[-1])


def player_label(player: int, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A player's name when the table has names, else "Player 1" (index + 1)."""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return say("player", language, n=player + 1)


def describe(move: DelissimoMove, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A move in plain words, in ``language`` (default: the package's), with ``names``."""
    player = player_label(move.player, language, names)
    if isinstance(move, Capture):
        return say("move.capture", language, player=player, give=list_words(move.give, language),
                   take=list_words(move.take, language))  # fmt: skip
    if isinstance(move, Special):
        return say("move.special", language, player=player, card=card_words(move.card, language))
    if isinstance(move, Cancel):
        return say("move.cancel", language, player=player, target=player_label(move.target, language, names))
    return say("move.end_turn", language, player=player)


@dataclass(frozen=True)
class Capture:
    """Own cards (``give``) take cards from the table (``take``) of equal value."""

    player: int
    give: tuple[Card, ...]
    take: tuple[Card, ...]
    #: The level the capture was found at; lets ``explanation`` say which rules apply.
    level: str = field(default="", compare=False, repr=False)
    kind: ClassVar[str] = "capture"

    def __str__(self) -> str:
        return describe(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "capture",
            "player": self.player,
            "give": [c.name for c in self.give],
            "take": [c.name for c in self.take],
        }

    @property
    def explanation(self) -> Explanation:
        """Why this capture is legal, step by step with exact arithmetic."""
        from .explain import explain_capture

        return explain_capture(self, self.level or "advanced")


@dataclass(frozen=True)
class Special:
    """A special order: take every open pizza of the card's topping pair."""

    player: int
    card: Card
    kind: ClassVar[str] = "special"

    def __str__(self) -> str:
        return describe(self)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "special", "player": self.player, "card": self.card.name}


@dataclass(frozen=True)
class Cancel:
    """ "Order cancelled": the target, about to start a turn, skips it."""

    player: int
    target: int
    kind: ClassVar[str] = "cancel"

    def __str__(self) -> str:
        return describe(self)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "cancel", "player": self.player, "target": self.target}


@dataclass(frozen=True)
class EndTurn:
    """The player says "pass": the turn ends, hands (and the centre) are refilled."""

    player: int
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return describe(self)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "end_turn", "player": self.player}


DelissimoMove = Capture | Special | Cancel | EndTurn


def sort_cards(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """The canonical order of cards inside a move: the order a teacher would read them."""
    return tuple(sorted(cards, key=lambda c: c.display_key))


def _malformed(key: str, **values: Any) -> IllegalMove:
    return IllegalMove.said("delissimo", f"malformed.{key}", "malformed", **values)


def move_from_dict(data: Mapping[str, Any], players: int) -> DelissimoMove:
    """Read a move dict of DESIGN.md; malformed input raises IllegalMove in plain words."""
    if not isinstance(data, Mapping):
        raise _malformed("not_a_dict")
    kind = data.get("kind")
    player = data.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise _malformed("player", last=players - 1, got=repr(player)[:40])
    if kind == "capture":
        give = _cards(data.get("give"), "give")
        take = _cards(data.get("take"), "take")
        return Capture(player, sort_cards(give), sort_cards(take))
    if kind == "special":
        card = _card(data.get("card"), "card")
        if card.kind != "special":
            raise _malformed("not_special", card=card.name)
        return Special(player, card)
    if kind == "cancel":
        target = data.get("target")
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < players:
            raise _malformed("target", last=players - 1, got=repr(target)[:40])
        return Cancel(player, target)
    if kind == "end_turn":
        return EndTurn(player)
    raise _malformed("kind", got=repr(kind)[:40])


def _card(value: Any, what: str) -> Card:
    try:
        return parse_card(value)
    except ValueError:
        pass

    def words(language: str | None) -> str:
        try:
            parse_card(value, language)
        except ValueError as exc:
            return say("malformed.card", language, field=what, error=str(exc))
        return ""  # pragma: no cover - parse_card failed above

    raise IllegalMove(words(None), "malformed", translate=words)


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, (list, tuple)):
        raise _malformed("not_a_list", field=what)
    if len(value) > 64:
        raise _malformed("too_many", field=what, n=len(value))
    return [_card(v, what) for v in value]


__all__ = [
    "CARDS",
    "Cancel",
    "Capture",
    "DelissimoMove",
    "EndTurn",
    "Special",
    "card_words",
    "move_from_dict",
]
