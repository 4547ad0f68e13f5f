"""Every rule of docs/tsvetik.md: the legal moves, and each refusal with its reason (game unchanged)."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.tsvetik import Draw, Place, Take, TsvetikGame, scenario

from .helpers import refused


def test_a_new_game_has_the_box_in_the_bank_and_four_empty_fields() -> None:
    g = TsvetikGame.new(players=3, seed=5)
    v = g.view()
    assert v["bank"] == 49 and sorted(v["bank_cards"]) == sorted(c for c in v["bank_cards"])
    assert all(v["bank_cards"].count(c) == 7 for c in set(v["bank_cards"]))
    assert v["fields"] == [[], [], [], []] and v["cells"] == 3
    assert g.current_player == 0 and g.legal_moves() == [Draw(0)]


def test_coloretto_lays_one_field_per_player() -> None:
    assert len(TsvetikGame.new(players=2, seed=1, preset="coloretto").view()["fields"]) == 2
    assert len(TsvetikGame.new(players=4, seed=1, preset="coloretto").view()["fields"]) == 4


def test_draw_then_place_then_the_next_player() -> None:
    g = scenario(players=3, bank=["red", "blue"], fields=[["green"], [], [], []])
    g.play({"kind": "draw"})
    assert g.view()["drawn"] == "red" and g.current_player == 0
    assert g.legal_moves() == [Place(0, f) for f in range(4)]
    g.play({"kind": "place", "field": 0})
    assert g.view()["fields"][0] == ["green", "red"] and g.view()["drawn"] is None
    assert g.current_player == 1 and g.view()["bank"] == 1


def test_draw_and_place_refusals() -> None:
    g = scenario(
        players=2,
        bank=["red", "blue"],
        fields=[["green"] * 3, ["red"], [], []],
        taken={1: 1},
        collected=[[], []],
        current=0,
    )
    # field 2 was taken by Player 2 in this round, field 1 is full
    refused(g, {"kind": "place", "field": 2}, "draw-first")
    g.play({"kind": "draw"})
    refused(g, {"kind": "draw"}, "must-place")
    refused(g, {"kind": "take", "field": 0}, "must-place")
    refused(g, {"kind": "place", "field": 0}, "field-full")
    e = refused(g, {"kind": "place", "field": 1}, "field-taken")
    assert "Player 2" in e.reason
    refused(g, {"kind": "place", "field": 7}, "no-such-field")
    g.play({"kind": "place", "field": 2})


def test_take_refusals_and_sitting_out() -> None:
    g = scenario(players=3, bank=["red"] * 5, fields=[["green"], [], ["blue"], []], current=0)
    refused(g, {"kind": "take", "field": 1}, "field-empty")
    refused(g, {"kind": "take", "field": 0, "player": 1}, "not-your-turn")
    g.play({"kind": "take", "field": 0})
    assert g.current_player == 1 and g.state.taken == [0, None, None]
    e = refused(g, {"kind": "draw", "player": 0}, "sits-out")
    assert "field 1" in e.reason
    refused(g, {"kind": "take", "field": 0}, "field-taken")
    assert Take(1, 0) not in g.legal_moves() and Take(1, 2) in g.legal_moves()


def test_forced_take_when_every_free_cell_is_full() -> None:
    full = ["red"] * 3
    g = scenario(players=2, bank=["blue"] * 4, fields=[full, full, ["green"] * 3, full])
    e = refused(g, {"kind": "draw"}, "must-take")
    assert "must take" in e.reason
    assert g.legal_moves() == [Take(0, f) for f in range(4)]


def test_round_end_keeps_taken_cards_discards_the_rest_and_passes_the_first_move_card() -> None:
    g = scenario(
        players=3,
        bank=["red"] * 10,
        fields=[["green"], ["blue"], ["yellow"], ["violet"]],
        taken={0: 0},
        current=1,
        first=0,
    )
    g.play({"kind": "take", "field": 1})
    g.play({"kind": "take", "field": 3})  # Player 3 takes the last field of the round
    s = g.view()
    assert s["collected"] == [["green"], ["blue"], ["violet"]]
    assert s["discard"] == ["yellow"] and s["fields"] == [[], [], [], []]
    assert s["round"] == 2 and s["taken"] == [None, None, None]
    assert s["first"] == 2 and g.current_player == 2  # to the right of Player 1 is Player 3


def test_coloretto_passes_the_first_move_card_to_the_last_taker() -> None:
    g = scenario(
        players=3,
        bank=["red"] * 10,
        fields=[["green"], ["blue"], ["yellow"]],
        taken={0: 0},
        current=2,
        first=0,
        preset="coloretto",
    )
    g.play({"kind": "take", "field": 1})
    g.play({"kind": "take", "field": 2})
    assert g.view()["first"] == 1 and g.current_player == 1


def test_first_passes_is_a_rule_a_teacher_can_change() -> None:
    g = scenario(
        players=3,
        bank=["red"] * 10,
        fields=[["green"], ["blue"], ["yellow"], []],
        taken={0: 0},
        current=2,
        first=0,
        rules={"first_passes": "last_taker"},
    )
    g.play({"kind": "take", "field": 1})
    g.play({"kind": "take", "field": 2})
    assert g.view()["first"] == 1


def test_last_round_players_without_a_field_take_the_rest_even_empty_then_the_game_ends() -> None:
    g = scenario(players=3, bank=["red"], fields=[["green"], [], ["blue"], []], current=0)
    g.play({"kind": "draw"})
    g.play({"kind": "place", "field": 0})  # the bank is now empty: the last round
    assert g.view()["last_round"] and not g.is_over()
    refused(g, {"kind": "draw"}, "bank-empty")
    assert g.legal_moves() == [Take(1, f) for f in range(4)]  # empty fields too
    g.play({"kind": "take", "field": 1})  # an empty field
    g.play({"kind": "take", "field": 2})
    assert not g.is_over()
    g.play({"kind": "take", "field": 0})
    assert g.is_over() and g.current_player is None and g.legal_moves() == []
    assert g.view()["collected"] == [["green", "red"], [], ["blue"]]
    refused(g, {"kind": "draw", "player": 0}, "game-over")
    assert g.scores() == [5, 0, 5] and g.winners() == [0, 2]


@pytest.mark.parametrize(
    "move",
    [
        {"kind": "fly"},
        {"kind": "draw", "field": 1},
        {"kind": "place"},
        {"kind": "place", "field": "1"},
        {"kind": "take", "field": True},
        {"kind": "draw", "player": 9},
        {"kind": "draw", "player": -1},
        "draw",
        None,
    ],
)
def test_malformed_moves_are_refused_in_words(move: object) -> None:
    g = TsvetikGame.new(players=2, seed=3)
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(move)  # type: ignore[arg-type]
    assert info.value.reason and info.value.words("ru") and info.value.words("bg")
    assert g.to_json() == before


def test_rules_are_values_a_teacher_can_change() -> None:
    g = TsvetikGame.new(
        players=2, seed=1, rules={"colours": 5, "cards_per_colour": 4, "cells": 2, "fields": 3}
    )
    v = g.view()
    assert v["bank"] == 20 and len(v["fields"]) == 3 and v["cells"] == 2
    assert set(v["bank_cards"]) == {"red", "orange", "yellow", "green", "blue"}
    with pytest.raises(ValueError, match="unknown Tsvetik rule"):
        TsvetikGame.new(rules={"petals": 7})
    with pytest.raises(ValueError, match="fields"):
        TsvetikGame.new(players=4, rules={"fields": 3})
    with pytest.raises(ValueError, match="players"):
        TsvetikGame.new(players=5)


def test_a_puzzle_may_lay_out_its_own_number_of_fields() -> None:
    g = scenario(players=2, bank=["red"] * 3, fields=[["red"], [], []], preset="coloretto")
    assert len(g.view()["fields"]) == 3 and Take(0, 0) in g.legal_moves()
    g.play({"kind": "draw"})
    assert teachgames.load_game(g.to_json()) == g
    assert len(scenario(players=3).view()["fields"]) == 4  # not given: the preset's empty fields
    assert len(scenario(players=3, preset="coloretto").view()["fields"]) == 3


def test_bad_scenarios_are_refused() -> None:
    with pytest.raises(ValueError, match="fields"):
        scenario(players=3, fields=[["red"], []])
    with pytest.raises(ValueError, match="cells"):
        scenario(players=2, fields=[["red"] * 4, [], [], []])
    with pytest.raises(ValueError, match="two players"):
        scenario(players=3, fields=[["red"], [], [], []], taken={1: 0, 2: 0})
    with pytest.raises(ValueError, match="cannot be the one to act"):
        scenario(players=2, fields=[["red"], [], [], []], taken={0: 0}, current=0)
    with pytest.raises(ValueError, match="flower card"):
        scenario(players=2, bank=["pink"])


def test_a_pupil_sees_the_bank_count_only() -> None:
    g = TsvetikGame.new(players=3, seed=2)
    assert "bank_cards" not in g.view(1) and g.view(1)["bank"] == 49
    assert len(g.view()["bank_cards"]) == 49
