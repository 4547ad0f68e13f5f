"""Split's position and the rule steps that change it (docs/split.md).

The whole position is one :class:`State` (hands, draw pile, discard row, matches on
the table, the score pads, whose turn and which phase of it, the round, and the
``Chance`` that deals later rounds), so undo is "put the old copy back" and the deal of
round 2 or 3 replays identically. The functions here assume a move already checked
legal (``checks.py``); they never decide legality themselves.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from ..core.rng import Chance
from .cards import full_deck, kind_of
from .rules import ROWS, SplitRules

#: Phases of a turn: draw first; then lay down / upgrade / discard; a new match's bonus;
#: "late" = the first-turn exception (players who had no turn lay down matches); "over".
PHASES: tuple[str, ...] = ("draw", "play", "bonus", "late", "over")

Pair = tuple[int, int]
_new_object = object.__new__


@dataclass(frozen=True, slots=True)
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


@dataclass(init=False, slots=True)
class State:
    """The whole position, a dataclass with slots and its own constructor: ``share``, run
    before every move, is cheapest as a new object whose slots are set one by one. Equal
    States hold equal values in every field (undo and copies are tested so); the repr
    shows them all."""

    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    matches: list[list[Pair]]
    marks: list[list[int]]
    current: int
    dealer: int
    round: int
    phase: str
    bonus: str | None
    played: list[bool]
    late: list[int]
    ender: int | None
    chance: Chance
    records: list[RoundRecord]

    def __init__(
        self,
        hands: list[list[int]],
        draw: list[int],
        discard: list[int],
        matches: list[list[Pair]],
        marks: list[list[int]],
        current: int,
        dealer: int,
        round: int = 1,
        phase: str = "draw",
        bonus: str | None = None,
        played: list[bool] | None = None,
        late: list[int] | None = None,
        ender: int | None = None,
        chance: Chance | None = None,
        records: list[RoundRecord] | None = None,
    ) -> None:
        self.hands = hands
        self.draw = draw  #: the draw pile, top card LAST
        self.discard = discard  #: the discard row as spread, oldest first: top card LAST
        self.matches = matches  #: each player's matches on the table, in the order laid
        #: each player's pad: marks in the rows perfect, strong, weak, negative
        self.marks = marks
        self.current = current
        self.dealer = dealer
        self.round = round
        self.phase = phase
        self.bonus = bonus  #: the bonus to use now (phase "bonus"): a match type
        self.played: list[bool] = [] if played is None else played  #: who has had a turn this round
        #: first-turn exception: who may still lay down
        self.late: list[int] = [] if late is None else late
        self.ender = ender  #: the player who went out (during the "late" phase)
        self.chance: Chance = Chance(0) if chance is None else chance
        self.records: list[RoundRecord] = [] if records is None else records

    def copy(self) -> State:
        """A deep copy: every list is new (the round records are frozen and shared)."""
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

    def share(self) -> State:
        """A new State holding the same lists: the engine's next position, made before a
        move changes it. Both stay exact because the rule steps below copy on write (they
        never change a list in place)."""
        twin: State = _new_object(State)
        twin.hands = self.hands
        twin.draw = self.draw
        twin.discard = self.discard
        twin.matches = self.matches
        twin.marks = self.marks
        twin.current = self.current
        twin.dealer = self.dealer
        twin.round = self.round
        twin.phase = self.phase
        twin.bonus = self.bonus
        twin.played = self.played
        twin.late = self.late
        twin.ender = self.ender
        twin.chance = self.chance
        twin.records = self.records
        return twin

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
    """Shuffle the 104 half-cards with the state's Chance and deal a round (docs/split.md,
    set-up): ``hand_size`` each from the left of the dealer, one card starts the discard
    row, the rest is the draw pile; the player left of the dealer starts."""
    deck = full_deck()
    s.chance = s.chance.copy()  # copy on write (see the rule steps): a snapshot keeps the old one
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
# Copy on write: a rule step never changes a list (or the Chance) of the state in place; it
# puts a new one in the field it changes. So the engine plays a move on ``State.share()`` (a
# new State holding the same lists) and keeps the old State as it is for undo, at the cost
# of one small object instead of a copy of every hand, pile and pad before every move.


def _set_hand(s: State, player: int, hand: list[int]) -> None:
    hands = s.hands[:]
    hands[player] = hand
    s.hands = hands


def _mark_played(s: State, player: int) -> None:
    if not s.played[player]:
        played = s.played[:]
        played[player] = True
        s.played = played


def _set_matches(s: State, player: int, matches: list[Pair]) -> None:
    table = s.matches[:]
    table[player] = matches
    s.matches = table


def end_round(s: State, rules: SplitRules, ender: int, how: str) -> None:
    """Mark every pad (a box per match in its row, a negative box per card in hand), keep
    the record, and deal the next round (or end the match after the last)."""
    added = tuple(table_marks(s, p) for p in range(s.players))
    s.marks = [[m + k for m, k in zip(pad, row, strict=True)]
               for pad, row in zip(s.marks, added, strict=True)]
    record = RoundRecord(
        number=s.round,
        ender=ender,
        how=how,
        added=added,
        marks_after=tuple((m[0], m[1], m[2], m[3]) for m in s.marks),
        matches=tuple(tuple(ms) for ms in s.matches),
        hands=tuple(tuple(h) for h in s.hands),
    )
    s.records = [*s.records, record]
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


def _draw_card(s: State, rules: SplitRules, player: int) -> bool:
    """The top card of the draw pile into ``player``'s hand; True when that was the last
    card and the round has ended."""
    card = s.draw[-1]
    s.draw = s.draw[:-1]
    hand = s.hands[player][:]
    insort(hand, card)
    _set_hand(s, player, hand)
    if not s.draw:  # the last card of the draw pile: the round ends at once
        end_round(s, rules, player, "pile")
        return True
    return False


def do_draw(s: State, rules: SplitRules, player: int) -> None:
    _mark_played(s, player)
    if not _draw_card(s, rules, player):
        s.phase = "play"


def _new_match(s: State, player: int, pair: Pair, bonus: bool) -> None:
    _set_matches(s, player, [*s.matches[player], pair])
    if bonus:
        s.phase = "bonus"
        s.bonus = match_kind(pair)


def do_take(s: State, player: int, index: int, partner: int) -> None:
    picked = s.discard[index]
    above = s.discard[index + 1 :]
    s.discard = s.discard[:index]
    _mark_played(s, player)
    hand = sorted(s.hands[player] + above)
    hand.remove(partner)
    _set_hand(s, player, hand)
    _new_match(s, player, (min(picked, partner), max(picked, partner)), bonus=True)


def do_lay(s: State, player: int, a: int, b: int) -> None:
    hand = s.hands[player][:]
    hand.remove(a)
    hand.remove(b)
    _set_hand(s, player, hand)
    _new_match(s, player, (min(a, b), max(a, b)), bonus=s.phase != "late")


def do_upgrade(
    s: State, rules: SplitRules, player: int, owner: int, match: int, card: int, replace: int
) -> None:
    a, b = s.matches[owner][match]
    keep = b if a == replace else a
    pair = (min(keep, card), max(keep, card))
    hand = s.hands[player][:]
    hand.remove(card)
    _set_hand(s, player, hand)
    s.discard = [*s.discard, replace]
    if owner == player:
        mine = s.matches[player][:]
        mine[match] = pair
        _set_matches(s, player, mine)
    else:  # the option: upgrading another player's match takes it over
        theirs = s.matches[owner][:]
        del theirs[match]
        _set_matches(s, owner, theirs)
        _set_matches(s, player, [*s.matches[player], pair])
    if rules.upgrade_bonus:
        s.phase = "bonus"
        s.bonus = match_kind(pair)


def bonus_done(s: State) -> None:
    s.phase = "play"
    s.bonus = None


def do_penalise(s: State, target: int) -> None:
    marks = s.marks[:]
    row = marks[target][:]
    row[3] += 1
    marks[target] = row
    s.marks = marks
    bonus_done(s)


def do_bonus_draw(s: State, rules: SplitRules, player: int) -> None:
    bonus_done(s)
    _draw_card(s, rules, player)


def do_swap(s: State, player: int, mine: int, owner: int, theirs: int) -> None:
    own, other = s.matches[player][:], s.matches[owner][:]
    own[mine], other[theirs] = other[theirs], own[mine]
    table = s.matches[:]
    table[player], table[owner] = own, other
    s.matches = table
    bonus_done(s)


def do_discard(s: State, rules: SplitRules, player: int, card: int) -> None:
    hands = s.hands[:]
    hand = hands[player] = hands[player][:]
    hand.remove(card)
    s.hands = hands
    s.discard = [*s.discard, card]
    n = len(hands)
    if hand:
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
    s.late = s.late[1:]
    if s.late:
        s.current = s.late[0]
        return
    ender = s.ender
    assert ender is not None
    end_round(s, rules, ender, "out")
