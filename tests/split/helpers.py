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


def about_to_go_out() -> SplitGame:
    """Round 1 of three players where Player 1 has matched and skipped and holds one card,
    2c: discarding it ends the round (Player 2 holds a weak match and 3 cards, Player 3 one)."""
    g = scenario(
        hands=[["7h", "7d", "2c"], ["3s", "3c", "9h"], ["4s"]],
        draw=["Kc", "Qc", "Jc"],
        matches=[[], [["5h", "5s"]], []],
        phase="play",
        seed=5,
    )
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    g.play({"kind": "skip", "player": 0})
    return g
