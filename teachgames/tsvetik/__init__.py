"""Tsvetik-Semitsvetik ("The Seven-Colour Flower"): collect flower cards (docs/tsvetik.md).

Pure Python on import (no sympy, no widgets). ``Game`` (= :class:`TsvetikGame`) is the
plug-in's class; ``scenario`` builds a position from card words; ``score_cards`` scores
any list of cards and explains the best group.

>>> from teachgames.tsvetik import score_cards
>>> score_cards(["red"] * 7)[0]
100
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import COLOURS, parse_colour
from .game import TsvetikGame, scenario
from .moves import Draw, Place, Take
from .rules import PRESETS, TsvetikRules, make_rules

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..explain import Explanation

#: The plug-in's class (the entry point ``tsvetik = "teachgames.tsvetik:Game"``).
Game = TsvetikGame


def new_game(**options: Any) -> TsvetikGame:
    """``teachgames.new_game("tsvetik", ...)`` without the registry."""
    return TsvetikGame.new(**options)


def score_cards(
    cards: Sequence[str],
    table: str | Mapping[str, Any] = "seed",
    language: str | None = None,
) -> tuple[int, Explanation]:
    """The score of ``cards`` (colour words) and its explanation: the best group and why.

    ``table`` is "seed", "coloretto" or a dict of the same shape (see
    :func:`teachgames.tsvetik.rules.table_rules`).
    """
    from .explain import explain_cards

    return explain_cards(cards, table, language)


__all__ = [
    "COLOURS",
    "PRESETS",
    "Draw",
    "Game",
    "Place",
    "Take",
    "TsvetikGame",
    "TsvetikRules",
    "make_rules",
    "new_game",
    "parse_colour",
    "scenario",
    "score_cards",
]
