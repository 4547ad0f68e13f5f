"""Table parts every game draws the same way: a player's block, a pile, a deck, an empty slot.

Each part is a list of :mod:`.shapes` records placed at (x, y) (top-left, y down) in the
picture's own units, painted by :func:`.svg.shape_svg` (which escapes every word, names
included) or the matplotlib painter. A game keeps its own cards: the parts that show cards
take a ``back`` function, ``back(x, y)`` -> the items of one face-down card with its top-left
corner at (x, y) (shapes, or a game's own placed-card records), and return those items with
their own shapes in drawing order.

* :func:`player_block` -- the frame of one player's part of the table, with the header: the
  name (and tags such as "deals"), the score, an optional second line; the player to act
  gets a band, a bar on the left edge, a bold name **and** an arrow (never colour alone);
* :func:`stack_shapes` -- a pile of cards seen from the side: the top card, the edges of up
  to four cards under it, a count under it (or on it); an empty pile is an empty slot;
* :func:`deck_shapes` -- face-down cards with their count on the top card (a badge) and
  optionally in words under it; an empty deck is an empty slot;
* :func:`empty_slot` -- where a card may go: a dashed outline, no fill, and optionally a
  word inside ("empty");
* :func:`pile_box` -- a player's won cards in words: a heading and lines (a card count, an
  amount), on a white box.

The colours are the table's shared palette below (a band and edge for the player to act,
a frame, a slot edge that reads at 3:1 on the cloths of every game, muted words).
Only the standard library is used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .metrics import fit_size, text_width
from .shapes import INK, Circle, Poly, Rect, Shape, Text

__all__ = [
    "BADGE_EDGE",
    "BOX_EDGE",
    "BOX_FILL",
    "DEPTH",
    "FRAME_EDGE",
    "KEY_NUMBER",
    "MUTED",
    "SLOT_EDGE",
    "TURN_EDGE",
    "TURN_FILL",
    "block_content_top",
    "block_indent",
    "count_badge",
    "deck_shapes",
    "empty_slot",
    "pile_box",
    "pile_box_height",
    "player_block",
    "stack_shapes",
    "turn_marker",
]

#: The band behind the player to act, and its edge and left bar.
TURN_FILL = "#fdf0c8"
TURN_EDGE = "#b07800"
#: The frame of every other player's block.
FRAME_EDGE = "#b8b0a0"
#: The dashed outline of an empty slot (3:1 or more on the games' cloths and on white).
SLOT_EDGE = "#857a6b"
#: Words that matter less than the cards (captions, counts, "empty").
MUTED = "#5f5a52"
#: A pile box and a count badge.
BOX_FILL = "#ffffff"
BOX_EDGE = "#cfc7b6"
BADGE_EDGE = "#444444"
#: The class of every text that carries a key number (a score, a count, an amount): the
#: numbers a pupil at the back of the room must read (issue 29: 24 px or more where a lesson
#: shows the picture, at most 828 px wide at 1280 x 720); tests find them by it.
KEY_NUMBER = "tg-key-number"
#: How far each card under the top one shows, in the picture's units.
DEPTH = 3.5

T = TypeVar("T")


def turn_marker(x: float, baseline: float, size: float, fill: str = INK) -> Poly:
    """An arrow pointing right, its left edge at ``x``, level with text of ``size`` on
    ``baseline``: the player to act, told by a shape as well as a colour."""
    top = baseline - size * 0.78
    return Poly(((x, top), (x + size * 0.85, top + size * 0.45), (x, top + size * 0.9)), fill)


def block_indent(size: float = 16.0, marker: bool = True) -> float:
    """How far right of a :func:`player_block`'s left edge its name starts (after the
    turn arrow's room): a game lines its cards up with the name by it."""
    return 12.0 + (size + 2.0 if marker else 0.0)


def block_content_top(y: float, size: float = 16.0, below: bool = False) -> float:
    """Where a :func:`player_block`'s content (its cards) may start: under the header."""
    return y + 10.0 + size * 1.3 + (size * 1.25 if below else 0.0)


def player_block(
    x: float,
    y: float,
    w: float,
    h: float,
    name: str,
    *,
    score: str | None = None,
    tags: Sequence[str] = (),
    below: Sequence[str] = (),
    current: bool = False,
    mine: bool = False,
    size: float = 16.0,
    bold: bool | None = None,
    ink: str = INK,
    fill: str = "none",
    edge: str = FRAME_EDGE,
    mine_fill: str = "#eef3f8",
    marker: bool = True,
    room: float | None = None,
    below_size: float | None = None,
    below_key: bool = False,
    score_key: bool = False,
) -> list[Shape]:
    """One player's block, ``w`` x ``h`` at (x, y): its frame and its header.

    The header reads "name · tag · … · score" (``size``; shrunk to fit ``room``, by default
    the block's width); ``below`` is a second, smaller line (e.g. "5 points · first move"),
    ``below_size`` units tall (default 0.85 ``size``), marked a key number with ``below_key``
    (and the header with ``score_key``, when it carries the score).
    The player to act (``current``) gets the turn band with a bar on its left edge, an arrow
    before the name and a bold name; ``bold`` None means bold only then. ``mine`` (the
    pupil's own block) gets ``mine_fill``. ``marker`` keeps room for the arrow before every
    name, so names line up. Cards go from :func:`block_content_top` down."""
    shapes: list[Shape] = []
    if current:
        shapes.append(Rect(x, y, w, h, 10, TURN_FILL, TURN_EDGE, 2.0, cls="turn"))
        shapes.append(Rect(x, y, 7, h, 3, TURN_EDGE))
    else:
        shapes.append(Rect(x, y, w, h, 10, mine_fill if mine else fill, edge, 1.0, cls="player"))
    indent = block_indent(size, marker)
    baseline = y + 8.0 + size
    if current and marker:
        shapes.append(turn_marker(x + 12.0, baseline, size, ink))
    head = " · ".join([name, *tags, *([score] if score is not None else [])])
    strong = current if bold is None else bold
    fit = room if room is not None else w - indent - 10.0
    cls = KEY_NUMBER if score_key else ""
    size_fit = fit_size(head, size, fit, strong)
    shapes.append(Text(x + indent, baseline, head, size_fit, ink, strong, "start", cls=cls))
    if below:
        line = " · ".join(below)
        small = size * 0.85 if below_size is None else below_size
        cls = KEY_NUMBER if below_key else ""
        shapes.append(
            Text(x + indent, baseline + size * 0.4 + small, line, fit_size(line, small, fit), ink,
                 anchor="start", cls=cls)
        )  # fmt: skip
    return shapes


def empty_slot(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    label: str | None = None,
    round: bool = False,
    rx: float = 8.0,
    edge: str = SLOT_EDGE,
    width: float = 1.5,
    dash: tuple[float, ...] = (6.0, 4.0),
    size: float = 13.0,
    ink: str = MUTED,
) -> list[Shape]:
    """A place for a card, ``w`` x ``h`` at (x, y), visibly empty: a dashed outline with no
    fill (a circle inside the box when ``round``), and ``label`` in italics inside."""
    if round:
        r = min(w, h) / 2
        shapes: list[Shape] = [Circle(x + w / 2, y + h / 2, r, "none", edge, width, dash, cls="slot")]
    else:
        shapes = [Rect(x, y, w, h, rx, "none", edge, width, dash, cls="slot")]
    if label:
        shapes.append(
            Text(x + w / 2, y + h / 2 + size * 0.35, label, fit_size(label, size, w - 8), ink, italic=True)
        )
    return shapes


def count_badge(x: float, y: float, count: int, size: float = 12.0) -> list[Shape]:
    """A number in a small white box whose bottom-right corner is at (x, y): how many cards
    a pile or deck holds, written on the card itself."""
    words = str(count)
    w = max(size * 1.7, text_width(words, size, True) + 8)
    h = size * 1.5
    return [
        Rect(x - w, y - h, w, h, 4, BOX_FILL, BADGE_EDGE, 1.0, cls="count"),
        Text(x - w / 2, y - h * 0.28, words, size, INK, bold=True, cls=KEY_NUMBER),
    ]


def stack_shapes(
    x: float,
    y: float,
    w: float,
    h: float,
    count: int,
    top: Sequence[T | Shape],
    back: Callable[[float, float], Sequence[T | Shape]],
    *,
    caption: str | None = None,
    caption_size: float = 13.0,
    badge: bool = False,
    empty: str | None = None,
    round: bool = False,
    inset: float = 0.0,
    step: float = DEPTH,
    edges: int = 4,
    ink: str = MUTED,
    badge_size: float = 12.0,
) -> list[T | Shape]:
    """A face-up pile of ``count`` cards at (x, y), each card's cell ``w`` x ``h`` (the card
    ``inset`` inside it): the edges of up to ``edges`` cards under the top one (``back``),
    then ``top`` (the top card's items, drawn by the game at (x, y)); with ``badge`` the
    count on the top card. An empty pile is an :func:`empty_slot` saying ``empty``.
    ``caption`` goes centred under the pile."""
    items: list[T | Shape] = []
    under = min(max(count - 1, 0), edges)
    if count <= 0:
        items += empty_slot(x + inset, y + inset, w - 2 * inset, h - 2 * inset, label=empty, round=round)
    for d in range(under, 0, -1):
        items += back(x + d * step, y + d * step)
    if count > 0:
        items += top
        if badge:
            items += count_badge(x + w - inset - 2, y + h - inset - 2, count, badge_size)
    if caption:
        cx = x + w / 2 + under * step / 2
        base = y + h + under * step + 3 + caption_size
        items.append(Text(cx, base, caption, caption_size, ink, cls=KEY_NUMBER))
    return items


def deck_shapes(
    x: float,
    y: float,
    w: float,
    h: float,
    count: int,
    back: Callable[[float, float], Sequence[T | Shape]],
    *,
    caption: str | None = None,
    caption_size: float = 13.0,
    empty: str | None = None,
    round: bool = False,
    inset: float = 0.0,
    shown: int = 3,
    step: float = DEPTH,
    ink: str = MUTED,
    badge_size: float = 12.0,
    badge: bool = True,
) -> list[T | Shape]:
    """A face-down deck of ``count`` cards at (x, y), each card's cell ``w`` x ``h`` (the
    card ``inset`` inside it): up to ``shown`` backs, each ``step`` lower and to the right,
    the count on the top one (a badge, unless ``badge`` is False: a caption that says the
    count instead) and ``caption`` under it. An empty deck is an :func:`empty_slot` saying
    ``empty``."""
    items: list[T | Shape] = []
    n = min(max(count, 0), shown)
    if count <= 0:
        items += empty_slot(x + inset, y + inset, w - 2 * inset, h - 2 * inset, label=empty, round=round)
    for d in range(n - 1, -1, -1):
        items += back(x + d * step, y + d * step)
    if count > 0 and badge:
        items += count_badge(x + w - inset - 3, y + h - inset - 3, count, badge_size)
    if caption:
        base = y + h + (shown - 1) * step + 3 + caption_size
        items.append(Text(x + w / 2, base, caption, caption_size, ink, cls=KEY_NUMBER))
    return items


def pile_box(
    x: float,
    y: float,
    w: float,
    h: float,
    heading: str,
    lines: Sequence[tuple[str, float, bool]],
    *,
    ink: str = INK,
    muted: str = MUTED,
    gap: float = 19.0,
) -> list[Shape]:
    """A player's pile in words, on a white box at (x, y): ``heading`` (muted, bold), then
    each line ``(words, size, bold)`` under it (counts and amounts: key numbers)."""
    shapes: list[Shape] = [Rect(x, y, w, h, 8, BOX_FILL, BOX_EDGE, 1.2, cls="pile")]
    shapes.append(Text(x + 10, y + 18, heading, 14, muted, True, "start"))
    ty = y + 18
    for words, size, strong in lines:
        ty += max(gap if size <= 14 else gap + 1, size * 1.25)  # as pile_box_height
        fit = fit_size(words, size, w - 16, strong)
        shapes.append(Text(x + 10, ty, words, fit, ink, strong, "start", cls=KEY_NUMBER))
    return shapes


def pile_box_height(lines: Sequence[tuple[str, float, bool]], gap: float = 19.0) -> float:
    """How tall a :func:`pile_box` with ``lines`` (under its heading) must be."""
    return 18.0 + sum(max(gap if size <= 14 else gap + 1, size * 1.25) for _, size, _ in lines) + 10.0
