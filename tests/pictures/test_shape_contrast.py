"""The shapes that carry meaning stand out 3:1 from what is behind them (WCAG 1.4.11), in
JupyterLab Light and Dark: card outlines on the page, a pizza's slices on its face, the
marks (toppings, colour marks, suit pips) on what they sit on, the selected and
highlighted rings, empty places and face-down piles. Computed from the shapes the
drawing code makes (their own fills and outlines); the browser test
``tests/browser/test_a11y_widgets.py`` checks the same rings and faces once as rendered.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from teachgames.delissimo.draw import style as deli
from teachgames.delissimo.draw.faces import card_shapes as deli_card
from teachgames.ligretto import draw as lig
from teachgames.pictures import Circle, Poly, Rect, Sector, Text
from teachgames.pictures.palette import SHAPE_CONTRAST, SWATCHES, shape_contrast
from teachgames.split import draw as split
from teachgames.tsvetik import draw as tsv

#: The page behind a widget's cards: JupyterLab Light's layout colour and Dark's two.
PAGES = {"light": "#ffffff", "dark": "#212121", "dark page": "#111111"}

PIZZAS = [f"{k}/8 {pair}" for k in range(1, 9) for pair in ("mp", "mt", "pt")]
ORDERS = ["mushroom 1/8", "pepper 1/4", "tomato 1/2", "pepper 1", "special mt", "cancel"]


def low(shapes: Iterable[object], behind: str) -> list[tuple[str, float]]:
    return [(repr(s)[:90], round(shape_contrast(s, behind), 2)) for s in shapes if shape_contrast(s, behind) < SHAPE_CONTRAST]


@pytest.mark.parametrize("page", list(PAGES))
def test_every_card_face_and_back_stands_out_from_the_page(page: str) -> None:
    behind = PAGES[page]
    faces = [deli_card(name, "round", False, False, "en")[0] for name in [*PIZZAS, *ORDERS]]
    faces += [deli_card(None, shape, False, False, "en")[0] for shape in ("round", "rect")]
    faces += [tsv.card_shapes(c, 6, 6, *tsv.FIELD_CARD, "en", False)[0] for c in range(len(tsv.FILLS))]
    faces += [Rect(6, 6, *tsv.FIELD_CARD, 8, tsv.BACK, tsv.EDGE, 2)]  # the bank's back (back_svg)
    faces += [split.half_shapes(c, 0, 0)[0] for c in ("As", "10h", "Qd", "7c", "?")]
    faces += [lig.card_shapes(0, 0, f"{c} 5", "en")[0] for c in ("red", "yellow", "green", "blue")]
    faces += [lig.back_shapes(0, 0)[0]]
    assert len(faces) > 40
    assert not low(faces, behind)


@pytest.mark.parametrize("page", list(PAGES))
def test_selected_and_highlighted_rings_stand_out_from_the_page(page: str) -> None:
    behind = PAGES[page]
    rings = [s for s in deli_card("3/8 mt", "round", True, True, "en") if "outline" in getattr(s, "cls", "")]
    rings += [s for s in deli_card("tomato 1/4", "rect", True, False, "en") if "outline" in getattr(s, "cls", "")]
    assert len(rings) == 3
    rings.append(lig.card_shapes(0, 0, "blue 3", "en", highlight=True)[0])  # drawn around the card
    assert not low(rings, behind)
    # a highlighted Split half-card and Tsvetik card: the ring is their own outline
    split_ring = split.half_shapes("7h", 0, 0, highlight=True)[0]
    tsv_ring = tsv.card_shapes(0, 6, 6, *tsv.FIELD_CARD, "en", True)
    assert shape_contrast(Rect(0, 0, 1, 1, 0, "none", split.HIGHLIGHT, 3), behind) >= SHAPE_CONTRAST
    assert shape_contrast(Rect(0, 0, 1, 1, 0, "none", split.HIGHLIGHT, 3), split.CARD_FILL) >= SHAPE_CONTRAST
    assert split_ring.stroke == split.HIGHLIGHT
    assert any(getattr(s, "stroke", "") == tsv.HIGHLIGHT for s in tsv_ring)
    assert shape_contrast(Rect(0, 0, 1, 1, 0, "none", tsv.HIGHLIGHT, 3), behind) >= SHAPE_CONTRAST


def test_a_pizzas_slices_and_toppings_stand_out_on_it() -> None:
    for name in PIZZAS:
        shapes = deli_card(name, "round", False, False, "en")
        slices = [s for s in shapes if isinstance(s, Sector) and "slice" in s.cls]
        assert len(slices) == 8
        assert not low(slices, deli.FACE), name  # filled and empty slices on the pizza's face
        mains = {main for main, _edge, _tint in deli.TOPPING_STYLE}
        marks = [s for s in shapes if isinstance(s, Circle | Sector) and s.fill in mains]
        assert marks and not low(marks, deli.CRUST), name  # the topping marks on the crust


def test_colour_marks_and_suit_pips_stand_out_on_their_cards() -> None:
    for colour, fill in enumerate(tsv.FILLS):  # Tsvetik: the colour's petals on the card's face
        shapes = tsv.card_shapes(colour, 6, 6, *tsv.FIELD_CARD, "en", False)
        marks = [s for s in shapes[1:] if isinstance(s, Circle | Poly) and s.fill == fill]
        assert marks and not low(marks, tsv.FACE), colour
    for colour in ("red", "yellow", "green", "blue"):  # Ligretto: the mark on the card's colour
        sw = SWATCHES[colour]
        marks = [s for s in lig.card_shapes(0, 0, f"{colour} 5", "en")[2:] if not isinstance(s, Text)]
        assert marks and not low(marks, sw.fill), colour
    for card in ("As", "10h", "Qd", "7c"):  # Split: the suit pip on the half-card
        pip = [s for s in split.half_shapes(card, 0, 0) if isinstance(s, Text) and s.text in "♠♥♦♣"]
        assert len(pip) == 1 and shape_contrast(Rect(0, 0, 1, 1, 0, pip[0].fill), split.CARD_FILL) >= SHAPE_CONTRAST


@pytest.mark.parametrize("page", list(PAGES))
def test_empty_places_and_fields_stand_out(page: str) -> None:
    behind = PAGES[page]
    empty = tsv._empty_cell(0, 0, *tsv.FIELD_CARD)
    outline = [s for s in empty if getattr(s, "width", 0) >= 1]
    assert outline and not low(outline, tsv.FIELD_FILL) and not low(outline, behind)
    field = Rect(0, 0, 100, 100, 14, tsv.FIELD_FILL, tsv.FIELD_EDGE, 2)
    assert shape_contrast(field, behind) >= SHAPE_CONTRAST


def test_shape_contrast_takes_the_better_boundary_and_ignores_what_is_not_a_colour() -> None:
    pale_face = Rect(0, 0, 1, 1, 0, "#fffaf0", "#5b4636", 2.2)
    assert shape_contrast(pale_face, "#ffffff") > 8  # its outline on white
    assert shape_contrast(pale_face, "#212121") > 15  # its face on dark
    assert shape_contrast(Rect(0, 0, 1, 1, 0, "#fffaf0", "#5b4636", 0.5), "#ffffff") < 1.1  # a hairline: no
    assert shape_contrast(Rect(0, 0, 1, 1, 0, "none", "var(--x)", 2), "#ffffff") == 1.0
