"""What an audit against the rules found: hand-built moves, a blocked scenario, long saves.

A pupil's notebook may build moves by hand, a teacher may lay out any puzzle, and a long
match must come back from its file: each is refused in plain words or works, never a
foreign exception, a dead position or a save that will not load.
"""

from __future__ import annotations

import json

import pytest

import teachgames
from teachgames.core.game import MAX_FILE_CHARS
from teachgames.ligretto import NextRound, Play, Turn, scenario


@pytest.mark.parametrize(
    "move",
    [
        Turn(0, float("nan")),
        Turn(0, float("inf")),
        Turn(0, -1.0),
        Turn("0", 1.0),  # type: ignore[arg-type]
        Turn(0, "1"),  # type: ignore[arg-type]
        Turn(True, 1.0),
        Turn(3, 1.0),
        NextRound(0, float("nan")),
        Play(0, 5),  # type: ignore[arg-type]
        Play(0, "red 11"),
        Play(0, "red 3", "x"),  # type: ignore[arg-type]
        Play(0, "red 3", -1),
        Play(0, "red 3", True),
        Play(None, "red 3"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_a_hand_built_move_is_refused_like_its_dict_and_changes_nothing(move: Turn | Play | NextRound) -> None:
    g = teachgames.new_game("ligretto", players=3, seed=1)
    g.play(Turn(1, 2.0))
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as refused:
        g.play(move)
    as_dict = move.to_dict()
    with pytest.raises(teachgames.IllegalMove) as refused_dict:
        g.play(as_dict)
    assert refused.value.reason == refused_dict.value.reason
    assert g.to_json() == before
    assert g.problem(move) is not None and g.explain(move).verdict is False
    assert teachgames.load_game(g.to_json()) == g  # what it saves still loads


def test_a_hand_built_move_equal_to_a_legal_one_plays_and_its_save_loads() -> None:
    g = teachgames.new_game("ligretto", players=2, seed=3)
    g.play(Turn(0, 1))  # a whole number of seconds reads as the dict's 1.0 would
    g.play(Turn(1, 2.5))
    assert g.history == (Turn(0, 1.0), Turn(1, 2.5))
    assert teachgames.load_game(g.to_json()) == g


BLOCKED_HANDS = [
    {"stack": ["red 5", "red 6"], "row": ["blue 3"]},
    {"stack": ["green 5"], "row": ["yellow 4"], "deck": ["red 7", "red 8", "red 9"]},
]


@pytest.mark.parametrize("blockade", ["end", "unblock"])
def test_a_scenario_laid_out_blocked_is_the_rules_blockade_not_a_dead_position(blockade: str) -> None:
    """No card anywhere fits: the round ends as a blockade and is scored (+1 a card in the
    centre, -2 a card left in the stack), and the next round can be dealt."""
    g = scenario(hands=BLOCKED_HANDS, rules={"blockade": blockade, "rounds": 2})
    assert g.round_scores() == [[-4, -2]]
    assert g.round_ends()[0].ended == "blockade"
    assert all(g.legal_moves(p) == [NextRound(p, 0.0)] for p in range(2))
    g.play(NextRound(0))
    assert g.round == 2 and any(g.legal_moves(p) for p in range(2))
    assert teachgames.load_game(g.to_json()) == g


def test_a_blocked_last_round_is_a_finished_match() -> None:
    g = scenario(hands=BLOCKED_HANDS, rules={"rounds": 1})
    assert g.is_over() and g.scores() == [-4, -2] and g.winners() == [1]
    assert all(g.legal_moves(p) == [] for p in range(2))


def _turns(count: int) -> list[dict[str, object]]:
    """``count`` legal moves, as a save writes them: the two players take turns at turning
    up their hand cards (always legal), each later than the last."""
    return [{"at": 1000.0 + i / 7, "kind": "turn", "player": i % 2} for i in range(count)]


def test_the_save_of_a_120000_move_match_is_not_refused_as_too_large() -> None:
    g = teachgames.new_game("ligretto", players=2, seed=1)
    envelope = json.loads(g.to_json())
    envelope["moves"] = _turns(120_000)
    text = json.dumps(envelope, sort_keys=True)
    assert len(text) > 5_000_000  # the old bound refused it
    assert len(text) < MAX_FILE_CHARS
    envelope["moves"] = _turns(3)  # the same moves, a few of them, load and play on
    loaded = teachgames.load_game(json.dumps(envelope))
    assert loaded.history == (Turn(0, 1000.0), Turn(1, 1000.0 + 1 / 7), Turn(0, 1000.0 + 2 / 7))
    with pytest.raises(teachgames.GameFileError, match="too large"):
        teachgames.load_game(" " * (MAX_FILE_CHARS + 1))


@pytest.mark.slow
def test_a_120000_move_match_saves_and_loads_equal() -> None:
    g = teachgames.new_game("ligretto", players=2, seed=1)
    for move in _turns(120_000):
        g.play(move)
    assert teachgames.load_game(g.to_json()) == g
