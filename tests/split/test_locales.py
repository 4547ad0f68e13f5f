"""The Split catalogue: complete in Russian and Bulgarian, right plural forms, no English left."""

from __future__ import annotations

import random
import re

import pytest

import teachgames
from teachgames.core.i18n import messages, missing_keys, placeholder_problems, plural_problems, tr
from teachgames.split import pad_score, scenario
from teachgames.split.bots import PlannerBot

ENGLISH = re.compile(r"\b(the|and|card|cards|match|round|player|draw pile|discard|box|bonus|score)\b", re.I)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_catalogue_complete_with_the_same_placeholders_and_plural_forms(language: str) -> None:
    assert missing_keys("split", language) == []
    assert placeholder_problems("split", language) == []
    for name, template in messages("split", language).items():
        assert plural_problems(template, language) == [], name


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_no_english_left_in_the_catalogue(language: str) -> None:
    english = messages("split", "en")
    for name, template in messages("split", language).items():
        if name.startswith("malformed."):  # they quote the JSON field names
            continue
        words = re.sub(r"\{[^{}]*\}", "", template)
        assert not ENGLISH.search(words), f"{language} {name}: {template}"
        if re.search(r"[A-Za-z]{3,}", words):
            pytest.fail(f"{language} {name} has Latin words: {template}")
        if re.search(r"[^\W\d_]{2,}", words):  # words, not only numbers and signs
            assert template != english[name], name


@pytest.mark.parametrize(
    ("language", "n", "expected"),
    [
        ("ru", 1, "1 карта"),
        ("ru", 3, "3 карты"),
        ("ru", 5, "5 карт"),
        ("ru", 21, "21 карта"),
        ("ru", 12, "12 карт"),
        ("bg", 1, "1 карта"),
        ("bg", 4, "4 карти"),
        ("en", 1, "1 card"),
        ("en", 7, "7 cards"),
    ],
)
def test_plural_forms_agree_with_the_number(language: str, n: int, expected: str) -> None:
    assert expected in tr("split.draw.pile", language, n=n)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_explanations_moves_and_pictures_have_no_english(language: str) -> None:
    g = teachgames.new_game("split", players=3, seed=11)
    bot = PlannerBot()
    rng = random.Random(2)
    texts = []
    while not g.is_over():
        move = bot.choose(g) if rng.random() < 0.7 else rng.choice(g.legal_moves())
        texts.append(g.describe(move, language))
        if len(texts) < 60:
            texts.append(g.explain(move, language).text())
            texts.append(bot.explain_choice(g, language=language))
        g.play(move)
    texts.append(g.explain_scores(language).text())
    texts.append(pad_score(perfect=1, weak=3, negative=2, language=language)[1].text())
    refused = scenario(hands=[["7h", "8d", "2c"], ["3s"]], draw=["Kc"], phase="play")
    texts.append(refused.explain({"kind": "match", "player": 0, "cards": ["7h", "8d"]}, language).text())
    for text in texts:
        assert not ENGLISH.search(text), text


#: A hedged ending after a word: "card(s)", "карт(ы)", "взял(а)", "карти(те)" — the
#: catalogue writes plural fields (and wording with no gender) instead.
HEDGE = re.compile(r"[^\W\d_]\((?:[^\W\d_]{1,4})\)")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_no_message_hedges_a_plural_or_a_gender(language: str) -> None:
    assert HEDGE.search("карт(ы)") and HEDGE.search("card(s)") and HEDGE.search("взял(а)")
    hedged = {
        name: template
        for name, template in messages("split", language).items()
        if HEDGE.search(re.sub(r"\{[^{}]*\}", "", template))
    }
    assert hedged == {}


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "в руке 1 карта"),
        (2, "в руке 2 карты"),
        (5, "в руке 5 карт"),
        (11, "в руке 11 карт"),
        (21, "в руке 21 карта"),
        (22, "в руке 22 карты"),
    ],
)
def test_russian_counts_agree_in_rendered_messages(n: int, words: str) -> None:
    assert tr("split.widget.hidden_hand", "ru", name="Аня", n=n) == f"Аня: {words}"
    verb = "остаются" if n in (2, 22) else "остаётся"
    left = words.replace("в руке", f"в руке {verb}")
    assert left in tr("split.ex.discard", "ru", n=n)


@pytest.mark.parametrize(
    ("language", "n", "words"),
    [
        ("en", 1, "(1 round)"),
        ("en", 3, "(3 rounds)"),
        ("ru", 1, "(1 раунд)"),
        ("ru", 2, "(2 раунда)"),
        ("ru", 5, "(5 раундов)"),
        ("bg", 1, "(1 рунд)"),
        ("bg", 2, "(2 рунда)"),
    ],
)
def test_counts_agree_in_the_finished_status(language: str, n: int, words: str) -> None:
    assert words in tr("split.draw.status_over", language, rounds=n)


@pytest.mark.parametrize(
    ("language", "points", "words"),
    [("en", 1, "1 point "), ("en", 14, "14 points"), ("bg", 1, "1 точка"), ("bg", 14, "14 точки")],
)
def test_bot_reason_counts_points_in_agreement(language: str, points: int, words: str) -> None:
    assert words in tr("split.bot.why.penalise", language, target="Аня", points=points)
