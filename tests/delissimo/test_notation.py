"""Cards as pupils write them (teachgames.delissimo.notation): every card in every language's
words reads back to itself, the short forms pupils type are read, the English notation is
read in every language, anything else is a ValueError in the asked language, and no word of
a translation is written in the module a second time (all come from the catalogue)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from teachgames.core.i18n import LANGUAGES
from teachgames.delissimo.cards import CARDS, parse_card
from teachgames.delissimo.moves import card_words
from teachgames.delissimo.notation import connector_words, parse_card_words

LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: How each language quotes the pupil's text in a message.
QUOTES = {"en": ("'", "'"), "ru": ("«", "»"), "bg": ("„", "“")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_reads_back_from_its_words(language: str) -> None:
    for card in CARDS:
        words = card_words(card, language)
        assert parse_card_words(words, language) is card, (language, card, words)
        # the same words in capitals, with extra spaces, read the same
        assert parse_card_words(f"  {words.upper()}  ".replace(" ", "   "), language) is card


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_notation_is_read_in_every_language(language: str) -> None:
    for card in CARDS:
        assert parse_card_words(card.name, language) is card
        assert parse_card_words(card.name.upper(), language) is card


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("томаты 3/4", "ru", "tomato 3/4"),
        ("  Томаты   3 / 4 ", "ru", "tomato 3/4"),
        ("ТОМАТЫ 3/4", "ru", "tomato 3/4"),
        ("3/4 томаты", "ru", "tomato 3/4"),
        ("грибы 6/8", "ru", "mushroom 6/8"),
        ("перец 1", "ru", "pepper 1"),
        ("заказ «томаты 1/4»", "ru", "tomato 1/4"),
        ("заказ томаты 1/4", "ru", "tomato 1/4"),
        ("2/8 грибы+томаты", "ru", "2/8 mt"),
        ("2/8 грибы + томаты", "ru", "2/8 mt"),
        ("2/8 грибы и томаты", "ru", "2/8 mt"),
        ("2/8 томаты и грибы", "ru", "2/8 mt"),
        ("пицца 2/8 (грибы+томаты)", "ru", "2/8 mt"),
        ("2/8 пиццы (грибы+томаты)", "ru", "2/8 mt"),
        ("8/8 перец и томаты", "ru", "8/8 pt"),
        # other words a pupil may write for a topping (catalogue: notation.also.tomato)
        ("помидоры 3/4", "ru", "tomato 3/4"),
        ("2/8 грибы и помидоры", "ru", "2/8 mt"),
        ("tomatoes 3/4", "en", "tomato 3/4"),
        ("домат 3/4", "bg", "tomato 3/4"),
        ("спецзаказ грибы+перец", "ru", "special mp"),
        ("спецзаказ «грибы и перец»", "ru", "special mp"),
        ("срыв заказа", "ru", "cancel"),
        ("«Срыв заказа»", "ru", "cancel"),
        ("2/8 mt", "ru", "2/8 mt"),
        ("tomato 1/4", "ru", "tomato 1/4"),
        ("домати 3/4", "bg", "tomato 3/4"),
        ("  Домати  3 / 4", "bg", "tomato 3/4"),
        ("чушки 1/2", "bg", "pepper 1/2"),
        ("поръчка „гъби 6/8“", "bg", "mushroom 6/8"),
        ("2/8 гъби+домати", "bg", "2/8 mt"),
        ("2/8 гъби и домати", "bg", "2/8 mt"),
        ("пица 2/8 (гъби+домати)", "bg", "2/8 mt"),
        ("специална поръчка гъби+чушки", "bg", "special mp"),
        ("отменена поръчка", "bg", "cancel"),
        ("special pt", "bg", "special pt"),
        ("tomato 3/4", "en", "tomato 3/4"),
        ("3/8 mushroom and tomato", "en", "3/8 mt"),
        ("pizza 3/8, mushroom+tomato", "en", "3/8 mt"),
        ("order cancelled", "en", "cancel"),
    ],
)
def test_short_forms(text: str, language: str, name: str) -> None:
    assert parse_card_words(text, language) is parse_card(name)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "text",
    [
        "banana",
        "",
        "   ",
        "томаты 9/4",
        "domatoes 3/4",
        "2/4 грибы+томаты",
        "9/8 грибы и томаты",
        "грибы перец томаты 1/8",
        "грибы+грибы 2/8",
        "томаты",
        "3/4",
        "томаты 1/4 грибы 1/2",
        "спецзаказ 3/8 грибы",
        "спецзаказ грибы",
        "срыв заказа 3/8",
        "томаты банан 1/4",
        "x" * 500,
        "1/8 gt",
    ],
)
def test_garbage_is_a_value_error_in_the_language(language: str, text: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_card_words(text, language)
    message = str(info.value)
    assert message
    left, right = QUOTES[language]
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:39] + "…"
    # the pupil's text is shown back, in the language's quotation marks
    if len(text) <= 80:
        assert f"{left}{shown}{right}" in message, message
    if language != "en":
        # apart from the pupil's own words (shown back whole, or the one not understood),
        # no English is left in the message
        rest = message.replace(shown, "")
        for word in sorted(set(text.lower().split()), key=len, reverse=True):
            rest = rest.replace(f"{left}{word}{right}", "")
        assert not LATIN.search(rest), message
        assert CYRILLIC.search(rest)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("value", [None, 3, ["tomato 1/4"], b"tomato 1/4"])
def test_not_text(language: str, value: Any) -> None:
    with pytest.raises(ValueError) as info:
        parse_card_words(value, language)
    if language != "en":
        assert not LATIN.search(str(info.value).replace(repr(value), "")), str(info.value)


def test_messages_say_how_to_write_a_card_in_the_language() -> None:
    for language, example in (("en", "tomato 1/4"), ("ru", "томаты 1/4"), ("bg", "домати 1/4")):
        with pytest.raises(ValueError, match=re.escape(example)):
            parse_card_words("banana", language)
        # and the example the message gives is itself read
        assert parse_card_words(example, language) is parse_card("tomato 1/4")
    with pytest.raises(ValueError, match="not a Delissimo card"):
        parse_card_words("banana", "en")
    with pytest.raises(ValueError, match="непонятное слово «банан»"):
        parse_card_words("томаты банан 1/4", "ru")
    with pytest.raises(ValueError, match="1/8 до 8/8"):
        parse_card_words("2/4 грибы+томаты", "ru")


def test_default_language_is_the_packages() -> None:
    from teachgames.core.i18n import get_language, set_language

    before = get_language()
    try:
        set_language("bg")
        with pytest.raises(ValueError, match="„banana“"):
            parse_card_words("banana")
        assert parse_card_words("домати 1/4") is parse_card("tomato 1/4")
    finally:
        set_language(before)
    with pytest.raises(ValueError, match="unknown language"):
        parse_card_words("tomato 1/4", "de")


def test_connector_words_come_from_the_catalogue() -> None:
    assert set(connector_words("ru")) == {"и", "and"}
    assert set(connector_words("en")) == {"and"}


def test_no_translation_is_written_twice() -> None:
    """The module's code holds no Russian or Bulgarian word: every word comes from the
    catalogue (docstrings may show examples; "ё" is only folded into "е")."""
    path = Path(__file__).resolve().parents[2] / "teachgames" / "delissimo" / "notation.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and CYRILLIC.search(node.value.replace("ё", "").replace("е", ""))
    ]
    assert found == []
