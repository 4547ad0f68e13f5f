"""Split's whole position now as data, and a game at such a position (position codes).

Every game keeps this role in its ``position.py`` (``Game.positions`` names it):
:func:`position_of` writes the position in the game's own card notation, and
:func:`game_at` reads it back through the same position readers as a lesson's
``scenario(...)`` (``engine.POSITION_FIELDS``), then reads what a position deep in a
match adds: every phase of a turn (a bonus to use, the first-turn exception, the end),
the finished rounds' records (the scores so far and their explanation) and the state of
the chance that deals the next round. No half-card more often than the box holds it (a
dealt round holds all 104).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.codes import rules_changes, without_defaults
from ..core.editing import EditorZone
from ..core.game import require_int
from ..core.positions import history_of, listed, read_position, with_history
from ..core.rng import Chance
from .cards import NAMES, full_deck
from .engine import POSITION_FIELDS, names
from .rules import ROWS, make_rules, preset_of, rules_from_dict
from .state import RoundRecord, State

if TYPE_CHECKING:
    from .engine import SplitEngine
    from .rules import SplitRules

_BONUSES = ("perfect", "strong", "weak")
_HOWS = ("out", "pile")
_MAX_MARKS = 100


#: The cards a code writes as one character each, in this order (never reorder: codes
#: already given out would name other cards).
CARD_NAMES: tuple[str, ...] = NAMES


def _by_hand(game: SplitEngine) -> bool:
    setup = game._setup
    at = setup.get("at")
    if isinstance(at, Mapping):
        return bool(at.get("by_hand"))
    return "position" in setup  # a scenario: laid out by hand


def _pairs(matches: Sequence[Sequence[tuple[int, int]]]) -> list[list[list[str]]]:
    return [[[NAMES[a], NAMES[b]] for a, b in ms] for ms in matches]


def _data(state: State, rules: SplitRules, played: int, by_hand: bool) -> dict[str, Any]:
    preset = preset_of(rules)
    base = make_rules(preset if preset != "custom" else "standard").to_dict()
    data: dict[str, Any] = {
        "rules": rules_changes(rules.to_dict(), base, ()),
        "hands": [names(h) for h in state.hands],
        "draw": names(state.draw[::-1]),
        "discard": names(state.discard),
        "matches": _pairs(state.matches),
        "pad": [list(m) for m in state.marks],
        "current": state.current,
        "dealer": state.dealer,
        "round": state.round,
        "phase": state.phase,
        "played": [p for p, had in enumerate(state.played) if had],
        "bonus": state.bonus,
        "late": list(state.late),
        "ender": state.ender,
        "chance": state.chance.state,
        "records": [
            [
                r.number,
                r.ender,
                r.how,
                [list(a) for a in r.added],
                [list(m) for m in r.marks_after],
                _pairs(r.matches),
                [names(h) for h in r.hands],
            ]
            for r in state.records
        ],
    }
    n = state.players
    data = without_defaults(data, {
        "bonus": None, "late": [], "ender": None, "records": [], "phase": "draw", "round": 1, "discard": [],
        "played": list(range(n)), "pad": [[0, 0, 0, 0]] * n, "matches": [[]] * n, "current": 0,
        "dealer": (state.current - 1) % n, "chance": 0,
    })  # fmt: skip
    return with_history(data, played, by_hand)


def position_of(game: SplitEngine) -> dict[str, Any]:
    """The position now: every card where it lies, the pads, whose turn and its phase, the
    finished rounds, the chance still to come, and the moves played before."""
    return _data(game.state, game.rules, game.moves_played, _by_hand(game))


def _four(value: Any, what: str) -> tuple[int, int, int, int]:
    row = listed(value, f"{what} must be four numbers ({', '.join(ROWS)})")
    if len(row) != len(ROWS):
        raise ValueError(f"{what} must be four numbers ({', '.join(ROWS)})")
    a, b, c, d = (require_int(v, what, 0, _MAX_MARKS) for v in row)
    return a, b, c, d


def _record(entry: Any, r: int, players: int) -> RoundRecord:
    what = f"the record of round {r + 1}"
    parts = listed(entry, f"{what} must be [number, ender, how, added, marks after, matches, hands]")
    if len(parts) != 7:
        raise ValueError(f"{what} must be [number, ender, how, added, marks after, matches, hands]")
    number, ender, how, added, after, matches, hands = parts
    if require_int(number, f"{what}: its number", 1, 10) != r + 1:
        raise ValueError(f"{what} must be numbered {r + 1}")
    if how not in _HOWS:
        raise ValueError(f"{what}: a round ends 'out' or 'pile', not {how!r}")
    per_player = (listed(added, what), listed(after, what), listed(matches, what), listed(hands, what))
    if any(len(x) != players for x in per_player):
        raise ValueError(f"{what} must hold one entry per player ({players})")
    got = read_position({"hands": per_player[3], "matches": per_player[2], "draw": [], "discard": []},
                        POSITION_FIELDS[:4])  # fmt: skip
    return RoundRecord(
        number=r + 1,
        ender=require_int(ender, f"{what}: who ended it", 0, players - 1),
        how=str(how),
        added=tuple(_four(a, f"{what}: boxes marked") for a in per_player[0]),
        marks_after=tuple(_four(m, f"{what}: the pad after it") for m in per_player[1]),
        matches=tuple(tuple(ms) for ms in got["matches"]),
        hands=tuple(tuple(h) for h in got["hands"]),
    )


def _check_phase(state: State, rules: SplitRules) -> None:
    """What each phase of a turn needs, and the rounds agreeing with their records."""
    n, phase = state.players, state.phase
    if phase == "bonus" and state.bonus not in _BONUSES:
        raise ValueError(f"a bonus is one of {', '.join(_BONUSES)}, not {state.bonus!r}")
    if phase != "bonus" and state.bonus is not None:
        raise ValueError("a bonus is used only in the phase 'bonus'")
    if phase == "late":
        if not state.late or state.late[0] != state.current or state.ender is None:
            raise ValueError(
                "in the phase 'late' the player to act is the first of 'late', and 'ender' went out"
            )
        if any(state.played[p] for p in state.late):
            raise ValueError("'late' lists the players who had no turn this round")
    elif state.late or state.ender is not None:
        raise ValueError("'late' and 'ender' are for the phase 'late' only")
    if phase in ("play", "bonus") and not state.played[state.current]:
        raise ValueError("the player to act has had a turn: list them in 'played'")
    if phase == "play" and not state.hands[state.current]:
        raise ValueError("the player to act needs a card in hand to discard")
    if phase == "over":
        if state.round != rules.rounds or len(state.records) != rules.rounds:
            raise ValueError(f"a finished match has played all {rules.rounds} rounds, with a record of each")
    else:
        if not state.draw:
            raise ValueError(
                "the draw pile needs at least one card (the round ends when its last card is drawn)"
            )
        if len(state.records) != state.round - 1:
            raise ValueError(f"round {state.round} is being played: {state.round - 1} rounds have records")
    if state.records:
        last = state.records[-1].marks_after
        if any(now < then for p in range(n) for now, then in zip(state.marks[p], last[p], strict=True)):
            raise ValueError("a pad cannot have fewer marks than it had at the end of the last round")


def _check_box(state: State, by_hand: bool) -> None:
    laid = [c for ms in state.matches for pair in ms for c in pair]
    everything = [c for h in state.hands for c in h] + state.draw + state.discard + laid
    counts: dict[int, int] = {}
    for card in everything:
        counts[card] = counts.get(card, 0) + 1
    too_many = sorted(NAMES[c] for c, k in counts.items() if k > 2)
    if too_many:
        raise ValueError(
            f"the box holds each half-card twice, but these appear more often: {', '.join(too_many)}"
        )
    if not by_hand and sorted(everything) != full_deck():
        raise ValueError(
            f"a dealt round holds all {len(full_deck())} half-cards; this position holds {len(everything)}"
        )


def game_at(cls: type[SplitEngine], data: Mapping[str, Any]) -> SplitEngine:
    """A game of ``cls`` at the position ``data``; ValueError in plain words when it
    cannot exist."""
    rules = rules_from_dict(data.get("rules"))  # a missing or wrong one: ValueError saying so
    phase = data.get("phase", "draw")
    if phase not in ("draw", "play", "bonus", "late", "over"):
        raise ValueError(f"'phase' must be draw, play, bonus, late or over, not {phase!r}")
    # the shared readers know the phases a lesson's puzzle starts in; 'played' is given
    got = read_position({**data, "phase": "play" if phase in ("play", "bonus") else "draw"},
                        POSITION_FIELDS, rules=rules)  # fmt: skip
    n = len(got["hands"])
    records = [
        _record(e, r, n) for r, e in enumerate(listed(data.get("records") or [], "'records' must be a list"))
    ]
    bonus, ender = data.get("bonus"), data.get("ender")
    late = [require_int(p, "a player in 'late'", 0, n - 1)
            for p in listed(data.get("late") or [], "'late' must list players")]  # fmt: skip
    played, by_hand = history_of(data)
    chance = Chance(require_int(data.get("chance", 0), "the chance ('chance')", 0, 2**64 - 1))
    state = State(got["hands"], got["draw"], got["discard"], got["matches"], got["marks"], got["current"],
                  got["dealer"], got["round"], str(phase), bonus if isinstance(bonus, str) else None,
                  got["played"], late, None if ender is None else require_int(ender, "'ender'", 0, n - 1),
                  chance, records)  # fmt: skip
    if bonus is not None and not isinstance(bonus, str):
        raise ValueError(f"a bonus is one of {', '.join(_BONUSES)}, not {bonus!r}")
    _check_phase(state, rules)
    _check_box(state, by_hand)
    return cls(state, {"seed": None, "at": _data(state, rules, played, by_hand)}, rules)



# ---------------------------------------------------------------- the position editor
#: Where whose turn it is lies in the position (the editor's "whose turn").
EDITOR_TURN = ("current",)


def editor_zones(data: Mapping[str, Any]) -> list[EditorZone]:
    """The places the position editor lays cards in: hands, the draw pile (top first)
    and the discard row."""
    hands = data.get("hands")
    players = len(hands) if isinstance(hands, list) else 2
    zones = [EditorZone(f"hand:{p}", ("hands", p), "hand", p + 1, siblings=players) for p in range(players)]
    draw = EditorZone("draw", ("draw",), "draw", top_first=True)
    return [*zones, draw, EditorZone("discard", ("discard",), "discard")]


__all__ = ["CARD_NAMES", "EDITOR_TURN", "editor_zones", "game_at", "position_of"]
