"""Delissimo cards drawn in TikZ, for the LaTeX export of worked examples.

LaTeX cannot include SVG, and matplotlib figures would make a long game slow to
export, so a move is drawn here in a few TikZ lines: the cards given, an arrow, the
cards taken. Pizzas show their slices filled and the topping letters (not colour
alone); orders show the printed fraction and the topping word.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import SLICES_PER_PIZZA, Card
from .moves import Capture, DelissimoMove, Special

#: Topping letters on pizza cards (as on the SVG pictures): mushroom, pepper, tomato.
LETTERS = {"mushroom": "M", "pepper": "P", "tomato": "T"}


def _pizza(card: Card, x: float) -> list[str]:
    lines = [f"\\draw[thick] ({x:.2f},0) circle (0.55);"]
    for k in range(SLICES_PER_PIZZA):
        start, end = 90 - 45 * k, 45 - 45 * k
        style = "fill=orange!45,draw=black" if k < card.eighths else "draw=black!35,dashed"
        lines.append(f"\\path[{style}] ({x:.2f},0) -- ++({start}:0.55) arc ({start}:{end}:0.55) -- cycle;")
    letters = "".join(LETTERS[t] for t in card.topping_names)
    lines.append(
        f"\\node[fill=white,inner sep=1pt,font=\\scriptsize\\bfseries] at ({x:.2f},0) {{{letters}}};"
    )
    lines.append(f"\\node[font=\\small] at ({x:.2f},-0.8) {{$\\frac{{{card.eighths}}}{{8}}$}};")
    return lines


def _rect(x: float, top: str, bottom: str) -> list[str]:
    return [
        f"\\draw[thick,rounded corners=2pt,fill=yellow!10] ({x - 0.55:.2f},-0.5)"
        f" rectangle ({x + 0.55:.2f},0.5);",
        f"\\node at ({x:.2f},0.12) {{{top}}};",
        f"\\node[font=\\scriptsize] at ({x:.2f},-0.3) {{{bottom}}};",
    ]


def card_tikz(card: Card, x: float) -> list[str]:
    """TikZ commands for one card centred at (x, 0)."""
    if card.kind == "pizza":
        return _pizza(card, x)
    if card.kind == "order":
        frac = card.printed if card.denominator == 1 else f"\\frac{{{card.numerator}}}{{{card.denominator}}}"
        return _rect(x, f"${frac}$", card.topping_names[0])
    if card.kind == "special":
        return _rect(x, "\\textbf{special}", "+".join(LETTERS[t] for t in card.topping_names))
    return _rect(x, "\\textbf{cancel}", "order")


def cards_tikz(give: Iterable[Card], take: Iterable[Card] = ()) -> str:
    """A tikzpicture: the cards given, an arrow, the cards taken."""
    lines: list[str] = []
    x = 0.0
    for card in give:
        lines += card_tikz(card, x)
        x += 1.4
    taken = list(take)
    if taken:
        lines.append(f"\\draw[-latex,very thick] ({x - 0.7:.2f},0) -- ({x + 0.3:.2f},0);")
        x += 1.0
        for card in taken:
            lines += card_tikz(card, x)
            x += 1.4
    body = "\n  ".join(lines)
    return f"\\begin{{tikzpicture}}[baseline=(current bounding box.center)]\n  {body}\n\\end{{tikzpicture}}"


def move_tikz(move: DelissimoMove, taken: Iterable[Card] = ()) -> str | None:
    """The cards of a capture or special order, or None for moves without cards."""
    if isinstance(move, Capture):
        return cards_tikz(move.give, move.take)
    if isinstance(move, Special):
        return cards_tikz([move.card], taken)
    return None
