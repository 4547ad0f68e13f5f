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
