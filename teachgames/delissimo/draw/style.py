"""Delissimo's palette, card geometry and picture words.

Card units: a card is 100 units tall, inside a cell with a margin of ``PAD`` units
where the highlight outline goes.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import tr
from ...pictures import INK
from ...pictures.table import TURN_EDGE, TURN_FILL  # the turn band, shared by every game

__all__ = [
    "BACK",
    "BACK_LINE",
    "CARD_H",
    "CELL_H",
    "CLOTH",
    "CLOTH_EDGE",
    "CRUST",
    "CRUST_EDGE",
    "EDGE",
    "EMPTY_EDGE",
    "FACE",
    "HIGHLIGHT",
    "INK",
    "MUTED",
    "PAD",
    "RECT_W",
    "ROUND_W",
    "SELECTED",
    "TOPPING_LETTER",
    "TOPPING_STYLE",
    "TURN_EDGE",
    "TURN_FILL",
    "cell_width",
    "say",
    "topping_word",
]

PAD = 7.0  # margin around a card inside its cell: room for the outlines
CARD_H = 100.0
RECT_W = 74.0  # order/action cards are portrait rectangles
ROUND_W = 100.0
CELL_H = CARD_H + 2 * PAD

EDGE = "#5b4636"
FACE = "#fffaf0"
CRUST = "#f2c063"
CRUST_EDGE = "#8a5a1c"
EMPTY_EDGE = "#9c8f7e"
BACK = "#527596"  # 3:1 on a dark page too (was #40607f: 2.5:1 on #212121); white "?" 4.8:1
BACK_LINE = "#c9d6e3"
HIGHLIGHT = "#d9480f"
SELECTED = "#2f74c0"  # the selected ring 3:1 on light and dark pages (was #1c5fa8: 2.5:1 on #212121)
CLOTH = "#f3f0e8"
CLOTH_EDGE = "#cfc7b6"
MUTED = "#5f5a52"

#: Per topping (mushroom, pepper, tomato): main colour, edge colour, light tint.
TOPPING_STYLE: tuple[tuple[str, str, str], ...] = (
    ("#8d5a3b", "#4a2e1c", "#efe2d6"),
    ("#2f7d32", "#1f5a22", "#e3f1dc"),
    # white "T" on it 5.3:1 (#d9412b was 4.4:1); the disc 3.2:1 on the crust (#cf3b27 was 2.9:1)
    ("#c63522", "#8e2113", "#f8dcd5"),
)
TOPPING_LETTER: tuple[str, ...] = ("M", "P", "T")


def cell_width(shape: str) -> float:
    """Width of a card's cell in card units (the height is ``CELL_H``)."""
    return (ROUND_W if shape == "round" else RECT_W) + 2 * PAD


def say(key: str, language: str, /, **values: Any) -> str:
    """The picture word ``delissimo.draw.<key>`` in ``language``."""
    return tr(f"delissimo.draw.{key}", language, **values)


def topping_word(name: str, language: str) -> str:
    """A topping in words ("mushroom", "грибы", "гъби")."""
    return tr(f"delissimo.topping.{name}", language)
