"""Tsvetik pictures as SVG: flower cards, the fields with their empty cells, the bank, and
each player's collection grouped by colour. Built from :mod:`teachgames.pictures` shapes.

A card never relies on colour alone: each colour has its own number of petals AND petal
shape (pointed or round), and the colour's initial in the pupil's language sits in the
flower's centre (К for красный, Ч for червен), in letters a classroom reads from the back:
in the table picture at its default width (1280 px) 35 px on a field and 29 px in a
collection, and in the widget, whose cards are at least 84 px tall, at least 24 px.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.i18n import resolve_language
from ..pictures import (
    INK,
    KEY_NUMBER,
    Circle,
    Poly,
    Rect,
    Shape,
    SvgImage,
    Text,
    block_indent,
    empty_slot,
    fit_size,
    player_block,
    shape_svg,
    svg_doc,
    text_width,
)
from .cards import COLOURS, parse_colour
from .messages import colour_initial, colour_word, field_label, number, player_label, say, sentence

#: Fill of each colour (red ... violet): distinct in hue and lightness.
FILLS: tuple[str, ...] = ("#d62728", "#f28e1c", "#f2c300", "#2ca02c", "#5fb4e8", "#3b3f9e", "#9b4fc0")
#: Petals of each colour: (how many, "pointed" or "round"): count and shape both differ.
PETALS: tuple[tuple[int, str], ...] = (
    (3, "pointed"),
    (4, "round"),
    (5, "pointed"),
    (6, "round"),
    (7, "pointed"),
    (8, "round"),
    (9, "pointed"),
)
FACE = "#fffdf6"
EDGE = "#6b5d4f"
BACK = "#527596"  # the bank's back: 3:1 on light and dark pages (was #40607f)
EMPTY = "#857867"  # an empty place 3:1 on the field and the page (was #9c8f7e: 2.8:1 on the field)
HIGHLIGHT = "#d9480f"
FIELD_FILL = "#eef5e6"
FIELD_EDGE = "#6f8c5f"  # a field's outline 3:1 on a white page (was #8aa77a: 2.7:1)
TAKEN_FILL = "#f1ede4"

#: Card sizes in picture units (1 unit = 1 px at the default width of 1280).
FIELD_CARD = (84.0, 110.0)
SMALL_CARD = (70.0, 92.0)
PICTURE_W = 1280.0
#: The key numbers (the bank's count, each player's score and count of each colour): the
#: picture is 1280 units wide and a cell output shows it 828 px wide at 1280 x 720, so 38
#: units show at 24.6 px, readable at the back of the room.
KEY_SIZE = 38.0
#: Where a player's cards start, right of the name and the score.
COLLECTION_X = 300.0


def card_shapes(
    colour: int, x: float, y: float, w: float, h: float, language: str, highlight: bool = False
) -> list[Shape]:
    """One flower card with its top-left corner at (x, y)."""
    out: list[Shape] = []
    if highlight:
        out.append(Rect(x - 5, y - 5, w + 10, h + 10, 12, "none", HIGHLIGHT, 5))
    out.append(Rect(x, y, w, h, 8, FACE, EDGE, 2))
    cx, cy = x + w / 2, y + h / 2
    r = 0.48 * w
    count, kind = PETALS[colour]
    fill = FILLS[colour]
    for k in range(count):
        a = math.radians(-90 + 360 * k / count)
        if kind == "round":
            d, pr = 0.7 * r, min(0.3 * r, 0.7 * r * math.sin(math.pi / count) * 1.05)
            out.append(Circle(cx + d * math.cos(a), cy + d * math.sin(a), pr, fill, EDGE, 1.2))
        else:
            half = math.pi / count * 0.85
            tip = (cx + r * math.cos(a), cy + r * math.sin(a))
            left = (cx + 0.55 * r * math.cos(a - half), cy + 0.55 * r * math.sin(a - half))
            right = (cx + 0.55 * r * math.cos(a + half), cy + 0.55 * r * math.sin(a + half))
            out.append(Poly(((cx, cy), left, tip, right), fill, EDGE, 1.2))
    out.append(Circle(cx, cy, 0.30 * w, "#ffffff", EDGE, 1.5))
    size = 0.42 * w
    out.append(Text(cx, cy + size * 0.36, colour_initial(colour, language), size, INK, bold=True))
    return out


signed = number  # a whole number with a real minus sign (−20, not -20)


def card_alt(card: str, language: str | None = None) -> str:
    """A card's alt text: "red card (R)"."""
    c = parse_colour(card)
    lang = resolve_language(language)
    return say("draw.card_alt", lang, colour=colour_word(c, lang), letter=colour_initial(c, lang))


def card_svg(
    card: str, language: str | None = None, height: float = 110.0, highlight: bool = False, count: int = 0
) -> SvgImage:
    """One card as a standalone SVG ``height`` px tall (the widget's card pictures); with
    ``count`` > 1 a big "×3" badge says how many cards of the colour it stands for."""
    lang = resolve_language(language)
    w, h = FIELD_CARD
    shapes = card_shapes(parse_colour(card), 6, 6, w, h, lang, highlight)
    label = card_alt(card, lang)
    if count > 1:
        badge = 38 + 21 * len(str(count))
        shapes += [
            # 30 units: 25 px or more in a widget's 104 px card at 1280 x 720; the badge
            # as wide as its text ("×2", "×12")
            Rect(6 + w + 2 - badge, 6 + h - 40, badge, 42, 10, INK, "#ffffff", 2),
            Text(6 + w + 2 - badge / 2, 6 + h - 8, f"×{count}", 30, "#ffffff", bold=True),
        ]
        label = say("draw.card_count", lang, card=label, n=count)
    body = "".join(shape_svg(s) for s in shapes)
    scale = height / (h + 12)
    return svg_doc((w + 12) * scale, height, label, body, w + 12, h + 12)


#: The scoring table's sizes (picture units, shown 1:1 up to a cell output's 828 px): its
#: numbers are key numbers a pupil reads from the back, its words 24 units.
TABLE_NUMBER, TABLE_WORDS, TABLE_CELL, TABLE_ROW = 34.0, 24.0, 76.0, 52.0


def score_table_svg(one: Sequence[int], different: Sequence[int], language: str | None = None) -> SvgImage:
    """The scoring table as a picture: the points of a group of 1, 2, ... cards of one
    colour (``one``) and of different colours (``different``), the way the lesson's table
    reads, for a screen whose question needs it."""
    lang = resolve_language(language)
    heads = [say(f"draw.table_{k}", lang) for k in ("cards", "one", "different")]
    label_w = max(text_width(h, TABLE_WORDS) for h in heads) + 24
    cols = max(len(one), len(different))
    shapes: list[Shape] = []
    rows = (heads[0], list(range(1, cols + 1))), (heads[1], list(one)), (heads[2], list(different))
    for r, (head, values) in enumerate(rows):
        y = 4 + r * TABLE_ROW
        fill = "#eef0f3" if r == 0 else "#ffffff"
        shapes.append(Rect(4, y, label_w + cols * TABLE_CELL, TABLE_ROW, 0, fill, "#9aa0a6", 1.0))
        words_y = y + TABLE_ROW / 2 + TABLE_WORDS * 0.36
        shapes.append(Text(14, words_y, head, TABLE_WORDS, INK, anchor="start"))
        for i, v in enumerate(values):
            x = 4 + label_w + i * TABLE_CELL
            shapes.append(Rect(x, y, TABLE_CELL, TABLE_ROW, 0, "none", "#9aa0a6", 1.0))
            shapes.append(Text(x + TABLE_CELL / 2, y + TABLE_ROW / 2 + TABLE_NUMBER * 0.36, str(v),
                               TABLE_NUMBER, INK, bold=r == 0, cls=KEY_NUMBER))  # fmt: skip
    alt = say("draw.table_alt", lang, one=", ".join(map(str, one)), different=", ".join(map(str, different)))
    width, height = label_w + cols * TABLE_CELL + 8, 3 * TABLE_ROW + 8
    return svg_doc(width, height, alt, "".join(shape_svg(sh) for sh in shapes))


def back_svg(language: str | None = None, height: float = 110.0) -> SvgImage:
    """The back of a card (the bank) as a standalone SVG: a seven-petal flower outline."""
    w, h = FIELD_CARD
    shapes: list[Shape] = [Rect(6, 6, w, h, 8, BACK, EDGE, 2)]
    cx, cy, r = 6 + w / 2, 6 + h / 2, 0.3 * w
    for k in range(7):
        a = math.radians(-90 + 360 * k / 7)
        shapes.append(Circle(cx + r * math.cos(a), cy + r * math.sin(a), 0.13 * w, FILLS[k], "#ffffff", 1.5))
    shapes.append(Circle(cx, cy, 0.14 * w, "#ffffff", "none", 0))
    body = "".join(shape_svg(s) for s in shapes)
    scale = height / (h + 12)
    return svg_doc((w + 12) * scale, height, say("draw.back", language), body, w + 12, h + 12)


def _empty_cell(x: float, y: float, w: float, h: float) -> list[Shape]:
    """An empty cell of a field: the shared empty slot, in the field's dashes."""
    return empty_slot(x, y, w, h, rx=8, edge=EMPTY, width=2, dash=(8, 6))


def empty_cell_svg(language: str | None = None, height: float = 110.0) -> SvgImage:
    """An empty cell of a field as a standalone SVG (the widget's empty slots)."""
    w, h = FIELD_CARD
    body = "".join(shape_svg(s) for s in _empty_cell(6, 6, w, h))
    scale = height / (h + 12)
    return svg_doc((w + 12) * scale, height, say("draw.empty_cell", language), body, w + 12, h + 12)


def _status(view: Mapping[str, Any], lang: str, labels: Sequence[str]) -> str:
    """The status line: the round (the last one), who is to act; or that the game is over."""
    if view.get("over"):
        return say("draw.over", lang)
    status = say("draw.round", lang, n=view["round"])
    if view.get("last_round"):
        status += " · " + say("draw.last_round", lang)
    current = view.get("current")
    if isinstance(current, int):
        status += " · " + say("draw.to_act", lang, name=labels[current])
    return status


def _field_shapes(view: Mapping[str, Any], f: int, x: float, y: float, field_w: float, lang: str,
                  labels: Sequence[str], highlight: bool) -> list[Shape]:  # fmt: skip
    """Field ``f`` at (x, y): its box (taken or open, outlined when highlighted), its
    heading, its cards and its empty cells."""
    cw, ch = FIELD_CARD
    gap, pad = 8.0, 12.0
    cards, owner = view["fields"][f], view["owners"][f]
    shapes: list[Shape] = []
    box_h = ch + 2 * pad
    fill = TAKEN_FILL if owner is not None else FIELD_FILL
    shapes.append(Rect(x, y, field_w, box_h, 14, fill, FIELD_EDGE, 2))
    if highlight:
        shapes.append(Rect(x - 6, y - 6, field_w + 12, box_h + 12, 18, "none", HIGHLIGHT, 5))
    head = sentence(field_label(f, lang))
    if owner is not None:
        head += " · " + say("draw.taken_by", lang, name=labels[owner])
    shapes.append(
        Text(x + 6, y - 10, head, fit_size(head, 24, field_w - 8, True), INK, bold=True, anchor="start")
    )
    for i in range(int(view["cells"])):
        cx = x + pad + i * (cw + gap)
        if i < len(cards):
            shapes += card_shapes(parse_colour(cards[i]), cx, y + pad, cw, ch, lang)
        else:
            shapes += _empty_cell(cx, y + pad, cw, ch)
    return shapes


def _collection_shapes(view: Mapping[str, Any], p: int, y: float, inner: float, lang: str,
                       labels: Sequence[str]) -> list[Shape]:  # fmt: skip
    """Player ``p``'s row: the player block with the score, and the cards grouped by colour."""
    sw, sh = SMALL_CARD
    scores = view.get("scores", [])
    row_h = sh + 24
    notes = [say("draw.score", lang, score=signed(scores[p]))] if p < len(scores) else []
    # the shared player block: its frame, the turn band and arrow, the name, the score a
    # key number under it; "first move" a third, smaller line (a secondary word)
    shapes = player_block(
        10, y - 6, inner + 20, row_h + 12, labels[p], below=notes, current=p == view.get("current"),
        size=28, bold=True, room=COLLECTION_X - 50, below_size=KEY_SIZE, below_key=True,
    )  # fmt: skip
    if view.get("first") == p and not view.get("over"):
        first = say("draw.first", lang)
        x = 10 + block_indent(28)
        shapes.append(Text(x, y + 110, first, fit_size(first, 22, COLLECTION_X - 60), INK, anchor="start"))
    held = list(view["collected"][p])
    taken = view["taken"][p] if p < len(view["taken"]) else None
    if taken is not None:
        held += view["fields"][taken]
    counts = [held.count(c) for c in COLOURS]
    gx = COLLECTION_X
    if not held:
        shapes.append(Text(gx, y + 48, say("draw.no_cards", lang), 24, INK, anchor="start", italic=True))
    for c, n in enumerate(counts):
        if not n:
            continue
        shapes += card_shapes(c, gx, y, sw, sh, lang)
        times = f"×{n}"
        shapes.append(Text(gx + sw + 6, y + sh / 2 + 13, times, KEY_SIZE, INK, True, "start", cls=KEY_NUMBER))
        gx += sw + 6 + text_width(times, KEY_SIZE, True) + 12
    return shapes


def table_svg(
    view: Mapping[str, Any],
    language: str | None = None,
    names: Sequence[str] | None = None,
    highlight_field: int | None = None,
    width: float = PICTURE_W,
) -> SvgImage:
    """The whole table from ``game.view()``: status line, fields, bank, collections."""
    lang = resolve_language(language)
    players = int(view["players"])
    labels = [player_label(p, lang, names) for p in range(players)]
    shapes: list[Shape] = []
    cw, ch = FIELD_CARD
    gap, pad = 8.0, 12.0
    cells = int(view["cells"])
    fields: list[list[str]] = view["fields"]
    field_w = cells * (cw + gap) - gap + 2 * pad
    fields_w = len(fields) * (field_w + 20) - 20
    inner = max(PICTURE_W - 40, fields_w)
    # ---- status line
    y = 40.0
    status = _status(view, lang, labels)
    bank = say("draw.bank", lang, n=view["bank"])
    room = min(inner - text_width(bank, KEY_SIZE) - 40, inner * 0.62)
    shapes.append(Text(20, y, status, fit_size(status, 30, room, True), INK, bold=True, anchor="start"))
    shapes.append(Text(20 + inner, y, bank, KEY_SIZE, INK, anchor="end", cls=KEY_NUMBER))
    y += 24
    drawn = view.get("drawn")
    if drawn is not None:
        words = say("draw.drawn", lang)
        shapes.append(Text(20 + inner - cw - 16, y + ch / 2 + 10, words, 26, INK, anchor="end"))
        shapes += card_shapes(parse_colour(drawn), 20 + inner - cw, y, cw, ch, lang, highlight=True)
        y += ch + 16
    # ---- the fields
    y += 40
    x = 20.0
    for f in range(len(fields)):
        shapes += _field_shapes(view, f, x, y, field_w, lang, labels, f == highlight_field)
        x += field_w + 20
    y += ch + 2 * pad + 30
    # ---- the players' collections, grouped by colour
    for p in range(players):
        shapes += _collection_shapes(view, p, y, inner, lang, labels)
        y += SMALL_CARD[1] + 24 + 20
    height = y + 10
    total_w = inner + 40
    body = "".join(shape_svg(s) for s in shapes)
    label = table_words(view, lang, labels)
    scale = width / total_w
    return svg_doc(width, height * scale, label, body, total_w, height)


def table_words(view: Mapping[str, Any], language: str, labels: Sequence[str]) -> str:
    """The table in words (the picture's alt text): fields and what each holds."""
    parts = [say("draw.bank", language, n=view["bank"])]
    for f, cards in enumerate(view["fields"]):
        held = ", ".join(colour_word(parse_colour(c), language) for c in cards) or say("no_cards", language)
        owner = view["owners"][f]
        extra = f" ({say('draw.taken_by', language, name=labels[owner])})" if owner is not None else ""
        parts.append(f"{sentence(field_label(f, language))}{extra}: {held}")
    return say("title", language) + ". " + "; ".join(parts)


def static_html(game: Any, language: str | None = None) -> str:
    """Self-contained HTML (inline SVG, no script): the table, the last move, the scores."""
    lang = resolve_language(language)
    parts = [f'<div class="teachgames-static" lang="{lang}" style="max-width:1280px">']
    parts.append(str(game.picture(language=lang)))
    if game.history:
        words = say("draw.last_move", lang, move=game.describe(game.history[-1], language=lang))
        parts.append(f"<p><strong>{html.escape(words)}</strong></p>")
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(player_label(p, lang))}</th>"
        f"<td>{signed(s)}</td></tr>"
        for p, s in enumerate(game.scores())
    )
    parts.append(f"<table><caption style='text-align:left'>{html.escape(say('draw.scores', lang))}</caption>")
    parts.append(rows + "</table></div>")
    return "".join(parts)


__all__ = [
    "FILLS",
    "PETALS",
    "card_alt",
    "card_shapes",
    "card_svg",
    "empty_cell_svg",
    "score_table_svg",
    "static_html",
    "table_svg",
]
