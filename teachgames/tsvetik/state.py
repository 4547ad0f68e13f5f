"""The Tsvetik position and the rules that change it (docs/tsvetik.md), in plain Python.

A round: from the holder of the "first move" card, clockwise, each player without a
field either draws the top bank card and places it on a free cell of an untaken field
(two moves: ``draw`` then ``place``), or takes an untaken field holding at least one
card and sits out the rest of the round. When no untaken field has a free cell, the
player must take. When every player has a field the round ends: each keeps the cards of
their field, the untaken fields' cards are discarded, the "first move" card passes on.
When the bank is empty (and no drawn card waits), the players without a field take the
remaining fields, empty ones too, and after that round the game is over.

A taken field keeps its cards on the table until the round ends (so the picture shows
what each player took); its cards already count in that player's score.

Copy on write: the functions here never change a list of a State in place, they put a
new list in its place. So a snapshot (:meth:`State.snapshot`) is a new State object
sharing the lists, and what undo keeps of a position (:meth:`State.record`) is just its
fields in a tuple: both stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Draw, Place, Take, TsvetikMove
from .rules import MAX_FIELDS, MAX_PLAYERS, TsvetikRules


@dataclass(init=False, slots=True)
class State:
    """Everything on the table. ``bank`` keeps its top card LAST (so a draw is a pop).

    A dataclass with slots and its own constructor (the rules read and set these
    attributes on every move): equal when every field is, unhashable as it changes.
    """

    bank: list[int]
    fields: list[list[int]]
    taken: list[int | None]
    collected: list[list[int]]
    current: int
    first: int
    drawn: int | None
    discard: list[int]
    round: int
    over: bool

    def __init__(
        self,
        bank: list[int],
        fields: list[list[int]],
        taken: list[int | None],
        collected: list[list[int]],
        current: int,
        first: int,
        drawn: int | None = None,
        discard: list[int] | None = None,
        round: int = 1,
        over: bool = False,
    ) -> None:
        self.bank = bank
        self.fields = fields
        self.taken = taken  # per player: the field taken this round, or None
        self.collected = collected  # per player: cards kept from earlier rounds
        self.current = current
        self.first = first  # holder of the "first move" card
        self.drawn = drawn  # a card turned up and not yet placed
        self.discard = [] if discard is None else discard
        self.round = round
        self.over = over

    def copy(self) -> State:
        """An independent deep copy (every list new)."""
        return State(
            list(self.bank),
            [list(f) for f in self.fields],
            list(self.taken),
            [list(c) for c in self.collected],
            self.current,
            self.first,
            self.drawn,
            list(self.discard),
            self.round,
            self.over,
        )

    def snapshot(self) -> State:
        """A copy sharing the lists: exact as long as the lists are only ever replaced,
        never changed in place (the rule of this module; read the live state, never edit it)."""
        return State(
            self.bank,
            self.fields,
            self.taken,
            self.collected,
            self.current,
            self.first,
            self.drawn,
            self.discard,
            self.round,
            self.over,
        )

    def record(self) -> UndoRecord:
        """What undo needs to bring this position back: the fields in ``State()``'s order,
        the lists shared as in :meth:`snapshot`. A tuple costs a fifth of a State to make,
        and ``play`` keeps one per move."""
        return (self.bank, self.fields, self.taken, self.collected, self.current, self.first,
                self.drawn, self.discard, self.round, self.over)  # fmt: skip

    @staticmethod
    def from_record(record: UndoRecord) -> State:
        """The position a :meth:`record` kept, as a new State (the record stays as it was,
        so a copied game may hold it too)."""
        return State(*record)

    @property
    def players(self) -> int:
        return len(self.taken)

    def owner(self, f: int) -> int | None:
        """Who took field ``f`` this round (None: still in play)."""
        for p, t in enumerate(self.taken):
            if t == f:
                return p
        return None

    def cards_of(self, player: int) -> list[int]:
        """Every card that counts for ``player`` now: kept cards and the field taken this round."""
        t = self.taken[player]
        return self.collected[player] + (self.fields[t] if t is not None else [])

    def last_round(self) -> bool:
        """True once the bank is empty: only takes of the remaining fields are left."""
        return not self.bank and self.drawn is None and not self.over


#: ``State.record()``: bank, fields, taken, collected, current, first, drawn, discard,
#: round, over.
UndoRecord = tuple[
    list[int], list[list[int]], list["int | None"], list[list[int]], int, int, "int | None", list[int], int,
    bool,
]  # fmt: skip


def open_fields(s: State) -> list[int]:
    """Fields not taken this round, in order."""
    taken = s.taken
    return [f for f in range(len(s.fields)) if f not in taken]


def free_fields(s: State, rules: TsvetikRules) -> list[int]:
    """Untaken fields with a free cell."""
    taken, fields, cells = s.taken, s.fields, rules.cells
    return [f for f in range(len(fields)) if f not in taken and len(fields[f]) < cells]


def _move_table(players: int, fields: int) -> tuple[list[Draw], list[list[Place]], list[list[Take]]]:
    """One Draw per player and one Place and Take per player and field: moves are frozen,
    so every position can hand out the same objects instead of building new ones."""
    return (
        [Draw(p) for p in range(players)],
        [[Place(p, f) for f in range(fields)] for p in range(players)],
        [[Take(p, f) for f in range(fields)] for p in range(players)],
    )


#: Every move of a table of up to MAX_PLAYERS players and MAX_FIELDS fields.
_DRAW, _PLACE, _TAKE = _move_table(MAX_PLAYERS, MAX_FIELDS)


def legal(s: State, rules: TsvetikRules) -> list[TsvetikMove]:
    """The moves of the player to act, in a fixed order (draw or places, then takes)."""
    return turn_moves(s, rules)[0]


def turn_moves(s: State, rules: TsvetikRules) -> tuple[list[TsvetikMove], list[TsvetikMove] | None]:
    """:func:`legal`, and when a draw is among the moves, the moves right after it too.

    A draw changes neither the fields nor who took them, so the places of the drawn card
    are the fields this walk finds free anyway; the engine keeps them for the next position.
    (Plain loops: on four fields they cost less than comprehensions.)
    """
    if s.over:
        return [], None
    p = s.current
    fields, taken = s.fields, s.taken
    if p < MAX_PLAYERS and len(fields) <= MAX_FIELDS:
        draw, places, takes = _DRAW[p], _PLACE[p], _TAKE[p]
    else:  # a bigger table than any preset or puzzle lays out: build the moves
        table = _move_table(p + 1, len(fields))
        draw, places, takes = table[0][p], table[1][p], table[2][p]
    cells = rules.cells
    moves: list[TsvetikMove] = []
    f = 0
    if s.drawn is not None:  # place it on an untaken field with a free cell
        for cards in fields:
            if len(cards) < cells and f not in taken:
                moves.append(places[f])
            f += 1
        return moves, None
    if not s.bank:  # the last round (no card waits either): take a remaining field
        for _ in fields:
            if f not in taken:
                moves.append(takes[f])
            f += 1
        return moves, None
    free: list[TsvetikMove] = []  # the places a drawn card could go
    for cards in fields:
        if f not in taken:
            if cards:
                moves.append(takes[f])
            if len(cards) < cells:
                free.append(places[f])
        f += 1
    if not free:  # no free cell: the player must take a field
        return moves, None
    moves.insert(0, draw)
    return moves, free


def next_player(s: State, after: int) -> int:
    """The next player clockwise after ``after`` who has no field yet (maybe ``after``)."""
    taken = s.taken
    for q in range(after + 1, len(taken)):
        if taken[q] is None:
            return q
    for q in range(after + 1):
        if taken[q] is None:
            return q
    return after


def apply(s: State, rules: TsvetikRules, move: TsvetikMove) -> None:
    """Carry out a move already checked legal (replacing, never editing, the lists)."""
    if isinstance(move, Draw):
        bank = s.bank
        s.drawn = bank[-1]
        s.bank = bank[:-1]
        return
    f = move.field
    if isinstance(move, Place):
        assert s.drawn is not None
        fields = s.fields[:]
        fields[f] = fields[f] + [s.drawn]
        s.fields = fields
        s.drawn = None
        s.current = next_player(s, move.player)
        return
    taken = s.taken[:]
    taken[move.player] = f
    s.taken = taken
    if None in taken:
        s.current = next_player(s, move.player)
    else:
        end_round(s, rules, move.player)


def end_round(s: State, rules: TsvetikRules, last_taker: int) -> None:
    """Everyone keeps their field's cards; the rest are discarded; the first-move card passes."""
    fields = s.fields
    collected = s.collected[:]
    for p, t in enumerate(s.taken):
        assert t is not None
        collected[p] = collected[p] + fields[t]
    s.collected = collected
    owned = set(s.taken)
    s.discard = s.discard + [c for f, cards in enumerate(fields) if f not in owned for c in cards]
    s.fields = [[] for _ in fields]
    s.taken = [None] * s.players
    if rules.first_passes == "last_taker":
        s.first = last_taker
    else:  # "right": the player to the right, who comes last in clockwise order
        s.first = (s.first - 1) % s.players
    s.current = s.first
    if s.bank:
        s.round += 1
    else:
        s.over = True
