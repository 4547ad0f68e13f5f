"""Bots: the shared random and greedy bots play Split through the contract; the planning
bot keeps perfect pairs, uses bonuses well and says why."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.split import scenario
from teachgames.split.bots import PlannerBot


def _play(bots: list[object], seed: int) -> teachgames.split.SplitGame:
    g = teachgames.new_game("split", players=len(bots), seed=seed)
    while not g.is_over():
        move = bots[g.current_player].choose(g)  # type: ignore[attr-defined]
        assert move in g.legal_moves()
        g.play(move)
    return g


def test_shared_bots_and_the_planner_finish_matches() -> None:
    g = _play([RandomBot(1), GreedyBot(), PlannerBot()], seed=3)
    assert g.is_over() and len(g.round_scores()) == 3


def test_simulate_runs_split() -> None:
    out = teachgames.simulate("split", [PlannerBot(), GreedyBot()], games=2, seed=0)
    assert len(out) == 2 and all(len(s.scores) == 2 for s in out)
    for summary in out:  # three rounds, and the rounds add up to the match total
        assert len(summary.round_scores) == 3
        assert [sum(r[p] for r in summary.round_scores) for p in range(2)] == list(summary.scores)


def test_planner_beats_random_play_on_average() -> None:
    margin = 0
    for seed in range(6):
        g = _play([PlannerBot(), RandomBot(seed)], seed)
        margin += g.scores()[0] - g.scores()[1]
    assert margin > 0


def test_planner_lays_the_perfect_match_first_and_keeps_the_third_half() -> None:
    g = scenario(hands=[["7h", "7h", "7d", "2c"], ["3s"]], draw=["Kc", "Qc"], phase="play")
    move = PlannerBot().choose(g)
    assert move.to_dict() == {"kind": "match", "player": 0, "cards": ["7h", "7h"]}


def test_planner_penalises_the_leader_and_says_why() -> None:
    g = scenario(
        hands=[["7h", "7h", "2c"], ["3s"], ["4s"]],
        draw=["Kc", "Qc"],
        matches=[[], [], [["Ks", "Ks"], ["Qd", "Qd"]]],
        phase="play",
    )
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7h"]})
    bot = PlannerBot()
    assert bot.choose(g).to_dict() == {"kind": "penalise", "player": 0, "target": 2}
    words = bot.explain_choice(g)
    assert "Player 3 is ahead" in words
    ru = bot.explain_choice(g, language="ru")
    assert "Игрок 3" in ru and "ahead" not in ru


def test_planner_uses_the_weak_bonus_to_get_a_match_it_can_upgrade() -> None:
    g = scenario(
        hands=[["5h", "5s", "Ks", "2c"], ["3s"]],
        draw=["Kc", "Qc"],
        matches=[[["9h", "9s"]], [["Kh", "Kc"]]],
        phase="play",
    )
    g.play({"kind": "match", "player": 0, "cards": ["5h", "5s"]})
    move = PlannerBot().choose(g)
    assert move.kind == "swap" and move.owner == 1  # K♥ K♣ can become K♣ K♠ (strong) with K♠
    g.play(move)
    assert g.legal_moves()[0].kind in ("upgrade", "match")


def test_planner_discards_a_loose_card() -> None:
    g = scenario(
        hands=[["9h", "9s", "Jc"], ["3s"]], draw=["Kc", "Qc"], matches=[[["Jd", "Jh"]], []], phase="play"
    )
    # 9♥ 9♠ will be laid; J♣ cannot upgrade J♦ J♥ (strong) - it would make it weak
    bot = PlannerBot()
    g.play(bot.choose(g))
    g.play({"kind": "skip", "player": 0})
    assert bot.choose(g).to_dict() == {"kind": "discard", "player": 0, "card": "Jc"}


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_every_bot_explains_itself(language: str) -> None:
    g = teachgames.new_game("split", players=2, seed=5)
    for bot in (RandomBot(2), GreedyBot(), PlannerBot()):
        words = bot.explain_choice(g, language=language)
        assert isinstance(words, str) and len(words) > 10


def test_the_greedy_bots_pad_arithmetic_is_the_score_pads() -> None:
    """``pad_value`` (marks in row order, what a greedy bot asks after every move it weighs)
    gives the same points as ``pad_points``, the score pad's own sum, even past a full row."""
    import random

    from teachgames.split.rules import ROWS, default_pad, pad_points, pad_value

    pad = default_pad()
    rng = random.Random(4)
    for _ in range(500):
        marks = tuple(rng.randint(0, len(pad[row]) + 2) for row in ROWS)
        assert pad_value(pad, marks) == pad_points(pad, dict(zip(ROWS, marks, strict=True)))
    assert pad_value(pad, (0, 0, 0, 0)) == 0 and pad_value(pad, (0, 0, 0, 1)) == -pad["negative"][1]
