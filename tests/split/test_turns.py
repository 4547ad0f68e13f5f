"""A turn step by step: draw, the discard-row pick-up, matches, upgrades, bonuses, discard."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.split import scenario


def test_a_turn_is_draw_then_matches_then_one_discard() -> None:
    g = scenario(hands=[["7h", "7d", "2s", "9c"], ["3s", "4s"]], draw=["Kc", "Qc"], discard=["5h"])
    assert g.phase == "draw"
    with pytest.raises(teachgames.IllegalMove, match="draw"):
        g.play({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    with pytest.raises(teachgames.IllegalMove, match="draw"):
        g.play({"kind": "discard", "player": 0, "card": "2s"})
    g.play({"kind": "draw", "player": 0})
    assert "Kc" in g.view()["hands"][0] and g.view()["draw"] == 1
    with pytest.raises(teachgames.IllegalMove, match="drawn already"):
        g.play({"kind": "draw", "player": 0})
    g.play({"kind": "match", "player": 0, "cards": ["7d", "7h"]})
    assert g.phase == "bonus" and g.bonus == "strong"
    with pytest.raises(teachgames.IllegalMove, match="bonus"):
        g.play({"kind": "discard", "player": 0, "card": "2s"})
    g.play({"kind": "skip", "player": 0})
    g.play({"kind": "discard", "player": 0, "card": "2s"})
    assert g.current_player == 1 and g.phase == "draw"
    assert g.view()["discard"] == ["5h", "2s"]
    assert g.view()["matches"][0] == [{"cards": ["7h", "7d"], "type": "strong"}]


def test_not_your_turn_and_cards_not_held() -> None:
    g = scenario(hands=[["7h", "7d", "2s"], ["3s", "4s"]], draw=["Kc", "Qc"], phase="play")
    with pytest.raises(teachgames.IllegalMove, match="Player 1's turn"):
        g.play({"kind": "draw", "player": 1})
    with pytest.raises(teachgames.IllegalMove, match="not in your hand"):
        g.play({"kind": "match", "player": 0, "cards": ["7h", "7s"]})
    with pytest.raises(teachgames.IllegalMove, match="twice"):
        g.play({"kind": "match", "player": 0, "cards": ["7h", "7h"]})
    with pytest.raises(teachgames.IllegalMove, match="same rank"):
        g.play({"kind": "match", "player": 0, "cards": ["7h", "2s"]})


def test_a_match_must_leave_a_card_to_discard() -> None:
    g = scenario(hands=[["7h", "7d"], ["3s"]], draw=["Kc", "Qc"], phase="play")
    with pytest.raises(teachgames.IllegalMove, match="keep at least one card"):
        g.play({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    assert all(m.kind != "match" for m in g.legal_moves())


# ------------------------------------------------------------------ the discard row
def test_pick_up_from_the_discard_row_takes_every_card_on_top_and_lays_the_match() -> None:
    g = scenario(hands=[["9s", "2c"], ["3s"]], draw=["Kc", "Qc"], discard=["4d", "9c", "Jh", "5s"])
    g.play({"kind": "take", "player": 0, "index": 1, "card": "9c", "partner": "9s"})
    v = g.view()
    assert v["discard"] == ["4d"]
    assert sorted(v["hands"][0]) == sorted(["2c", "Jh", "5s"])
    assert v["matches"][0] == [{"cards": ["9s", "9c"], "type": "strong"}]
    assert v["draw"] == 2  # no card drawn from the pile
    assert g.phase == "bonus" and g.bonus == "strong"


def test_pick_up_partner_may_come_from_the_cards_on_top() -> None:
    g = scenario(hands=[["2c"], ["3s"]], draw=["Kc", "Qc"], discard=["9c", "Jh", "9h"])
    g.play({"kind": "take", "player": 0, "card": "9c", "index": 0, "partner": "9h"})
    assert g.view()["matches"][0][0]["type"] == "weak"
    assert sorted(g.view()["hands"][0]) == ["2c", "Jh"]


def test_pick_up_refusals_change_nothing() -> None:
    g = scenario(hands=[["9s", "2c"], ["3s"]], draw=["Kc", "Qc"], discard=["4d", "9c", "Jh"])
    before = g.to_json()
    for move, words in [
        ({"kind": "take", "player": 0, "index": 0, "card": "4d", "partner": "9s"}, "different rank"),
        ({"kind": "take", "player": 0, "index": 2, "card": "Jh", "partner": "Js"}, "no J♠"),
        ({"kind": "take", "player": 0, "index": 0, "card": "9c", "partner": "9s"}, "place 1"),
        ({"kind": "take", "player": 0, "index": 7, "card": "9c", "partner": "9s"}, "3 cards"),
        ({"kind": "take", "player": 0, "card": "Qs", "partner": "Qh"}, "not in the discard row"),
    ]:
        with pytest.raises(teachgames.IllegalMove, match=words):
            g.play(move)
        assert g.to_json() == before
        assert g.explain(move).verdict is False
    # without an index, the topmost copy of the card is meant
    assert g.play({"kind": "take", "player": 0, "card": "9c", "partner": "9s"}).index == 1


def test_pick_up_must_leave_a_card_to_discard() -> None:
    g = scenario(hands=[["9s"], ["3s"]], draw=["Kc", "Qc"], discard=["4d", "9c"])
    with pytest.raises(teachgames.IllegalMove, match="keep at least one card"):
        g.play({"kind": "take", "player": 0, "index": 1, "card": "9c", "partner": "9s"})
    assert [m.kind for m in g.legal_moves()] == ["draw"]


# ------------------------------------------------------------------ upgrades
def test_upgrade_own_weak_match_to_perfect_displaced_card_on_the_discard_row() -> None:
    g = scenario(
        hands=[["7h", "2c"], ["3s"]],
        draw=["Kc", "Qc"],
        discard=["4d"],
        matches=[[["7h", "7s"]], []],
        phase="play",
    )
    g.play({"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7h", "replace": "7s"})
    v = g.view()
    assert v["matches"][0] == [{"cards": ["7h", "7h"], "type": "perfect"}]
    assert v["discard"] == ["4d", "7s"]
    assert v["hands"][0] == ["2c"]
    assert g.phase == "play"  # an upgrade earns no bonus (Decision)


def test_upgrade_weak_to_strong_and_strong_to_perfect() -> None:
    g = scenario(
        hands=[["7d", "7c", "2c"], ["3s"]], draw=["Kc", "Qc"], matches=[[["7h", "7s"]], []], phase="play"
    )
    g.play({"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7d", "replace": "7s"})
    assert g.view()["matches"][0][0]["type"] == "strong"


@pytest.mark.parametrize(
    ("match", "card", "replace", "words"),
    [
        (["7h", "7d"], "7s", "7d", "would become weak"),  # strong -> weak: weaker
        (["7h", "7d"], "7c", "7d", "would become weak"),
        (["7h", "7s"], "7c", "7s", "would still be weak"),  # weak -> weak: not stronger
        (["7h", "7h"], "7d", "7h", "would become strong"),  # a perfect match cannot improve
        (["7h", "7s"], "8s", "7s", "one rank"),
        (["7h", "7s"], "7d", "7c", "not in that match"),
    ],
)
def test_upgrade_refused_unless_stronger(match: list[str], card: str, replace: str, words: str) -> None:
    g = scenario(hands=[[card, "2c", "8s"], ["3s"]], draw=["Kc", "Qc"], matches=[[match], []], phase="play")
    before = g.to_json()
    move = {"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": card, "replace": replace}
    with pytest.raises(teachgames.IllegalMove, match=words):
        g.play(move)
    assert g.to_json() == before
    assert g.explain(move).verdict is False


def test_upgrade_of_another_players_match_only_with_the_option() -> None:
    hands = [["7h", "2c"], ["3s"]]
    matches = [[], [["7h", "7s"]]]
    g = scenario(hands=hands, draw=["Kc", "Qc"], matches=matches, phase="play")
    move = {"kind": "upgrade", "player": 0, "owner": 1, "match": 0, "card": "7h", "replace": "7s"}
    with pytest.raises(teachgames.IllegalMove, match="only your own"):
        g.play(move)
    g = scenario(hands=hands, draw=["Kc", "Qc"], matches=matches, phase="play", preset="takeover")
    assert g.explain(move).verdict is True
    g.play(move)
    v = g.view()
    assert v["matches"][1] == []
    assert v["matches"][0] == [{"cards": ["7h", "7h"], "type": "perfect"}]


# ------------------------------------------------------------------ bonuses
def test_perfect_bonus_a_chosen_player_marks_a_negative_box() -> None:
    g = scenario(hands=[["7h", "7h", "2c"], ["3s"], ["4s"]], draw=["Kc", "Qc"], phase="play")
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7h"]})
    assert g.bonus == "perfect"
    assert [m.to_dict() for m in g.legal_moves()] == [
        {"kind": "penalise", "player": 0, "target": 1},
        {"kind": "penalise", "player": 0, "target": 2},
    ]
    with pytest.raises(teachgames.IllegalMove, match="not skipped"):
        g.play({"kind": "skip", "player": 0})
    with pytest.raises(teachgames.IllegalMove, match="another player"):
        g.play({"kind": "penalise", "player": 0, "target": 0})
    g.play({"kind": "penalise", "player": 0, "target": 2})
    assert g.marks(2)["negative"] == 1 and g.marks(1)["negative"] == 0
    assert g.scores()[2] == -2  # the first open box of the negative row is now 2
    assert g.phase == "play"


def test_strong_bonus_may_draw_a_card() -> None:
    g = scenario(hands=[["7h", "7d", "2c"], ["3s"]], draw=["Kc", "Qc", "Jc"], phase="play")
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    assert {m.kind for m in g.legal_moves()} == {"bonus_draw", "skip"}
    g.play({"kind": "bonus_draw", "player": 0})
    assert "Kc" in g.view()["hands"][0] and g.view()["draw"] == 2
    with pytest.raises(teachgames.IllegalMove, match="no bonus"):
        g.play({"kind": "bonus_draw", "player": 0})


def test_weak_bonus_may_swap_a_match_of_the_same_type() -> None:
    g = scenario(
        hands=[["7h", "7s", "2c"], ["3s"]],
        draw=["Kc", "Qc"],
        matches=[[["5h", "5d"]], [["Kh", "Ks"], ["4d", "4h"]]],
        phase="play",
    )
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7s"]})
    assert g.bonus == "weak"
    swaps = [m.to_dict() for m in g.legal_moves() if m.kind == "swap"]
    assert swaps == [
        {"kind": "swap", "player": 0, "mine": 0, "owner": 1, "theirs": 1},  # strong for strong
        {"kind": "swap", "player": 0, "mine": 1, "owner": 1, "theirs": 0},  # weak for weak
    ]
    with pytest.raises(teachgames.IllegalMove, match="same type"):
        g.play({"kind": "swap", "player": 0, "mine": 0, "owner": 1, "theirs": 0})
    g.play({"kind": "swap", "player": 0, "mine": 1, "owner": 1, "theirs": 0})
    v = g.view()
    assert [m["cards"] for m in v["matches"][0]] == [["5h", "5d"], ["Ks", "Kh"]]
    assert [m["cards"] for m in v["matches"][1]] == [["7s", "7h"], ["4h", "4d"]]


def test_weak_bonus_can_be_skipped_when_no_swap_exists() -> None:
    g = scenario(hands=[["7h", "7s", "2c"], ["3s"]], draw=["Kc", "Qc"], phase="play")
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7s"]})
    assert [m.kind for m in g.legal_moves()] == ["skip"]


def test_upgrade_bonus_rule() -> None:
    g = scenario(
        hands=[["7d", "2c"], ["3s"]],
        draw=["Kc", "Qc"],
        matches=[[["7h", "7s"]], []],
        phase="play",
        rules={"upgrade_bonus": True},
    )
    g.play({"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7d", "replace": "7s"})
    assert g.bonus == "strong"
