"""Fast random playouts and Monte-Carlo move values.

A playout plays a copy of the position to the end, each decision a uniformly random
legal move of the player to act (as ``RandomBot`` would choose), using the very rule
steps of ``state.py`` and the very generator of legal moves that
``DelissimoEngine.legal_moves`` lists (``state.turn_options``), but none of the
public-API costs (no move objects, history or sympy). This is what makes "best move"
hints affordable: thousands of playouts in well under a second.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..core.rng import Chance
from .state import (
    State,
    do_capture,
    do_end_turn,
    do_special,
    score_eighths,
    turn_options,
)

if TYPE_CHECKING:
    from .game import DelissimoGame
    from .moves import DelissimoMove

#: A rules bug must never turn a hint into an endless loop.
MAX_DECISIONS = 20_000


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while playouts run.

    A playout makes many short-lived lists and tuples but never a reference cycle, so
    reference counting frees everything; the cyclic collector would only walk those
    young objects in vain (measured: about a third of the playout time). The
    collector's previous state is restored on exit, also after an error.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def random_playout(game: DelissimoGame, rng: random.Random, state: State | None = None) -> list[int]:
    """Play on from ``state`` (default: the game's position) at random; final scores in eighths."""
    with cyclic_gc_paused():
        return _playout(game, rng, state)


def _playout(game: DelissimoGame, rng: random.Random, state: State | None) -> list[int]:
    rules, mode = game.rules, game._mode
    s = (state or game.state).copy()
    random = rng.random  # local names: this loop is the hot path of Monte-Carlo hints
    for _ in range(MAX_DECISIONS):
        options = turn_options(s, rules, mode)
        if options is None:
            return [score_eighths(s, p, rules, True) for p in range(len(s.hands))]
        caps, specials = options
        n_caps = len(caps)
        r = int(random() * (n_caps + len(specials) + 1))
        if r < n_caps:
            give, take = caps[r]
            do_capture(s, s.current, give, take, rules)
        elif specials and r < n_caps + len(specials):
            do_special(s, s.current, specials[r - n_caps], rules)
        else:
            do_end_turn(s, rules)
    raise RuntimeError("a playout did not end: this is a bug in the rules engine")


def move_values(game: DelissimoGame, playouts: int = 200, seed: int = 0) -> list[tuple[DelissimoMove, float]]:
    """Monte-Carlo value of each legal move of the player to act.

    The value is the mean final margin (own score minus the best other score, in
    pizzas) over ``playouts`` random continuations after the move; best move first.
    Seeded: the same position and seed give the same values.
    """
    player = game.current_player
    if player is None:
        return []
    rng = Chance(seed)
    results: list[tuple[DelissimoMove, float]] = []
    for move in game.legal_moves():
        game.play(move)
        try:
            after = game.state
            total = 0
            with cyclic_gc_paused():
                for _ in range(playouts):
                    scores = _playout(game, rng, after)
                    others = max((v for p, v in enumerate(scores) if p != player), default=0)
                    total += scores[player] - others
        finally:
            game.undo()
        results.append((move, total / playouts / 8))
    results.sort(key=lambda mv: -mv[1])
    return results
