"""Ligretto: everyone plays at once (docs/ligretto.md). Pure Python; no sympy or UI on import.

``LigrettoGame`` (also ``Game``) is the Game contract; ``scenario`` builds a position by
hand; ``round_score`` explains one round's points; ``simulate_round`` plays a round
between bots at given speeds on the core scheduler. Explanations (``explain``),
pictures (``draw``) and the widget load only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import COLOURS, NUMBERS, card_name, parse_face
from .game import LigrettoGame, scenario
from .moves import NextRound, Play, Turn
from .rules import PRESETS, LigrettoRules, make_rules, row_size

if TYPE_CHECKING:
    from ..explain import Explanation

Game = LigrettoGame


def new_game(**options: Any) -> LigrettoGame:
    """``teachgames.new_game("ligretto", ...)`` without the registry."""
    return LigrettoGame.new(**options)


def round_score(centre: int, ligretto_left: int, language: str | None = None) -> tuple[int, Explanation]:
    """One round's points, +1 per card in the centre and −2 per card left in the
    Ligretto stack, with the working: ``round_score(18, 4)`` is 10 (18 − 4 × 2 = 10)."""
    from .explain import round_score as explained

    return explained(centre, ligretto_left, language)


def simulate_round(
    players: int = 3,
    seed: int = 0,
    speeds: Any = None,
    preset: str = "seed",
    rules: Any = None,
    bots: Any = None,
) -> LigrettoGame:
    """Play one round between bots at ``speeds`` (cards per second, one per player) on the
    core scheduler, in simulated time; returns the finished game. Same seed, same round."""
    from .simulation import simulate_round as run

    return run(players=players, seed=seed, speeds=speeds, preset=preset, rules=rules, bots=bots)


def run_round(
    players: int = 3, seed: int = 0, speeds: Any = None, preset: str = "seed", rules: Any = None
) -> tuple[LigrettoGame, list[Any]]:
    """Like :func:`simulate_round`, and also every attempt (the refused ones lost a race):
    ``teachgames.show(game, attempts=attempts)`` shows them on the replay's timeline."""
    from .simulation import run_round as run

    return run(players=players, seed=seed, speeds=speeds, preset=preset, rules=rules)


def simulate_match(
    players: int = 3, seed: int = 0, speeds: Any = None, preset: str = "seed", rules: Any = None
) -> LigrettoGame:
    """A whole match between greedy bots at ``speeds`` (rounds until the target, or
    ``rules={"rounds": n}``); returns the finished game with every round's scores."""
    from .simulation import simulate_match as run

    return run(players=players, seed=seed, speeds=speeds, preset=preset, rules=rules)


__all__ = [
    "COLOURS",
    "NUMBERS",
    "PRESETS",
    "Game",
    "LigrettoGame",
    "LigrettoRules",
    "NextRound",
    "Play",
    "Turn",
    "card_name",
    "make_rules",
    "new_game",
    "parse_face",
    "round_score",
    "row_size",
    "run_round",
    "scenario",
    "simulate_match",
    "simulate_round",
]
