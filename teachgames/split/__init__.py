"""Split (docs/split.md): 104 half-cards, perfect / strong / weak matches, bonuses, and a
score pad kept over three rounds. Pure Python at import: no sympy, no pictures.

``Game`` (= :class:`SplitGame`) is the plug-in's class; ``new_game`` / ``scenario`` make
matches; ``match_type`` classifies two halves; ``pad_score`` scores a pad with its
explanation. Explanations (``explain``), pictures (``draw``), bots (``bots``) and the
widget (``widget``) load only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import MATCH_TYPES, NAMES, RANKS, SUITS, match_type, parse_half
from .game import SplitGame, scenario
from .moves import BonusDraw, Discard, Draw, Finish, Lay, Penalise, Skip, Swap, Take, Upgrade
from .rules import PRESETS, ROWS, SplitRules, make_rules

if TYPE_CHECKING:
    from ..explain import Explanation

Game = SplitGame


def new_game(**options: Any) -> SplitGame:
    """``teachgames.new_game("split", ...)`` without the registry."""
    return SplitGame.new(**options)


def pad_score(
    perfect: int = 0,
    strong: int = 0,
    weak: int = 0,
    negative: int = 0,
    table: Any = None,
    language: str | None = None,
) -> tuple[int, Explanation]:
    """Points of a pad with these boxes marked, and the explanation: the first open box
    of each upper row added, the first open box of the negative row subtracted.
    ``table`` is a pad table like ``SplitRules().pad`` (default: docs/split.md's)."""
    from .explain import pad_explanation

    return pad_explanation(
        {"perfect": perfect, "strong": strong, "weak": weak, "negative": negative}, table, language
    )


__all__ = [
    "MATCH_TYPES",
    "NAMES",
    "PRESETS",
    "RANKS",
    "ROWS",
    "SUITS",
    "BonusDraw",
    "Discard",
    "Draw",
    "Finish",
    "Game",
    "Lay",
    "Penalise",
    "Skip",
    "SplitGame",
    "SplitRules",
    "Swap",
    "Take",
    "Upgrade",
    "make_rules",
    "match_type",
    "new_game",
    "pad_score",
    "parse_half",
    "scenario",
]
