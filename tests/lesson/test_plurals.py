"""Numbers in sentences agree with their words (CLDR plural rules): 1 пицца, 2 пиццы,
5 пицц; never "pizza(s)"; names already in quotes are not quoted twice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from teachgames.core.i18n import LANGUAGES, fill, messages, placeholders, plural, plural_problems, tr

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = ["delissimo", "explain", "lesson"]  # the catalogues this area owns


@pytest.mark.parametrize(
    ("n", "category"),
    [(0, "many"), (1, "one"), (2, "few"), (4, "few"), (5, "many"), (11, "many"), (12, "many"),
     (14, "many"), (21, "one"), (22, "few"), (25, "many"), (101, "one"), (111, "many"), (-1, "one")],
)  # fmt: skip
def test_russian_categories(n: int, category: str) -> None:
    assert plural(n, "ru") == category


@pytest.mark.parametrize("language", ["en", "bg"])
def test_english_and_bulgarian_categories(language: str) -> None:
    assert plural(1, language) == "one"
    assert [plural(n, language) for n in (0, 2, 5, 11, 21)] == ["other"] * 5


def test_fractions_are_other_and_russian_uses_the_genitive_singular() -> None:
    assert plural("1 1/2", "ru") == "other"
    assert fill("{n} {n|пицца|пиццы|пицц}", "ru", {"n": "1 1/2"}) == "1 1/2 пиццы"
    assert fill("{n} {n|pizza|pizzas}", "en", {"n": "3/8"}) == "3/8 pizzas"


@pytest.mark.parametrize(
    ("language", "template", "expected"),
    [
        ("ru", "{n} {n|пицца|пиццы|пицц}", ["1 пицца", "2 пиццы", "5 пицц", "21 пицца", "11 пицц"]),
        ("bg", "{n} {n|пица|пици}", ["1 пица", "2 пици", "5 пици", "21 пици", "11 пици"]),
        ("en", "{n} {n|pizza|pizzas}", ["1 pizza", "2 pizzas", "5 pizzas", "21 pizzas", "11 pizzas"]),
    ],
)
def test_fill_chooses_the_form(language: str, template: str, expected: list[str]) -> None:
    assert [fill(template, language, {"n": n}) for n in (1, 2, 5, 21, 11)] == expected


def test_sympy_integers_count_as_whole_numbers() -> None:
    from sympy import Integer, Rational

    assert plural(Integer(3), "ru") == "few"
    assert plural(Rational(3, 2), "ru") == "other"


def test_doubled_braces_stay_literal_and_placeholders_see_plural_fields() -> None:
    assert fill("{{n|a|b}} {n}", "en", {"n": 2}) == "{n|a|b} 2"
    assert placeholders("{n} {n|pizza|pizzas} and {m|card|cards}") == {"n", "m"}


def test_a_missing_number_names_itself() -> None:
    with pytest.raises(KeyError, match="n"):
        fill("{n|pizza|pizzas}", "en", {})


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_plural_field_has_the_forms_of_its_language(domain: str, language: str) -> None:
    bad = {k: plural_problems(v, language) for k, v in messages(domain, language).items()}
    assert {k: v for k, v in bad.items() if v} == {}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_message_hedges_a_plural(domain: str, language: str) -> None:
    hedged = [k for k, v in messages(domain, language).items() if re.search(r"\w\((s|es|и|ы|а)\)", v)]
    assert hedged == []


@pytest.mark.parametrize(
    ("language", "wholes", "expected"),
    [
        ("en", 1, "1 whole pizza"),
        ("en", 3, "3 whole pizzas"),
        ("ru", 1, "1 целая пицца"),
        ("ru", 2, "2 целые пиццы"),
        ("ru", 5, "5 целых пицц"),
        ("bg", 1, "1 цяла пица"),
        ("bg", 3, "3 цели пици"),
    ],
)
def test_whole_pizzas_agree_with_their_number(language: str, wholes: int, expected: str) -> None:
    """The lessons' "N whole pizzas" (6+ amounts typed and read back) agrees with N."""
    assert tr("lesson.whole_pizzas", language, n=wholes) == expected


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_quoted_card_names_are_not_quoted_again(language: str) -> None:
    from teachgames.delissimo import scenario

    g = scenario(level="basic", hands=[["cancel", "special mt"], []], stacks=[["2/8 pt"], [], []])
    refusals = [
        g.explain(
            {"kind": "capture", "player": 0, "give": ["cancel"], "take": ["2/8 pt"]}, language=language
        ),
        g.explain({"kind": "special", "player": 0, "card": "special mp"}, language=language),
    ]
    for e in refusals:
        text = e.text()
        assert "««" not in text and "»»" not in text and "„„" not in text and "““" not in text, text


def test_english_moves_say_and_between_cards() -> None:
    from teachgames.delissimo import scenario

    g = scenario(level="basic", hands=[["mushroom 3/8", "tomato 4/8"], []], stacks=[["7/8 mt"], [], []])
    move = g.captures()[0]
    assert str(move) == "Player 1 gives mushroom 3/8 and tomato 4/8 and takes 7/8 mushroom+tomato"


def test_russian_cancel_says_who_skips_and_who_draws() -> None:
    from teachgames.delissimo import scenario

    g = scenario(level="basic", hands=[["tomato 1/4", "cancel"], ["pepper 1/2"]], stacks=[["2/8 mt"], [], []],
                 current=1)  # fmt: skip
    cancel = next(m for m in g.legal_moves(0) if type(m).__name__ == "Cancel")
    text = g.explain(cancel, language="ru").text()
    assert "Игрок 2 пропускает этот ход, а игрок 1 сразу добирает карты до 4" in text
    explained = [
        v for k, v in messages("delissimo", "ru").items() if k.startswith(("ex.", "scores.", "lesson."))
    ]
    assert "на руке" not in "".join(explained)


def test_a_single_whole_card_is_not_called_pieces() -> None:
    from teachgames.delissimo import scenario

    g = scenario(
        level="basic", hands=[[], []], stacks=[[], [], []], piles=[["8/8 mt", "3/8 mp", "5/8 pt"], []]
    )
    for language, card_words, pieces in [
        ("ru", "Эта карта — целая пицца", "Из этих кусочков получается целая пицца"),
        ("en", "This card is a whole pizza", "These make a whole pizza"),
    ]:
        text = g.explain_scores(language=language).text()
        assert text.count(card_words) == 1 and text.count(pieces) == 1, text
