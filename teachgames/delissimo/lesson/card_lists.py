"""Reading the cards a pupil names: a list, or one string ("a, b and c") in the pupil's
words, and matching them to the cards a question offers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...lesson.numbers import MAX_ANSWER
from ..cards import Card, parse_card
from ..notation import connector_words, parse_card_words
from .words import card_text, example_card, msg, quote, sentence

#: Longest run of pieces joined back into one card ("2/8 грибы и томаты" is three).
_MAX_CARD_PIECES = 4


def _soft_split(language: str | None) -> re.Pattern[str]:
    """What may separate two cards but also join two toppings inside a pizza's name:
    "+", "&" and the catalogue's "and" ("и")."""
    words = "|".join(re.escape(w) for w in connector_words(language))
    return re.compile(rf"(\s*(?:[+&]|\b(?:{words})\b)\s*)")


def _reads_as_card(text: str, language: str | None) -> bool:
    try:
        parse_card_words(text, language)
    except ValueError:
        return False
    return True


def _split_cards(chunk: str, language: str | None) -> list[str]:
    """One chunk between commas as card texts: the longest run of pieces that reads as
    one card is kept together ("2/8 грибы и томаты"), else each piece stands alone
    (a bare amount such as "3/8" is matched later)."""
    parts = _soft_split(language).split(chunk)
    pieces, seps = parts[0::2], parts[1::2]
    out: list[str] = []
    i = 0
    while i < len(pieces):
        if not pieces[i].strip():
            i += 1
            continue
        for j in range(min(len(pieces), i + _MAX_CARD_PIECES), i, -1):
            text = pieces[i] + "".join(seps[k] + pieces[k + 1] for k in range(i, j - 1))
            if j == i + 1 or _reads_as_card(text, language):
                out.append(text.strip())
                i = j
                break
    return out


def card_list(value: object, language: str | None) -> list[str] | str:
    """A list of card texts from a list or one string ("a, b and c"); or a message."""
    if isinstance(value, str):
        if len(value) > 4 * MAX_ANSWER:
            return msg("too_long", language)
        items: list[str] = []
        for chunk in re.split(r"[,;]", value.strip()):
            items += _split_cards(chunk, language)
        return items
    if isinstance(value, (list, tuple)):
        if len(value) > 20 or not all(isinstance(v, str) for v in value):
            return _bad_list(language)
        return [v for v in value if v.strip()]
    return _bad_list(language)


def _bad_list(language: str | None) -> str:
    first, second = example_card("2/8 mt", language), example_card("3/8 pt", language)
    return msg("bad_list", language, first=first, second=second)


def parse_cards(items: Sequence[str], language: str | None) -> list[Card] | str:
    cards = []
    for item in items:
        try:
            cards.append(parse_card_words(item, language))
        except ValueError as exc:
            return msg("bad_card", language, error=str(exc))
    return cards


def resolve_choices(answer: object, choices: Sequence[str], language: str | None) -> set[str] | str:
    """The choices the pupil named: by full name ("tomato 3/4"), or by the amount alone
    ("3/8") when just one choice shows it. A message if something cannot be matched."""
    items = card_list(answer, language)
    if isinstance(items, str):
        return items
    if not items:
        return msg("no_answer", language)
    cards = {c: parse_card(c) for c in choices}
    out: set[str] = set()
    for item in items:
        try:
            card: Card | None = parse_card_words(item, language)
        except ValueError:
            card = None
        if card is not None:
            named = [c for c, face in cards.items() if face == card]
            if not named:
                return sentence(msg("card_not_choice", language, card=card_text(card, language)))
            out.add(named[0])
            continue
        key = re.sub(r"\s*/\s*", "/", " ".join(item.lower().split()))
        by_amount = [c for c, face in cards.items() if face.printed == key]
        if len(by_amount) == 1:
            out.add(by_amount[0])
            continue
        shown = ", ".join(card_text(face, language) for face in cards.values())
        return msg("card_unknown", language, text=quote(item, language), choices=shown)
    return out
