"""Delissimo's own bot: the move with the best Monte-Carlo margin, from the fast playouts.

The shared bots (``RandomBot``, ``GreedyBot``, ``LookaheadBot``) play Delissimo through
the public API; this one asks :func:`teachgames.delissimo.playout.move_values`, which
plays each legal move's continuations on the rule steps themselves (no move objects, no
history), so it looks much further ahead for the same time. The command line names it
``--bots playout`` (the class's ``bots`` spec in ``game.py``).
"""

from __future__ import annotations

from typing import Any

from ..core.bots import Bot
from .messages import say
from .playout import move_values


class PlayoutBot(Bot):
    """Plays the legal move whose random continuations end with the best margin (own
    score minus the best other score); seeded, so the same game replays the same way."""

    def __init__(self, playouts: int = 60, seed: int = 0) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"a playout bot plays a whole number of playouts, 1 or more, not {playouts!r}")
        self.playouts = playouts
        self.seed = seed

    def for_game(self, game_seed: int) -> PlayoutBot:
        return PlayoutBot(self.playouts, game_seed)

    def _values(self, game: Any, player: int | None) -> list[tuple[Any, float]]:
        if player is not None and player != game.current_player:
            raise ValueError("Delissimo is played in turns: the bot plays for the player to act")
        values = move_values(game, self.playouts, self.seed)
        if not values:
            raise ValueError("the bot has no legal move now")
        return values

    def choose(self, game: Any, player: int | None = None) -> Any:
        return self._values(game, player)[0][0]

    def explain_choice(self, game: Any, player: int | None = None, language: str | None = None) -> str:
        """Plain words: the move, and why (its random games ended furthest ahead)."""
        move = self.choose(game, player)
        return say("bot.choice", language, bot=self.label(language), move=game.describe(move, language))

    def label(self, language: str | None = None) -> str:
        """The bot's name for pupils."""
        return say("bot.name", language)

    def __repr__(self) -> str:
        return f"PlayoutBot(playouts={self.playouts}, seed={self.seed})"
