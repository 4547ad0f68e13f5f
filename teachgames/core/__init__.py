"""What every game shares: errors, seeded randomness, the Game base, the registry, bots."""

from .errors import GameFileError, IllegalMove
from .game import Game, Move
from .registry import GAMES, game_class, load_game, new_game
from .rng import make_rng

__all__ = [
    "GAMES",
    "Game",
    "GameFileError",
    "IllegalMove",
    "Move",
    "game_class",
    "load_game",
    "make_rng",
    "new_game",
]
