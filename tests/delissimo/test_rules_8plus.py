"""Levels 8+ ("basic") and 10+ ("advanced"), position by position (docs/delissimo.md)."""

from __future__ import annotations

from sympy import Rational

from teachgames.delissimo import scenario

from .helpers import cap, capture, end, pairs, refused

ORDERS = ["tomato 1", "mushroom 1/8", "pepper 3/8", "tomato 2/4", "pepper 5/8", "mushroom 1/2"]


def basic(**kw):
    kw.setdefault("orders", ORDERS)
    return scenario(level=kw.pop("level", "basic"), **kw)


def test_one_order_takes_one_pizza_with_its_topping():
    g = basic(
        hands=[["tomato 1/4", "pepper 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 mp"]]
    )
    move = cap(g, ["tomato 1/4"], ["2/8 mt"])
    assert str(move) == "Player 1 gives tomato 1/4 and takes 2/8 mushroom+tomato"
    assert g.scores()[0] == Rational(1, 4)


def test_topping_must_be_on_every_pizza_taken():
    g = basic(
        hands=[["tomato 1/4", "pepper 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 mp"]]
    )
    err = refused(g, capture(0, ["pepper 1/4"], ["2/8 mt"]), "topping-missing")
    assert err.reason == "pepper is not on a mushroom+tomato pizza"


def test_exact_capture_list_at_8plus():
    g = basic(
        hands=[["tomato 1/4", "pepper 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 mp"]]
    )
    assert pairs(g) == {
        (("tomato 1/4",), ("2/8 mt",)),
        (("pepper 1/4", "tomato 1/4"), ("4/8 pt",)),  # several orders, one pizza: 1/4 + 1/4 = 4/8
    }


def test_one_order_takes_two_or_three_pizzas_sharing_its_topping():
    g = basic(
        hands=[["mushroom 3/4", "pepper 1"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 mp"], ["3/8 pt"]]
    )
    assert (("mushroom 3/4",), ("2/8 mt", "4/8 mp")) in pairs(g)
    g = basic(hands=[["pepper 1"], ["pepper 1/2"]], stacks=[["4/8 mp"], ["1/8 pt"], ["3/8 pt"]])
    assert pairs(g) == {(("pepper 1",), ("1/8 pt", "3/8 pt", "4/8 mp"))}


def test_composite_orders_only_at_10plus():
    hands = [["tomato 1/8", "mushroom 3/8"], ["pepper 1/2"]]
    stacks = [["2/8 mt", "1/8 mp"], ["2/8 mt", "7/8 pt"], ["6/8 pt"]]
    g = basic(hands=hands, stacks=stacks)
    err = refused(g, capture(0, ["tomato 1/8", "mushroom 3/8"], ["2/8 mt", "2/8 mt"]), "composite")
    assert "10+" in err.reason
    g = basic(level="advanced", hands=hands, stacks=stacks)
    assert (("mushroom 3/8", "tomato 1/8"), ("2/8 mt", "2/8 mt")) in pairs(g)
    cap(g, ["tomato 1/8", "mushroom 3/8"], ["2/8 mt", "2/8 mt"])
    assert g.view()["stacks"] == [["1/8 mp"], ["7/8 pt"], ["6/8 pt"]]


def test_a_capture_takes_at_most_three_pizzas_and_only_open_ones():
    g = basic(hands=[["tomato 1"], ["pepper 1/2"]], stacks=[["2/8 mt", "6/8 mt"], ["4/8 pt"], ["2/8 pt"]])
    refused(g, capture(0, ["tomato 1"], ["6/8 mt", "2/8 pt"]), "not-open")
    refused(g, capture(0, ["special mt"], ["2/8 mt"]), "not-in-hand")


def test_action_cards_do_not_pay_for_pizzas():
    g = basic(hands=[["special mt", "tomato 1"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 pt"], ["2/8 pt"]])
    refused(g, capture(0, ["special mt"], ["2/8 mt"]), "give-not-order")


def test_empty_stack_is_refilled_by_halving_the_largest():
    stacks = [["1/8 mt"], ["2/8 mp", "3/8 mp"], ["4/8 pt", "5/8 pt", "6/8 pt", "7/8 pt"]]
    g = basic(hands=[["mushroom 1/8"], ["pepper 1/2"]], stacks=stacks)
    cap(g, ["mushroom 1/8"], ["1/8 mt"])
    # the largest stack keeps its top half and gives the rest, in order, to the empty place
    assert g.view()["stacks"] == [["6/8 pt", "7/8 pt"], ["2/8 mp", "3/8 mp"], ["4/8 pt", "5/8 pt"]]


def test_stack_split_tie_takes_the_first_largest_and_keeps_the_bigger_half():
    stacks = [["1/8 mt"], ["2/8 mp", "3/8 mp", "1/8 pt"], ["4/8 pt", "5/8 pt", "6/8 pt"]]
    g = basic(hands=[["mushroom 1/8"], ["pepper 1/2"]], stacks=stacks)
    cap(g, ["mushroom 1/8"], ["1/8 mt"])
    assert g.view()["stacks"] == [["1/8 pt"], ["2/8 mp", "3/8 mp"], ["4/8 pt", "5/8 pt", "6/8 pt"]]


def test_single_card_stacks_are_not_split():
    g = basic(hands=[["mushroom 1/8"], ["pepper 1/2"]], stacks=[["1/8 mt"], ["2/8 mp"], ["3/8 pt"]])
    cap(g, ["mushroom 1/8"], ["1/8 mt"])
    assert g.view()["stacks"] == [[], ["2/8 mp"], ["3/8 pt"]]


def test_no_capture_draws_one_extra_order_and_capture_refills_to_four():
    g = basic(
        hands=[["tomato 1/4", "pepper 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 mp"]]
    )
    g.play(end(0))
    assert sorted(g.view()["hands"][0]) == sorted(["tomato 1/4", "pepper 1/4", "tomato 1"])
    g.play(end(1))
    cap(g, ["tomato 1/4"], ["2/8 mt"])
    g.play(end(0))
    assert len(g.view()["hands"][0]) == 4  # refilled: 2 left + 2 drawn


def test_special_order_takes_every_open_pizza_of_its_pair_and_counts_as_capture():
    g = basic(
        hands=[["special mt", "tomato 1"], ["pepper 1"]],
        stacks=[["2/8 mt"], ["5/8 mt", "1/8 pt"], ["3/8 pt"]],
    )
    g.play({"kind": "special", "player": 0, "card": "special mt"})
    assert sorted(g.view()["piles"][0]) == ["2/8 mt", "5/8 mt", "special mt"]
    assert g.scores()[0] == Rational(7, 8)  # the special card itself is not pizza
    g.play(end(0))
    assert len(g.view()["hands"][0]) == 4  # refilled, not "one extra"


def test_special_order_rules_at_8plus():
    g = basic(hands=[["tomato 1"], ["special mt", "special mp"]], stacks=[["2/8 mt"], ["5/8 pt"], ["3/8 pt"]])
    assert not [m for m in g.legal_moves(1) if m.kind == "special"]
    err = refused(g, {"kind": "special", "player": 1, "card": "special mt"}, "special-own-turn")
    assert "own turn" in err.reason
    g.play(end(0))
    refused(g, {"kind": "special", "player": 1, "card": "special mp"}, "special-no-match")
    assert [str(m) for m in g.legal_moves() if m.kind == "special"] == [
        "Player 2 plays a special order mushroom+tomato"
    ]


def test_10plus_special_interrupts_and_play_passes_after_the_interrupter():
    g = basic(
        level="advanced",
        hands=[["tomato 1/4", "pepper 1"], ["special mt", "mushroom 1"], ["tomato 1", "cancel"]],
        stacks=[["2/8 mt", "1/8 mp"], ["5/8 mt"], ["3/8 pt"]],
    )
    cap(g, ["tomato 1/4"], ["2/8 mt"])
    assert [m.kind for m in g.legal_moves(1)] == ["special"]
    g.play({"kind": "special", "player": 1, "card": "special mt"})
    view = g.view()
    assert view["current"] == 1
    assert len(view["hands"][0]) == 4  # the interrupted player had captured: refilled
    assert sorted(view["piles"][1]) == ["5/8 mt", "special mt"]
    # the interrupter's turn has started, so it cannot be cancelled
    refused(g, {"kind": "cancel", "player": 2, "target": 1}, "cancel-started")
    g.play(end(1))
    assert g.current_player == 2


def test_10plus_interrupted_player_without_capture_draws_nothing():
    g = basic(
        level="advanced", hands=[["pepper 1"], ["special mt"]], stacks=[["2/8 mt"], ["5/8 pt"], ["3/8 pt"]]
    )
    g.play({"kind": "special", "player": 1, "card": "special mt"})
    assert g.view()["hands"][0] == ["pepper 1"]
    assert g.current_player == 1


def test_cancel_skips_the_turn_and_the_canceller_refills_at_once():
    g = basic(
        hands=[["tomato 1"], ["cancel", "pepper 1/2"], ["mushroom 1/2"]],
        stacks=[["2/8 mt"], ["5/8 pt"], ["3/8 pt"]],
    )
    assert [str(m) for m in g.legal_moves(1)] == ["Player 2 cancels the turn of Player 1"]
    g.play({"kind": "cancel", "player": 1, "target": 0})
    view = g.view()
    assert view["hands"][0] == ["tomato 1"]  # skipped: no capture, no draw
    assert len(view["hands"][1]) == 4 and "cancel" not in view["hands"][1]
    assert view["discard"] == ["cancel"]
    assert view["current"] == 1  # play passes to the player after the target


def test_cancel_refusals():
    g = basic(
        hands=[["tomato 1/4", "cancel"], ["cancel"], ["mushroom 1/2"]],
        stacks=[["2/8 mt"], ["5/8 pt"], ["3/8 pt"]],
    )
    refused(g, {"kind": "cancel", "player": 0, "target": 0}, "cancel-own-turn")
    refused(g, {"kind": "cancel", "player": 1, "target": 2}, "cancel-target")
    refused(g, {"kind": "cancel", "player": 2, "target": 0}, "cancel-not-held")
    cap(g, ["tomato 1/4"], ["2/8 mt"])
    refused(g, {"kind": "cancel", "player": 1, "target": 0}, "cancel-started")


def test_cancels_and_specials_do_not_exist_at_6plus():
    g = scenario(level="beginner", hands=[["1/8 mp"], ["2/8 mp"]], centre=["3/8 mp"], deck=["1/8 mt"])
    refused(g, {"kind": "cancel", "player": 1, "target": 0}, "no-cancels-here")


def test_game_ends_when_no_pizza_is_open():
    g = basic(hands=[["tomato 1/4"], ["pepper 1/2"]], stacks=[[], [], []])
    assert g.is_over() and g.legal_moves() == [] and g.current_player is None
    refused(g, end(0), "game-over")


def test_game_ends_when_orders_run_out_and_nobody_can_capture():
    stacks = [["2/8 mt"], ["5/8 pt"], ["3/8 pt"]]
    assert basic(hands=[["tomato 1/8"], ["pepper 1/2"]], stacks=stacks, orders=[]).is_over()
    # another player's capture keeps the game going
    assert not basic(hands=[["tomato 1/8"], ["pepper 5/8"]], stacks=stacks, orders=[]).is_over()
    # a playable special order keeps it going too
    assert not basic(hands=[["special pt"], ["pepper 1/2"]], stacks=stacks, orders=[]).is_over()


def test_scores_count_pizza_only_and_10plus_penalty_when_over():
    piles = [["tomato 1/4", "2/8 mt", "special mp", "4/8 mp"], ["7/8 pt"]]
    hands = [["pepper 3/8", "cancel"], ["tomato 1"]]
    g = basic(hands=hands, stacks=[[], [], []], piles=piles)
    assert g.scores() == [Rational(6, 8), Rational(7, 8)]
    g = basic(level="advanced", hands=hands, stacks=[[], [], []], piles=piles)
    # 6/8 - (3/8 + 1 whole pizza for the action card) = -5/8; 7/8 - 1 = -1/8
    assert g.scores() == [Rational(-5, 8), Rational(-1, 8)]
    g = basic(level="advanced", hands=hands, stacks=[["1/8 mt"], [], []], piles=piles)
    assert not g.is_over() and g.scores() == [Rational(6, 8), Rational(7, 8)]


def test_equal_open_pizzas_are_taken_from_the_leftmost_stack():
    g = basic(
        hands=[["tomato 1/4"], ["pepper 1/2"]],
        stacks=[["5/8 pt"], ["2/8 mt", "1/8 mp"], ["2/8 mt", "3/8 pt"]],
    )
    cap(g, ["tomato 1/4"], ["2/8 mt"])
    assert g.view()["stacks"] == [["5/8 pt"], ["1/8 mp"], ["2/8 mt", "3/8 pt"]]


def test_teacher_can_switch_off_the_stack_split():
    stacks = [["1/8 mt"], ["2/8 mp", "3/8 mp"], ["4/8 pt", "5/8 pt", "6/8 pt", "7/8 pt"]]
    g = basic(hands=[["mushroom 1/8"], ["pepper 1/2"]], stacks=stacks, rules={"split_empty_stacks": False})
    cap(g, ["mushroom 1/8"], ["1/8 mt"])
    assert g.view()["stacks"] == [[], ["2/8 mp", "3/8 mp"], ["4/8 pt", "5/8 pt", "6/8 pt", "7/8 pt"]]


def test_teacher_can_switch_off_the_refill_of_an_interrupted_player():
    kw = dict(
        level="advanced",
        hands=[["tomato 1/4", "pepper 1"], ["special mt", "mushroom 1"]],
        stacks=[["2/8 mt", "1/8 mp"], ["5/8 mt"], ["3/8 pt"]],
    )
    for refills, hand in ((True, 4), (False, 1)):
        g = basic(rules={"interrupted_turn_refills": refills}, **kw)
        cap(g, ["tomato 1/4"], ["2/8 mt"])
        g.play({"kind": "special", "player": 1, "card": "special mt"})
        assert len(g.view()["hands"][0]) == hand
