"""The Tsvetik position and the rules that change it (RULES.md §2), in plain Python.

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
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import IllegalMove
from .moves import Draw, Place, Take, TsvetikMove
from .rules import TsvetikRules


@dataclass
class State:
    """Everything on the table. ``bank`` keeps its top card LAST (so a draw is a pop)."""

    bank: list[int]
    fields: list[list[int]]
    taken: list[int | None]  #: per player: the field taken this round, or None
    collected: list[list[int]]  #: per player: cards kept from earlier rounds
    current: int
    first: int  #: holder of the "first move" card
    drawn: int | None = None  #: a card turned up and not yet placed
    discard: list[int] = field(default_factory=list)
    round: int = 1
    over: bool = False

    def copy(self) -> State:
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


def open_fields(s: State) -> list[int]:
    """Fields not taken this round, in order."""
    owned = {t for t in s.taken if t is not None}
    return [f for f in range(len(s.fields)) if f not in owned]


def free_fields(s: State, rules: TsvetikRules) -> list[int]:
    """Untaken fields with a free cell."""
    return [f for f in open_fields(s) if len(s.fields[f]) < rules.cells]


def legal(s: State, rules: TsvetikRules) -> list[TsvetikMove]:
    """The moves of the player to act, in a fixed order (draw or places, then takes)."""
    if s.over:
        return []
    p = s.current
    if s.drawn is not None:
        return [Place(p, f) for f in free_fields(s, rules)]
    if s.last_round():
        return [Take(p, f) for f in open_fields(s)]
    moves: list[TsvetikMove] = [Draw(p)] if free_fields(s, rules) else []
    return moves + [Take(p, f) for f in open_fields(s) if s.fields[f]]


def _no(key: str, code: str, **values: object) -> IllegalMove:
    return IllegalMove.said("tsvetik", f"refused.{key}", code, **values)


def problem(s: State, rules: TsvetikRules, move: TsvetikMove) -> IllegalMove | None:
    """Why ``move`` is refused now (an IllegalMove to raise), or None if it is legal."""
    if s.over:
        return _no("game_over", "game-over")
    p = move.player
    if p != s.current:
        own = s.taken[p]
        if own is not None:
            return _no("sits_out", "sits-out", player=p + 1, field=own + 1)
        return _no("not_your_turn", "not-your-turn", player=s.current + 1)
    if isinstance(move, Draw):
        if s.drawn is not None:
            return _no("place_first", "must-place")
        if not s.bank:
            return _no("bank_empty", "bank-empty")
        if not free_fields(s, rules):
            return _no("must_take", "must-take")
        return None
    f = move.field
    if not 0 <= f < len(s.fields):
        return _no("no_such_field", "no-such-field", field=f + 1, last=len(s.fields))
    owner = s.owner(f)
    if owner is not None:
        return _no("field_taken", "field-taken", field=f + 1, player=owner + 1)
    if isinstance(move, Place):
        if s.drawn is None:
            return _no("draw_first", "draw-first")
        if len(s.fields[f]) >= rules.cells:
            return _no("field_full", "field-full", field=f + 1)
        return None
    if s.drawn is not None:
        return _no("place_first", "must-place")
    if not s.fields[f] and not s.last_round():
        return _no("field_empty", "field-empty", field=f + 1)
    return None


def next_player(s: State, after: int) -> int:
    """The next player clockwise after ``after`` who has no field yet (maybe ``after``)."""
    n = s.players
    for k in range(1, n + 1):
        q = (after + k) % n
        if s.taken[q] is None:
            return q
    return after


def apply(s: State, rules: TsvetikRules, move: TsvetikMove) -> None:
    """Carry out a move already checked legal."""
    if isinstance(move, Draw):
        s.drawn = s.bank.pop()
        return
    if isinstance(move, Place):
        assert s.drawn is not None
        s.fields[move.field].append(s.drawn)
        s.drawn = None
        s.current = next_player(s, move.player)
        return
    s.taken[move.player] = move.field
    if all(t is not None for t in s.taken):
        end_round(s, rules, move.player)
    else:
        s.current = next_player(s, move.player)


def end_round(s: State, rules: TsvetikRules, last_taker: int) -> None:
    """Everyone keeps their field's cards; the rest are discarded; the first-move card passes."""
    for p, t in enumerate(s.taken):
        assert t is not None
        s.collected[p].extend(s.fields[t])
    owned = set(s.taken)
    for f, cards in enumerate(s.fields):
        if f not in owned:
            s.discard.extend(cards)
    s.fields = [[] for _ in s.fields]
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
