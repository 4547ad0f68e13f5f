"""The lesson's words: every message from the catalogue (``lesson.*`` keys in
``teachgames/delissimo/locales``), and cards, toppings and pupil text named the way each
language prints them."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core.i18n import LANGUAGES, messages, resolve_language, tr
from ..cards import Card, parse_card
from ..messages import say
from ..moves import card_words


def msg(key: str, language: str | None, **values: Any) -> str:
    """The lesson message ``key`` (``delissimo.lesson.<key>``) in ``language``."""
    return tr(f"delissimo.lesson.{key}", language, **values)


def card_text(card: Card, language: str | None) -> str:
    """A card named for the pupil: the notation in English (what the English lessons
    teach), the catalogue's words in Russian and Bulgarian (``card_words``)."""
    lang = resolve_language(language)
    return card.name if lang == "en" else card_words(card, lang)


def topping_text(name: str, language: str | None) -> str:
    return say(f"topping.{name}", language)


def example_card(name: str, language: str | None) -> str:
    """A card as a pupil types it in ``language`` (for "e.g." in a message): the notation
    in English, else the catalogue's topping words ("помидоры 1/4", "2/8 грибы+помидоры")."""
    card = parse_card(name)
    lang = resolve_language(language)
    if lang == "en" or card.kind not in ("order", "pizza"):
        return card.name
    if card.kind == "order":
        return f"{topping_text(card.topping_names[0], lang)} {card.printed}"
    return f"{card.printed} {'+'.join(topping_text(t, lang) for t in card.topping_names)}"


def msg_all(key: str, values: Mapping[str, str] | None = None) -> dict[str, str]:
    """The lesson message ``key`` in every language ({language: text}), or {} when the
    catalogue has no such message (a question without a note, say)."""
    if f"lesson.{key}" not in messages("delissimo", "en"):
        return {}
    return {language: msg(key, language, **(values or {})) for language in LANGUAGES}


#: Quotation marks around pupil text, as each language prints them.
_QUOTES = {"en": ("“", "”"), "ru": ("«", "»"), "bg": ("„", "“")}


def quote(text: str, language: str | None = None, limit: int = 40) -> str:
    """Pupil text shown back in a message: quoted and shortened (escaped later, in HTML)."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    left, right = _QUOTES.get(resolve_language(language), _QUOTES["en"])
    return f"{left}{short}{right}"


def sentence(text: str) -> str:
    """Words that start a sentence, with a capital ("заказ «грибы 6/8» …" → "Заказ …")."""
    return text[:1].upper() + text[1:]


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
