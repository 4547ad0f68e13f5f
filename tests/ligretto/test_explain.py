"""Explanations: a round's points (below zero too), running totals, and why a card may
or may not go on a pile; the verdict agrees with play(); every language complete."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from teachgames import IllegalMove
from teachgames.core.i18n import missing_keys, placeholder_problems
from teachgames.ligretto import COLOURS, LigrettoGame, Play, round_score, scenario

LANGS = ("en", "ru", "bg")


def test_round_score_worked_example() -> None:
    points, e = round_score(18, 4)
    assert points == 10
    assert "18 − 4 × 2 = 10" in e.text() and "18 − 8 = 10" in e.text()
    assert r"4 \cdot 2" in e.latex() or r"4 \times 2" in e.latex()


@pytest.mark.parametrize("centre,left", [(3, 6), (0, 10), (7, 4), (1, 1)])
def test_round_score_below_zero(centre: int, left: int) -> None:
    points, e = round_score(centre, left)
    assert points == centre - 2 * left < 0
    assert f"{centre} − {left} × 2 = −{-points}" in e.text()
    assert f"{centre} − {2 * left} = −{-points}" in e.text()
    assert f"−{-points} < 0" in e.text()


@pytest.mark.parametrize("bad", [(-1, 2), (3, 11), (2.5, 1), (True, 1)])
def test_round_score_refuses_impossible_counts(bad: tuple[Any, Any]) -> None:
    with pytest.raises(ValueError):
        round_score(*bad)


def play_round(g: LigrettoGame, rng: random.Random) -> None:
    while g.phase == "play":
        p = rng.randrange(g.players)
        g.play(g.legal_moves(p)[0])


def test_scores_explained_with_running_totals() -> None:
    g = LigrettoGame.new(players=3, seed=21, rules={"rounds": 3})
    rng = random.Random(2)
    while not g.is_over():
        play_round(g, rng)
        if not g.is_over():
            g.play({"kind": "next_round", "player": 0})
    text = g.explain_scores().text()
    rounds = g.round_scores()
    for r, end in enumerate(g.round_ends()):
        for p in range(3):
            c, s = end.centre[p], end.left[p]
            assert c - 2 * s == rounds[r][p]
    for p in range(3):
        terms = [r[p] for r in rounds]
        written = str(terms[0]).replace("-", "−") + "".join(
            f" + {t}" if t >= 0 else f" − {-t}" for t in terms[1:])
        total = sum(terms)
        assert f"{written} = {total}".replace("= -", "= −") in text
    assert "wins" in text


def test_scores_before_any_round_ends() -> None:
    g = LigrettoGame.new(players=2, seed=3)
    text = g.explain_scores().text()
    assert "No round has finished" in text and "0 − 10 × 2 = −20" in text


def candidate_moves(g: LigrettoGame) -> list[dict[str, Any]]:
    """Every card of every player on every pile (and none), and turning up: legal or not."""
    out: list[dict[str, Any]] = []
    at = g.time
    for p in range(g.players):
        out.append({"kind": "turn", "player": p, "at": at})
        for colour in COLOURS:
            for n in range(1, 11):
                for pile in [None, *range(len(g.state.piles) + 1)]:
                    out.append({"kind": "play", "player": p, "card": f"{colour} {n}", "pile": pile, "at": at})
    out.append({"kind": "next_round", "player": 0, "at": at})
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_verdict_is_exactly_what_play_does(seed: int) -> None:
    g = LigrettoGame.new(players=3, seed=seed)
    rng = random.Random(seed)
    checked = legal = 0
    for step in range(120):
        p = rng.randrange(3)
        g.play(g.legal_moves(p)[0] if rng.random() < 0.7 else rng.choice(g.legal_moves(p)))
        if step % 30 != 29:
            continue
        for move in candidate_moves(g):
            verdict = g.explain(move).verdict
            try:
                g.play(move)
            except IllegalMove:
                accepted = False
            else:
                accepted = True
                g.undo()
            assert verdict is accepted, move
            checked += 1
            legal += accepted
    assert checked > 1000 and legal > 10


def test_why_a_card_fits_or_not() -> None:
    hands = [{"stack": ["red 4", "blue 2"], "row": ["green 4", "red 5"], "deck": ["green 1"]},
             {"stack": ["blue 9"], "row": [], "deck": ["yellow 1"]}]
    g = scenario(hands, piles=[["red 1", "red 2", "red 3"], [["green 1", 1]]])
    ok = g.explain(Play(0, "red 4", 0, 1.0)).text()
    assert "red too" in ok and "3 + 1 = 4" in ok and ok.endswith("Legal")
    wrong = g.explain(Play(0, "red 5", 0, 1.0)).text()
    assert "must be exactly one more" in wrong and "5 ≠ 4" in wrong and wrong.endswith("Not legal")
    colour = g.explain(Play(0, "green 4", 0, 1.0)).text()
    assert "only goes on a pile of its own colour" in colour
    deep = g.explain(Play(0, "blue 2", None, 1.0)).text()
    assert "inside the Ligretto stack" in deep


def test_pile_taken_explained() -> None:
    hands = [{"stack": ["red 2", "blue 8"], "row": [], "deck": ["green 1"]},
             {"stack": ["red 2", "blue 9"], "row": [], "deck": ["yellow 1"]}]
    g = scenario(hands, piles=[["red 1"]])
    g.play(Play(1, "red 2", 0, 1.0))
    e = g.explain(Play(0, "red 2", 0, 1.2))
    assert e.verdict is False and "Player 2's red 2 landed there first" in e.text()
    assert "2 + 1 = 3 ≠ 2" in e.text()  # the pile now wants a 3


def _latin(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_no_english_left(language: str) -> None:
    assert missing_keys("ligretto", language) == []
    assert placeholder_problems("ligretto", language) == []
    g = LigrettoGame.new(players=3, seed=5, rules={"rounds": 2})
    rng = random.Random(1)
    texts = []
    while not g.is_over():
        for p in range(3):
            if g.phase != "play":
                break
            for m in g.legal_moves(p)[:3]:
                texts.append(g.explain(m, language).text())
                texts.append(g.describe(m, language))
            g.play(g.legal_moves(p)[0] if rng.random() < 0.8 else rng.choice(g.legal_moves(p)))
        if g.phase == "round_over":
            g.play({"kind": "next_round", "player": 0})
    for move in candidate_moves(g)[:60]:
        texts.append(g.explain(move, language).text())
    texts.append(g.explain_scores(language).text())
    texts += [round_score(c, s, language)[1].text() for c, s in ((18, 4), (2, 7), (0, 0))]
    for text in texts:
        assert _latin(text) == [], text


def test_russian_plurals() -> None:
    words = {n: round_score(n, 0, "ru")[1].text().splitlines()[1] for n in (1, 2, 5, 11, 21, 22)}
    assert "1 карта," in words[1] and "2 карты," in words[2] and "5 карт," in words[5]
    assert "11 карт," in words[11] and "21 карта," in words[21] and "22 карты," in words[22]
    bg = round_score(1, 3, "bg")[1].text()
    assert "1 карта," in bg and "3 карти," in bg


@pytest.mark.parametrize("language,words", [("en", "There is no green pile"), ("ru", "Зелёная стопка"),
                                            ("bg", "Зелена купчина")])  # fmt: skip
def test_no_pile_of_that_colour_is_said_plainly(language: str, words: str) -> None:
    """Green 2 with no green pile in the centre: no "one less than 2: 1 + 1 = 2" about a pile
    that is not there; the explanation says there is no green pile, and the move is refused."""
    hands = [{"stack": ["green 2", "blue 8"], "row": ["red 5"], "deck": ["yellow 1"]},
             {"stack": ["blue 9"], "row": [], "deck": ["yellow 1"]}]  # fmt: skip
    g = scenario(hands, piles=[["red 1", "red 2"]])
    e = g.explain({"kind": "play", "player": 0, "card": "green 2"}, language)
    text = e.text()
    assert e.verdict is False
    assert words in text
    assert "1 + 1 = 2" not in text
    # a green pile whose top is not one less: that rule, with its sum, is still shown
    g2 = scenario(hands, piles=[[["green 1", 1], ["green 2", 1], ["green 3", 1]]])
    assert "No green pile ends with one less than 2" in g2.explain(
        {"kind": "play", "player": 0, "card": "green 2"}).text()
