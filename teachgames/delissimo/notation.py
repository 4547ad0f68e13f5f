"""Cards as pupils write them, in English, Russian or Bulgarian.

    parse_card_words("томаты 3/4", "ru")              # Card('tomato 3/4')
    parse_card_words("2/8 грибы и томаты", "ru")      # Card('2/8 mt')
    parse_card_words("пица 2/8 (гъби+домати)", "bg")  # Card('2/8 mt')
    parse_card_words("special mt", "ru")              # the notation is read in every language

Besides the English notation of :func:`~teachgames.delissimo.cards.parse_card`, a card may
be written as :func:`~teachgames.delissimo.messages.card_words` writes it in a language, or in
the short forms a pupil types: a topping and an amount for an order ("томаты 3/4"), an
amount and two toppings for a pizza ("2/8 грибы+томаты", "2/8 грибы и томаты"), in any
order, with any capitals, quotes, brackets and spaces; ``notation.also.<topping>`` lists
other words a pupil may write for a topping (Russian «помидоры» for the catalogue's «томаты»).

Every word is taken from the message catalogue (``topping.*``, ``card.*``, ``draw.alt.*``
in ``locales/<language>.json``), never written here a second time: a new translation of a
topping is read as soon as the catalogue has it. Words of the asked language come first,
then English, then the other languages. A text that is not a card is a ValueError that
says, in the asked language, what is wrong and how to write the card.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache

from ..core.i18n import FALLBACK, LANGUAGES, messages, resolve_language
from .cards import (
    CANCEL_ID,
    CARDS,
    ORDER_FORMS,
    PAIR_MASKS,
    PAIRS,
    SLICES_PER_PIZZA,
    TOPPING_NAMES,
    Card,
    order_id,
    parse_card,
    pizza_id,
    special_id,
)
from .messages import card_words, say, toppings_words

__all__ = ["connector_words", "parse_card_words"]

#: Longest card text read (a card name is a few words).
MAX_CARD_TEXT = 80

#: Characters that only separate words in a card's name: spaces, punctuation, quotes, brackets.
_NOISE = re.compile(r"[\s,;:.!?()\[\]{}«»„“”‚‘’\"'`+&*–—-]+")
_FRACTION = re.compile(r"^(\d{1,6})/(\d{1,6})$|^(\d{1,6})$")
_QUOTES = "«»„“”‚‘’\"'"

# Word classes.
_TOPPING, _FILLER, _SPECIAL, _CANCEL, _CONNECTOR = "topping", "filler", "special", "cancel", "connector"

#: Catalogue templates whose words name a kind of card; their placeholders are left out.
_FILLER_KEYS = ("card.pizza", "card.order", "draw.alt.pizza", "draw.alt.order")
_SPECIAL_KEYS = ("card.special", "draw.alt.special")
_CANCEL_KEYS = ("card.cancel", "draw.alt.cancel")
_CONNECTOR_KEYS = ("draw.alt.toppings",)


def _normal(text: str) -> str:
    return text.lower().replace("ё", "е")


def _words(text: str) -> list[str]:
    """The words of a text: lower case, punctuation dropped, "3 / 4" kept as one word."""
    text = re.sub(r"\s*[/⁄]\s*", "/", _normal(text))
    return [w for w in _NOISE.split(text) if w]


def _template(key: str, language: str) -> str:
    return messages("delissimo", language).get(key) or messages("delissimo", FALLBACK)[key]


def _template_words(key: str, language: str) -> set[str]:
    literal = "".join(part for part, _, _, _ in string.Formatter().parse(_template(key, language)))
    return set(_words(literal))


@dataclass(frozen=True)
class _Word:
    kind: str
    #: Topping bits for a topping word or an English pair code ("mt").
    mask: int = 0


@cache
def _vocabulary(language: str) -> dict[str, _Word]:
    """Every word a card's name may hold, in the asked language first, then English, then
    the others (an earlier language wins a word two languages share)."""
    order = [language, FALLBACK, *(lang for lang in LANGUAGES if lang not in (language, FALLBACK))]
    out: dict[str, _Word] = {}
    # The English notation ("3/8 mt", "special mt", "cancel") is read in every language.
    for pair, mask in zip(PAIRS, PAIR_MASKS, strict=True):
        out[pair] = _Word(_TOPPING, mask)
    for i, name in enumerate(TOPPING_NAMES):
        out[name] = _Word(_TOPPING, 1 << i)
    out["special"] = _Word(_SPECIAL)
    out["cancel"] = _Word(_CANCEL)
    for lang in order:
        for i, name in enumerate(TOPPING_NAMES):
            # the catalogue's word, then other words a pupil may write (ru «помидоры» for «томаты»)
            also = messages("delissimo", lang).get(f"notation.also.{name}", "")
            for word in _words(f"{say(f'topping.{name}', lang)} {also}"):
                out.setdefault(word, _Word(_TOPPING, 1 << i))
        fillers = set().union(*(_template_words(k, lang) for k in _FILLER_KEYS))
        specials = set().union(*(_template_words(k, lang) for k in _SPECIAL_KEYS)) - fillers
        cancels = set().union(*(_template_words(k, lang) for k in _CANCEL_KEYS)) - fillers - specials
        connectors = set().union(*(_template_words(k, lang) for k in _CONNECTOR_KEYS))
        for words, kind in (
            (connectors, _CONNECTOR),
            (specials, _SPECIAL),
            (cancels, _CANCEL),
            (fillers, _FILLER),
        ):
            for word in sorted(words):
                out.setdefault(word, _Word(kind))
    return out


def connector_words(language: str | None = None) -> tuple[str, ...]:
    """The words that join two toppings in a card's name ("and", "и"), in ``language``
    and English: a list of cards may not be split at these inside a pizza's name."""
    lang = resolve_language(language)
    found: set[str] = set()
    for each in (lang, FALLBACK):
        found |= _template_words("draw.alt.toppings", each)
    return tuple(sorted(found))


# --------------------------------------------------------------------------------------
# Examples and messages, in the asked language


def _short(card: Card, language: str) -> str:
    """How a pupil writes ``card`` in ``language``: the notation in English, else the
    catalogue's words without the quotes ("томаты 1/4", "3/8 грибы+томаты")."""
    if language == FALLBACK:
        return card.name
    if card.kind == "order":
        return f"{say(f'topping.{card.topping_names[0]}', language)} {card.printed}"
    if card.kind == "pizza":
        return f"{card.printed} {toppings_words(card, language)}"
    words = card_words(card, language)
    return " ".join(words.translate({ord(q): " " for q in _QUOTES}).split())


def _examples(language: str) -> dict[str, str]:
    return {
        "pizza": _short(parse_card("3/8 mt"), language),
        "order": _short(parse_card("tomato 1/4"), language),
        "special": _short(parse_card("special mt"), language),
        "cancel": _short(parse_card("cancel"), language),
    }


def _error(key: str, language: str, text: str, **values: str) -> ValueError:
    shown = text.strip()
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    return ValueError(say(f"notation.{key}", language, text=shown, **{**_examples(language), **values}))


# --------------------------------------------------------------------------------------
# Reading


def parse_card_words(text: object, language: str | None = None) -> Card:
    """Read one card written in the notation or in the words of ``language`` (default: the
    package's). Raises ValueError with a message in ``language`` when the text is not a card."""
    lang = resolve_language(language)
    if not isinstance(text, str):
        got = repr(text)
        raise _error("not_text", lang, got if len(got) <= 40 else got[:39] + "…")
    if len(text) > MAX_CARD_TEXT:
        raise _error("too_long", lang, text)
    try:
        return parse_card(text)
    except ValueError:
        pass
    words = _words(text)
    if not words:
        raise _error("not_a_card", lang, text)
    amounts, masks, kinds = _read_words(words, text, lang)
    mask = 0
    for part in masks:
        if mask & part:
            raise _error("toppings", lang, text)
        mask |= part
    return _card_of(amounts, mask, bool(masks), kinds, text, lang)


def _read_words(
    words: list[str], text: str, lang: str
) -> tuple[list[tuple[int, int]], list[int], set[str]]:
    """The amounts ("3/8", "2"), topping masks and other kinds of word (special, cancel,
    connectors) in ``words``; an unknown word is an error naming it."""
    vocabulary = _vocabulary(lang)
    amounts: list[tuple[int, int]] = []
    masks: list[int] = []
    kinds: set[str] = set()
    unknown: list[str] = []
    for word in words:
        m = _FRACTION.match(word)
        if m is not None:
            if m.group(3) is not None:
                amounts.append((int(m.group(3)), 1))
            else:
                amounts.append((int(m.group(1)), int(m.group(2))))
            continue
        known = vocabulary.get(word)
        if known is None:
            unknown.append(word)
        elif known.kind == _TOPPING:
            masks.append(known.mask)
        else:
            kinds.add(known.kind)
    if unknown:
        if not amounts and not masks and not kinds - {_CONNECTOR}:
            raise _error("not_a_card", lang, text)
        raise _error("unknown_word", lang, text, word=unknown[0][:20])
    return amounts, masks, kinds


def _card_of(amounts: list[tuple[int, int]], mask: int, any_topping: bool, kinds: set[str], text: str,
             lang: str) -> Card:  # fmt: skip
    """The card the words name: a cancel, a special order, an order or a pizza."""
    toppings = bin(mask).count("1")
    if _CANCEL in kinds:
        if amounts or any_topping or _SPECIAL in kinds:
            raise _error("not_a_card", lang, text)
        return CARDS[CANCEL_ID]
    if _SPECIAL in kinds:
        if amounts or mask not in PAIR_MASKS:
            raise _error("special", lang, text)
        return CARDS[special_id(PAIRS[PAIR_MASKS.index(mask)])]
    if len(amounts) != 1:
        raise _error("amount", lang, text)
    (numerator, denominator) = amounts[0]
    if toppings == 1:
        if (numerator, denominator) not in ORDER_FORMS:
            forms = ", ".join(str(n) if d == 1 else f"{n}/{d}" for n, d in ORDER_FORMS)
            raise _error("order_fraction", lang, text, forms=forms)
        return CARDS[order_id(TOPPING_NAMES[mask.bit_length() - 1], numerator, denominator)]
    if toppings == 2:
        if denominator != SLICES_PER_PIZZA or not 1 <= numerator <= SLICES_PER_PIZZA:
            raise _error("pizza_fraction", lang, text)
        return CARDS[pizza_id(numerator, PAIRS[PAIR_MASKS.index(mask)])]
    raise _error("toppings", lang, text)
