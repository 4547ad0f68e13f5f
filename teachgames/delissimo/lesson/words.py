"""The Delissimo lesson's words: cards, toppings and slices named the way each language
prints them (the lesson's sentences are catalogue messages and text sections)."""

from __future__ import annotations

from ...core.i18n import resolve_language, tr
from ..cards import Card
from ..messages import say
from ..moves import card_words

__all__ = ["card_text", "slices_text", "topping_text"]


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
