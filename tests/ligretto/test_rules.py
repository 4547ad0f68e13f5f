"""Centre piles, the race for a pile, the hand deck, blockades and scoring."""

from __future__ import annotations

from typing import Any

import pytest

from teachgames import IllegalMove
from teachgames.core.realtime import settle
from teachgames.ligretto import Play, Turn, scenario


def two(p0: dict[str, Any], p1: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A two-player table; Player 2 keeps a 1 in the hand so that it is never blocked."""
    p1 = dict(p1 or {"stack": ["blue 10"], "row": ["blue 9"]})
    p1.setdefault("deck", ["green 1"])
    kw.setdefault("rules", {"rounds": 1})
    return scenario([p0, p1], **kw)


def test_a_one_starts_a_new_pile_of_any_colour() -> None:
    g = two({"stack": ["green 1", "blue 5", "blue 7"], "row": ["yellow 1"]})
    g.play(Play(0, "green 1", None, 1.0))
    g.play(Play(0, "yellow 1", None, 2.0))
    assert [p["top"] for p in g.view()["piles"]] == ["green 1", "yellow 1"]
    with pytest.raises(IllegalMove) as exc:
        g.play({"kind": "play", "player": 0, "card": "blue 5", "pile": 0, "at": 3})
    assert exc.value.code == "wrong-colour"


def test_one_more_same_colour_only() -> None:
    g = two({"stack": ["red 3", "red 9"], "row": ["red 2", "blue 2"]}, piles=[["red 1"], [["red 1", 1]]])
    before = g.to_json()
    for card, pile, code in [
        ("red 3", 0, "not-one-more"),
        ("blue 2", 0, "wrong-colour"),
        ("red 2", 5, "no-such-pile"),
        ("blue 2", None, "no-pile"),
    ]:
        with pytest.raises(IllegalMove) as exc:
            g.play(Play(0, card, pile, 1.0))
        assert exc.value.code == code
        assert g.to_json() == before  # refused: nothing changed
    g.play(Play(0, "red 2", 1, 1.0))  # several red piles: the pupil picks pile 2
    assert g.view()["piles"][1]["top"] == "red 2" and g.view()["piles"][0]["top"] == "red 1"
    # the gap in the row is filled from the Ligretto stack: red 3 is now in the row
    assert g.view()["hands"][0]["row"] == ["red 3", "blue 2"]
    g.play(Play(0, "red 3", None, 2.0))  # no pile named: the first it fits
    assert g.view()["piles"][1]["top"] == "red 3"


def test_a_complete_pile_takes_no_more() -> None:
    pile = [[f"green {n}", 1] for n in range(1, 11)]
    g = two(
        {"stack": ["green 2", "red 5"], "row": []},
        p1={"stack": ["blue 9"], "row": [], "deck": ["red 1"]},
        piles=[pile],
    )
    assert g.view()["piles"][0]["complete"]
    with pytest.raises(IllegalMove) as exc:
        g.play(Play(0, "green 2", 0, 1.0))
    assert exc.value.code == "pile-complete"


def test_only_open_cards_can_be_played() -> None:
    g = two(
        {
            "stack": ["red 5", "red 1"],
            "row": ["blue 4"],
            "deck": ["yellow 1", "green 1"],
            "turned": ["red 8", "blue 1"],
        }
    )
    codes = {}
    for card in ("red 1", "yellow 1", "blue 1"):
        with pytest.raises(IllegalMove) as exc:
            g.play(Play(0, card, None, 0.0))
        codes[card] = exc.value.code
    assert codes == {"red 1": "not-on-top", "yellow 1": "face-down", "blue 1": "not-on-top"}


def test_the_first_card_to_land_wins_the_pile() -> None:
    g = two(
        {"stack": ["red 2", "blue 9"], "row": []},
        p1={"stack": ["red 2", "blue 8"], "row": []},
        piles=[["red 1"]],
    )
    later = Play(0, "red 2", 0, 1.30)
    first = Play(1, "red 2", 0, 1.25)
    attempts = settle(g, [later, first])
    assert [(a.player, a.accepted) for a in attempts] == [(1, True), (0, False)]
    assert attempts[1].code == "pile-taken"
    assert "pile taken" in attempts[1].reason and "Player 2" in attempts[1].reason
    assert g.view()["piles"][0]["owners"] == [0, 1]
    # Player 1's red 2 stays where it was, still on top of the stack
    assert g.view()["hands"][0]["stack_top"] == "red 2"
    # and the game refuses a move timed before the last card that landed
    with pytest.raises(IllegalMove) as exc:
        g.play(Turn(0, 1.0))
    assert exc.value.code == "too-early"


def _draws(g: Any, player: int, turns: int) -> list[str | None]:
    tops = []
    for k in range(turns):
        g.play(Turn(player, float(k)))
        tops.append(g.view()["hands"][player]["hand_top"])
    return tops


HAND = ["green 2", "green 3", "green 4", "green 5", "green 6", "green 7", "green 8"]


def test_hand_deck_official_turns_over_in_the_same_order() -> None:
    g = two({"stack": ["blue 10", "blue 9"], "row": [], "deck": HAND}, preset="official")
    tops = _draws(g, 0, 6)
    # 3 at a time, only the top one shows: 4, 7, 8; then the pile turned over: 4, 7, 8 again
    assert tops == ["green 4", "green 7", "green 8", "green 4", "green 7", "green 8"]
    h = g.view()["hands"][0]
    assert h["turned"] + h["deck"] == 7


def test_hand_deck_seed_reshuffles_at_the_end() -> None:
    orders = set()
    for seed in range(6):
        g = two({"stack": ["blue 10", "blue 9"], "row": [], "deck": HAND}, seed=seed)
        first = _draws(g, 0, 3)
        assert first == ["green 4", "green 7", "green 8"]
        g.play(Turn(0, 5.0))  # the deck has run out: shuffled, then three turned up
        h = g.view()
        assert h["hands"][0]["turned"] == 3 and h["hands"][0]["deck"] == 4
        assert sorted(h["hands"][0]["turned_cards"] + h["hands"][0]["deck_cards"]) == sorted(HAND)
        orders.add(tuple(h["hands"][0]["turned_cards"] + h["hands"][0]["deck_cards"]))
    assert len(orders) > 1  # the shuffle depends on the seed


def _blocked_table(preset: str, blockade: str) -> Any:
    # After Player 1 plays yellow 1, no open card fits; Player 1's red 2 (fits red 1) is
    # the first hand card, which the official three-at-a-time pass never shows.
    p0 = {
        "stack": ["blue 6", "blue 7"],
        "row": ["yellow 1"],
        "deck": ["red 2", "green 5", "green 6", "blue 9", "blue 10", "green 8"],
    }
    p1 = {"stack": ["green 9"], "row": ["blue 8"]}
    return scenario(
        [p0, p1], piles=[[["red 1", 1]]], preset=preset, rules={"blockade": blockade, "rounds": 1}
    )


def test_blockade_ends_and_scores_the_round() -> None:
    g = _blocked_table("official", "end")
    g.play(Play(0, "yellow 1", None, 1.0))
    assert g.is_over() and g.state.ended == "blockade"
    # Player 1: 1 card in the centre, 1 left in the stack: 1 − 1 × 2 = −1; Player 2 the same
    assert g.round_scores() == [[-1, -1]]


def test_unblock_moves_the_top_hand_card_to_the_bottom() -> None:
    g = _blocked_table("official", "unblock")
    g.play(Play(0, "yellow 1", None, 1.0))
    assert not g.is_over() and g.phase == "play" and g.state.unblocks == 1
    tops = _draws_from(g, 2.0)
    assert "red 2" in tops


def _draws_from(g: Any, t: float) -> list[str | None]:
    tops = []
    for k in range(4):
        g.play(Turn(0, t + k))
        tops.append(g.view()["hands"][0]["hand_top"])
    return tops


def test_seed_preset_reaches_every_hand_card_so_no_blockade_there() -> None:
    g = _blocked_table("seed", "end")
    g.play(Play(0, "yellow 1", None, 1.0))
    assert g.phase == "play" and not g.is_blocked()


def test_hopeless_table_ends_even_with_unblock() -> None:
    p0 = {"stack": ["blue 6", "blue 7"], "row": ["yellow 1"], "deck": ["green 5", "green 6"]}
    g = scenario([p0, {"stack": ["green 9"], "row": ["blue 8"]}], rules={"blockade": "unblock", "rounds": 1})
    g.play(Play(0, "yellow 1", None, 1.0))
    assert g.is_over() and g.state.ended == "blockade"


def test_round_ends_only_when_a_ligretto_stack_is_empty() -> None:
    g = two({"stack": ["red 2"], "row": ["red 1", "blue 1"]}, p1={"stack": ["blue 2", "green 7"], "row": []})
    g.play(Play(0, "blue 1", None, 1.0))  # row card: the gap is filled with red 2 from the stack
    assert g.is_over() and g.state.ended == "stack" and g.state.ender == 0
    # Player 1: 1 in the centre, 0 left: 1; Player 2: 0 in the centre, 2 left: −4
    assert g.round_scores() == [[1, -4]] and g.scores() == [1, -4]


def test_an_empty_row_does_not_end_the_round() -> None:
    g = two({"stack": ["red 5", "red 7"], "row": ["red 1"]}, p1={"stack": ["blue 2", "green 7"], "row": []})
    g.play(Play(0, "red 1", None, 1.0))
    assert g.phase == "play"


def _turned_past_table(blockade: str) -> Any:
    # Player 1's turned-up red 2 (fits red 1) is the only card that fits; turning up three
    # more cards passes it, and the official preset's three-card groups never show it again.
    p0 = {"stack": ["blue 9", "blue 8"], "row": [], "turned": ["red 2", "green 5"],
          "deck": ["green 6", "green 7", "green 8", "green 9"]}  # fmt: skip
    p1 = {"stack": ["blue 10"], "row": ["yellow 9"]}
    return scenario(
        [p0, p1], piles=[[["red 1", 1]]], preset="official", rules={"blockade": blockade, "rounds": 1}
    )


def test_turning_past_the_last_fitting_card_is_a_blockade() -> None:
    g = _turned_past_table("end")
    assert not g.is_blocked()
    g.play(Turn(0, 1.0))
    assert g.is_over() and g.state.ended == "blockade"
    h = _turned_past_table("unblock")
    h.play(Turn(0, 1.0))
    assert h.phase == "play" and h.state.unblocks >= 1 and not h.is_blocked()
