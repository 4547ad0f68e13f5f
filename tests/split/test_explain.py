"""Explanations: match types by rank, suit and colour; upgrades both ways; discard-row
pick-ups; the pad step by step, per round and for the match, in three languages."""

from __future__ import annotations

import pytest

import teachgames
from teachgames.split import scenario
from teachgames.split.bots import PlannerBot
from teachgames.split.explain import explain_match_type

from .helpers import about_to_go_out


@pytest.mark.parametrize(
    ("a", "b", "says"),
    [
        ("7h", "7h", ["same rank", "same suit", "perfect"]),
        ("7h", "7d", ["same rank", "different suits", "same colour", "strong"]),
        ("7h", "7c", ["same rank", "different suits", "different colours", "weak"]),
        ("7h", "9h", ["different ranks", "no match"]),
    ],
)
def test_match_type_explained_by_rank_suit_and_colour(a: str, b: str, says: list[str]) -> None:
    e = explain_match_type(a, b)
    text = e.text()
    for words in says:
        assert words in text
    assert e.verdict is (a[:-1] == b[:-1])


def test_match_explanations_in_russian_and_bulgarian() -> None:
    ru = explain_match_type("10d", "10h", "ru").text()
    assert "бубны и червы" in ru and "сильная пара" in ru
    bg = explain_match_type("Qs", "Qh", "bg").text()
    assert "пика и купа" in bg and "слаб чифт" in bg


def test_upgrade_explained_both_ways() -> None:
    g = scenario(
        hands=[["7h", "7c", "2c"], ["3s"]], draw=["Kc", "Qc"], matches=[[["7h", "7s"]], []], phase="play"
    )
    ok = g.explain({"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7h", "replace": "7s"})
    assert ok.verdict is True
    assert "A perfect match is stronger than a weak one" in ok.text() and "discard row" in ok.text()
    no = g.explain({"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7c", "replace": "7s"})
    assert no.verdict is False
    assert "would still be weak" in no.text() and "different colours" in no.text()


def test_discard_row_pick_up_explained_and_refusal_says_why() -> None:
    g = scenario(hands=[["9s", "2c"], ["3s"]], draw=["Kc", "Qc"], discard=["4d", "9c", "Jh", "5s"])
    ok = g.explain({"kind": "take", "player": 0, "index": 1, "card": "9c", "partner": "9s"})
    assert ok.verdict is True
    text = ok.text()
    assert "2 cards lying on top of it" in text and "J♥, 5♠" in text and "strong match" in text
    no = g.explain({"kind": "take", "player": 0, "index": 0, "card": "4d", "partner": "2c"})
    assert no.verdict is False and "different rank" in no.text()


def test_a_seeded_three_round_match_pad_explained_in_three_languages() -> None:
    g = teachgames.new_game("split", players=3, seed=7)
    bot = PlannerBot()
    while not g.is_over():
        g.play(bot.choose(g))
    totals = g.scores()
    for language, word in (("en", "Match total"), ("ru", "Итог партии"), ("bg", "Общо за играта")):
        e = g.explain_scores(language=language)
        text = e.text()
        assert text.count(word) == 3
        for total in totals:
            assert str(total).replace("-", "−") in text
        # every round of every player: the pad after it and what the round added
        assert sum(1 for s in e.steps if s.chain and len(s.chain) == 2 and s.relations == ("=",)) >= 9
        assert e.latex() and e.svg()
    rounds = g.round_scores()
    assert [sum(r[p] for r in rounds) for p in range(3)] == totals


def test_scores_so_far_before_any_round_ends() -> None:
    g = teachgames.new_game("split", players=2, seed=1)
    text = g.explain_scores().text()
    assert "No round has ended yet" in text and "Total so far" in text


def test_other_moves_are_explained_in_words() -> None:
    g = scenario(hands=[["7h", "7h", "2c", "3d"], ["3s"]], draw=["Kc", "Qc"], phase="play")
    discard = g.explain({"kind": "discard", "player": 0, "card": "2c"})
    assert discard.verdict and "3 cards stay" in discard.text()
    g.play({"kind": "match", "player": 0, "cards": ["7h", "7h"]})
    pen = g.explain({"kind": "penalise", "player": 0, "target": 1})
    assert "from 0 to 2" in pen.text()
    skip = g.explain({"kind": "skip", "player": 0})
    assert skip.verdict is False and "not skipped" in skip.text()


def test_the_move_that_ends_a_round_shows_every_pad_being_marked() -> None:
    g = about_to_go_out()
    text = g.explain({"kind": "discard", "player": 0, "card": "2c"}).text()
    assert "Round 1 ends: Player 1 went out" in text
    assert "0 + 0 + 1 − 10 = −9" in text  # Player 2: a weak match, 3 cards left in hand
    assert "0 + 0 + 0 − 2 = −2" in text  # Player 3: one card left
    pile = scenario(hands=[["7h", "2c"], ["3s"]], draw=["Kc"], rules={"rounds": 1})
    assert "drew the last card" in pile.explain({"kind": "draw", "player": 0}).text()
