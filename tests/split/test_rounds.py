"""Round ends, the first-turn exception, the next deal, the score pad over three rounds."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.split import pad_score, scenario

from .helpers import about_to_go_out


def test_round_ends_when_a_player_discards_their_last_card() -> None:
    g = about_to_go_out()
    g.play({"kind": "discard", "player": 0, "card": "2c"})
    assert g.round == 2 and not g.is_over()
    rec = g.state.records[0]
    assert rec.ender == 0 and rec.how == "out"
    assert g.marks(0) == {"perfect": 0, "strong": 1, "weak": 0, "negative": 0}
    assert g.marks(1) == {"perfect": 0, "strong": 0, "weak": 1, "negative": 3}
    assert g.marks(2) == {"perfect": 0, "strong": 0, "weak": 0, "negative": 1}
    assert g.round_scores() == [[3, 1 - 10, -2]]
    # the player who went out deals the next round; the player on their left starts
    assert g.state.dealer == 0 and g.current_player == 1
    v = g.view()
    assert all(len(h) == 9 for h in v["hands"]) and len(v["discard"]) == 1
    assert v["draw"] == 104 - 27 - 1
    assert all(ms == [] for ms in v["matches"])


def test_round_ends_at_once_when_the_last_card_is_drawn() -> None:
    g = scenario(hands=[["7h", "7d", "2c"], ["3s"]], draw=["Kc"], rules={"rounds": 1})
    g.play({"kind": "draw", "player": 0})
    assert g.is_over() and g.current_player is None and g.legal_moves() == []
    assert g.state.records[0].how == "pile"
    assert g.marks(0)["negative"] == 4  # no time to lay the match down
    with pytest.raises(teachgames.IllegalMove, match="over"):
        g.play({"kind": "discard", "player": 0, "card": "2c"})


def test_strong_bonus_draw_of_the_last_card_ends_the_round() -> None:
    g = scenario(hands=[["7h", "7d", "2c"], ["3s"]], draw=["Kc"], phase="play", rules={"rounds": 1})
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7d"]})
    g.play({"kind": "bonus_draw", "player": 0})
    assert g.is_over()
    assert g.marks(0) == {"perfect": 0, "strong": 1, "weak": 0, "negative": 2}


def test_first_turn_exception_lets_the_others_lay_down_without_bonuses() -> None:
    g = scenario(
        hands=[["Ah", "Ah"], ["3s", "3c", "9h", "9h"], ["4s", "4d", "5c"]],
        draw=["Kc", "Qc"],
        played=[],
        rules={"rounds": 1},
    )
    g.play({"kind": "draw", "player": 0})
    g.play({"kind": "match", "player": 0, "cards": ["Ah", "Ah"]})
    g.play({"kind": "penalise", "player": 0, "target": 1})
    g.play({"kind": "discard", "player": 0, "card": "Kc"})  # out on the first turn
    assert g.phase == "late" and g.current_player == 1 and not g.is_over()
    assert {m.kind for m in g.legal_moves()} == {"match", "finish"}
    with pytest.raises(teachgames.IllegalMove, match="only lay down"):
        g.play({"kind": "discard", "player": 1, "card": "3s"})
    g.play({"kind": "match", "player": 1, "cards": ["3s", "3c"]})
    assert g.phase == "late"  # no bonus
    g.play({"kind": "match", "player": 1, "cards": ["9h", "9h"]})  # may empty the hand
    g.play({"kind": "finish", "player": 1})
    assert g.current_player == 2
    g.play({"kind": "finish", "player": 2})
    assert g.is_over()
    assert g.state.records[0].ender == 0
    assert g.marks(1) == {"perfect": 1, "strong": 1, "weak": 0, "negative": 1}  # 1 from the bonus
    assert g.marks(2)["negative"] == 3


def test_no_exception_once_everyone_has_had_a_turn() -> None:
    g = scenario(hands=[["2c"], ["3s", "3c"]], draw=["Kc", "Qc"], phase="play", rules={"rounds": 1})
    g.play({"kind": "discard", "player": 0, "card": "2c"})
    assert g.is_over()
    assert g.marks(1)["negative"] == 2


def test_pad_marks_accumulate_over_three_rounds_and_the_match_ends() -> None:
    g = teachgames.split.new_game(players=2, seed=3)
    rounds_seen = {g.round}
    while not g.is_over():
        moves = g.legal_moves()
        draw = [m for m in moves if m.kind == "draw"]
        g.play(draw[0] if draw else moves[-1])
        rounds_seen.add(g.round)
    assert rounds_seen == {1, 2, 3} and len(g.round_scores()) == 3
    assert [sum(col) for col in zip(*g.round_scores(), strict=True)] == g.scores()


# ------------------------------------------------------------------ the pad
@pytest.mark.parametrize(
    ("marks", "points"),
    [
        ({}, 0),
        ({"perfect": 1}, 5),
        ({"perfect": 2, "strong": 3, "weak": 1, "negative": 2}, 10 + 10 + 1 - 5),
        ({"perfect": 8}, 100),  # a full row scores its last value
        ({"perfect": 12, "strong": 20, "weak": 9}, 100 + 45 + 36),
        ({"negative": 9}, -60),
        ({"negative": 30}, -60),
        ({"weak": 4, "negative": 1}, 10 - 2),
    ],
)
def test_pad_score_first_open_box(marks: dict[str, int], points: int) -> None:
    value, exp = pad_score(**marks)
    assert value == points
    assert exp.steps  # explained step by step
    assert str(points).lstrip("-") in exp.text()


def test_pad_score_with_a_teachers_table() -> None:
    table = {"perfect": [0, 10, 20], "strong": [0, 1], "weak": [0, 1], "negative": [0, 7, 8]}
    assert pad_score(perfect=5, negative=1, table=table)[0] == 20 - 7
    with pytest.raises(ValueError, match="pad"):
        pad_score(perfect=1, table={"perfect": [0, 1]})
