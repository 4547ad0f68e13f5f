"""LigrettoEngine: the Game contract of docs/plugins.md over the rules in ``state.py``.

Ligretto has no turns: ``current_player`` is None while everyone plays, every move
carries its player and the time ``at`` it lands (seconds from the start of the round),
and the engine refuses a move timed before the last card that landed. Races for a pile
are settled by :func:`teachgames.core.realtime.settle`: the later card gets "pile
taken". No sympy is imported here; explanations and pictures load when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.errors import IllegalMove
from ..core.game import Game, require_int, require_player, require_str_list
from ..core.options import GameOption
from ..core.positions import PositionReader, listed, read_position
from ..core.rng import Chance, fresh_seed
from .cards import COLOURS, NAMES, SET_SIZE, TOP, card_name, colour_of, number_of, owner_of, parse_face
from .checks import Problem, move_problem
from .messages import say
from .moves import LigrettoMove, NextRound, Play, Turn, describe, move_from_dict, well_formed
from .rules import (
    BLOCKADE,
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    LigrettoRules,
    make_rules,
    row_size,
    rules_from_dict,
)
from .state import (
    BLOCKED,
    FIT,
    OVER,
    PLAY,
    ROUND_OVER,
    Hand,
    RoundEnd,
    State,
    centre_counts,
    fit_map,
    forget,
    is_blocked,
    new_state,
    next_round,
    piles_for,
    play_card,
    round_points,
    settle_blockade,
    totals,
    turn,
    where,
)

if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar

    _G = TypeVar("_G", bound="LigrettoEngine")


_MOVE_TYPES = (Play, Turn, NextRound)


class LigrettoEngine(Game[State, LigrettoMove]):
    """The rules of Ligretto for 2–12 players (docs/ligretto.md) behind the Game contract; the
    whole game, with its explanations and pictures, is :class:`~.game.LigrettoGame`."""

    name = "ligretto"
    simultaneous: ClassVar[bool] = True
    order: ClassVar[int] = 3
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("preset", "rules preset: seed (this package) or official (the box)", PRESETS, "seed",
                   words="ligretto.option.preset.{value}"),
        GameOption("players", "number of players, 2 to 12", None, 3, "int"),
        GameOption("blockade", "when nobody can play: end the round, or unblock and go on", BLOCKADE, "end",
                   words="ligretto.option.blockade.{value}"),
        GameOption("target", "play rounds until someone has this many points", None, DEFAULT_TARGET, "int"),
        GameOption("rounds", "play this many rounds instead of playing to the target", None, None, "int"),
    )

    def __init__(self, state: State, setup: dict[str, Any], rules: LigrettoRules) -> None:
        super().__init__(state, setup)
        self.rules = rules
        # Moves already made at the time ``_made_at``, by (player, face or -1 for a turn,
        # pile): a move is a frozen value, so one object serves every position where it
        # is legal. The very time object is compared (not just its value: 0.0 is not -0.0).
        self._made: dict[tuple[int, int, int | None], LigrettoMove] = {}
        self._made_at: float | None = None

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(
        cls: type[_G],
        players: int = 3,
        seed: int | None = None,
        preset: str = "seed",
        rules: Mapping[str, Any] | None = None,
        blockade: str | None = None,
        target: int | None = None,
        rounds: int | None = None,
    ) -> _G:
        """A dealt game. Same seed and options, same game (every round, every reshuffle).

        ``rules`` changes any Decision (``{"blockade": "unblock", "rounds": 3}``);
        ``blockade``, ``target`` and ``rounds`` are the same as keywords (for the CLI).
        """
        require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        if rules is not None and not isinstance(rules, Mapping):
            raise ValueError(f"rules= must be a dict of rule names and values, not {rules!r}")
        changes = dict(rules or {})
        for key, value in (("blockade", blockade), ("target", target), ("rounds", rounds)):
            if value is not None:
                changes[key] = value
        the_rules = make_rules(preset, changes)
        if seed is None:
            seed = fresh_seed()
        require_int(seed, "seed", -(2**63), 2**63)
        setup = {"seed": seed, "players": players, "rules": the_rules.to_dict()}
        return cls(new_state(players, the_rules, seed), setup, the_rules)

    @classmethod
    def _from_setup(cls: type[_G], setup: Mapping[str, Any]) -> _G:
        rules = rules_from_dict(setup.get("rules"))
        seed = require_int(setup.get("seed"), "seed", -(2**63), 2**63)
        if "position" in setup:
            return cls(laid_out(setup["position"], seed, rules), dict(setup), rules)
        players = require_int(setup.get("players"), "players", MIN_PLAYERS, MAX_PLAYERS)
        return cls(new_state(players, rules, seed), dict(setup), rules)

    @classmethod
    def title(cls, language: str | None = None) -> str:
        return say("title", language)

    # ------------------------------------------------------------------ the contract
    @property
    def players(self) -> int:
        return len(self._state.hands)

    @property
    def current_player(self) -> int | None:
        """Always None: everyone plays at once (and nobody once the game is over)."""
        return None

    @property
    def state(self) -> State:
        """The live position (read it, do not change it: use ``play``)."""
        return self._state

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def phase(self) -> str:
        """"play" (the round is on), "round_over" (waiting for the next deal) or "over"."""
        return self._state.phase

    @property
    def time(self) -> float:
        """When the last card landed (seconds from the start of the round)."""
        return self._state.last_at

    def is_over(self) -> bool:
        return self._state.phase == OVER

    def is_blocked(self) -> bool:
        """Nobody can play from stack, row or any hand card reached in a full pass."""
        return self._state.phase == PLAY and is_blocked(self._state, self.rules)

    def row_size(self) -> int:
        return row_size(self.rules.preset, self.players)

    def legal_moves(self, player: int | None = None) -> list[LigrettoMove]:
        """Every legal move of ``player`` now (None: of every player, player by player).

        One player's moves come in the order a greedy player prefers them: the Ligretto
        stack's top card, then the row, then the top hand card, then turning up cards.
        They are remembered in the state's memo until a move changes what they read.
        """
        if player is None:
            return [m for p in range(self.players) for m in self.legal_moves(p)]
        if player is not None and type(player) is not int:  # numpy's integers; a bool is refused
            player = require_player(player, self.players)
        s = self._state
        cached: tuple[LigrettoMove, ...] | None = s.memo.get(player)
        if cached is None:
            player = require_player(player, self.players)
            cached = s.memo[player] = tuple(self._legal_moves(player))
        return list(cached)

    def _legal_moves(self, player: int) -> list[LigrettoMove]:
        s = self._state
        at = s.last_at
        if s.phase != PLAY:
            return [NextRound(player, at)] if s.phase == ROUND_OVER else []
        hand = s.hands[player]
        fit = fit_map(s)
        made = self._made
        if at is not self._made_at:  # a new time: moves made before carry the old one
            made = self._made = {}
            self._made_at = at
        moves: list[LigrettoMove] = []
        top = hand.stack[-1:] + [c for c in hand.row if c is not None] + hand.turned[-1:]
        for card in top:
            f = card % SET_SIZE
            piles = fit.get(f)
            if piles is None:
                continue
            for pile in piles or (None,):  # a 1 (no piles listed) starts its own pile
                key = (player, f, pile)
                move = made.get(key)
                if move is None:
                    move = made[key] = Play(player, NAMES[f], pile, at)
                moves.append(move)
        if hand.deck or hand.turned:
            key = (player, -1, None)
            move = made.get(key)
            if move is None:
                move = made[key] = Turn(player, at)
            moves.append(move)
        return moves

    def _offered(self, move: LigrettoMove) -> bool:
        """Is ``move`` the very object :meth:`legal_moves` gave for this position? Such a
        move needs neither parsing nor checking: it was derived from the rules here."""
        player = move.player
        cached = self._state.memo.get(player) if type(player) is int else None
        if cached is not None:
            for m in cached:
                if m is move:
                    return True
        return False

    def move_from_dict(self, data: Mapping[str, Any]) -> LigrettoMove:
        return move_from_dict(data, self.players, self._state.last_at)

    def coerce_move(self, move: LigrettoMove | Mapping[str, Any]) -> LigrettoMove:
        # The engine's own moves, and moves holding what a dict would be read into, need
        # no reading; anything else is read by the validating parser, which refuses it.
        if type(move) in _MOVE_TYPES and (self._offered(move) or well_formed(move, self.players)):  # type: ignore[arg-type]
            return move  # type: ignore[return-value]
        return super().coerce_move(move)

    def rule_problem(self, move: LigrettoMove | Mapping[str, Any]) -> Problem | None:
        """The first rule ``move`` breaks now, as data (None if it is legal)."""
        return move_problem(self._state, self.coerce_move(move))

    def _check(self, move: LigrettoMove) -> None:
        if self._offered(move):
            return
        problem = move_problem(self._state, move)
        if problem is not None:
            raise IllegalMove(problem.words(), code=problem.code, translate=problem.words)

    def _apply(self, move: LigrettoMove) -> None:
        s = self._state
        if isinstance(move, NextRound):
            next_round(s, self.rules)
            return
        if move.at is not s.last_at:  # the very object, as in _legal_moves (0.0 is not -0.0)
            forget(s, FIT, BLOCKED)  # every remembered move carries the time
        s.last_at = move.at
        if isinstance(move, Turn):
            turn(s, move.player, self.rules)
            return
        card = move.player * SET_SIZE + parse_face(move.card)
        pile = move.pile
        if pile is None and number_of(card) > 1:
            pile = piles_for(s, card)[0]
        play_card(s, self.rules, move.player, card, pile)

    def _snapshot(self) -> State:
        return self._state.copy()

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[int]:
        """The match total: the points of every finished round added up."""
        return totals(self._state)

    def round_scores(self) -> list[list[int]]:
        """One list of points per finished round."""
        return [r[:] for r in self._state.finished]

    def round_points(self) -> list[int]:
        """The points of the round on the table now (final once the round is over)."""
        return round_points(self._state)

    def round_ends(self) -> list[RoundEnd]:
        """How each finished round ended: centre counts, stack cards left, why, who, unblocks."""
        return list(self._state.details)

    def centre_counts(self) -> list[int]:
        """How many of each player's cards lie in the centre."""
        return centre_counts(self._state)

    def stack_left(self) -> list[int]:
        """Cards left in each player's Ligretto stack."""
        return [len(h.stack) for h in self._state.hands]

    def bot_value(self, player: int) -> int:
        """What a greedy bot maximises: this round's points (a stack or row card +3, a hand card +1)."""
        return round_points(self._state)[player]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, v in enumerate(scores) if v == best]

    def cards_used(self, move: LigrettoMove | Mapping[str, Any]) -> list[str]:
        m = self.coerce_move(move)
        return [m.card] if isinstance(m, Play) else []

    def where(self, player: int, card: str) -> str | None:
        """Where ``player``'s own ``card`` lies: stack, row, hand (playable), stack_under,
        hand_under, deck, or None (in the centre)."""
        return where(self._state.hands[player], player * SET_SIZE + parse_face(card))

    # ------------------------------------------------------------------ words
    def describe(
        self,
        move: LigrettoMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        m = self.coerce_move(move)
        place = None
        if isinstance(m, Play):
            place = where(self._state.hands[m.player], m.player * SET_SIZE + parse_face(m.card))
            if m.pile is None and number_of(parse_face(m.card)) > 1 and place in ("stack", "row", "hand"):
                fit = piles_for(self._state, m.player * SET_SIZE + parse_face(m.card))
                if fit:
                    m = Play(m.player, m.card, fit[0], m.at)
        return describe(m, language, names, place)

    # ------------------------------------------------------------------ views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (None: the teacher sees everything). JSON-able.

        A pupil sees the top of their own turned-up hand cards, every player's row and
        stack top, and how many cards lie where; not the order of any face-down cards
        nor the turned-up cards of others.
        """
        if player is not None:
            player = require_player(player, self.players)
        s = self._state
        players = [_hand_view(h, p, player) for p, h in enumerate(s.hands)]
        piles = []
        for pile in s.piles:
            top = pile[-1]
            piles.append({
                "colour": COLOURS[colour_of(top)],
                "top": card_name(top),
                "number": number_of(top),
                "owner": owner_of(top),
                "owners": [owner_of(c) for c in pile],
                "size": len(pile),
                "complete": number_of(top) == TOP,
            })  # fmt: skip
        return {
            "game": self.name,
            "preset": self.rules.preset,
            "players": self.players,
            "viewer": player,
            "round": s.round,
            "phase": s.phase,
            "over": s.phase == OVER,
            "time": s.last_at,
            "row_size": self.row_size(),
            "hands": players,
            "piles": piles,
            "round_points": round_points(s),
            "round_scores": self.round_scores(),
            "scores": self.scores(),
            "ended": s.ended if s.phase != PLAY else None,
            "ender": s.ender if s.phase != PLAY else None,
            "unblocks": s.unblocks,
            "moves": self.moves_played,
        }


def _hand_view(h: Hand, p: int, viewer: int | None) -> dict[str, Any]:
    own = viewer is None or viewer == p
    data: dict[str, Any] = {
        "stack_top": card_name(h.stack[-1]) if h.stack else None,
        "stack": len(h.stack),
        "row": [card_name(c) if c is not None else None for c in h.row],
        "hand_top": card_name(h.turned[-1]) if h.turned and own else None,
        "turned": len(h.turned),
        "deck": len(h.deck),
    }
    if viewer is None:  # the teacher: every card, top first
        data["stack_cards"] = [card_name(c) for c in reversed(h.stack)]
        data["turned_cards"] = [card_name(c) for c in reversed(h.turned)]
        data["deck_cards"] = [card_name(c) for c in reversed(h.deck)]
    return data


# ---------------------------------------------------------------------- positions by hand
def _own(value: Any, what: str, p: int, seen: set[int]) -> list[int]:
    """Player ``p``'s cards named in ``value``, each at most once in the whole position."""
    out = []
    for text in require_str_list(value if value is not None else [], what):
        card = p * SET_SIZE + parse_face(text)
        if card in seen:
            raise ValueError(f"{what}: Player {p + 1}'s {text} lies in two places")
        seen.add(card)
        out.append(card)
    return out[::-1]  # written top first, kept top last


def _read_hands(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[Hand]:
    hands_in = listed(data.get("hands"), "'hands' must be a list with one entry per player")
    require_int(len(hands_in), "the number of players", MIN_PLAYERS, MAX_PLAYERS)
    seen, hands = got["seen"], []
    for p, h in enumerate(hands_in):
        if not isinstance(h, Mapping):
            raise ValueError(f"hand {p + 1} must be an object with stack, row, deck, turned")
        row_in = h.get("row") or []
        row: list[int | None] = []
        for text in require_str_list([x for x in row_in if x is not None], f"row of Player {p + 1}"):
            row += _own([text], f"row of Player {p + 1}", p, seen)
        hands.append(Hand(_own(h.get("stack"), f"stack of Player {p + 1}", p, seen), row,
                          _own(h.get("deck"), f"hand deck of Player {p + 1}", p, seen),
                          _own(h.get("turned"), f"turned-up cards of Player {p + 1}", p, seen)))  # fmt: skip
    return hands


def _read_piles(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    piles_in = listed(data.get("piles") or [], "'piles' must be a list of piles")
    return [_read_pile(pile_in, i, len(got["hands"]), got["seen"]) for i, pile_in in enumerate(piles_in)]


def _read_pile(pile_in: Any, i: int, players: int, seen: set[int]) -> list[int]:
    """Pile ``i``: 1, 2, 3 … of one colour, bottom first, each card with its owner."""
    if not isinstance(pile_in, Sequence) or isinstance(pile_in, str) or not pile_in:
        raise ValueError(f"pile {i + 1} must be a non-empty list of cards, bottom first")
    pile: list[int] = []
    for k, entry in enumerate(pile_in):
        written, owner = _pile_entry(entry)
        if written is None or owner is None:
            raise ValueError(f"pile {i + 1}: write each card as 'red 1' or ['red 1', owner]")
        require_int(owner, f"owner in pile {i + 1}", 0, players - 1)
        card = owner * SET_SIZE + parse_face(written)
        if card in seen:
            raise ValueError(f"pile {i + 1}: Player {owner + 1}'s {written} lies in two places")
        seen.add(card)
        if number_of(card) != k + 1 or (pile and colour_of(card) != colour_of(pile[0])):
            raise ValueError(f"pile {i + 1} must go 1, 2, 3 … in one colour (bottom first)")
        pile.append(card)
    return pile


def _read_time(data: Mapping[str, Any], got: Mapping[str, Any]) -> float:
    t = data.get("time", 0.0)
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 86_400:
        raise ValueError("'time' must be a number of seconds")
    return float(t)


#: A Ligretto position's fields, read in this order (``seen``: the cards read so far).
POSITION_FIELDS: tuple[tuple[str, PositionReader], ...] = (
    ("hands", _read_hands),
    ("piles", _read_piles),
    ("time", _read_time),
)


def position_from_dict(data: Any, seed: int) -> State:
    """Read a position (see :func:`scenario`); every card once, piles by colour and order."""
    got = read_position(data, POSITION_FIELDS, seen=set())
    hands = got["hands"]
    state = State(hands, got["piles"], Chance(seed), last_at=got["time"])
    if any(not h.stack for h in hands):
        raise ValueError("every player needs at least one card in the Ligretto stack")
    return state


def laid_out(data: Any, seed: int, rules: LigrettoRules) -> State:
    """A position read by :func:`position_from_dict` and settled as a deal is.

    Decision: a position laid out already blocked (nobody can play from a stack, a row or
    any hand card) is the rules' blockade, met before the first card instead of after
    one: with ``blockade="end"`` the round ends there and is scored, with "unblock" every
    player first moves the top hand card to the bottom. So such a scenario is never a
    dead position with no legal move and no end: it is a finished round (the next round
    is dealt by a ``NextRound`` move) or a finished match."""
    state = position_from_dict(data, seed)
    settle_blockade(state, rules)
    return state


def _pile_entry(entry: Any) -> tuple[str | None, int | None]:
    """A pile card as written: "red 1" (Player 1's) or ["red 1", owner]."""
    if isinstance(entry, str):
        return entry, 0
    if isinstance(entry, Sequence) and len(entry) == 2 and isinstance(entry[0], str):
        owner = entry[1]
        return entry[0], owner if isinstance(owner, int) and not isinstance(owner, bool) else None
    return None, None


def scenario_position(
    hands: Sequence[Mapping[str, Sequence[str]]],
    piles: Sequence[Sequence[Any]] = (),
    preset: str = "seed",
    rules: Mapping[str, Any] | None = None,
    seed: int = 0,
    time: float = 0.0,
) -> tuple[State, dict[str, Any], LigrettoRules]:
    """A position built from card strings, for a lesson's puzzle or a test.

    ``hands`` has one dict per player with ``stack``, ``row``, ``deck`` (face down) and
    ``turned`` (face up), each a list of that player's cards TOP FIRST. ``piles`` are the
    centre piles BOTTOM FIRST ("red 1", "red 2", …); a card is "red 2" (Player 1's) or
    ``["red 2", owner]``. ``seed`` seeds later chance (reshuffles, the next deal).
    """
    the_rules = make_rules(preset, rules)
    position = {
        "hands": [{k: list(v) for k, v in h.items()} for h in hands],
        "piles": [[e if isinstance(e, str) else list(e) for e in p] for p in piles],
        "time": time,
    }
    state = laid_out(position, seed, the_rules)
    setup = {"seed": seed, "players": len(hands), "rules": the_rules.to_dict(), "position": position}
    return state, setup, the_rules


__all__ = ["LigrettoEngine", "scenario_position"]
