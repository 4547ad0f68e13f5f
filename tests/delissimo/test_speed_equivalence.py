"""The fast paths of the public API answer exactly what the plain rules answer.

``legal_moves()`` comes from one generator (``state.turn_options``) that the random
playouts of hints and bots use too, worked out once per position from a memoised
index of the open table; ``play()`` of a listed move skips the second check. These tests pin each
shortcut to the slow, obvious answer over many seeded random games.
"""

from __future__ import annotations

import random

import pytest

import teachgames
from teachgames.delissimo import new_game, scenario
from teachgames.delissimo.cards import CARDS, IS_ORDER, IS_SPECIAL, TOPPINGS
from teachgames.delissimo.moves import Capture, EndTurn, Special
from teachgames.delissimo.search import find_captures
from teachgames.delissimo.state import State, open_cards, turn_options

LEVELS = ["beginner", "whole", "basic", "advanced"]


def slow_options(s: State, game: teachgames.Game) -> tuple[object, ...] | None:
    """The current player's captures and special orders by the general search alone."""
    rules = game.rules  # type: ignore[attr-defined]
    mode = game._mode  # type: ignore[attr-defined]

    def options(player: int) -> tuple[tuple[object, ...], list[int]]:
        hand = s.hands[player]
        payers = [c for c in hand if IS_ORDER[c]] if rules.orders else hand
        caps = find_captures(tuple(sorted(payers)), tuple(sorted(open_cards(s, rules))), mode)
        pairs = {TOPPINGS[c] for c in open_cards(s, rules)}
        specials = sorted({c for c in hand if IS_SPECIAL[c] and TOPPINGS[c] in pairs}) if rules.orders else []
        return caps, specials

    if rules.orders and not any(s.stacks):
        return None
    mine = options(s.current)
    if s.deck or mine[0] or mine[1]:
        return mine
    if any(any(options(p)) for p in range(len(s.hands)) if p != s.current):
        return mine
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_the_generator_agrees_with_the_general_search_over_random_games(level: str) -> None:
    for seed in range(12):
        g = new_game(level=level, players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            assert turn_options(g.state, g.rules, g._mode) == slow_options(g.state, g)
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        assert slow_options(g.state, g) is None


@pytest.mark.parametrize("level", LEVELS)
def test_cached_listings_equal_fresh_ones_after_play_and_undo(level: str) -> None:
    for seed in range(6):
        g = new_game(level=level, players=3, seed=100 + seed)
        rng = random.Random(seed)
        while not g.is_over():
            listed = g.legal_moves()
            fresh = teachgames.load_game(g.to_json()).legal_moves()  # no memo at all
            assert listed == fresh
            assert [m.to_dict() for m in listed] == [m.to_dict() for m in fresh]
            move = listed[rng.randrange(len(listed))]
            g.play(move)
            if rng.random() < 0.3:
                g.undo()
                assert g.legal_moves() == listed
                g.play(move)


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_a_move_is_played_exactly_when_it_is_listed(level: str) -> None:
    """Listed moves (the fast path, no second check) and hand-made moves (read and
    checked by the rules) are accepted exactly when ``legal_moves()`` lists them; a
    refused one leaves the game as it was."""
    rng = random.Random(level)
    for seed in range(4):
        g = new_game(level=level, players=3, seed=seed)
        while not g.is_over():
            legal = g.legal_moves()
            p = g.current_player
            assert p is not None
            hand = [CARDS[c] for c in g.state.hands[p]]
            tops = [CARDS[c] for c in open_cards(g.state, g.rules)]
            candidates: list[object] = [EndTurn((p + 1) % 3)]
            for _ in range(6):  # random captures, most of them illegal
                give = tuple(rng.sample(hand, rng.randint(1, min(3, len(hand))))) if hand else ()
                take = tuple(rng.sample(tops, rng.randint(1, len(tops)))) if tops else ()
                candidates.append(Capture(p, give, take))
            candidates += [Special(p, c) for c in hand if c.kind == "special"]
            for move in candidates:
                before = g.to_json()
                expected = g.move_from_dict(move.to_dict()) in legal  # type: ignore[attr-defined]
                problem = g.problem(move)  # type: ignore[arg-type]
                assert (problem is None) == expected
                if expected:
                    continue
                with pytest.raises(teachgames.IllegalMove) as info:
                    g.play(move)  # type: ignore[arg-type]
                assert info.value.code == problem.code  # type: ignore[union-attr]
                assert g.to_json() == before and g.legal_moves() == legal
            g.play(legal[rng.randrange(len(legal))])


def test_a_repeated_order_in_a_scenario_still_uses_the_general_search() -> None:
    g = scenario(level="basic", hands=[["tomato 1/8", "tomato 1/8", "special mt", "special mt"], ["pepper 1/2"]],
                 stacks=[["2/8 mt"], ["4/8 pt"], ["3/8 pt"]])  # fmt: skip
    got = [m.to_dict() for m in g.legal_moves()]
    assert got == [
        {"kind": "capture", "player": 0, "give": ["tomato 1/8", "tomato 1/8"], "take": ["2/8 mt"]},
        {"kind": "special", "player": 0, "card": "special mt"},
        {"kind": "end_turn", "player": 0},
    ]


def test_undo_records_bring_back_each_position_also_in_a_copy() -> None:
    """``play`` keeps a cheap record per move; undo turns it back into the very position,
    in the game and in a copy that shares the records, whichever undoes first."""
    g = new_game(level="advanced", players=3, seed=21)
    rng = random.Random(21)
    keys = []
    while not g.is_over() and len(keys) < 40:
        keys.append(g.state.key())
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])
    twin = g.copy()
    for game in (twin, g):
        for key in reversed(keys[20:]):
            game.undo()
            assert game.state.key() == key
        moves = game.legal_moves()
        game.play(moves[-1])  # play on from a restored position: the records stay intact
    for game in (twin, g):
        game.undo()
        for key in reversed(keys[:20]):
            game.undo()
            assert game.state.key() == key
    fresh = new_game(level="advanced", players=3, seed=21)
    assert g.state.key() == fresh.state.key() and g.legal_moves() == fresh.legal_moves()


def test_a_copied_or_pickled_position_leaves_its_cached_index_behind() -> None:
    """A deep copy or a pickle holds the position only; the copy works the index out again."""
    import copy
    import pickle

    g = new_game(level="basic", players=3, seed=5)
    g.legal_moves()
    assert g.state.index is not None
    for twin in (copy.deepcopy(g.state), pickle.loads(pickle.dumps(g.state))):
        assert twin.index is None and twin.key() == g.state.key()
        assert twin.hands is not g.state.hands and twin.hands[0] is not g.state.hands[0]
        assert turn_options(twin, g.rules, g._mode) == turn_options(g.state, g.rules, g._mode)
    record = g.state.record()
    back = State.from_record(record)
    assert back.key() == g.state.key() and back.index is g.state.index
    assert back.hands is not record[0]  # the record stays as it was when the position moves on
