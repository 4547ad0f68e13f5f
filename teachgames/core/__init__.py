"""What every game shares: errors, seeded randomness, the Game base, the registry, bots."""

from __future__ import annotations

from typing import Any

from .errors import GameFileError, IllegalMove
from .game import Game
from .options import GameOption
from .protocols import Move
from .registry import game_class, game_names, load_game, load_position, new_game, register_game
from .rng import Chance

__all__ = [
    "GAMES",
    "Chance",
    "Game",
    "GameFileError",
    "GameOption",
    "IllegalMove",
    "Move",
    "game_class",
    "game_names",
    "load_game",
    "load_position",
    "new_game",
    "register_game",
]


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # asked afresh: a game registered in a notebook joins at once
        return game_names()
    raise AttributeError(f"module 'teachgames.core' has no attribute {name!r}")
