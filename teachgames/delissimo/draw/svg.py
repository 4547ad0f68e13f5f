"""Delissimo pictures as SVG: ``card_svg``, ``row_svg`` and ``table_svg``.

Each returns an :class:`~teachgames.pictures.SvgImage` (a ``str`` that shows itself in
Jupyter). Every card is a group with ``role="img"``, a ``<title>`` and an
``aria-label`` in plain words. The SVG of each distinct card (and state) is built once
and cached, so a whole table is string joining.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...core.i18n import resolve_language
from ...pictures import Rect, SvgImage, Text, num, shape_svg, svg_doc, text_width, xml_attr
from ..cards import Card, claim_cards, parse_card
from .faces import card_alt, card_name, card_shape, card_shapes, shown_face, state_words
from .numbers import check_form
from .style import CELL_H, CLOTH, CLOTH_EDGE, INK, MUTED, cell_width, say
from .table import Placed, table_layout

__all__ = ["card_svg", "row_svg", "table_svg"]


@lru_cache(maxsize=1024)
def _card_body_svg(
    name: str | None,
    back_shape: str,
    hl: bool,
    sel: bool,
    language: str,
    slices: bool = False,
    amount: bool = True,
) -> str:
    return "".join(shape_svg(s) for s in card_shapes(name, back_shape, hl, sel, language, slices, amount))


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
    slices: bool = False,
    amount: bool = True,
) -> str:
    """One card placed at (x, y) px with the given scale, as an accessible group."""
    kind = "back" if name is None else parse_card(name).kind
    alt = xml_attr(
        title if title is not None else card_alt(name, language, slices) + state_words(hl, sel, language)
    )
    cls = f"card {kind}" + (" highlighted" if hl else "") + (" selected" if sel else "")
    data = "" if name is None else f' data-card="{xml_attr(name)}"'
    return (
        f'<g class="{cls}"{data} role="img" aria-label="{alt}" '
        f'transform="translate({num(x)} {num(y)}) scale({num(scale)})">'
        f"<title>{alt}</title>{_card_body_svg(name, back_shape, hl, sel, language, slices, amount)}</g>"
    )


def card_svg(
    card: Card | str,
    *,
    size: int = 96,
    highlight: bool = False,
    selected: bool = False,
    face_down: bool = False,
    title: str | None = None,
    language: str | None = None,
    slices: bool = False,
    amount: bool = True,
) -> SvgImage:
    """One card as SVG, ``size`` pixels tall (outline margin included).

    ``card`` is a :class:`Card` or its notation ("3/8 mt", "tomato 1/4", "special mt",
    "cancel"); "?" is a face-down card. ``face_down`` hides a known card: its back
    has the card's shape (round for pizzas) and says nothing else about it.
    ``highlight`` draws a dashed outline, ``selected`` a solid one. ``title`` replaces
    the plain-words alt text. The words on the card and in its alt text are in
    ``language`` (default: the package's). ``slices`` writes a pizza's amount as its
    number of slices, for pupils who do not read fractions yet (6+); ``amount=False``
    leaves a pizza's hub empty and its alt text without the amount (a picture whose slices
    the pupil is asked to count).
    """
    lang = resolve_language(language)
    name, shape, back_shape = shown_face(card, face_down)
    scale = size / CELL_H
    width = cell_width(shape) * scale
    words = card_alt(name, lang, slices) if amount else say("alt.pizza_count", lang)
    alt = title if title is not None else words + state_words(highlight, selected, lang)
    body = _card_group(name, back_shape, highlight, selected, 0, 0, scale, lang, alt, slices, amount)
    return svg_doc(width, size, alt, body)


def _match_marks(cards: Sequence[str | None], wanted: Iterable[int | str | Card]) -> set[int]:
    """Indices to mark: ints are indices; card names mark the first unmarked match each."""
    marks: set[int] = set()
    names: Counter[str] = Counter()
    for w in wanted:
        if isinstance(w, int):
            if not isinstance(w, bool) and 0 <= w < len(cards):
                marks.add(w)
            continue
        name = card_name(w)
        if name is not None:
            names[name] += 1
    marks.update(claim_cards(cards, names))
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
    names = [card_name(c) for c in cards]
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
        parts.append(shape_svg(Text(pad + 4, pad + 17, label, 16, INK, True, "start")))
    x = pad
    for i, name in enumerate(names):
        shape = card_shape(None if name is None else parse_card(name), "rect")
        parts.append(_card_group(name, "rect", i in hl, i in sel, x, top, scale, lang))
        x += cell_width(shape) * scale
    no_cards = say("no_cards", lang)
    if not names:
        parts.append(
            shape_svg(Text(pad + 4, top + size / 2, no_cards, 14, MUTED, anchor="start", italic=True))
        )
        x = pad + max(90.0, text_width(no_cards, 14) + 12)
    words = ", ".join(card_alt(n, lang) for n in names) or no_cards
    alt = f"{label}: {words}" if label else say("alt.row", lang, cards=words)
    width = max(x, pad + text_width(label, 16, True) + 8 if label else 0.0) + pad
    height = top + size + pad
    if cloth:
        parts.insert(0, shape_svg(Rect(1, 1, width - 2, height - 2, 10, CLOTH, CLOTH_EDGE, 1.5, cls="cloth")))
    return svg_doc(width, height, alt, "".join(parts))


def table_svg(
    view: Mapping[str, Any],
    *,
    names: list[str] | None = None,
    highlight: Iterable[str | Card] = (),
    size: int = 72,
    language: str | None = None,
    number_form: str | None = None,
) -> SvgImage:
    """The whole table of a position, from ``g.view()`` (any player's view).

    Shows the centre (6+) or the three pizza stacks with their depth and counts
    (8+/10+), the draw deck, every hand in a row under its player's name (``names``
    or "Player 1", ...; the player to act is marked with an arrow, a band and bold
    type), and every pile as a card count and its pizza, with the score where it
    differs, in ``number_form`` ("over" 29/8, "mixed" 3 5/8, "both" 29/8 = 3 5/8,
    "slices" 3 whole pizzas and 5 slices; None: the level's, see
    :data:`.numbers.LEVEL_FORMS`).
    ``highlight`` lists card names to outline (e.g. a capture's cards): each name
    outlines its first not yet outlined occurrence, looking in the hand of the player
    to act first, then at the open table cards, then in the other hands.
    Face-down cards ("?") are drawn as card backs. Every word (labels, card faces, alt
    text) is in ``language`` (default: the package's).
    """
    layout = table_layout(view, names, highlight, size, language, number_form)
    slices = check_form(number_form, view.get("level")) == "slices"
    parts = [
        shape_svg(Rect(1, 1, layout.width - 2, layout.height - 2, 14, CLOTH, CLOTH_EDGE, 2.0, cls="cloth"))
    ]
    for item in layout.items:
        if isinstance(item, Placed):
            parts.append(
                _card_group(
                    item.name,
                    item.back_shape,
                    item.hl,
                    item.sel,
                    item.x,
                    item.y,
                    item.scale,
                    layout.language,
                    slices=slices,
                )
            )
        else:
            parts.append(shape_svg(item))
    return svg_doc(layout.width, layout.height, layout.alt, "".join(parts))
