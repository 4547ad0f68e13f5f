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

from .errors import UsageError


def _factories() -> dict[str, Callable[[int], Any]]:
    from ..core import bots

    table: dict[str, Callable[[int], Any]] = {
        "greedy": lambda seed: bots.GreedyBot(),
        "random": lambda seed: bots.RandomBot(seed),
    }
    lookahead = getattr(bots, "LookaheadBot", None)
    if lookahead is not None:
        table["lookahead"] = lambda seed: lookahead(seed=seed)
    return table


def bot_names() -> tuple[str, ...]:
    """The bots a user can name."""
    return tuple(_factories())


def parse_bots(spec: str | None) -> list[str]:
    """The bot names in ``spec`` (checked), or ``[]`` when none were given."""
    if spec is None:
        return []
    names = [s.strip().lower() for s in spec.split(",")]
    if not any(names):
        return []
    known = _factories()
    for name in names:
        if name not in known:
            raise UsageError(f"unknown bot {name!r}; the bots are {', '.join(known)}")
    return names


def make_bots(names: list[str], players: int) -> list[Any]:
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
    known = _factories()
    return [known[name](seat) for seat, name in enumerate(names)]


def play_out(game: Any, bots: list[Any], seed: int) -> Any:
    """Play ``game`` to its end with one bot per seat (the same loop as ``simulate``)."""
    from ..core.simulate import play_out as core_play_out

    core_play_out(game, [b.for_game(seed) if hasattr(b, "for_game") else b for b in bots], seed)
    return game
