"""The Ligretto position and the rule steps that change it (docs/ligretto.md).

Pure functions over a small mutable :class:`State`: the engine checks a move first
(``engine.py``), then calls one step here. Chance after the deal (the next round's deal,
a reshuffle of the turned-up hand cards) comes from the :class:`Chance` kept inside the
state, so a snapshot, an undo and a replay give the same cards again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.rng import Chance
from .cards import SET_SIZE, TOP, full_set, number_of, owner_of
from .rules import STACK_SIZE, TURN_SIZE, LigrettoRules, row_size

PLAY, ROUND_OVER, OVER = "play", "round_over", "over"


@dataclass(init=False, slots=True)
class Hand:
    """One player's cards outside the centre. Every list has its top card LAST.

    Once a hand lies in a position it is never changed in place: a step that changes
    it puts a changed copy in its place, so snapshots may share it (see State.copy).
    Equal when every list is, shown with its lists, unhashable as it is mutable.
    """

    stack: list[int]
    row: list[int | None]
    deck: list[int]
    turned: list[int]

    def __init__(self, stack: list[int], row: list[int | None], deck: list[int], turned: list[int]) -> None:
        self.stack = stack
        self.row = row
        self.deck = deck
        self.turned = turned

    def copy(self) -> Hand:
        return Hand(self.stack[:], self.row[:], self.deck[:], self.turned[:])

    def hand_cards(self) -> list[int]:
        return self.deck + self.turned


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a finished round ended and what its points were made of."""

    centre: tuple[int, ...]
    left: tuple[int, ...]
    ended: str
    ender: int | None
    unblocks: int


@dataclass(init=False, slots=True)
class State:
    """The whole position: two states are equal when every field but the memo is, and
    the memo is left out of the repr too."""

    hands: list[Hand]
    piles: list[list[int]]
    chance: Chance
    round: int
    phase: str
    last_at: float
    finished: list[list[int]]
    ended: str | None
    ender: int | None
    unblocks: int
    details: list[RoundEnd]
    memo: dict[object, Any] = field(compare=False, repr=False)

    def __init__(
        self,
        hands: list[Hand],
        piles: list[list[int]],
        chance: Chance,
        round: int = 1,
        phase: str = PLAY,
        last_at: float = 0.0,
        finished: list[list[int]] | None = None,
        ended: str | None = None,
        ender: int | None = None,
        unblocks: int = 0,
        details: list[RoundEnd] | None = None,
    ) -> None:
        self.hands = hands
        self.piles = piles
        self.chance = chance
        self.round = round
        self.phase = phase
        self.last_at = last_at
        #: Each finished round's points (none yet: a new list).
        self.finished: list[list[int]] = [] if finished is None else finished
        #: How the last round ended: "stack" (a Ligretto stack emptied) or "blockade".
        self.ended = ended
        #: Who emptied their stack (when ``ended == "stack"``).
        self.ender = ender
        #: Blockades lifted by "unblock" in this round.
        self.unblocks = unblocks
        #: Each finished round: (centre counts, stack cards left, how it ended, who ended it,
        #: unblocks), for the explanation of the scores.
        self.details: list[RoundEnd] = [] if details is None else details
        #: Answers computed from this exact position: the fit map (key ``FIT``), whether
        #: nobody can play (``BLOCKED``) and each player's legal moves (key: the index).
        #: Every step that changes what an answer reads forgets it; never copied, so a
        #: snapshot starts without any.
        self.memo: dict[object, Any] = {}

    def copy(self) -> State:
        """An exact, independent snapshot that shares what no step changes in place.

        The steps below never change a hand, a pile or a list of finished rounds in
        place: they put a changed copy in its place (copy on write). So a snapshot
        needs only new outer lists, not a copy of every card, and undo stays exact.
        """
        return State(
            self.hands[:],
            self.piles[:],
            self.chance.copy(),
            self.round,
            self.phase,
            self.last_at,
            self.finished,
            self.ended,
            self.ender,
            self.unblocks,
            self.details,
        )


# ---------------------------------------------------------------------- dealing
def deal_hands(players: int, rules: LigrettoRules, chance: Chance) -> list[Hand]:
    """Shuffle each player's own set and lay out stack, row and hand deck."""
    size = row_size(rules.preset, players)
    hands = []
    for p in range(players):
        cards = full_set(p)
        chance.shuffle(cards)
        stack = cards[:STACK_SIZE]
        row: list[int | None] = list(cards[STACK_SIZE : STACK_SIZE + size])
        deck = cards[STACK_SIZE + size :]
        hands.append(Hand(stack, row, deck, []))
    return hands


def new_state(players: int, rules: LigrettoRules, seed: int) -> State:
    chance = Chance(seed)
    state = State(deal_hands(players, rules, chance), [], chance)
    settle_blockade(state, rules)
    return state


# ---------------------------------------------------------------------- the centre
#: Memo keys: the fit map, and whether nobody can play (a player's legal moves are kept
#: under the player's index).
FIT, BLOCKED = "fit", "blocked"
_ONES: tuple[int, ...] = tuple(colour * 10 for colour in range(4))


def fit_map(state: State) -> dict[int, tuple[int, ...]]:
    """Every face (colour * 10 + number - 1) that may go to the centre now, with the piles
    it may go on, first pile first (a 1 goes on none: it starts its own pile).

    It depends on the piles only, so it is kept in the state's memo: the blockade check
    after a move and every player's legal moves read one map, and only a step that
    changes the piles (a card played, a new deal) forgets it.
    """
    found: dict[int, tuple[int, ...]] | None = state.memo.get(FIT)
    if found is not None:
        return found
    piles: dict[int, list[int]] = {}
    for i, pile in enumerate(state.piles):
        top = pile[-1] % SET_SIZE
        if top % 10 != TOP - 1:  # a complete pile takes nothing more
            piles.setdefault(top + 1, []).append(i)
    found = dict.fromkeys(_ONES, ())
    found.update((f, tuple(at)) for f, at in piles.items())
    state.memo[FIT] = found
    return found


def forget(state: State, *keep: str) -> None:
    """Forget every answer the memo holds except those under ``keep`` (the ones whose
    inputs the step did not change)."""
    memo = state.memo
    kept = {key: memo[key] for key in keep if key in memo}
    memo.clear()
    memo.update(kept)


def fits(state: State) -> list[bool]:
    """For each face (colour * 10 + number - 1): can such a card go to the centre now?"""
    fit = fit_map(state)
    return [f in fit for f in range(SET_SIZE)]


def piles_for(state: State, card: int) -> list[int]:
    """The piles ``card`` may go on now (for a 1: none, it starts its own)."""
    return list(fit_map(state).get(card % SET_SIZE, ()))


def open_cards(hand: Hand) -> list[tuple[int, str]]:
    """The cards a player may play now, with where they lie: stack top, row, hand top."""
    out: list[tuple[int, str]] = []
    if hand.stack:
        out.append((hand.stack[-1], "stack"))
    out += [(c, "row") for c in hand.row if c is not None]
    if hand.turned:
        out.append((hand.turned[-1], "hand"))
    return out


def where(hand: Hand, card: int) -> str | None:
    """Where one's own card lies: stack, stack_under, row, hand, hand_under, deck (or None)."""
    if hand.stack and hand.stack[-1] == card:
        return "stack"
    if card in hand.row:
        return "row"
    if hand.turned and hand.turned[-1] == card:
        return "hand"
    if card in hand.stack:
        return "stack_under"
    if card in hand.turned:
        return "hand_under"
    if card in hand.deck:
        return "deck"
    return None


# ---------------------------------------------------------------------- the hand deck
def turn_up(hand: Hand, rules: LigrettoRules, chance: Chance) -> str:
    """Turn up the next three hand cards; at the end of the deck first recycle the
    turned-up cards (seed: shuffled; official: turned over). Returns what happened:
    "turned", "shuffled" or "turned_over"."""
    what = "turned"
    if not hand.deck:
        # The turned-up pile, turned over, is the new deck: its bottom card is the new top.
        hand.deck = hand.turned[::-1]
        hand.turned = []
        if rules.end_of_deck == "shuffle":
            chance.shuffle(hand.deck)
            what = "shuffled"
        else:
            what = "turned_over"
    for _ in range(min(TURN_SIZE, len(hand.deck))):
        hand.turned.append(hand.deck.pop())
    return what


def turn(state: State, player: int, rules: LigrettoRules) -> str:
    """``player`` turns up hand cards (see :func:`turn_up`), then a blockade is settled:
    turning past the only card that fitted can leave one (official preset: the same
    three-card groups come round again, that card never shows again)."""
    old = state.hands[player]
    # A new hand object (snapshots share the old one); the stack and row stay as they are.
    hand = state.hands[player] = Hand(old.stack, old.row, old.deck[:], old.turned[:])
    state.memo.pop(player, None)  # only this player's open cards change
    if rules.end_of_deck != "shuffle":
        # Without reshuffling, which hand cards can come up depends on where the pass is;
        # with it, any hand card can, before the turn and after it: BLOCKED still holds.
        state.memo.pop(BLOCKED, None)
    what = turn_up(hand, rules, state.chance)
    settle_blockade(state, rules)
    return what


def draw_order(hand: Hand) -> list[int]:
    """The hand cards in the order they come up, from the current point to one full pass
    (face-down deck first, then the turned-up cards from the bottom)."""
    return hand.deck[::-1] + hand.turned


def reachable(hand: Hand, rules: LigrettoRules) -> list[int]:
    """Hand cards that can become the playable top without playing anything.

    Shuffling can bring any hand card up. Turning over without shuffling repeats the
    same sequence, so only the cards that land on top in a full pass count.
    """
    cards = hand.deck + hand.turned
    if rules.end_of_deck == "shuffle" or len(cards) <= 1:
        return cards
    # The whole cycle from the start of a pass: the cards already turned (in the order
    # they came up), then the face-down deck from its top. Turning over keeps it.
    cycle = hand.turned + hand.deck[::-1]
    n = len(cycle)
    pointer = len(hand.turned)
    seen = [cycle[pointer - 1]] if pointer else []
    visited: set[int] = set()
    while pointer not in visited:
        visited.add(pointer)
        if pointer >= n:
            pointer = 0
        pointer += min(TURN_SIZE, n - pointer)
        seen.append(cycle[pointer - 1])
    return seen


def gather_and_unblock(hand: Hand) -> None:
    """The unblock rule: the hand deck gathered face down, its top card moved to the bottom."""
    seq = draw_order(hand)
    if not seq:
        return
    seq = seq[1:] + seq[:1]
    hand.deck = seq[::-1]
    hand.turned = []


# ---------------------------------------------------------------------- blockade
def is_blocked(state: State, rules: LigrettoRules) -> bool:
    """Nobody can play from stack, row, or any hand card reached in a full pass.

    Remembered in the memo (key ``BLOCKED``): it reads the piles, the open cards and
    which hand cards can come up, so a turn with reshuffling keeps it (see :func:`turn`).
    """
    found: bool | None = state.memo.get(BLOCKED)
    if found is None:
        found = state.memo[BLOCKED] = _blocked(state, rules)
    return found


def _blocked(state: State, rules: LigrettoRules) -> bool:
    fit = fit_map(state)
    for hand in state.hands:
        if hand.stack and hand.stack[-1] % SET_SIZE in fit:
            return False
        for card in hand.row:
            if card is not None and card % SET_SIZE in fit:
                return False
        if hand.turned and hand.turned[-1] % SET_SIZE in fit:
            return False
    for hand in state.hands:
        for card in reachable(hand, rules):
            if card % SET_SIZE in fit:
                return False
    return True


def hopeless(state: State) -> bool:
    """Not even moving cards around the hand decks can help: no card anywhere fits."""
    fit = fit_map(state)
    return not any(
        c % SET_SIZE in fit
        for hand in state.hands
        for c in (*hand.stack[-1:], *(x for x in hand.row if x is not None), *hand.deck, *hand.turned)
    )


def settle_blockade(state: State, rules: LigrettoRules) -> None:
    """After a card lands: a blockade ends the round, or (option "unblock") every player
    moves the top hand card to the bottom until someone can play again."""
    if state.phase != PLAY or not is_blocked(state, rules):
        return
    if rules.blockade == "unblock" and not hopeless(state):
        longest = max(len(h.deck) + len(h.turned) for h in state.hands)
        state.hands = [h.copy() for h in state.hands]  # snapshots share the old hands
        for _ in range(max(longest, 1)):
            for hand in state.hands:
                gather_and_unblock(hand)
            state.unblocks += 1
            forget(state, FIT)  # the hands changed, the piles did not
            if not is_blocked(state, rules):
                return
    end_round(state, rules, "blockade")


# ---------------------------------------------------------------------- playing a card
def play_card(state: State, rules: LigrettoRules, player: int, card: int, pile: int | None) -> None:
    """Put ``card`` (checked legal) into the centre; refill a row gap from the stack."""
    hand = state.hands[player] = state.hands[player].copy()  # snapshots share the old one
    place = where(hand, card)
    if place == "stack":
        hand.stack.pop()
    elif place == "row":
        i = hand.row.index(card)
        hand.row[i] = hand.stack.pop() if hand.stack else None
    elif place == "hand":
        hand.turned.pop()
    else:  # pragma: no cover - the engine checks first
        raise AssertionError(f"card {card} is not playable ({place})")
    if number_of(card) == 1:
        state.piles.append([card])
    else:
        assert pile is not None
        state.piles[pile] = [*state.piles[pile], card]  # snapshots share the old pile
    state.memo.clear()  # the piles and a hand changed: nothing remembered holds
    if not hand.stack:
        state.ender = player
        end_round(state, rules, "stack")
        return
    settle_blockade(state, rules)


# ---------------------------------------------------------------------- rounds
def centre_counts(state: State) -> list[int]:
    counts = [0] * len(state.hands)
    for pile in state.piles:
        for card in pile:
            counts[owner_of(card)] += 1
    return counts


def round_points(state: State) -> list[int]:
    """+1 per own card in the centre, −2 per card left in one's Ligretto stack."""
    centre = centre_counts(state)
    return [centre[p] - 2 * len(h.stack) for p, h in enumerate(state.hands)]


def totals(state: State) -> list[int]:
    out = [0] * len(state.hands)
    for points in state.finished:
        out = [a + b for a, b in zip(out, points, strict=True)]
    return out


def match_over(state: State, rules: LigrettoRules) -> bool:
    if rules.rounds is not None:
        return len(state.finished) >= rules.rounds
    return bool(state.finished) and max(totals(state)) >= rules.target


def end_round(state: State, rules: LigrettoRules, how: str) -> None:
    # New lists, not appends: snapshots share the old ones.
    state.finished = [*state.finished, round_points(state)]
    left = tuple(len(h.stack) for h in state.hands)
    end = RoundEnd(tuple(centre_counts(state)), left, how, state.ender, state.unblocks)
    state.details = [*state.details, end]
    state.ended = how
    state.phase = OVER if match_over(state, rules) else ROUND_OVER
    forget(state, FIT)


def next_round(state: State, rules: LigrettoRules) -> None:
    """Deal the next round from the state's own Chance."""
    state.hands = deal_hands(len(state.hands), rules, state.chance)
    state.piles = []
    state.memo.clear()
    state.round += 1
    state.phase = PLAY
    state.last_at = 0.0
    state.ended = None
    state.ender = None
    state.unblocks = 0
    settle_blockade(state, rules)
