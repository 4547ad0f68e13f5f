"""Many seeded games between bots, optionally spread over an executor.

Each game is one task that carries everything it needs (game name, options, its own
seed, fresh bots), so the results are the same serially, in a process pool or on a
cluster's executor.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .registry import new_game

#: A rules bug that stops a game from ending should fail loudly, not hang a lesson.
MAX_MOVES_PER_GAME = 100_000


@dataclass(frozen=True)
class GameSummary:
    """The outcome of one simulated game."""

    seed: int
    scores: tuple[Any, ...]
    winners: tuple[int, ...]
    moves: int


def play_one(game: str, bots: Sequence[Any], seed: int, options: dict[str, Any]) -> GameSummary:
    """Play one game to the end with one bot per player."""
    g = new_game(game, seed=seed, **{"players": len(bots), **options})
    if len(bots) != g.players:
        raise ValueError(f"{g.players} players need {g.players} bots, got {len(bots)}")
    table = [b.for_game(seed) if hasattr(b, "for_game") else b for b in bots]
    moves = 0
    while not g.is_over():
        player = g.current_player
        assert player is not None
        g.play(table[player].choose(g))
        moves += 1
        if moves > MAX_MOVES_PER_GAME:
            raise RuntimeError(f"game with seed {seed} did not end after {moves} moves")
    scores = tuple(g.scores())
    best = max(scores)
    return GameSummary(seed, scores, tuple(i for i, s in enumerate(scores) if s == best), moves)


def simulate(
    game: str,
    bots: Sequence[Any],
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    **options: Any,
) -> list[GameSummary]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise each."""
    if games < 0:
        raise ValueError("games must not be negative")
    seeds = range(seed, seed + games)
    if executor is None:
        return [play_one(game, bots, s, options) for s in seeds]
    futures = [executor.submit(play_one, game, list(bots), s, options) for s in seeds]
    return [f.result() for f in futures]
