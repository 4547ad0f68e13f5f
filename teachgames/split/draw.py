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
    Line,
    Poly,
    Rect,
    Shape,
    SvgImage,
    Text,
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
    shapes.append(Text(mid, y + 27 * scale, rank, (24 if len(rank) == 1 else 23) * scale, ink, bold=True))
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
    shapes.append(Text(x + HALF_W * scale, y + HALF_H * scale + 18, label, 15, INK))
    return shapes


MATCH_W = 2 * HALF_W + 14


def _pad_cell(row: str, v: int, cx: float, ry: float, marked: bool, first_open: bool) -> list[Shape]:
    """One box of a pad row: crossed out when marked, outlined when it is the first open one."""
    fill = "#d9d9d9" if marked else ("#fff4d6" if first_open else "#ffffff")
    shapes: list[Shape] = [
        Rect(
            cx,
            ry,
            CELL_W - 3,
            CELL_H,
            3,
            fill,
            "#202124" if first_open else "#9aa0a6",
            2.5 if first_open else 1.0,
        )
    ]
    text = str(v) if row != "negative" or v == 0 else f"−{v}"
    shapes.append(
        Text(
            cx + (CELL_W - 3) / 2,
            ry + CELL_H * 0.68,
            text,
            14,
            MUTED if marked else INK,
            bold=first_open,
        )
    )
    if marked:
        shapes.append(Line(cx + 4, ry + 4, cx + CELL_W - 7, ry + CELL_H - 4, INK, 2.0))
        shapes.append(Line(cx + CELL_W - 7, ry + 4, cx + 4, ry + CELL_H - 4, INK, 2.0))
    return shapes


def pad_shapes(
    marks: Mapping[str, int],
    table: Mapping[str, Sequence[int]],
    x: float,
    y: float,
    language: str | None,
    sums: bool = True,
) -> tuple[list[Shape], float, float]:
    """A score pad as a grid at (x, y): returns the shapes, width and height. ``sums=False``
    leaves out each row's "= value" and the total (a pad a pupil is asked to add up)."""
    label_w = max(text_width(say(f"row.{row}", language), 15) for row in ROWS) + 12
    cols = max(len(table[row]) for row in ROWS)
    shapes: list[Shape] = []
    total = 0
    for r, row in enumerate(ROWS):
        values = table[row]
        k = min(int(marks.get(row, 0)), len(values) - 1)
        ry = y + r * (CELL_H + 4)
        shapes.append(Text(x, ry + CELL_H * 0.7, say(f"row.{row}", language), 15, INK, anchor="start"))
        for i, v in enumerate(values):
            shapes += _pad_cell(row, v, x + label_w + i * CELL_W, ry, i < k, i == k)
        value = values[k]
        total += -value if row == "negative" else value
        sx = x + label_w + cols * CELL_W + 8
        shown = f"= −{value}" if row == "negative" and value else f"= {value}"
        if sums:
            shapes.append(Text(sx, ry + CELL_H * 0.7, shown, 15, INK, bold=True, anchor="start"))
    width = label_w + cols * CELL_W + (70 if sums else 4)
    ty = y + len(ROWS) * (CELL_H + 4) + (20 if sums else 0)
    if not sums:
        return shapes, width, ty - y
    shapes.append(
        Text(
            x,
            ty,
            say("draw.pad_total", language, total=str(total).replace("-", "−")),
            16,
            INK,
            bold=True,
            anchor="start",
        )
    )
    return shapes, width, ty - y + 6


def pad_svg(
    marks: Mapping[str, int],
    table: Mapping[str, Sequence[int]] | None = None,
    language: str | None = None,
    sums: bool = True,
) -> SvgImage:
    """One score pad as a standalone SVG (``sums=False``: no row sums, no total)."""
    from .rules import default_pad

    shapes, w, h = pad_shapes(marks, table or default_pad(), 8, 8, language, sums)
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
    """The draw pile and the discard row; returns the y under them."""
    shapes.append(
        Text(12, y + 16, say("draw.pile", lang, n=int(view.get("draw", 0))), 17, INK, anchor="start")
    )
    shapes.append(
        Text(230, y + 16, say("draw.row", lang, n=len(view.get("discard", []))), 17, INK, anchor="start")
    )
    y += 26
    # the draw pile: the shared deck of half-card backs, its count on the top one
    draw_n = int(view.get("draw", 0))
    shapes += deck_shapes(12, y, HALF_W, HALF_H, draw_n, lambda bx, by: half_shapes("?", bx, by), inset=3)
    row = list(view.get("discard", []))
    if not row:
        shapes += empty_slot(230, y, HALF_W, HALF_H, rx=6)
    step = 30.0 if len(row) * 52 > width - 260 else 52.0
    if len(row) * step > width - 260:
        step = max(22.0, (width - 260) / max(len(row), 1))
    for i, card in enumerate(row):
        cx = 230 + i * step
        shapes += half_shapes(card, cx, y, "left", hl(card), language=lang)
        shapes.append(Text(cx + 14, y + HALF_H + 16, str(i + 1), 12, MUTED))
    return y + HALF_H + 30


def _blocks(view: Mapping[str, Any], width: float, lang: str) -> _Blocks:
    table = view.get("pad_table") or {}
    pads = view.get("pads") or []
    pad_w = 0.0
    if table:
        _, pad_w, _ = pad_shapes({}, table, 0, 0, lang)
    # a block's cards line up with its player's name, right of the turn arrow
    left = 4 + block_indent(19)
    left_w = width - 24 - left - (pad_w + 16 if pad_w else 0)
    match_w = max(
        [MATCH_W] + [text_width(f"{TYPE_MARK[k]} {say(f'type.{k}', lang)}", 15) + 16 for k in TYPE_MARK]
    )
    per_row = max(1, int(left_w // match_w))
    per_hand_row = max(1, int(left_w // (HALF_W + 6)))
    return _Blocks(width, left, pad_w, match_w, per_row, per_hand_row, table, pads)


def _player_block(view: Mapping[str, Any], p: int, who: Sequence[str], b: _Blocks, y: float, hl: _Outline,
                  lang: str, shapes: list[Shape]) -> float:  # fmt: skip
    """Player ``p``'s block (hand, matches, score pad); returns the y under it."""
    hand = view.get("hands", [])[p]
    matches = view.get("matches", [[]] * len(who))[p]
    cur, width, left = view.get("current"), b.width, b.left
    hand_rows = max(1, -(-len(hand) // b.per_hand_row))
    match_rows = max(1, -(-len(matches) // b.per_row))
    left_h = 34 + 20 + hand_rows * (HALF_H + 8) + 6 + match_rows * (HALF_H + 34)
    pad_h = len(ROWS) * (CELL_H + 4) + 40 + 34 if b.pad_w and p < len(b.pads) else 0
    block_h = max(left_h, pad_h) + 8
    acting = p == cur and not view.get("over")
    tags = [say("draw.dealer", lang)] if p == view.get("dealer") else []
    if acting:
        tags.append(say("draw.to_act", lang))
    # the shared player block: the turn band and arrow for the player to act
    shapes += player_block(
        4, y, width - 8, block_h, who[p], tags=tags, current=acting, size=19, bold=True,
        fill=CLOTH, edge=CLOTH_EDGE, room=width - 60 - (b.pad_w + 16 if b.pad_w else 0),
    )  # fmt: skip
    hy = y + 34
    shapes.append(Text(left, hy + 14, say("draw.hand", lang, n=len(hand)), 14, MUTED, anchor="start"))
    for i, card in enumerate(hand):
        cx = left + (i % b.per_hand_row) * (HALF_W + 6)
        cy = hy + 20 + (i // b.per_hand_row) * (HALF_H + 8)
        shapes += half_shapes(card, cx, cy, "left", card != "?" and hl(card), language=lang)
    my = hy + 20 + hand_rows * (HALF_H + 8) + 6
    if not matches:
        shapes.append(Text(left + 4, my + 20, say("draw.no_matches", lang), 14, MUTED, anchor="start"))
    for j, m in enumerate(matches):
        mx = left + (j % b.per_row) * b.match_w
        mrow = my + (j // b.per_row) * (HALF_H + 34)
        cards = list(m["cards"])
        shapes += match_shapes(cards, m["type"], mx, mrow, lang, (hl(cards[0]), hl(cards[1])))
    if pad_h:
        px = width - 16 - b.pad_w
        score = (view.get("scores") or [None] * len(who))[p]
        if score is not None:
            words = say("draw.score", lang, score=str(score).replace("-", "−"))
            shapes.append(Text(px, y + 24, words, 17, INK, bold=True, anchor="start"))
        pad, _, _ = pad_shapes(b.pads[p], b.table, px, y + 36, lang)
        shapes += pad
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
