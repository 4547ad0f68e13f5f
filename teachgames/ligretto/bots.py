"""The Ligretto bot: greedy, at a speed, and able to say why.

A greedy Ligretto player empties the Ligretto stack first (each stack card is +1 in
the centre and one card fewer at −2), then the row (the gap is refilled from the
stack, so the same +3), then the hand (+1), and turns up hand cards only when nothing
fits. ``LigrettoGame.legal_moves(player)`` lists moves in exactly that order, so the
choice is the first legal move: no play/undo per candidate, which keeps a 12-player
round well under a second on the scheduler.
"""

from __future__ import annotations

from typing import Any

from ..core.bots import Bot
from .messages import say
from .moves import Play, Turn


class LigrettoBot(Bot):
    """Greedy Ligretto bot: stack, then row, then hand, else turn up cards."""

    def __init__(self, speed: float = 1.0) -> None:
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or speed <= 0:
            raise ValueError(f"a bot's speed is a positive number of cards per second, not {speed!r}")
        self.speed = float(speed)

    def for_game(self, game_seed: int) -> LigrettoBot:
        return self

    def choose(self, game: Any, player: int | None = None) -> Any:
        if player is None:
            raise ValueError("everyone plays at once in Ligretto: say which player the bot plays for")
        moves = game.legal_moves(player)
        if not moves:
            raise ValueError("the bot has no legal move now")
        return moves[0]

    def explain_choice(self, game: Any, player: int | None = None, language: str | None = None) -> str:
        """Plain words: the move, and the reason it comes first."""
        move = self.choose(game, player)
        what = game.describe(move, language)
        if isinstance(move, Play):
            place = game.where(move.player, move.card)
            key = {"stack": "why.stack", "row": "why.row", "hand": "why.hand"}.get(place or "", "why.hand")
        elif isinstance(move, Turn):
            key = "why.turn"
        else:
            key = "why.next"
        return say("bot.choice", language, move=what, why=say(key, language))

    def label(self, language: str | None = None) -> str:
        """The bot's name for pupils, with its speed."""
        from .messages import seconds

        return say("bot.name", language, speed=seconds(self.speed, language))

    def __repr__(self) -> str:
        return f"LigrettoBot(speed={self.speed})"
