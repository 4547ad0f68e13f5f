"""legal_moves() is exactly the set of moves play() accepts (checked against every move one
could write down, on positions from random matches); the rule options change what they say."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import teachgames
from teachgames.split import SplitGame, scenario


def _candidates(g: SplitGame) -> list[dict[str, Any]]:
    """Every move one could write for the player to act (most of them illegal)."""
    v = g.view()
    p = v["current"]
    hand = sorted(set(v["hands"][p]))
    row = v["discard"]
    out: list[dict[str, Any]] = [{"kind": k, "player": p} for k in ("draw", "finish", "skip", "bonus_draw")]
    out += [{"kind": "discard", "player": p, "card": c} for c in hand]
    out += [{"kind": "match", "player": p, "cards": [a, b]} for i, a in enumerate(hand) for b in hand[i:]]
    for i, card in enumerate(row):
        for partner in sorted(set(hand) | set(row)):
            out.append({"kind": "take", "player": p, "index": i, "card": card, "partner": partner})
    for q, matches in enumerate(v["matches"]):
        out += [{"kind": "penalise", "player": p, "target": q}]
        for m, match in enumerate(matches):
            for card in hand:
                for replace in sorted(set(match["cards"])):
                    out.append(
                        {
                            "kind": "upgrade",
                            "player": p,
                            "owner": q,
                            "match": m,
                            "card": card,
                            "replace": replace,
                        }
                    )
            for mine in range(len(v["matches"][p])):
                out.append({"kind": "swap", "player": p, "mine": mine, "owner": q, "theirs": m})
    return out


def _key(move: dict[str, Any]) -> str:
    move = dict(move)
    if move["kind"] == "match":
        move["cards"] = sorted(move["cards"])
    return json.dumps(move, sort_keys=True)


@pytest.mark.parametrize("preset", ["standard", "takeover"])
def test_legal_moves_are_exactly_the_accepted_moves(preset: str) -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        g = teachgames.new_game("split", players=3, seed=seed, preset=preset)
        while not g.is_over():
            if rng.random() < 0.15:
                legal = {_key(m.to_dict()) for m in g.legal_moves()}
                accepted = {_key(c) for c in _candidates(g) if g.problem(c) is None}
                assert legal == accepted, (sorted(legal ^ accepted)[:5], g.phase)
                checked += 1
            g.play(rng.choice(g.legal_moves()))
    assert checked > 30


def test_next_dealer_rule_when_the_pile_runs_out() -> None:
    for rule, dealer in (("ender", 0), ("left", 2)):
        g = scenario(hands=[["7h", "2c"], ["3s"], ["4d"]], draw=["Kc"], dealer=1, rules={"next_dealer": rule})
        g.play({"kind": "draw", "player": 0})
        assert g.round == 2 and g.state.dealer == dealer and g.current_player == (dealer + 1) % 3


def test_penalise_self_rule() -> None:
    g = scenario(
        hands=[["7h", "7h", "2c"], ["3s"]], draw=["Kc", "Qc"], phase="play", rules={"penalise_self": True}
    )
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7h"]})
    assert {m.target for m in g.legal_moves()} == {0, 1}


@pytest.mark.parametrize(
    "rules",
    [
        {"pad": {"perfect": [1, 2], "strong": [0, 1], "weak": [0, 1], "negative": [0, 1]}},  # not from 0
        {"pad": {"perfect": [0, 5, 3], "strong": [0, 1], "weak": [0, 1], "negative": [0, 1]}},  # goes down
        {"pad": {"perfect": [0, 5]}},  # rows missing
        {"rounds": 0},
        {"hand_size": True},
        {"next_dealer": "right"},
        {"colour": "blue"},
    ],
)
def test_bad_rules_are_refused_with_a_reason(rules: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        teachgames.new_game("split", players=2, seed=1, rules=rules)


def test_scenario_refuses_impossible_positions() -> None:
    with pytest.raises(ValueError, match="twice"):
        scenario(hands=[["7h", "7h", "7h"], ["2c"]], draw=["Kc"])
    with pytest.raises(ValueError, match="draw pile"):
        scenario(hands=[["7h"], ["2c"]], draw=[])
    with pytest.raises(ValueError, match="one rank"):
        scenario(hands=[["7h"], ["2c"]], draw=["Kc"], matches=[[["7h", "8h"]], []])
    with pytest.raises(ValueError, match="half-card"):
        scenario(hands=[["7x"], ["2c"]], draw=["Kc"])
