"""Bots for every game: ``teachgames.bots.RandomBot(seed)``, ``teachgames.bots.GreedyBot()``."""

from .core.bots import GreedyBot, RandomBot

__all__ = ["GreedyBot", "RandomBot"]
