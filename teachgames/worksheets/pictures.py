"""How a print task lays out its picture: labelled rows ("Your cards", "Open pizzas"),
each a TikZ picture for LaTeX or a few inline SVG drawings for HTML. Games draw the
cards; this arranges them the same way on every game's sheet."""

from __future__ import annotations

import html
from collections.abc import Sequence


def rows_tex(rows: Sequence[tuple[str, str]]) -> str:
    """``(label, tikz)`` rows, one under the other, each label in bold before its cards."""
    from ..exports.latex import tex_escape

    out = []
    for label, tikz in rows:
        out.append(rf"\textbf{{{tex_escape(label)}}}\par\smallskip {tikz}\par\medskip")
    return "\n".join(out)


def rows_svg(rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    """``(label, [svg, …])`` rows as HTML: a label, then the drawings side by side."""
    out = []
    for label, svgs in rows:
        out.append(f'<div class="row"><span class="label">{html.escape(label)}</span>{"".join(svgs)}</div>')
    return '<div class="rows">' + "".join(out) + "</div>"
