"""One fraction shown four ways (as PhET's Fractions do): pizza, bar, number line, symbol.

``representations(Printed(2, 8))`` keeps eighths (2 of 8 slices), ``Rational(29, 8)``
draws four pizzas with 29 slices filled. The picture is computed once as the shared
shapes of :mod:`teachgames.pictures` (and the maths as :class:`Math`); ``.svg()`` writes
them as SVG, ``.plot()`` draws the same shapes with matplotlib.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Integer, Rational

from ..pictures import (
    Circle,
    Line,
    Rect,
    Sector,
    Shape,
    draw_shapes,
    points_per_unit,
    prepare_axes,
    shape_svg,
    text_width,
)
from ..pictures import Text as Label
from .expr import Mixed, Printed, exact_value
from .i18n import resolve_language, tr
from .printing import node_latex, node_text
from .svg import Row, Space, Text, layout, svg_document

MAX_DENOMINATOR = 100
MAX_WHOLES = 12

#: Filled parts: a colour a host's theme may set; empty ones a tint of the text colour.
_FILL = "var(--teachgames-fill,#f2a93b)"
_EMPTY = "currentColor"
_EMPTY_OPACITY = 0.07
_INK = "currentColor"
_STROKE = 1.5
_LABEL_WIDTH = 110.0
_PAD = 12.0
_ROW_GAP = 18.0
_R = 34.0  # pizza radius
_BAR_W = 320.0
_BAR_H = 28.0
_LINE_W = 440.0
#: The groups of the picture, in drawing order (each an SVG ``<g class=...>``).
GROUPS = ("labels", "pizza", "bar", "number-line", "symbol")


@dataclass(frozen=True, slots=True)
class Math:
    """Maths at (x, y): printing nodes joined by "=", laid out by the fast printer.

    ``anchor`` is start or middle; ``above`` puts the maths' bottom at ``y`` (else ``y``
    is its baseline)."""

    x: float
    y: float
    nodes: tuple[tuple[Any, ...], ...]
    size: float
    anchor: str = "start"
    above: bool = False


Part = Shape | Math


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



def _paint(filled: bool, kind: str) -> dict[str, Any]:
    """How a filled or an empty part is painted (its class says which, for the page's CSS)."""
    if filled:
        return {"fill": _FILL, "stroke": _INK, "width": _STROKE, "cls": f"{kind} filled"}
    return {
        "fill": _EMPTY,
        "stroke": _INK,
        "width": _STROKE,
        "cls": f"{kind} empty",
        "opacity": _EMPTY_OPACITY,
    }


class Representations:
    """A fraction shown as pizza, bar, number line and symbol (see :func:`representations`)."""

    def __init__(self, numerator: int, denominator: int, language: str | None = None) -> None:
        self.numerator = numerator
        self.denominator = denominator
        self.language = resolve_language(language)
        self.value = Rational(numerator, denominator)
        self.wholes = max(1, -(-numerator // denominator))
        self.groups, self.width, self.height = self._build()

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

    def _build(self) -> tuple[dict[str, list[Part]], float, float]:
        lang = self.language
        groups: dict[str, list[Part]] = {name: [] for name in GROUPS}
        label_width = max(
            _LABEL_WIDTH,
            *(
                text_width(tr(f"explain.{k}", lang), 15) + 24
                for k in ("pizza", "bar", "number_line", "symbol")
            ),
        )
        left = _PAD + label_width
        y, right = _PAD, left
        for row in (self._pizzas, self._bars, self._number_line, self._symbols):
            y, row_right = row(groups, left, y)
            right = max(right, row_right)
        return groups, right + _PAD, y + _PAD

    def _label(self, groups: dict[str, list[Part]], key: str, centre_y: float) -> None:
        groups["labels"].append(Label(_PAD, centre_y + 5, tr(key, self.language), 15, _INK, anchor="start"))

    def _pizzas(self, groups: dict[str, list[Part]], left: float, y: float) -> tuple[float, float]:
        """Pizza: circles of d sectors, n filled, starting at 12 o'clock, clockwise."""
        n, d = self.numerator, self.denominator
        per_row = 6
        rows = -(-self.wholes // per_row)
        self._label(groups, "explain.pizza", y + _R)
        left_to_fill = n
        right = left
        for w in range(self.wholes):
            cx = left + _R + (w % per_row) * (2 * _R + 14)
            cy = y + _R + (w // per_row) * (2 * _R + 12)
            if d == 1:
                groups["pizza"].append(Circle(cx, cy, _R, **_paint(left_to_fill > 0, "sector")))
                left_to_fill -= 1
            else:
                for k in range(d):
                    a0 = -90 + 360 * k / d
                    slice_ = Sector(cx, cy, 0.0, _R, a0, a0 + 360 / d, **_paint(left_to_fill > 0, "sector"))
                    groups["pizza"].append(slice_)
                    left_to_fill -= 1
            right = max(right, cx + _R)
        return y + rows * (2 * _R + 12) - 12 + _ROW_GAP, right

    def _bars(self, groups: dict[str, list[Part]], left: float, y: float) -> tuple[float, float]:
        """Bar: one bar per whole, split into d parts."""
        d = self.denominator
        self._label(groups, "explain.bar", y + _BAR_H / 2)
        part = _BAR_W / d
        left_to_fill = self.numerator
        for w in range(self.wholes):
            by = y + w * (_BAR_H + 6)
            for k in range(d):
                rect = Rect(left + k * part, by, part, _BAR_H, 0.0, **_paint(left_to_fill > 0, "part"))
                groups["bar"].append(rect)
                left_to_fill -= 1
        return y + self.wholes * (_BAR_H + 6) - 6 + _ROW_GAP, left + _BAR_W

    def _number_line(self, groups: dict[str, list[Part]], left: float, y: float) -> tuple[float, float]:
        """Number line: 0 to ceil(value), a tick at each 1/d, the point marked."""
        d = self.denominator
        line = groups["number-line"]
        top = y + 36  # room for the point's label above the line
        self._label(groups, "explain.number_line", top)
        ends = self.wholes
        length = _LINE_W
        unit = length / ends
        x0 = left + 8
        line.append(Line(x0, top, x0 + length, top, _INK, _STROKE, "butt"))
        for k in range(ends * d + 1):
            tx = x0 + k * unit / d
            whole = k % d == 0
            half = 9.0 if whole else 5.0
            line.append(Line(tx, top - half, tx, top + half, _INK, _STROKE, "butt"))
            if whole:
                line.append(Label(tx, top + 26, str(k // d), 14, _INK))
        px = x0 + float(self.value) * unit
        line.append(Circle(px, top, 6.0, _FILL, _INK, 2.0, cls="point"))
        line.append(Math(px, top - 10, (self._symbol_node(),), 18, "middle", above=True))
        return top + 34 + _ROW_GAP, x0 + length + 8

    def _symbols(self, groups: dict[str, list[Part]], left: float, y: float) -> tuple[float, float]:
        """Symbol: the fraction, and the mixed number when it is more than one whole."""
        n, d = self.numerator, self.denominator
        nodes: list[tuple[Any, ...]] = [self._symbol_node()]
        if self.value > 1 and d > 1 and self.value != Integer(self.value):
            nodes.append(self._mixed_node())
        elif d > 1 and self.value == Integer(self.value) and n > 0:
            nodes.append(("num", str(n // d)))
        self._label(groups, "explain.symbol", y + 24)
        groups["symbol"].append(Math(left, y + 34, tuple(nodes), 26))
        box = self._symbol_box(nodes, 26)
        return y + box.ascent + box.descent + 4, left + box.width

    @staticmethod
    def _symbol_box(nodes: Sequence[tuple[Any, ...]], size: float) -> Row:
        items: list[Any] = []
        for i, node in enumerate(nodes):
            if i:
                items += [Space(0.3 * size), Text("=", size), Space(0.3 * size)]
            items.append(layout(node, size))
        return Row(items)

    # ------------------------------------------------------------------ SVG

    def _math_svg(self, m: Math) -> str:
        box = self._symbol_box(m.nodes, m.size)
        x = m.x - box.width / 2 if m.anchor == "middle" else m.x
        y = m.y - box.descent if m.above else m.y
        parts: list[str] = []
        box.emit(parts, x, y)
        return "<g>" + "".join(parts) + "</g>"

    def svg(self) -> str:
        """The four pictures as one standalone SVG (filled parts have class ``filled``)."""
        body = [
            f'<g class="{name}">'
            + "".join(self._math_svg(s) if isinstance(s, Math) else shape_svg(s) for s in shapes)
            + "</g>"
            for name, shapes in self.groups.items()
        ]
        return svg_document(body, self.width, self.height, self.label(), cls="teachgames-representations")

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return f'<div class="teachgames-representations">{self.svg()}</div>'

    # ------------------------------------------------------------------ matplotlib

    def plot(self, ax: Any = None) -> Any:
        """Draw the same pictures on a matplotlib Axes (a new figure when ``ax`` is None)."""
        ax = prepare_axes(ax, self.width, self.height, 1 / 80)
        unit_pt = points_per_unit(ax, self.width, self.height)
        for shapes in self.groups.values():
            draw_shapes(ax, [s for s in shapes if not isinstance(s, Math)], 0.0, 0.0, 1.0, unit_pt)
            for m in shapes:
                if isinstance(m, Math):
                    tex = " = ".join(node_latex(node) for node in m.nodes)
                    tex = tex.replace(r"\frac{", r"\dfrac{")  # full-size digits for pupils
                    ax.text(
                        m.x,
                        m.y,
                        f"${tex}$",
                        fontsize=m.size * unit_pt * 0.96,
                        ha="center" if m.anchor == "middle" else "left",
                        va="bottom" if m.above else "baseline",
                        zorder=3,
                    )
        return ax


def representations(value: Any, language: str | None = None) -> Representations:
    """One fraction shown four ways: pizza, bar, number line, symbol.

    ``value``: a sympy Rational, an int, a ``Printed`` (its printed denominator is kept,
    so ``Printed(2, 8)`` shows eighths) or a ``Mixed``. Negative values are refused.
    """
    n, d = _parts(value)
    return Representations(n, d, language)


__all__ = ["GROUPS", "Math", "Part", "Representations", "representations"]
