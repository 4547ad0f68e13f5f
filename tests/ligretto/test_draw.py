"""Pictures: every card readable without colour (number, initial, shape), alt texts in the
pupil's language, hidden cards stay hidden, names escaped, a static fallback with no script."""

from __future__ import annotations

import re

import pytest

from teachgames.ligretto import LigrettoGame, simulate_round
from teachgames.ligretto.draw import card_svg, static_html


def test_table_picture_is_an_accessible_svg() -> None:
    g = simulate_round(players=4, seed=3, speeds=[1, 2, 1, 2])
    svg = g.picture()
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title>" in svg
    # every pile's top card is named in an alt text
    for i, pile in enumerate(g.view()["piles"], start=1):
        assert f'aria-label="pile {i}: {pile["top"]} on top' in svg


@pytest.mark.parametrize("language,initials", [("en", "RYGB"), ("ru", "КЖЗС"), ("bg", "ЧЖЗС")])
def test_cards_carry_number_initial_and_shape(language: str, initials: str) -> None:
    for colour, initial in zip(("red", "yellow", "green", "blue"), initials, strict=True):
        svg = card_svg(f"{colour} 7", language)
        assert f">{initial}</text>" in svg and ">7</text>" in svg
    shapes = {
        c: re.findall(r"<(polygon|circle|rect)", card_svg(f"{c} 7"))
        for c in ("red", "yellow", "green", "blue")
    }
    # the marks differ: triangle and diamond are polygons of 3 and 4 points, yellow a circle, green a square
    assert "circle" in shapes["yellow"] and "circle" not in shapes["green"]
    red = re.findall(r'<polygon points="([^"]+)"', card_svg("red 7"))
    blue = re.findall(r'<polygon points="([^"]+)"', card_svg("blue 7"))
    assert len(red[0].split()) == 3 and len(blue[0].split()) == 4


def test_pupil_picture_hides_the_others_hand() -> None:
    g = LigrettoGame.new(players=3, seed=4)
    for p in range(3):
        g.play({"kind": "turn", "player": p, "at": 0.1 * (p + 1)})
    tops = [g.view()["hands"][p]["hand_top"] for p in range(3)]
    mine = g.picture(viewer=0)
    assert f"Hand, turned up: {tops[0]}" in mine
    for p in (1, 2):
        assert f"Hand, turned up: {tops[p]}" not in mine
    assert mine.count("hidden") >= 2


def test_names_are_escaped() -> None:
    g = LigrettoGame.new(players=2, seed=1)
    svg = g.picture(names=["<b>Ann</b>", "Bo & Co"])
    assert "<b>" not in svg and "&lt;b&gt;Ann" in svg and "Bo &amp; Co" in svg


def test_static_html_has_no_script_and_explains_finished_rounds() -> None:
    g = simulate_round(players=3, seed=5)
    html = static_html(g, "ru")
    assert "<script" not in html and "<svg" in html
    assert "Как получились очки" in html
