"""Shared helpers for the Split tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from teachgames.split import SplitGame, scenario

__all__ = ["SplitGame", "all_half_cards", "play_random", "scenario"]


def all_half_cards(g: SplitGame) -> Counter[str]:
    """Every half-card in the teacher's view: hands, draw pile, discard row, matches."""
    v = g.view()
    cards: list[str] = [c for h in v["hands"] for c in h] + v["draw_pile"] + v["discard"]
    cards += [c for ms in v["matches"] for m in ms for c in m["cards"]]
    return Counter(cards)


def play_random(g: SplitGame, seed: int, check: Any = None, limit: int = 20_000) -> int:
    """Play random legal moves to the end; ``check(g, before)`` after each move."""
    rng = random.Random(seed)
    n = 0
    while not g.is_over():
        before = g.copy()
        g.play(rng.choice(g.legal_moves()))
        n += 1
        if check is not None:
            check(g, before)
        assert n < limit, "the match did not end"
    return n
