"""Bots that play any game through the public contract.

They only call ``legal_moves``, ``play``, ``undo``, ``copy`` and ``bot_value``, so a new
game gets bots for free, turn-based or simultaneous: ``bot.choose(game)`` plays for the
player to act, ``bot.choose(game, player)`` for a given player in a game where all act
at once. A bot's ``speed`` (actions per second) is what the real-time scheduler uses.
Every bot can say why it chose (``explain_choice``), which the widgets' Hint shows.
"""

from __future__ import annotations

import random
from typing import Any

from .game import Game
from .i18n import tr
from .rng import Chance


def _seat(game: Game[Any, Any], player: int | None) -> int:
    seat = game.current_player if player is None else player
    if seat is None:
        raise ValueError("several players may act now: say which one the bot plays for")
    return seat


def _moves(game: Game[Any, Any], player: int | None) -> list[Any]:
    moves = game.legal_moves() if player is None else game.legal_moves(player)
    if not moves:
        raise ValueError("the bot has no legal move now")
    return moves


class Bot:
    """What every bot shares: a name, a speed, a fresh copy per game of a series."""

    #: Actions per second in a real-time game.
    speed: float = 1.0

    def for_game(self, game_seed: int) -> Bot:
        """The bot for one game of a series (seeded bots restart, so any order replays)."""
        return self

    def choose(self, game: Game[Any, Any], player: int | None = None) -> Any:
        raise NotImplementedError

    def explain_choice(self, game: Game[Any, Any], player: int | None = None,
                       language: str | None = None) -> str:
        """Plain words for the move this bot would play now, and why."""
        move = self.choose(game, player)
        return tr("core.bot_choice", language, bot=self.label(language), move=game.describe(move, language))

    def label(self, language: str | None = None) -> str:
        """The bot's name for pupils, in their language."""
        return tr(f"core.bot.{type(self).__name__}", language)


class RandomBot(Bot):
    """Plays a uniformly random legal move; same seed, same choices."""

    def __init__(self, seed: int = 0, speed: float = 1.0) -> None:
        self.seed = seed
        self.speed = speed
        self._rng = Chance(seed)

    def for_game(self, game_seed: int) -> RandomBot:
        """A fresh bot for one game of a series, so a series replays the same in any order."""
        return RandomBot(self.seed * 1_000_003 + game_seed, self.speed)

    def choose(self, game: Game[Any, Any], player: int | None = None) -> Any:
        return self._rng.choice(_moves(game, player))

    def explain_choice(self, game: Game[Any, Any], player: int | None = None,
                       language: str | None = None) -> str:
        move = self.choose(game, player)
        return tr("core.random_choice", language, bot=self.label(language),
                  move=game.describe(move, language))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


class GreedyBot(Bot):
    """Plays the move that raises its own value the most right now (first such move on ties).

    The value of a position is the game's ``bot_value(player)`` (by default the score;
    Delissimo counts unfulfilled orders at 10+).
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed

    def values(self, game: Game[Any, Any], player: int | None = None) -> list[tuple[Any, Any]]:
        """Every legal move with the value it leaves for the bot's player, in move order."""
        seat = _seat(game, player)
        out = []
        for move in _moves(game, player):
            played = game.play(move)
            try:
                out.append((played, game.bot_value(seat)))
            finally:
                game.undo()
        return out

    def choose(self, game: Game[Any, Any], player: int | None = None) -> Any:
        best, best_value = None, None
        for move, value in self.values(game, player):
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def explain_choice(self, game: Game[Any, Any], player: int | None = None,
                       language: str | None = None) -> str:
        seat = _seat(game, player)
        before = game.bot_value(seat)
        move = self.choose(game, player)
        played = game.play(move)
        try:
            after = game.bot_value(seat)
        finally:
            game.undo()
        return tr("core.greedy_choice", language, bot=self.label(language),
                  move=game.describe(played, language), before=before, after=after)

    def __repr__(self) -> str:
        return "GreedyBot()"


class LookaheadBot(Bot):
    """Looks ahead: for each legal move, plays ``playouts`` seeded random games to the end
    (or ``depth`` moves) from a copy and picks the move whose outcome is best on average.

    The outcome for the bot's player is its margin over the best other player, so it
    plays to win, not only to score. Greedy moves finish each playout's first step, so
    the look-ahead sees sensible opponents at little cost.
    """

    def __init__(self, playouts: int = 12, depth: int | None = 40, seed: int = 0,
                 speed: float = 1.0) -> None:
        if playouts < 1:
            raise ValueError("a look-ahead bot needs at least one playout per move")
        self.playouts = playouts
        self.depth = depth
        self.seed = seed
        self.speed = speed
        self._rng = Chance(seed)

    def for_game(self, game_seed: int) -> LookaheadBot:
        return LookaheadBot(self.playouts, self.depth, self.seed * 1_000_003 + game_seed, self.speed)

    def _margin(self, game: Game[Any, Any], seat: int) -> float:
        values = [float(game.bot_value(p)) for p in range(game.players)]
        mine = values.pop(seat)
        return mine - (max(values) if values else 0.0)

    def _playout(self, game: Game[Any, Any], seat: int, rng: random.Random) -> float:
        steps = 0
        while not game.is_over() and (self.depth is None or steps < self.depth):
            actor = game.current_player
            if actor is None:  # all act at once: a random player acts next
                actors = [p for p in range(game.players) if game.legal_moves(p)]
                if not actors:
                    break
                actor = rng.choice(actors)
                moves = game.legal_moves(actor)
            else:
                moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            steps += 1
        return self._margin(game, seat)

    def evaluate(self, game: Game[Any, Any], player: int | None = None) -> list[tuple[Any, float]]:
        """Every legal move with its mean margin over the playouts, in move order."""
        seat = _seat(game, player)
        rng = Chance(self._rng.getrandbits(64))
        out = []
        for move in _moves(game, player):
            total = 0.0
            for _ in range(self.playouts):
                trial = game.copy()
                trial.play(move)
                total += self._playout(trial, seat, rng)
            out.append((move, total / self.playouts))
        return out

    def choose(self, game: Game[Any, Any], player: int | None = None) -> Any:
        scored = self.evaluate(game, player)
        return max(scored, key=lambda mv: mv[1])[0]

    def explain_choice(self, game: Game[Any, Any], player: int | None = None,
                       language: str | None = None) -> str:
        scored = self.evaluate(game, player)
        move, value = max(scored, key=lambda mv: mv[1])
        return tr("core.lookahead_choice", language, bot=self.label(language),
                  move=game.describe(move, language), playouts=self.playouts,
                  margin=f"{value:+.1f}", options=len(scored))

    def __repr__(self) -> str:
        return f"LookaheadBot(playouts={self.playouts}, seed={self.seed})"
