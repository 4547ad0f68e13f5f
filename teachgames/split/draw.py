"""Split pictures (SVG strings, no matplotlib): half-cards, matches, the discard row, the
score pads, and the whole table; plus the static HTML fallback of a game.

A half-card is drawn as half of a card: three straight sides with rounded corners and one
zig-zag **cut edge**. Its rank, its suit symbol **and** the suit's letter are printed, so a
pupil never needs colour to tell a suit (red and black are a help, not the only sign). A
match is its two halves side by side, cut edges together (a perfect match looks like a
whole card again), with its type written under it. A score pad is a grid: one row per
type, one cell per box showing the box's value; marked boxes are crossed out and the first
open box is framed. Sizes suit a projector: card text is at least 18 px.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.i18n import resolve_language
from ..pictures import (
    INK,
    KEY_NUMBER,
    Line,
    Poly,
    Rect,
    Shape,
    SvgImage,
    Text,
    block_content_top,
    block_indent,
    deck_shapes,
    empty_slot,
    player_block,
    shape_svg,
    svg_doc,
    text_width,
)
from .cards import SUIT_COLOUR, SUIT_SYMBOL, face
from .messages import player_label, say
from .rules import ROWS

#: One half-card, in px.
HALF_W, HALF_H = 48.0, 92.0
RED = "#b3261e"
CARD_FILL = "#ffffff"
CARD_EDGE = "#5f6368"
BACK_FILL = "#527596"  # 3:1 on a dark page too (#3d5a80 was 2.7:1 on #212121); white "?" 4.8:1
HIGHLIGHT = "#e8710a"
MUTED = "#5f6368"
CLOTH = "#eef5ee"
CLOTH_EDGE = "#b7c9b7"
TYPE_MARK = {"perfect": "●●", "strong": "●○", "weak": "○○"}
CELL_W, CELL_H = 40.0, 30.0
GAP = 10.0
#: The key numbers of the table and the pad (counts, scores, the pad's values and sums):
#: the table is 1180 units wide and a cell output shows it 828 px wide at 1280 x 720, so
#: 34.5 units show at 24.2 px, readable at the back of the room.
KEY_SIZE = 34.5
#: The half-cards of the table drawn this much larger than the widget's: their ranks (24
#: units, "10" 23) then show at 24 px or more.
TABLE_SCALE = 1.5
#: A pad's row names (words, not numbers: smaller than the numbers beside them).
PAD_LABEL = 20.0
#: A standalone pad's row names, each written over its row (ten boxes of key numbers are
#: wider than a lesson's cell, which shrinks the pad to 0.81-0.93: 26 units show at 21 px).
PAD_NAME_ABOVE = 26.0
#: A player's name over the block.
NAME_SIZE = 26.0


def _ink(card: str) -> str:
    return RED if SUIT_COLOUR.get(card[-1:], "black") == "red" else INK


def card_alt(card: str, language: str | None = None) -> str:
    """A half-card in words for alt text: "7 of hearts (7h)"."""
    if card == "?":
        return say("draw.hidden_card", language)
    return say("draw.card_alt", language, rank=card[:-1], suit=say(f"suit.{card[-1:]}", language), code=card)


def half_shapes(
    card: str,
    x: float,
    y: float,
    side: str = "left",
    highlight: bool = False,
    scale: float = 1.0,
    language: str | None = None,
) -> list[Shape]:
    """One half-card at (x, y): ``side`` "left" has its cut edge on the right, "right" on the left.
    ``card`` "?" is a hidden card (its back). Its rank and suit letter are printed in the
    alphabet of ``language`` (ru В/Д/К/Т, bg В/Д/П/А), as a printed deck there shows them."""
    w, h = HALF_W * scale, HALF_H * scale
    teeth, amp = 7, 4.0 * scale
    cut_x = x + w if side == "left" else x
    far_x = x if side == "left" else x + w
    zig = [
        (cut_x + (amp if i % 2 else 0) * (-1 if side == "left" else 1), y + h * i / teeth)
        for i in range(teeth + 1)
    ]
    r = 6 * scale
    corners = [
        (far_x + (r if side == "left" else -r), y + h),
        (far_x, y + h - r),
        (far_x, y + r),
        (far_x + (r if side == "left" else -r), y),
    ]
    points = tuple([(cut_x, y), *zig[1:], *corners])
    hidden = card == "?"
    edge = HIGHLIGHT if highlight else CARD_EDGE
    shapes: list[Shape] = [Poly(points, BACK_FILL if hidden else CARD_FILL, edge, 3.0 if highlight else 1.2)]
    mid = x + w / 2 + (-amp / 2 if side == "left" else amp / 2)
    if hidden:
        shapes.append(Text(mid, y + h / 2 + 9 * scale, "?", 26 * scale, "#ffffff", bold=True))
        return shapes
    ink = _ink(card)
    suit = card[-1:]
    rank, letter = face(card, language)
    # 24 units ("10": 23) are 24 px or more in a widget's 104 px card at 1280 x 720
    size = (24 if len(rank) == 1 else 23) * scale
    shapes.append(Text(mid, y + 27 * scale, rank, size, ink, bold=True, cls=KEY_NUMBER))
    shapes.append(Text(mid, y + 58 * scale, SUIT_SYMBOL.get(suit, suit), 28 * scale, ink))
    shapes.append(Text(mid, y + 82 * scale, letter, 16 * scale, ink, italic=True))
    return shapes


def _svg(shapes: Sequence[Shape]) -> str:
    return "".join(shape_svg(s) for s in shapes)


def card_svg(
    card: str,
    highlight: bool = False,
    selected: bool = False,
    language: str | None = None,
    side: str = "left",
    scale: float = 1.0,
) -> SvgImage:
    """One half-card as a standalone SVG (for the widget's card buttons)."""
    shapes = half_shapes(card, 2, 2, side, highlight or selected, scale, language)
    if selected:
        shapes.insert(0, Rect(0, 0, HALF_W * scale + 4, HALF_H * scale + 4, 6, "#fde7c8"))
    return svg_doc(HALF_W * scale + 4, HALF_H * scale + 4, card_alt(card, language), _svg(shapes))


def match_shapes(
    cards: Sequence[str],
    kind: str,
    x: float,
    y: float,
    language: str | None,
    highlight: Sequence[bool] = (False, False),
    scale: float = 1.0,
) -> list[Shape]:
    """A match: two halves cut edge to cut edge, its type written under it."""
    a, b = cards
    shapes = half_shapes(a, x, y, "left", highlight[0], scale, language)
    shapes += half_shapes(b, x + HALF_W * scale, y, "right", highlight[1], scale, language)
    label = f"{TYPE_MARK.get(kind, '')} {say(f'type.{kind}', language)}"
    shapes.append(Text(x + HALF_W * scale, y + HALF_H * scale + 18, label, 15 * max(1.0, scale * 0.9), INK))
    return shapes


MATCH_W = 2 * HALF_W + 14


def _row_names(language: str | None, room: float | None) -> tuple[float, dict[str, list[str]]]:
    """The pad's row names and their size: on one line at :data:`PAD_LABEL` if they fit
    ``room``, else each on two lines (split at the space nearest its middle), smaller only
    if they still do not fit."""
    names = {row: [say(f"row.{row}", language)] for row in ROWS}

    def widest(size: float) -> float:
        return max(text_width(line, size) for lines in names.values() for line in lines)

    if room is None or widest(PAD_LABEL) <= room:
        return PAD_LABEL, names
    for row, (words,) in list(names.items()):
        spaces = [i for i, ch in enumerate(words) if ch == " "]
        if spaces:
            cut = min(spaces, key=lambda i: abs(i - len(words) / 2))
            names[row] = [words[:cut], words[cut + 1 :]]
    return max(14.0, min(PAD_LABEL, PAD_LABEL * room / widest(PAD_LABEL))), names


def _pad_value(row: str, v: int) -> str:
    """A pad value as printed: the negative row's with a minus sign."""
    return str(v) if row != "negative" or v == 0 else f"−{v}"


def _pad_cell(row: str, v: int, cx: float, ry: float, marked: bool, first_open: bool,
              cell: tuple[float, float]) -> list[Shape]:  # fmt: skip
    """One box of a pad row (``cell`` wide and tall): crossed out when marked, outlined when
    it is the first open one; its value a key number."""
    cell_w, cell_h = cell
    fill = "#d9d9d9" if marked else ("#fff4d6" if first_open else "#ffffff")
    shapes: list[Shape] = [
        Rect(
            cx,
            ry,
            cell_w - 3,
            cell_h,
            3,
            fill,
            "#202124" if first_open else "#9aa0a6",
            2.5 if first_open else 1.0,
        )
    ]
    text = _pad_value(row, v)
    shapes.append(
        Text(
            cx + (cell_w - 3) / 2,
            ry + cell_h / 2 + KEY_SIZE * 0.36,
            text,
            KEY_SIZE,
            MUTED if marked else INK,
            bold=first_open,
            cls=KEY_NUMBER,
        )
    )
    if marked:
        shapes.append(Line(cx + 4, ry + 4, cx + cell_w - 7, ry + cell_h - 4, INK, 2.0))
        shapes.append(Line(cx + cell_w - 7, ry + 4, cx + 4, ry + cell_h - 4, INK, 2.0))
    return shapes


def pad_shapes(
    marks: Mapping[str, int],
    table: Mapping[str, Sequence[int]],
    x: float,
    y: float,
    language: str | None,
    sums: bool = True,
    room: float | None = None,
    names_above: bool = False,
) -> tuple[list[Shape], float, float]:
    """A score pad as a grid at (x, y): returns the shapes, width and height. ``sums=False``
    leaves out each row's "= value" and the total (a pad a pupil is asked to add up). Its
    numbers are key numbers (:data:`KEY_SIZE`); in ``room`` units the row names shrink,
    unless ``names_above`` writes each over its row at :data:`PAD_NAME_ABOVE` (a pad on its
    own, ten boxes wide, which a lesson's cell shrinks: its names stay 20 px or more)."""
    cols = max(len(table[row]) for row in ROWS)
    printed = [_pad_value(row, v) for row in ROWS for v in table[row]]
    cell_w = max(CELL_W, max(text_width(v, KEY_SIZE, True) for v in printed) + 10)
    cell_h = max(CELL_H, KEY_SIZE * 1.3)
    sums_w = max(text_width(f"= {v}", KEY_SIZE, True) for v in printed) + 16
    # the row names are words: wrapped, then smaller, never the numbers, to fit ``room``
    avail = None if room is None else room - cols * cell_w - (sums_w if sums else 4) - 12
    if names_above:
        label, names = PAD_NAME_ABOVE, {row: [say(f"row.{row}", language)] for row in ROWS}
        label_w, name_h = 0.0, PAD_NAME_ABOVE * 1.25
    else:
        label, names = _row_names(language, avail)
        label_w = max(text_width(line, label) for lines in names.values() for line in lines) + 12
        name_h = 0.0
    shapes: list[Shape] = []
    total = 0
    for r, row in enumerate(ROWS):
        values = table[row]
        k = min(int(marks.get(row, 0)), len(values) - 1)
        ry = y + r * (cell_h + 4 + name_h) + name_h
        lines = names[row]
        top = ry + cell_h / 2 + label * 0.36 - (len(lines) - 1) * label * 0.55
        if names_above:
            top = ry - label * 0.3
        for n, line in enumerate(lines):
            shapes.append(Text(x, top + n * label * 1.1, line, label, INK, anchor="start"))
        for i, v in enumerate(values):
            shapes += _pad_cell(row, v, x + label_w + i * cell_w, ry, i < k, i == k, (cell_w, cell_h))
        value = values[k]
        total += -value if row == "negative" else value
        sx = x + label_w + cols * cell_w + 8
        shown = f"= {_pad_value(row, value)}"
        if sums:
            sy = ry + cell_h / 2 + KEY_SIZE * 0.36
            shapes.append(Text(sx, sy, shown, KEY_SIZE, INK, bold=True, anchor="start", cls=KEY_NUMBER))
    width = label_w + cols * cell_w + (sums_w if sums else 4)
    ty = y + len(ROWS) * (cell_h + 4 + name_h) + (KEY_SIZE + 4 if sums else 0)
    if not sums:
        return shapes, width, ty - y
    shapes.append(
        Text(
            x,
            ty,
            say("draw.pad_total", language, total=str(total).replace("-", "−")),
            KEY_SIZE,
            INK,
            bold=True,
            anchor="start",
            cls=KEY_NUMBER,
        )
    )
    return shapes, width, ty - y + 10


def pad_svg(
    marks: Mapping[str, int],
    table: Mapping[str, Sequence[int]] | None = None,
    language: str | None = None,
    sums: bool = True,
) -> SvgImage:
    """One score pad as a standalone SVG (``sums=False``: no row sums, no total)."""
    from .rules import default_pad

    # a cell output shows it 828 px wide at most: the row names go over their rows
    shapes, w, h = pad_shapes(marks, table or default_pad(), 8, 8, language, sums, names_above=True)
    return svg_doc(w + 16, h + 16, say("draw.pad_alt", language), _svg(shapes))


def _names(view: Mapping[str, Any], names: Sequence[str] | None, language: str) -> list[str]:
    n = int(view.get("players", len(view.get("hands", []))))
    return [player_label(p, language, names) for p in range(n)]


class _Outline:
    """The cards still to outline: each card named in ``highlight`` once, in drawing order."""

    def __init__(self, cards: Sequence[str]) -> None:
        self.left = list(cards)

    def __call__(self, card: str) -> bool:
        if card in self.left:
            self.left.remove(card)
            return True
        return False


@dataclass(frozen=True, slots=True)
class _Blocks:
    """How the players' blocks are laid out: the cards' left edge, the room for them
    beside the score pad, and how many halves and matches fit in a row."""

    width: float
    left: float
    pad_w: float
    match_w: float
    per_row: int
    per_hand_row: int
    table: Mapping[str, Sequence[int]]
    pads: Sequence[Any]


def _status(view: Mapping[str, Any], who: Sequence[str], lang: str) -> str:
    cur = view.get("current")
    if view.get("over"):
        return say("draw.status_over", lang, rounds=view.get("rounds", 3))
    return say(
        "draw.status",
        lang,
        round=view.get("round", 1),
        rounds=view.get("rounds", 3),
        player=who[cur] if isinstance(cur, int) else "",
        phase=say(f"draw.phase.{view.get('phase', 'draw')}", lang),
    )


def _draw_and_row(view: Mapping[str, Any], y: float, width: float, hl: _Outline, lang: str,
                  shapes: list[Shape]) -> float:  # fmt: skip
    """The draw pile and the discard row (their counts key numbers); returns the y under them."""
    hw, hh = HALF_W * TABLE_SCALE, HALF_H * TABLE_SCALE
    draw_n = int(view.get("draw", 0))
    pile_words = say("draw.pile", lang, n=draw_n)
    row_x = 12 + max(hw + 20, text_width(pile_words, KEY_SIZE)) + 30
    base = y + KEY_SIZE * 0.8
    shapes.append(Text(12, base, pile_words, KEY_SIZE, INK, anchor="start", cls=KEY_NUMBER))
    row_words = say("draw.row", lang, n=len(view.get("discard", [])))
    shapes.append(Text(row_x, base, row_words, KEY_SIZE, INK, anchor="start", cls=KEY_NUMBER))
    y += KEY_SIZE + 10
    # the draw pile: the shared deck of half-card backs, its count on the top one
    # plain backs (no "?": the count on the top one says what they are)
    back = lambda bx, by: half_shapes("?", bx, by, scale=TABLE_SCALE)[:1]  # noqa: E731
    shapes += deck_shapes(12, y, hw, hh, draw_n, back, inset=3, badge_size=KEY_SIZE)
    row = list(view.get("discard", []))
    if not row:
        shapes += empty_slot(row_x, y, hw, hh, rx=6)
    room = width - row_x - 30
    step = 30.0 * TABLE_SCALE if len(row) * 52 * TABLE_SCALE > room else 52.0 * TABLE_SCALE
    if len(row) * step > room:
        step = max(22.0, room / max(len(row), 1))
    for i, card in enumerate(row):
        cx = row_x + i * step
        shapes += half_shapes(card, cx, y, "left", hl(card), scale=TABLE_SCALE, language=lang)
        shapes.append(Text(cx + 14, y + hh + 16, str(i + 1), 12, MUTED))
    return y + hh + 30


def _pad_room(width: float) -> float:
    """The room for a score pad in a block of a table ``width`` units wide."""
    return width - 24 - (4 + block_indent(NAME_SIZE))


def _blocks(view: Mapping[str, Any], width: float, lang: str) -> _Blocks:
    table = view.get("pad_table") or {}
    pads = view.get("pads") or []
    pad_w = 0.0
    if table:
        _, pad_w, _ = pad_shapes({}, table, 0, 0, lang, room=_pad_room(width))
    # a block's cards line up with its player's name, right of the turn arrow; the score
    # pad goes under them (its numbers are too big to sit beside them)
    left = 4 + block_indent(NAME_SIZE)
    left_w = width - 24 - left
    label = 15 * TABLE_SCALE * 0.9
    match_w = max(
        [MATCH_W * TABLE_SCALE]
        + [text_width(f"{TYPE_MARK[k]} {say(f'type.{k}', lang)}", label) + 16 for k in TYPE_MARK]
    )
    per_row = max(1, int(left_w // match_w))
    per_hand_row = max(1, int(left_w // (HALF_W * TABLE_SCALE + 6)))
    return _Blocks(width, left, pad_w, match_w, per_row, per_hand_row, table, pads)


def _player_block(view: Mapping[str, Any], p: int, who: Sequence[str], b: _Blocks, y: float, hl: _Outline,
                  lang: str, shapes: list[Shape]) -> float:  # fmt: skip
    """Player ``p``'s block (hand, matches, then the score and the score pad); returns the
    y under it."""
    hand = view.get("hands", [])[p]
    matches = view.get("matches", [[]] * len(who))[p]
    cur, width, left = view.get("current"), b.width, b.left
    hw, hh = HALF_W * TABLE_SCALE, HALF_H * TABLE_SCALE
    hand_rows = max(1, -(-len(hand) // b.per_hand_row))
    match_rows = -(-len(matches) // b.per_row)
    hy = block_content_top(y, NAME_SIZE)
    my = hy + KEY_SIZE + 6 + hand_rows * (hh + 8) + 6
    py = my + (match_rows * (hh + 40) if matches else 34)
    parts: list[Shape] = []
    if b.pad_w and p < len(b.pads):
        score = (view.get("scores") or [None] * len(who))[p]
        if score is not None:
            words = say("draw.score", lang, score=str(score).replace("-", "−"))
            parts.append(Text(left, py + KEY_SIZE * 0.8, words, KEY_SIZE, INK, True, "start", cls=KEY_NUMBER))
        pad, _, pad_h = pad_shapes(b.pads[p], b.table, left, py + KEY_SIZE + 10, lang, room=_pad_room(width))
        parts += pad
        py += KEY_SIZE + 10 + pad_h + 8
    block_h = py - y + 8
    acting = p == cur and not view.get("over")
    tags = [say("draw.dealer", lang)] if p == view.get("dealer") else []
    if acting:
        tags.append(say("draw.to_act", lang))
    # the shared player block: the turn band and arrow for the player to act
    shapes += player_block(
        4, y, width - 8, block_h, who[p], tags=tags, current=acting, size=NAME_SIZE, bold=True,
        fill=CLOTH, edge=CLOTH_EDGE, room=width - 60,
    )  # fmt: skip
    count = say("draw.hand", lang, n=len(hand))
    shapes.append(Text(left, hy + KEY_SIZE * 0.8, count, KEY_SIZE, MUTED, anchor="start", cls=KEY_NUMBER))
    for i, card in enumerate(hand):
        cx = left + (i % b.per_hand_row) * (hw + 6)
        cy = hy + KEY_SIZE + 6 + (i // b.per_hand_row) * (hh + 8)
        shapes += half_shapes(card, cx, cy, "left", card != "?" and hl(card), TABLE_SCALE, lang)
    if not matches:
        shapes.append(Text(left + 4, my + 20, say("draw.no_matches", lang), 20, MUTED, anchor="start"))
    for j, m in enumerate(matches):
        mx = left + (j % b.per_row) * b.match_w
        mrow = my + (j // b.per_row) * (hh + 40)
        cards = list(m["cards"])
        shapes += match_shapes(cards, m["type"], mx, mrow, lang, (hl(cards[0]), hl(cards[1])), TABLE_SCALE)
    shapes += parts
    return y + block_h + GAP


def table_svg(
    view: Mapping[str, Any],
    language: str | None = None,
    names: Sequence[str] | None = None,
    highlight: Sequence[str] = (),
    width: float = 1180.0,
) -> SvgImage:
    """The whole table of ``game.view(...)``: status line, draw pile and discard row, then a
    block per player (hand, matches, score pad). Cards named in ``highlight`` are outlined."""
    lang = resolve_language(language)
    who = _names(view, names, lang)
    hl = _Outline(highlight)
    shapes: list[Shape] = []
    y = 10.0
    status = _status(view, who, lang)
    shapes.append(Text(12, y + 22, say("title", lang) + " — " + status, 22, INK, bold=True, anchor="start"))
    y = _draw_and_row(view, y + 40, width, hl, lang, shapes)
    blocks = _blocks(view, width, lang)
    for p in range(len(view.get("hands", []))):
        y = _player_block(view, p, who, blocks, y, hl, lang, shapes)
    alt = say("draw.alt", lang, status=status)
    return svg_doc(width, y + 4, alt, _svg(shapes), cls="teachgames-split")


def static_html(game: Any, language: str | None = None) -> str:
    """Self-contained HTML (inline SVG, no script): the table, the last move, the scores."""
    lang = resolve_language(language)
    parts = [f'<div class="teachgames-static" lang="{html.escape(lang)}">']
    last = game.history[-1] if game.history else None
    parts.append(str(game.picture(language=lang, highlight=game.cards_used(last) if last else ())))
    if last is not None:
        words = say("draw.last_move", lang, move=game.describe(last, lang))
        parts.append(f"<p><strong>{html.escape(words)}</strong></p>")
    if game.is_over() or game.round_scores():
        try:
            parts.append(game.explain_scores(language=lang).html())
        except Exception:  # a picture must never break a notebook
            parts.append(f"<pre>{html.escape(game.explain_scores(language=lang).text())}</pre>")
    parts.append("</div>")
    return "".join(parts)
