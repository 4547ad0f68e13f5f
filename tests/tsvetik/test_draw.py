"""Pictures: flower cards that never rely on colour alone, the table, the static fallback."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from teachgames.tsvetik import TsvetikGame, scenario
from teachgames.tsvetik.draw import PETALS, card_svg, static_html

from .helpers import random_game

SVG = "{http://www.w3.org/2000/svg}"


def test_every_colour_differs_in_petals_as_well_as_colour() -> None:
    assert len(set(PETALS)) == 7
    assert len({n for n, _ in PETALS}) == 7


@pytest.mark.parametrize(("language", "letters"), [("en", "ROYGBIV"), ("ru", "КОЖЗГСФ"), ("bg", "ЧОЖЗСИВ")])
def test_cards_carry_the_initial_in_the_pupils_language(language: str, letters: str) -> None:
    colours = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]
    seen = []
    for colour in colours:
        root = ET.fromstring(card_svg(colour, language=language))
        seen.append("".join(t.text or "" for t in root.iter(SVG + "text")))
        assert root.get("aria-label")
    assert "".join(seen) == letters


def _text_sizes(svg: str, width_px: float) -> dict[str, float]:
    root = ET.fromstring(svg)
    view_w = float(root.get("viewBox", "0 0 1 1").split()[2])
    scale = width_px / view_w
    return {t.text or "": float(t.get("font-size", "0")) * scale for t in root.iter(SVG + "text")}


def test_initials_are_big_enough_for_a_projector() -> None:
    g = scenario(
        players=4,
        bank=["red"] * 3,
        fields=[["red", "blue"], ["green"], [], ["violet"] * 3],
        collected=[["indigo"] * 2, ["yellow"], [], ["orange"]],
        drawn="red",
    )
    sizes = _text_sizes(g.picture(width=1280), 1280)
    for letter in "RBGVIYO":
        assert sizes[letter] >= 24, (letter, sizes[letter])


def test_table_shows_fields_empty_cells_bank_and_grouped_collections() -> None:
    g = scenario(
        players=2,
        bank=["red"] * 5,
        fields=[["red", "blue"], [], [], []],
        collected=[["green"] * 3 + ["red"], []],
    )
    svg = g.picture(names=["Ann <b>", "Bo"])
    assert "Ann &lt;b&gt;" in svg and "<b>" not in svg.replace("&lt;b&gt;", "")
    assert "×3" in svg and "Bank: 5 cards" in svg
    assert svg.count("stroke-dasharray") == 10  # 12 cells, 2 of them filled
    ET.fromstring(svg)


def test_pictures_speak_every_language() -> None:
    g = random_game(2, players=3, moves=40)
    for language in ("ru", "bg"):
        svg = g.picture(language=language)
        words = " ".join(re.findall(r">([^<]+)<", svg))
        assert not re.search(r"[A-Za-z]{2,}", words), words


def test_static_fallback_is_self_contained() -> None:
    g = random_game(1, players=2)
    page = static_html(g, "ru")
    assert "<script" not in page and "<svg" in page and "Последний ход" in page
    assert TsvetikGame.static_html == "teachgames.tsvetik.draw:static_html"


def test_latex_pictures_of_the_cards_a_move_uses() -> None:
    g = scenario(players=2, bank=["red"] * 3, fields=[["blue", "violet"], [], [], []])
    tex = g.picture_tex({"kind": "take", "field": 0})
    assert tex is not None and tex.count("\\node") == 2 and "{B}" in tex and "{V}" in tex
    assert g.picture_tex({"kind": "draw"}) is None
    g.play({"kind": "draw"})
    assert "{R}" in (g.picture_tex({"kind": "place", "field": 1}) or "")



def test_the_latex_picture_letters_its_cards_in_the_worksheets_language():
    """An exported Russian worksheet letters the cards as the Russian table does."""
    import teachgames
    from teachgames.tsvetik.cards import parse_colour
    from teachgames.tsvetik.messages import colour_initial

    g = teachgames.new_game("tsvetik", players=3, seed=3)
    g.play(g.legal_moves()[0])  # draw a card: now it can be placed
    move = g.legal_moves()[0]
    (card,) = g.cards_used(move)
    colour = parse_colour(card)
    en, ru = g.picture_tex(move), g.picture_tex(move, language="ru")
    assert en is not None and ru is not None
    assert f"{{{colour_initial(colour, 'en')}}}" in en
    assert f"{{{colour_initial(colour, 'ru')}}}" in ru
    assert re.search(r"\{[А-ЯЁ]\}", ru)
