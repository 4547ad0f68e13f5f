"""The position editor's model: lay out any game's position card by card, checked by the engine.

A teacher sets up a position (what lies on the physical table, a moment worth a
question): puts cards into hands, piles and the centre, takes them away, says whose
turn it is. Every edit is tried on a copy of the position and read back by the game's
own position readers (:meth:`Game.at_position`, the same as a position code's); a
position that cannot exist is refused with the reason, and the position stays as it
was. Undo and redo step through the accepted positions.

One model serves every game: a game supplies only its vocabulary, in its position
module (``docs/positions.md``): ``editor_zones(data)``, the places cards lie as
:class:`EditorZone` s (a path into the position's JSON, the cards a place takes), and
``EDITOR_TURN``, where whose turn it is lies (None for a game without turns). The words
for a place are the game's catalogue's ``<game>.editor.zone.<kind>``; the editor's
own are ``core.editor.*``. Positions edited here are marked ``by_hand`` (a teacher's
puzzle need not hold the whole box), so the engine checks what a table can hold, not
whether every card of the box is out.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameFileError
from .i18n import resolve_language, tr

#: Undo keeps this many positions (a long session at the table stays small).
MAX_UNDO = 200
#: No place holds more cards than this (the longest real one, a draw pile, holds 104).
MAX_CARDS = 500

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class EditorZone:
    """A place cards lie in a game's position, as the editor offers it.

    ``id`` names it in intents ("hand:0"); ``path`` is where its list of cards lies in
    the position's JSON (``("position", "hands", 0)``); ``kind`` picks its words
    (``<game>.editor.zone.<kind>``, given ``n``: the player's or the place's number from 1);
    ``number`` is that number (None when the place is the only one of its kind);
    ``accepts`` the card names it takes (None: every card of the game; the engine still
    judges the whole position); ``siblings`` the length of the list the path's last step
    indexes, when that list must be made (one per player, say); ``top_first``: the list
    names its top card first (a draw pile), so a card put "on top" goes first."""

    id: str
    path: Path
    kind: str
    number: int | None = None
    accepts: tuple[str, ...] | None = None
    siblings: int = 0
    top_first: bool = False


class PositionRefused(ValueError):
    """An edit the editor does not make: ``reason`` says why in the editor's language."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _vocabulary(cls: type[Any]) -> Any:
    module_name = getattr(cls, "positions", None)
    if not isinstance(module_name, str):
        raise NotImplementedError(f"{cls.name} has no position module: its positions cannot be edited")
    module = importlib.import_module(module_name)
    if not hasattr(module, "editor_zones"):
        raise NotImplementedError(f"{cls.name}'s position module offers no editor_zones()")
    return module


def _get(data: Any, path: Path) -> Any:
    for step in path:
        if isinstance(step, int):
            if not isinstance(data, list) or not 0 <= step < len(data):
                return None
            data = data[step]
        else:
            if not isinstance(data, Mapping):
                return None
            data = data.get(step)
    return data


def _list_at(data: dict[str, Any], zone: EditorZone) -> list[Any]:
    """The list of cards at the zone's path, made (with its siblings) where it is missing."""
    node: Any = data
    steps = zone.path
    for i, step in enumerate(steps):
        wants_list = i == len(steps) - 1 or isinstance(steps[i + 1], int)
        if isinstance(step, int):
            while len(node) < max(step + 1, zone.siblings):
                node.append([] if wants_list else {})
            if node[step] is None:
                node[step] = [] if wants_list else {}
        elif node.get(step) is None:
            node[step] = [] if wants_list else {}
        node = node[step]
    if not isinstance(node, list):
        raise PositionRefused(f"{zone.id} is not a list of cards")
    return node


class PositionEditor:
    """One teacher's editing of one game's position (see the module's docstring).

    ``game_or_name`` is a game (its position now is the start) or a game's name (a fresh
    deal for ``players``, seeded with ``seed``)."""

    def __init__(
        self, game_or_name: Any, players: int = 2, seed: int = 0, language: str | None = None
    ) -> None:
        if isinstance(game_or_name, str):
            from .registry import new_game

            game_or_name = new_game(game_or_name, players=players, seed=seed)
        self.cls: type[Any] = type(game_or_name)
        self.name: str = self.cls.name
        self.vocabulary = _vocabulary(self.cls)
        self.language = resolve_language(language)
        self._game: Any = game_or_name
        self.data: dict[str, Any] = game_or_name.position()
        self._undo: list[dict[str, Any]] = []
        self._redo: list[dict[str, Any]] = []

    # ------------------------------------------------------------ reading
    @property
    def card_names(self) -> tuple[str, ...]:
        """Every card of the game, by name, in the game's own order."""
        return tuple(getattr(self.vocabulary, "CARD_NAMES", ()))

    @property
    def zones(self) -> list[EditorZone]:
        """The places cards lie in the position now."""
        zones: list[EditorZone] = self.vocabulary.editor_zones(self.data)
        return zones

    def zone(self, zone_id: object) -> EditorZone:
        for zone in self.zones:
            if zone.id == zone_id:
                return zone
        raise PositionRefused(self.t("no_zone", zone=str(zone_id)[:40]))

    def cards(self, zone_id: str) -> list[str]:
        """The cards in a place, as the position lists them (card names)."""
        found = _get(self.data, self.zone(zone_id).path)
        return [_card_name(c) for c in found] if isinstance(found, list) else []

    def zone_label(self, zone: EditorZone) -> str:
        """A place's words in the editor's language ("Player 2's hand")."""
        return tr(f"{self.name}.editor.zone.{zone.kind}", self.language, n=zone.number or 1)

    @property
    def players(self) -> int:
        count: int = self._game.players
        return count

    @property
    def turn(self) -> int | None:
        """Whose turn it is (0 for Player 1), or None in a game without turns."""
        path = getattr(self.vocabulary, "EDITOR_TURN", None)
        if path is None:
            return None
        value = _get(self.data, tuple(path))
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def game(self) -> Any:
        """A game at the position now (a fresh one each time): play goes on from here."""
        return self.cls.at_position(copy.deepcopy(self.data))

    def code(self) -> str:
        """The position code of the position now."""
        code: str = self._game.position_code()
        return code

    def t(self, key: str, **values: Any) -> str:
        return tr(f"core.editor.{key}", self.language, **values)

    # ------------------------------------------------------------ editing
    def put(self, card: object, zone_id: object, index: int | None = None) -> None:
        """Put ``card`` (its name) into a place: on top (the list's end; for a place listed
        top first, its start) or at ``index``."""
        zone = self.zone(zone_id)
        name = self.card_name(card)
        if zone.accepts is not None and name not in zone.accepts:
            raise PositionRefused(self.t("not_here", card=name, zone=self.zone_label(zone)))

        def edit(data: dict[str, Any]) -> None:
            cards = _list_at(data, zone)
            if len(cards) >= MAX_CARDS:
                raise PositionRefused(self.t("full", zone=self.zone_label(zone)))
            top = 0 if zone.top_first else len(cards)
            cards.insert(top if index is None else max(0, min(index, len(cards))), name)

        self._apply(edit)

    def take(self, zone_id: object, index: object) -> str:
        """Take the card at ``index`` away from a place; returns its name."""
        zone = self.zone(zone_id)
        cards = self.cards(zone.id)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(cards):
            raise PositionRefused(self.t("no_card", zone=self.zone_label(zone)))

        def edit(data: dict[str, Any]) -> None:
            del _list_at(data, zone)[index]

        self._apply(edit)
        return cards[index]

    def move(self, zone_id: object, index: object, to_zone: object) -> str:
        """Move the card at ``index`` of one place onto another place (as one edit)."""
        source, target = self.zone(zone_id), self.zone(to_zone)
        cards = self.cards(source.id)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(cards):
            raise PositionRefused(self.t("no_card", zone=self.zone_label(source)))
        name = cards[index]
        if target.accepts is not None and name not in target.accepts:
            raise PositionRefused(self.t("not_here", card=name, zone=self.zone_label(target)))

        def edit(data: dict[str, Any]) -> None:
            del _list_at(data, source)[index]
            cards = _list_at(data, target)
            cards.insert(0 if target.top_first else len(cards), name)

        self._apply(edit)
        return name

    def clear(self, zone_id: object) -> None:
        """Take every card away from a place."""
        zone = self.zone(zone_id)

        def edit(data: dict[str, Any]) -> None:
            _list_at(data, zone).clear()

        self._apply(edit)

    def set_turn(self, player: object) -> None:
        """Whose turn it is: 0 for Player 1 ... (a game without turns refuses)."""
        path = getattr(self.vocabulary, "EDITOR_TURN", None)
        if path is None:
            raise PositionRefused(self.t("no_turns"))
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise PositionRefused(self.t("bad_player", players=self.players))

        def edit(data: dict[str, Any]) -> None:
            node: Any = data
            for step in path[:-1]:
                node = node.setdefault(step, {})
            node[path[-1]] = player

        self._apply(edit)

    def load(self, code: object) -> None:
        """Start from the position a code holds (any game of this kind); undo goes back."""
        from .registry import load_position

        try:
            game = load_position(code)
        except GameFileError as exc:
            raise PositionRefused(self.t("bad_code", reason=self._engine_words(str(exc)))) from None
        if type(game) is not self.cls:
            raise PositionRefused(self.t("other_game", game=game.name))
        self._accept(game)

    def undo(self) -> bool:
        """Back to the position before the last edit; False when there is none."""
        if not self._undo:
            return False
        self._redo.append(self.data)
        self._set(self._undo.pop())
        return True

    def redo(self) -> bool:
        """The edit undone last, made again; False when there is none."""
        if not self._redo:
            return False
        self._undo.append(self.data)
        self._set(self._redo.pop())
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # ------------------------------------------------------------ inside
    def card_name(self, card: object) -> str:
        """The card a typed name means (spaces and case forgiven); refused when there is none."""
        text = " ".join(str(card).split()) if isinstance(card, str) else ""
        for name in self.card_names:
            if name.casefold() == text.casefold():
                return name
        raise PositionRefused(self.t("no_such_card", card=text[:40] or "?"))

    def _apply(self, edit: Any) -> None:
        data = copy.deepcopy(self.data)
        edit(data)
        data["by_hand"] = True
        try:
            game = self.cls.at_position(data)
        except GameFileError as exc:
            raise PositionRefused(self.t("cannot_exist", reason=self._engine_words(str(exc)))) from None
        self._accept(game)

    def _accept(self, game: Any) -> None:
        self._undo.append(self.data)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()
        self._game = game
        self.data = game.position()

    def _set(self, data: dict[str, Any]) -> None:
        self._game = self.cls.at_position(copy.deepcopy(data))
        self.data = data

    def _engine_words(self, reason: str) -> str:
        """The engine's reason in the editor's language where the catalogue words it, else
        the engine's English after a visible marker (never silently)."""
        from .editing_words import engine_reason

        return engine_reason(reason, self.language)


def _card_name(card: Any) -> str:
    """A card as a list shows it: a name, or a Ligretto pile's [name, owner]."""
    if isinstance(card, Sequence) and not isinstance(card, str) and card:
        return str(card[0])
    return str(card)


__all__ = ["MAX_UNDO", "EditorZone", "PositionEditor", "PositionRefused"]
