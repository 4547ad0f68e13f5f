"""Delissimo's whole position now as data, and a game at such a position (position codes).

Every game keeps this role in its ``position.py`` (``Game.positions`` names it):
:func:`position_of` writes the position in the game's own card notation, and
:func:`game_at` reads it back through the same position readers as a saved game's
starting position or a lesson's ``scenario(...)`` (``engine.POSITION_FIELDS``), then
checks what a mid-game position adds: no more copies of a card than the box holds,
unless the position was built by hand. Delissimo has no chance after the deal (the draw
pile's order is part of the position), so the position is the whole future of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.codes import rules_changes, without_defaults
from ..core.editing import EditorZone
from ..core.positions import history_of, with_history
from .cards import CARDS
from .engine import check_box, position_from_dict, position_to_dict
from .rules import make_rules, rules_from_dict

if TYPE_CHECKING:
    from .engine import DelissimoEngine
    from .rules import DelissimoRules
    from .state import State

#: Rules written in full in every code would be most of it: a code carries the level and
#: what a teacher changed.
_KEEP = ("level", "max_dots")


#: The cards a code writes as one character each, in this order (never reorder: codes
#: already given out would name other cards).
CARD_NAMES: tuple[str, ...] = tuple(c.name for c in CARDS)


def _by_hand(game: DelissimoEngine) -> bool:
    setup = game._setup
    at = setup.get("at")
    return bool(setup.get("scenario") or (isinstance(at, Mapping) and at.get("by_hand")))


def _data(state: State, rules: DelissimoRules, played: int, by_hand: bool) -> dict[str, Any]:
    preset = make_rules(rules.level, rules.max_dots).to_dict()
    empty = {"draw": [], "discard": [], "current": 0, "started": False, "captured": False, "centre": [],
             "piles": [[] for _ in state.hands]}  # fmt: skip
    data: dict[str, Any] = {
        "rules": without_defaults(rules_changes(rules.to_dict(), preset, _KEEP), {"max_dots": 3}),
        "position": without_defaults(position_to_dict(state, rules), empty),
    }
    return with_history(data, played, by_hand)


def position_of(game: DelissimoEngine) -> dict[str, Any]:
    """The position now: rules, every card where it lies (draw pile in order), whose turn
    and how far into it, and how many moves were played before it."""
    return _data(game.state, game.rules, game.moves_played, _by_hand(game))


def game_at(cls: type[DelissimoEngine], data: Mapping[str, Any]) -> DelissimoEngine:
    """A game of ``cls`` at the position ``data``; ValueError in plain words when it
    cannot exist."""
    rules_in = data.get("rules")
    if not isinstance(rules_in, Mapping):
        raise ValueError("'rules' must be an object naming the rules the game is played by")
    rules = rules_from_dict(rules_in)
    position = data.get("position")
    if not isinstance(position, Mapping):
        raise ValueError("'position' must be an object with the hands, the draw pile, the piles ...")
    state = position_from_dict(position, rules)
    played, by_hand = history_of(data)
    if not by_hand:
        check_box(state, rules)
    if not 2 <= len(state.hands) <= 5 and not by_hand:
        raise ValueError(f"a game of Delissimo has 2 to 5 players, not {len(state.hands)}")
    return cls(state, {"seed": None, "at": _data(state, rules, played, by_hand)}, rules)



# ---------------------------------------------------------------- the position editor
#: Where whose turn it is lies in the position (the editor's "whose turn").
EDITOR_TURN = ("position", "current")


def editor_zones(data: Mapping[str, Any]) -> list[EditorZone]:
    """The places the position editor lays cards in: hands, the draw pile, the open
    pizzas (the centre at 6+, the stacks at 8+ and 10+), the captured piles, the discards."""
    position = data.get("position") or {}
    hands = position.get("hands") if isinstance(position, Mapping) else None
    players = len(hands) if isinstance(hands, list) else 2
    rules_in = data.get("rules")
    rules = rules_from_dict(rules_in if isinstance(rules_in, Mapping) else {"level": "basic"})
    zones = [EditorZone(f"hand:{p}", ("position", "hands", p), "hand", p + 1, siblings=players)
             for p in range(players)]  # fmt: skip
    if rules.orders:
        zones += [EditorZone(f"stack:{s}", ("position", "stacks", s), "stack", s + 1, siblings=rules.stacks)
                  for s in range(rules.stacks)]  # fmt: skip
    else:
        zones.append(EditorZone("centre", ("position", "centre"), "centre"))
    zones += [EditorZone(f"pile:{p}", ("position", "piles", p), "pile", p + 1, siblings=players)
              for p in range(players)]  # fmt: skip
    zones += [EditorZone("draw", ("position", "draw"), "draw", top_first=True),
              EditorZone("discard", ("position", "discard"), "discard", accepts=("cancel",))]  # fmt: skip
    return zones


__all__ = ["CARD_NAMES", "EDITOR_TURN", "editor_zones", "game_at", "position_of"]
