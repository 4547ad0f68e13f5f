"""Every language is complete: Delissimo and the generic explanation words in Russian and
Bulgarian have every English message, with the same placeholders, in their own words."""

from __future__ import annotations

import re
import string

import pytest

from teachgames.core.i18n import (
    LANGUAGES,
    keys,
    messages,
    missing_keys,
    placeholder_problems,
    placeholders,
    tr,
)
from teachgames.delissimo import DelissimoGame, scenario

DOMAINS = ("delissimo", "explain")
TRANSLATIONS = ("ru", "bg")
LATIN = re.compile(r"[A-Za-z]")


def sample(name: str) -> str:
    """A value for a placeholder, marked so the test can find it in the rendered text."""
    return f"<{name}>"


#: Card notation and move kinds quoted in single quotes ('2/8 mt', 'end_turn') are code
#: the pupil types, the same in every language, not English words left untranslated.
QUOTED_CODE = re.compile(r"'[^']*'|\[[^\]]*\]")


def template_words(template: str) -> str:
    """A template without its placeholders and quoted notation: the words the translator wrote."""
    literal = "".join(literal for literal, _, _, _ in string.Formatter().parse(template))
    return QUOTED_CODE.sub("", literal)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_message_is_translated(domain: str, language: str) -> None:
    assert keys(domain), f"no English messages for {domain}"
    assert missing_keys(domain, language) == []
    assert placeholder_problems(domain, language) == []


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translations_have_no_english_left(domain: str, language: str) -> None:
    # letters of the Latin alphabet in a Russian or Bulgarian message mean an English word
    # was copied in; the placeholders themselves are English names, so they are removed first
    left = {
        name: template
        for name, template in messages(domain, language).items()
        if LATIN.search(template_words(template))
    }
    assert left == {}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders(domain: str, language: str) -> None:
    for name in keys(domain):
        fields = placeholders(messages(domain, "en")[name])
        text = tr(f"{domain}.{name}", language, **{f: sample(f) for f in fields})
        assert text.strip(), name
        assert "{" not in text and "}" not in text, (name, text)
        for field in fields:  # each value shows up exactly where the template puts it
            assert sample(field) in text, (name, field, text)


def capture_game() -> DelissimoGame:
    return scenario(
        level="basic", hands=[["tomato 1/4"], ["pepper 1/2"]], stacks=[["2/8 mt"], ["5/8 pt"], ["3/8 pt"]]
    )


CAPTURE = {"kind": "capture", "player": 0, "give": ["tomato 1/4"], "take": ["2/8 mt"]}
ENGLISH = (
    "Orders",
    "Order",
    "pizza",
    "Pizza",
    "Player",
    "tomato",
    "mushroom",
    "Legal",
    "given",
    "taken",
    "equal",
)


def test_capture_explained_in_russian() -> None:
    e = capture_game().explain(CAPTURE, language="ru")
    text = e.text()
    for word in ENGLISH:
        assert word not in text, word
    assert not LATIN.search(text), text
    # the maths is the same in every language
    assert "1/4 = 2/8" in text and "2/8 = 2/8" in text and "2/8 = 1/4" in text
    assert e.verdict is True
    assert "Игрок 1" in text and "томаты" in text and "пицц" in text and "заказ" in text
    english = capture_game().explain(CAPTURE, language="en").text()
    maths = re.compile(r"\d+/\d+(?: [=≠+] \d+/\d+)*")
    assert maths.findall(text) == maths.findall(english)
    # the other forms carry the same words
    assert "Можно" in e.markdown() and "томаты" in str(e.svg())


def test_capture_explained_in_bulgarian() -> None:
    text = capture_game().explain(CAPTURE, language="bg").text()
    assert not LATIN.search(text), text
    assert "1/4 = 2/8" in text and "Играч 1" in text and "домати" in text and "Може" in text


def test_refused_move_reasons_in_russian() -> None:
    g = capture_game()
    unequal = {"kind": "capture", "player": 0, "give": ["tomato 1/4"], "take": ["5/8 pt"]}
    problem = g.problem(unequal)
    assert problem is not None and problem.code == "sum-differs"
    words = problem.words("ru")
    assert words == "количество пиццы разное: отданные карты дают 1/4 = 2/8, а забранные — 5/8"
    assert "пиццы разное" in g.explain(unequal, language="ru").text()
    turn = g.problem({"kind": "capture", "player": 1, "give": ["pepper 1/2"], "take": ["5/8 pt"]})
    assert turn is not None and turn.words("ru") == "сейчас ходит игрок 1, а не игрок 2"
    assert turn.words("bg") == "сега е ред на играч 1, а не на играч 2"
    cancel = g.problem({"kind": "cancel", "player": 1, "target": 0})
    assert cancel is not None and not LATIN.search(cancel.words("ru"))
    assert "Срыв заказа" in cancel.words("ru")


def test_refusals_at_6plus_in_both_languages() -> None:
    g = scenario(
        level="beginner",
        hands=[["3/8 mt", "5/8 pt"], ["1/8 mp"]],
        centre=["4/8 mt", "3/8 mt", "2/8 mp", "1/8 mp"],
    )
    one = g.explain({"kind": "capture", "player": 0, "give": ["3/8 mt"], "take": ["3/8 mt"]}, language="ru")
    assert one.verdict is False and "6+" in one.text() and not LATIN.search(one.text())
    legal = g.explain(
        {"kind": "capture", "player": 0, "give": ["5/8 pt"], "take": ["4/8 mt", "1/8 mp"]}, language="bg"
    )
    # 6+ counts slices: no written fraction
    assert legal.verdict is True and "1 + 4 = 5" in legal.text() and not LATIN.search(legal.text())
    assert "/8" not in legal.text() and "/8" not in one.text()


def test_scores_explained_in_bulgarian() -> None:
    g = scenario(
        level="advanced",
        hands=[["tomato 1/4", "cancel"], []],
        stacks=[[], [], []],
        piles=[["8/8 mp", "3/8 mt", "5/8 pt", "2/8 mt", "tomato 1/4"], ["4/8 mt"]],
    )
    assert g.is_over()
    text = g.explain_scores(language="bg").text()
    assert not LATIN.search(text), text
    for words in (
        "Как се смятат точките",
        "Играч 1",
        "цяла пица",
        "Доставена пица",
        "Печели Играч 1. Точки: 1.",
    ):
        assert words in text, words
    # the arithmetic: 18 eighths, two whole pizzas, a penalty of 1/4 + 1
    assert "8/8 + 3/8 + 5/8 + 2/8 = 18/8" in text and "2 1/4 − 1 1/4 = 1" in text
    assert "Побеждает Игрок 1. Очки: 1." in g.explain_scores(language="ru").text()


def test_table_and_card_words_come_from_the_catalogue() -> None:
    from teachgames.delissimo.draw import card_alt, table_svg

    assert {n for n in keys("delissimo") if n.startswith("draw.")} >= {"draw.deck_left", "draw.alt.pizza"}
    for language in LANGUAGES:
        assert card_alt("special mt", language) == tr(
            "delissimo.draw.alt.special",
            language,
            toppings=tr(
                "delissimo.draw.alt.toppings",
                language,
                first=tr("delissimo.topping.mushroom", language),
                second=tr("delissimo.topping.tomato", language),
            ),
        )
        view = capture_game().view()
        svg = table_svg(view, language=language)
        assert tr("delissimo.draw.deck_left", language, n=view["deck"]) in svg


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_each_topping_letter_is_the_first_letter_of_its_word(language: str) -> None:
    """The legend 'Т томаты' only helps if the letter starts the word the pupil reads
    (Russian says «томаты», not «помидоры», because П is already перец)."""
    from teachgames.core.i18n import messages

    words = messages("delissimo", language)
    letters = [words[f"draw.letter.{t}"] for t in ("mushroom", "pepper", "tomato")]
    assert len(set(letters)) == 3, letters
    for topping, letter in zip(("mushroom", "pepper", "tomato"), letters, strict=True):
        assert words[f"topping.{topping}"][0].upper() == letter, (language, topping)


@pytest.mark.parametrize(("language", "join"), [("ru", ", а забирает"), ("bg", ", а взема")])
def test_giving_two_cards_and_taking_reads_without_a_doubled_and(language, join):
    """«отдаёт A и B и забирает C» stumbles; «отдаёт A и B, а забирает C» reads as one sentence."""
    from teachgames.delissimo import scenario

    g = scenario(level="basic", hands=[["tomato 1/4", "pepper 1/4"], []], stacks=[["4/8 pt"], ["2/8 mt"], []])
    two = next(c for c in g.captures() if len(c.give) == 2)
    words = g.describe(two, language=language)
    assert join in words
    given = words.split(join)[0]
    assert given.count(" и ") == 1, words
