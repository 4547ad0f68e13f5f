"""Delissimo moves: small frozen records with plain words and a dict form.

Cards inside a move are kept in a canonical order (by card id), so two ways of
writing the same capture are the same move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import IllegalMove
from .cards import CARDS, Card, parse_card

if TYPE_CHECKING:
    from ..explain import Explanation


def card_words(card: Card) -> str:
    """A card in words for move descriptions: pizzas spell out their toppings."""
    if card.kind == "pizza":
        return f"{card.printed} " + "+".join(card.topping_names)
    if card.kind == "special":
        return "special order " + "+".join(card.topping_names)
    if card.kind == "cancel":
        return "order cancelled"
    return card.name


def _list_words(cards: tuple[Card, ...]) -> str:
    words = [card_words(c) for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
        return f"Player {self.player + 1} gives {_list_words(self.give)} and takes {_list_words(self.take)}"

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

        return explain_capture(self.give, self.take, self.level or "advanced")


@dataclass(frozen=True)
class Special:
    """A special order: take every open pizza of the card's topping pair."""

    player: int
    card: Card
    kind: ClassVar[str] = "special"

    def __str__(self) -> str:
        return f"Player {self.player + 1} plays a {card_words(self.card)}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "special", "player": self.player, "card": self.card.name}


@dataclass(frozen=True)
class Cancel:
    """ "Order cancelled": the target, about to start a turn, skips it."""

    player: int
    target: int
    kind: ClassVar[str] = "cancel"

    def __str__(self) -> str:
        return f"Player {self.player + 1} cancels the turn of Player {self.target + 1}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "cancel", "player": self.player, "target": self.target}


@dataclass(frozen=True)
class EndTurn:
    """The player says "pass": the turn ends, hands (and the centre) are refilled."""

    player: int
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return f"Player {self.player + 1} ends the turn"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "end_turn", "player": self.player}


DelissimoMove = Capture | Special | Cancel | EndTurn


def sort_cards(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.id))


def move_from_dict(data: Mapping[str, Any], players: int) -> DelissimoMove:
    """Read a move dict of DESIGN.md; malformed input raises IllegalMove in plain words."""
    if not isinstance(data, Mapping):
        raise IllegalMove("a move must be a dict such as {'kind': 'end_turn', 'player': 0}", "malformed")
    kind = data.get("kind")
    player = data.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise IllegalMove(
            f"a move needs 'player': a number from 0 to {players - 1} (got {player!r})", "malformed"
        )
    if kind == "capture":
        give = _cards(data.get("give"), "give")
        take = _cards(data.get("take"), "take")
        return Capture(player, sort_cards(give), sort_cards(take))
    if kind == "special":
        card = _card(data.get("card"), "card")
        if card.kind != "special":
            raise IllegalMove(f"{card.name} is not a special-order card", "malformed")
        return Special(player, card)
    if kind == "cancel":
        target = data.get("target")
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < players:
            raise IllegalMove(
                f"a cancel needs 'target': a player number from 0 to {players - 1} (got {target!r})",
                "malformed",
            )
        return Cancel(player, target)
    if kind == "end_turn":
        return EndTurn(player)
    raise IllegalMove(
        f"unknown kind of move {kind!r}; the kinds are capture, special, cancel and end_turn",
        "malformed",
    )


def _card(value: Any, what: str) -> Card:
    try:
        return parse_card(value)
    except ValueError as exc:
        raise IllegalMove(f"'{what}': {exc}", "malformed") from None


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, (list, tuple)):
        raise IllegalMove(f"'{what}' must be a list of cards such as ['2/8 mt']", "malformed")
    if len(value) > 64:
        raise IllegalMove(f"'{what}' lists too many cards ({len(value)})", "malformed")
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
