"""Delissimo moves: small frozen records with plain words and a dict form.

Cards inside a move are kept in a canonical order (smaller amounts first, see
``Card.display_key``), so two ways of writing the same capture are the same move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import IllegalMove
from ..core.moves import FieldReader, MoveFields, player_reader, read_move
from .cards import CARDS, DISPLAY_KEYS, Card, parse_card
from .messages import card_words, list_words, player_label, say, toppings_words
from .rules import DelissimoRules

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..explain import Explanation


def describe(
    move: DelissimoMove, language: str | None = None, names: Sequence[str] | None = None, slices: bool = False
) -> str:
    """A move in plain words, in ``language`` (default: the package's), with ``names``;
    with ``slices`` (6+, where toppings do not matter and no fraction is written) a capture's
    cards are said by their slices: "Player 1 gives 2 slices and 5 slices and takes 7 slices"."""
    player = player_label(move.player, language, names)
    if isinstance(move, Capture) and slices:
        return say("move.capture", language, player=player, give=_slices_list(move.give, language),
                   take=_slices_list(move.take, language))  # fmt: skip
    if isinstance(move, Capture):
        return say("move.capture", language, player=player, give=list_words(move.give, language),
                   take=list_words(move.take, language))  # fmt: skip
    if isinstance(move, Special):
        return say("move.special", language, player=player, card=card_words(move.card, language))
    if isinstance(move, Cancel):
        return say("move.cancel", language, player=player, target=player_label(move.target, language, names))
    return say("move.end_turn", language, player=player)


def _slices_list(cards: Sequence[Card], language: str | None) -> str:
    shown = [say("ex.slices", language, n=c.eighths) for c in cards]
    if len(shown) <= 1:
        return shown[0] if shown else "—"  # a refused capture may give or take nothing
    return say("list_and", language, first=", ".join(shown[:-1]), last=shown[-1])


@dataclass(frozen=True, slots=True)
class Capture(MoveFields):
    """Own cards (``give``) take cards from the table (``take``) of equal value."""

    player: int
    give: tuple[Card, ...]
    take: tuple[Card, ...]
    #: The rules of the game the capture was found or read in: its ``explanation``
    #: judges it by them (a teacher's changed rules included). None: 10+ as printed.
    rules: DelissimoRules | None = field(default=None, compare=False, repr=False)
    kind: ClassVar[str] = "capture"

    def __str__(self) -> str:
        return describe(self)

    @property
    def level(self) -> str:
        """The level of the rules the capture belongs to ("" when made by hand)."""
        return "" if self.rules is None else self.rules.level

    @property
    def explanation(self) -> Explanation:
        """Why this capture is legal by its game's rules, step by step with exact arithmetic."""
        from ..core.specs import resolve

        explanation: Explanation = resolve(EXPLAINER)(self)
        return explanation


#: What explains a capture for ``Capture.explanation``: the explanations lie above the
#: moves (they read them), so it is a spec the registry's ``resolve`` imports on first
#: use, as the other layers' hand-downs are.
EXPLAINER = "teachgames.delissimo.explain:capture_explanation"


@dataclass(frozen=True, slots=True)
class Special(MoveFields):
    """A special order: take every open pizza of the card's topping pair."""

    player: int
    card: Card
    kind: ClassVar[str] = "special"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Cancel(MoveFields):
    """ "Order cancelled": the target, about to start a turn, skips it."""

    player: int
    target: int
    kind: ClassVar[str] = "cancel"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class EndTurn(MoveFields):
    """The player says "pass": the turn ends, hands (and the centre) are refilled."""

    player: int
    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return describe(self)


DelissimoMove = Capture | Special | Cancel | EndTurn
MOVE_KINDS: dict[str, type[DelissimoMove]] = {cls.kind: cls for cls in (Capture, Special, Cancel, EndTurn)}


def sort_cards(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """The canonical order of cards inside a move: the order a teacher would read them."""
    return tuple(sorted(cards, key=_display_key))


def _display_key(card: Card) -> tuple[int, int, int, int]:
    return DISPLAY_KEYS[card.id]


def _malformed(key: str, **values: Any) -> IllegalMove:
    return IllegalMove.said("delissimo", f"malformed.{key}", "malformed", **values)


def move_from_dict(data: Mapping[str, Any], players: int) -> DelissimoMove:
    """Read a move dict of docs/delissimo.md; malformed input raises IllegalMove in plain words."""
    if not isinstance(data, Mapping):
        raise _malformed("not_a_dict")

    seat = player_reader(players)
    readers: dict[str, FieldReader] = {
        "player": seat, "target": seat, "give": _sorted_cards, "take": _sorted_cards, "card": _special,
    }  # fmt: skip
    move: DelissimoMove = read_move(data, MOVE_KINDS, readers, _bad_kind)
    return move


def _bad_kind(kind: Any) -> IllegalMove:
    return _malformed("kind", got=repr(kind)[:40])


def _sorted_cards(data: Mapping[str, Any], field: str) -> tuple[Card, ...]:
    return sort_cards(_cards(data.get(field), field))


def _special(data: Mapping[str, Any], field: str) -> Card:
    card = _card(data.get(field), field)
    if card.kind != "special":
        raise _malformed("not_special", card=card.name)
    return card


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
    "describe",
    "list_words",
    "move_from_dict",
    "player_label",
    "toppings_words",
]
