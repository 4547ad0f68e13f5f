"""Ligretto's whole position now as data, and a game at such a position (position codes).

Every game keeps this role in its ``position.py`` (``Game.positions`` names it):
:func:`position_of` writes the position in the game's own card notation, and
:func:`game_at` reads the cards back through the same position readers as a lesson's
``scenario(...)`` (``engine.POSITION_FIELDS``: every card once, piles 1, 2, 3 … in one
colour), then reads what a position deep in a match adds: gaps in a row, the round and
its phase, the points of the finished rounds and how each ended, and the state of the
chance that shuffles the hand decks and deals the next round (so play goes on exactly as
it would have). A dealt position must hold every player's whole set of 40 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.codes import rules_changes, without_defaults
from ..core.editing import EditorZone
from ..core.game import require_int
from ..core.positions import history_of, listed, read_position, with_history
from ..core.rng import Chance
from .cards import NAMES, SET_SIZE, card_name, owner_of
from .engine import POSITION_FIELDS
from .rules import make_rules, row_size, rules_from_dict
from .state import OVER, PLAY, ROUND_OVER, Hand, RoundEnd, State, is_blocked, match_over

if TYPE_CHECKING:
    from .engine import LigrettoEngine
    from .rules import LigrettoRules

_KEEP = ("preset",)
_PHASES = (PLAY, ROUND_OVER, OVER)
_ENDS = ("stack", "blockade")
#: Points a round can give or take: 40 cards in the centre, or 10 left in the stack.
_MAX_POINTS = SET_SIZE
_MAX_TOTAL = 10**7


#: The cards a code writes as one character each, in this order (never reorder: codes
#: already given out would name other cards).
CARD_NAMES: tuple[str, ...] = NAMES


def _by_hand(game: LigrettoEngine) -> bool:
    setup = game._setup
    at = setup.get("at")
    if isinstance(at, Mapping):
        return bool(at.get("by_hand"))
    return "position" in setup  # a scenario: laid out by hand


def _top_first(cards: Sequence[int]) -> list[str]:
    return [card_name(c) for c in reversed(cards)]


def _data(state: State, rules: LigrettoRules, played: int, by_hand: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "rules": rules_changes(rules.to_dict(), make_rules(rules.preset).to_dict(), _KEEP),
        "hands": [
            {
                "stack": _top_first(h.stack),
                "row": [None if c is None else card_name(c) for c in h.row],
                "deck": _top_first(h.deck),
                "turned": _top_first(h.turned),
            }
            for h in state.hands
        ],
        "piles": [
            [card_name(c) if owner_of(c) == 0 else [card_name(c), owner_of(c)] for c in p]
            for p in state.piles
        ],
        "time": state.last_at,
        "chance": state.chance.state,
        "round": state.round,
        "phase": state.phase,
        "finished": [list(points) for points in state.finished],
        "ended": state.ended,
        "ender": state.ender,
        "unblocks": state.unblocks,
        "details": [[list(d.centre), list(d.left), d.ended, d.ender, d.unblocks] for d in state.details],
    }
    data = without_defaults(data, {"time": 0.0, "round": 1, "phase": PLAY, "finished": [], "ended": None,
                                   "ender": None, "unblocks": 0, "details": [], "piles": []})  # fmt: skip
    return with_history(data, played, by_hand)


def position_of(game: LigrettoEngine) -> dict[str, Any]:
    """The position now: every card where it lies, the time, the round and its phase, the
    finished rounds, the chance still to come, and the moves played before."""
    return _data(game.state, game.rules, game.moves_played, _by_hand(game))


def _rows(hands_in: Any) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """The hands with their rows' gaps left out (the shared readers read the cards), and
    where each row's gaps were."""
    hands = listed(hands_in, "'hands' must be a list with one entry per player")
    out, gaps = [], []
    for p, hand in enumerate(hands):
        if not isinstance(hand, Mapping):
            raise ValueError(f"hand {p + 1} must be an object with stack, row, deck, turned")
        row = listed(hand.get("row") or [], f"the row of Player {p + 1} must be a list of cards")
        gaps.append([i for i, card in enumerate(row) if card is None])
        out.append({**hand, "row": [card for card in row if card is not None]})
    return out, gaps


def _whole_number(value: Any, what: str, low: int, high: int) -> int:
    return require_int(value, what, low, high)


def _read_details(data: Mapping[str, Any], players: int) -> tuple[list[list[int]], list[RoundEnd]]:
    finished_in = listed(data.get("finished") or [], "'finished' must list each finished round's points")
    details_in = listed(data.get("details") or [], "'details' must say how each finished round ended")
    if len(details_in) != len(finished_in):
        raise ValueError(
            "'details' must say how each finished round ended: one entry per round in 'finished'"
        )
    finished = []
    for r, points in enumerate(finished_in):
        row = listed(points, f"the points of round {r + 1} must be one number per player")
        if len(row) != players:
            raise ValueError(f"the points of round {r + 1} must be one number per player ({players})")
        finished.append(
            [_whole_number(v, f"a point in round {r + 1}", -2 * _MAX_POINTS, _MAX_POINTS) for v in row]
        )
    details = []
    for r, entry in enumerate(details_in):
        what = f"how round {r + 1} ended"
        parts = listed(entry, f"{what} must be [centre counts, stack cards left, how, who, unblocks]")
        if len(parts) != 5:
            raise ValueError(f"{what} must be [centre counts, stack cards left, how, who, unblocks]")
        centre, left, how, ender, unblocks = parts
        counts = [_whole_number(v, f"{what}: a centre count", 0, SET_SIZE) for v in listed(centre, what)]
        stacks = [_whole_number(v, f"{what}: stack cards left", 0, SET_SIZE) for v in listed(left, what)]
        if len(counts) != players or len(stacks) != players:
            raise ValueError(f"{what}: one centre count and one stack count per player ({players})")
        if how not in _ENDS:
            raise ValueError(f"{what}: a round ends by 'stack' or 'blockade', not {how!r}")
        who = None if ender is None else _whole_number(ender, f"{what}: who ended it", 0, players - 1)
        lifted = _whole_number(unblocks, f"{what}: blockades lifted", 0, _MAX_TOTAL)
        if [c - 2 * s for c, s in zip(counts, stacks, strict=True)] != finished[r]:
            raise ValueError(
                f"the points of round {r + 1} are not its centre counts less twice the stack cards left"
            )
        details.append(RoundEnd(tuple(counts), tuple(stacks), how, who, lifted))
    return finished, details


def _check_round(state: State, rules: LigrettoRules, by_hand: bool) -> None:
    """What a live position of a match always is: its round, phase and end agree, a round
    in play has a card in every stack and somebody able to play, a dealt one every card."""
    done = len(state.finished)
    if state.phase == PLAY:
        if state.round != done + 1:
            raise ValueError(
                f"round {state.round} is being played, so {state.round - 1} rounds are finished, not {done}"
            )
        if any(not h.stack for h in state.hands):
            raise ValueError("every player needs a card in the Ligretto stack while the round is played")
        if is_blocked(state, rules):
            raise ValueError("nobody can play a card: that round is already over (a blockade)")
    else:
        if state.round != done:
            raise ValueError(
                f"round {state.round} is over, so {state.round} rounds must be finished, not {done}"
            )
        if state.ended not in _ENDS:
            raise ValueError("a finished round says how it ended: 'stack' or 'blockade'")
        if (state.phase == OVER) != match_over(state, rules):
            over = "over" if match_over(state, rules) else "not over"
            raise ValueError(
                f"by these rules and the points so far the match is {over}; 'phase' says otherwise"
            )
    if not by_hand:
        size = row_size(rules.preset, len(state.hands))
        for p, hand in enumerate(state.hands):
            if len(hand.row) != size:
                raise ValueError(f"the row of Player {p + 1} has {len(hand.row)} places; it has {size}")
        seen = sum(len(h.stack) + len(h.deck) + len(h.turned) + sum(c is not None for c in h.row)
                   for h in state.hands) + sum(map(len, state.piles))  # fmt: skip
        if seen != SET_SIZE * len(state.hands):
            raise ValueError(f"a dealt game has every player's {SET_SIZE} cards; this position holds {seen}")


def game_at(cls: type[LigrettoEngine], data: Mapping[str, Any]) -> LigrettoEngine:
    """A game of ``cls`` at the position ``data``; ValueError in plain words when it
    cannot exist."""
    rules = rules_from_dict(data.get("rules"))  # a missing or wrong one: ValueError saying so
    hands_in, gaps = _rows(data.get("hands"))
    got = read_position({**data, "hands": hands_in}, POSITION_FIELDS, seen=set())
    hands: list[Hand] = got["hands"]
    for hand, where in zip(hands, gaps, strict=True):
        row: list[int | None] = list(hand.row)
        for i in where:
            row.insert(i, None)
        hand.row = row
    players = len(hands)
    chance = Chance(require_int(data.get("chance", 0), "the chance ('chance')", 0, 2**64 - 1))
    phase = data.get("phase", PLAY)
    if phase not in _PHASES:
        raise ValueError(f"'phase' must be one of {', '.join(_PHASES)}, not {phase!r}")
    finished, details = _read_details(data, players)
    ended = data.get("ended")
    if ended is not None and ended not in _ENDS:
        raise ValueError(f"'ended' must be 'stack', 'blockade' or nothing, not {ended!r}")
    ender = data.get("ender")
    if ender is not None:
        ender = require_int(ender, "who ended the round ('ender')", 0, players - 1)
    state = State(hands, got["piles"], chance, round=require_int(data.get("round", 1), "round", 1, 10**6),
                  phase=str(phase), last_at=got["time"], finished=finished, ended=ended, ender=ender,
                  unblocks=require_int(data.get("unblocks", 0), "'unblocks'", 0, _MAX_TOTAL),
                  details=details)  # fmt: skip
    played, by_hand = history_of(data)
    _check_round(state, rules, by_hand)
    # Ligretto's scenarios always carry a seed (the real-time widget seeds its bots' reaction
    # times with it): a position from a code carries the state of its chance as one.
    return cls(state, {"seed": chance.state, "at": _data(state, rules, played, by_hand)}, rules)



# ---------------------------------------------------------------- the position editor
#: Ligretto has no turns: everybody plays at once.
EDITOR_TURN = None

_HAND_PLACES = ("stack", "row", "deck", "turned")


def editor_zones(data: Mapping[str, Any]) -> list[EditorZone]:
    """The places the position editor lays cards in: each player's Ligretto stack, row,
    hand deck and turned cards (a player's own cards), and the centre piles, one more
    than there are (to start a new pile with a 1)."""
    hands, piles = data.get("hands"), data.get("piles")
    players = len(hands) if isinstance(hands, list) else 2
    n_piles = len(piles) if isinstance(piles, list) else 0
    zones = [EditorZone(f"{place}:{p}", ("hands", p, place), place, p + 1, siblings=players,
                         top_first=place != "row")
             for p in range(players) for place in _HAND_PLACES]  # fmt: skip
    zones += [EditorZone(f"centre:{i}", ("piles", i), "centre", i + 1) for i in range(n_piles + 1)]
    return zones


__all__ = ["CARD_NAMES", "EDITOR_TURN", "editor_zones", "game_at", "position_of"]
