"""Bots named on the command line, and playing a game to its end with them.

``--bots greedy,random,random`` gives one bot per seat (one name is used for every
seat). The game is played by the same loop as ``teachgames.simulate`` (turn-based games ask
the player to act; a simultaneous round runs on the core scheduler in simulated time),
and the bots are made the same way, so ``teachgames play --seed 12`` shows exactly the
game that ``teachgames simulate`` plays with seed 12.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import UsageError


def _factories(game: str | None = None) -> dict[str, Callable[[int], Any]]:
    """The shared bots, then the game's own (its class's ``bots``: name -> "module:Class")."""
    from ..core import bots

    table: dict[str, Callable[[int], Any]] = {
        "greedy": lambda seed: bots.GreedyBot(),
        "random": lambda seed: bots.RandomBot(seed),
        "lookahead": lambda seed: bots.LookaheadBot(seed=seed),
    }
    if game is not None:
        from ..core.registry import game_class
        from ..core.specs import resolve

        try:
            own = game_class(game).bots
        except (ValueError, TypeError, ImportError):
            own = {}
        for name, spec in own.items():
            table.setdefault(name, _maker(resolve, spec))
    return table


def _maker(resolve: Callable[[str], Any], spec: str) -> Callable[[int], Any]:
    """A factory for a game's own bot class (made with no arguments; seeds come per game)."""
    return lambda seed: resolve(spec)()


def bot_names(game: str | None = None) -> tuple[str, ...]:
    """The bots a user can name (for ``game``: the shared ones and the game's own)."""
    return tuple(_factories(game))


def parse_bots(spec: str | None, game: str | None = None) -> list[str]:
    """The bot names in ``spec`` (checked), or ``[]`` when none were given."""
    if spec is None:
        return []
    names = [s.strip().lower() for s in spec.split(",")]
    known = _factories(game)
    if not all(names):
        raise UsageError(
            f"--bots takes bot names separated by commas, one for every player or one per player, "
            f"such as greedy,random; it was given {spec!r}; the bots are {', '.join(known)}"
        )
    for name in names:
        if name not in known:
            raise UsageError(f"unknown bot {name!r}; the bots are {', '.join(known)}")
    return names


def make_bots(names: list[str], players: int, game: str | None = None) -> list[Any]:
    """One bot per seat (a random bot seeded by its seat; each game re-seeds it with
    ``for_game(game seed)``, as ``simulate`` does)."""
    if not names:
        names = ["greedy"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(
            f"--bots names {len(names)} bots for {players} players: give one bot, or one per player"
        )
    known = _factories(game)
    return [known[name](seat) for seat, name in enumerate(names)]


def play_out(game: Any, bots: list[Any], seed: int) -> Any:
    """Play ``game`` to its end with one bot per seat (the same loop as ``simulate``)."""
    from ..core.simulate import play_out as core_play_out

    core_play_out(game, [b.for_game(seed) if hasattr(b, "for_game") else b for b in bots], seed)
    return game
