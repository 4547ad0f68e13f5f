"""The layout of a Delissimo table in pixels, shared by the SVG and matplotlib back ends.

``table_layout`` turns ``g.view()`` into a :class:`Layout`: the cards placed on the
table (:class:`Placed`, drawn by each back end from the cached card shapes) and the
other shapes (labels, the turn band, pile boxes). The table sits on its own light cloth
and grows to fit its labels.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.i18n import resolve_language, tr
from ...core.numbers import exact
from ...pictures import (
    Shape,
    Text,
    block_indent,
    deck_shapes,
    pile_box,
    pile_box_height,
    player_block,
    stack_shapes,
    text_width,
)
from ..cards import Card, claim_cards, parse_card
from .faces import card_name, card_shape
from .numbers import check_form, parse_score, score_words
from .style import (
    CELL_H,
    INK,
    MUTED,
    PAD,
    cell_width,
    say,
)

__all__ = ["Layout", "Placed", "table_layout"]

#: The font size of the key numbers (a pile's count and pizza, the deck's count): the table
#: is shown at its own width (one unit one CSS pixel), so 24 px at the projector.
KEY_SIZE = 24.0
#: The widest a cell output shows a picture at 1280 x 720 with the file browser open (CSS px): a
#: wider table is shrunk to it, so its key numbers are drawn larger to show at 24 px still.
LESSON_WIDTH = 828.0


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
    return say("one_card", language) if n == 1 else say("cards", language, n=n)


def _names_list(raw: object, what: str) -> list[str | None]:
    if not isinstance(raw, (list, tuple)):
        raise ValueError(f"view[{what!r}] must be a list of card names, not {type(raw).__name__}")
    return [card_name(c) for c in raw]


@dataclass(slots=True)
class _Table:
    """What ``table_layout`` reads from ``g.view()`` and the sizes it lays it out with."""

    lang: str
    level: str
    form: str
    names: Sequence[str] | None
    hands: list[list[str | None]]
    piles: list[list[str | None]]
    scores: list[Any]
    current: int | None
    stacks: list[list[str | None]] | None
    centre: list[str | None]
    deck_n: int
    size: int
    s: float
    round_hands: bool
    n_players: int
    margin: float = 16.0
    depth_step: float = 3.5
    #: the key numbers' font size (see :data:`KEY_SIZE`)
    key: float = KEY_SIZE

    @property
    def hand_back(self) -> str:
        return "round" if self.round_hands else "rect"

    def player_name(self, i: int) -> str:
        if self.names is not None and i < len(self.names):
            return str(self.names[i])
        return tr("delissimo.player", self.lang, n=i + 1)


def _read_table(view: Mapping[str, Any], names: Sequence[str] | None, size: int, language: str | None,
                number_form: str | None) -> _Table:  # fmt: skip
    """The parts of the view a table shows, checked (a wrong one is a plain ValueError)."""
    if not isinstance(view, Mapping):
        raise ValueError("table_svg needs the dict of g.view()")
    lang = resolve_language(language)  # ValueError naming the languages for an unknown one
    level = str(view.get("level", "basic"))
    form = check_form(number_form, level)
    hands = [_names_list(h, "hands") for h in view.get("hands", [])]
    n_players = int(view.get("players", len(hands)) or len(hands))
    while len(hands) < n_players:
        hands.append([])
    piles = [_names_list(p, "piles") for p in view.get("piles", [])]
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
    scores = list(view.get("scores", []) or [])
    return _Table(lang, level, form, names, hands, piles, scores, current, stacks, centre, deck_n, size,
                  size / CELL_H, level in ("beginner", "whole"), n_players)  # fmt: skip


def _highlights(t: _Table, highlight: Iterable[str | Card]) -> tuple[list[set[int]], set[int]]:
    """Which cards to outline: the player to act first, then the table, then others."""
    wanted = Counter(n for n in (card_name(h) for h in highlight) if n is not None)
    hand_hl: list[set[int]] = [set() for _ in t.hands]
    table_hl: set[int] = set()
    tops: list[str | None] = list(t.centre)
    if t.stacks is not None:
        tops = [s[0] if s else None for s in t.stacks]
    current = t.current
    order = ([current] if current is not None else []) + [i for i in range(len(t.hands)) if i != current]
    if current is not None:
        hand_hl[current].update(claim_cards(t.hands[current], wanted))
    table_hl.update(claim_cards(tops, wanted))
    for i in order[1 if current is not None else 0 :]:
        hand_hl[i].update(claim_cards(t.hands[i], wanted))
    return hand_hl, table_hl


def _header(t: _Table, view: Mapping[str, Any], items: list[Placed | Shape]) -> tuple[str, float]:
    """The title line (game, level, over, whose view); returns the level's words and the
    title's right edge. A game that is over has nobody to act (``t.current`` None)."""
    lang, margin = t.lang, t.margin
    levels = ("beginner", "whole", "basic", "advanced")
    level_word = say(f"levels.{t.level}", lang) if t.level in levels else t.level
    title = f"{say('title', lang)} · {say('level', lang, level=level_word)}"
    over = view.get("over") is True or ("current" in view and view["current"] is None)
    if over:
        t.current = None
        title += f" · {say('over', lang)}"
    viewer = view.get("viewer")
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < t.n_players:
        title += " · " + say("viewer", lang, name=t.player_name(viewer))
    items.append(Text(margin, margin + 18, title, 19, INK, True, "start"))
    return level_word, margin + text_width(title, 19, True)


def _centre_row(
    t: _Table, y: float, table_hl: set[int], items: list[Placed | Shape]
) -> tuple[float, float, str]:
    """The centre or the stacks, then the deck; returns the next y, the row's right edge
    and the deck's words."""
    lang, s, size, margin, depth_step = t.lang, t.s, t.size, t.margin, t.depth_step
    heading = say("stacks" if t.stacks is not None else "centre", lang)
    items.append(Text(margin, y + 15, heading, 15, MUTED, True, "start"))
    y += 22
    x = margin
    empty = say("empty", lang)
    round_w = cell_width("round") * s

    def round_back(bx: float, by: float) -> list[Placed]:
        return [Placed(None, "round", bx, by, s)]

    if t.stacks is not None:
        row_h = size + 4 * depth_step + 20 + t.key - 13  # room for the count under it
        for k, stack in enumerate(t.stacks):
            # a count under the stack may be wider than the stack: the stack then centred over it
            count = _count(lang, len(stack))
            cell = max(round_w + 4 * depth_step, text_width(count, t.key) + 8)
            sx = x + max(0.0, (text_width(count, t.key) + 8 - round_w) / 2)
            top_card = [Placed(stack[0], "round", sx, y, s, k in table_hl)] if stack else []
            items += stack_shapes(
                sx, y, round_w, size, len(stack), top_card, round_back,
                caption=count, caption_size=t.key, empty=empty, round=True, inset=PAD * s, step=depth_step,
            )  # fmt: skip
            x += cell + 10
    else:
        row_h = size + 2 * depth_step + 22 + t.key - 13  # room for the count under it
        for k, name in enumerate(t.centre):
            shape = card_shape(None if name is None else parse_card(name), "round")
            items.append(Placed(name, "round", x, y, s, k in table_hl))
            x += cell_width(shape) * s
        if not t.centre:
            empty = say("empty", lang)
            items.append(Text(x, y + size / 2, empty, 14, MUTED, anchor="start", italic=True))
            x += max(80.0, text_width(empty, 14) + 12)
        x += 10
    x, centre_w, deck_words = _deck(t, x, y, empty, items)
    return y + row_h + 14, centre_w, deck_words


def _deck(t: _Table, x: float, y: float, empty: str, items: list[Placed | Shape]) -> tuple[float, float, str]:
    """The deck: a few card backs with the count under them."""
    s, size, depth_step = t.s, t.size, t.depth_step
    deck_shape = "round" if t.round_hands else "rect"
    deck_w = cell_width("round") * s if t.round_hands else cell_width("rect") * s
    deck_words = say("deck_left", t.lang, n=t.deck_n)
    # the count is centred under the deck and may be wider than it: keep it off the stacks
    x += max(14.0, text_width(deck_words, t.key) / 2 - deck_w / 2 + 10)

    def deck_back(bx: float, by: float) -> list[Placed]:
        return [Placed(None, deck_shape, bx, by, s)]

    items += deck_shapes(
        x, y, deck_w, size, t.deck_n, deck_back,
        caption=deck_words, caption_size=t.key, empty=empty, round=t.round_hands, inset=PAD * s,
        step=depth_step, badge=False,  # the caption says the count, in words too
    )  # fmt: skip
    # the count is centred under the deck and may be wider than it
    half = text_width(deck_words, t.key) / 2
    centre_w = max(x + deck_w + 2 * depth_step + 40, x + deck_w / 2 + half + 16)
    return x, centre_w, deck_words


def _pile_lines(t: _Table) -> list[list[tuple[str, float, bool]]]:
    """Each pile box's lines: its heading, a card count, its pizza, and the score when it differs."""
    lang, form = t.lang, t.form
    pile_lines: list[list[tuple[str, float, bool]]] = []
    for i in range(len(t.hands)):
        pile = t.piles[i] if i < len(t.piles) else []
        eighths = sum(parse_card(c).eighths for c in pile if c is not None and parse_card(c).kind == "pizza")
        amount = score_words(exact(eighths, 8), form, lang)
        if form != "slices":  # the slices form names its pizzas itself
            amount = say("pizza_one" if 0 < eighths <= 8 else "pizzas", lang, x=amount)
        lines = [
            (say("pile", lang), 14.0, True),
            (_count(lang, len(pile)), t.key, False),
            (amount, t.key, True),
        ]
        if i < len(t.scores):
            val = parse_score(t.scores[i])
            if val is None or val[0] * 8 != eighths * val[1]:
                lines.append((say("score", lang, x=score_words(t.scores[i], form, lang)), t.key, False))
        pile_lines.append(lines)
    return pile_lines


def _hand_widths(t: _Table, labels: Sequence[str], no_cards: str) -> list[float]:
    s, widths = t.s, []
    for i, hand in enumerate(t.hands):
        w = sum(cell_width(card_shape(None if c is None else parse_card(c), t.hand_back)) * s for c in hand)
        if not hand:
            w = text_width(no_cards, 14) + 12
        widths.append(max(w, 110.0, text_width(labels[i], 16, i == t.current) + 12))
    return widths


def _players(t: _Table, y: float, min_width: float, hand_hl: list[set[int]],
             items: list[Placed | Shape]) -> tuple[float, float]:  # fmt: skip
    """A block per player: the hand, then the pile box; returns the table's width and the
    y under the last block."""
    lang, s, size, margin = t.lang, t.s, t.size, t.margin
    inset = 26.0
    to_play = say("to_play", lang)
    labels = [t.player_name(i) + (f" · {to_play}" if i == t.current else "") for i in range(len(t.hands))]
    no_cards = say("no_cards", lang)
    hands_w = max(_hand_widths(t, labels, no_cards), default=110.0)
    pile_x = margin + inset + hands_w + 22
    pile_lines = _pile_lines(t)
    pile_w = max([190.0] + [text_width(w, z, b) * 1.06 + 20 for lines in pile_lines for w, z, b in lines])
    width = max(pile_x + pile_w + margin, min_width, 360.0)
    # a fourth line (a score that differs from the pile) needs a taller box and block
    pile_h = max([size - 4.0] + [pile_box_height(lines[1:]) for lines in pile_lines])
    block_h = max(size + 40.0, 26 + 2 + pile_h + 8)
    for i, hand in enumerate(t.hands):
        is_current = i == t.current
        top = y
        # the block's header lines up with the hand: its name starts at margin + inset
        left = margin + inset - block_indent(16)
        items += player_block(
            left, top - 6, width - margin + 8 - left, block_h + 4, t.player_name(i),
            tags=[to_play] if is_current else [], current=is_current, size=16,
        )  # fmt: skip
        x = margin + inset
        cy = top + 26
        for k, c in enumerate(hand):
            items.append(Placed(c, t.hand_back, x, cy, s, k in hand_hl[i]))
            x += cell_width(card_shape(None if c is None else parse_card(c), t.hand_back)) * s
        if not hand:
            items.append(Text(x, cy + size / 2, no_cards, 14, MUTED, anchor="start", italic=True))
        heading, *lines = pile_lines[i]
        items += pile_box(pile_x, cy + 2, pile_w, pile_h, heading[0], lines, ink=INK, muted=MUTED)
        y += block_h + 10
    return width, y


def table_layout(
    view: Mapping[str, Any],
    names: Sequence[str] | None,
    highlight: Iterable[str | Card],
    size: int,
    language: str | None,
    number_form: str | None = None,
) -> Layout:
    """Where everything of ``view``'s table goes (see ``table_svg`` for what is shown);
    pile amounts and scores in ``number_form`` (None: the level's, see
    :data:`.numbers.LEVEL_FORMS`)."""
    wanted = list(highlight)
    key = KEY_SIZE
    for _ in range(4):  # a table wider than a lesson's cell is shrunk to it: larger numbers then
        t = _read_table(view, names, size, language, number_form)
        t.key = key
        hand_hl, table_hl = _highlights(t, wanted)
        items: list[Placed | Shape] = []
        level_word, header_w = _header(t, view, items)
        y, centre_w, deck_words = _centre_row(t, t.margin + 32, table_hl, items)
        width, y = _players(t, y, max(centre_w + t.margin, header_w + t.margin), hand_hl, items)
        if width * KEY_SIZE <= key * LESSON_WIDTH:
            break
        key = KEY_SIZE * width / LESSON_WIDTH * 1.02
    height = y + t.margin - 6
    # alt text of the whole table
    parts = [say("table_alt", t.lang, level=level_word)]
    if t.current is not None:
        parts.append(f"{t.player_name(t.current)} {say('to_play', t.lang)}")
    parts.append(deck_words)
    return Layout(width, height, "; ".join(parts), tuple(items), t.lang)
