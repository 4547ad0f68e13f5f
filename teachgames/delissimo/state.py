"""The Delissimo position and the rule steps that change it.

``State`` is plain lists of card ids. The functions below are the only code that
changes a position; ``DelissimoGame.play`` calls them after checking a move, and
the Monte-Carlo playouts call them directly, so both always follow the same rules.

Storage: hands are kept sorted by id (a hand is a multiset; sorting makes it a
ready memo key); every draw pile and stack keeps its **top card at the end** of
its list (so drawing is ``pop()``); views turn them round to "top card first".

Copy on write: the rule steps never change a card list in place; they put a changed
copy in its place (``_own``). So ``snapshot()``, the copy kept for undo before every
move, copies only the three short lists of lists and shares the card lists, which is
what makes an undoable move cheap.
"""

from __future__ import annotations

from bisect import insort

from .cards import CANCEL_ID, EIGHTHS, IS_ORDER, IS_PIZZA, IS_SPECIAL, PENALTY_EIGHTHS, TOPPINGS
from .rules import DelissimoRules
from .search import (
    MAX_LISTED_CAPTURES,
    SMALL_HAND,
    CaptureMode,
    OrdersIndex,
    RawCapture,
    bounded_captures,
    find_captures,
    hand_options,
    is_small,
    orders_index,
)


class State:
    """A whole position: who holds what, what is open, whose turn and how far in."""

    __slots__ = (
        "captured", "centre", "current", "deck", "discard", "hands", "index", "index_mode", "piles", "stacks",
        "started",
    )  # fmt: skip

    def __init__(
        self,
        hands: list[list[int]],
        centre: list[int],
        stacks: list[list[int]],
        deck: list[int],
        piles: list[list[int]],
        discard: list[int],
        current: int,
        started: bool = False,
        captured: bool = False,
        index: OrdersIndex | None = None,
        index_mode: CaptureMode | None = None,
    ) -> None:
        self.hands = hands
        self.centre = centre  # 6+ levels: the open cards
        self.stacks = stacks  # 8+/10+: pizza stacks, top at the end
        self.deck = deck  # the draw pile (pizzas at 6+, orders at 8+), top at the end
        self.piles = piles  # captured cards per player
        self.discard = discard  # played cancels
        self.current = current
        self.started = started  # the current player has put a card on the table this turn
        self.captured = captured  # ... and made a capture or special order
        #: 8+/10+: what the open stack tops offer (``search.orders_index``) for the capture
        #: mode ``index_mode``, worked out by ``turn_options`` and kept until a stack top
        #: changes (``take_from_stacks`` forgets it). Most moves end a turn and leave the
        #: tops as they were, so the next player's options start from it. Immutable, so
        #: snapshots share it; None: not worked out.
        self.index = index
        self.index_mode = index_mode

    def __getstate__(self) -> tuple[None, dict[str, object]]:
        # A pickle or a deep copy holds the position, not the cached ``index`` (a memo
        # shared by every position with these tops, and far bigger than the position).
        return None, {name: getattr(self, name) for name in _POSITION}

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        for name, value in state[1].items():
            object.__setattr__(self, name, value)
        self.index = self.index_mode = None

    def snapshot(self) -> State:
        """An independent position sharing the card lists (the rule steps replace a
        list before changing it, so neither side sees the other's moves). (The engine's
        ``play`` keeps the same copy as a ``record()``.)"""
        return State(
            self.hands[:],
            self.centre,
            self.stacks[:],
            self.deck,
            self.piles[:],
            self.discard,
            self.current,
            self.started,
            self.captured,
            self.index,
            self.index_mode,
        )

    def copy(self) -> State:
        """A deep copy: every card list is new."""
        return State(
            [h[:] for h in self.hands],
            self.centre[:],
            [s[:] for s in self.stacks],
            self.deck[:],
            [p[:] for p in self.piles],
            self.discard[:],
            self.current,
            self.started,
            self.captured,
            self.index,
            self.index_mode,
        )

    def record(self) -> UndoRecord:
        """What undo needs to bring this position back: the fields in ``State()``'s order
        with the three lists of lists copied (the card lists are shared, as in
        ``snapshot``). A tuple is cheaper to make than a State: ``play`` keeps one per move."""
        return (self.hands[:], self.centre, self.stacks[:], self.deck, self.piles[:], self.discard,
                self.current, self.started, self.captured, self.index, self.index_mode)  # fmt: skip

    @staticmethod
    def from_record(record: UndoRecord) -> State:
        """The position a ``record()`` kept, as a new State (the record stays as it was,
        so a copied game may hold it too)."""
        hands, centre, stacks, deck, piles, discard, current, started, captured, index, mode = record
        return State(
            hands[:], centre, stacks[:], deck, piles[:], discard, current, started, captured, index, mode
        )

    def key(self) -> tuple[object, ...]:
        """Everything that defines the position, for equality checks in tests."""
        return (
            tuple(map(tuple, self.hands)),
            tuple(self.centre),
            tuple(map(tuple, self.stacks)),
            tuple(self.deck),
            tuple(map(tuple, self.piles)),
            tuple(self.discard),
            self.current,
            self.started,
            self.captured,
        )


#: The slots that make up a position (the others are caches).
_POSITION = ("hands", "centre", "stacks", "deck", "piles", "discard", "current", "started", "captured")

#: ``State.record()``: hands, centre, stacks, deck, piles, discard, current, started,
#: captured, index, index_mode.
UndoRecord = tuple[
    list[list[int]], list[int], list[list[int]], list[int], list[list[int]], list[int], int, bool, bool,
    "OrdersIndex | None", "CaptureMode | None",
]


def capture_mode(rules: DelissimoRules) -> CaptureMode:
    """What ``rules`` allow a capture, as one shared object per distinct mode (so that
    ``State.index_mode`` is checked by identity)."""
    key = (rules.orders, rules.whole_pizzas, rules.composite, rules.max_pizzas_per_capture)
    mode = _MODES.get(key)
    if mode is None:
        mode = _MODES[key] = CaptureMode(*key)
    return mode


_MODES: dict[tuple[bool, bool, bool, int], CaptureMode] = {}


def open_cards(s: State, rules: DelissimoRules) -> list[int]:
    """The cards a capture may take now: the centre (6+) or each stack's top (8+)."""
    if rules.orders:
        return [st[-1] for st in s.stacks if st]
    return s.centre


def captures_of(
    s: State, player: int, rules: DelissimoRules, mode: CaptureMode, limit: int = MAX_LISTED_CAPTURES
) -> tuple[RawCapture, ...]:
    """Every legal capture ``player`` could make in this position; in a position too big
    for the exact enumeration (a crafted scenario), at most ``limit`` of them."""
    hand = s.hands[player]
    if mode.orders:  # action cards never pay for pizza
        if len(hand) <= SMALL_HAND:
            tops = [st[-1] for st in s.stacks if st]
            tops.sort()
            return _order_options(hand, tuple(tops), mode)[0]
    elif is_small(len(hand), len(s.centre), mode):
        table = s.centre[:]
        table.sort()
        return find_captures(tuple(hand), tuple(table), mode)
    return bounded_captures(tuple(hand), tuple(sorted(open_cards(s, rules))), mode, limit)


def _order_options(hand: list[int], tops: tuple[int, ...], mode: CaptureMode) -> Options:
    """8+/10+, a hand of at most ``SMALL_HAND`` cards: its captures on the open ``tops``
    (sorted) and its playable special orders, by the table's memoised index."""
    options = hand_options(hand, orders_index(tops, mode))
    if options is None:  # the same order twice (a teacher's scenario): the general search
        orders = tuple([c for c in hand if IS_ORDER[c]])
        return find_captures(orders, tops, mode), _specials_on(hand, tops)
    return options


def _specials_on(hand: list[int], tops: tuple[int, ...]) -> list[int]:
    out: list[int] = []
    pairs = {TOPPINGS[t] for t in tops}
    for card in hand:
        if IS_SPECIAL[card] and TOPPINGS[card] in pairs and (not out or out[-1] != card):
            out.append(card)
    return out


def playable_specials(s: State, player: int, rules: DelissimoRules) -> list[int]:
    """Distinct special-order cards in hand that match at least one open pizza."""
    if not rules.orders:
        return []
    return _specials_on(s.hands[player], tuple(st[-1] for st in s.stacks if st))


Options = tuple[tuple[RawCapture, ...], list[int]]


def turn_options(s: State, rules: DelissimoRules, mode: CaptureMode) -> Options | None:
    """The current player's captures and playable special orders; None if the game is over.

    The end of the game (docs/delissimo.md): no open pizza is left (8+), or nothing is left to draw and no
    player has a capture (or, at 8+, a playable special order).

    This is the one generator of legal moves: ``DelissimoEngine.legal_moves`` lists
    its answer as move objects and the random playouts of hints and bots pick from it.
    """
    if mode.orders:
        return _order_turn_options(s, rules, mode)
    return _slice_turn_options(s, rules, mode)


def _order_turn_options(s: State, rules: DelissimoRules, mode: CaptureMode) -> Options | None:
    """8+/10+: the current player's options, while a pizza is open and the game goes on."""
    index = _open_tops_index(s, mode)
    if index is None:
        return None
    options = _options_of(s, s.current, rules, mode, index)
    if s.deck or options[0] or options[1] or _another_can_order(s, rules, mode, index):
        return options
    return None


def _open_tops_index(s: State, mode: CaptureMode) -> OrdersIndex | None:
    """What the open stack tops offer, worked out once and kept on the state until a top
    changes; None when no pizza is open (the game is over)."""
    index = s.index
    if index is not None and s.index_mode is mode:
        return index
    tops = []
    for stack in s.stacks:  # a loop, not a comprehension: this runs once per move
        if stack:
            tops.append(stack[-1])
    if not tops:
        return None
    tops.sort()
    index = orders_index(tuple(tops), mode)
    s.index = index
    s.index_mode = mode
    return index


def _options_of(
    s: State, player: int, rules: DelissimoRules, mode: CaptureMode, index: OrdersIndex,
    limit: int = MAX_LISTED_CAPTURES,
) -> Options:
    """A player's captures and special orders: by the bitmask index for a small hand,
    by the general search otherwise (listing at most ``limit`` captures)."""
    hand = s.hands[player]
    options = hand_options(hand, index) if len(hand) <= SMALL_HAND else None
    if options is None:
        options = _any_options(s, player, rules, mode, index.table, limit)
    return options


def _another_can_order(s: State, rules: DelissimoRules, mode: CaptureMode, index: OrdersIndex) -> bool:
    """Whether a player other than the current one has a capture or a special order."""
    for other in range(len(s.hands)):
        if other != s.current:
            theirs = _options_of(s, other, rules, mode, index, 1)
            if theirs[0] or theirs[1]:
                return True
    return False


def _slice_turn_options(s: State, rules: DelissimoRules, mode: CaptureMode) -> Options | None:
    """6+: the current player's captures, while a card is left to draw or someone can capture."""
    player = s.current
    caps = captures_of(s, player, rules, mode)
    if s.deck or caps:
        return caps, []
    if any(captures_of(s, other, rules, mode, 1) for other in range(len(s.hands)) if other != player):
        return caps, []
    return None


def _any_options(
    s: State, player: int, rules: DelissimoRules, mode: CaptureMode, tops: tuple[int, ...],
    limit: int = MAX_LISTED_CAPTURES,
) -> Options:
    """8+/10+ for a hand the bitmask index does not take (too big, or an order twice)."""
    hand = s.hands[player]
    if len(hand) <= SMALL_HAND:
        return _order_options(hand, tops, mode)
    return bounded_captures(tuple(hand), tops, mode, limit), _specials_on(hand, tops)


def is_over(s: State, rules: DelissimoRules, mode: CaptureMode) -> bool:
    return turn_options(s, rules, mode) is None


# ---------------------------------------------------------------------- rule steps
def draw_to(s: State, player: int, size: int) -> None:
    need = size - len(s.hands[player])
    if need <= 0 or not s.deck:
        return
    hand = s.hands[player] = s.hands[player][:]
    deck = s.deck = s.deck[:]
    while len(hand) < size and deck:
        insort(hand, deck.pop())


def split_stacks(stacks: list[list[int]]) -> None:
    """Decision (stack split): fill each empty place by halving the largest stack.

    The largest stack (first on ties) keeps its top ceil(n/2) cards and gives the rest,
    in order, to the empty place; a stack of one card is not split.
    """
    while True:
        empty = next((i for i, st in enumerate(stacks) if not st), None)
        if empty is None:
            return
        largest = max(range(len(stacks)), key=lambda i: (len(stacks[i]), -i))
        n = len(stacks[largest])
        if n < 2:
            return
        stack = stacks[largest]
        stacks[empty] = stack[: n // 2]  # the bottom part; its top is under the kept half
        stacks[largest] = stack[n // 2 :]


def take_from_stacks(s: State, take: tuple[int, ...], split: bool = True) -> None:
    """Remove the taken pizzas from the stack tops (leftmost stack on equal cards);
    with ``split``, refill emptied places by halving the largest stack."""
    stacks = s.stacks
    s.index = None  # the open tops change
    emptied = False
    used: list[int] = []  # the stacks that already gave a card to this capture
    for card in take:
        for i, st in enumerate(stacks):
            if st and st[-1] == card and i not in used:
                used.append(i)
                stacks[i] = st[:-1]
                if len(st) == 1:
                    emptied = True
                break
    if emptied and split:
        split_stacks(stacks)


def do_capture(
    s: State, player: int, give: tuple[int, ...], take: tuple[int, ...], rules: DelissimoRules
) -> None:
    hand = s.hands[player] = s.hands[player][:]
    for card in give:
        hand.remove(card)
    if rules.orders:
        take_from_stacks(s, take, rules.split_empty_stacks)
    else:
        centre = s.centre = s.centre[:]
        for card in take:
            centre.remove(card)
    s.piles[player] = s.piles[player] + list(give + take)
    s.started = s.captured = True


def special_takes(s: State, card: int) -> tuple[int, ...]:
    """The open pizzas a special order takes: every stack top of the card's topping pair."""
    pair = TOPPINGS[card]
    return tuple(st[-1] for st in s.stacks if st and TOPPINGS[st[-1]] == pair)


def do_special(s: State, player: int, card: int, rules: DelissimoRules) -> None:
    if player != s.current:
        # 10+ interruption (Decision): the interrupted turn ends at once; its player
        # refills if they had captured and draws nothing if not.
        if s.captured and rules.interrupted_turn_refills:
            draw_to(s, s.current, rules.hand_size)
        s.current = player
    hand = s.hands[player] = s.hands[player][:]
    hand.remove(card)
    taken = special_takes(s, card)
    take_from_stacks(s, taken, rules.split_empty_stacks)
    s.piles[player] = [*s.piles[player], card, *taken]
    s.started = s.captured = True


def do_cancel(s: State, player: int, rules: DelissimoRules) -> None:
    hand = s.hands[player] = s.hands[player][:]
    hand.remove(CANCEL_ID)
    s.discard = [*s.discard, CANCEL_ID]
    draw_to(s, player, rules.hand_size)
    s.current = (s.current + 1) % len(s.hands)
    s.started = s.captured = False


def do_end_turn(s: State, rules: DelissimoRules) -> None:
    player = s.current
    if s.captured:
        if not rules.orders and len(s.centre) < rules.centre_size and s.deck:
            centre = s.centre = s.centre[:]
            deck = s.deck = s.deck[:]
            while len(centre) < rules.centre_size and deck:
                centre.append(deck.pop())
        draw_to(s, player, rules.hand_size)
    elif s.deck:
        hand = s.hands[player] = s.hands[player][:]
        insort(hand, s.deck[-1])  # no capture: one extra card
        s.deck = s.deck[:-1]
    s.current = (player + 1) % len(s.hands)
    s.started = s.captured = False


# ---------------------------------------------------------------------- scores
def delivered_eighths(s: State, player: int) -> int:
    """Pizza in the player's pile, in eighths (orders and action cards do not count)."""
    return sum(EIGHTHS[c] for c in s.piles[player] if IS_PIZZA[c])


def penalty_eighths(s: State, player: int) -> int:
    """10+: unfulfilled orders in hand, an action card counting as one whole pizza."""
    return sum(PENALTY_EIGHTHS[c] for c in s.hands[player])


def score_eighths(s: State, player: int, rules: DelissimoRules, over: bool) -> int:
    score = delivered_eighths(s, player)
    if rules.penalty and over:
        score -= penalty_eighths(s, player)
    return score
