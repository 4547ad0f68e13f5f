"""Ligretto cards: a number 1–10 in one of four colours, and the player whose set it is.

Inside the engine a card is one small int, ``owner * 40 + colour * 10 + (number - 1)``,
so positions copy fast (a 12-player round moves hundreds of cards). Outside, a card is
written ``"<colour> <n>"`` ("red 3"); its owner is the back of the card and is kept
apart (in a move the card is always the mover's own, so the name alone finds it).
"""

from __future__ import annotations

from functools import cache

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
NUMBERS: tuple[int, ...] = tuple(range(1, 11))
#: Cards in one player's set (10 numbers in 4 colours).
SET_SIZE = len(COLOURS) * len(NUMBERS)
TOP = NUMBERS[-1]
#: Every face's notation, by face: ``NAMES[2] == "red 3"`` (no formatting per move).
NAMES: tuple[str, ...] = tuple(f"{c} {n}" for c in COLOURS for n in NUMBERS)
#: The notation back to the face: the moves the engine makes are read by one lookup.
_FACES: dict[str, int] = {name: f for f, name in enumerate(NAMES)}


def owner_of(card: int) -> int:
    return card // SET_SIZE


def colour_of(card: int) -> int:
    return (card % SET_SIZE) // 10


def number_of(card: int) -> int:
    return card % 10 + 1


def face(card: int) -> int:
    """The card without its owner: ``colour * 10 + number - 1`` (0–39)."""
    return card % SET_SIZE


def card_name(card: int) -> str:
    """The notation of a card: "red 3"."""
    return NAMES[card % SET_SIZE]


def colour_index(word: str) -> int | None:
    """The colour a word names: the notation ("red") or the pupil's word in any language
    of the catalogue ("красная", "червена"; ё may be written е)."""
    word = word.lower().replace("ё", "е")
    if word in COLOURS:
        return COLOURS.index(word)
    return _colour_words().get(word)


@cache
def _colour_words() -> dict[str, int]:
    from ..core.i18n import LANGUAGES, messages

    out: dict[str, int] = {}
    for language in LANGUAGES:
        table = messages("ligretto", language)
        for i, colour in enumerate(COLOURS):
            word = table.get(f"colour.{colour}")
            if word:
                out[word.lower().replace("ё", "е")] = i
    return out


def is_card_name(text: object) -> bool:
    """Is ``text`` a card exactly as the notation writes it ("red 3")?"""
    return type(text) is str and text in _FACES


def parse_face(text: object) -> int:
    """Read "red 3" (any case, spaces around; the colour may be the pupil's word, "красная
    3") into a face 0–39; anything else is a ValueError."""
    if type(text) is str:
        f = _FACES.get(text)
        if f is not None:  # the notation itself, as every engine move writes it
            return f
    if not isinstance(text, str):
        raise ValueError(f"a card is text such as 'red 3', not {text!r}")
    parts = text.strip().split()
    colour = colour_index(parts[0]) if len(parts) == 2 else None
    if colour is None or not parts[1].isdigit():
        raise ValueError(f"{text!r} is not a Ligretto card; write a colour and a number, such as 'red 3'")
    number = int(parts[1])
    if number not in NUMBERS:
        raise ValueError(f"{text!r}: Ligretto numbers go from 1 to 10")
    return colour * 10 + number - 1


def full_set(owner: int) -> list[int]:
    """The 40 cards of one player's set, in a fixed order."""
    return [owner * SET_SIZE + f for f in range(SET_SIZE)]
