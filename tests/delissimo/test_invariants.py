"""Random-simulation invariants for every level, over many seeds (OpenSpiel-style)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import teachgames
from teachgames.delissimo.cards import CARDS
from teachgames.delissimo.game import DelissimoGame
from teachgames.delissimo.rules import LEVELS

SEEDS = range(12)


def all_cards(g: DelissimoGame) -> Counter[int]:
    s = g.state
    cards = [c for h in s.hands for c in h] + s.centre + [c for st in s.stacks for c in st]
    cards += s.deck + [c for p in s.piles for c in p] + s.discard
    return Counter(cards)


def random_illegal_move(g: DelissimoGame, rng: random.Random) -> dict:
    """A move that is well-formed but (almost always) not legal now."""
    players = g.players
    kind = rng.choice(["capture", "special", "cancel", "end_turn"])
    player = rng.randrange(players)
    if kind == "capture":
        return {
            "kind": "capture",
            "player": player,
            "give": [rng.choice(CARDS).name for _ in range(rng.randint(0, 3))],
            "take": [rng.choice(CARDS).name for _ in range(rng.randint(0, 3))],
        }
    if kind == "special":
        return {
            "kind": "special",
            "player": player,
            "card": rng.choice(["special mp", "special mt", "special pt"]),
        }
    if kind == "cancel":
        return {"kind": "cancel", "player": player, "target": rng.randrange(players)}
    return {"kind": "end_turn", "player": player}


def is_legal(g: DelissimoGame, move: dict) -> bool:
    return g.problem(move) is None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_invariant(level: str, seed: int) -> None:
    players = 2 + seed % 4
    g = teachgames.new_game("delissimo", level=level, players=players, seed=seed)
    rng = random.Random(seed)
    initial_json = g.to_json()
    cards = all_cards(g)
    steps = 0
    while not g.is_over():
        moves = g.legal_moves()
        assert moves and moves == g.legal_moves()  # deterministic
        # a random illegal move is refused and changes nothing
        bad = random_illegal_move(g, rng)
        if not is_legal(g, bad):
            before = g.to_json()
            with pytest.raises(teachgames.IllegalMove) as info:
                g.play(bad)
            assert info.value.reason and g.to_json() == before
        # out-of-turn moves are legal for their player
        for other in range(players):
            for m in g.legal_moves(other):
                assert g.problem(m) is None
        g.play(rng.choice(moves))
        steps += 1
        assert all_cards(g) == cards  # every card is somewhere exactly once
        if steps % 7 == 0:
            assert teachgames.load_game(g.to_json()) == g
        assert steps < 2000
    # scores recomputed from the piles
    over_penalty = g.rules.penalty
    for p in range(players):
        pizza = sum(CARDS[c].eighths for c in g.state.piles[p] if CARDS[c].is_pizza)
        penalty = sum(8 if CARDS[c].is_action else CARDS[c].eighths for c in g.state.hands[p])
        expected = pizza - (penalty if over_penalty else 0)
        assert g.scores()[p] * 8 == expected
    assert teachgames.load_game(g.to_json()) == g
    while g.history:
        g.undo()
    assert g.to_json() == initial_json


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    def play(seed: int) -> str:
        g = teachgames.new_game("delissimo", level=level, players=3, seed=seed)
        bot = teachgames.bots.RandomBot(seed)
        while not g.is_over():
            g.play(bot.choose(g))
        return g.to_json()

    assert play(5) == play(5)
    assert play(5) != play(6)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_new_game_for_every_level_and_player_count(level: str, players: int) -> None:
    g = teachgames.new_game("delissimo", level=level, players=players, seed=3)
    view = g.view()
    assert g.players == players and g.current_player == 0 and not g.is_over()
    assert all(len(h) == 4 for h in view["hands"])
    if level in ("beginner", "whole"):
        assert len(view["centre"]) == 4
    else:
        assert len(view["stacks"]) == 3
        sizes = [len(s) for s in view["stacks"]]
        assert max(sizes) - min(sizes) <= 1 and sum(sizes) == 69


def test_max_dots_filters_the_deck() -> None:
    g = teachgames.new_game("delissimo", level="basic", players=2, seed=1, max_dots=1)
    position = g._setup["position"]
    pizzas = [c for st in position["stacks"] for c in st]
    orders = [c for h in position["hands"] for c in h] + position["draw"]
    assert {c.split("/")[0] for c in pizzas} <= {"2", "4", "8"}
    fractions = {c.split()[1] for c in orders if c.split()[0] in ("mushroom", "pepper", "tomato")}
    assert fractions == {"1/4", "1/2", "3/4", "1"}


def test_bad_options_are_clear_errors() -> None:
    for kwargs, words in [
        ({"level": "expert"}, "unknown level"),
        ({"players": 6}, "players"),
        ({"players": 1}, "players"),
        ({"seed": "x"}, "seed"),
        ({"rules": {"hand_sizes": 5}}, "unknown Delissimo rule"),
        ({"rules": {"hand_size": 0}}, "hand_size"),
        ({"max_dots": 4}, "max_dots"),
    ]:
        with pytest.raises(ValueError, match=words):
            teachgames.new_game("delissimo", **kwargs)


def test_teacher_rules_change_the_game() -> None:
    g = teachgames.new_game("delissimo", level="basic", players=2, seed=1, rules={"hand_size": 5})
    assert all(len(h) == 5 for h in g.view()["hands"])
    g = teachgames.new_game("delissimo", level="advanced", players=2, seed=1, rules={"penalty": False})
    assert not g.rules.penalty
    assert teachgames.load_game(g.to_json()).rules == g.rules
