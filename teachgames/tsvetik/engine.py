"""TsvetikEngine: the Game contract (docs/plugins.md) over the rules in :mod:`.state`.

The rules only: this module imports no explanation, picture or widget (not even inside
a function); :mod:`.game` adds those on top. The whole position is in the setup
(``position``), so a saved game, a replay and undo rebuild it exactly; all chance is the
first shuffle of the bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.game import Game, require_int, require_player
from ..core.options import GameOption
from ..core.positions import PositionReader, flag, listed, read_position
from ..core.rng import Chance, fresh_seed
from .cards import COLOURS, names, parse_cards, parse_colour
from .checks import problem
from .messages import say
from .moves import Draw, Place, Take, TsvetikMove, describe, move_from_dict
from .rules import MAX_FIELDS, MAX_PLAYERS, MIN_PLAYERS, PRESETS, TsvetikRules, make_rules, rules_from_dict
from .scoring import score_of
from .state import State, apply, open_fields, turn_moves

if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar

    from .state import UndoRecord

    _G = TypeVar("_G", bound="TsvetikEngine")

#: A position bigger than this is refused (a box holds 49 cards; a teacher's puzzle fewer).
MAX_CARDS = 500

#: The classes of the move objects ``legal_moves`` hands out.
_MOVE_TYPES = frozenset({Draw, Place, Take})


class TsvetikEngine(Game[State, TsvetikMove]):
    """The rules of Tsvetik-Semitsvetik (docs/tsvetik.md) behind the Game contract; the whole
    game, with its explanations and pictures, is :class:`teachgames.tsvetik.game.TsvetikGame`."""

    name = "tsvetik"
    order = 2
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("preset", "rules preset: seed (the Drofa box) or coloretto", PRESETS, "seed",
                   words="tsvetik.widget.preset.{value}"),
        GameOption("players", "number of players", tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)), 3, "int"),
    )

    def __init__(self, state: State, setup: dict[str, Any], rules: TsvetikRules) -> None:
        super().__init__(state, setup)
        self.rules = rules
        #: The legal moves of the position now, once asked (None: not derived yet). Every
        #: change of position forgets them: ``_apply``, the fast path of ``play``, ``undo``.
        self._legal: list[TsvetikMove] | None = None
        #: Found with ``_legal``: the moves after its draw (the drawn card's places), if any.
        self._after_draw: list[TsvetikMove] | None = None

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(
        cls: type[_G],
        players: int = 3,
        seed: int | None = None,
        preset: str = "seed",
        rules: Mapping[str, Any] | None = None,
    ) -> _G:
        """A shuffled game: the bank is the whole box, face down. Same seed, same game."""
        the_rules = make_rules(preset, rules)
        require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        if seed is None:
            seed = fresh_seed()
        state = deal(the_rules, players, seed)
        return cls._from_state(state, the_rules, seed)

    @classmethod
    def _from_state(cls: type[_G], state: State, rules: TsvetikRules, seed: int | None) -> _G:
        check_table(rules, state.players)
        setup = {"seed": seed, "rules": rules.to_dict(), "position": position_to_dict(state)}
        return cls(state, setup, rules)

    @classmethod
    def _from_setup(cls: type[_G], setup: Mapping[str, Any]) -> _G:
        rules = rules_from_dict(setup.get("rules", {}))
        position = setup.get("position")
        if not isinstance(position, Mapping):
            raise ValueError("the setup has no 'position'")
        state = position_from_dict(position, rules)
        seed = setup.get("seed")
        if seed is not None:
            seed = require_int(seed, "the seed", 0, 2**63)
            if position_to_dict(deal(rules, state.players, seed)) != position_to_dict(state):
                raise ValueError("the saved position is not the deal of its seed")
        return cls._from_state(state, rules, seed)

    # ------------------------------------------------------------------ the contract
    @classmethod
    def title(cls, language: str | None = None) -> str:
        return say("title", language)

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def current_player(self) -> int | None:
        return None if self._state.over else self._state.current

    @property
    def state(self) -> State:
        """The live position (read it; change it only through ``play``)."""
        return self._state

    @property
    def round(self) -> int:
        return self._state.round

    def is_over(self) -> bool:
        return self._state.over

    def legal_moves(self, player: int | None = None) -> list[TsvetikMove]:
        if player is not None and type(player) is not int:  # numpy's integers; a bool is refused
            player = require_player(player, self.players)
        s = self._state
        if player is not None and player != s.current:
            player = require_player(player, self.players)
            return []  # not this player's turn (or the game is over)
        moves = self._legal
        if moves is None:
            moves, self._after_draw = turn_moves(s, self.rules)
            self._legal = moves
        return list(moves)  # the caller's own list: the remembered one stays as derived

    def _offered(self, move: object) -> bool:
        """Is ``move`` the very object :meth:`legal_moves` gave for this position? Such a
        move needs neither reading nor checking: the rules derived it here."""
        listed = self._legal
        if listed is not None:
            for m in listed:
                if m is move:
                    return True
        return False

    def coerce_move(self, move: TsvetikMove | Mapping[str, Any]) -> TsvetikMove:
        if self._offered(move):
            return move  # type: ignore[return-value]  # one of our own legal moves
        return super().coerce_move(move)

    def play(self, move: TsvetikMove | Mapping[str, Any]) -> TsvetikMove:
        """Check and play ``move`` (a move object or its dict); a refused move raises
        IllegalMove and changes nothing. A move :meth:`legal_moves` offered for this
        position is known legal: it is played without being read or checked again."""
        listed = self._legal
        if listed is None:
            if type(move) not in _MOVE_TYPES:
                return super().play(move)
            # This position's moves are not listed yet: just after an undo, say, as a greedy
            # bot plays each of its moves and takes it back. Listing them costs far less than
            # reading and checking the move, and one of our own move objects is then known.
            self.legal_moves()
            listed = self._legal
            if listed is None:
                return super().play(move)
        for offered in listed:  # (inlined _offered: this is the path of every bot's move)
            if offered is move:
                break
        else:
            return super().play(move)
        s = self._state
        before = s.record()
        # after a draw the moves are known: the places found with this position's moves
        self._legal = self._after_draw if type(offered) is Draw else None
        self._after_draw = None
        try:
            apply(s, self.rules, offered)
        except BaseException:
            self._state = State.from_record(before)
            self._legal = None
            raise
        self._undo_stack.append(before)
        self._history.append(offered)
        return offered

    def undo(self) -> TsvetikMove:
        move = super().undo()
        self._legal = None
        return move

    def move_from_dict(self, data: Mapping[str, Any]) -> TsvetikMove:
        return move_from_dict(data, self.players, self._state.current)

    def _check(self, move: TsvetikMove) -> None:
        if self._offered(move):
            return
        refusal = problem(self._state, self.rules, move)
        if refusal is not None:
            raise refusal

    def _apply(self, move: TsvetikMove) -> None:
        self._legal = None
        apply(self._state, self.rules, move)

    def _snapshot(self) -> State:
        # the rules replace lists and never edit them (state.py), so sharing them is exact
        return self._state.snapshot()

    def _restore(self, record: State | UndoRecord) -> State:
        # ``play`` keeps a record of an offered move, the general ``Game.play`` a snapshot
        return record if isinstance(record, State) else State.from_record(record)

    # ------------------------------------------------------------------ scores
    def cards_of(self, player: int) -> list[str]:
        """The cards that count for ``player`` now (kept cards and this round's field)."""
        return names(self._state.cards_of(player))

    def scores(self) -> list[int]:
        """Each player's score for the cards they hold now (final once the game is over)."""
        return [score_of(self._state.cards_of(p), self.rules) for p in range(self.players)]

    def bot_value(self, player: int) -> int:
        """What a greedy bot maximises: the best score of the cards it holds."""
        return score_of(self._state.cards_of(player), self.rules)

    # ------------------------------------------------------------------ words
    def describe(
        self,
        move: TsvetikMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        return describe(self.coerce_move(move), language, names)

    def cards_used(self, move: TsvetikMove | Mapping[str, Any]) -> list[str]:
        """The card a place puts down, or the cards a take takes ([] for a draw)."""
        m = self.coerce_move(move)
        s = self._state
        if isinstance(m, Place) and s.drawn is not None:
            return [COLOURS[s.drawn]]
        if isinstance(m, Take) and 0 <= m.field < len(s.fields):
            return names(s.fields[m.field])
        return []

    # ------------------------------------------------------------------ views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see: everything but the order of the bank (None: the teacher)."""
        if player is not None:
            player = require_player(player, self.players)
        s = self._state
        owners = [s.owner(f) for f in range(len(s.fields))]
        data: dict[str, Any] = {
            "game": self.name,
            "preset": self.rules.preset,
            "players": self.players,
            "viewer": player,
            "current": self.current_player,
            "over": s.over,
            "round": s.round,
            "last_round": s.last_round(),
            "first": s.first,
            "cells": self.rules.cells,
            "bank": len(s.bank),
            "drawn": None if s.drawn is None else COLOURS[s.drawn],
            "fields": [names(f) for f in s.fields],
            "owners": owners,
            "taken": list(s.taken),
            "collected": [names(c) for c in s.collected],
            "discard": names(s.discard),
            "scores": self.scores(),
            "moves": self.moves_played,
        }
        if player is None:
            data["bank_cards"] = names(reversed(s.bank))
        return data


# ---------------------------------------------------------------------- dealing
def deal(rules: TsvetikRules, players: int, seed: int) -> State:
    """The starting position of a seeded game: the shuffled box is the bank."""
    bank = rules.deck()
    shuffle(bank, seed)
    n_fields = rules.fields_for(players)
    first = rules.first_player
    if first >= players:
        raise ValueError(f"rule 'first_player' is {first}, but there are only {players} players")
    return State(
        bank, [[] for _ in range(n_fields)], [None] * players, [[] for _ in range(players)], first, first
    )


def shuffle(items: list[Any], seed: int) -> None:
    """Shuffle ``items`` in place with a generator of its own seeded with ``seed``."""
    Chance(seed).shuffle(items)


def check_table(rules: TsvetikRules, players: int) -> None:
    """Every player must be able to take a field each round."""
    laid = rules.fields_for(players)
    if laid < players:
        raise ValueError(f"{players} players need at least {players} fields, but the rules lay out {laid}")


# ---------------------------------------------------------------------- positions
def position_to_dict(s: State) -> dict[str, Any]:
    """A position in card notation; the bank top card first (as in ``scenario``)."""
    return {
        "bank": names(reversed(s.bank)),
        "fields": [names(f) for f in s.fields],
        "taken": {str(p): t for p, t in enumerate(s.taken) if t is not None},
        "collected": [names(c) for c in s.collected],
        "discard": names(s.discard),
        "current": s.current,
        "first": s.first,
        "drawn": None if s.drawn is None else COLOURS[s.drawn],
        "round": s.round,
        "over": s.over,
    }


def _read_collected(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    collected = listed(data.get("collected"), "'collected' must hold one list of cards per player")
    require_int(len(collected), "the number of players", MIN_PLAYERS, MAX_PLAYERS)
    return [parse_cards(c, f"the cards of Player {p + 1}") for p, c in enumerate(collected)]


def _read_fields(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    """The fields (missing: the preset's table, every field empty); a teacher's puzzle may
    lay out another number of fields than the preset."""
    rules, players = got["rules"], len(got["collected"])
    fields_in = data.get("fields")
    if fields_in is None:
        fields_in = [[] for _ in range(rules.fields_for(players))]
    listed(fields_in, "'fields' must be a list with one list of cards per field")
    n_fields = len(fields_in)
    if not players <= n_fields <= MAX_FIELDS:
        raise ValueError(
            f"'fields' must hold {players} to {MAX_FIELDS} fields (one list each), not {n_fields}"
        )
    fields = [parse_cards(f, f"field {i + 1}") for i, f in enumerate(fields_in)]
    for i, f in enumerate(fields):
        if len(f) > rules.cells:
            raise ValueError(f"field {i + 1} holds {len(f)} cards, but a field has {rules.cells} cells")
    return fields


def _read_discard(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[int]:
    """The discard pile; with it every card is read, so no more than a box holds."""
    discard = parse_cards(data.get("discard") or [], "the discard pile")
    total = len(got["bank"]) + len(discard) + sum(map(len, got["fields"])) + sum(map(len, got["collected"]))
    if total > MAX_CARDS:
        raise ValueError(f"the position holds {total} cards, more than any box ({MAX_CARDS})")
    return discard


def _read_taken(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[int | None]:
    """The field each player took this round (None: none yet)."""
    players, n_fields = len(got["collected"]), len(got["fields"])
    taken: list[int | None] = [None] * players
    taken_in = data.get("taken") or {}
    if not isinstance(taken_in, Mapping):
        raise ValueError("'taken' must map players to the fields they took, e.g. {0: 2}")
    for key, f in taken_in.items():
        try:
            p = int(key)
        except (TypeError, ValueError):
            raise ValueError(f"'taken': {key!r} is not a player number") from None
        require_int(p, "a player in 'taken'", 0, players - 1)
        require_int(f, f"the field Player {p + 1} took", 0, n_fields - 1)
        if f in taken:
            raise ValueError(f"field {f + 1} cannot be taken by two players")
        taken[p] = f
    return taken


def _read_over(data: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    over = flag(data.get("over", False), "'over' must be true or false")
    taken = got["taken"]
    if over and (got["bank"] or any(t is not None for t in taken) or any(got["fields"])):
        raise ValueError("a finished game has an empty bank and no cards on the fields")
    if not over and all(t is not None for t in taken):
        raise ValueError("every player has a field: that round is already over")
    return over


def _read_first(data: Mapping[str, Any], got: Mapping[str, Any]) -> int:
    """Who acted first this round; and the player to act must not have taken a field."""
    current = got["current"]
    first = require_int(data.get("first", current), "first", 0, len(got["collected"]) - 1)
    if got["taken"][current] is not None:
        raise ValueError(f"Player {current + 1} has taken a field this round, so cannot be the one to act")
    return first


def _read_drawn(data: Mapping[str, Any], got: Mapping[str, Any]) -> int | None:
    drawn = data.get("drawn")
    return None if drawn is None else parse_colour(drawn)


#: A Tsvetik position's fields, read in this order.
POSITION_FIELDS: tuple[tuple[str, PositionReader], ...] = (
    ("collected", _read_collected),
    ("fields", _read_fields),
    ("bank", lambda data, _: parse_cards(data.get("bank") or [], "the bank")[::-1]),
    ("discard", _read_discard),
    ("taken", _read_taken),
    ("over", _read_over),
    ("current", lambda data, got: require_int(data.get("current", 0), "current", 0, len(got["taken"]) - 1)),
    ("first", _read_first),
    ("round", lambda data, _: require_int(data.get("round", 1), "round", 1, 10_000)),
    ("drawn", _read_drawn),
)


def position_from_dict(data: Mapping[str, Any], rules: TsvetikRules) -> State:
    """Read and check a position: notation, sizes, who holds which field, whose turn."""
    got = read_position(data, POSITION_FIELDS, rules=rules)
    fields, drawn = got["fields"], got["drawn"]
    state = State(got["bank"], fields, got["taken"], got["collected"], got["current"], got["first"], drawn,
                  got["discard"], got["round"], got["over"])  # fmt: skip
    if drawn is not None and not any(len(fields[f]) < rules.cells for f in open_fields(state)):
        raise ValueError("a card is drawn, but no untaken field has a free cell for it")
    return state


def scenario_position(
    players: int | None = None,
    bank: Sequence[str] = (),
    fields: Sequence[Sequence[str]] | None = None,
    taken: Mapping[int, int] | None = None,
    collected: Sequence[Sequence[str]] | None = None,
    current: int = 0,
    first: int | None = None,
    *,
    drawn: str | None = None,
    discard: Sequence[str] = (),
    preset: str = "seed",
    rules: Mapping[str, Any] | None = None,
) -> tuple[State, TsvetikRules]:
    """A position built from card words: a lesson's puzzle, or a test's.

    ``bank`` is top card first; ``fields`` one list per field (when not given, the
    preset's fields, empty: 4 in the seed preset, one per player in coloretto; a puzzle may
    lay out one per player up to 8); ``taken`` maps a player
    to the field they took this round; ``collected`` one list per player (their cards
    from earlier rounds). ``players`` defaults to ``len(collected)``, else 2. How many
    copies of a colour the box holds is not checked (a teacher may build any puzzle).
    """
    the_rules = make_rules(preset, rules)
    if players is None:
        players = len(collected) if collected is not None else 2
    require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    if collected is None:
        collected = [[] for _ in range(players)]
    if len(collected) != players:
        raise ValueError(f"'collected' must hold one list per player ({players})")
    check_table(the_rules, players)
    position = {
        "bank": list(bank),
        "fields": [list(f) for f in fields] if fields is not None else None,
        "taken": dict(taken or {}),
        "collected": [list(c) for c in collected],
        "discard": list(discard),
        "current": current,
        "first": current if first is None else first,
        "drawn": drawn,
    }
    return position_from_dict(position, the_rules), the_rules


__all__ = ["TsvetikEngine", "deal", "position_from_dict", "position_to_dict", "scenario_position"]
