"""Pictures: half-cards with their cut edge, suit symbol and letter; the table; the pads."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import teachgames
from teachgames.split import scenario
from teachgames.split.draw import card_svg, pad_svg, static_html, table_svg


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_a_half_card_shows_rank_symbol_and_letter_and_has_a_cut_edge() -> None:
    svg = str(card_svg("10h"))
    texts = _texts(svg)
    assert "10" in texts and "♥" in texts and "h" in texts
    assert 'aria-label="10 of hearts (10h)"' in svg
    points = re.search(r'points="([^"]+)"', svg)
    assert points is not None and len(points.group(1).split()) >= 10  # the zig-zag cut edge
    assert _texts(str(card_svg("Qs"))) == ["Q", "♠", "s"]


def test_table_shows_discard_row_matches_and_pads() -> None:
    g = scenario(
        hands=[["7h", "2c"], ["3s", "4s"]],
        draw=["Kc", "Qc"],
        discard=["4d", "9c", "Jh"],
        matches=[[["5h", "5d"]], [["Ks", "Kh"]]],
        pad=[{"perfect": 2, "negative": 1}, None],
    )
    svg = str(g.picture())
    ET.fromstring(svg)
    texts = _texts(svg)
    assert texts.count("♣") >= 2  # 9♣ in the row and 2♣ in the hand
    assert any("strong" in t for t in texts) and any("weak" in t for t in texts)
    assert "Pad total: 8" in texts  # 10 - 2 for player 1
    assert any(t == "Discard row: 3 cards" for t in texts)


def test_a_players_picture_hides_other_hands() -> None:
    g = scenario(hands=[["7h", "2c"], ["Ks", "Qd"]], draw=["Kc", "Qc"])
    texts = _texts(str(g.picture(viewer=0)))
    assert "Q" not in texts and "?" in texts and "7" in texts


def test_names_are_escaped_and_words_follow_the_language() -> None:
    g = teachgames.new_game("split", players=2, seed=3)
    svg = str(table_svg(g.view(), language="ru", names=["<b>Аня</b>", "Боря & Ко"]))
    assert "<b>" not in svg and "&lt;b&gt;Аня" in svg
    texts = " ".join(_texts(svg))
    for english in ("Draw pile", "Hand", "Discard", "Score", "Perfect", "round"):
        assert english not in texts
    bg = " ".join(_texts(str(g.picture(language="bg"))))
    assert "Тесте" in bg and "Draw" not in bg


def test_pad_svg_crosses_out_marked_boxes_and_frames_the_first_open_one() -> None:
    svg = str(pad_svg({"perfect": 3, "weak": 1}))
    assert svg.count("<line") == 2 * 4  # 3 + 1 boxes crossed
    assert "Pad total: 21" in _texts(svg)  # 20 + 0 + 1 - 0


def test_a_row_total_of_nothing_is_zero_not_minus_zero() -> None:
    texts = _texts(str(pad_svg({"perfect": 1})))
    assert "= −0" not in texts and texts.count("= 0") == 3  # strong, weak and penalty rows
    assert "= −2" in _texts(str(pad_svg({"negative": 1})))


def test_static_html_has_the_table_and_no_script() -> None:
    g = teachgames.new_game("split", players=2, seed=4)
    rng = random.Random(0)
    while not g.is_over():
        g.play(rng.choice(g.legal_moves()))
    page = static_html(g)
    assert "<svg" in page and "<script" not in page
    assert page.count("<svg") >= 2  # the table and the score working


def test_tikz_pictures_for_the_latex_export() -> None:
    g = scenario(
        hands=[["7h", "7d", "2c"], ["3s"]], draw=["Kc", "Qc"], matches=[[["7h", "7s"]], []], phase="play"
    )
    tex = g.picture_tex({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    assert tex is not None and tex.count(r"\heartsuit") == 1 and tex.count(r"\diamondsuit") == 1
    assert "red!70!black" in tex and "{h}" in tex and "{d}" in tex  # colour and the suit letter
    upgrade = g.picture_tex(
        {"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7h", "replace": "7s"}
    )
    assert upgrade is not None and r"\spadesuit" in upgrade and "-latex" in upgrade
    assert g.picture_tex({"kind": "draw", "player": 0}) is None


@pytest.mark.parametrize("sums", [False, True])
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_pads_row_names_and_numbers_read_from_the_back(language: str, sums: bool) -> None:
    """A score pad on its own (the lesson's picture) is ten boxes wide, so a lesson's cell
    (1280 x 720) shrinks it: its row names, written over their rows, still show at 20 px or
    more and its numbers at 24 px or more."""
    from tests.pictures.readable import texts

    shown = texts(str(pad_svg({"perfect": 2, "strong": 1, "weak": 3, "negative": 2}, language=language, sums=sums)))
    names = [t for t in shown if not re.fullmatch(r"[=−\d ]+", t.words) and ":" not in t.words]
    numbers = [t for t in shown if re.fullmatch(r"[=−\d ]+", t.words)]
    assert len(names) == 4 and len(numbers) >= 37
    assert min(t.px for t in names) >= 20, [(t.words, round(t.px, 1)) for t in names]
    assert min(t.px for t in numbers) >= 24
