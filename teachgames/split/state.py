"""Split's position and the rule steps that change it (RULES.md §4).

The whole position is one :class:`State` (hands, draw pile, discard row, matches on
the table, the score pads, whose turn and which phase of it, the round, and the
``Chance`` that deals later rounds), so undo is "put the old copy back" and the deal of
round 2 or 3 replays identically. The functions here assume a move already checked
legal (``checks.py``); they never decide legality themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.rng import Chance
from .cards import full_deck, kind_of
from .rules import ROWS, SplitRules

#: Phases of a turn: draw first; then lay down / upgrade / discard; a new match's bonus;
#: "late" = the first-turn exception (players who had no turn lay down matches); "over".
PHASES: tuple[str, ...] = ("draw", "play", "bonus", "late", "over")

Pair = tuple[int, int]


@dataclass(frozen=True)
class RoundRecord:
    """What happened at the end of a round, kept for the score explanations and pictures."""

    number: int
    ender: int
    how: str  #: "out" (a player discarded their last card) or "pile" (the last card was drawn)
    #: Boxes each player marked at the end of the round: (perfect, strong, weak, negative).
    added: tuple[tuple[int, int, int, int], ...]
    #: Each player's pad after the round (all marks so far, bonus marks included).
    marks_after: tuple[tuple[int, int, int, int], ...]
    #: Each player's matches and hand at the end of the round (for the pictures).
    matches: tuple[tuple[Pair, ...], ...]
    hands: tuple[tuple[int, ...], ...]


@dataclass
class State:
    hands: list[list[int]]
    draw: list[int]  #: the draw pile, top card LAST
    discard: list[int]  #: the discard row as spread, oldest first: top card LAST
    matches: list[list[Pair]]  #: each player's matches on the table, in the order laid
    marks: list[list[int]]  #: each player's pad: marks in the rows perfect, strong, weak, negative
    current: int
    dealer: int
    round: int = 1
    phase: str = "draw"
    bonus: str | None = None  #: the bonus to use now (phase "bonus"): a match type
    played: list[bool] = field(default_factory=list)  #: who has had a turn this round
    late: list[int] = field(default_factory=list)  #: first-turn exception: who may still lay down
    ender: int | None = None  #: the player who went out (during the "late" phase)
    chance: Chance = field(default_factory=lambda: Chance(0))
    records: list[RoundRecord] = field(default_factory=list)

    def copy(self) -> State:
        return State(
            [list(h) for h in self.hands],
            list(self.draw),
            list(self.discard),
            [list(m) for m in self.matches],
            [list(m) for m in self.marks],
            self.current,
            self.dealer,
            self.round,
            self.phase,
            self.bonus,
            list(self.played),
            list(self.late),
            self.ender,
            self.chance.copy(),
            list(self.records),  # records are frozen
        )

    @property
    def players(self) -> int:
        return len(self.hands)


def match_kind(pair: Pair) -> str:
    kind = kind_of(*pair)
    assert kind is not None, "a match on the table always has one rank"
    return kind


def table_marks(s: State, player: int) -> tuple[int, int, int, int]:
    """The boxes ``player`` would mark if the round ended now (matches by type, hand cards)."""
    counts = dict.fromkeys(ROWS, 0)
    for pair in s.matches[player]:
        counts[match_kind(pair)] += 1
    counts["negative"] = len(s.hands[player])
    return counts["perfect"], counts["strong"], counts["weak"], counts["negative"]


# ---------------------------------------------------------------------- dealing
def deal_round(s: State, rules: SplitRules) -> None:
    """Shuffle the 104 half-cards with the state's Chance and deal a round (RULES.md §4
    set-up): ``hand_size`` each from the left of the dealer, one card starts the discard
    row, the rest is the draw pile; the player left of the dealer starts."""
    deck = full_deck()
    s.chance.shuffle(deck)
    n = s.players
    hands: list[list[int]] = [[] for _ in range(n)]
    for _ in range(rules.hand_size):
        for k in range(1, n + 1):
            hands[(s.dealer + k) % n].append(deck.pop())
    s.hands = [sorted(h) for h in hands]
    s.discard = [deck.pop()]
    s.draw = deck
    s.matches = [[] for _ in range(n)]
    s.current = (s.dealer + 1) % n
    s.phase = "draw"
    s.bonus = None
    s.played = [False] * n
    s.late = []
    s.ender = None


def new_state(players: int, rules: SplitRules, seed: int) -> State:
    """Round 1 of a new match, dealt from ``Chance(seed)``. The last player deals, so
    Player 1 starts (the printed rules do not say who deals first)."""
    s = State(
        hands=[[] for _ in range(players)],
        draw=[],
        discard=[],
        matches=[[] for _ in range(players)],
        marks=[[0, 0, 0, 0] for _ in range(players)],
        current=0,
        dealer=players - 1,
        chance=Chance(seed),
    )
    deal_round(s, rules)
    return s


# ---------------------------------------------------------------------- rule steps
def _give(s: State, player: int, cards: list[int]) -> None:
    s.hands[player] = sorted(s.hands[player] + cards)


def _take_from_hand(s: State, player: int, card: int) -> None:
    s.hands[player].remove(card)


def end_round(s: State, rules: SplitRules, ender: int, how: str) -> None:
    """Mark every pad (a box per match in its row, a negative box per card in hand), keep
    the record, and deal the next round (or end the match after the last)."""
    added = tuple(table_marks(s, p) for p in range(s.players))
    for p, row in enumerate(added):
        for i, k in enumerate(row):
            s.marks[p][i] += k
    s.records.append(
        RoundRecord(
            number=s.round,
            ender=ender,
            how=how,
            added=added,
            marks_after=tuple((m[0], m[1], m[2], m[3]) for m in s.marks),
            matches=tuple(tuple(ms) for ms in s.matches),
            hands=tuple(tuple(h) for h in s.hands),
        )
    )
    if s.round >= rules.rounds:
        s.phase = "over"
        s.bonus = None
        s.late = []
        s.ender = None
        return
    if how == "out" or rules.next_dealer == "ender":
        s.dealer = ender
    else:
        s.dealer = (s.dealer + 1) % s.players
    s.round += 1
    deal_round(s, rules)


def do_draw(s: State, rules: SplitRules, player: int) -> None:
    card = s.draw.pop()
    _give(s, player, [card])
    s.played[player] = True
    if not s.draw:  # the last card of the draw pile: the round ends at once
        end_round(s, rules, player, "pile")
    else:
        s.phase = "play"


def _new_match(s: State, player: int, pair: Pair, bonus: bool) -> None:
    s.matches[player].append(pair)
    if bonus:
        s.phase = "bonus"
        s.bonus = match_kind(pair)


def do_take(s: State, player: int, index: int, partner: int) -> None:
    picked = s.discard[index]
    above = s.discard[index + 1 :]
    del s.discard[index:]
    s.played[player] = True
    _give(s, player, above)
    _take_from_hand(s, player, partner)
    _new_match(s, player, (min(picked, partner), max(picked, partner)), bonus=True)


def do_lay(s: State, player: int, a: int, b: int) -> None:
    _take_from_hand(s, player, a)
    _take_from_hand(s, player, b)
    _new_match(s, player, (min(a, b), max(a, b)), bonus=s.phase != "late")


def do_upgrade(
    s: State, rules: SplitRules, player: int, owner: int, match: int, card: int, replace: int
) -> None:
    a, b = s.matches[owner][match]
    keep = b if a == replace else a
    pair = (min(keep, card), max(keep, card))
    _take_from_hand(s, player, card)
    s.discard.append(replace)
    if owner == player:
        s.matches[player][match] = pair
    else:  # the option: upgrading another player's match takes it over
        del s.matches[owner][match]
        s.matches[player].append(pair)
    if rules.upgrade_bonus:
        s.phase = "bonus"
        s.bonus = match_kind(pair)


def bonus_done(s: State) -> None:
    s.phase = "play"
    s.bonus = None


def do_penalise(s: State, target: int) -> None:
    s.marks[target][3] += 1
    bonus_done(s)


def do_bonus_draw(s: State, rules: SplitRules, player: int) -> None:
    bonus_done(s)
    card = s.draw.pop()
    _give(s, player, [card])
    if not s.draw:
        end_round(s, rules, player, "pile")


def do_swap(s: State, player: int, mine: int, owner: int, theirs: int) -> None:
    s.matches[player][mine], s.matches[owner][theirs] = s.matches[owner][theirs], s.matches[player][mine]
    bonus_done(s)


def do_discard(s: State, rules: SplitRules, player: int, card: int) -> None:
    _take_from_hand(s, player, card)
    s.discard.append(card)
    n = s.players
    if s.hands[player]:
        s.current = (player + 1) % n
        s.phase = "draw"
        return
    waiting = [(player + k) % n for k in range(1, n) if not s.played[(player + k) % n]]
    if waiting:  # first-turn exception: those who had no turn may lay down matches first
        s.phase = "late"
        s.late = waiting
        s.ender = player
        s.current = waiting[0]
        return
    end_round(s, rules, player, "out")


def do_finish(s: State, rules: SplitRules) -> None:
    s.late.pop(0)
    if s.late:
        s.current = s.late[0]
        return
    ender = s.ender
    assert ender is not None
    end_round(s, rules, ender, "out")
