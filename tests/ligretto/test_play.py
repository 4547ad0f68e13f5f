"""Whole rounds: random play and bots keep every card and every pile right; rounds,
matches, determinism, saving and loading, undo, and the step-by-step mode."""

from __future__ import annotations

import random

import pytest

import teachgames
from teachgames import GameFileError, IllegalMove
from teachgames.ligretto import LigrettoGame, simulate_round
from teachgames.ligretto.simulation import Stepper, run_round

from .helpers import check_invariants


def random_round(players: int, seed: int, preset: str, blockade: str = "end") -> LigrettoGame:
    """A round of random legal moves by random players, checking after every move."""
    g = LigrettoGame.new(players=players, seed=seed, preset=preset, rules={"rounds": 1, "blockade": blockade})
    rng = random.Random(seed)
    t = 0.0
    for _ in range(20_000):
        if g.is_over():
            break
        p = rng.randrange(players)
        moves = g.legal_moves(p)
        move = moves[0] if rng.random() < 0.6 else rng.choice(moves)
        t += rng.random() * 0.3
        g.play({**move.to_dict(), "at": t})
        check_invariants(g)
    return g


@pytest.mark.parametrize("preset", ["seed", "official"])
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3), (9, 4), (12, 5)])
def test_random_rounds_keep_every_card_and_end(players: int, seed: int, preset: str) -> None:
    g = random_round(players, seed, preset, "unblock" if seed % 2 else "end")
    assert g.is_over()
    (points,) = g.round_scores()
    counts, left = g.centre_counts(), g.stack_left()
    assert points == [c - 2 * s for c, s in zip(counts, left, strict=True)]
    if g.state.ended == "stack":
        assert left[g.state.ender] == 0
    else:
        assert g.state.ended == "blockade" and all(s > 0 for s in left)


@pytest.mark.parametrize("preset", ["seed", "official"])
def test_simulated_rounds_by_bots(preset: str) -> None:
    for players in (2, 4, 12):
        g, attempts = run_round(players=players, seed=players, speeds=[1.0 + p / 4 for p in range(players)],
                                preset=preset)
        assert g.is_over()
        check_invariants(g)
        times = [m.at for m in g.history]
        assert times == sorted(times)
        assert sum(a.accepted for a in attempts) == len(g.history)
        refused = [a for a in attempts if not a.accepted]
        # a card can only lose a race: the pile moved on before it landed
        assert all(a.code in ("pile-taken", "not-one-more", "pile-complete") for a in refused)


def test_a_race_happens_and_is_refused_with_its_reason() -> None:
    codes = []
    for seed in range(5):
        _, attempts = run_round(players=12, seed=seed, speeds=3.0)
        codes += [a.code for a in attempts if not a.accepted]
    assert "pile-taken" in codes


def test_simulate_round_is_deterministic_per_seed() -> None:
    a = simulate_round(players=6, seed=42, speeds=[1, 2, 1, 2, 1, 2])
    b = simulate_round(players=6, seed=42, speeds=[1, 2, 1, 2, 1, 2])
    c = simulate_round(players=6, seed=43, speeds=[1, 2, 1, 2, 1, 2])
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def test_simulate_round_checks_speeds() -> None:
    with pytest.raises(ValueError):
        simulate_round(players=3, seed=1, speeds=[1, 2])
    with pytest.raises(ValueError):
        simulate_round(players=3, seed=1, speeds=[1, 0, 2])


def test_save_load_and_undo_are_exact() -> None:
    g = random_round(4, 9, "seed")
    text = g.to_json()
    back = teachgames.load_game(text)
    assert back == g and back.round_scores() == g.round_scores()
    # undo goes back through reshuffles exactly: replaying the same moves gives the same table
    h = LigrettoGame.new(players=3, seed=3)
    for k in range(40):
        h.play({"kind": "turn", "player": k % 3, "at": k * 0.1})
    before = h.view()
    moves = list(h.history[-12:])
    for _ in range(12):
        h.undo()
    for m in moves:
        h.play(m)
    assert h.view() == before


@pytest.mark.parametrize("tamper", [
    lambda s: s.replace('"turn"', '"fly"', 1),
    lambda s: s.replace('"players": 3', '"players": 30'),
    lambda s: s[:-5],
    lambda s: s.replace('"preset": "seed"', '"preset": "house"'),
])
def test_tampered_saves_are_refused(tamper: object) -> None:
    g = LigrettoGame.new(players=3, seed=8)
    g.play({"kind": "turn", "player": 0, "at": 0.2})
    with pytest.raises(GameFileError):
        teachgames.load_game(tamper(g.to_json()))  # type: ignore[operator]


def test_a_match_runs_rounds_until_the_target() -> None:
    g = LigrettoGame.new(players=3, seed=4, rules={"target": 25})
    bots_rng = random.Random(1)
    rounds_seen = set()
    for _ in range(50_000):
        if g.is_over():
            break
        rounds_seen.add(g.round)
        p = bots_rng.randrange(3)
        g.play(g.legal_moves(p)[0])
    assert g.is_over() and len(g.round_scores()) == max(rounds_seen) >= 2
    totals = [sum(r[p] for r in g.round_scores()) for p in range(3)]
    assert g.scores() == totals and max(totals) >= 25
    assert max(sum(r[p] for r in g.round_scores()[:-1]) for p in range(3)) < 25
    assert g.winners() == [p for p in range(3) if totals[p] == max(totals)]


def test_fixed_number_of_rounds_and_next_round() -> None:
    g = LigrettoGame.new(players=2, seed=4, rules={"rounds": 2})
    while g.phase == "play":
        g.play(g.legal_moves(0)[0] if g.legal_moves(0)[0].kind != "turn" else g.legal_moves(1)[0])
    assert g.phase == "round_over" and not g.is_over() and g.round == 1
    with pytest.raises(IllegalMove) as exc:
        g.play({"kind": "turn", "player": 0})
    assert exc.value.code == "round-over"
    g.play(g.legal_moves(1)[0])  # the next round is dealt
    assert g.round == 2 and g.phase == "play" and g.time == 0.0 and g.state.piles == []
    check_invariants(g)


def test_stepper_one_action_each_per_tick() -> None:
    def run(seed: int) -> list[tuple[int, bool]]:
        g = LigrettoGame.new(players=4, seed=1, rules={"rounds": 1})
        s = Stepper(g, seed=seed)
        out = []
        for _ in range(300):
            if g.is_over():
                break
            attempts = s.tick()
            assert len({a.player for a in attempts}) == len(attempts) <= 4
            out += [(a.player, a.accepted) for a in attempts]
        assert g.is_over()
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_a_puzzle_position_saves_and_loads() -> None:
    from teachgames.ligretto import scenario

    hands = [{"stack": ["красная 4", "blue 9"], "row": ["green 2"], "deck": ["red 8"], "turned": ["yellow 1"]},
             {"stack": ["blue 10"], "row": ["red 9"], "deck": ["green 1"]}]  # fmt: skip
    g = scenario(hands, piles=[["red 1", "red 2", "red 3"]], seed=4)
    g.play({"kind": "play", "player": 0, "card": "red 4", "at": 1.0})
    back = teachgames.load_game(g.to_json())
    assert back == g and back.view() == g.view()
    bad = g.to_json().replace('"green 2"', '"red 2"', 1)  # Player 1's red 2 in the row and on a pile
    with pytest.raises(GameFileError):
        teachgames.load_game(bad)
