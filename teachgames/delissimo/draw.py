"""Pictures of Delissimo cards and tables: SVG for notebooks, matplotlib for print.

Everything here is a pure function of its arguments, in the manner of ``chess.svg``:
``card_svg``, ``row_svg`` and ``table_svg`` return an :class:`SvgImage` (a ``str``
that shows itself in Jupyter); ``plot_card`` and ``plot_table`` draw the same
pictures with matplotlib patches for export and print.

Both back ends draw from one description. A card is a tuple of small shape records
(circles, slices, rectangles, lines, text) in card units: a card is 100 units tall,
inside a cell with a margin of ``PAD`` units where the highlight outline goes. The
table is a list of placed cards and labels in pixels. The SVG of each distinct card
(and state) is built once and cached, so a whole table is string joining.

Accessibility: every card is ``role="img"`` with a ``<title>`` and ``aria-label`` in
plain words; toppings are shapes *and* letters (mushroom cap "M", pepper ring "P",
tomato disc "T"); highlighted cards get a dashed outline and selected ones a solid
outline, so nothing is told by colour alone. Card faces carry their own background,
and the table sits on its own light cloth, so the pictures read on light and dark
notebook themes alike.

Words (labels, card faces, alt text) come from the message catalogue, keys
``delissimo.draw.*`` and ``delissimo.topping.*``, in the ``language`` given (default: the
package's, see ``teachgames.set_language``). Longer words in Russian or Bulgarian shrink to
fit a card face; the table grows to fit its labels.

Only the standard library is imported here; matplotlib loads inside ``plot_*``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.i18n import resolve_language, tr
from .cards import TOPPING_NAMES, Card, parse_card

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = [
    "SvgImage",
    "card_alt",
    "card_svg",
    "mixed_number",
    "plot_card",
    "plot_table",
    "row_svg",
    "table_svg",
]

SVG_NS = "http://www.w3.org/2000/svg"

# --------------------------------------------------------------------------------------
# The wrapper


class SvgImage(str):
    """An SVG document as a string that Jupyter displays as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


# --------------------------------------------------------------------------------------
# Palette and card geometry (card units: a card is 100 tall)

PAD = 7.0  # margin around a card inside its cell: room for the outlines
CARD_H = 100.0
RECT_W = 74.0  # order/action cards are portrait rectangles
ROUND_W = 100.0
CELL_H = CARD_H + 2 * PAD

INK = "#2b2b2b"
EDGE = "#5b4636"
FACE = "#fffaf0"
CRUST = "#f2c063"
CRUST_EDGE = "#8a5a1c"
EMPTY_EDGE = "#9c8f7e"
BACK = "#40607f"
BACK_LINE = "#c9d6e3"
HIGHLIGHT = "#d9480f"
SELECTED = "#1c5fa8"
CLOTH = "#f3f0e8"
CLOTH_EDGE = "#cfc7b6"
MUTED = "#5f5a52"
TURN_FILL = "#fdf0c8"
TURN_EDGE = "#b07800"

#: Per topping (mushroom, pepper, tomato): main colour, edge colour, light tint.
TOPPING_STYLE: tuple[tuple[str, str, str], ...] = (
    ("#8d5a3b", "#4a2e1c", "#efe2d6"),
    ("#2f7d32", "#1f5a22", "#e3f1dc"),
    ("#d9412b", "#8e2113", "#f8dcd5"),
)
TOPPING_LETTER: tuple[str, ...] = ("M", "P", "T")


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Sector:
    """An annular sector; angles in degrees, clockwise from the x axis (y points down)."""

    cx: float
    cy: float
    r_in: float
    r_out: float
    a0: float
    a1: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    rx: float
    fill: str
    stroke: str = "none"
    width: float = 0.0
    dash: tuple[float, ...] = ()
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str = "none"
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Text:
    """Text with its baseline at ``y``; ``anchor`` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    bold: bool = False
    anchor: str = "middle"
    italic: bool = False


Shape = Circle | Sector | Rect | Line | Poly | Text


def _say(key: str, language: str, /, **values: Any) -> str:
    """The picture word ``delissimo.draw.<key>`` in ``language``."""
    return tr(f"delissimo.draw.{key}", language, **values)


def _topping_word(name: str, language: str) -> str:
    """A topping in words ("mushroom", "грибы", "гъби")."""
    return tr(f"delissimo.topping.{name}", language)


#: Rough advance widths of DejaVu-like sans-serif letters, in ems, for layout only.
_NARROW = frozenset("iljtfr.,:;!|' ·()[]-1/")
_WIDE = frozenset("mwMWшщжыюмфШЩЖЫЮМФ@%—")


def _text_w(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of sans-serif text (for layout only); Cyrillic included,
    which runs about a sixth wider than Latin."""
    ems = 0.0
    for ch in text:
        if ch in _NARROW:
            ems += 0.36
        elif ch in _WIDE:
            ems += 0.92
        elif ch.isupper():
            ems += 0.72
        else:
            ems += 0.62
    return ems * size * (1.1 if bold else 1.0)


def _fit(text: str, size: float, room: float, bold: bool = False) -> float:
    """``size``, or smaller so that ``text`` fits in ``room`` units (with a little slack)."""
    width = _text_w(text, size, bold) * 1.06
    return size if width <= room else size * room / width


def _topping_index(name: str) -> int:
    return TOPPING_NAMES.index(name)


def _symbol(t: int, x: float, y: float, s: float) -> list[Shape]:
    """Topping ``t`` (0 mushroom, 1 pepper, 2 tomato) as a shape with its letter."""
    main, edge, tint = TOPPING_STYLE[t]
    letter_size = s * 1.3
    if t == 0:  # a mushroom: a dome cap on a short stem, "M" on the cap
        stem_w = s * 0.75
        return [
            Rect(x - stem_w / 2, y + s * 0.05, stem_w, s * 0.85, s * 0.2, "#f1e3c8", edge, s * 0.16),
            Sector(x, y + s * 0.25, 0, s * 1.12, 180, 360, main, edge, s * 0.16),
            Text(x, y + s * 0.08, TOPPING_LETTER[t], letter_size * 0.82, "#ffffff", True),
        ]
    if t == 1:  # a pepper: a green ring, "P" inside
        return [
            Circle(x, y, s * 0.86, tint, main, s * 0.38),
            Text(x, y + letter_size * 0.36, TOPPING_LETTER[t], letter_size, edge, True),
        ]
    return [  # a tomato: a red disc with a pale rim, "T" on it
        Circle(x, y, s, main, edge, s * 0.16),
        Text(x, y + letter_size * 0.36, TOPPING_LETTER[t], letter_size, "#ffffff", True),
    ]


def _fraction(x: float, y_bar: float, num: str, den: str, size: float, colour: str) -> list[Shape]:
    """A stacked fraction centred on ``x`` with its bar at ``y_bar``."""
    half = max(len(num), len(den)) * size * 0.36 + size * 0.12
    gap = size * 0.16
    return [
        Text(x, y_bar - gap, num, size, colour, True),
        Line(x - half, y_bar, x + half, y_bar, colour, max(1.2, size * 0.09)),
        Text(x, y_bar + gap + size * 0.72, den, size, colour, True),
    ]


def _outline(shape: str, w: float, hl: bool, sel: bool) -> list[Shape]:
    """Outlines drawn around a card: selected solid, highlighted dashed."""
    out: list[Shape] = []
    both = hl and sel
    specs: list[tuple[str, float, float, tuple[float, ...], str]] = []
    if sel:
        specs.append((SELECTED, 3.0 if both else 4.3, 2.6 if both else 3.6, (), "outline selected"))
    if hl:
        specs.append((HIGHLIGHT, 5.6 if both else 4.3, 2.4 if both else 3.6, (7.0, 4.0), "outline highlight"))
    for colour, off, width, dash, cls in specs:
        if shape == "round":
            out.append(Circle(PAD + 50, PAD + 50, 50 + off, "none", colour, width, dash, cls))
        else:
            out.append(
                Rect(
                    PAD - off,
                    PAD - off,
                    w + 2 * off,
                    CARD_H + 2 * off,
                    8 + off,
                    "none",
                    colour,
                    width,
                    dash,
                    cls,
                )
            )
    return out


def _pizza_shapes(card: Card) -> list[Shape]:
    cx = cy = PAD + 50
    r_hub, r_out = 21.5, 46.0
    shapes: list[Shape] = [Circle(cx, cy, 50, FACE, EDGE, 2.2, cls="face")]
    toppings = [_topping_index(n) for n in card.topping_names]
    symbols: list[Shape] = []
    for i in range(8):
        a0 = -90 + 45 * i
        if i < card.eighths:
            shapes.append(
                Sector(cx, cy, r_hub, r_out, a0, a0 + 45, CRUST, CRUST_EDGE, 1.5, cls="slice filled")
            )
            mid = math.radians(a0 + 22.5)
            for t, rad in zip(toppings, (40.0, 29.0), strict=False):
                symbols.extend(_symbol(t, cx + rad * math.cos(mid), cy + rad * math.sin(mid), 5.0))
        else:
            shapes.append(
                Sector(
                    cx, cy, r_hub, r_out, a0, a0 + 45, "none", EMPTY_EDGE, 1.3, (3.0, 2.5), cls="slice empty"
                )
            )
    shapes.extend(symbols)
    shapes.append(Circle(cx, cy, r_hub - 0.5, "#ffffff", EDGE, 1.6, cls="hub"))
    shapes.extend(_fraction(cx, cy + 1.0, str(card.numerator), str(card.denominator), 16.5, INK))
    return shapes


def _rect_face(fill: str = FACE) -> Rect:
    return Rect(PAD, PAD, RECT_W, CARD_H, 8, fill, EDGE, 2.2, cls="face")


def _order_shapes(card: Card, language: str) -> list[Shape]:
    t = _topping_index(card.topping_names[0])
    _main, edge, tint = TOPPING_STYLE[t]
    cx = PAD + RECT_W / 2
    shapes: list[Shape] = [
        _rect_face(),
        Rect(PAD + 1.1, PAD + CARD_H - 25, RECT_W - 2.2, 23.9, 0, tint),
        Line(PAD + 1.1, PAD + CARD_H - 25, PAD + RECT_W - 1.1, PAD + CARD_H - 25, edge, 1.0),
    ]
    shapes.extend(_symbol(t, PAD + 13, PAD + 14, 6.5))
    word = _say("face.order", language)  # right of the topping symbol, up to the edge
    shapes.append(Text(PAD + RECT_W - 8, PAD + 19, word, _fit(word, 10, RECT_W - 30), MUTED, anchor="end"))
    if card.denominator == 1:
        shapes.append(Text(cx, PAD + 62, str(card.numerator), 42, INK, True))
    else:
        shapes.extend(_fraction(cx, PAD + 47, str(card.numerator), str(card.denominator), 25, INK))
    name = _topping_word(TOPPING_NAMES[t], language)
    shapes.append(Text(cx, PAD + CARD_H - 8, name, _fit(name, 13, RECT_W - 6, True), edge, True))
    return shapes


def _face_line(y: float, text: str, size: float, colour: str = INK) -> Text:
    """One bold line of words across a rectangular card, shrunk to fit its width."""
    return Text(PAD + RECT_W / 2, y, text, _fit(text, size, RECT_W - 8, True), colour, True)


def _special_shapes(card: Card, language: str) -> list[Shape]:
    cx = PAD + RECT_W / 2
    toppings = [_topping_index(n) for n in card.topping_names]
    shapes: list[Shape] = [
        _rect_face("#fdf3d0"),
        _face_line(PAD + 20, _say("face.special_1", language), 14),
        _face_line(PAD + 34, _say("face.special_2", language), 14),
    ]
    for t, x in zip(toppings, (cx - 16, cx + 16), strict=True):
        shapes.extend(_symbol(t, x, PAD + 56, 10))
    first, second = (_topping_word(TOPPING_NAMES[t], language) for t in toppings)
    shapes.append(_face_line(PAD + 81, first, 11, TOPPING_STYLE[toppings[0]][1]))
    shapes.append(_face_line(PAD + 94, "+ " + second, 11, TOPPING_STYLE[toppings[1]][1]))
    return shapes


def _cancel_shapes(language: str) -> list[Shape]:
    cx = PAD + RECT_W / 2
    cy = PAD + 64
    red = "#b3261e"
    r = 19.0
    d = r * math.sqrt(0.5)
    return [
        _rect_face("#f9e9e7"),
        _face_line(PAD + 20, _say("face.cancel_1", language), 14),
        _face_line(PAD + 34, _say("face.cancel_2", language), 12.5),
        # a small order card, crossed out by a "no" sign
        Rect(cx - 8, cy - 11, 16, 22, 2.5, "#ffffff", EDGE, 1.4),
        Line(cx - 4.5, cy - 4, cx + 4.5, cy - 4, EDGE, 1.4),
        Line(cx - 4.5, cy + 1, cx + 4.5, cy + 1, EDGE, 1.4),
        Line(cx - 4.5, cy + 6, cx + 2, cy + 6, EDGE, 1.4),
        Circle(cx, cy, r, "none", red, 4.2),
        Line(cx - d, cy - d, cx + d, cy + d, red, 4.2),
    ]


def _back_shapes(shape: str) -> list[Shape]:
    if shape == "round":
        c = PAD + 50
        return [
            Circle(c, c, 50, BACK, EDGE, 2.2, cls="face back"),
            Circle(c, c, 42, "none", BACK_LINE, 1.6, (4.0, 3.0)),
            Text(c, c + 15, "?", 42, "#ffffff", True),
        ]
    cx = PAD + RECT_W / 2
    return [
        Rect(PAD, PAD, RECT_W, CARD_H, 8, BACK, EDGE, 2.2, cls="face back"),
        Rect(PAD + 6, PAD + 6, RECT_W - 12, CARD_H - 12, 5, "none", BACK_LINE, 1.6, (4.0, 3.0)),
        Text(cx, PAD + 64, "?", 42, "#ffffff", True),
    ]


def _card_shape(card: Card | None, back_shape: str) -> str:
    """ "round" (pizzas, pizza backs) or "rect" (orders, actions, order backs)."""
    if card is None:
        return back_shape
    return "round" if card.kind == "pizza" else "rect"


def cell_width(shape: str) -> float:
    """Width of a card's cell in card units (the height is ``CELL_H``)."""
    return (ROUND_W if shape == "round" else RECT_W) + 2 * PAD


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def card_alt(card: Card | str | None, language: str | None = None) -> str:
    """A card in plain words, for alt text ("pizza 3/8, mushroom and tomato"), in
    ``language`` (default: the package's)."""
    lang = resolve_language(language)
    if card is None or (isinstance(card, str) and card.strip() == "?"):
        return _say("alt.back", lang)
    c = _as_card(card)
    words = [_topping_word(t, lang) for t in c.topping_names]
    if c.kind == "pizza":
        toppings = _say("alt.toppings", lang, first=words[0], second=words[1])
        return _say("alt.pizza", lang, fraction=c.printed, toppings=toppings)
    if c.kind == "order":
        return _say("alt.order", lang, topping=words[0], fraction=c.printed)
    if c.kind == "special":
        toppings = _say("alt.toppings", lang, first=words[0], second=words[1])
        return _say("alt.special", lang, toppings=toppings)
    return _say("alt.cancel", lang)


@lru_cache(maxsize=1024)
def _card_shapes(name: str | None, back_shape: str, hl: bool, sel: bool, language: str) -> tuple[Shape, ...]:
    """The shapes of one card (``name`` None = face down) in its cell, outline included."""
    card = None if name is None else parse_card(name)
    shape = _card_shape(card, back_shape)
    if card is None:
        body = _back_shapes(shape)
    elif card.kind == "pizza":
        body = _pizza_shapes(card)
    elif card.kind == "order":
        body = _order_shapes(card, language)
    elif card.kind == "special":
        body = _special_shapes(card, language)
    else:
        body = _cancel_shapes(language)
    return tuple(body + _outline(shape, cell_width(shape) - 2 * PAD, hl, sel))


# --------------------------------------------------------------------------------------
# SVG back end


def _n(x: float) -> str:
    """A short number for SVG attributes."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def _paint(fill: str, stroke: str, width: float, dash: tuple[float, ...], cls: str) -> str:
    out = f' fill="{fill}"'
    if stroke != "none" and width > 0:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        if dash:
            out += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    if cls:
        out += f' class="{cls}"'
    return out


def _pt(cx: float, cy: float, r: float, deg: float) -> str:
    a = math.radians(deg)
    return f"{_n(cx + r * math.cos(a))} {_n(cy + r * math.sin(a))}"


def _shape_svg(s: Shape) -> str:
    if isinstance(s, Circle):
        return (
            f'<circle cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}"'
            f"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls)}/>"
        )
    if isinstance(s, Sector):
        large = 1 if (s.a1 - s.a0) % 360 > 180 else 0
        d = (
            f"M{_pt(s.cx, s.cy, s.r_out, s.a0)}A{_n(s.r_out)} {_n(s.r_out)} 0 {large} 1 "
            f"{_pt(s.cx, s.cy, s.r_out, s.a1)}"
        )
        if s.r_in > 0:
            d += (
                f"L{_pt(s.cx, s.cy, s.r_in, s.a1)}A{_n(s.r_in)} {_n(s.r_in)} 0 {large} 0 "
                f"{_pt(s.cx, s.cy, s.r_in, s.a0)}Z"
            )
        else:
            d += "Z"
        return f'<path d="{d}"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls)}/>'
    if isinstance(s, Rect):
        rx = f' rx="{_n(s.rx)}"' if s.rx else ""
        return (
            f'<rect x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"{rx}'
            f"{_paint(s.fill, s.stroke, s.width, s.dash, s.cls)}/>"
        )
    if isinstance(s, Line):
        return (
            f'<line x1="{_n(s.x1)}" y1="{_n(s.y1)}" x2="{_n(s.x2)}" y2="{_n(s.y2)}" '
            f'stroke="{s.stroke}" stroke-width="{_n(s.width)}" stroke-linecap="round"/>'
        )
    if isinstance(s, Poly):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        return f'<polygon points="{pts}"{_paint(s.fill, s.stroke, s.width, (), "")}/>'
    attrs = f'x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}" fill="{s.fill}"'
    if s.anchor != "start":
        attrs += f' text-anchor="{s.anchor}"'
    if s.bold:
        attrs += ' font-weight="bold"'
    if s.italic:
        attrs += ' font-style="italic"'
    return f"<text {attrs}>{escape(s.text, quote=False)}</text>"


def _state_words(hl: bool, sel: bool, language: str) -> str:
    out = f" ({_say('alt.selected', language)})" if sel else ""
    return out + (f" ({_say('alt.highlighted', language)})" if hl else "")


@lru_cache(maxsize=1024)
def _card_body_svg(name: str | None, back_shape: str, hl: bool, sel: bool, language: str) -> str:
    return "".join(_shape_svg(s) for s in _card_shapes(name, back_shape, hl, sel, language))


def _card_group(
    name: str | None,
    back_shape: str,
    hl: bool,
    sel: bool,
    x: float,
    y: float,
    scale: float,
    language: str,
    title: str | None = None,
) -> str:
    """One card placed at (x, y) px with the given scale, as an accessible group."""
    kind = "back" if name is None else parse_card(name).kind
    alt = escape(title if title is not None else card_alt(name, language) + _state_words(hl, sel, language))
    cls = f"card {kind}" + (" highlighted" if hl else "") + (" selected" if sel else "")
    data = "" if name is None else f' data-card="{escape(name)}"'
    return (
        f'<g class="{cls}"{data} role="img" aria-label="{alt}" '
        f'transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})">'
        f"<title>{alt}</title>{_card_body_svg(name, back_shape, hl, sel, language)}</g>"
    )


def _svg_doc(
    width: float,
    height: float,
    label: str,
    body: str,
    view_w: float | None = None,
    view_h: float | None = None,
) -> SvgImage:
    vw = width if view_w is None else view_w
    vh = height if view_h is None else view_h
    alt = escape(label)
    return SvgImage(
        f'<svg xmlns="{SVG_NS}" version="1.1" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(vw)} {_n(vh)}" role="img" aria-label="{alt}" '
        f'font-family="sans-serif"><title>{alt}</title>{body}</svg>'
    )


def _card_name(card: Card | str | None) -> str | None:
    """A card's canonical name, or None for a face-down card ("?" or None)."""
    if card is None or (isinstance(card, str) and card.strip() == "?"):
        return None
    return _as_card(card).name


def card_svg(
    card: Card | str,
    *,
    size: int = 96,
    highlight: bool = False,
    selected: bool = False,
    face_down: bool = False,
    title: str | None = None,
    language: str | None = None,
) -> SvgImage:
    """One card as SVG, ``size`` pixels tall (outline margin included).

    ``card`` is a :class:`Card` or its notation ("3/8 mt", "tomato 1/4", "special mt",
    "cancel"); "?" is a face-down card. ``face_down`` hides a known card: its back
    has the card's shape (round for pizzas) and says nothing else about it.
    ``highlight`` draws a dashed outline, ``selected`` a solid one. ``title`` replaces
    the plain-words alt text. The words on the card and in its alt text are in
    ``language`` (default: the package's).
    """
    lang = resolve_language(language)
    name = _card_name(card)
    back_shape = "rect"
    if name is not None and face_down:
        back_shape = _card_shape(parse_card(name), "rect")
        name = None
    shape = _card_shape(None if name is None else parse_card(name), back_shape)
    scale = size / CELL_H
    width = cell_width(shape) * scale
    alt = title if title is not None else card_alt(name, lang) + _state_words(highlight, selected, lang)
    body = _card_group(name, back_shape, highlight, selected, 0, 0, scale, lang, alt)
    return _svg_doc(width, size, alt, body)


def _match_marks(
    cards: Sequence[str | None], wanted: Iterable[int | str | Card], taken: set[int] | None = None
) -> set[int]:
    """Indices to mark: ints are indices; card names mark the first unmarked match each."""
    marks: set[int] = set()
    used = set() if taken is None else taken
    for w in wanted:
        if isinstance(w, int):
            if not isinstance(w, bool) and 0 <= w < len(cards):
                marks.add(w)
            continue
        name = _card_name(w)
        for i, c in enumerate(cards):
            if c is not None and c == name and i not in marks and i not in used:
                marks.add(i)
                break
    return marks


def row_svg(
    cards: Iterable[Card | str],
    *,
    size: int = 72,
    highlight: Iterable[int | str | Card] = (),
    selected: Iterable[int | str | Card] = (),
    label: str | None = None,
    language: str | None = None,
) -> SvgImage:
    """A row of cards, ``size`` pixels tall each, with an optional label above.

    ``highlight`` and ``selected`` list positions in the row (ints) or card names
    (each name marks its first not yet marked occurrence, so duplicates count).
    Card words and alt text are in ``language`` (default: the package's).
    """
    lang = resolve_language(language)
    names = [_card_name(c) for c in cards]
    hl = _match_marks(names, highlight)
    sel = _match_marks(names, selected)
    scale = size / CELL_H
    # text (a label, "no cards") sits on a light cloth so it reads on dark themes too;
    # bare cards need none, they carry their own faces
    cloth = bool(label) or not names
    pad = 6.0 if cloth else 0.0
    top = pad + (24.0 if label else 0.0)
    parts: list[str] = []
    if label:
        parts.append(_shape_svg(Text(pad + 4, pad + 17, label, 16, INK, True, "start")))
    x = pad
    for i, name in enumerate(names):
        shape = _card_shape(None if name is None else parse_card(name), "rect")
        parts.append(_card_group(name, "rect", i in hl, i in sel, x, top, scale, lang))
        x += cell_width(shape) * scale
    no_cards = _say("no_cards", lang)
    if not names:
        parts.append(
            _shape_svg(Text(pad + 4, top + size / 2, no_cards, 14, MUTED, anchor="start", italic=True))
        )
        x = pad + max(90.0, _text_w(no_cards, 14) + 12)
    words = ", ".join(card_alt(n, lang) for n in names) or no_cards
    alt = f"{label}: {words}" if label else _say("alt.row", lang, cards=words)
    width = max(x, pad + _text_w(label, 16, True) + 8 if label else 0.0) + pad
    height = top + size + pad
    if cloth:
        parts.insert(
            0, _shape_svg(Rect(1, 1, width - 2, height - 2, 10, CLOTH, CLOTH_EDGE, 1.5, cls="cloth"))
        )
    return _svg_doc(width, height, alt, "".join(parts))


# --------------------------------------------------------------------------------------
# Numbers


def mixed_number(numerator: int, denominator: int = 8) -> str:
    """An exact fraction as a mixed number in lowest terms: 29/8 -> "3 5/8", -3/8 -> "-3/8"."""
    if denominator == 0:
        raise ValueError("a fraction cannot have denominator 0")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    sign = "-" if numerator < 0 else ""
    whole, rest = divmod(abs(numerator), denominator)
    g = math.gcd(rest, denominator)
    frac = f"{rest // g}/{denominator // g}" if rest else ""
    if whole and frac:
        return f"{sign}{whole} {frac}"
    if frac:
        return sign + frac
    return f"{sign}{whole}"


def _parse_score(text: object) -> tuple[int, int] | None:
    """Read "29/8", "3" or "-3/8" as (numerator, denominator); None if it is not that."""
    s = str(text).strip()
    num, _, den = s.partition("/")
    try:
        n, d = int(num), int(den) if den else 1
    except ValueError:
        return None
    return (n, d) if d > 0 else None


# --------------------------------------------------------------------------------------
# Table layout (pixels), shared by the SVG and matplotlib back ends


@dataclass(frozen=True, slots=True)
class Placed:
    """A card placed on the table: top-left of its cell at (x, y) px, ``scale`` px/unit."""

    name: str | None
    back_shape: str
    x: float
    y: float
    scale: float
    hl: bool = False
    sel: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    width: float
    height: float
    alt: str
    items: tuple[Placed | Shape, ...]
    language: str = "en"


def _count(language: str, n: int) -> str:
    """A card count in number-neutral words ("1 card", "4 cards", "карт: 4")."""
    return _say("one_card", language) if n == 1 else _say("cards", language, n=n)


def _names_list(raw: object, what: str) -> list[str | None]:
    if not isinstance(raw, (list, tuple)):
        raise ValueError(f"view[{what!r}] must be a list of card names, not {type(raw).__name__}")
    return [_card_name(c) for c in raw]


def _table_layout(
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    highlight: Iterable[str | Card],
    size: int,
    language: str | None,
) -> Layout:
    if not isinstance(view, Mapping):
        raise ValueError("table_svg needs the dict of g.view()")
    lang = resolve_language(language)  # ValueError naming the languages for an unknown one
    level = str(view.get("level", "basic"))
    round_hands = level in ("beginner", "whole")
    hand_back = "round" if round_hands else "rect"
    hands = [_names_list(h, "hands") for h in view.get("hands", [])]
    n_players = int(view.get("players", len(hands)) or len(hands))
    while len(hands) < n_players:
        hands.append([])
    piles = [_names_list(p, "piles") for p in view.get("piles", [])]
    scores = list(view.get("scores", []) or [])
    current = view.get("current")
    if not (isinstance(current, int) and not isinstance(current, bool) and 0 <= current < n_players):
        current = None
    stacks: list[list[str | None]] | None = None
    centre: list[str | None] = []
    if "stacks" in view and view["stacks"] is not None:
        stacks = [_names_list(s, "stacks") for s in view["stacks"]]
    else:
        centre = _names_list(view.get("centre", []), "centre")
    deck = view.get("deck", 0)
    deck_n = len(deck) if isinstance(deck, (list, tuple)) else int(deck or 0)

    def player_name(i: int) -> str:
        if names is not None and i < len(names):
            return str(names[i])
        return tr("delissimo.player", lang, n=i + 1)

    # ---- which cards to outline: the player to act first, then the table, then others
    wanted = Counter(n for n in (_card_name(h) for h in highlight) if n is not None)
    hand_hl: list[set[int]] = [set() for _ in hands]
    table_hl: set[int] = set()
    tops: list[str | None] = [s[0] if s else None for s in stacks] if stacks is not None else list(centre)

    def take(cards: Sequence[str | None], marks: set[int]) -> None:
        for i, c in enumerate(cards):
            if c is not None and wanted[c] > 0:
                wanted[c] -= 1
                marks.add(i)

    order = ([current] if current is not None else []) + [i for i in range(len(hands)) if i != current]
    if current is not None:
        take(hands[current], hand_hl[current])
    take(tops, table_hl)
    for i in order[1 if current is not None else 0 :]:
        take(hands[i], hand_hl[i])

    s = size / CELL_H
    round_w = cell_width("round") * s
    rect_w = cell_width("rect") * s
    items: list[Placed | Shape] = []
    margin = 16.0
    y = margin

    # ---- header
    levels = ("beginner", "whole", "basic", "advanced")
    level_word = _say(f"levels.{level}", lang) if level in levels else level
    title = f"{_say('title', lang)} · {_say('level', lang, level=level_word)}"
    over = view.get("over") is True or ("current" in view and view["current"] is None)
    if over:
        current = None
        title += f" · {_say('over', lang)}"
    viewer = view.get("viewer")
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < n_players:
        title += " · " + _say("viewer", lang, name=player_name(viewer))
    items.append(Text(margin, y + 18, title, 19, INK, True, "start"))
    header_w = margin + _text_w(title, 19, True)
    y += 32

    # ---- centre or stacks, then the deck
    items.append(
        Text(
            margin, y + 15, _say("stacks" if stacks is not None else "centre", lang), 15, MUTED, True, "start"
        )
    )
    y += 22
    x = margin
    depth_step = 3.5
    if stacks is not None:
        row_h = size + 4 * depth_step + 20
        for k, stack in enumerate(stacks):
            hidden = min(len(stack) - 1, 4) if stack else 0
            if not stack:
                items.append(
                    Circle(x + round_w / 2, y + size / 2, 50 * s, "none", EMPTY_EDGE, 1.5, (5.0, 4.0))
                )
                empty = _say("empty", lang)
                items.append(
                    Text(
                        x + round_w / 2,
                        y + size / 2 + 5,
                        empty,
                        _fit(empty, 13, round_w - 8),
                        MUTED,
                        italic=True,
                    )
                )
            for d in range(hidden, 0, -1):  # the edges of the cards under the top one
                items.append(Placed(None, "round", x + d * depth_step, y + d * depth_step, s))
            if stack:
                items.append(Placed(stack[0], "round", x, y, s, k in table_hl))
            items.append(
                Text(
                    x + round_w / 2 + hidden * depth_step / 2,
                    y + size + hidden * depth_step + 16,
                    _count(lang, len(stack)),
                    13,
                    MUTED,
                )
            )
            x += round_w + 4 * depth_step + 10
    else:
        row_h = size + 2 * depth_step + 22
        for k, name in enumerate(centre):
            shape = _card_shape(None if name is None else parse_card(name), "round")
            items.append(Placed(name, "round", x, y, s, k in table_hl))
            x += cell_width(shape) * s
        if not centre:
            empty = _say("empty", lang)
            items.append(Text(x, y + size / 2, empty, 14, MUTED, anchor="start", italic=True))
            x += max(80.0, _text_w(empty, 14) + 12)
        x += 10
    # the deck: a few card backs with the count under them
    x += 14
    deck_shape = "round" if round_hands else "rect"
    deck_w = round_w if round_hands else rect_w
    shown = min(deck_n, 3)
    for d in range(shown - 1, -1, -1):
        items.append(Placed(None, deck_shape, x + d * depth_step, y + d * depth_step, s))
    if deck_n == 0:
        if round_hands:
            items.append(Circle(x + deck_w / 2, y + size / 2, 50 * s, "none", EMPTY_EDGE, 1.5, (5.0, 4.0)))
        else:
            items.append(
                Rect(
                    x + PAD * s,
                    y + PAD * s,
                    RECT_W * s,
                    CARD_H * s,
                    8 * s,
                    "none",
                    EMPTY_EDGE,
                    1.5,
                    (5.0, 4.0),
                )
            )
    deck_words = _say("deck_left", lang, n=deck_n)
    items.append(Text(x + deck_w / 2, y + size + 2 * depth_step + 16, deck_words, 13, MUTED))
    # the count is centred under the deck and may be wider than it
    centre_w = max(x + deck_w + 2 * depth_step + 40, x + deck_w / 2 + _text_w(deck_words, 13) / 2 + 16)
    y += row_h + 14

    # ---- players
    inset = 26.0
    to_play = _say("to_play", lang)
    labels = [player_name(i) + (f" · {to_play}" if i == current else "") for i in range(len(hands))]
    no_cards = _say("no_cards", lang)
    hand_ws = []
    for i, hand in enumerate(hands):
        w = sum(cell_width(_card_shape(None if c is None else parse_card(c), hand_back)) * s for c in hand)
        if not hand:
            w = _text_w(no_cards, 14) + 12
        hand_ws.append(max(w, 110.0, _text_w(labels[i], 16, i == current) + 12))
    hands_w = max(hand_ws, default=110.0)
    pile_x = margin + inset + hands_w + 22
    # the pile box: its heading, a card count, its pizza, and the score when it differs
    pile_lines: list[list[tuple[str, float, bool]]] = []
    for i in range(len(hands)):
        pile = piles[i] if i < len(piles) else []
        eighths = sum(parse_card(c).eighths for c in pile if c is not None and parse_card(c).kind == "pizza")
        pizza_key = "pizza_one" if 0 < eighths <= 8 else "pizzas"
        lines = [
            (_say("pile", lang), 14.0, True),
            (_count(lang, len(pile)), 14.0, False),
            (_say(pizza_key, lang, x=mixed_number(eighths, 8)), 15.0, True),
        ]
        if i < len(scores):
            val = _parse_score(scores[i])
            if val is None:
                lines.append((_say("score", lang, x=str(scores[i])), 14.0, False))
            elif val[0] * 8 != eighths * val[1]:
                lines.append((_say("score", lang, x=mixed_number(*val)), 14.0, False))
        pile_lines.append(lines)
    pile_w = max([190.0] + [_text_w(t, z, b) + 20 for lines in pile_lines for t, z, b in lines])
    width = max(pile_x + pile_w + margin, centre_w + margin, header_w + margin, 360.0)
    # a fourth line (a score that differs from the pile) needs a taller box and block
    pile_h = max(size - 4.0, 82.0) if any(len(lines) > 3 for lines in pile_lines) else size - 4.0
    block_h = max(size + 40.0, 26 + 2 + pile_h + 8)
    for i, hand in enumerate(hands):
        is_current = i == current
        top = y
        if is_current:
            items.append(
                Rect(
                    margin - 8,
                    top - 6,
                    width - 2 * margin + 16,
                    block_h + 4,
                    10,
                    TURN_FILL,
                    TURN_EDGE,
                    2.0,
                    cls="turn",
                )
            )
            items.append(Rect(margin - 8, top - 6, 7, block_h + 4, 3, TURN_EDGE))
            items.append(
                Poly(((margin + 4, top + 5), (margin + 18, top + 12.5), (margin + 4, top + 20)), INK)
            )
        items.append(Text(margin + inset, top + 18, labels[i], 16, INK, is_current, "start"))
        x = margin + inset
        cy = top + 26
        for k, c in enumerate(hand):
            items.append(Placed(c, hand_back, x, cy, s, k in hand_hl[i]))
            x += cell_width(_card_shape(None if c is None else parse_card(c), hand_back)) * s
        if not hand:
            items.append(Text(x, cy + size / 2, no_cards, 14, MUTED, anchor="start", italic=True))
        py = cy + 16
        items.append(Rect(pile_x, cy + 2, pile_w, pile_h, 8, "#ffffff", CLOTH_EDGE, 1.2))
        for (words, text_size, bold), dy in zip(pile_lines[i], (4.0, 23.0, 43.0, 61.0), strict=False):
            colour = MUTED if dy == 4.0 else INK
            items.append(Text(pile_x + 10, py + dy, words, text_size, colour, bold, "start"))
        y += block_h + 10

    height = y + margin - 6
    # alt text of the whole table
    parts = [_say("table_alt", lang, level=level_word)]
    if current is not None:
        parts.append(f"{player_name(current)} {to_play}")
    parts.append(deck_words)
    return Layout(width, height, "; ".join(parts), tuple(items), lang)


def table_svg(
    view: Mapping[str, Any],
    *,
    names: list[str] | None = None,
    highlight: Iterable[str | Card] = (),
    size: int = 72,
    language: str | None = None,
) -> SvgImage:
    """The whole table of a position, from ``g.view()`` (any player's view).

    Shows the centre (6+) or the three pizza stacks with their depth and counts
    (8+/10+), the draw deck, every hand in a row under its player's name (``names``
    or "Player 1", ...; the player to act is marked with an arrow, a band and bold
    type), and every pile as a card count and its pizza as a mixed number.
    ``highlight`` lists card names to outline (e.g. a capture's cards): each name
    outlines its first not yet outlined occurrence, looking in the hand of the player
    to act first, then at the open table cards, then in the other hands.
    Face-down cards ("?") are drawn as card backs. Every word (labels, card faces, alt
    text) is in ``language`` (default: the package's).
    """
    layout = _table_layout(view, names, highlight, size, language)
    parts = [
        _shape_svg(Rect(1, 1, layout.width - 2, layout.height - 2, 14, CLOTH, CLOTH_EDGE, 2.0, cls="cloth"))
    ]
    for item in layout.items:
        if isinstance(item, Placed):
            parts.append(
                _card_group(
                    item.name, item.back_shape, item.hl, item.sel, item.x, item.y, item.scale, layout.language
                )
            )
        else:
            parts.append(_shape_svg(item))
    return _svg_doc(layout.width, layout.height, layout.alt, "".join(parts))


# --------------------------------------------------------------------------------------
# matplotlib back end


def _mpl_dash(dash: tuple[float, ...], width_pt: float, unit_pt: float) -> Any:
    if not dash:
        return "solid"
    return (0, tuple(d * unit_pt / max(width_pt, 0.1) for d in dash))


def _mpl_draw(ax: Axes, shapes: Iterable[Shape], ox: float, oy: float, scale: float, unit_pt: float) -> None:
    """Draw shapes (card units) at offset (ox, oy) and ``scale`` on a y-down Axes."""
    from matplotlib.patches import Circle as MCircle
    from matplotlib.patches import FancyBboxPatch, Polygon, Wedge

    def kw(fill: str, stroke: str, width: float, dash: tuple[float, ...]) -> dict[str, Any]:
        lw = width * scale * unit_pt if stroke != "none" else 0.0
        return {
            "zorder": z(),
            "facecolor": "none" if fill == "none" else fill,
            "edgecolor": "none" if stroke == "none" else stroke,
            "linewidth": lw,
            "linestyle": _mpl_dash(dash, lw, scale * unit_pt),
        }

    def z() -> float:
        # one rising zorder for every shape, so later shapes cover earlier ones as in SVG
        # (matplotlib otherwise draws all text above all patches)
        n = len(ax.patches) + len(ax.lines) + len(ax.texts)
        return 1.0 + n * 1e-4

    def p(x: float, y: float) -> tuple[float, float]:
        return ox + x * scale, oy + y * scale

    for s in shapes:
        if isinstance(s, Circle):
            ax.add_patch(MCircle(p(s.cx, s.cy), s.r * scale, **kw(s.fill, s.stroke, s.width, s.dash)))
        elif isinstance(s, Sector):
            ax.add_patch(
                Wedge(
                    p(s.cx, s.cy),
                    s.r_out * scale,
                    s.a0,
                    s.a1,
                    width=(s.r_out - s.r_in) * scale if s.r_in > 0 else None,
                    **kw(s.fill, s.stroke, s.width, s.dash),
                )
            )
        elif isinstance(s, Rect):
            x, y = p(s.x, s.y)
            rx = min(s.rx, s.w / 2, s.h / 2) * scale
            ax.add_patch(
                FancyBboxPatch(
                    (x + rx, y + rx),
                    s.w * scale - 2 * rx,
                    s.h * scale - 2 * rx,
                    boxstyle=f"round,pad={rx},rounding_size={rx}" if rx > 0 else "square,pad=0",
                    **kw(s.fill, s.stroke, s.width, s.dash),
                )
            )
        elif isinstance(s, Line):
            (x1, y1), (x2, y2) = p(s.x1, s.y1), p(s.x2, s.y2)
            ax.plot(
                [x1, x2],
                [y1, y2],
                color=s.stroke,
                linewidth=s.width * scale * unit_pt,
                solid_capstyle="round",
                zorder=z(),
            )
        elif isinstance(s, Poly):
            ax.add_patch(
                Polygon([p(x, y) for x, y in s.points], closed=True, **kw(s.fill, s.stroke, s.width, ()))
            )
        else:
            ax.text(
                *p(s.x, s.y),
                s.text,
                fontsize=s.size * scale * unit_pt * 0.96,
                color=s.fill,
                ha={"start": "left", "end": "right"}.get(s.anchor, "center"),
                va="baseline",
                fontweight="bold" if s.bold else "normal",
                fontstyle="italic" if s.italic else "normal",
                family="sans-serif",
                zorder=z(),
            )


def _prepare_axes(ax: Axes | None, width: float, height: float, inches_per_unit: float) -> Axes:
    import matplotlib.pyplot as plt

    if ax is None:
        fig = plt.figure(figsize=(width * inches_per_unit, height * inches_per_unit))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)  # y points down, as in SVG
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def _points_per_unit(ax: Axes, width: float, height: float) -> float:
    box = ax.get_window_extent()  # display pixels
    dpi = float(ax.figure.dpi)
    return float(min(box.width / width, box.height / height) * 72.0 / dpi)


def plot_card(
    card: Card | str,
    ax: Axes | None = None,
    *,
    highlight: bool = False,
    selected: bool = False,
    face_down: bool = False,
    language: str | None = None,
) -> Axes:
    """Draw one card with matplotlib patches (for print/export); returns the Axes."""
    lang = resolve_language(language)
    name = _card_name(card)
    back_shape = "rect"
    if name is not None and face_down:
        back_shape = _card_shape(parse_card(name), "rect")
        name = None
    shape = _card_shape(None if name is None else parse_card(name), back_shape)
    w = cell_width(shape)
    ax = _prepare_axes(ax, w, CELL_H, 0.02)
    ax.set_label(card_alt(name, lang))
    shapes = _card_shapes(name, back_shape, highlight, selected, lang)
    _mpl_draw(ax, shapes, 0, 0, 1.0, _points_per_unit(ax, w, CELL_H))
    return ax


def plot_table(
    view: Mapping[str, Any],
    ax: Axes | None = None,
    names: list[str] | None = None,
    *,
    highlight: Iterable[str | Card] = (),
    size: int = 72,
    language: str | None = None,
) -> Axes:
    """Draw the table of ``g.view()`` with matplotlib patches; returns the Axes."""
    layout = _table_layout(view, names, highlight, size, language)
    ax = _prepare_axes(ax, layout.width, layout.height, 1 / 90)
    ax.set_label(layout.alt)
    unit = _points_per_unit(ax, layout.width, layout.height)
    _mpl_draw(
        ax, [Rect(1, 1, layout.width - 2, layout.height - 2, 14, CLOTH, CLOTH_EDGE, 2.0)], 0, 0, 1.0, unit
    )
    for item in layout.items:
        if isinstance(item, Placed):
            _mpl_draw(
                ax,
                _card_shapes(item.name, item.back_shape, item.hl, item.sel, layout.language),
                item.x,
                item.y,
                item.scale,
                unit,
            )
        else:
            _mpl_draw(ax, [item], 0, 0, 1.0, unit)
    return ax
