"""Level 6+ ("beginner") and the whole-pizza variant, position by position (docs/delissimo.md)."""

from __future__ import annotations

from teachgames.delissimo import scenario

from .helpers import cap, capture, end, pairs, refused

HANDS = [["1/8 mp", "2/8 mt", "5/8 pt", "4/8 mp"], ["7/8 pt", "7/8 mp", "3/8 pt", "3/8 mt"]]
CENTRE = ["3/8 mp", "1/8 mt", "6/8 pt", "2/8 pt"]
DECK = ["5/8 mp", "6/8 mt", "1/8 pt", "2/8 mp", "8/8 pt", "4/8 pt"]


def beginner():
    return scenario(level="beginner", hands=HANDS, centre=CENTRE, deck=DECK)


def test_one_card_takes_two_or_more_of_equal_slices():
    g = beginner()
    cap(g, ["4/8 mp"], ["3/8 mp", "1/8 mt"])
    assert sorted(g.view()["piles"][0]) == ["1/8 mt", "3/8 mp", "4/8 mp"]
    assert g.view()["centre"] == ["6/8 pt", "2/8 pt"]
    assert g.scores()[0] == 1  # 4/8 + 3/8 + 1/8 = 8/8


def test_two_or_more_own_cards_take_one():
    g = beginner()
    cap(g, ["1/8 mp", "5/8 pt"], ["6/8 pt"])
    assert sorted(g.view()["hands"][0]) == ["2/8 mt", "4/8 mp"]


def test_one_for_one_is_refused_with_reason():
    g = beginner()
    err = refused(g, capture(0, ["2/8 mt"], ["2/8 pt"]), "one-for-one")
    assert "one card for one card" in err.reason


def test_several_for_several_is_refused():
    g = beginner()
    refused(g, capture(0, ["1/8 mp", "2/8 mt"], ["1/8 mt", "2/8 pt"]), "many-for-many")


def test_unequal_slices_are_refused_with_the_sums():
    g = beginner()
    err = refused(g, capture(0, ["5/8 pt"], ["3/8 mp", "1/8 mt"]), "sum-differs")
    # in slices: a 6+ pupil reads no written fraction
    assert err.reason == (
        "the slices are not the same number: the cards given have 5 slices, the cards taken 1 slice + 3 slices = 4 slices"
    )


def test_toppings_do_not_matter_at_6plus():
    g = beginner()
    assert (("4/8 mp",), ("1/8 mt", "3/8 mp")) in pairs(g)


def test_cards_not_held_or_not_in_centre_are_refused():
    g = beginner()
    refused(g, capture(0, ["7/8 pt"], ["6/8 pt", "1/8 mt"]), "not-in-hand")
    refused(g, capture(0, ["4/8 mp"], ["4/8 pt"]), "not-open")
    refused(g, capture(1, ["7/8 pt"], ["6/8 pt", "1/8 mt"]), "not-your-turn")


def test_all_captures_listed_exactly():
    # worked by hand: own 5/8 = 3/8 + 2/8, own 4/8 = 3/8 + 1/8; centre 3/8 = 1/8 + 2/8,
    # centre 6/8 = 1/8 + 5/8 = 2/8 + 4/8
    assert pairs(beginner()) == {
        (("5/8 pt",), ("2/8 pt", "3/8 mp")),
        (("4/8 mp",), ("1/8 mt", "3/8 mp")),
        (("1/8 mp", "2/8 mt"), ("3/8 mp",)),
        (("1/8 mp", "5/8 pt"), ("6/8 pt",)),
        (("2/8 mt", "4/8 mp"), ("6/8 pt",)),
    }


def test_after_a_capture_the_centre_is_refilled_first_then_the_hand():
    g = beginner()
    cap(g, ["4/8 mp"], ["3/8 mp", "1/8 mt"])
    g.play(end(0))
    view = g.view()
    assert view["centre"] == ["6/8 pt", "2/8 pt", "5/8 mp", "6/8 mt"]
    assert sorted(view["hands"][0]) == sorted(["1/8 mp", "2/8 mt", "5/8 pt", "1/8 pt"])
    assert view["deck"] == 3 and view["current"] == 1  # 6 - 2 (centre) - 1 (hand)


def test_no_capture_draws_one_extra_card():
    g = beginner()
    g.play(end(0))
    assert len(g.view()["hands"][0]) == 5
    assert "5/8 mp" in g.view()["hands"][0]
    assert g.view()["centre"] == CENTRE


def test_game_ends_when_deck_empty_and_nobody_can_capture():
    g = scenario(level="beginner", hands=[["1/8 mp"], ["1/8 mt"]], centre=["8/8 pt"])
    assert g.is_over() and g.current_player is None and g.legal_moves() == []
    g2 = scenario(level="beginner", hands=[["1/8 mp"], ["1/8 mt"]], centre=["8/8 pt"], deck=["2/8 pt"])
    assert not g2.is_over()


def test_game_goes_on_while_another_player_can_capture():
    g = scenario(level="beginner", hands=[["1/8 mp"], ["3/8 mt"]], centre=["1/8 pt", "2/8 pt"])
    assert not g.is_over()
    assert g.captures() == []
    g.play(end(0))  # deck empty: nothing to draw
    assert len(g.view()["hands"][0]) == 1 and g.current_player == 1


def test_whole_variant_allows_one_for_one_making_whole_pizzas():
    g = scenario(
        level="whole", hands=[["3/8 mp", "6/8 mt"], ["1/8 pt"]], centre=["5/8 pt", "4/8 mt", "2/8 mp"]
    )
    assert (("3/8 mp",), ("5/8 pt",)) in pairs(g)
    assert (("6/8 mt",), ("2/8 mp",)) in pairs(g)
    # 3/8 + 6/8 + 5/8 + 2/8 = 16/8 = 2 whole pizzas
    assert (("3/8 mp", "6/8 mt"), ("2/8 mp", "5/8 pt")) in pairs(g)
    err = refused(g, capture(0, ["3/8 mp"], ["4/8 mt"]), "not-whole")
    assert "7 slices" in err.reason and "/8" not in err.reason


def test_whole_variant_needs_cards_from_both_sides():
    g = scenario(level="whole", hands=[["3/8 mp", "5/8 mt"], ["1/8 pt"]], centre=["4/8 mt"], deck=["1/8 mt"])
    refused(g, capture(0, ["3/8 mp", "5/8 mt"], []), "empty-take")


def test_whole_variant_deck_has_no_whole_pizzas():
    import teachgames

    g = teachgames.new_game("delissimo", level="whole", players=3, seed=4)
    position = g._setup["position"]
    cards = [c for h in position["hands"] for c in h] + position["centre"] + position["draw"]
    assert len(cards) == 60 and not [c for c in cards if c.startswith("8/8")]
