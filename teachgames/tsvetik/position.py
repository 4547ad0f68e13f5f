"""Tsvetik's whole position now as data, and a game at such a position (position codes).

Every game keeps this role in its ``position.py`` (``Game.positions`` names it):
:func:`position_of` writes the position in the game's own card notation, and
:func:`game_at` reads it back through the same position readers as a saved game's
starting position or a lesson's ``scenario(...)`` (``engine.POSITION_FIELDS``), then
checks what a dealt game adds: no colour more often than the box holds it. All chance is
the first shuffle, so the bank's order is the whole future of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.codes import rules_changes, without_defaults
from ..core.editing import EditorZone
from ..core.positions import history_of, with_history
from .cards import COLOURS
from .engine import check_table, position_from_dict, position_to_dict
from .rules import make_rules, rules_from_dict

if TYPE_CHECKING:
    from .engine import TsvetikEngine
    from .rules import TsvetikRules
    from .state import State

_KEEP = ("preset",)


#: The cards a code writes as one character each, in this order (never reorder: codes
#: already given out would name other cards).
CARD_NAMES: tuple[str, ...] = COLOURS


def _by_hand(game: TsvetikEngine) -> bool:
    """A position built with ``scenario(...)`` has no seed: any number of a colour is allowed."""
    at = game._setup.get("at")
    if isinstance(at, Mapping):
        return bool(at.get("by_hand"))
    return game.seed is None


def _data(state: State, rules: TsvetikRules, played: int, by_hand: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "rules": rules_changes(rules.to_dict(), make_rules(rules.preset).to_dict(), _KEEP),
        "position": without_defaults(
            position_to_dict(state), {"discard": [], "drawn": None, "round": 1, "over": False, "taken": {}}
        ),
    }
    return with_history(data, played, by_hand)


def position_of(game: TsvetikEngine) -> dict[str, Any]:
    """The position now: rules, the bank in order, the fields and who took them, every
    player's cards, the drawn card, whose turn, the round, and the moves played before."""
    return _data(game.state, game.rules, game.moves_played, _by_hand(game))


def check_box(state: State, rules: TsvetikRules) -> None:
    """Refuse a dealt position with a colour the rules leave out, or more of one than the box."""
    drawn = [] if state.drawn is None else [state.drawn]
    fields = [c for f in state.fields for c in f]
    cards = [*state.bank, *state.discard, *fields, *(c for cs in state.collected for c in cs), *drawn]
    for colour in range(len(COLOURS)):
        n = cards.count(colour)
        have = rules.cards_per_colour if colour < rules.colours else 0
        if n > have:
            raise ValueError(f"the position holds {n} {COLOURS[colour]} cards, but the box has {have}")


def game_at(cls: type[TsvetikEngine], data: Mapping[str, Any]) -> TsvetikEngine:
    """A game of ``cls`` at the position ``data``; ValueError in plain words when it
    cannot exist."""
    rules_in = data.get("rules")
    if not isinstance(rules_in, Mapping):
        raise ValueError("'rules' must be an object naming the rules the game is played by")
    rules = rules_from_dict(rules_in)
    position = data.get("position")
    if not isinstance(position, Mapping):
        raise ValueError("'position' must be an object with the bank, the fields, the players' cards ...")
    state = position_from_dict(position, rules)
    check_table(rules, state.players)
    played, by_hand = history_of(data)
    if not by_hand:
        check_box(state, rules)
    return cls(state, {"seed": None, "at": _data(state, rules, played, by_hand)}, rules)



# ---------------------------------------------------------------- the position editor
#: Where whose turn it is lies in the position (the editor's "whose turn").
EDITOR_TURN = ("position", "current")


def editor_zones(data: Mapping[str, Any]) -> list[EditorZone]:
    """The places the position editor lays cards in: the bank (top first), the fields,
    each player's collected cards and the discards."""
    position = data.get("position") or {}
    if not isinstance(position, Mapping):
        position = {}
    fields, collected = position.get("fields"), position.get("collected")
    n_fields = len(fields) if isinstance(fields, list) else 4
    players = len(collected) if isinstance(collected, list) else 2
    zones = [EditorZone("bank", ("position", "bank"), "bank", top_first=True)]
    zones += [EditorZone(f"field:{f}", ("position", "fields", f), "field", f + 1, siblings=n_fields)
              for f in range(n_fields)]  # fmt: skip
    zones += [EditorZone(f"collected:{p}", ("position", "collected", p), "collected", p + 1, siblings=players)
              for p in range(players)]  # fmt: skip
    zones.append(EditorZone("discard", ("position", "discard"), "discard"))
    return zones


__all__ = ["CARD_NAMES", "EDITOR_TURN", "check_box", "editor_zones", "game_at", "position_of"]
