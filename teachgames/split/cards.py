"""Split's half-cards: notation, attributes and the three kinds of match.

A half-card is written ``"<rank><suit>"`` (``"7h"``, ``"10s"``, ``"Qd"``): ranks
``A 2 … 10 J Q K``, suits ``s h d c`` (spades, hearts, diamonds, clubs). The deck is a
52-card deck with every card cut in two, so each name occurs twice and the two halves
of one card are equal strings. Inside the engine a half-card is an int 0..51
(``rank * 4 + suit``); names are used at every edge (moves, views, saved games).
"""

from __future__ import annotations

from ..core.errors import IllegalMove

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("s", "h", "d", "c")
#: The colour of each suit (hearts and diamonds are red, spades and clubs black).
SUIT_COLOUR: dict[str, str] = {"s": "black", "h": "red", "d": "red", "c": "black"}
SUIT_SYMBOL: dict[str, str] = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
#: Match kinds from strongest to weakest.
MATCH_TYPES: tuple[str, ...] = ("perfect", "strong", "weak")
STRENGTH: dict[str, int] = {"perfect": 3, "strong": 2, "weak": 1}

NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_IDS: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
#: Every half-card of the box: each of the 52 names twice (104).
HALVES_PER_CARD = 2


def _kind(a: int, b: int) -> str | None:
    if a // 4 != b // 4:
        return None
    if a == b:
        return "perfect"
    return "strong" if SUIT_COLOUR[SUITS[a % 4]] == SUIT_COLOUR[SUITS[b % 4]] else "weak"


def _kind_row(a: int) -> tuple[str | None, ...]:
    """Row ``a`` of KIND: None but for the four half-cards of ``a``'s rank (made a rank at
    a time, as the table is built whenever a game loads)."""
    row: list[str | None] = [None] * len(NAMES)
    first = a & ~3
    for b in range(first, first + 4):
        row[b] = _kind(a, b)
    return tuple(row)


#: ``KIND[a][b]``: the match half-cards ``a`` and ``b`` make (None: two ranks). A table, so
#: that generating legal moves (thousands of times a second in simulations) looks a kind up
#: instead of working it out.
KIND: tuple[tuple[str | None, ...], ...] = tuple(_kind_row(a) for a in range(len(NAMES)))


def parse_half(text: str) -> int:
    """The id of a half-card name; bad text raises a ValueError that says the notation."""
    if isinstance(text, str):
        exact = _IDS.get(text)
        if exact is not None:  # the usual case: a name the engine wrote itself
            return exact
        key = text.strip()
        if key[:1].islower() and key[:1] in "ajqk":
            key = key[:1].upper() + key[1:]
        found = _IDS.get(key[:-1] + key[-1:].lower()) if key else None
        if found is not None:
            return found
    raise ValueError(
        f"{text!r} is not a half-card: write rank then suit, e.g. 7h, 10s, Qd "
        f"(ranks {' '.join(RANKS)}; suits s h d c)"
    )


def card_label(card: str) -> str:
    """A half-card in the notation's letters: rank and suit symbol ("7♥", "J♣")."""
    return card[:-1] + SUIT_SYMBOL.get(card[-1:], card[-1:])


def face(card: str, language: str | None = None) -> tuple[str, str]:
    """The rank and the suit's letter printed on half-card ``card`` in the pupil's alphabet:
    ("В", "т") for J♣ in Russian, ("П", "ка") for K♦ in Bulgarian; numbers stay numbers."""
    from ..core.i18n import tr

    rank, suit = card[:-1], card[-1:]
    shown = tr(f"split.face.rank.{rank}", language) if rank in ("A", "J", "Q", "K") else rank
    return shown, tr(f"split.face.suit.{suit}", language)


def card_words(card: str, language: str | None = None) -> str:
    """A half-card as a pupil reads it, in the pupil's alphabet: rank and suit symbol
    ("7♥"; J♣ is "В♣" in Russian); the notation ``card`` stays the same in every language."""
    return face(card, language)[0] + SUIT_SYMBOL.get(card[-1:], card[-1:])


def name(card: int) -> str:
    return NAMES[card]


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> str:
    return SUITS[card % 4]


def colour_of(card: int) -> str:
    return SUIT_COLOUR[SUITS[card % 4]]


def kind_of(a: int, b: int) -> str | None:
    """The match two half-cards make, or None when their ranks differ."""
    return KIND[a][b]


def match_type(a: str, b: str) -> str:
    """``"perfect"`` (same suit), ``"strong"`` (same colour) or ``"weak"`` (different colour)
    for two half-cards of one rank; two ranks raise IllegalMove with the reason."""
    x, y = parse_half(a), parse_half(b)
    kind = kind_of(x, y)
    if kind is None:
        from ..core.i18n import tr

        def words(language: str | None) -> str:
            a, b = card_words(NAMES[x], language), card_words(NAMES[y], language)
            return tr("split.refuse.ranks_differ", language, a=a, b=b)

        raise IllegalMove(words(None), "ranks-differ", translate=words)
    return kind


def full_deck() -> list[int]:
    """The 104 half-cards in box order (each of the 52 ids twice)."""
    return [c for c in range(len(NAMES)) for _ in range(HALVES_PER_CARD)]
