"""One fraction shown four ways (as PhET's Fractions do): pizza, bar, number line, symbol.

``representations(Printed(2, 8))`` keeps eighths (2 of 8 slices), ``Rational(29, 8)``
draws four pizzas with 29 slices filled. The picture is computed once as simple shapes;
``.svg()`` writes them as SVG, ``.plot()`` draws the same shapes with matplotlib.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sympy import Integer, Rational

from .expr import Mixed, Printed, exact_value
from .i18n import resolve_language, tr
from .printing import node_latex, node_text
from .svg import Row, Space, Text, _num, layout, svg_document, text_width, xml_escape

MAX_DENOMINATOR = 100
MAX_WHOLES = 12

_FILL = ("#f2a93b", "--teachgames-fill")
_LABEL_WIDTH = 110.0
_PAD = 12.0
_ROW_GAP = 18.0
_R = 34.0  # pizza radius
_BAR_W = 320.0
_BAR_H = 28.0
_LINE_W = 440.0


@dataclass(frozen=True)
class Shape:
    """One drawn shape, in SVG coordinates (y down)."""

    kind: str  # "sector", "circle", "rect", "line", "text", "point", "math"
    group: str  # "pizza", "bar", "number-line", "symbol", "label"
    filled: bool = False
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0  # width, radius, or x2
    h: float = 0.0  # height, or y2
    a1: float = 0.0  # sector start angle (degrees, clockwise from 3 o'clock)
    a2: float = 0.0
    text: str = ""
    size: float = 14.0
    anchor: str = "start"
    extra: dict[str, Any] = field(default_factory=dict)


def _parts(value: Any) -> tuple[int, int]:
    """(numerator, denominator) to draw: a Printed keeps its printed denominator."""
    if isinstance(value, Printed):
        n, d = value.numerator, value.denominator
    elif isinstance(value, Mixed):
        v = value.value
        n, d = int(v.p), int(v.q)
    else:
        v = exact_value(value)
        if not isinstance(v, Rational):
            raise TypeError(f"representations need an exact fraction, not {value!r}")
        n, d = int(v.p), int(v.q)
    if n < 0:
        raise ValueError(f"a picture shows an amount of at least 0, not {n}/{d}")
    if d > MAX_DENOMINATOR:
        raise ValueError(f"{n}/{d}: at most {MAX_DENOMINATOR} parts per whole can be drawn")
    if -(-n // d) > MAX_WHOLES:
        raise ValueError(f"{n}/{d}: at most {MAX_WHOLES} wholes can be drawn")
    return n, d


class Representations:
    """A fraction shown as pizza, bar, number line and symbol (see :func:`representations`)."""

    def __init__(self, numerator: int, denominator: int, language: str | None = None) -> None:
        self.numerator = numerator
        self.denominator = denominator
        self.language = resolve_language(language)
        self.value = Rational(numerator, denominator)
        self.wholes = max(1, -(-numerator // denominator))
        self.shapes, self.width, self.height = self._build()

    # ------------------------------------------------------------------ words

    @property
    def printed(self) -> str:
        n, d = self.numerator, self.denominator
        return str(n) if d == 1 else f"{n}/{d}"

    def label(self) -> str:
        """The plain-text description (the SVG's title and aria-label)."""
        lang = self.language
        names = ", ".join(tr(f"explain.{k}", lang) for k in ("pizza", "bar", "number_line", "symbol"))
        text = tr("explain.four_ways", lang, fraction=self.printed) + f" ({names})"
        if self.value > 1 and self.denominator > 1:
            text += " = " + node_text(self._mixed_node())
        parts = tr(
            "explain.filled_parts",
            lang,
            filled=self.numerator,
            parts=self.wholes * self.denominator,
        )
        return f"{text}; {parts}"

    def _symbol_node(self) -> tuple[Any, ...]:
        n, d = self.numerator, self.denominator
        return ("num", str(n)) if d == 1 else ("frac", str(n), str(d))

    def _mixed_node(self) -> tuple[Any, ...]:
        from .printing import structure

        return structure(Mixed(self.value))

    # ------------------------------------------------------------------ geometry

    def _build(self) -> tuple[list[Shape], float, float]:
        n, d, lang = self.numerator, self.denominator, self.language
        shapes: list[Shape] = []
        label_width = max(
            _LABEL_WIDTH,
            *(
                text_width(tr(f"explain.{k}", lang), 15) + 24
                for k in ("pizza", "bar", "number_line", "symbol")
            ),
        )
        left = _PAD + label_width
        y = _PAD
        right = left

        def label(key: str, centre_y: float) -> None:
            shapes.append(Shape("text", "label", x=_PAD, y=centre_y + 5, text=tr(key, lang), size=15))

        # Pizza: circles of d sectors, n filled, starting at 12 o'clock, clockwise.
        per_row = 6
        rows = -(-self.wholes // per_row)
        label("explain.pizza", y + _R)
        left_to_fill = n
        for w in range(self.wholes):
            cx = left + _R + (w % per_row) * (2 * _R + 14)
            cy = y + _R + (w // per_row) * (2 * _R + 12)
            if d == 1:
                shapes.append(Shape("circle", "pizza", filled=left_to_fill > 0, x=cx, y=cy, w=_R))
                left_to_fill -= 1
            else:
                for k in range(d):
                    a1 = -90 + 360 * k / d
                    shapes.append(
                        Shape(
                            "sector",
                            "pizza",
                            filled=left_to_fill > 0,
                            x=cx,
                            y=cy,
                            w=_R,
                            a1=a1,
                            a2=a1 + 360 / d,
                        )
                    )
                    left_to_fill -= 1
            right = max(right, cx + _R)
        y += rows * (2 * _R + 12) - 12 + _ROW_GAP

        # Bar: one bar per whole, split into d parts.
        label("explain.bar", y + _BAR_H / 2)
        part = _BAR_W / d
        left_to_fill = n
        for w in range(self.wholes):
            by = y + w * (_BAR_H + 6)
            for k in range(d):
                shapes.append(
                    Shape("rect", "bar", filled=left_to_fill > 0, x=left + k * part, y=by, w=part, h=_BAR_H)
                )
                left_to_fill -= 1
        right = max(right, left + _BAR_W)
        y += self.wholes * (_BAR_H + 6) - 6 + _ROW_GAP

        # Number line: 0 to ceil(value), a tick at each 1/d, the point marked.
        top = y + 36  # room for the point's label above the line
        label("explain.number_line", top)
        ends = self.wholes
        length = _LINE_W
        unit = length / ends
        x0 = left + 8
        shapes.append(Shape("line", "number-line", x=x0, y=top, w=x0 + length, h=top))
        for k in range(ends * d + 1):
            tx = x0 + k * unit / d
            whole = k % d == 0
            half = 9.0 if whole else 5.0
            shapes.append(Shape("line", "number-line", x=tx, y=top - half, w=tx, h=top + half))
            if whole:
                shapes.append(
                    Shape("text", "number-line", x=tx, y=top + 26, text=str(k // d), size=14, anchor="middle")
                )
        px = x0 + float(self.value) * unit
        shapes.append(Shape("point", "number-line", filled=True, x=px, y=top, w=6.0))
        shapes.append(
            Shape(
                "math",
                "number-line",
                x=px,
                y=top - 10,
                text=self.printed,
                size=18,
                anchor="middle",
                extra={"node": self._symbol_node(), "above": True},
            )
        )
        right = max(right, x0 + length + 8)
        y = top + 34 + _ROW_GAP

        # Symbol: the fraction, and the mixed number when it is more than one whole.
        nodes: list[tuple[Any, ...]] = [self._symbol_node()]
        if self.value > 1 and d > 1 and self.value != Integer(self.value):
            nodes.append(self._mixed_node())
        elif d > 1 and self.value == Integer(self.value) and n > 0:
            nodes.append(("num", str(n // d)))
        label("explain.symbol", y + 24)
        shapes.append(
            Shape("math", "symbol", x=left, y=y + 34, text=self.printed, size=26, extra={"nodes": nodes})
        )
        box = self._symbol_box(nodes, 26)
        right = max(right, left + box.width)
        y += box.ascent + box.descent + 4
        return shapes, right + _PAD, y + _PAD

    @staticmethod
    def _symbol_box(nodes: list[tuple[Any, ...]], size: float) -> Row:
        items: list[Any] = []
        for i, node in enumerate(nodes):
            if i:
                items += [Space(0.3 * size), Text("=", size), Space(0.3 * size)]
            items.append(layout(node, size))
        return Row(items)

    # ------------------------------------------------------------------ SVG

    def svg(self) -> str:
        """The four pictures as one standalone SVG (filled parts have class ``filled``)."""
        fill, var = _FILL
        filled_attr = f'fill="{fill}" style="fill:var({var},{fill})"'
        empty_attr = 'fill="currentColor" fill-opacity="0.07"'
        groups: dict[str, list[str]] = {"label": [], "pizza": [], "bar": [], "number-line": [], "symbol": []}
        for s in self.shapes:
            out = groups[s.group]
            cls = "filled" if s.filled else "empty"
            paint = filled_attr if s.filled else empty_attr
            if s.kind == "sector":
                r = s.w
                x1 = s.x + r * math.cos(math.radians(s.a1))
                y1 = s.y + r * math.sin(math.radians(s.a1))
                x2 = s.x + r * math.cos(math.radians(s.a2))
                y2 = s.y + r * math.sin(math.radians(s.a2))
                large = 1 if s.a2 - s.a1 > 180 else 0
                out.append(
                    f'<path class="sector {cls}" {paint} d="M{_num(s.x)} {_num(s.y)}'
                    f'L{x1:.2f} {y1:.2f}A{_num(r)} {_num(r)} 0 {large} 1 {x2:.2f} {y2:.2f}Z"/>'
                )
            elif s.kind == "circle":
                out.append(
                    f'<circle class="sector {cls}" {paint} cx="{_num(s.x)}" cy="{_num(s.y)}"'
                    f' r="{_num(s.w)}"/>'
                )
            elif s.kind == "rect":
                out.append(
                    f'<rect class="part {cls}" {paint} x="{s.x:.2f}" y="{_num(s.y)}"'
                    f' width="{s.w:.2f}" height="{_num(s.h)}"/>'
                )
            elif s.kind == "line":
                out.append(f'<line x1="{s.x:.2f}" y1="{_num(s.y)}" x2="{s.w:.2f}" y2="{_num(s.h)}"/>')
            elif s.kind == "point":
                out.append(
                    f'<circle class="point" {filled_attr} stroke-width="2" cx="{s.x:.2f}"'
                    f' cy="{_num(s.y)}" r="{_num(s.w)}"/>'
                )
            elif s.kind == "text":
                anchor = f' text-anchor="{s.anchor}"' if s.anchor != "start" else ""
                out.append(
                    f'<text x="{_num(s.x)}" y="{_num(s.y)}" font-size="{_num(s.size)}"'
                    f'{anchor} stroke="none">{xml_escape(s.text)}</text>'
                )
            elif s.kind == "math":
                nodes = s.extra.get("nodes") or [s.extra["node"]]
                box = self._symbol_box(nodes, s.size)
                x = s.x - box.width / 2 if s.anchor == "middle" else s.x
                y = s.y - box.descent if s.extra.get("above") else s.y
                parts: list[str] = []
                box.emit(parts, x, y)
                out.append('<g stroke="none">' + "".join(parts) + "</g>")
        body = [
            '<g stroke="currentColor" stroke-width="1.5">',
            '<g class="labels" stroke="none">' + "".join(groups["label"]) + "</g>",
        ]
        for name in ("pizza", "bar", "number-line", "symbol"):
            body.append(f'<g class="{name}">' + "".join(groups[name]) + "</g>")
        body.append("</g>")
        return svg_document(body, self.width, self.height, self.label(), cls="teachgames-representations")

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return f'<div class="teachgames-representations">{self.svg()}</div>'

    # ------------------------------------------------------------------ matplotlib

    def plot(self, ax: Any = None) -> Any:
        """Draw the same pictures on a matplotlib Axes (a new figure when ``ax`` is None)."""
        from matplotlib.patches import Circle, Rectangle, Wedge

        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(self.width / 80, self.height / 80))
        fill = _FILL[0]
        edge = "0.15"
        for s in self.shapes:
            face = fill if s.filled else "none"
            if s.kind == "sector":
                ax.add_patch(
                    Wedge((s.x, s.y), s.w, s.a1, s.a2, facecolor=face, edgecolor=edge, linewidth=1.2)
                )
            elif s.kind == "circle":
                ax.add_patch(Circle((s.x, s.y), s.w, facecolor=face, edgecolor=edge, linewidth=1.2))
            elif s.kind == "rect":
                ax.add_patch(Rectangle((s.x, s.y), s.w, s.h, facecolor=face, edgecolor=edge, linewidth=1.2))
            elif s.kind == "line":
                ax.plot([s.x, s.w], [s.y, s.h], color=edge, linewidth=1.2)
            elif s.kind == "point":
                ax.add_patch(Circle((s.x, s.y), s.w, facecolor=fill, edgecolor=edge, linewidth=1.5, zorder=3))
            elif s.kind == "text":
                ax.text(
                    s.x,
                    s.y,
                    s.text,
                    fontsize=s.size * 0.75,
                    ha="center" if s.anchor == "middle" else "left",
                    va="baseline",
                )
            elif s.kind == "math":
                nodes = s.extra.get("nodes") or [s.extra["node"]]
                tex = " = ".join(node_latex(node) for node in nodes)
                tex = tex.replace(r"\frac{", r"\dfrac{")  # full-size digits for pupils
                ax.text(
                    s.x,
                    s.y,
                    f"${tex}$",
                    fontsize=s.size * 0.75,
                    ha="center" if s.anchor == "middle" else "left",
                    va="bottom" if s.extra.get("above") else "center",
                )
        ax.set_xlim(0, self.width)
        ax.set_ylim(self.height, 0)
        ax.set_aspect("equal")
        ax.axis("off")
        return ax


def representations(value: Any, language: str | None = None) -> Representations:
    """One fraction shown four ways: pizza, bar, number line, symbol.

    ``value``: a sympy Rational, an int, a ``Printed`` (its printed denominator is kept,
    so ``Printed(2, 8)`` shows eighths) or a ``Mixed``. Negative values are refused.
    """
    n, d = _parts(value)
    return Representations(n, d, language)


__all__ = ["Representations", "Shape", "representations"]
