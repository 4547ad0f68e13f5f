"""Bots for every game: ``RandomBot(seed)``, ``GreedyBot()``, ``LookaheadBot(playouts=, seed=)``.

``bot.choose(game)`` plays for the player to act; ``bot.choose(game, player)`` in a game
where everyone acts at once. ``bot.explain_choice(game, language=...)`` says why.
"""

from .core.bots import Bot, GreedyBot, LookaheadBot, RandomBot

__all__ = ["Bot", "GreedyBot", "LookaheadBot", "RandomBot"]
