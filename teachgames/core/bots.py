"""Bots that play any game through the public contract.

They only call ``legal_moves``, ``play`` and ``undo``, so a new game gets bots for
free. Game-specific smarts (Monte-Carlo hints) live in the game's own package.
"""

from __future__ import annotations

import random
from typing import Any

from .game import Game


class RandomBot:
    """Plays a uniformly random legal move; same seed, same choices."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def for_game(self, game_seed: int) -> RandomBot:
        """A fresh bot for one game of a series, so a series replays the same in any order."""
        return RandomBot(self.seed * 1_000_003 + game_seed)

    def choose(self, game: Game[Any, Any]) -> Any:
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the bot has no legal move: the game is over")
        return self._rng.choice(moves)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


class GreedyBot:
    """Plays the move that raises its own score the most right now (first such move on ties).

    The value of a position comes from the game's ``bot_value(player)`` when it has one
    (Delissimo counts unfulfilled orders at 10+), else from ``scores()``.
    """

    def for_game(self, game_seed: int) -> GreedyBot:
        return self

    def choose(self, game: Game[Any, Any]) -> Any:
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the bot has no legal move: the game is over")
        player = game.current_player
        assert player is not None
        best, best_value = moves[0], None
        for move in moves:
            game.play(move)
            try:
                value = _value(game, player)
            finally:
                game.undo()
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def __repr__(self) -> str:
        return "GreedyBot()"


def _value(game: Game[Any, Any], player: int) -> Any:
    hook = getattr(game, "bot_value", None)
    if callable(hook):
        return hook(player)
    return game.scores()[player]
