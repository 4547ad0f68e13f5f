"""Split half-cards in TikZ, for the LaTeX export of worked examples (LaTeX cannot include
SVG). A half is a rectangle with a zig-zag cut edge, its rank, its suit symbol and its suit
letter (red is a help, never the only sign)."""

from __future__ import annotations

from collections.abc import Sequence

from .moves import Discard, Lay, SplitMove, Take, Upgrade

SYMBOL = {"s": r"\spadesuit", "h": r"\heartsuit", "d": r"\diamondsuit", "c": r"\clubsuit"}
W, H, TEETH = 0.7, 1.25, 6


def half_tikz(card: str, x: float, side: str = "left") -> list[str]:
    """TikZ commands for one half-card whose far edge is at x (cut edge toward the middle)."""
    cut = x + W if side == "left" else x - W
    sign = -1 if side == "left" else 1
    zig = " -- ".join(
        f"({cut + (sign * 0.07 if i % 2 else 0):.2f},{H / 2 - H * i / TEETH:.2f})" for i in range(TEETH + 1)
    )
    path = f"({x:.2f},{H / 2:.2f}) -- {zig} -- ({x:.2f},{-H / 2:.2f}) -- cycle"
    mid = (x + cut) / 2
    ink = "red!70!black" if card[-1] in "hd" else "black"
    rank, suit = card[:-1], card[-1]
    return [
        f"\\draw[thick,fill=white] {path};",
        f"\\node[text={ink},font=\\bfseries] at ({mid:.2f},0.35) {{{rank}}};",
        f"\\node[text={ink}] at ({mid:.2f},-0.05) {{${SYMBOL[suit]}$}};",
        f"\\node[text={ink},font=\\scriptsize\\itshape] at ({mid:.2f},-0.42) {{{suit}}};",
    ]


def pair_tikz(cards: Sequence[str], x: float) -> list[str]:
    """Two halves cut edge to cut edge, the pair starting at x."""
    return half_tikz(cards[0], x, "left") + half_tikz(cards[1], x + 2 * W, "right")


def move_tikz(move: SplitMove) -> str | None:
    """The cards a move uses (a new match, an upgrade, a discard), or None."""
    lines: list[str] = []
    if isinstance(move, Lay):
        lines = pair_tikz(move.cards, 0)
    elif isinstance(move, Take):
        lines = pair_tikz((move.card, move.partner), 0)
    elif isinstance(move, Upgrade):
        lines = [*half_tikz(move.card, 0), r"\draw[-latex,very thick] (0.95,0) -- (1.75,0);"]
        lines += half_tikz(move.replace, 1.9)
        lines.append(r"\draw[very thick,red!70!black] (1.9,0.6) -- (2.6,-0.6);")
    elif isinstance(move, Discard):
        lines = half_tikz(move.card, 0)
    else:
        return None
    body = "\n  ".join(lines)
    return f"\\begin{{tikzpicture}}[baseline=(current bounding box.center)]\n  {body}\n\\end{{tikzpicture}}"
