"""Explanations: the verdict agrees with play(), every language is complete and natural,
the field choice compares gains and gives exact chances."""

from __future__ import annotations

import random
import re

import pytest
from sympy import Rational

from teachgames.core.i18n import messages, missing_keys, placeholder_problems, plural_problems
from teachgames.tsvetik import TsvetikGame, scenario, score_cards

from .helpers import random_game

LANGS = ("en", "ru", "bg")
#: Latin words that may appear in ru/bg: none in explanations (notation words are in malformed.*).
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def test_explain_verdict_is_exactly_what_play_accepts() -> None:
    rng = random.Random(1)
    for seed in range(12):
        g = random_game(
            seed, players=2 + seed % 3, preset=("seed", "coloretto")[seed % 2], moves=rng.randrange(80)
        )
        candidates = [{"kind": "draw", "player": p} for p in range(g.players)]
        candidates += [
            {"kind": k, "player": p, "field": f}
            for k in ("place", "take")
            for p in range(g.players)
            for f in range(-1, 5)
        ]
        for move in candidates:
            verdict = g.explain(move).verdict
            before = g.to_json()
            try:
                g.play(move)
            except Exception:
                assert verdict is False and g.to_json() == before
            else:
                assert verdict is True
                g.undo()


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_catalogue_complete_with_right_plurals(language: str) -> None:
    assert missing_keys("tsvetik", language) == []
    assert placeholder_problems("tsvetik", language) == []
    assert [k for k, v in messages("tsvetik", language).items() if plural_problems(v, language)] == []


def test_russian_plurals_agree() -> None:
    assert "(всего 1 карта)" in score_cards(["red"], language="ru")[1].text()
    assert "(всего 3 карты)" in score_cards(["red"] * 3, language="ru")[1].text()
    assert "(всего 5 карт)" in score_cards(["red"] * 5, language="ru")[1].text()
    assert "(общо 5 карти)" in score_cards(["red"] * 5, language="bg")[1].text()


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_no_english_left_in_russian_or_bulgarian(language: str) -> None:
    g = random_game(4, players=3)
    texts = [g.explain_scores(language=language).text()]
    g2 = random_game(4, players=3, moves=25)
    texts.append(g2.explain_field_choice(language=language).text())
    for m in g2.legal_moves():
        texts.append(g2.explain(m, language=language).text())
        texts.append(g2.describe(m, language=language))
    texts.append(
        g2.explain({"kind": "take", "player": g2.current_player, "field": 9}, language=language).text()
    )
    texts.append(score_cards(["red", "blue"] * 3, "coloretto", language=language)[1].text())
    for text in texts:
        assert not LATIN_WORD.search(text), text


def test_score_explanation_reads_in_every_language() -> None:
    g = random_game(9, players=3)
    for language in LANGS:
        text = g.explain_scores(language=language, names=["Ann", "Боби", "Вера"]).text()
        assert "Ann" in text and "Вера" in text
        best = max(g.scores())
        assert (str(best) if best >= 0 else f"−{-best}") in text
        assert not re.search(r"-\d", text)  # a real minus sign, never a hyphen


def test_field_choice_compares_gains_and_gives_exact_chances() -> None:
    # 49 cards in the box; 6 seen (3 collected, 3 on the fields), so 43 in the bank
    bank = (
        ["red"] * 5
        + ["blue"] * 7
        + ["green"] * 7
        + ["yellow"] * 7
        + ["orange"] * 7
        + ["indigo"] * 3
        + ["violet"] * 7
    )
    g = scenario(
        players=2, bank=bank, fields=[["red", "red"], ["blue"], [], []], collected=[["indigo"] * 3, []]
    )
    e = g.explain_field_choice()
    text = e.text()
    # now: indigo 3 = 20. With red, red: indigo 20 − 2 × 20 = −20 beats red 10 − 3 × 20 and
    # different colours 5 − 3 × 20, so field 1 adds −20 − 20 = −40; with blue: 20 − 20 = 0, adds −20
    assert "Field 1 (2 red) adds −20 − 20 = −40" in text
    assert "Field 2 (1 blue) adds 0 − 20 = −20" in text
    assert "Field 3 is empty" in text
    assert "turn up a card instead" in text  # no field adds points
    assert "49 − 6 = 43" in text
    assert "5/43" in text  # red: 7 − 2 seen
    chances = [s for s in e.steps if s.chain and "chance" in s.words]
    assert sum(s.chain[-1].doit() for s in chances) == 1
    assert any(s.chain[-1].doit() == Rational(5, 43) for s in chances)


def test_take_explanation_shows_the_gain() -> None:
    g = scenario(
        players=2, bank=["red"] * 5, fields=[["red", "red"], [], [], []], collected=[["red"] * 3, []]
    )
    text = g.explain({"kind": "take", "field": 0}).text()
    assert "55 − 20 = 35" in text  # 3 red = 20, 5 red = 55


def test_refusal_explanations_say_why() -> None:
    g = TsvetikGame.new(players=2, seed=1)
    e = g.explain({"kind": "take", "field": 0})
    assert e.verdict is False and "empty" in e.text()
    e = g.explain({"kind": "jump"})
    assert e.verdict is False and "jump" in e.text()


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_best_group_is_compared_with_a_listed_group(language: str) -> None:
    """Seven red cards: the best group is compared with nothing hidden (never "100 > −118",
    the unlisted "different colours (1 colour), 6 extra cards"); one red card gets no
    "5 > 2"; and no line has a double colon ("scores −20:: 2 × (−20)")."""
    from teachgames.tsvetik import score_cards

    seven = score_cards(["red"] * 7, language=language)[1].text()
    assert "−118" not in seven and "(1 " not in seven, seven
    lone = score_cards(["red"], language=language)[1].text()
    assert "5 > 2" not in lone and not any(line.rstrip().endswith(":") for line in lone.splitlines()), lone
    mixed = score_cards(["red"] * 3 + ["blue"] * 2 + ["green", "yellow"], language=language)[1].text()
    assert "::" not in mixed and "−43 > −60" in mixed and "3 × (−20) = −60" in mixed, mixed
