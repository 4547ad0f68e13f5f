"""The shared table parts (teachgames.pictures.table): a player's block, a pile, a deck and
an empty slot, drawn once for every game. Names are escaped, an empty slot is visibly
empty, a deck shows its count, the player to act is told by more than colour, and the
four games' tables are drawn with these parts."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

import pytest

import teachgames
from teachgames.pictures import Rect, Shape, Text, shape_svg, svg_doc
from teachgames.pictures.palette import contrast
from teachgames.pictures.table import (
    SLOT_EDGE,
    deck_shapes,
    empty_slot,
    pile_box,
    player_block,
    stack_shapes,
)

NS = "{http://www.w3.org/2000/svg}"
NASTY = '<b>Ann</b> & "Bo" <script>x</script>'


def svg_of(shapes: Sequence[Shape]) -> str:
    return str(svg_doc(400, 300, "parts", "".join(shape_svg(s) for s in shapes)))


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def back(x: float, y: float) -> list[Shape]:
    """A plain card back for the tests."""
    return [Rect(x, y, 60, 90, 6, "#40607f", "#222222", 1.0, cls="back")]


def backs(shapes: Sequence[Shape]) -> list[Rect]:
    return [s for s in shapes if isinstance(s, Rect) and s.cls == "back"]


@pytest.mark.parametrize(
    "shapes",
    [
        player_block(0, 0, 300, 120, NASTY, score=NASTY, tags=[NASTY], below=[NASTY], current=True),
        empty_slot(0, 0, 60, 90, label=NASTY),
        deck_shapes(0, 0, 60, 90, 12, back, caption=NASTY),
        deck_shapes(0, 0, 60, 90, 0, back, caption=NASTY, empty=NASTY),
        stack_shapes(0, 0, 60, 90, 3, back(0, 0), back, caption=NASTY),
        stack_shapes(0, 0, 60, 90, 0, [], back, empty=NASTY),
        pile_box(0, 0, 200, 80, NASTY, [(NASTY, 14.0, False), (NASTY, 15.0, True)]),
    ],
    ids=["block", "slot", "deck", "empty-deck", "stack", "empty-stack", "pile-box"],
)
def test_every_part_escapes_names(shapes: list[Shape]) -> None:
    svg = svg_of(shapes)
    words = texts(svg)  # well-formed, and the name reads back exactly as given
    assert any(NASTY in w for w in words)
    assert "<b>" not in svg and "<script>" not in svg


def test_an_empty_slot_is_visibly_empty() -> None:
    slot = empty_slot(10, 10, 60, 90, label="empty")
    outline = slot[0]
    assert isinstance(outline, Rect)
    assert outline.fill == "none" and outline.dash and outline.width >= 1.5  # dashed, nothing inside
    assert [s.text for s in slot if isinstance(s, Text)] == ["empty"]
    assert 'stroke-dasharray="6 4"' in svg_of(slot)
    # the dashes read on white and on every game's cloth (3:1 for a graphic)
    for cloth in ("#ffffff", "#f3f0e8", "#eef5e6", "#eef5ee", "#f3f3f3"):
        assert contrast(SLOT_EDGE, cloth) >= 3.0, cloth
    round_slot = svg_of(empty_slot(0, 0, 100, 100, round=True))
    assert "<circle" in round_slot and 'fill="none"' in round_slot
    assert "<text" not in svg_of(empty_slot(0, 0, 60, 90))  # no label asked, none drawn


def test_a_deck_shows_its_count_and_an_empty_deck_its_slot() -> None:
    deck = deck_shapes(0, 0, 60, 90, 31, back, caption="Deck: 31 left")
    assert "31" in texts(svg_of(deck)) and "Deck: 31 left" in texts(svg_of(deck))
    assert len(backs(deck)) == 3  # a few backs show the depth, not 31
    assert len(backs(deck_shapes(0, 0, 60, 90, 1, back))) == 1
    assert len(backs(deck_shapes(0, 0, 60, 90, 2, back))) == 2
    # the top card is drawn last, at (x, y); the ones under it lower and to the right
    top = backs(deck)[-1]
    assert (top.x, top.y) == (0, 0) and backs(deck)[0].x > 0
    empty = deck_shapes(0, 0, 60, 90, 0, back, empty="empty")
    assert not backs(empty) and "0" not in texts(svg_of(empty)) and "empty" in texts(svg_of(empty))
    assert "stroke-dasharray" in svg_of(empty)


def test_a_stack_shows_its_depth_and_count() -> None:
    top = [Rect(0, 0, 60, 90, 6, "#ffffff", "#222222", 1.0, cls="top")]
    one = stack_shapes(0, 0, 60, 90, 1, top, back, caption="1 card")
    assert not backs(one) and top[0] in one and "1 card" in texts(svg_of(one))
    many = stack_shapes(0, 0, 60, 90, 19, top, back, caption="19 cards", badge=True)
    assert len(backs(many)) == 4  # at most four edges under the top card
    assert many.index(top[0]) > max(many.index(b) for b in backs(many))  # the top card over them
    assert "19" in texts(svg_of(many))  # the badge
    empty = stack_shapes(0, 0, 60, 90, 0, top, back, caption="0 cards", empty="empty")
    assert top[0] not in empty and "empty" in texts(svg_of(empty))


def test_the_player_to_act_is_told_by_a_band_an_arrow_and_bold_type() -> None:
    acting = svg_of(player_block(0, 0, 300, 100, "Ann", score="5 points", tags=["deals"], current=True))
    root = ET.fromstring(acting)
    assert len(list(root.iter(f"{NS}polygon"))) == 1  # the arrow
    assert any(r.get("class") == "turn" for r in root.iter(f"{NS}rect"))
    head = next(iter(root.iter(f"{NS}text")))
    assert head.text == "Ann · deals · 5 points" and head.get("font-weight") == "bold"
    waiting = ET.fromstring(svg_of(player_block(0, 0, 300, 100, "Bo", below=["0 points", "first move"])))
    assert not list(waiting.iter(f"{NS}polygon"))
    assert not any(r.get("class") == "turn" for r in waiting.iter(f"{NS}rect"))
    lines = [t for t in waiting.iter(f"{NS}text")]
    assert [t.text for t in lines] == ["Bo", "0 points · first move"]
    assert lines[0].get("font-weight") is None  # bold only for the player to act, unless asked
    # the pupil's own block has its own fill; a long name shrinks to fit its room
    mine = player_block(0, 0, 300, 100, "Bo", mine=True, mine_fill="#abcdef")
    assert any(isinstance(s, Rect) and s.fill == "#abcdef" for s in mine)
    long = next(s for s in player_block(0, 0, 200, 100, "Bartholomew " * 5) if isinstance(s, Text))
    assert long.size < 16


def _classes(svg: str) -> set[str]:
    return {el.get("class") or "" for el in ET.fromstring(svg).iter()}


def test_the_four_games_draw_their_tables_with_the_shared_parts() -> None:
    from teachgames.delissimo import scenario as delissimo
    from teachgames.split import scenario as split
    from teachgames.tsvetik import scenario as tsvetik

    d = delissimo(
        level="basic", hands=[["tomato 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt", "3/8 mp"], [], []],
        orders=["tomato 1/2", "pepper 1/4"],
    )  # fmt: skip
    # the deck's count is its caption (no badge over the backs' "?"), a key number
    assert {"turn", "player", "slot", "pile", "tg-key-number"} <= _classes(d.picture())
    t = tsvetik(players=2, bank=["red"] * 5, fields=[["red"], [], [], []])
    assert {"turn", "player", "slot"} <= _classes(t.picture())
    s = split(hands=[["7h"], ["3s"]], draw=["Kc", "Qc"], discard=[])
    assert {"turn", "player", "slot", "count"} <= _classes(str(s.picture()))
    g = teachgames.new_game("ligretto", players=3, seed=1)
    assert {"player", "slot", "count"} <= _classes(g.picture())
