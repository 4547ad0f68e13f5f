"""Is a Tsvetik move legal now? :func:`problem` returns the IllegalMove that ``play``
raises (its reason a catalogue message, said in every language), or None.

The engine asks it before playing, the explanations to say why a move was refused, and
the widget to say why a taken field or a full cell cannot be clicked.
"""

from __future__ import annotations

from ..core.errors import IllegalMove
from .moves import Draw, Place, TsvetikMove
from .rules import TsvetikRules
from .state import State, free_fields


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
