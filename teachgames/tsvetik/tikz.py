"""Tsvetik cards drawn in TikZ, for the LaTeX export of worked examples.

LaTeX cannot include SVG, so the cards a move uses are drawn here in a few TikZ lines:
each card a rounded rectangle with its colour's petals (the same count as on the SVG
cards) and the colour's initial in the middle, so a black-and-white printout still
tells the colours apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .draw import FILLS, PETALS
from .messages import colour_initial


def _rgb(fill: str) -> str:
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return f"{{rgb,255:red,{r};green,{g};blue,{b}}}"


def card_tikz(colour: int, x: float, language: str | None = None) -> list[str]:
    """TikZ commands for one card centred at (x, 0)."""
    lines = [
        f"\\draw[thick,rounded corners=3pt,fill=white] ({x - 0.5:.2f},-0.65) rectangle ({x + 0.5:.2f},0.65);"
    ]
    count, _ = PETALS[colour]
    for k in range(count):
        a = math.radians(90 - 360 * k / count)
        px, py = x + 0.3 * math.cos(a), 0.3 * math.sin(a)
        lines.append(f"\\fill[fill={_rgb(FILLS[colour])},draw=black!60] ({px:.2f},{py:.2f}) circle (0.12);")
    lines.append(
        f"\\node[circle,fill=white,draw=black!60,inner sep=1pt,font=\\bfseries] at ({x:.2f},0) "
        f"{{{colour_initial(colour, language)}}};"
    )
    return lines


def cards_tikz(colours: Sequence[int], language: str | None = None) -> str | None:
    """A tikzpicture of the cards in a row, or None when there are none."""
    if not colours:
        return None
    lines: list[str] = []
    for i, colour in enumerate(colours):
        lines += card_tikz(colour, 1.2 * i, language)
    body = "\n  ".join(lines)
    return f"\\begin{{tikzpicture}}[baseline=(current bounding box.center)]\n  {body}\n\\end{{tikzpicture}}"
