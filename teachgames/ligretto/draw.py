"""Ligretto pictures: colour-blind-safe cards, the centre piles and every player's
stack, row and hand, as SVG built from :mod:`teachgames.pictures` shapes.

A card never tells its colour by colour alone: it shows a big number, the colour's
initial in the pupil's language (К for красная, Ч for червена) and the colour's mark
from the shared palette (red triangle, yellow circle, green square, blue diamond).
Sizes are for a projector: the number is half the card's height. Every card group has
an alt text (``aria-label``) naming the card and its owner.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.i18n import resolve_language
from ..pictures import (
    KEY_NUMBER,
    Rect,
    Shape,
    SvgImage,
    Text,
    deck_shapes,
    empty_slot,
    fit_size,
    player_block,
    shape_svg,
    stack_shapes,
    svg_doc,
    text_width,
    xml_attr,
)
from ..pictures.palette import mark_shapes, swatch
from ..pictures.table import count_badge
from .cards import parse_face
from .messages import card_words, player_label, say, seconds

if TYPE_CHECKING:
    from .engine import LigrettoEngine

CARD_W, CARD_H = 64.0, 90.0
GAP = 10.0
#: The key numbers (each player's points, the counts on the stack and the deck): the table
#: is shown at its own width (under 828 px), one unit one CSS pixel, so 24 px.
KEY_SIZE = 24.0
#: A player's block is this much taller than a card: the header, the stack's count under it,
#: the captions ("Ligretto stack", "Hand").
BLOCK_EXTRA = KEY_SIZE + 16 + 8 + KEY_SIZE * 1.5 + 22
#: The captions under the stack and the hand, below the stack's count.
CAPTION_DY = 8 + KEY_SIZE * 1.5 + 13
#: A face-down pile 3:1 on a dark page too (#5b5f73 was 2.6:1 on #212121); its white count 4.8:1.
BACK_FILL, BACK_EDGE = "#6d7189", "#2e3140"
#: The ring around a highlighted card: 3:1 on light and dark pages (black was 1.3:1 on dark).
HIGHLIGHT = "#d9480f"
TEXT = "currentColor"


def _group(label: str, shapes: Sequence[Shape], cls: str = "") -> str:
    klass = f' class="{xml_attr(cls)}"' if cls else ""
    body = "".join(shape_svg(s) for s in shapes)
    return f'<g role="img" aria-label="{xml_attr(label)}"{klass}><title>{xml_attr(label)}</title>{body}</g>'


def card_shapes(x: float, y: float, name: str, language: str, owner: int | None = None,
                highlight: bool = False, w: float = CARD_W, h: float = CARD_H,
                owner_name: str | None = None) -> list[Shape]:  # fmt: skip
    """One face-up card: colour fill, big number, the colour's initial and mark, the owner
    (by the seat's name when the table has names: the pupil's own card says "Ann", not
    "Player 1")."""
    f = parse_face(name)
    colour, number = name.split()[0], f % 10 + 1
    sw = swatch(colour)
    shapes: list[Shape] = []
    if highlight:
        shapes.append(Rect(x - 4, y - 4, w + 8, h + 8, 10, "none", HIGHLIGHT, 4.0))
    shapes.append(Rect(x, y, w, h, 7, sw.fill, sw.edge, 2.0))
    shapes.append(Rect(x + 5, y + 5, w - 10, h - 10, 5, "none", sw.tint, 1.2))
    size = h * (0.40 if number == 10 else 0.46)
    shapes.append(Text(x + w / 2, y + h * 0.66, str(number), size, sw.ink, bold=True, cls=KEY_NUMBER))
    initial = say(f"initial.{colour}", language)
    shapes.append(Text(x + 8, y + 19, initial, 14, sw.ink, bold=True, anchor="start"))
    shapes += mark_shapes(sw.mark, x + w - 15, y + 14, 7, sw.tint, sw.edge, 1.2)
    if owner is not None:
        who = owner_name or say("player", language, n=owner + 1)
        shapes.append(Text(x + w / 2, y + h - 7, who, fit_size(who, 10, w - 8), sw.ink))
    return shapes


def back_shapes(x: float, y: float, caption: str = "", w: float = CARD_W, h: float = CARD_H) -> list[Shape]:
    """A face-down card (or a hidden pile), with a caption such as "hidden" if given."""
    shapes: list[Shape] = [
        Rect(x, y, w, h, 7, BACK_FILL, BACK_EDGE, 2.0),
        Rect(x + 6, y + 6, w - 12, h - 12, 4, "none", "#9aa0b8", 1.5, dash=(4.0, 3.0)),
    ]
    count = re.match(r"(\d+)\s+(.+)", caption)
    if count:  # "25 cards": the number big (read from the back of the room), the word under it
        shapes.append(Text(x + w / 2, y + h * 0.52, count[1], h * 0.34, "#ffffff", bold=True))
        word = count[2]
        shapes.append(Text(x + w / 2, y + h * 0.74, word, fit_size(word, 13, w - 10), "#ffffff", bold=True))
    elif caption:
        size = fit_size(caption, 13, w - 8)
        shapes.append(Text(x + w / 2, y + h / 2 + 5, caption, size, "#ffffff", bold=True))
    return shapes


def _slot(x: float, y: float) -> list[Shape]:
    """An empty place for a card: the shared empty slot in a card's size."""
    return empty_slot(x, y, CARD_W, CARD_H, rx=7)


def _back(x: float, y: float) -> list[Shape]:
    return back_shapes(x, y)


def table_svg(
    view: Mapping[str, Any],
    language: str | None = None,
    names: Sequence[str] | None = None,
    highlight: Sequence[str] = (),
    highlight_player: int | None = None,
) -> SvgImage:
    """The whole table from a ``view()`` dict: centre piles on top, then one block per
    player (two columns from seven players on)."""
    lang = resolve_language(language)
    parts: list[str] = []
    piles = view["piles"]
    per_row = 10
    y = 10.0
    parts.append(shape_svg(Text(10, y + 18, say("draw.centre", lang), 20, TEXT, bold=True, anchor="start")))
    y += 30
    if not piles:
        parts.append(shape_svg(Text(10, y + 20, say("draw.no_piles", lang), 16, TEXT, italic=True,
                                    anchor="start")))  # fmt: skip
        y += 40
    for i, pile in enumerate(piles):
        px = 10 + (i % per_row) * (CARD_W + GAP)
        py = y + (i // per_row) * (CARD_H + 34)
        owner = pile["owner"]
        shapes = card_shapes(px, py, pile["top"], lang, owner,
                             owner_name=names[owner] if names and owner is not None else None)  # fmt: skip
        caption = say("draw.complete", lang) if pile["complete"] else f"{i + 1}"
        shapes.append(Text(px + CARD_W / 2, py + CARD_H + 18, caption, 13, TEXT))
        label = say(
            "draw.pile_alt", lang, pile=i + 1, card=card_words(parse_face(pile["top"]), lang), n=pile["size"]
        )
        parts.append(_group(label, shapes, "ligretto-pile"))
    if piles:
        y += ((len(piles) - 1) // per_row + 1) * (CARD_H + 34)
    hands = view["hands"]
    columns = 2 if len(hands) > 6 else 1
    block_w = 150 + (view.get("row_size", 5) + 3) * (CARD_W + GAP)
    block_h = CARD_H + BLOCK_EXTRA + 10
    for p, hand in enumerate(hands):
        bx = 10 + (p % columns) * (block_w + 20)
        by = y + 10 + (p // columns) * block_h
        parts.append(
            _player_block(bx, by, p, hand, view, lang, names, highlight if p == highlight_player else ())
        )
    rows = (len(hands) - 1) // columns + 1
    height = y + 20 + rows * block_h
    width = max(20 + columns * (block_w + 20), 20 + min(len(piles), per_row) * (CARD_W + GAP))
    title = say("draw.title", lang, round=view.get("round", 1))
    return svg_doc(width, height, title, "".join(parts), cls="teachgames-ligretto", fill=TEXT)


def signed(n: int) -> str:
    """A whole number with a true minus sign (−13), as the explanations print it."""
    return f"−{-n}" if n < 0 else str(n)


def _player_block(x: float, y: float, p: int, hand: Mapping[str, Any], view: Mapping[str, Any], lang: str,
                  names: Sequence[str] | None, highlight: Sequence[str]) -> str:  # fmt: skip
    """Player ``p``'s row: the block with name and points, the Ligretto stack, the row, the hand."""
    who = player_label(p, lang, names)
    me = view.get("viewer") == p
    out: list[str] = []
    points = view.get("round_points", [0] * (p + 1))[p]
    width = 140 + (view.get("row_size", 5) + 3) * (CARD_W + GAP)
    # the shared player block (nobody is "to act" in a game everyone plays at once)
    block = player_block(
        x, y, width, CARD_H + BLOCK_EXTRA, who, score=say("draw.points", lang, n=signed(points)), mine=me,
        size=KEY_SIZE, bold=True, ink=TEXT, edge="#b0b0b0", mine_fill="var(--jp-layout-color2,#f3f3f3)",
        marker=False, room=width - 24, score_key=True,
    )  # fmt: skip
    out.append("".join(shape_svg(s) for s in block))
    cy = y + KEY_SIZE + 16
    cx = x + 10
    out += _stack_groups(cx, cy, hand, lang, highlight)
    cx += CARD_W + GAP + 6
    for card in hand["row"]:
        if card:
            label = f"{say('draw.row', lang)}: {card_words(parse_face(card), lang)}"
            out.append(
                _group(label, card_shapes(cx, cy, card, lang, None, card in highlight), "ligretto-row")
            )
        else:
            out.append(_group(say("draw.row", lang), _slot(cx, cy)))
        cx += CARD_W + GAP
    out += _hand_groups(cx + 6, cy, hand, lang, highlight)
    return "".join(out)


def _stack_groups(
    cx: float, cy: float, hand: Mapping[str, Any], lang: str, highlight: Sequence[str]
) -> list[str]:
    """The Ligretto stack: its top card, the edges of two under it, how many are left on it."""
    out: list[str] = []
    stack_label = f"{say('draw.stack', lang)}: {say('draw.cards', lang, n=hand['stack'])}"
    top = hand["stack_top"]
    shapes = stack_shapes(
        cx, cy, CARD_W, CARD_H, int(hand["stack"]) if top else 0,
        card_shapes(cx, cy, top, lang, None, top in highlight) if top else [], _back,
        edges=2, step=3.0,
    )  # fmt: skip
    if top:  # how many are left on it: a big count under the stack, clear of its number
        n = int(hand["stack"])
        bw = max(KEY_SIZE * 1.7, text_width(str(n), KEY_SIZE, True) + 8)
        shapes += count_badge(cx + CARD_W / 2 + bw / 2, cy + CARD_H + 8 + KEY_SIZE * 1.5, n, KEY_SIZE)
    label = f"{stack_label}; {card_words(parse_face(top), lang)}" if top else stack_label
    out.append(_group(label, shapes, "ligretto-stack"))
    caption = say("draw.stack", lang)
    small = fit_size(caption, 11, CARD_W + 8)
    out.append(shape_svg(Text(cx + CARD_W / 2, cy + CARD_H + CAPTION_DY, caption, small, TEXT)))
    return out


def _hand_groups(
    cx: float, cy: float, hand: Mapping[str, Any], lang: str, highlight: Sequence[str]
) -> list[str]:
    """The hand: the face-down deck, and the turned-up cards (only their owner sees the top)."""
    out: list[str] = []
    deck_caption = say("draw.cards", lang, n=hand["deck"])
    n_deck = int(hand["deck"])
    deck = deck_shapes(cx, cy, CARD_W, CARD_H, n_deck, _back, shown=2, step=3.0, badge_size=KEY_SIZE)
    out.append(_group(f"{say('draw.hand', lang)}, {say('draw.deck', lang)}: {deck_caption}", deck))
    cx += CARD_W + GAP
    turned_caption = say("draw.cards", lang, n=hand["turned"])
    if hand.get("hand_top"):
        shapes = card_shapes(cx, cy, hand["hand_top"], lang, None, hand["hand_top"] in highlight)
        top_words = card_words(parse_face(hand["hand_top"]), lang)
        label = f"{say('draw.hand', lang)}, {say('draw.turned', lang)}: {top_words}"
    elif hand["turned"]:
        shapes = back_shapes(cx, cy, say("draw.hidden", lang))
        label = f"{say('draw.hand', lang)}, {say('draw.turned', lang)}: {turned_caption}"
    else:
        shapes = _slot(cx, cy)
        label = f"{say('draw.hand', lang)}, {say('draw.turned', lang)}: {turned_caption}"
    out.append(_group(label, shapes, "ligretto-hand"))
    out.append(shape_svg(Text(cx - GAP / 2, cy + CARD_H + CAPTION_DY, say("draw.hand", lang), 11, TEXT)))
    return out


def card_svg(
    name: str, language: str | None = None, owner: int | None = None, scale: float = 1.0,
    owner_name: str | None = None,
) -> SvgImage:
    """One card as a small standalone SVG (for widget zones and worksheets)."""
    lang = resolve_language(language)
    shapes = card_shapes(2, 2, name, lang, owner, owner_name=owner_name)
    body = _group(card_words(parse_face(name), lang), shapes)
    return svg_doc((CARD_W + 4) * scale, (CARD_H + 4) * scale, card_words(parse_face(name), lang), body,
                   CARD_W + 4, CARD_H + 4)  # fmt: skip


def back_svg(caption: str, scale: float = 1.0) -> SvgImage:
    body = "".join(shape_svg(s) for s in back_shapes(2, 2, caption))
    return svg_doc((CARD_W + 4) * scale, (CARD_H + 4) * scale, caption, body, CARD_W + 4, CARD_H + 4)


def static_html(game: LigrettoEngine, language: str | None = None) -> str:
    """Self-contained HTML of the table (inline SVG, no script) and, once a round has
    ended, the explanation of the scores: the fallback where widgets cannot run."""
    lang = resolve_language(language)
    parts = [f'<div class="teachgames-ligretto-static" lang="{lang}">', str(game.picture(language=lang))]
    if game.round_scores():
        parts.append(game.explain_scores(lang).html())
    parts.append(f"<p>{xml_attr(say('draw.time', lang, at=seconds(game.time, lang)))}</p></div>")
    return "".join(parts)
