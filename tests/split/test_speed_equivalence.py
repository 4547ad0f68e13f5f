"""The shortcuts that make Split fast give exactly what the long way gives.

- legal moves are kept per position: what ``legal_moves()`` answers after any play or undo
  is what a fresh game in the same position works out;
- a move object handed out by ``legal_moves()`` is played without re-reading and
  re-checking it: it is accepted exactly when its dict (the long way) is, and anything
  else (an equal move with odd field types, a move from an earlier position) still goes
  the long way and gets the same refusal;
- undo snapshots share lists with the live position (the rule steps copy on write): the
  position before a move, a copy of the game and a saved snapshot never change later.
"""

from __future__ import annotations

import copy
import random

import pytest

import teachgames
from teachgames.split import Discard, Draw, SplitGame, Take, parse_half
from teachgames.split.checks import problem as check_problem
from teachgames.split.engine import legal_moves_of

from .test_oracle import _candidates, _key

CONFIGS = [
    ("standard", {}),
    ("takeover", {}),
    ("standard", {"upgrade_bonus": True, "penalise_self": True}),
    ("one-round", {"next_dealer": "left", "hand_size": 3}),
]


def _fresh(g: SplitGame) -> SplitGame:
    """The same position, rebuilt from the saved game (no cache, no shared lists)."""
    again = teachgames.load_game(g.to_json())
    assert isinstance(again, SplitGame)
    return again


@pytest.mark.parametrize(("preset", "rules"), CONFIGS)
def test_kept_legal_moves_equal_fresh_ones_after_play_and_undo(preset: str, rules: dict[str, object]) -> None:
    for seed in range(3):
        g = teachgames.new_game("split", players=2 + seed, seed=seed, preset=preset, rules=rules)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over():
            legal = g.legal_moves()
            assert legal == g.legal_moves(), "asking twice gives the same answer"
            if steps % 3 == 0:  # worked out again on an unshared copy of the position
                assert legal == legal_moves_of(copy.deepcopy(g.state), g.rules)
            if steps % 40 == 0:  # and on the position rebuilt from the saved moves
                assert [m.to_dict() for m in legal] == [m.to_dict() for m in _fresh(g).legal_moves()]
            move = rng.choice(legal)
            g.play(move)
            steps += 1
            if steps % 4 == 0:  # undo, check the position before, play again
                g.undo()
                assert g.legal_moves() == legal
                assert g.legal_moves() == legal_moves_of(copy.deepcopy(g.state), g.rules)
                g.play(move)
        assert g.legal_moves() == [] and all(g.legal_moves(p) == [] for p in range(g.players))


def test_the_answer_is_a_new_list_each_time() -> None:
    g = teachgames.new_game("split", players=3, seed=1)
    first = g.legal_moves()
    first.clear()
    assert g.legal_moves(), "changing the list given out does not change the game"


@pytest.mark.parametrize(("preset", "rules"), CONFIGS[:3])
def test_a_handed_out_move_is_accepted_exactly_when_its_dict_is(preset: str, rules: dict[str, object]) -> None:
    g = teachgames.new_game("split", players=3, seed=11, preset=preset, rules=rules)
    rng = random.Random(2)
    earlier: list[object] = []
    while not g.is_over():
        legal = g.legal_moves()
        for m in legal:
            assert g.problem(m) is None and g.problem(m.to_dict()) is None
        assert g.explain(rng.choice(legal)).verdict is True
        # moves handed out for earlier positions: the long way decides, with its reason
        for old in rng.sample(earlier, min(4, len(earlier))):
            by_object, by_dict = g.problem(old), g.problem(old.to_dict())  # type: ignore[attr-defined]
            assert (by_object is None) == (by_dict is None)
            if by_object is not None and by_dict is not None:
                assert by_object.code == by_dict.code and by_object.words("en") == by_dict.words("en")
                probe = g.copy()
                with pytest.raises(teachgames.IllegalMove):
                    probe.play(old)  # type: ignore[arg-type]
        earlier += rng.sample(legal, min(2, len(legal)))
        move = rng.choice(legal)
        played = g.play(move.to_dict()) if rng.random() < 0.3 else g.play(move)
        assert played == move


def test_an_equal_move_with_odd_field_types_is_still_read_the_long_way() -> None:
    g = teachgames.new_game("split", players=2, seed=6)
    g.play(Draw(0))
    discard = next(m for m in g.legal_moves() if isinstance(m, Discard))
    g.play(discard)
    assert g.current_player == 1 and Draw(1) in g.legal_moves()
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(Draw(True))  # type: ignore[arg-type]  # equal to Draw(1), but not a player number
    assert info.value.reason and g.to_json() == before
    with pytest.raises(teachgames.IllegalMove):
        g.play(Discard(1, " " + discard.card))  # a name the parser tidies is not the move itself


@pytest.mark.parametrize("seed", range(4))
def test_the_position_before_a_move_and_copies_never_change_later(seed: int) -> None:
    g = teachgames.new_game("split", players=2 + seed, seed=seed, preset="takeover")
    rng = random.Random(seed)
    while not g.is_over():
        before = copy.deepcopy(g.state)
        twin = g.copy()
        g.play(rng.choice(g.legal_moves()))
        assert twin.state == before, "a copy of the game was changed by a move of the original"
        if rng.random() < 0.2:
            g.undo()
            assert g.state == before, "undo gave back another position"
            g.play(rng.choice(g.legal_moves()))
            twin.play(rng.choice(twin.legal_moves()))
            assert g.state != before or twin.state != before
    assert len(g.state.records) == 3, "the later deals (a new Chance each) were covered too"


def test_two_copies_that_undo_to_one_position_play_on_apart() -> None:
    g = teachgames.new_game("split", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
    c = g.copy()
    c.undo()
    g.undo()  # both now stand on the one position their shared undo history kept
    kept = copy.deepcopy(c.state)
    for _ in range(30):
        if g.is_over():
            break
        g.play(rng.choice(g.legal_moves()))
    assert c.state == kept
    assert [m.to_dict() for m in c.legal_moves()] == [m.to_dict() for m in _fresh(c).legal_moves()]
    c.play(c.legal_moves()[-1])
    assert g.to_json() != c.to_json()


@pytest.mark.parametrize(("preset", "rules"), CONFIGS)
def test_the_fast_generator_lists_exactly_the_moves_the_rule_checks_accept(
    preset: str, rules: dict[str, object]
) -> None:
    """On every position of whole matches (late rounds, one-card hands, the first-turn
    exception): each listed move passes the rule checks, and every move one could write
    that passes them is listed, in the same order as before the speed-up (place in the row,
    box order of cards)."""
    g = teachgames.new_game("split", players=4, seed=2, preset=preset, rules=rules)
    rng = random.Random(2)
    while not g.is_over():
        legal = g.legal_moves()
        listed = [_key(m.to_dict()) for m in legal]
        accepted = {_key(c) for c in _candidates(g) if g.problem(c) is None}
        assert len(set(listed)) == len(listed) and set(listed) == accepted
        assert all(check_problem(g.state, g.rules, m) is None for m in legal)
        takes = [(m.index, parse_half(m.partner)) for m in legal if isinstance(m, Take)]
        discards = [parse_half(m.card) for m in legal if isinstance(m, Discard)]
        assert takes == sorted(takes) and discards == sorted(discards)
        g.play(rng.choice(legal))
