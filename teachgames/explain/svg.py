"""Explanations drawn as standalone SVG on the Python side (no JavaScript, no MathJax).

Two engines lay out the maths:

* the **fast** printer: a small box layout for fraction arithmetic (fractions, mixed
  numbers, ``+ − ×``, relations, parentheses, words) that writes SVG ``<text>``/``<line>``
  elements straight away (the shared shapes of :mod:`teachgames.pictures`), estimating
  text widths from DejaVu Sans advances (``pictures.text_width``). It takes tens of
  microseconds per expression;
* **mathtext**: matplotlib renders the LaTeX to SVG paths (tens of milliseconds, so it is
  cached per LaTeX string). It is used for what the fast printer cannot lay out, or for
  everything with ``engine="mathtext"``.

All colours are ``currentColor`` (the host's text colour, so light and dark themes both
read) or CSS variables with fallbacks; every string is XML-escaped, and the document is
the shared accessible one (``pictures.svg_doc``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal

from ..pictures import Line as Stroke
from ..pictures import SvgImage, num, shape_svg, svg_doc, text_width
from ..pictures import Text as TextShape
from .printing import MINUS, TIMES, Node, node_latex, structure, supported

Engine = Literal["auto", "fast", "mathtext"]

FONT_FAMILY = "'DejaVu Sans', 'Segoe UI', Arial, Helvetica, sans-serif"
MATH_SIZE = 20.0
WORD_SIZE = 16.0
TITLE_SIZE = 18.0
#: Fraction digits are this share of the maths size (big enough for a pupil to read).
FRACTION_SCALE = 0.8

_DESCENDERS = frozenset("gjpqyQ,;()[]{}|/_@$çşţęąҫрууфцщдДЦЩ")


class Box:
    """A laid-out piece: ``width``, ``ascent`` above and ``descent`` below its baseline."""

    __slots__ = ("ascent", "descent", "width")

    width: float
    ascent: float
    descent: float

    def emit(self, out: list[str], x: float, y: float) -> None:  # pragma: no cover
        raise NotImplementedError


class Text(Box):
    """One run of text, centred in its estimated width (robust to the host's font)."""

    __slots__ = ("bold", "cls", "italic", "size", "text")

    def __init__(
        self,
        text: str,
        size: float,
        *,
        bold: bool = False,
        italic: bool = False,
        cls: str = "",
    ) -> None:
        self.text = text
        self.size = size
        self.bold = bold
        self.italic = italic
        self.cls = cls
        self.width = text_width(text, size, bold)
        self.ascent = 0.76 * size
        self.descent = (0.24 if any(c in _DESCENDERS for c in text) else 0.06) * size

    def emit(self, out: list[str], x: float, y: float) -> None:
        out.append(self.element(x + self.width / 2, y, "middle"))

    def element(self, x: float, y: float, anchor: str, fill: str = "currentColor") -> str:
        """The text as an SVG element anchored at ``x``."""
        shape = TextShape(x, y, self.text, self.size, fill, self.bold, anchor, self.italic, self.cls)
        return shape_svg(shape)


class Words(Text):
    """A line of words, left-aligned."""

    __slots__ = ()

    def emit(self, out: list[str], x: float, y: float) -> None:
        out.append(self.element(x, y, "start"))


class Space(Box):
    __slots__ = ()

    def __init__(self, width: float) -> None:
        self.width = width
        self.ascent = 0.0
        self.descent = 0.0

    def emit(self, out: list[str], x: float, y: float) -> None:
        return


class Row(Box):
    """Boxes side by side on one baseline."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[Box]) -> None:
        self.items = list(items)
        self.width = sum(b.width for b in self.items)
        self.ascent = max((b.ascent for b in self.items), default=0.0)
        self.descent = max((b.descent for b in self.items), default=0.0)

    def emit(self, out: list[str], x: float, y: float) -> None:
        for b in self.items:
            b.emit(out, x, y)
            x += b.width


class Fraction(Box):
    """A stacked fraction, its bar on the maths axis."""

    __slots__ = ("axis", "bar", "den", "gap", "num")

    def __init__(self, num: Box, den: Box, size: float) -> None:
        self.num, self.den = num, den
        self.axis = 0.3 * size
        self.bar = max(1.0, 0.06 * size)
        self.gap = 0.1 * size
        pad = 0.12 * size
        self.width = max(num.width, den.width) + 2 * pad
        half = self.bar / 2
        self.ascent = self.axis + half + self.gap + num.descent + num.ascent
        self.descent = -self.axis + half + self.gap + den.ascent + den.descent

    def emit(self, out: list[str], x: float, y: float) -> None:
        bar_y = y - self.axis
        half = self.bar / 2
        num, den = self.num, self.den
        num.emit(out, x + (self.width - num.width) / 2, bar_y - half - self.gap - num.descent)
        den.emit(out, x + (self.width - den.width) / 2, bar_y + half + self.gap + den.ascent)
        inset = 0.04 * self.width
        bar = Stroke(x + inset, bar_y, x + self.width - inset, bar_y, "currentColor", self.bar, "butt")
        out.append(shape_svg(bar))


class Paren(Box):
    """Parentheses: text ones around a single line, drawn curves around fractions."""

    __slots__ = ("_size", "inner", "side", "tall")

    def __init__(self, inner: Box, size: float) -> None:
        self.inner = inner
        self.tall = inner.ascent + inner.descent > 1.2 * size
        if self.tall:
            self.side = 0.32 * size
            self.ascent = inner.ascent + 0.06 * size
            self.descent = inner.descent + 0.06 * size
        else:
            self.side = text_width("(", size)
            self.ascent = max(inner.ascent, 0.76 * size)
            self.descent = max(inner.descent, 0.24 * size)
        self._size = size
        self.width = inner.width + 2 * self.side

    def emit(self, out: list[str], x: float, y: float) -> None:
        s = self.side
        if not self.tall:
            Text("(", self._size).emit(out, x, y)
            self.inner.emit(out, x + s, y)
            Text(")", self._size).emit(out, x + s + self.inner.width, y)
            return
        top, bottom = y - self.ascent, y + self.descent
        mid = (top + bottom) / 2
        sw = num(max(1.0, 0.07 * self._size))
        left_out, left_in = x + 0.75 * s, x + 0.15 * s
        right_x = x + s + self.inner.width
        right_out, right_in = right_x + 0.25 * s, right_x + 0.85 * s
        for a, b in ((left_out, left_in), (right_out, right_in)):
            out.append(
                f'<path d="M{num(a)} {num(top)}Q{num(b)} {num(mid)} {num(a)} {num(bottom)}"'
                f' fill="none" stroke="currentColor" stroke-width="{sw}"/>'
            )
        self.inner.emit(out, x + s, y)


class Nested(Box):
    """A piece of SVG rendered elsewhere (matplotlib mathtext), placed as a nested <svg>."""

    __slots__ = ("body", "box_height", "view")

    def __init__(self, body: str, width: float, height: float, depth: float) -> None:
        self.body = body
        self.width = width
        self.box_height = height
        self.ascent = height - depth
        self.descent = depth
        self.view = f"0 0 {num(width)} {num(height)}"

    def emit(self, out: list[str], x: float, y: float) -> None:
        out.append(
            f'<svg x="{num(x)}" y="{num(y - self.ascent)}" width="{num(self.width)}"'
            f' height="{num(self.box_height)}" viewBox="{self.view}" overflow="visible">'
            f"{self.body}</svg>"
        )


# ------------------------------------------------------------------ the fast layout


def layout(node: Node, size: float = MATH_SIZE) -> Box:
    """Lay out a printing tree (see :mod:`.printing`) as boxes; ``other`` nodes go to
    mathtext."""
    kind = node[0]
    if kind == "num":
        return Text(node[1], size)
    if kind == "frac":
        small = size * FRACTION_SCALE
        return Fraction(Text(node[1], small), Text(node[2], small), size)
    if kind == "mixed":
        small = size * FRACTION_SCALE
        whole = Text(node[1], size)
        return Row([whole, Space(0.06 * size), Fraction(Text(node[2], small), Text(node[3], small), size)])
    if kind == "word":
        name = str(node[1])
        return Text(name, size, italic=len(name) == 1 and name.isalpha())
    if kind == "neg":
        return Row([Text(MINUS, size), layout(node[1], size)])
    if kind == "paren":
        return Paren(layout(node[1], size), size)
    if kind == "sum":
        items: list[Box] = []
        gap = 0.22 * size
        for i, (sign, term) in enumerate(node[1]):
            if i:
                items += [Space(gap), Text("+" if sign == "+" else MINUS, size), Space(gap)]
            items.append(layout(term, size))
        return Row(items)
    if kind == "prod":
        items = []
        gap = 0.2 * size
        for i, factor in enumerate(node[1]):
            if i:
                items += [Space(gap), Text(TIMES, size), Space(gap)]
            items.append(layout(factor, size))
        return Row(items)
    return mathtext_box(node_latex(node), size)


def relation_box(relation: str, size: float = MATH_SIZE) -> Box:
    gap = 0.28 * size
    return Row([Space(gap), Text(relation, size), Space(gap)])


def member_box(expr: Any, engine: Engine = "auto", size: float = MATH_SIZE) -> Box:
    """One chain member as a box, with the engine asked for."""
    return Row(member_pieces(expr, engine, size))


def member_pieces(expr: Any, engine: Engine = "auto", size: float = MATH_SIZE) -> list[Box]:
    """A member as pieces a line may break between: a long sum breaks before its signs."""
    node = structure(expr)
    if engine == "mathtext" or (engine == "auto" and not supported(node)):
        return [mathtext_box(node_latex(node), size)]
    if node[0] != "sum":
        return [layout(node, size)]
    whole = layout(node, size)
    assert isinstance(whole, Row)
    pieces: list[Box] = []
    items = whole.items
    # The sum's row is term, (space, sign, space, term)*: keep each sign with its term.
    pieces.append(items[0])
    for i in range(1, len(items), 4):
        pieces.append(Row(items[i : i + 4]))
    return pieces


def chain_segments(
    chain: Sequence[Any], relations: Sequence[str], engine: Engine = "auto", size: float = MATH_SIZE
) -> list[Box]:
    """The chain as pieces a line may break between: the terms of the first member, then
    each relation with the first piece of the member after it, then that member's rest."""
    if not chain:
        return []
    segments = member_pieces(chain[0], engine, size)
    for rel, member in zip(relations, chain[1:], strict=True):
        first, *rest = member_pieces(member, engine, size)
        segments.append(Row([relation_box(rel, size), first]))
        segments.extend(rest)
    return segments


# ------------------------------------------------------------------ the mathtext path

_ID = re.compile(r'\bid="([^"]+)"')
_HREF = re.compile(r'href="#([^"]+)"')
_SENTINEL = "#010203"


@lru_cache(maxsize=4096)
def mathtext_svg(latex: str, size: float = MATH_SIZE) -> tuple[str, float, float, float]:
    """``latex`` (maths, no ``$``) rendered by matplotlib mathtext, cached per string.

    Returns ``(svg_body, width, height, depth)`` in px; the body draws in ``currentColor``
    and its ids are prefixed so several bodies can share one document.
    """
    import io
    import zlib

    from matplotlib import rc_context
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties
    from matplotlib.mathtext import MathTextParser

    # The SVG backend measures in pt at 72 dpi; one pt becomes one px of our documents.
    prop = FontProperties(size=size)
    # Fractions at full size: mathtext's inline \frac is too small for a pupil to read.
    math = "$" + latex.replace(r"\frac{", r"\dfrac{") + "$"
    width, height, depth, _, _ = MathTextParser("path").parse(math, dpi=72, prop=prop)
    fig = Figure(figsize=(max(width, 1) / 72.0, max(height, 1) / 72.0))
    fig.text(0, depth / max(height, 1), math, fontproperties=prop, color=_SENTINEL)
    buf = io.BytesIO()
    with rc_context({"svg.fonttype": "path", "svg.hashsalt": "teachgames"}):
        fig.savefig(buf, format="svg", dpi=72, transparent=True)
    raw = buf.getvalue().decode("utf-8")
    body = raw[raw.index(">", raw.index("<svg")) + 1 : raw.rindex("</svg>")]
    body = re.sub(r"<metadata>.*?</metadata>", "", body, flags=re.S)
    prefix = f"mt{zlib.crc32(latex.encode()):08x}-"
    body = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', body)
    body = _HREF.sub(lambda m: f'href="#{prefix}{m.group(1)}"', body)
    body = body.replace(_SENTINEL, "currentColor")
    return body.strip(), float(width), float(height), float(depth)


def mathtext_box(latex: str, size: float = MATH_SIZE) -> Box:
    body, width, height, depth = mathtext_svg(latex, size)
    return Nested(body, width, height, depth)


# ------------------------------------------------------------------ documents


def wrap_words(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by estimated widths; a word longer than a line stays whole."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}" if current else word
            if current and text_width(trial, size, bold) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


def svg_document(
    body: list[str], width: float, height: float, label: str, *, cls: str = "teachgames"
) -> SvgImage:
    """Wrap drawn elements into a standalone, accessible SVG document whose text is in
    the host's text colour."""
    return svg_doc(
        width,
        height,
        label,
        "".join(body),
        cls=cls,
        font_family=FONT_FAMILY,
        fill="currentColor",
        xlink=True,
    )


def expression_svg(expr: Any, engine: Engine = "auto", size: float = MATH_SIZE) -> SvgImage:
    """One expression (or an Explanation step's chain when given as (chain, relations))
    as a standalone SVG; the benchmark measures this."""
    from .printing import to_text

    if isinstance(expr, tuple) and len(expr) == 2:
        chain, relations = expr
        box: Box = Row(chain_segments(chain, relations, engine, size))
        from .printing import chain_text

        label = chain_text(tuple(chain), tuple(relations))
    else:
        box = member_box(expr, engine, size)
        label = to_text(expr)
    pad = 4.0
    out: list[str] = []
    box.emit(out, pad, pad + box.ascent)
    return svg_document(out, box.width + 2 * pad, box.ascent + box.descent + 2 * pad, label)


class Line:
    """One line of a document: boxes at x positions on a shared baseline."""

    __slots__ = ("ascent", "descent", "items", "space_before")

    def __init__(self, space_before: float = 0.0) -> None:
        self.items: list[tuple[float, Box]] = []
        self.ascent = 0.0
        self.descent = 0.0
        self.space_before = space_before

    def add(self, x: float, box: Box) -> None:
        self.items.append((x, box))
        self.ascent = max(self.ascent, box.ascent)
        self.descent = max(self.descent, box.descent)

    @property
    def right(self) -> float:
        return max((x + b.width for x, b in self.items), default=0.0)


def place_chain(lines: list[Line], segments: list[Box], start: float, left: float, right: float) -> None:
    """Put chain segments after ``start`` on the last line, breaking before a relation
    when the line is full; continuation lines are indented by ``left``."""
    line = lines[-1]
    x = start
    for i, seg in enumerate(segments):
        if i and x + seg.width > right and x > left:
            line = Line(space_before=4.0)
            lines.append(line)
            x = left
        line.add(x, seg)
        x += seg.width


def layout_document(
    title: str,
    steps: Sequence[tuple[str, Sequence[Any], Sequence[str], bool]],
    verdict: tuple[bool, str] | None,
    label: str,
    engine: Engine = "auto",
    max_width: float = 720.0,
) -> SvgImage:
    """The whole explanation as one SVG: a bold title, one block per step (words, then
    the maths on the same line when it fits), headings in bold, the verdict last."""
    pad = 14.0
    inner = max_width - 2 * pad
    lines: list[Line] = []

    def words(text: str, size: float, bold: bool, space_before: float, cls: str = "") -> None:
        for j, part in enumerate(wrap_words(text, size, inner, bold)):
            line = Line(space_before if j == 0 else 2.0)
            line.add(0.0, Words(part, size, bold=bold, cls=cls))
            lines.append(line)

    if title:
        words(title, TITLE_SIZE, True, 0.0, "title")
    for words_text, chain, relations, heading in steps:
        first = 10.0 if lines else 0.0
        if heading:
            words(words_text, WORD_SIZE + 1, True, first + 6.0, "heading")
            continue
        segments = chain_segments(chain, relations, engine) if chain else []
        if words_text:
            words(words_text, WORD_SIZE, False, first, "words")
            start = lines[-1].right + 8.0
            if segments and start + segments[0].width > inner:
                lines.append(Line(4.0))
                start = 16.0
        else:
            lines.append(Line(first))
            start = 16.0
        if segments:
            place_chain(lines, segments, start, min(start + 24.0, inner / 3), inner)
    if verdict is not None:
        ok, text = verdict
        mark = "✓" if ok else "✗"
        cls = "verdict legal" if ok else "verdict illegal"
        line = Line(12.0 if lines else 0.0)
        line.add(0.0, Verdict(f"{mark} {text}", ok, cls))
        lines.append(line)

    out: list[str] = []
    y = pad
    width = 0.0
    for line in lines:
        y += line.space_before + line.ascent
        for x, box in line.items:
            box.emit(out, pad + x, y)
        width = max(width, line.right)
        y += line.descent
    # max_width guides the wrapping; a piece that cannot break (a long mathtext formula)
    # widens the picture rather than being clipped.
    return svg_document(out, width + 2 * pad, y + pad, label, cls="teachgames-explanation")


_LEGAL = "var(--jp-success-color1,#2e7d32)"
_ILLEGAL = "var(--jp-error-color1,#c62828)"


class Verdict(Words):
    __slots__ = ("ok",)

    def __init__(self, text: str, ok: bool, cls: str) -> None:
        super().__init__(text, WORD_SIZE + 1, bold=True, cls=cls)
        self.ok = ok

    def emit(self, out: list[str], x: float, y: float) -> None:
        out.append(self.element(x, y, "start", _LEGAL if self.ok else _ILLEGAL))
