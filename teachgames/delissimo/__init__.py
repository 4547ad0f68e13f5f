"""Delissimo: fraction pizzas (RULES.md §1). Pure Python; no sympy or UI on import.

``new_game`` / ``scenario`` make games; ``parse_card`` reads the card notation;
``DelissimoGame`` is the Game contract. Explanations (``explain``), pictures
(``draw``) and Monte-Carlo hints (``playout``) load only when used.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Card, parse_card
from .engine import DelissimoGame, scenario
from .moves import Cancel, Capture, EndTurn, Special
from .rules import LEVELS, DelissimoRules, make_rules


def new_game(**options: Any) -> DelissimoGame:
    """``teachgames.new_game("delissimo", ...)`` without the registry."""
    return DelissimoGame.new(**options)


__all__ = [
    "CARDS",
    "LEVELS",
    "Cancel",
    "Capture",
    "Card",
    "DelissimoGame",
    "DelissimoRules",
    "EndTurn",
    "Special",
    "make_rules",
    "new_game",
    "parse_card",
    "scenario",
]
