"""Delissimo card faces as shapes, and cards in plain words.

A card is a tuple of shape records in card units (see :mod:`.style`): its face, its
toppings, and its outlines (selected solid, highlighted dashed), so nothing is told by
colour alone. A topping decides whether a capture is legal, so each card shows it once
as a badge big enough to read from the back of a classroom (a white disc with a dark
rim, the topping's shape on it *and* its letter: mushroom cap "M", pepper ring "P",
tomato disc "T"; at least 20 px where a lesson or the game shows the card); a pizza's
slices carry small marks of the same shapes, without letters, as decoration. The badges
are drawn over the outlines, so a selected card's ring never crosses a letter. Card
faces carry their own background, and a badge its own white disc, so both read on light
and dark pages. The shapes of each distinct card and state are built once and cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...core.i18n import resolve_language, tr
from ...pictures import Circle, Line, Rect, Sector, Shape, Text, fit_size
from ..cards import TOPPING_NAMES, Card, parse_card
from .style import (
    BACK,
    BACK_LINE,
    CARD_H,
    CRUST,
    CRUST_EDGE,
    EDGE,
    EMPTY_EDGE,
    FACE,
    HIGHLIGHT,
    INK,
    MUTED,
    PAD,
    RECT_W,
    SELECTED,
    TOPPING_LETTER,
    TOPPING_STYLE,
    cell_width,
    say,
    topping_word,
)

__all__ = ["as_card", "card_alt", "card_name", "card_shape", "card_shapes", "state_words", "toppings_words"]


def _topping_index(name: str) -> int:
    return TOPPING_NAMES.index(name)


def _letter(t: int, language: str) -> str:
    """Topping ``t``'s initial in ``language`` (``delissimo.draw.letter.<topping>``;
    M, P, T when the catalogue has none)."""
    try:
        return tr(f"delissimo.draw.letter.{TOPPING_NAMES[t]}", language)
    except KeyError:
        return TOPPING_LETTER[t]


def _symbol(t: int, x: float, y: float, s: float, language: str | None = "en") -> list[Shape]:
    """Topping ``t`` (0 mushroom, 1 pepper, 2 tomato) as a shape with its letter (none
    when ``language`` is None: a slice's small mark, whose letter nobody could read)."""
    main, edge, tint = TOPPING_STYLE[t]
    letter_size = s * 1.3
    letter = "" if language is None else _letter(t, language)
    shapes: list[Shape]
    if t == 0:  # a mushroom: a dome cap on a short stem, "M" on the cap
        stem_w = s * 0.75
        shapes = [
            Rect(x - stem_w / 2, y + s * 0.05, stem_w, s * 0.85, s * 0.2, "#f1e3c8", edge, s * 0.16),
            Sector(x, y + s * 0.25, 0, s * 1.12, 180, 360, main, edge, s * 0.16),
        ]
        words = Text(x, y + s * 0.08, letter, letter_size * 0.82, "#ffffff", True)
    elif t == 1:  # a pepper: a green ring, "P" inside
        shapes = [Circle(x, y, s * 0.86, tint, main, s * 0.38)]
        words = Text(x, y + letter_size * 0.36, letter, letter_size, edge, True)
    else:  # a tomato: a red disc with a pale rim, "T" on it
        shapes = [Circle(x, y, s, main, edge, s * 0.16)]
        words = Text(x, y + letter_size * 0.36, letter, letter_size, "#ffffff", True)
    return [*shapes, words] if letter else shapes


#: A topping badge's radius (card units). A card cell is 114 units tall; the smallest a
#: lesson draws a card is 80 px (0.70 px a unit) and the game 84 px: a badge 30 units
#: across shows at 21 px and more, readable from the back of a classroom.
BADGE_RADIUS = 15.0


def _badge(t: int, x: float, y: float, language: str) -> list[Shape]:
    """Topping ``t`` as a badge centred on (x, y): a white disc with a dark rim (it reads
    on the card, on a light page and on a dark one) carrying the topping's shape and letter."""
    return [
        Circle(x, y, BADGE_RADIUS, "#ffffff", EDGE, 2.0, cls=f"topping {TOPPING_NAMES[t]}"),
        *_symbol(t, x, y, BADGE_RADIUS * 0.8, language),
    ]


def _fraction(x: float, y_bar: float, num: str, den: str, size: float, colour: str) -> list[Shape]:
    """A stacked fraction centred on ``x`` with its bar at ``y_bar``."""
    half = max(len(num), len(den)) * size * 0.36 + size * 0.12
    gap = size * 0.14
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


#: A topping mark's size on a pizza slice (card units; 5 before the projector issue): a
#: decoration, the badges carry the toppings' letters.
PIZZA_MARK = 6.0
#: The hub that carries a pizza's amount (card units; 21.5 before the hub's numbers grew).
HUB_RADIUS = 28.0
#: Where the topping marks sit, between the hub (28) and the crust (46).
MARK_RADIUS = 37.5
#: The amounts a pupil reads from the back of the room (card units; a card cell is 114
#: units, drawn 104 px tall at the least in a widget: 27 units are 24.6 px there).
PIZZA_FRACTION = 27.0
PIZZA_SLICES = 28.0
ORDER_FRACTION = 28.0


def _pizza_shapes(card: Card, language: str = "en", slices: bool = False, amount: bool = True) -> list[Shape]:
    """A pizza card: its filled and empty slices, topping marks, and in the hub its amount:
    the fraction as printed, or (``slices``, for pupils who count slices and do not yet
    read fractions) the number of slices alone; with ``amount`` False the hub is empty
    (a picture whose slices the pupil is asked to count)."""
    cx = cy = PAD + 50
    r_hub, r_out = HUB_RADIUS, 46.0
    shapes: list[Shape] = [Circle(cx, cy, 50, FACE, EDGE, 2.2, cls="face")]
    toppings = [_topping_index(n) for n in card.topping_names]
    symbols: list[Shape] = []
    for i in range(8):
        a0 = -90 + 45 * i
        if i < card.eighths:
            shapes.append(
                Sector(cx, cy, r_hub, r_out, a0, a0 + 45, CRUST, CRUST_EDGE, 1.5, cls="slice filled")
            )
            # the two marks side by side on one circle, between the hub and the crust
            for t, at in zip(toppings, (a0 + 11.5, a0 + 33.5), strict=False):
                a = math.radians(at)
                x, y = cx + MARK_RADIUS * math.cos(a), cy + MARK_RADIUS * math.sin(a)
                symbols.extend(_symbol(t, x, y, PIZZA_MARK, None))
        else:
            shapes.append(
                Sector(
                    cx, cy, r_hub, r_out, a0, a0 + 45, "none", EMPTY_EDGE, 1.3, (3.0, 2.5), cls="slice empty"
                )
            )
    shapes.extend(symbols)
    shapes.append(Circle(cx, cy, r_hub - 0.5, "#ffffff", EDGE, 1.6, cls="hub"))
    if not amount:
        pass
    elif slices:
        shapes.append(Text(cx, cy + PIZZA_SLICES * 0.36, str(card.eighths), PIZZA_SLICES, INK, True))
    else:
        num, den = str(card.numerator), str(card.denominator)
        shapes.extend(_fraction(cx, cy + 0.5, num, den, PIZZA_FRACTION, INK))
    return shapes


def _pizza_badges(card: Card, language: str) -> list[Shape]:
    """A pizza's two toppings as badges in the top corners of its cell, outside the
    slices the pupil counts (they touch only the crust's rim)."""
    inset = PAD - 6 + BADGE_RADIUS
    right = cell_width("round") - inset
    toppings = [_topping_index(n) for n in card.topping_names]
    return [s for t, x in zip(toppings, (inset, right), strict=False) for s in _badge(t, x, inset, language)]


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
    badge_x = PAD + BADGE_RADIUS + 1
    shapes.extend(_badge(t, badge_x, PAD + BADGE_RADIUS + 1, language))
    word = say("face.order", language)  # right of the topping's badge, up to the edge
    room = RECT_W - (badge_x + BADGE_RADIUS - PAD) - 6
    shapes.append(Text(PAD + RECT_W - 4, PAD + 19, word, fit_size(word, 10, room), MUTED, anchor="end"))
    if card.denominator == 1:
        shapes.append(Text(cx, PAD + 62, str(card.numerator), 42, INK, True))
    else:
        num, den = str(card.numerator), str(card.denominator)
        shapes.extend(_fraction(cx, PAD + 47, num, den, ORDER_FRACTION, INK))
    name = topping_word(TOPPING_NAMES[t], language)
    shapes.append(Text(cx, PAD + CARD_H - 8, name, fit_size(name, 13, RECT_W - 6, True), edge, True))
    return shapes


def _face_line(y: float, text: str, size: float, colour: str = INK) -> Text:
    """One bold line of words across a rectangular card, shrunk to fit its width."""
    return Text(PAD + RECT_W / 2, y, text, fit_size(text, size, RECT_W - 8, True), colour, True)


def _special_shapes(card: Card, language: str) -> list[Shape]:
    cx = PAD + RECT_W / 2
    toppings = [_topping_index(n) for n in card.topping_names]
    shapes: list[Shape] = [
        _rect_face("#fdf3d0"),
        _face_line(PAD + 20, say("face.special_1", language), 14),
        _face_line(PAD + 34, say("face.special_2", language), 14),
    ]
    for t, x in zip(toppings, (cx - 16, cx + 16), strict=True):
        shapes.extend(_badge(t, x, PAD + 57.5, language))
    first, second = (topping_word(TOPPING_NAMES[t], language) for t in toppings)
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
        _face_line(PAD + 20, say("face.cancel_1", language), 14),
        _face_line(PAD + 34, say("face.cancel_2", language), 12.5),
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


def card_shape(card: Card | None, back_shape: str) -> str:
    """ "round" (pizzas, pizza backs) or "rect" (orders, actions, order backs)."""
    if card is None:
        return back_shape
    return "round" if card.kind == "pizza" else "rect"


def as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def card_name(card: Card | str | None) -> str | None:
    """A card's canonical name, or None for a face-down card ("?" or None)."""
    if card is None or (isinstance(card, str) and card.strip() == "?"):
        return None
    return as_card(card).name


def shown_face(card: Card | str | None, face_down: bool) -> tuple[str | None, str, str]:
    """What a card position shows: (name or None when face down, shape, back shape).

    A hidden known card keeps its own shape on the back (round for pizzas), so the
    pupil sees what kind of card it is and nothing more.
    """
    name = card_name(card)
    back_shape = "rect"
    if name is not None and face_down:
        back_shape = card_shape(parse_card(name), "rect")
        name = None
    return name, card_shape(None if name is None else parse_card(name), back_shape), back_shape


def card_alt(card: Card | str | None, language: str | None = None, slices: bool = False) -> str:
    """A card in plain words, for alt text and a card button's name ("3 eighths pizza,
    mushroom and tomato": the amount first, said in words, as the card shows it; with
    ``slices``, at 6+: "3 slices of pizza, mushroom and tomato"), in ``language`` (default:
    the package's)."""
    lang = resolve_language(language)
    if card is None or (isinstance(card, str) and card.strip() == "?"):
        return say("alt.back", lang)
    c = as_card(card)
    if c.kind == "pizza" and slices:
        return say("alt.pizza_slices", lang, n=c.eighths, toppings=toppings_words(c, lang))
    amount = amount_words(c.numerator, c.denominator, lang)
    if c.kind == "pizza":
        if amount:
            return say("alt.pizza_words", lang, amount=amount, toppings=toppings_words(c, lang))
        return say("alt.pizza", lang, fraction=c.printed, toppings=toppings_words(c, lang))
    if c.kind == "order":
        topping = topping_word(c.topping_names[0], lang)
        if amount:
            return say("alt.order_words", lang, topping=topping, amount=amount)
        return say("alt.order", lang, topping=topping, fraction=c.printed)
    if c.kind == "special":
        return say("alt.special", lang, toppings=toppings_words(c, lang))
    return say("alt.cancel", lang)


#: The denominators a Delissimo card prints, said as words ("3 eighths", "1 quarter").
AMOUNT_WORDS = (2, 4, 8)


def amount_words(numerator: int, denominator: int, language: str) -> str:
    """A card's fraction as a screen reader should say it ("3 eighths", "3 восьмых",
    "3 осми"); "" for a denominator the cards never print."""
    if denominator not in AMOUNT_WORDS:
        return ""
    return say(f"alt.amount.{denominator}", language, n=numerator)


def toppings_words(card: Card | str, language: str | None = None) -> str:
    """A pizza's (or special order's) two toppings in words: "mushroom and tomato"."""
    lang = resolve_language(language)
    first, second = (topping_word(t, lang) for t in as_card(card).topping_names)
    return say("alt.toppings", lang, first=first, second=second)


def state_words(hl: bool, sel: bool, language: str) -> str:
    """The card's state for its alt text: " (selected)", " (highlighted)", both or none."""
    out = f" ({say('alt.selected', language)})" if sel else ""
    return out + (f" ({say('alt.highlighted', language)})" if hl else "")


@lru_cache(maxsize=1024)
def card_shapes(
    name: str | None,
    back_shape: str,
    hl: bool,
    sel: bool,
    language: str,
    slices: bool = False,
    amount: bool = True,
) -> tuple[Shape, ...]:
    """The shapes of one card (``name`` None = face down) in its cell, outline included;
    ``slices`` writes a pizza's amount as its number of slices (6+)."""
    card = None if name is None else parse_card(name)
    shape = card_shape(card, back_shape)
    if card is None:
        body = _back_shapes(shape)
    elif card.kind == "pizza":  # the badges over the outlines: no ring crosses a letter
        body = _pizza_shapes(card, language, slices, amount)
        outline = _outline(shape, cell_width(shape) - 2 * PAD, hl, sel)
        return tuple(body + outline + _pizza_badges(card, language))
    elif card.kind == "order":
        body = _order_shapes(card, language)
    elif card.kind == "special":
        body = _special_shapes(card, language)
    else:
        body = _cancel_shapes(language)
    return tuple(body + _outline(shape, cell_width(shape) - 2 * PAD, hl, sel))
