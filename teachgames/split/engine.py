"""SplitEngine: the Game contract over the rule steps of ``state.py`` and the checks of
``checks.py``; legal moves, views, scores, saved games and scenarios.

The rules only: this module imports no explanation, picture or widget (not even inside a
function); :mod:`.game` adds those on top as :class:`~.game.SplitGame`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING

from ..core.errors import IllegalMove
from ..core.game import Game, require_int, require_player, require_str_list
from ..core.options import GameOption
from ..core.positions import PositionReader, listed, per_player, read_position
from ..core.rng import Chance, fresh_seed
from .cards import KIND, NAMES, STRENGTH, kind_of, parse_half
from .checks import problem as rule_problem
from .messages import say
from .moves import (
    BonusDraw,
    Discard,
    Draw,
    Finish,
    Lay,
    Penalise,
    Skip,
    SplitMove,
    Swap,
    Take,
    Upgrade,
    describe,
    move_from_dict,
)
from .rules import PRESETS, ROWS, SplitRules, make_rules, pad_points, pad_value, rules_from_dict
from .state import (
    State,
    bonus_done,
    do_bonus_draw,
    do_discard,
    do_draw,
    do_finish,
    do_lay,
    do_penalise,
    do_swap,
    do_take,
    do_upgrade,
    match_kind,
    new_state,
    table_marks,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar

    _G = TypeVar("_G", bound="SplitEngine")

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def names(cards: Sequence[int]) -> list[str]:
    return [NAMES[c] for c in cards]


class SplitEngine(Game[State, SplitMove]):
    """A match of Split (three rounds by default); see docs/split.md."""

    name = "split"
    order = 4
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("players", "number of players (2 to 6)", tuple(range(2, 7)), 3, "int"),
        GameOption("preset", "rules preset", tuple(PRESETS), "standard", words="split.widget.preset.{value}"),
    )

    def __init__(self, state: State, setup: dict[str, Any], rules: SplitRules) -> None:
        super().__init__(state, setup)
        self.rules = rules
        #: The legal moves of one position (see ``legal_moves``), and its State.
        self._legal: list[SplitMove] = []
        self._legal_at: State | None = None

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(
        cls: type[_G],
        players: int = 3,
        seed: int | None = None,
        rules: Mapping[str, Any] | None = None,
        preset: str = "standard",
    ) -> _G:
        """A shuffled, dealt match. Same seed and options, same match (all three deals)."""
        require_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        the_rules = make_rules(preset, rules)
        if seed is None:
            seed = fresh_seed()
        require_int(seed, "seed", -(2**63), 2**63)
        setup = {"seed": seed, "players": players, "rules": the_rules.to_dict()}
        return cls(new_state(players, the_rules, seed), setup, the_rules)

    @classmethod
    def _from_setup(cls: type[_G], setup: Mapping[str, Any]) -> _G:
        rules = rules_from_dict(setup.get("rules", {}))
        seed = setup.get("seed")
        if "position" in setup:
            chance = setup.get("chance", 0 if seed is None else seed)
            chance_seed = require_int(chance, "chance", -(2**63), 2**63)
            state = position_from_dict(setup["position"], rules, chance_seed)
            return cls(state, dict(setup), rules)
        players = require_int(setup.get("players"), "players", MIN_PLAYERS, MAX_PLAYERS)
        seed = require_int(seed, "seed", -(2**63), 2**63)
        return cls(new_state(players, rules, seed), dict(setup), rules)

    @classmethod
    def title(cls, language: str | None = None) -> str:
        return say("title", language)

    # ------------------------------------------------------------------ the contract
    @property
    def state(self) -> State:
        """The position now (read it; change it only with ``play``). A State never changes
        once reached: each move makes a new one, so read ``state`` again after a move."""
        return self._state

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def current_player(self) -> int | None:
        s = self._state
        return None if s.phase == "over" else s.current

    @property
    def phase(self) -> str:
        """ "draw", "play", "bonus", "late" (first-turn exception) or "over"."""
        return self._state.phase

    @property
    def bonus(self) -> str | None:
        """The match type whose bonus is to be used now, or None."""
        return self._state.bonus

    @property
    def round(self) -> int:
        return self._state.round

    def is_over(self) -> bool:
        return self._state.phase == "over"

    def move_from_dict(self, data: Mapping[str, Any]) -> SplitMove:
        return move_from_dict(data, self.players, names(self._state.discard))

    def coerce_move(self, move: SplitMove | Mapping[str, Any]) -> SplitMove:
        if self._legal_at is self._state and any(map(is_, self._legal, repeat(move))):  # _known_legal
            return move  # type: ignore[return-value]
        return super().coerce_move(move)

    def problem(self, move: SplitMove | Mapping[str, Any]) -> IllegalMove | None:
        if self._known_legal(move):
            return None
        try:
            m = self.coerce_move(move)
        except IllegalMove as exc:
            return exc
        return rule_problem(self._state, self.rules, m)

    def _check(self, move: SplitMove) -> None:
        if self._legal_at is self._state and any(map(is_, self._legal, repeat(move))):  # _known_legal
            return
        found = rule_problem(self._state, self.rules, move)
        if found is not None:
            raise found

    def _apply(self, move: SplitMove) -> None:
        # The move is carried out on a new State sharing the old one's lists (the rule steps
        # copy on write), so a State once reached never changes: the undo stack, copies of
        # the game and the kept legal moves can all hold it as it is.
        s = self._state = self._state.share()
        _STEPS[type(move)](s, self.rules, move)

    def copy(self: _G) -> _G:
        clone = super().copy()
        assert isinstance(clone, type(self))
        return clone

    def _snapshot(self) -> State:
        """The position itself: ``_apply`` never changes a State, it makes the next one."""
        return self._state

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self, player: int | None = None) -> list[SplitMove]:
        """Every move the player to act may make now, in a fixed order (another player: none).

        Worked out once per position and kept with it (a bot, a widget and ``play`` itself
        all ask again); each call returns a fresh list. The kept moves belong to one State
        object, and a State never changes once made (each move makes the next one), so
        they can never be read for another position."""
        if player is not None and type(player) is not int:  # numpy's integers; a bool is refused
            player = require_player(player, self.players)
        s = self._state
        if s.phase == "over" or (player is not None and player != s.current):
            return []
        if self._legal_at is not s:
            self._legal = legal_moves_of(s, self.rules)
            self._legal_at = s
        return list(self._legal)

    def _known_legal(self, move: object) -> bool:
        """True when ``move`` is the very object ``legal_moves`` gave for this position:
        it was made here from the rules, so re-reading and re-checking it would only
        repeat what generating it proved (anything else takes the full way)."""
        return self._legal_at is self._state and any(map(is_, self._legal, repeat(move)))

    # ------------------------------------------------------------------ scores
    def marks(self, player: int) -> dict[str, int]:
        """The boxes marked on ``player``'s pad so far, row by row."""
        return dict(zip(ROWS, self._state.marks[player], strict=True))

    def scores(self) -> list[int]:
        """The match total so far: each pad scored (first open box of each upper row, minus
        the first open box of the negative row). Final once the match is over."""
        return [pad_points(self.rules.pad, self.marks(p)) for p in range(self.players)]

    def round_scores(self) -> list[list[int]]:
        """Points each finished round added to each pad (they sum to ``scores()`` at the end)."""
        out: list[list[int]] = []
        before = [0] * self.players
        for record in self._state.records:
            after = [pad_points(self.rules.pad, dict(zip(ROWS, m, strict=True))) for m in record.marks_after]
            out.append([a - b for a, b in zip(after, before, strict=True)])
            before = after
        return out

    def projected(self, player: int, extra_cards: int = 0, count_hand: bool = True) -> int:
        """The pad's value if the round ended now (matches on the table, and the cards in
        hand plus ``extra_cards`` as negative boxes unless ``count_hand`` is False)."""
        s = self._state
        if s.phase == "over":
            return self.scores()[player]
        perfect, strong, weak, hand = table_marks(s, player)
        had_perfect, had_strong, had_weak, had_negative = s.marks[player]
        negative = had_negative + (hand + extra_cards if count_hand else 0)
        marks = (had_perfect + perfect, had_strong + strong, had_weak + weak, negative)
        return pad_value(self.rules.pad, marks)

    def bot_value(self, player: int) -> int:
        """What a greedy bot maximises: its projected pad minus the best other player's."""
        mine = self.projected(player)
        others = [self.projected(q) for q in range(self.players) if q != player]
        return mine - max(others, default=0)

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        scores = self.scores()
        return [p for p, v in enumerate(scores) if v == max(scores)]

    # ------------------------------------------------------------------ words and pictures
    def describe(
        self,
        move: SplitMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        return describe(self.coerce_move(move), language, names)

    def cards_used(self, move: SplitMove | Mapping[str, Any]) -> list[str]:
        m = self.coerce_move(move)
        if isinstance(m, Take):
            return [m.card, m.partner]
        if isinstance(m, Lay):
            return list(m.cards)
        if isinstance(m, Upgrade):
            return [m.card, m.replace]
        if isinstance(m, Discard):
            return [m.card]
        return []

    # ------------------------------------------------------------------ views
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (None: the teacher sees all). JSON-able."""
        if player is not None:
            player = require_player(player, self.players)
        s = self._state
        over = s.phase == "over"
        hands = [names(h) if player is None or p == player else ["?"] * len(h) for p, h in enumerate(s.hands)]
        data: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "viewer": player,
            "round": s.round,
            "rounds": self.rules.rounds,
            "dealer": s.dealer,
            "current": None if over else s.current,
            "phase": s.phase,
            "bonus": s.bonus,
            "over": over,
            "hands": hands,
            "hand_sizes": [len(h) for h in s.hands],
            "draw": len(s.draw),
            "discard": names(s.discard),
            "matches": [
                [{"cards": names(pair), "type": match_kind(pair)} for pair in ms] for ms in s.matches
            ],
            "pads": [self.marks(p) for p in range(self.players)],
            "pad_table": {row: list(v) for row, v in self.rules.pad.items()},
            "scores": self.scores(),
            "round_scores": self.round_scores(),
            "played": list(s.played),
            "late": list(s.late),
            "moves": self.moves_played,
        }
        if player is None:
            data["draw_pile"] = names(s.draw[::-1])
        return data


# ---------------------------------------------------------------------- rule steps by move
def _draw(s: State, r: SplitRules, m: Draw) -> None:
    do_draw(s, r, m.player)


def _discard(s: State, r: SplitRules, m: Discard) -> None:
    do_discard(s, r, m.player, parse_half(m.card))


def _take(s: State, r: SplitRules, m: Take) -> None:
    do_take(s, m.player, m.index, parse_half(m.partner))


def _lay(s: State, r: SplitRules, m: Lay) -> None:
    do_lay(s, m.player, parse_half(m.cards[0]), parse_half(m.cards[1]))


def _upgrade(s: State, r: SplitRules, m: Upgrade) -> None:
    do_upgrade(s, r, m.player, m.owner, m.match, parse_half(m.card), parse_half(m.replace))


def _penalise(s: State, r: SplitRules, m: Penalise) -> None:
    do_penalise(s, m.target)


def _bonus_draw(s: State, r: SplitRules, m: BonusDraw) -> None:
    do_bonus_draw(s, r, m.player)


def _swap(s: State, r: SplitRules, m: Swap) -> None:
    do_swap(s, m.player, m.mine, m.owner, m.theirs)


def _skip(s: State, r: SplitRules, m: Skip) -> None:
    bonus_done(s)


def _finish(s: State, r: SplitRules, m: Finish) -> None:
    do_finish(s, r)


#: The rule step of each kind of move (a move is checked legal before its step runs).
_STEPS: dict[type, Callable[[State, SplitRules, Any], None]] = {
    Draw: _draw,
    Discard: _discard,
    Take: _take,
    Lay: _lay,
    Upgrade: _upgrade,
    Penalise: _penalise,
    BonusDraw: _bonus_draw,
    Swap: _swap,
    Skip: _skip,
    Finish: _finish,
}


# ---------------------------------------------------------------------- legal moves
# Worked out for every position of every simulated game, so written for speed: the hand is
# kept sorted by the rule steps (the cards of one rank stand together), kinds come from the
# KIND table, and the moves are shared objects, made once (a frozen move is safe to share).

_PLAYERS = range(MAX_PLAYERS)
_DRAWS = tuple(Draw(p) for p in _PLAYERS)
_FINISHES = tuple(Finish(p) for p in _PLAYERS)
_SKIPS = tuple(Skip(p) for p in _PLAYERS)
_BONUS_DRAWS = tuple(BonusDraw(p) for p in _PLAYERS)
_PENALTIES = tuple(tuple(Penalise(p, q) for q in _PLAYERS) for p in _PLAYERS)
#: Each player's discard of each half-card, made when first needed.
_DISCARDS: dict[int, tuple[Discard, ...]] = {}
_RANKS = range(len(NAMES) // 4)
#: The kept lists of moves below are bounded, so a long simulation's memory stays flat.
_KEEP = 1 << 16


def _discards(p: int) -> tuple[Discard, ...]:
    row = _DISCARDS.get(p)
    if row is None:
        row = _DISCARDS[p] = tuple(Discard(p, name) for name in NAMES)
    return row


def legal_moves_of(s: State, rules: SplitRules) -> list[SplitMove]:
    """Every move the player to act may make in ``s``, in the fixed order of the contract:
    draw, then takes (by place in the row, partners in box order); matches, upgrades,
    discards (cards in box order); the bonus moves."""
    p = s.current
    phase = s.phase
    if phase == "draw":
        moves: list[SplitMove] = [_DRAWS[p]]
        _takes(s, p, moves)
        return moves
    if phase == "play":
        hand = s.hands[p]
        moves = []
        if len(hand) >= 3:
            _lays(hand, p, moves)
        if len(hand) >= 2 and (rules.upgrade_others or s.matches[p]):
            _upgrades(s, rules, p, moves)
        moves += map((_DISCARDS.get(p) or _discards(p)).__getitem__, dict.fromkeys(hand))
        return moves
    if phase == "bonus":
        return _bonus_moves(s, rules, p)
    if phase == "late":
        moves = []
        _lays(s.hands[p], p, moves)
        moves.append(_FINISHES[p])
        return moves
    return []


def _lays(hand: list[int], p: int, out: list[SplitMove]) -> None:
    """New matches from the hand: every run of one rank in the sorted hand, paired."""
    start, n = 0, len(hand)
    while start < n - 1:
        rank = hand[start] >> 2
        end = start + 1
        while end < n and hand[end] >> 2 == rank:
            end += 1
        if end > start + 1:
            key = (p, tuple(hand[start:end]))
            out += _run_lays(*key)
        start = end


@lru_cache(maxsize=_KEEP)
def _run_lays(p: int, run: tuple[int, ...]) -> tuple[Lay, ...]:
    """The matches one can lay from ``run`` (the sorted hand cards of one rank), in box order."""
    cards = sorted(set(run))
    return tuple(
        Lay(p, (NAMES[a], NAMES[b]))
        for i, a in enumerate(cards)
        for b in cards[i:]
        if a != b or run.count(a) >= 2
    )


def _takes(s: State, p: int, out: list[SplitMove]) -> None:
    hand = s.hands[p]
    row = s.discard
    n = len(row)
    held = set(hand)
    above: set[int] = set()  # the cards lying on top of place i
    last = len(hand) + n - 3  # a take from a later place would leave no card to discard
    found: list[tuple[int, int, int, int]] = []
    for i in range(n - 1, -1, -1):
        picked = row[i]
        if i <= last:
            for c in _RANK_CARDS[picked >> 2]:
                if c in held or c in above:
                    found.append((p, i, picked, c))
        above.add(picked)
    found.sort()  # by place, then partner
    takes = _TAKES
    for key in found:
        move = takes.get(key)
        if move is None:
            if len(takes) >= _KEEP:
                takes.clear()
            move = takes[key] = Take(p, key[1], NAMES[key[2]], NAMES[key[3]])
        out.append(move)


_TAKES: dict[tuple[int, int, int, int], Take] = {}
#: The four half-card ids of each rank.
_RANK_CARDS = tuple(tuple(range(4 * r, 4 * r + 4)) for r in _RANKS)


def _upgrades(s: State, rules: SplitRules, p: int, out: list[SplitMove]) -> None:
    hand = s.hands[p]
    for q in range(s.players) if rules.upgrade_others else (p,):
        for m, (a, b) in enumerate(s.matches[q]):
            if a != b:  # a perfect match is as strong as it gets
                base = a & ~3
                lo = bisect_left(hand, base)
                if lo < len(hand) and hand[lo] < base + 4:
                    key = (p, q, m, a, b, tuple(hand[lo : bisect_left(hand, base + 4, lo)]))
                    out += _match_upgrades(*key)


@lru_cache(maxsize=_KEEP)
def _match_upgrades(p: int, q: int, m: int, a: int, b: int, cards: tuple[int, ...]) -> tuple[Upgrade, ...]:
    """Player ``p``'s upgrades of match ``m`` (a, b) of player ``q`` with the hand cards of
    its rank (``cards``, sorted): each card, each half it makes the match stronger by replacing."""
    old = STRENGTH[KIND[a][b]]  # type: ignore[index]
    return tuple(
        Upgrade(p, q, m, NAMES[card], NAMES[replace])
        for card in dict.fromkeys(cards)
        for replace, keep in ((a, b), (b, a))
        if STRENGTH[KIND[keep][card]] > old  # type: ignore[index]
    )


_SWAPS: dict[tuple[int, int, int, int], Swap] = {}


def _bonus_moves(s: State, rules: SplitRules, p: int) -> list[SplitMove]:
    n = s.players
    if s.bonus == "perfect":
        return [_PENALTIES[p][q] for q in range(n) if q != p or rules.penalise_self]
    if s.bonus == "strong":
        return [_BONUS_DRAWS[p], _SKIPS[p]]
    out: list[SplitMove] = []
    mine = s.matches[p]
    if mine:
        # the other players' matches by kind, in the order of players and of their matches
        others: dict[str | None, list[tuple[int, int]]] = {"perfect": [], "strong": [], "weak": []}
        for q, ms in enumerate(s.matches):
            if q != p:
                for theirs, (a, b) in enumerate(ms):
                    others[KIND[a][b]].append((q, theirs))
        swaps = _SWAPS
        for k, (a, b) in enumerate(mine):
            for q, theirs in others[KIND[a][b]]:
                key = (p, k, q, theirs)
                move = swaps.get(key)
                if move is None:
                    if len(swaps) >= _KEEP:
                        swaps.clear()
                    move = swaps[key] = Swap(p, k, q, theirs)
                out.append(move)
    out.append(_SKIPS[p])
    return out


# ---------------------------------------------------------------------- positions
def _cards(value: Any, what: str) -> list[int]:
    out = []
    for text in require_str_list(value if value is not None else [], what):
        try:
            out.append(parse_half(text))
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return out


def _marks(value: Any, p: int) -> list[int]:
    if value is None:
        return [0, 0, 0, 0]
    if isinstance(value, Mapping):
        unknown = set(value) - set(ROWS)
        if unknown:
            raise ValueError(
                f"pad of Player {p + 1}: unknown rows {sorted(unknown)}; rows are {', '.join(ROWS)}"
            )
        items = [value.get(row, 0) for row in ROWS]
    elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == len(ROWS):
        items = list(value)
    else:
        raise ValueError(f"pad of Player {p + 1} must map rows ({', '.join(ROWS)}) to numbers of marks")
    return [require_int(k, f"pad of Player {p + 1}", 0, 100) for k in items]


def _read_hands(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    hands = listed(data.get("hands"), "'hands' must be a list with one list of half-cards per player")
    require_int(len(hands), "the number of players (hands)", MIN_PLAYERS, MAX_PLAYERS)
    return [sorted(_cards(h, f"hand of Player {p + 1}")) for p, h in enumerate(hands)]


def _read_matches(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[tuple[int, int]]]:
    n = len(got["hands"])
    message = f"'matches' must hold one list of matches per player ({n})"
    rows = per_player(data.get("matches"), n, message, list)
    return [_player_matches(ms, p) for p, ms in enumerate(rows)]


def _player_matches(ms: Any, p: int) -> list[tuple[int, int]]:
    listed(ms, f"matches of Player {p + 1} must be a list of pairs of half-cards")
    row = []
    for pair in ms:
        a, b = _cards(pair, f"a match of Player {p + 1}") if isinstance(pair, Sequence) else (None, None)
        if a is None or b is None or kind_of(a, b) is None:
            raise ValueError(f"a match of Player {p + 1} must be two half-cards of one rank, not {pair!r}")
        row.append((min(a, b), max(a, b)))
    return row


def _read_pads(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[list[int]]:
    n = len(got["hands"])
    pads = per_player(data.get("pad"), n, f"'pad' must hold one pad per player ({n})", lambda: None)
    return [_marks(v, p) for p, v in enumerate(pads)]


def _read_phase(data: Mapping[str, Any], got: Mapping[str, Any]) -> str:
    phase = data.get("phase", "draw")
    if phase not in ("draw", "play"):
        raise ValueError("'phase' must be 'draw' (the turn starts) or 'play' (the card is drawn)")
    return str(phase)


def _read_played(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[bool]:
    """Who has had a turn this round (missing: everybody); the player to act in the
    'play' phase has."""
    n, played_in = len(got["hands"]), data.get("played")
    played = [True] * n
    if played_in is not None:
        if isinstance(played_in, str) or not isinstance(played_in, Sequence):
            raise ValueError("'played' must list the players who have had a turn this round")
        played = [False] * n
        for q in played_in:
            played[require_int(q, "a player in 'played'", 0, n - 1)] = True
    if got["phase"] == "play":
        played[got["current"]] = True
    return played


def _read_draw(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[int]:
    return _cards(data.get("draw"), "the draw pile")[::-1]


def _read_current(data: Mapping[str, Any], got: Mapping[str, Any]) -> int:
    return require_int(data.get("current", 0), "current", 0, len(got["hands"]) - 1)


def _read_dealer(data: Mapping[str, Any], got: Mapping[str, Any]) -> int:
    n = len(got["hands"])
    return require_int(data.get("dealer", (got["current"] - 1) % n), "dealer", 0, n - 1)


#: A Split position's fields, read in this order (the format of :func:`scenario`).
POSITION_FIELDS: tuple[tuple[str, PositionReader], ...] = (
    ("hands", _read_hands),
    ("draw", _read_draw),
    ("discard", lambda data, got: _cards(data.get("discard"), "the discard row")),
    ("matches", _read_matches),
    ("marks", _read_pads),
    ("current", _read_current),
    ("dealer", _read_dealer),
    ("round", lambda data, got: require_int(data.get("round", 1), "round", 1, got["rules"].rounds)),
    ("phase", _read_phase),
    ("played", _read_played),
)


def position_from_dict(data: Any, rules: SplitRules, seed: int) -> State:
    """Read and check a position (the format of :func:`scenario`)."""
    got = read_position(data, POSITION_FIELDS, rules=rules)
    hands, draw, discard, matches = got["hands"], got["draw"], got["discard"], got["matches"]
    if not draw:
        raise ValueError("the draw pile needs at least one card (the round ends when its last card is drawn)")
    laid = [c for ms in matches for pr in ms for c in pr]
    everything = [c for h in hands for c in h] + draw + discard + laid
    counts: dict[int, int] = {}
    for card in everything:
        counts[card] = counts.get(card, 0) + 1
    too_many = sorted(NAMES[c] for c, k in counts.items() if k > 2)
    if too_many:
        raise ValueError(
            f"the box holds each half-card twice, but these appear more often: {', '.join(too_many)}"
        )
    if got["phase"] == "play" and not hands[got["current"]]:
        raise ValueError("the player to act needs a card in hand to discard")
    return State(hands, draw, discard, matches, got["marks"], got["current"], got["dealer"], got["round"],
                 got["phase"], None, got["played"], [], None, Chance(seed), [])  # fmt: skip


def scenario_position(
    hands: Sequence[Sequence[str]],
    draw: Sequence[str] = (),
    discard: Sequence[str] = (),
    matches: Sequence[Sequence[Sequence[str]]] | None = None,
    pad: Sequence[Mapping[str, int] | Sequence[int] | None] | None = None,
    current: int = 0,
    dealer: int | None = None,
    round: int = 1,
    phase: str = "draw",
    played: Sequence[int] | None = None,
    seed: int | None = None,
    rules: Mapping[str, Any] | None = None,
    preset: str = "standard",
) -> tuple[State, dict[str, Any], SplitRules]:
    """A Split position built from half-card names: a lesson's puzzle, or a test's.

    - ``hands``: one list per player (the number of players is ``len(hands)``);
    - ``draw``: the draw pile, **top card first** (at least one card);
    - ``discard``: the discard row **as spread, oldest first** (the last is the top card);
    - ``matches``: per player, the matches on the table as pairs ``["7h", "7d"]``;
    - ``pad``: per player, the boxes already marked, ``{"perfect": 1, "negative": 2}``
      (rows perfect, strong, weak, negative) or a list of four numbers;
    - ``current``: who acts; ``dealer`` (default: the player before ``current``);
    - ``round``: which round of the match this is (1 to the rules' rounds);
    - ``phase``: "draw" (the turn starts) or "play" (the card is already drawn);
    - ``played``: the players who have had a turn this round (default: everyone; give
      ``[]`` at the start of a round, where the first-turn exception may apply);
    - ``seed``: deals the later rounds (None: a fixed deal, the same every time).

    Each half-card may appear at most twice (the box holds two of each).
    """
    the_rules = make_rules(preset, rules)
    position = {
        "hands": [list(h) for h in hands],
        "draw": list(draw),
        "discard": list(discard),
        "matches": [[list(pr) for pr in ms] for ms in matches] if matches is not None else None,
        "pad": [dict(p) if isinstance(p, Mapping) else (list(p) if p is not None else None) for p in pad]
        if pad is not None
        else None,
        "current": current,
        "dealer": dealer if dealer is not None else (current - 1) % max(len(hands), 1),
        "round": round,
        "phase": phase,
        "played": list(played) if played is not None else None,
    }
    state = position_from_dict(position, the_rules, 0 if seed is None else seed)
    chance = 0 if seed is None else require_int(seed, "seed", -(2**63), 2**63)
    setup = {"seed": seed, "chance": chance, "rules": the_rules.to_dict(), "position": position}
    return state, setup, the_rules
