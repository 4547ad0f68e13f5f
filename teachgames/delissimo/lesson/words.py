"""The Delissimo lesson's words: its own messages (``lesson.*`` keys in
``teachgames/delissimo/locales``) over the shared lesson words (``teachgames/lesson``), and
cards, toppings and slices named the way each language prints them."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.i18n import LANGUAGES, messages, resolve_language, tr
from ...lesson.words import msg_all as _msg_all
from ...lesson.words import quote, sentence
from ..cards import Card, parse_card
from ..messages import say
from ..moves import card_words

__all__ = [
    "card_text",
    "card_value",
    "example_card",
    "lower_first",
    "msg",
    "msg_all",
    "quote",
    "sentence",
    "slices_text",
]


def msg(key: str, language: str | None, **values: Any) -> str:
    """The lesson message ``key``: Delissimo's own (``delissimo.lesson.<key>``), else the
    shared lesson words (``lesson.<key>``)."""
    if f"lesson.{key}" in messages("delissimo", "en"):
        return tr(f"delissimo.lesson.{key}", language, **values)
    return tr(f"lesson.{key}", language, **values)


def msg_all(key: str, values: dict[str, str] | None = None) -> dict[str, str]:
    """Delissimo's lesson message ``key`` in every language ({} if there is none)."""
    return _msg_all(f"delissimo.lesson.{key}", values)


def card_text(card: Card, language: str | None) -> str:
    """A card named for the pupil in the catalogue's words (``card_words``): "tomato 1/4",
    "6/8 pepper+tomato" (never the notation's "6/8 pt", which no pupil reads as words),
    «томаты 1/4», „пица 6/8 (чушки+домати)“."""
    return card_words(card, resolve_language(language))


def topping_text(name: str, language: str | None) -> str:
    return say(f"topping.{name}", language)


def slices_text(n: int, language: str | None) -> str:
    """ "3 slices", "1 кусок", "5 парчета": a number of slices in words."""
    return tr("lesson.slices", language, n=n)


def example_card(name: str, language: str | None) -> str:
    """A card as a pupil types it in ``language`` (for "e.g." in a message): the notation
    in English, else the catalogue's topping words ("томаты 1/4", "2/8 грибы+томаты")."""
    card = parse_card(name)
    lang = resolve_language(language)
    if lang == "en" or card.kind not in ("order", "pizza"):
        return card.name
    if card.kind == "order":
        return f"{topping_text(card.topping_names[0], lang)} {card.printed}"
    return f"{card.printed} {'+'.join(topping_text(t, lang) for t in card.topping_names)}"


@cache
def _keep_capital() -> tuple[str, ...]:
    """Names that keep their capital after a colon: the catalogue's word for a player
    (``delissimo.player`` without its number) in each language."""
    return tuple(tr("delissimo.player", language, n="").strip() for language in LANGUAGES)


def lower_first(words: str) -> str:
    """A sentence to go after a colon: small first letter, except for names."""
    if words.startswith(_keep_capital()) or words[:2] == words[:2].upper():
        return words
    return words[:1].lower() + words[1:]


def card_value(text: str, language: str) -> str:
    """A question's value in the pupil's words: each card in a list ("tomato 3/4, pepper 3/4")
    as the pupil types it in ``language`` ("томаты 3/4"; an action card by its name in
    words); anything that is not a card stays as it is."""
    if resolve_language(language) == "en":
        return text
    out = []
    for item in text.split(", "):
        try:
            card = parse_card(item)
        except ValueError:
            out.append(item)
            continue
        out.append(
            example_card(item, language) if card.kind in ("order", "pizza") else card_words(card, language)
        )
    return ", ".join(out)
