"""Delissimo explanations, checked step by step (words and the maths they show)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

import teachgames
from teachgames.delissimo import scenario
from teachgames.delissimo.explain import whole_groups

from .helpers import capture


def steps(e):
    return [(s.words, " = ".join(str(m) for m in s.chain) if s.chain else "") for s in e.steps]


def basic(level="basic"):
    return scenario(
        level=level,
        hands=[
            ["tomato 1/4", "tomato 2/8", "tomato 1/2", "pepper 1/4", "mushroom 3/8", "tomato 1/8"],
            ["pepper 1/2"],
        ],
        stacks=[["2/8 mt"], ["5/8 mt"], ["8/8 pt"]],
    )


def test_legal_order_capture_shows_equivalent_fractions_and_topping():
    e = basic().explain(capture(0, ["tomato 1/4"], ["2/8 mt"]))
    assert e.verdict is True
    assert e.title == "Player 1 gives tomato 1/4 and takes 2/8 mushroom+tomato"
    text = e.text()
    assert "Orders given, in eighths (a common denominator): 1/4 = 2/8" in text
    assert "Every pizza taken has tomato." in text
    assert r"\frac{1}{4} = \frac{2}{8}" in e.latex()  # the printed 2/8 is kept, not reduced


def test_composite_sum_is_shown_over_a_common_denominator():
    e = basic("advanced").explain(capture(0, ["tomato 1/4", "tomato 2/8", "tomato 1/2"], ["8/8 pt"]))
    assert e.verdict is True
    text = e.text()
    assert "1/4 + 2/8 + 1/2 = 2/8 + 2/8 + 4/8 = 8/8" in text
    assert "Given and taken are equal: 8/8 = 8/8" in text and "In simplest form: 8/8 = 1" in text
    assert "3 orders for one pizza." in text


def test_unequal_sums_show_the_inequality_and_reuse_the_reason():
    g = basic()
    move = capture(0, ["mushroom 3/8", "tomato 1/8"], ["5/8 mt"])
    e = g.explain(move)
    assert e.verdict is False
    assert "1/8 + 3/8 = 4/8" in e.text() and "4/8 ≠ 5/8" in e.text()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(move)
    reason = info.value.reason
    assert e.steps[-1].words == reason[0].upper() + reason[1:]


def test_missing_topping_is_named():
    e = basic().explain(capture(0, ["pepper 1/4"], ["2/8 mt"]))
    assert e.verdict is False
    assert e.steps[-1].words == "Pepper is not on a mushroom+tomato pizza"


def test_one_for_one_at_6plus_is_told_in_words():
    g = scenario(
        level="beginner", hands=[["2/8 mt"], ["1/8 mp"]], centre=["2/8 pt", "3/8 mp"], deck=["1/8 mt"]
    )
    e = g.explain(capture(0, ["2/8 mt"], ["2/8 pt"]))
    assert e.verdict is False and "One card for one card is not allowed at 6+" in e.text()


def test_whole_variant_shows_the_whole_number_or_where_the_sum_lies():
    g = scenario(level="whole", hands=[["3/8 mp"], ["1/8 pt"]], centre=["5/8 pt", "4/8 mt"])
    ok = g.explain(capture(0, ["3/8 mp"], ["5/8 pt"]))
    # 6+ counts slices: no fraction is written
    assert ok.verdict is True and "3 + 5 = 8" in ok.text() and "8 slices make 1 whole pizza" in ok.text()
    bad = g.explain(capture(0, ["3/8 mp"], ["4/8 mt"]))
    assert bad.verdict is False and "0 < 7 < 8" in bad.text()
    assert "/8" not in ok.text() + bad.text()


def test_every_capture_in_captures_explains_itself_as_legal():
    for level in ("beginner", "whole", "basic", "advanced"):
        g = teachgames.new_game("delissimo", level=level, players=3, seed=11)
        bot = teachgames.bots.RandomBot(2)
        for _ in range(30):
            if g.is_over():
                break
            for c in g.captures():
                assert c.explanation.verdict is True, c.explanation.text()
            g.play(bot.choose(g))


def test_malformed_moves_are_explained_not_raised():
    e = basic().explain({"kind": "capture", "player": 0, "give": ["tomato 9/8"], "take": []})
    assert e.verdict is False and "not an order card" in e.text()


def test_scores_group_whole_pizzas_subtract_penalty_and_name_winner():
    g = scenario(
        level="advanced",
        hands=[["tomato 1/4", "pepper 3/8", "cancel"], ["pepper 1/2"]],
        stacks=[[], [], []],
        piles=[["5/8 mt", "3/8 mp", "2/8 pt", "6/8 mt", "4/8 mp", "tomato 1"], ["7/8 pt"]],
    )
    e = g.explain_scores(names=["Ann", "Bob"])
    text = e.text()
    assert "5/8 + 3/8 + 2/8 + 6/8 + 4/8 = 20/8" in text
    assert text.count("These make a whole pizza") == 2
    assert "1 + 1 + 4/8 = 2 1/2" in text
    # the cancel card counts as a whole pizza; every term in eighths before the total
    assert "3/8 + 1/4 + 1 = 3/8 + 2/8 + 8/8 = 13/8 = 1 5/8" in text
    # 4/8 is less than 5/8: a whole pizza is changed into eighths before taking away
    assert "2 + 4/8 = 1 + 12/8" in text and "(1 − 1) + (12/8 − 5/8) = 0 + 7/8 = 7/8" in text
    assert "2 1/2 − 1 5/8 = 7/8" in text
    assert "7/8 − 1/2 = 3/8" in text
    assert "Ann wins with a score of 7/8." in text
    assert [s.words for s in e.steps if s.heading] == ["Ann", "Bob", "Result"]


@pytest.mark.parametrize("level", ["beginner", "whole"])
def test_the_penalty_rule_at_a_level_without_orders_costs_the_pizza_cards_held_nothing(level):
    # a teacher may switch the 10+ penalty on at 6+: the pizza cards still in hand are not
    # orders, so the engine takes nothing away and the explanation says the same
    g = scenario(
        level=level,
        rules={"penalty": True},
        hands=[["5/8 mt", "6/8 pt"], []],
        centre=[],
        piles=[["3/8 mp"], ["7/8 pt"]],
    )
    assert g.is_over()
    text = g.explain_scores(names=["Ann", "Bob"]).text()
    assert "Cards still in hand" not in text
    assert g.scores() == [Rational(3, 8), Rational(7, 8)]  # as delivered: nothing taken away
    assert "Ann wins" not in text and "Bob wins with a score of 7" in text


def test_scores_before_the_end_say_so_and_name_the_leader():
    g = scenario(
        level="basic", hands=[["tomato 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"]], piles=[["3/8 mp"], []]
    )
    text = g.explain_scores().text()
    assert "not over yet" in text and "Player 1 leads" in text


def test_tie_is_named():
    g = scenario(level="basic", hands=[[], []], stacks=[], piles=[["3/8 mp"], ["3/8 pt"]])
    assert "Player 1, Player 2 share first place with a score of 3/8." in g.explain_scores().text()


@given(st.lists(st.integers(1, 8), max_size=14))
def test_whole_groups_use_every_piece_once(values):
    groups, left = whole_groups(values)
    assert sorted([v for g in groups for v in g] + left) == sorted(values)
    assert all(sum(g) == 8 for g in groups)
    assert sum(left) < 8 or not _can_make(left, 8)


def _can_make(values, target):
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return target in sums


def test_explanations_render_as_svg_and_latex():
    e = basic().explain(capture(0, ["tomato 1/4"], ["2/8 mt"]))
    import xml.etree.ElementTree as ET

    ET.fromstring(e.svg())
    assert e._repr_latex_() and e._repr_markdown_() and "<svg" in e._repr_html_()


def test_scores_show_every_piece_even_when_the_rest_makes_no_exact_whole():
    # 7/8 + 3/8 + 3/8 + 3/8 has no subset worth exactly one pizza, yet makes 2 together
    g = scenario(level="basic", hands=[[], []], stacks=[],
                 piles=[["7/8 mt", "3/8 mp", "3/8 pt", "3/8 mt", "8/8 mt", "5/8 pt", "3/8 mp"], ["4/8 mt"]])
    text = g.explain_scores().text()
    # whole pizzas are made of what is left too, until less than one is left
    assert "until less than one is left: 7/8 + 3/8 + 3/8 + 3/8 = 16/8 = 8/8 + 8/8 = 2" in text
    assert "Pizza delivered: 1 + 1 + 1 + 1 = 4" in text
