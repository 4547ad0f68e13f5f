"""DelissimoEngine: the rules half of the Game contract of docs/plugins.md over ``state.py``.

This module checks moves (``checks.py``), applies them (``state.py``), lists legal
moves (``search.py``) and turns positions into views, saved games and scores. It
imports no sympy at module level: exact ``Rational`` values are made only when a
score or a value is asked for. It never imports the explanations, the pictures or
the widgets (they lie above it): ``teachgames.delissimo.game.DelissimoGame`` adds
those on top of this class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.errors import IllegalMove
from ..core.game import Game, require_int, require_player, require_str_list
from ..core.numbers import exact
from ..core.options import GameOption
from ..core.positions import PositionReader, flag, listed, per_player, read_position
from ..core.rng import Chance, fresh_seed
from .cards import CANCEL_ID, CARDS, DISPLAY_KEYS, IS_ORDER, IS_PIZZA, Card, card_names, parse_card
from .checks import (
    Problem,
    cancel_problem,
    capture_problem,
    end_turn_problem,
    special_problem,
)
from .messages import say
from .moves import Cancel, Capture, DelissimoMove, EndTurn, Special, describe, move_from_dict
from .rules import LEVELS, DelissimoRules, make_rules, rules_from_dict
from .search import RawCapture, count_captures
from .state import (
    Options,
    State,
    UndoRecord,
    capture_mode,
    delivered_eighths,
    do_cancel,
    do_capture,
    do_end_turn,
    do_special,
    open_cards,
    penalty_eighths,
    playable_specials,
    score_eighths,
    special_takes,
    split_stacks,
    turn_options,
)

if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar

    from sympy import Rational

    _G = TypeVar("_G", bound="DelissimoEngine")

MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: Most capture objects kept per rules object (a few MB at most).
MOVE_MEMO_SIZE = 20_000


class DelissimoEngine(Game[State, DelissimoMove]):
    """The rules of a game of Delissimo at one level; see docs/delissimo.md.

    ``DelissimoGame`` (in ``game.py``) is the full game: this plus explanations and pictures.
    """

    name = "delissimo"
    order = 1
    #: What a teacher chooses when starting a game (the CLI and lessons read these).
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption(
            "level",
            "beginner (6+), whole (6+, whole pizzas), basic (8+) or advanced (10+)",
            choices=LEVELS,
            default="basic",
            words="delissimo.draw.levels.{value}",
        ),
        GameOption("max_dots", "the hardest cards dealt, in difficulty dots", (1, 2, 3), 3, "int"),
    )

    @classmethod
    def title(cls, language: str | None = None) -> str:
        """The game's name in ``language``."""
        return say("draw.title", language)

    def __init__(self, state: State, setup: dict[str, Any], rules: DelissimoRules) -> None:
        super().__init__(state, setup)
        self.rules = rules
        # one shared object per mode: a position's cached ``State.index`` is checked by identity
        self._mode = capture_mode(rules)
        self._forget_position()

    # ------------------------------------------------------------------ per-position memo
    def _forget_position(self) -> None:
        """Drop what was worked out for the position; called whenever it changes.

        Bots, ``simulate`` and widgets ask ``is_over``, ``current_player`` and
        ``legal_moves`` several times per move: the capture search runs once per position.
        The moves last listed by ``legal_moves`` are known legal, so playing one of
        those very objects needs no second check. (Attributes are replaced, never
        changed in place, so a ``copy()`` may share them until either side moves.)
        """
        self._options: Any = _UNKNOWN  # Options | None once worked out
        self._listed: tuple[DelissimoMove, ...] | None = None
        self._listed_ids: Mapping[int, RawCapture | None] = _NOTHING_LISTED  # id -> a capture's ids

    def __getstate__(self) -> dict[str, Any]:
        # The memo names moves by id(), which means nothing in another process or in a
        # deep copy: pickles and copies start without it (and find the shared mode again).
        state = self.__dict__.copy()
        for name in ("_options", "_listed", "_listed_ids", "_mode"):
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._mode = capture_mode(self.rules)
        self._forget_position()

    def _is_listed(self, move: object) -> bool:
        """True when ``move`` is one of the objects the last ``legal_moves()`` returned."""
        # The listed objects are alive in ``_listed``, so no other object can share an id.
        return id(move) in self._listed_ids

    def coerce_move(self, move: DelissimoMove | Mapping[str, Any]) -> DelissimoMove:
        if self._is_listed(move):
            return move  # type: ignore[return-value]  # one of our own legal moves
        return super().coerce_move(move)

    def play(self, move: DelissimoMove | Mapping[str, Any]) -> DelissimoMove:
        """Check and play ``move`` (a move object or its dict); a refused move raises
        IllegalMove and changes nothing. One of the objects the last ``legal_moves()``
        returned is known legal: it is played without being read or checked again."""
        raw = self._listed_ids.get(id(move), _NOT_LISTED)
        if raw is _NOT_LISTED:
            if self._listed is not None or type(move) not in _MOVE_TYPES:
                return super().play(move)
            # This position's moves are not listed yet: just after an undo, say, as a greedy
            # bot plays each of its moves and takes it back. Listing them costs far less than
            # reading and checking the move, and one of our own move objects is then known.
            self.legal_moves()
            raw = self._listed_ids.get(id(move), _NOT_LISTED)
            if raw is _NOT_LISTED:
                return super().play(move)
        listed: DelissimoMove = move  # type: ignore[assignment]  # one of our own legal moves
        s = self._state
        before = s.record()
        self._options = _UNKNOWN  # _forget_position(), inline: this runs once per move
        self._listed = None
        self._listed_ids = _NOTHING_LISTED
        try:
            if raw is not None:  # a listed capture: its card ids are known
                do_capture(s, listed.player, raw[0], raw[1], self.rules)
            elif type(listed) is EndTurn:
                do_end_turn(s, self.rules)
            else:
                self._apply(listed)
        except BaseException:
            self._state = State.from_record(before)
            self._forget_position()
            raise
        self._undo_stack.append(before)
        self._history.append(listed)
        return listed

    def _restore(self, record: State | UndoRecord) -> State:
        # ``play`` keeps a record of a listed move, the general ``Game.play`` a snapshot
        return record if isinstance(record, State) else State.from_record(record)

    def undo(self) -> DelissimoMove:
        move = super().undo()
        self._forget_position()
        return move

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(
        cls: type[_G],
        level: str = "basic",
        players: int = 2,
        seed: int | None = None,
        max_dots: int = 3,
        rules: Mapping[str, Any] | None = None,
    ) -> _G:
        """A shuffled, dealt game. Same seed and options, same game."""
        require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        the_rules = make_rules(level, max_dots, rules)
        if seed is None:
            seed = fresh_seed()
        state = deal(the_rules, players, Chance(seed))
        return cls._from_state(state, the_rules, seed)

    @classmethod
    def _from_state(
        cls: type[_G], state: State, rules: DelissimoRules, seed: int | None, by_hand: bool = False
    ) -> _G:
        position = position_to_dict(state, rules)
        setup: dict[str, Any] = {"seed": seed, "rules": rules.to_dict(), "position": position}
        if by_hand:
            setup["scenario"] = True  # built by hand: any number of copies is allowed
        return cls(state, setup, rules)

    @classmethod
    def _from_setup(cls: type[_G], setup: Mapping[str, Any]) -> _G:
        rules = rules_from_dict(setup.get("rules", {}))
        position = setup.get("position")
        if not isinstance(position, Mapping):
            raise ValueError("the setup has no 'position'")
        state = position_from_dict(position, rules)
        seed = setup.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError("the seed must be a whole number")
        by_hand = setup.get("scenario", False)
        if not isinstance(by_hand, bool) or (by_hand and seed is not None):
            raise ValueError("'scenario' must be true or false, and a position built by hand has no seed")
        if not by_hand:
            check_box(state, rules)
        if seed is not None and deal(rules, len(state.hands), Chance(seed)).key() != state.key():
            raise ValueError(f"the saved starting position is not the deal of seed {seed}")
        return cls._from_state(state, rules, seed, by_hand)

    # ------------------------------------------------------------------ the contract
    @property
    def level(self) -> str:
        return self.rules.level

    @property
    def players(self) -> int:
        return len(self._state.hands)

    @property
    def current_player(self) -> int | None:
        options = self._options
        if options is _UNKNOWN:
            options = self._options = turn_options(self._state, self.rules, self._mode)
        return None if options is None else self._state.current

    @property
    def state(self) -> State:
        """The live position (read it, do not change it: use ``play``)."""
        return self._state

    def is_over(self) -> bool:
        options = self._options
        if options is _UNKNOWN:
            options = self._options = turn_options(self._state, self.rules, self._mode)
        return options is None

    def count_captures(self) -> int:
        """How many captures the player to act has: exact, and quick at any size, while
        ``legal_moves()`` lists at most ``MAX_LISTED_CAPTURES`` of a crafted position's."""
        if self.is_over():
            return 0
        s = self._state
        return count_captures(tuple(s.hands[s.current]), tuple(sorted(open_cards(s, self.rules))), self._mode)

    def captures(self) -> list[Capture]:
        """Every legal capture of the player to act, each able to explain itself."""
        return [m for m in self.legal_moves() if isinstance(m, Capture)]

    def _capture(self, player: int, raw: RawCapture) -> Capture:
        # Moves are frozen, so one object per (player, capture) serves every game with
        # these rules; the memo is dropped when it grows past MOVE_MEMO_SIZE.
        memo = self.rules.move_memo
        key = (player, raw)
        move: Capture | None = memo.get(key)
        if move is None:
            give, take = raw
            move = Capture(player, _in_display_order(give), _in_display_order(take), self.rules)
            if len(memo) >= MOVE_MEMO_SIZE:
                memo.clear()
            memo[key] = move
        return move

    def legal_moves(self, player: int | None = None) -> list[DelissimoMove]:
        """The moves ``player`` (default: the player to act) may make now, in a fixed order:
        captures (fewest cards first), special orders, then ending the turn. A position
        built by hand with a huge hand or table lists at most ``MAX_LISTED_CAPTURES``
        captures (``count_captures()`` gives the exact number; any legal capture not
        listed is still accepted by ``play``)."""
        if player is not None and type(player) is not int:  # numpy's integers; a bool is refused
            player = require_player(player, self.players)
        if player is None or player == self._state.current:
            listed = self._listed
            if listed is None:
                options = self._options
                if options is _UNKNOWN:
                    options = self._options = turn_options(self._state, self.rules, self._mode)
                if options is None:
                    return []
                listed = self._list(options)
            return list(listed)
        player = require_player(player, self.players)
        return self._out_of_turn(player) if not self.is_over() else []

    def _out_of_turn(self, player: int) -> list[DelissimoMove]:
        """What a player may do while another acts: cancel their turn, or (10+) a special order."""
        s = self._state
        out: list[DelissimoMove] = []
        if cancel_problem(s, player, s.current, self.rules) is None:
            out.append(Cancel(player, s.current))
        if self.rules.special_anytime:
            out += [Special(player, CARDS[c]) for c in playable_specials(s, player, self.rules)]
        return out

    def _list(self, options: Options) -> tuple[DelissimoMove, ...]:
        """The player to act's moves as objects, remembered (with each capture's card ids)
        until the position changes."""
        caps, specials = options
        p = self._state.current
        if not caps and not specials:  # only "end the turn": one shared listing per seat
            self._listed, self._listed_ids = listing = _END_ONLY[p]
            return listing[0]
        memo = self.rules.move_memo
        moves: list[DelissimoMove] = []
        listed: dict[int, RawCapture | None] = {}
        for raw in caps:
            move = memo.get((p, raw))
            if move is None:
                move = self._capture(p, raw)
            moves.append(move)
            listed[id(move)] = raw
        for c in specials:
            special = _special(p, c)
            moves.append(special)
            listed[id(special)] = None
        end = _END_TURNS[p]
        moves.append(end)
        listed[id(end)] = None
        self._listed = together = tuple(moves)
        self._listed_ids = listed
        return together

    def move_from_dict(self, data: Mapping[str, Any]) -> DelissimoMove:
        move = move_from_dict(data, self.players)
        if isinstance(move, Capture):
            return Capture(move.player, move.give, move.take, self.rules)
        return move

    def problem(self, move: DelissimoMove | Mapping[str, Any]) -> Problem | None:
        """The first rule ``move`` breaks now, or None if it is legal."""
        if self._is_listed(move):
            return None
        m = self.coerce_move(move)
        s = self._state
        if self.is_over():
            return Problem("game-over", "game_over", {})
        if isinstance(m, Capture):
            return capture_problem(s, m.player, _ids(m.give), _ids(m.take), self.rules)
        if isinstance(m, Special):
            return special_problem(s, m.player, m.card.id, self.rules)
        if isinstance(m, Cancel):
            return cancel_problem(s, m.player, m.target, self.rules)
        return end_turn_problem(s, m.player)

    def _check(self, move: DelissimoMove) -> None:
        problem = self.problem(move)
        if problem is not None:
            raise IllegalMove(problem.words(), code=problem.code, translate=problem.words)

    def _apply(self, move: DelissimoMove) -> None:
        raw = self._listed_ids.get(id(move))
        self._forget_position()
        s = self._state
        if raw is not None:  # a listed capture: its card ids are known
            do_capture(s, move.player, raw[0], raw[1], self.rules)
        elif isinstance(move, Capture):
            do_capture(s, move.player, _ids(move.give), _ids(move.take), self.rules)
        elif isinstance(move, Special):
            do_special(s, move.player, move.card.id, self.rules)
        elif isinstance(move, Cancel):
            do_cancel(s, move.player, self.rules)
        else:
            do_end_turn(s, self.rules)

    def _snapshot(self) -> State:
        return self._state.snapshot()

    # ------------------------------------------------------------------ scores
    def score_eighths(self) -> list[int]:
        """Scores in eighths of a pizza (integers, for bots and playouts)."""
        over = self.is_over()
        return [score_eighths(self._state, p, self.rules, over) for p in range(self.players)]

    def scores(self) -> list[Rational]:
        """Pizza delivered (minus the 10+ penalty once the game is over), exactly."""
        from sympy import Rational

        return [Rational(e, 8) for e in self.score_eighths()]

    def delivered(self, player: int) -> int:
        return delivered_eighths(self._state, player)

    def penalty(self, player: int) -> int:
        return penalty_eighths(self._state, player)

    def bot_value(self, player: int) -> int:
        """What a greedy bot maximises: pizza delivered, minus orders still held at 10+."""
        value = delivered_eighths(self._state, player)
        if self.rules.penalty:
            value -= penalty_eighths(self._state, player)
        return value

    def winners(self) -> list[int]:
        scores = self.score_eighths()
        best = max(scores)
        return [p for p, v in enumerate(scores) if v == best]

    # ------------------------------------------------------------------ words
    def describe(
        self,
        move: DelissimoMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """A move in plain words ("Ann gives tomato 1/4 and takes 2/8 mushroom+tomato"); at
        6+ in slices, no fraction written ("Ann gives 7 slices and takes 2 slices and 5 slices")."""
        return describe(self.coerce_move(move), language, names, slices=not self.rules.orders)

    def cards_used(self, move: DelissimoMove | Mapping[str, Any]) -> list[str]:
        """The cards ``move`` puts down or takes, by name: one answer for the widget's
        outline, the static picture and the export (a special order: the card and
        every open pizza of its pair)."""
        m = self.coerce_move(move)
        if isinstance(m, Capture):
            return [c.name for c in m.give + m.take]
        if isinstance(m, Special):
            return [m.card.name, *card_names(special_takes(self._state, m.card.id))]
        return []

    # ------------------------------------------------------------------ views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (None: the teacher sees everything). JSON-able."""
        if player is not None:
            player = require_player(player, self.players)
        s = self._state
        over = self.is_over()
        hidden_hands = self.rules.orders  # at 6+ hands lie face up
        hands = []
        for p, hand in enumerate(s.hands):
            if player is None or p == player or not hidden_hands:
                hands.append(card_names(hand))
            else:
                hands.append(["?"] * len(hand))
        data: dict[str, Any] = {
            "game": self.name,
            "level": self.rules.level,
            "players": self.players,
            "viewer": player,
            "current": None if over else s.current,
            "over": over,
            "turn": {"started": s.started, "captured": s.captured},
            "hands": hands,
            "open": card_names(open_cards(s, self.rules)),
            "deck": len(s.deck),
            "piles": [card_names(p) for p in s.piles],
            "scores": [exact(e, 8) for e in self.score_eighths()],
            "moves": self.moves_played,
        }
        if self.rules.orders:
            data["stacks"] = [
                [CARDS[st[-1]].name]
                + (["?"] * (len(st) - 1) if player is not None else card_names(st[-2::-1]))
                if st
                else []
                for st in s.stacks
            ]
            data["discard"] = card_names(s.discard)
        else:
            data["centre"] = card_names(s.centre)
        return data


#: The memo of a position not listed yet (shared: the memo is replaced, never changed).
#: Options not worked out yet; what ``_listed_ids`` gives for a move not listed.
_UNKNOWN: Any = object()
_NOT_LISTED: Any = object()
_NOTHING_LISTED: Mapping[int, RawCapture | None] = {}  # never written to, like every listing
#: Moves are frozen: one "end the turn" per seat and one object per special order and seat.
_END_TURNS: tuple[EndTurn, ...] = tuple(EndTurn(p) for p in range(MAX_PLAYERS))
#: The listing of a position where the player to act can only end the turn (shared:
#: like every listing it is replaced, never changed).
_END_ONLY: tuple[tuple[tuple[DelissimoMove, ...], Mapping[int, RawCapture | None]], ...] = tuple(
    ((end,), {id(end): None}) for end in _END_TURNS
)
_SPECIALS: dict[tuple[int, int], Special] = {}
#: The classes of the move objects ``legal_moves`` hands out.
_MOVE_TYPES = frozenset({Capture, Special, Cancel, EndTurn})


def _special(player: int, card: int) -> Special:
    move = _SPECIALS.get((player, card))
    if move is None:
        move = _SPECIALS[(player, card)] = Special(player, CARDS[card])
    return move


#: Each card's place in the reading order of ``sort_cards`` (display keys are unique).
def _display_ranks() -> tuple[int, ...]:
    rank = [0] * len(CARDS)
    for place, card in enumerate(sorted(range(len(CARDS)), key=DISPLAY_KEYS.__getitem__)):
        rank[card] = place
    return tuple(rank)


_DISPLAY_RANK: tuple[int, ...] = _display_ranks()


def _in_display_order(ids: tuple[int, ...]) -> tuple[Card, ...]:
    """``sort_cards`` for card ids, without building the cards' keys."""
    if len(ids) == 1:
        return (CARDS[ids[0]],)
    return tuple([CARDS[i] for i in sorted(ids, key=_DISPLAY_RANK.__getitem__)])


def _ids(cards: Sequence[Any]) -> tuple[int, ...]:
    return tuple(sorted(c.id for c in cards))


# ---------------------------------------------------------------------- dealing
def deal(rules: DelissimoRules, players: int, rng: random.Random) -> State:
    """Shuffle and deal a new game with ``rng`` (docs/delissimo.md, setup)."""
    pizzas = rules.pizza_deck()
    rng.shuffle(pizzas)
    hands: list[list[int]] = [[] for _ in range(players)]
    piles: list[list[int]] = [[] for _ in range(players)]
    if rules.orders:
        orders = rules.order_deck()
        rng.shuffle(orders)
        need = players * rules.hand_size
        if len(orders) < need or not pizzas:
            raise ValueError(f"the deck is too small for {players} players with these rules")
        for p in range(players):
            hands[p] = sorted(orders.pop() for _ in range(rules.hand_size))
        n, k = len(pizzas), rules.stacks
        bounds = [round(i * n / k) for i in range(k + 1)]
        stacks = [pizzas[bounds[i] : bounds[i + 1]] for i in range(k)]
        return State(hands, [], stacks, orders, piles, [], 0)
    need = players * rules.hand_size + rules.centre_size
    if len(pizzas) < need:
        raise ValueError(f"the deck is too small for {players} players with these rules")
    for p in range(players):
        hands[p] = sorted(pizzas.pop() for _ in range(rules.hand_size))
    centre = [pizzas.pop() for _ in range(rules.centre_size)]
    return State(hands, centre, [], pizzas, piles, [], 0)


# ---------------------------------------------------------------------- positions
def check_box(s: State, rules: DelissimoRules) -> None:
    """Refuse a position no box can hold: more copies of a card than these rules' decks."""
    box: dict[int, int] = {}
    for card in rules.pizza_deck() + (rules.order_deck() if rules.orders else []):
        box[card] = box.get(card, 0) + 1
    seen: dict[int, int] = {}
    for pile in (*s.hands, s.centre, *s.stacks, s.deck, *s.piles, s.discard):
        for card in pile:
            seen[card] = seen.get(card, 0) + 1
    for card, n in sorted(seen.items()):
        if n > box.get(card, 0):
            raise ValueError(
                f"the position holds {n} of {CARDS[card].name}, but the box has {box.get(card, 0)}"
                " (a position built by hand is saved with \"scenario\": true)"
            )


def position_to_dict(s: State, rules: DelissimoRules) -> dict[str, Any]:
    """A position in card notation, every pile top card first (as in ``scenario``)."""
    data: dict[str, Any] = {
        "hands": [card_names(h) for h in s.hands],
        "draw": card_names(s.deck[::-1]),
        "piles": [card_names(p) for p in s.piles],
        "discard": card_names(s.discard),
        "current": s.current,
        "started": s.started,
        "captured": s.captured,
    }
    if rules.orders:
        data["stacks"] = [card_names(st[::-1]) for st in s.stacks]
    else:
        data["centre"] = card_names(s.centre)
    return data


def _is_pizza(i: int) -> bool:
    return IS_PIZZA[i]


def _any_card(i: int) -> bool:
    return True


def _is_cancel(i: int) -> bool:
    return i == CANCEL_ID


def _cards(value: Any, what: str, ok: Callable[[int], bool], kind: str) -> list[int]:
    """Card names read as ids; a card where it cannot lie is refused, naming what may."""
    ids = []
    for name in require_str_list(value if value is not None else [], what):
        card = parse_card(name)
        if not ok(card.id):
            raise ValueError(f"{what}: {card.name} cannot lie there; it must be {kind}")
        ids.append(card.id)
    return ids


def _hand_cards(rules: DelissimoRules) -> tuple[Callable[[int], bool], str]:
    """What a hand (and at 8+ the draw pile) holds: orders and actions at 8+, pizzas at 6+."""
    if rules.orders:
        return (lambda i: not IS_PIZZA[i]), "an order or action card"
    return _is_pizza, "a pizza card"


def _read_hands(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    hands = listed(data.get("hands"), "'hands' must be a list with one list of cards per player")
    require_int(len(hands), "the number of players (hands)", 1, MAX_PLAYERS)
    ok, kind = _hand_cards(got["rules"])
    return [sorted(_cards(h, f"hand of Player {p + 1}", ok, kind)) for p, h in enumerate(hands)]


def _read_draw(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[int]:
    ok, kind = _hand_cards(got["rules"])
    return _cards(data.get("draw"), "the draw pile", ok, kind)[::-1]


def _read_piles(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    n = len(got["hands"])
    piles = per_player(data.get("piles"), n, f"'piles' must hold one list per player ({n})", list)
    return [_cards(p, f"pile of Player {i + 1}", _any_card, "a card") for i, p in enumerate(piles)]


def _read_centre(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[int]:
    """The open pizzas at 6+ (at 8+ and 10+ they lie in stacks)."""
    if got["rules"].orders:
        if data.get("centre"):
            raise ValueError("at 8+ and 10+ the pizzas lie in stacks: use stacks=, not centre=")
        return []
    if data.get("stacks"):
        raise ValueError("at 6+ the open pizzas lie in the centre: use centre=, not stacks=")
    return _cards(data.get("centre"), "the centre", _is_pizza, "a pizza card")


def _read_stacks(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    """The stacks of pizzas at 8+ and 10+ (as many as the rules lay, empty ones split)."""
    rules = got["rules"]
    if not rules.orders:
        return []
    stacks_in = data.get("stacks") or []
    if not isinstance(stacks_in, Sequence) or isinstance(stacks_in, str) or len(stacks_in) > rules.stacks:
        raise ValueError(f"'stacks' must be a list of at most {rules.stacks} lists of pizza cards")
    stacks = [_cards(st, f"stack {i + 1}", _is_pizza, "a pizza card")[::-1] for i, st in enumerate(stacks_in)]
    stacks += [[] for _ in range(rules.stacks - len(stacks))]
    if rules.split_empty_stacks:
        split_stacks(stacks)
    return stacks


_FLAGS = "'started' and 'captured' must be true or false"

#: A Delissimo position's fields, read in this order.
POSITION_FIELDS: tuple[tuple[str, PositionReader], ...] = (
    ("hands", _read_hands),
    ("draw", _read_draw),
    ("piles", _read_piles),
    ("discard", lambda data, _: _cards(data.get("discard"), "the discard pile", _is_cancel, "a cancel card")),
    ("current", lambda data, got: require_int(data.get("current", 0), "current", 0, len(got["hands"]) - 1)),
    ("started", lambda data, got: flag(data.get("started", False), _FLAGS)),
    ("captured", lambda data, got: flag(data.get("captured", False), _FLAGS)),
    ("centre", _read_centre),
    ("stacks", _read_stacks),
)


def position_from_dict(data: Mapping[str, Any], rules: DelissimoRules) -> State:
    """Read and check a position: card notation, and where each kind of card may lie."""
    got = read_position(data, POSITION_FIELDS, rules=rules)
    hands, centre = got["hands"], got["centre"]
    for what, ids in (("hands", [c for h in hands for c in h]), ("centre", centre)):
        if len(ids) > 500:
            raise ValueError(f"too many cards in {what}")
    if rules.orders and not all(IS_ORDER[c] or not IS_PIZZA[c] for h in hands for c in h):
        raise ValueError("at 8+ hands hold order and action cards")
    return State(hands, centre, got["stacks"], got["draw"], got["piles"], got["discard"], got["current"],
                 got["started"], got["captured"])  # fmt: skip


def scenario_state(
    level: str = "basic",
    hands: Sequence[Sequence[str]] = ((),),
    centre: Sequence[str] | None = None,
    stacks: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    orders: Sequence[str] | None = None,
    current: int = 0,
    piles: Sequence[Sequence[str]] | None = None,
    max_dots: int = 3,
    rules: Mapping[str, Any] | None = None,
) -> tuple[State, DelissimoRules]:
    """A position built from card strings: a lesson's puzzle, or a test's.

    Every list is top card first; piles not given are empty; the number of players is
    ``len(hands)``. ``deck`` is the pizza draw pile at 6+, ``orders`` the order draw
    pile at 8+/10+. Notation and where each card may lie are checked; how many copies
    the box holds is not (a teacher may build any puzzle).
    """
    the_rules = make_rules(level, max_dots, rules)
    if the_rules.orders and deck:
        raise ValueError("at 8+ and 10+ the draw pile is the order deck: use orders=, not deck=")
    if not the_rules.orders and orders:
        raise ValueError("at 6+ there are no order cards: use deck= for the pizza draw pile")
    position = {
        "hands": [list(h) for h in hands],
        "centre": list(centre or []),
        "stacks": [list(st) for st in stacks or []],
        "draw": list((orders if the_rules.orders else deck) or []),
        "piles": [list(p) for p in piles] if piles is not None else None,
        "current": current,
    }
    return position_from_dict(position, the_rules), the_rules


__all__ = ["DelissimoEngine", "deal", "position_from_dict", "position_to_dict", "say", "scenario_state"]
