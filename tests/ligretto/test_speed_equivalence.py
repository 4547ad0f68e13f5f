"""The shortcuts that make Ligretto's public API fast give exactly the answers of the
plain rules: remembered legal moves (and blockades) equal fresh ones after every play
and undo, a move the engine offered is accepted without re-checking exactly when the
full check accepts it, and snapshots that share unchanged cards still undo exactly."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from teachgames import IllegalMove
from teachgames.ligretto import LigrettoGame
from teachgames.ligretto.cards import COLOURS, SET_SIZE
from teachgames.ligretto.checks import move_problem
from teachgames.ligretto.moves import LigrettoMove, NextRound, Play, Turn

from .helpers import check_invariants

#: (players, preset, rule changes): both presets, both blockade rules, small and big tables.
TABLES: list[tuple[int, str, dict[str, Any]]] = [
    (3, "seed", {"rounds": 2}),
    (2, "official", {"rounds": 2}),
    (4, "official", {"rounds": 2, "blockade": "unblock"}),
    (5, "seed", {"rounds": 1, "blockade": "unblock"}),
    (9, "seed", {"rounds": 1}),
]


def reference_moves(g: LigrettoGame, player: int) -> list[LigrettoMove]:
    """The legal moves read straight from the rules (docs/ligretto.md), with nothing remembered:
    each open card (stack top, row, hand top) on every pile of its colour whose top is one
    less, a 1 on a new pile; then turning up, if there are hand cards."""
    s = g.state
    if s.phase == "over":
        return []
    if s.phase == "round_over":
        return [NextRound(player, s.last_at)]
    h = s.hands[player]
    tops = [(pile[-1] % SET_SIZE // 10, pile[-1] % 10 + 1) for pile in s.piles]
    moves: list[LigrettoMove] = []
    for card in [*h.stack[-1:], *(c for c in h.row if c is not None), *h.turned[-1:]]:
        colour, n = card % SET_SIZE // 10, card % 10 + 1
        name = f"{COLOURS[colour]} {n}"
        if n == 1:
            moves.append(Play(player, name, None, s.last_at))
        else:
            moves += [
                Play(player, name, i, s.last_at) for i, top in enumerate(tops) if top == (colour, n - 1)
            ]
    if h.deck or h.turned:
        moves.append(Turn(player, s.last_at))
    return moves


def candidates(g: LigrettoGame, player: int, rng: random.Random) -> list[LigrettoMove]:
    """Hand-made moves, legal and not: the player's own cards wherever they lie, on every
    pile, none and one past the last; turning; the next deal; some timed too early."""
    s = g.state
    h = s.hands[player]
    cards = [*h.stack[-2:], *(c for c in h.row if c is not None), *h.turned[-2:], *h.deck[-1:]]
    cards += [c for pile in s.piles for c in pile if c // SET_SIZE == player][:2]
    at = s.last_at
    out: list[LigrettoMove] = [Turn(player, at), NextRound(player, at)]
    for card in cards:
        name = f"{COLOURS[card % SET_SIZE // 10]} {card % 10 + 1}"
        out += [Play(player, name, pile, at) for pile in [None, *range(len(s.piles) + 1)]]
    if at > 0:
        out.append(Turn(player, at / 2))
    rng.shuffle(out)
    return out


def play_randomly(g: LigrettoGame, rng: random.Random, moves: int, check: Any) -> None:
    """Random players make random legal moves (sometimes later in time, sometimes taken
    back and replayed); ``check(g)`` after every change."""
    for _ in range(moves):
        if g.is_over():
            return
        actors = [p for p in range(g.players) if g.legal_moves(p)]
        move: LigrettoMove | dict[str, Any] = rng.choice(g.legal_moves(rng.choice(actors)))
        if rng.random() < 0.2:
            move = {**move.to_dict(), "at": g.time + rng.random()}
        g.play(move)
        check(g)
        if rng.random() < 0.1:
            g.undo()
            check(g)
            g.play(move)
            check(g)


@pytest.mark.parametrize("players,preset,rules", TABLES)
def test_remembered_legal_moves_equal_the_rules_after_every_play_and_undo(
    players: int, preset: str, rules: dict[str, Any]
) -> None:
    def check(g: LigrettoGame) -> None:
        for p in range(g.players):
            want = reference_moves(g, p)
            assert g.legal_moves(p) == want
            assert g.legal_moves(p) == want  # asked again: the remembered answer
            assert g.copy().legal_moves(p) == want  # a snapshot starts with nothing remembered
        assert g.legal_moves() == [m for p in range(g.players) for m in reference_moves(g, p)]
        assert g.is_blocked() == g.copy().is_blocked()  # the remembered answer == a fresh one

    for seed in range(2):
        g = LigrettoGame.new(players=players, seed=seed, preset=preset, rules=rules)
        play_randomly(g, random.Random(seed), 400, check)


@pytest.mark.parametrize("players,preset,rules", TABLES[:3])
def test_an_offered_move_is_accepted_exactly_when_the_full_check_accepts_it(
    players: int, preset: str, rules: dict[str, Any]
) -> None:
    rng = random.Random(players)

    def check(g: LigrettoGame) -> None:
        if rng.random() > 0.15:
            return
        for p in range(g.players):
            offered = g.legal_moves(p)
            for m in offered:  # the engine's own objects: taken without re-checking ...
                assert g.problem(m) is None
                assert move_problem(g.state, m) is None  # ... and the full check agrees
            for m in candidates(g, p, rng):  # new objects always get the full check
                legal = m in offered or (
                    isinstance(m, Play)
                    and m.pile is None
                    and any(isinstance(o, Play) and o.card == m.card for o in offered)
                )  # first pile it fits
                assert (g.problem(m) is None) == legal, m
                assert (move_problem(g.state, m) is None) == legal, m

    g = LigrettoGame.new(players=players, seed=3, preset=preset, rules=rules)
    play_randomly(g, rng, 300, check)


def test_a_refused_move_leaves_the_game_and_its_legal_moves_as_they_were() -> None:
    g = LigrettoGame.new(players=3, seed=5)
    rng = random.Random(5)
    refused = 0
    for _ in range(150):
        p = rng.randrange(3)
        offered = g.legal_moves(p)
        before, saved = copy.deepcopy(g.state), g.to_json()
        for m in candidates(g, p, rng)[:6]:
            if m in offered or (isinstance(m, Play) and m.pile is None):
                continue
            with pytest.raises(IllegalMove) as refusal:
                g.play(m)
            assert refusal.value.reason  # plain words, from the full check
            refused += 1
            assert g.state == before and g.to_json() == saved
            assert g.legal_moves(p) == offered == reference_moves(g, p)
        g.play(rng.choice(offered))
        if g.is_over():
            break
    assert refused > 100


@pytest.mark.parametrize("players,preset,rules", TABLES[:4])
def test_snapshots_sharing_unchanged_cards_undo_exactly(
    players: int, preset: str, rules: dict[str, Any]
) -> None:
    g = LigrettoGame.new(players=players, seed=11, preset=preset, rules=rules)
    rng = random.Random(11)
    kept: list[Any] = []  # the plain way: a deep copy of the whole state before each move
    views: list[dict[str, Any]] = []
    forks: list[tuple[LigrettoGame, dict[str, Any]]] = []
    while not g.is_over() and len(kept) < 600:
        kept.append(copy.deepcopy(g.state))
        views.append(g.view())
        p = rng.choice([q for q in range(players) if g.legal_moves(q)])
        g.play(rng.choice(g.legal_moves(p)))
        check_invariants(g)
        if rng.random() < 0.02:  # a copy plays on; the original must not notice
            fork = g.copy()
            forks.append((g.copy(), g.view()))
            for _ in range(20):
                if fork.is_over():
                    break
                q = rng.choice([q for q in range(players) if fork.legal_moves(q)])
                fork.play(rng.choice(fork.legal_moves(q)))
    positions = g.replay()  # every position rebuilt from the seed, each a snapshot of one game
    assert [p.view() for p in positions[:-1]] == views and positions[-1].view() == g.view()
    for state, view in zip(reversed(kept), reversed(views), strict=True):
        g.undo()
        assert g.state == state and g.view() == view
    for game, view in forks:
        assert game.view() == view
