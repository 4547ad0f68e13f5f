"""Split moves: small frozen records with plain words and a dict form.

A turn is phased (draw → lay down and upgrade, each new match followed by its bonus →
discard one card), and every step is its own move, so a pupil, a bot, the undo stack
and the replay all see the same small steps. Cards in moves are half-card names
(``"7h"``); the two cards of a new match are kept in a canonical order.

The moves are frozen dataclasses. The engine makes each move once and shares it
(see ``engine.legal_moves_of``), so no constructor is on the hot path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.errors import IllegalMove
from ..core.moves import FieldReader, MoveFields, player_reader, read_move
from .cards import NAMES, card_words, parse_half
from .messages import player_label, say


@dataclass(frozen=True, slots=True)
class Draw(MoveFields):
    """Take the top card of the draw pile (the first step of a turn)."""

    player: int
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Take(MoveFields):
    """Take card ``index`` of the discard row (0 = the first card laid) and every card
    lying on top of it, and lay it down at once in a match with ``partner``."""

    player: int
    index: int
    card: str
    partner: str
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Lay(MoveFields):
    """Lay down two hand cards of one rank as a new match."""

    player: int
    cards: tuple[str, str]
    kind: ClassVar[str] = "match"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Upgrade(MoveFields):
    """Play hand ``card`` onto match ``match`` of player ``owner`` in place of ``replace``."""

    player: int
    owner: int
    match: int
    card: str
    # the public name of this field (and of the dict's key) since the first saved games:
    # ``dataclasses.replace`` still makes copies
    replace: str
    kind: ClassVar[str] = "upgrade"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Penalise(MoveFields):
    """Perfect-match bonus: player ``target`` marks one negative box."""

    player: int
    target: int
    kind: ClassVar[str] = "penalise"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class BonusDraw(MoveFields):
    """Strong-match bonus: draw one card."""

    player: int
    kind: ClassVar[str] = "bonus_draw"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Swap(MoveFields):
    """Weak-match bonus: one's match ``mine`` for match ``theirs`` of player ``owner``."""

    player: int
    mine: int
    owner: int
    theirs: int
    kind: ClassVar[str] = "swap"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Skip(MoveFields):
    """Let an optional bonus (strong or weak) go."""

    player: int
    kind: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Discard(MoveFields):
    """Put one hand card on top of the discard row: the end of the turn."""

    player: int
    card: str
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return describe(self)


@dataclass(frozen=True, slots=True)
class Finish(MoveFields):
    """First-turn exception: a player who had no turn is done laying down matches."""

    player: int
    kind: ClassVar[str] = "finish"

    def __str__(self) -> str:
        return describe(self)


SplitMove = Draw | Take | Lay | Upgrade | Penalise | BonusDraw | Swap | Skip | Discard | Finish
MOVE_KINDS: dict[str, type[SplitMove]] = {
    cls.kind: cls for cls in (Draw, Take, Lay, Upgrade, Penalise, BonusDraw, Swap, Skip, Discard, Finish)
}


def canonical_pair(a: str, b: str) -> tuple[str, str]:
    """Two half-cards in box order (so "7d 7h" and "7h 7d" are one move)."""
    x, y = sorted((a, b), key=NAMES.index)
    return x, y


def _not_in_row(card: str) -> IllegalMove:
    """The refusal for a card not in the discard row, the card in the reason's alphabet."""
    from ..core.i18n import tr

    def words(language: str | None) -> str:
        return tr("split.refuse.not_in_row", language, card=card_words(card, language))

    return IllegalMove(words(None), "not-in-row", translate=words)


def describe(move: Any, language: str | None = None, names: Sequence[str] | None = None) -> str:
    """A move in plain words, in ``language``, with the players' ``names``."""
    who = player_label(move.player, language, names)
    if isinstance(move, Draw):
        return say("move.draw", language, player=who)
    if isinstance(move, Take):
        return say(
            "move.take",
            language,
            player=who,
            card=card_words(move.card, language),
            partner=card_words(move.partner, language),
        )
    if isinstance(move, Lay):
        return say(
            "move.match",
            language,
            player=who,
            a=card_words(move.cards[0], language),
            b=card_words(move.cards[1], language),
        )
    if isinstance(move, Upgrade):
        if move.owner == move.player:
            return say(
                "move.upgrade",
                language,
                player=who,
                card=card_words(move.card, language),
                replace=card_words(move.replace, language),
            )
        return say(
            "move.upgrade_other",
            language,
            player=who,
            card=card_words(move.card, language),
            replace=card_words(move.replace, language),
            owner=player_label(move.owner, language, names),
        )
    if isinstance(move, Penalise):
        return say("move.penalise", language, player=who, target=player_label(move.target, language, names))
    if isinstance(move, BonusDraw):
        return say("move.bonus_draw", language, player=who)
    if isinstance(move, Swap):
        return say("move.swap", language, player=who, owner=player_label(move.owner, language, names))
    if isinstance(move, Skip):
        return say("move.skip", language, player=who)
    if isinstance(move, Discard):
        return say("move.discard", language, player=who, card=card_words(move.card, language))
    return say("move.finish", language, player=who)


# ---------------------------------------------------------------------- reading dicts
def _bad(key: str, **values: Any) -> IllegalMove:
    return IllegalMove.said("split", f"malformed.{key}", "malformed", **values)


def _int(data: Mapping[str, Any], field: str, low: int, high: int) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad("int", field=field)
    if not low <= value <= high:
        raise _bad("range", field=field, low=low, high=high)
    return value


def _card(data: Mapping[str, Any], field: str) -> str:
    value = data.get(field)
    if not isinstance(value, str):
        raise _bad("card", field=field)
    try:
        return NAMES[parse_half(value)]
    except ValueError:
        raise _bad("card", field=field) from None


def move_from_dict(data: Mapping[str, Any], players: int, discard_row: Sequence[str] = ()) -> SplitMove:
    """Read a move dict; malformed input raises IllegalMove with a plain reason.

    ``discard_row`` (names, oldest first) lets a ``take`` name only its card: the
    topmost copy of that card in the row is meant.
    """
    if not isinstance(data, Mapping):
        raise _bad("not_dict")

    seat = player_reader(players)

    def place(data: Mapping[str, Any], field: str) -> int:
        return _int(data, field, 0, 200)

    def index(data: Mapping[str, Any], field: str) -> int:
        if data.get(field) is not None:
            return place(data, field)
        card = _card(data, "card")
        spots = [i for i, c in enumerate(discard_row) if c == card]
        if not spots:
            raise _not_in_row(card)
        return spots[-1]

    readers: dict[str, FieldReader] = {
        "player": seat, "target": seat, "owner": seat, "match": place, "mine": place, "theirs": place,
        "card": _card, "replace": _card, "partner": _card, "cards": _pair, "index": index,
    }  # fmt: skip
    kinds = ", ".join(MOVE_KINDS)
    move: SplitMove = read_move(data, MOVE_KINDS, readers, lambda _kind: _bad("kind", kinds=kinds))
    return move


def _pair(data: Mapping[str, Any], field: str) -> tuple[str, str]:
    cards = data.get(field)
    if isinstance(cards, str) or not isinstance(cards, Sequence) or len(cards) != 2:
        raise _bad("two_cards")
    a, b = (_card({field: c}, field) for c in cards)
    return canonical_pair(a, b)
