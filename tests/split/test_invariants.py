"""Random play over many seeds: the box is conserved, pads only grow, three rounds end the
match; undo, save/load and determinism; a refused move changes nothing."""

from __future__ import annotations

import json
import random

import pytest

import teachgames
from teachgames.split import SplitGame

from .helpers import all_half_cards, play_random

FULL_BOX = {name: 2 for name in teachgames.split.NAMES}


def _check(g: SplitGame, before: SplitGame) -> None:
    assert all_half_cards(g) == FULL_BOX
    for p in range(g.players):
        now, then = g.state.marks[p], before.state.marks[p]
        assert all(a >= b for a, b in zip(now, then, strict=True)), "a pad mark was erased"
    assert g.round >= before.round
    # hands stay in box order (the pupil's hand is shown sorted; legal moves rely on it)
    assert all(list(h) == sorted(h) for h in g.state.hands)
    v = g.view()
    for ms in v["matches"]:
        for m in ms:
            assert teachgames.split.match_type(*m["cards"]) == m["type"]


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_keep_every_invariant(seed: int) -> None:
    g = teachgames.new_game("split", players=2 + seed % 5, seed=seed)
    assert all_half_cards(g) == FULL_BOX
    play_random(g, seed, _check)
    assert g.is_over() and g.round == 3 and len(g.round_scores()) == 3
    totals = [sum(r[p] for r in g.round_scores()) for p in range(g.players)]
    assert totals == g.scores()
    assert g.winners() and all(g.scores()[w] == max(g.scores()) for w in g.winners())


def test_same_seed_same_transcript_and_different_seeds_differ() -> None:
    def transcript(seed: int) -> list[dict[str, object]]:
        g = teachgames.new_game("split", players=3, seed=seed)
        play_random(g, 99)
        return [m.to_dict() for m in g.history]

    assert transcript(4) == transcript(4)
    assert transcript(4) != transcript(5)


def test_undo_restores_every_position_exactly_including_later_deals() -> None:
    g = teachgames.new_game("split", players=3, seed=8)
    rng = random.Random(3)
    seen = [g.to_json()]
    views = [json.dumps(g.view(), sort_keys=True)]
    while not g.is_over():
        g.play(rng.choice(g.legal_moves()))
        views.append(json.dumps(g.view(), sort_keys=True))
    assert len(g.state.records) == 3
    for expected in reversed(views[:-1]):
        g.undo()
        assert json.dumps(g.view(), sort_keys=True) == expected
    assert g.to_json() == seen[0]


def test_save_and_load_replays_three_rounds_exactly() -> None:
    g = teachgames.new_game("split", players=4, seed=21)
    play_random(g, 5)
    again = teachgames.load_game(g.to_json())
    assert again == g
    assert again.view() == g.view()
    assert again.round_scores() == g.round_scores()
    # half a match, too
    h = teachgames.new_game("split", players=2, seed=2)
    rng = random.Random(0)
    for _ in range(150):
        h.play(rng.choice(h.legal_moves()))
    assert teachgames.load_game(h.to_json()).view() == h.view()


def test_tampered_saves_are_refused() -> None:
    g = teachgames.new_game("split", players=2, seed=1)
    g.play(g.legal_moves()[0])
    data = json.loads(g.to_json())
    data["moves"][0]["kind"] = "discard"
    with pytest.raises(teachgames.GameFileError):
        teachgames.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["setup"]["players"] = 9
    with pytest.raises(teachgames.GameFileError):
        teachgames.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["setup"]["rules"]["pad"]["perfect"] = [5, 1]
    with pytest.raises(teachgames.GameFileError):
        teachgames.load_game(json.dumps(data))


def test_scenario_saves_and_loads() -> None:
    g = teachgames.split.scenario(
        hands=[["7h", "7d", "2c"], ["3s"]],
        draw=["Kc", "Qc"],
        discard=["4d"],
        pad=[{"perfect": 2}, [0, 1, 0, 3]],
    )
    g.play({"kind": "draw", "player": 0})
    again = teachgames.load_game(g.to_json())
    assert again.view() == g.view() and again.marks(1)["negative"] == 3


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "fly", "player": 0},
        {"kind": "draw"},
        {"kind": "draw", "player": 7},
        {"kind": "discard", "player": 0, "card": "7x"},
        {"kind": "match", "player": 0, "cards": ["7h"]},
        {"kind": "match", "player": 0, "cards": "7h 7d"},
        {"kind": "penalise", "player": 0, "target": True},
        "draw",
        {"kind": "discard", "player": 1, "card": "Ks"},
        {"kind": "draw", "player": 0},
    ],
)
def test_refused_moves_change_nothing(bad: object) -> None:
    g = teachgames.new_game("split", players=2, seed=6)
    g.play({"kind": "draw", "player": 0})
    before = g.to_json()
    with pytest.raises(teachgames.IllegalMove) as info:
        g.play(bad)  # type: ignore[arg-type]
    assert info.value.reason
    assert g.to_json() == before
    if isinstance(bad, dict):
        assert g.explain(bad).verdict is False


def test_explain_verdict_agrees_with_play_on_random_positions() -> None:
    rng = random.Random(1)
    g = teachgames.new_game("split", players=3, seed=13)
    candidates = [
        {
            "kind": k,
            "player": p,
            "card": c,
            "cards": [c, d],
            "partner": d,
            "target": t,
            "index": i,
            "owner": t,
            "match": 0,
            "replace": d,
            "mine": 0,
            "theirs": 0,
        }
        for k in (
            "draw",
            "take",
            "match",
            "upgrade",
            "penalise",
            "bonus_draw",
            "swap",
            "skip",
            "discard",
            "finish",
        )
        for p, c, d, t, i in [(0, "7h", "7d", 1, 0), (1, "Ks", "Kc", 0, 0), (2, "2c", "2s", 2, 1)]
    ]
    for _ in range(120):
        if g.is_over():
            break
        for cand in rng.sample(candidates, 6) + [m.to_dict() for m in g.legal_moves()[:4]]:
            verdict = g.explain(cand).verdict
            assert verdict == (g.problem(cand) is None)
            try:
                probe = g.copy()
                probe.play(cand)
                accepted = True
            except teachgames.IllegalMove:
                accepted = False
            assert verdict == accepted, cand
        g.play(rng.choice(g.legal_moves()))


def test_views_hide_other_hands_and_the_draw_pile_order() -> None:
    g = teachgames.new_game("split", players=3, seed=2)
    v = g.view(1)
    assert v["hands"][0] == ["?"] * 9 and v["hands"][2] == ["?"] * 9
    assert "?" not in v["hands"][1]
    assert "draw_pile" not in v and v["draw"] == 104 - 27 - 1
    assert len(g.view()["draw_pile"]) == v["draw"]
    json.dumps(v)
