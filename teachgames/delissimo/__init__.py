"""Delissimo: fraction pizzas (docs/delissimo.md). Pure Python; no sympy or UI on import.

``new_game`` / ``scenario`` make games; ``parse_card`` reads the card notation;
``DelissimoGame`` (also exported as ``Game``, the plug-in's entry point) is the Game
contract. Explanations (``explain``), pictures (``draw``) and Monte-Carlo hints
(``playout``) load only when used.
"""

from __future__ import annotations

from .cards import CARDS, Card, parse_card
from .game import DelissimoGame, new_game, scenario
from .moves import Cancel, Capture, EndTurn, Special
from .rules import LEVELS, DelissimoRules, make_rules

#: The game class the registry loads (entry point ``teachgames.delissimo:Game``).
Game = DelissimoGame

__all__ = [
    "CARDS",
    "LEVELS",
    "Cancel",
    "Capture",
    "Card",
    "DelissimoGame",
    "DelissimoRules",
    "EndTurn",
    "Game",
    "Special",
    "make_rules",
    "new_game",
    "parse_card",
    "scenario",
]
