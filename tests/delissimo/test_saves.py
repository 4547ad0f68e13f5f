"""Saved games: round trips, and every kind of bad file is a GameFileError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import teachgames
from teachgames import GameFileError


def played(level: str = "basic", moves: int = 15, seed: int = 2):
    g = teachgames.new_game("delissimo", level=level, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.play(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("level", ["beginner", "whole", "basic", "advanced"])
def test_round_trip_is_equal_and_plays_on_identically(level):
    g = played(level)
    h = teachgames.load_game(g.to_json())
    assert h == g and h.history == g.history and h.view() == g.view()
    m = g.legal_moves()[-1]
    g.play(m)
    h.play(m.to_dict())
    assert h == g


def test_scenario_round_trip():
    from teachgames.delissimo import scenario

    g = scenario(level="advanced", hands=[["tomato 1/4"], ["special mt"]], stacks=[["2/8 mt"], ["4/8 mp"]])
    assert teachgames.load_game(g.to_json()) == g


def tampered(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


BAD_CHANGES = {
    "illegal move": lambda d: d["moves"].__setitem__(
        0, {"kind": "capture", "player": 0, "give": ["tomato 1"], "take": ["8/8 mt"]}
    ),
    "move of wrong player": lambda d: d["moves"].__setitem__(0, {"kind": "end_turn", "player": 2}),
    "unknown card": lambda d: d["setup"]["position"]["hands"][0].__setitem__(0, "tomato 1/3"),
    "card in wrong place": lambda d: d["setup"]["position"]["hands"][0].__setitem__(0, "2/8 mt"),
    "bad level": lambda d: d["setup"]["rules"].__setitem__("level", "expert"),
    "bad current": lambda d: d["setup"]["position"].__setitem__("current", 7),
    "string current": lambda d: d["setup"]["position"].__setitem__("current", "0"),
    "moves not a list": lambda d: d.__setitem__("moves", {"a": 1}),
    "move not an object": lambda d: d["moves"].__setitem__(0, "end_turn"),
    "wrong version": lambda d: d.__setitem__("version", 99),
    "wrong format": lambda d: d.__setitem__("format", "chess"),
    "unknown game": lambda d: d.__setitem__("game", "poker"),
    "no setup": lambda d: d.pop("setup"),
    "hands not a list": lambda d: d["setup"]["position"].__setitem__("hands", "abc"),
    "six players": lambda d: d["setup"]["position"].__setitem__("hands", [[]] * 6),
    "bad rules value": lambda d: d["setup"]["rules"].__setitem__("hand_size", -1),
    "unknown rule": lambda d: d["setup"]["rules"].__setitem__("secret", 1),
    "seed is text": lambda d: d["setup"].__setitem__("seed", "x"),
}


@pytest.mark.parametrize("name", list(BAD_CHANGES))
def test_tampered_files_are_refused_clearly(name):
    text = played().to_json()
    with pytest.raises(GameFileError) as info:
        teachgames.load_game(tampered(text, BAD_CHANGES[name]))
    assert str(info.value)


@pytest.mark.parametrize(
    "text", ["", "not json", "[]", "null", "42", '{"format": "teachgames-game"}', b"\xff\xfe"]
)
def test_garbage_is_refused(text):
    with pytest.raises(GameFileError):
        teachgames.load_game(text)


def test_illegal_move_message_names_the_move_and_reason():
    text = tampered(played().to_json(), BAD_CHANGES["illegal move"])
    with pytest.raises(
        GameFileError, match=r"^move 1 in the saved game is not legal: (Player 1 does not hold|8/8 mushroom\+tomato is not)"
    ):
        teachgames.load_game(text)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_random_corruption_never_raises_anything_but_game_file_error(data):
    text = played(moves=8).to_json()
    pos = data.draw(st.integers(0, len(text) - 1))
    char = data.draw(st.characters(codec="utf-8"))
    corrupted = text[:pos] + char + text[pos + 1 :]
    try:
        g = teachgames.load_game(corrupted)
    except GameFileError:
        return
    assert g.to_json()  # when it still loads, it is a valid game
