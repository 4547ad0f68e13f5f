"""Delissimo cards: one interned table, read and written in the contract's notation.

Every distinct card has a small integer ``id``; the engine keeps hands and piles as
lists of ids and looks values up in flat tables (``EIGHTHS``, ``TOPPINGS``), which
is what makes thousands of playouts a second possible. The ``Card`` objects are the
readable face of those ids: ``str(card)`` gives the notation of docs/delissimo.md and
``parse_card`` reads it back.

Notation: pizza ``"3/8 mt"``; order ``"tomato 1/4"`` (the fraction as printed, so
``"mushroom 2/8"`` stays 2/8); ``"special mt"``; ``"cancel"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # sympy is only needed when a value is shown
    from collections import Counter
    from collections.abc import Sequence

    from sympy import Rational

#: Topping names, in the order of their bits (mushroom 1, pepper 2, tomato 4).
TOPPING_NAMES: tuple[str, ...] = ("mushroom", "pepper", "tomato")
TOPPING_LETTERS: tuple[str, ...] = ("m", "p", "t")
#: The three pizza kinds, each a pair of toppings.
PAIRS: tuple[str, ...] = ("mp", "mt", "pt")
PAIR_MASKS: tuple[int, ...] = (0b011, 0b101, 0b110)

#: Printed fractions an order card may show: every k/d with d in 1, 2, 4, 8 and value at
#: most one pizza. (The deck table chooses which of these are in the box.)
ORDER_FORMS: tuple[tuple[int, int], ...] = tuple((n, d) for d in (1, 2, 4, 8) for n in range(1, d + 1))
SLICES_PER_PIZZA = 8

PIZZA_BASE = 0
ORDER_BASE = PIZZA_BASE + len(PAIRS) * SLICES_PER_PIZZA  # 24
SPECIAL_BASE = ORDER_BASE + len(TOPPING_NAMES) * len(ORDER_FORMS)  # 69
CANCEL_ID = SPECIAL_BASE + len(PAIRS)  # 72
N_CARD_IDS = CANCEL_ID + 1


@dataclass(frozen=True, slots=True)
class Card:
    """One card face. Compare and hash by ``id``; build with ``parse_card`` or ``CARDS``."""

    id: int
    kind: str  # "pizza", "order", "special" or "cancel"
    #: Pizza slices or an order's value, in eighths of a pizza (0 for action cards).
    eighths: int
    #: Topping bits: a pizza's pair, an order's single topping, a special order's pair.
    toppings: int
    #: The fraction as printed on the card (pizza k/8; order as printed; 0/1 for actions).
    numerator: int
    denominator: int
    name: str

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    def _repr_svg_(self) -> str | None:
        """The card's picture in a notebook, drawn by the drawing layer (:data:`PAINTER`)."""
        from ..core.specs import resolve

        svg: str = resolve(PAINTER)(self)
        return svg

    @property
    def is_pizza(self) -> bool:
        return self.kind == "pizza"

    @property
    def is_order(self) -> bool:
        return self.kind == "order"

    @property
    def is_action(self) -> bool:
        return self.kind in ("special", "cancel")

    @property
    def printed(self) -> str:
        """The fraction as printed ("2/8", "1"), or "" for action cards."""
        if self.kind in ("special", "cancel"):
            return ""
        if self.denominator == 1:
            return str(self.numerator)
        return f"{self.numerator}/{self.denominator}"

    @property
    def display_key(self) -> tuple[int, int, int, int]:
        """How cards are ordered for reading: pizzas, orders, actions; small to large;
        an equal amount with the smaller denominator first (1/4 before 2/8)."""
        return DISPLAY_KEYS[self.id]

    @property
    def value(self) -> Rational:
        """The exact amount of pizza, as a sympy Rational (2/8 is 1/4)."""
        from sympy import Rational

        return Rational(self.eighths, SLICES_PER_PIZZA)

    @property
    def topping_names(self) -> tuple[str, ...]:
        return tuple(n for i, n in enumerate(TOPPING_NAMES) if self.toppings >> i & 1)

    @property
    def pair(self) -> str | None:
        """The topping pair of a pizza or special order ("mt"), else None."""
        if self.kind in ("pizza", "special"):
            return "".join(TOPPING_LETTERS[i] for i in range(3) if self.toppings >> i & 1)
        return None


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for p, pair in enumerate(PAIRS):
        for k in range(1, SLICES_PER_PIZZA + 1):
            cards.append(Card(len(cards), "pizza", k, PAIR_MASKS[p], k, 8, f"{k}/8 {pair}"))
    for t, topping in enumerate(TOPPING_NAMES):
        for n, d in ORDER_FORMS:
            printed = str(n) if d == 1 else f"{n}/{d}"
            eighths = n * (SLICES_PER_PIZZA // d)
            cards.append(Card(len(cards), "order", eighths, 1 << t, n, d, f"{topping} {printed}"))
    for p, pair in enumerate(PAIRS):
        cards.append(Card(len(cards), "special", 0, PAIR_MASKS[p], 0, 1, f"special {pair}"))
    cards.append(Card(len(cards), "cancel", 0, 0, 0, 1, "cancel"))
    assert len(cards) == N_CARD_IDS
    return tuple(cards)


#: Every card face, indexed by id.
CARDS: tuple[Card, ...] = _build()
#: ``Card.display_key`` of every card, by id (moves sort their cards by it on the hot path).
DISPLAY_KEYS: tuple[tuple[int, int, int, int], ...] = tuple(
    ({"pizza": 0, "order": 1, "special": 2, "cancel": 3}[c.kind], c.eighths, c.denominator, c.toppings)
    for c in CARDS
)
#: Flat look-up tables for the engine's hot path.
EIGHTHS: tuple[int, ...] = tuple(c.eighths for c in CARDS)
TOPPINGS: tuple[int, ...] = tuple(c.toppings for c in CARDS)
KINDS: tuple[str, ...] = tuple(c.kind for c in CARDS)
IS_PIZZA: tuple[bool, ...] = tuple(c.kind == "pizza" for c in CARDS)
IS_ORDER: tuple[bool, ...] = tuple(c.kind == "order" for c in CARDS)
IS_SPECIAL: tuple[bool, ...] = tuple(c.kind == "special" for c in CARDS)
#: What a card left in hand costs at 10+: an order its value, an action card a whole pizza.
PENALTY_EIGHTHS: tuple[int, ...] = tuple(
    c.eighths if c.kind == "order" else (SLICES_PER_PIZZA if c.is_action else 0) for c in CARDS
)
_BY_NAME: dict[str, Card] = {c.name: c for c in CARDS}


#: What draws a card as SVG for ``Card._repr_svg_``: the drawing code lies above the
#: cards (it reads them), so it is a spec that ``resolve`` imports on first use.
PAINTER = "teachgames.delissimo.draw:card_svg"


def pizza_id(slices: int, pair: str) -> int:
    return PIZZA_BASE + PAIRS.index(pair) * SLICES_PER_PIZZA + slices - 1


def order_id(topping: str, numerator: int, denominator: int) -> int:
    return (
        ORDER_BASE
        + TOPPING_NAMES.index(topping) * len(ORDER_FORMS)
        + ORDER_FORMS.index((numerator, denominator))
    )


def special_id(pair: str) -> int:
    return SPECIAL_BASE + PAIRS.index(pair)


def parse_card(text: object, language: str | None = None) -> Card:
    """Read a card from the notation ("2/8 mt", "tomato 1/4", "special mt", "cancel").

    Extra spaces and capitals are forgiven; anything else is a ValueError that says,
    in ``language`` (default: the package's), what the accepted forms are.
    """
    if not isinstance(text, str):
        raise ValueError(_say("card_error.not_text", language, got=repr(text)[:40]))
    words = text.strip().lower().split()
    card = _BY_NAME.get(" ".join(words))
    if card is not None:
        return card
    raise ValueError(_explain_bad_card(text, words, language))


def _say(key: str, language: str | None, **values: object) -> str:
    # The catalogue directly: ``messages`` names cards in words, so it sits above this module.
    # (Loaded with the first message: a game is dealt and played without words.)
    from ..core.i18n import tr

    return tr(f"delissimo.{key}", language, **values)


def _explain_bad_card(text: str, words: list[str], language: str | None) -> str:
    """Say what is wrong with a card name, as precisely as we can."""
    shown = repr(text[:40])
    if len(words) == 2 and words[0] in TOPPING_NAMES:
        forms = ", ".join(str(n) if d == 1 else f"{n}/{d}" for n, d in ORDER_FORMS)
        return _say("card_error.order_fraction", language, text=shown, forms=forms)
    if len(words) == 2 and "/" in words[0]:
        if words[1] not in PAIRS:
            return _say("card_error.pair", language, text=shown, pair=repr(words[1][:10]))
        return _say("card_error.slices", language, text=shown)
    if len(words) == 2 and words[0] == "special":
        return _say("card_error.special", language, text=shown)
    return _say("card_error.unknown", language, text=shown)


def claim_cards(cards: Sequence[str | None], wanted: Counter[str]) -> list[int]:
    """Positions of ``cards`` that the ``wanted`` card names claim, first come first served.

    Each name claims as many of its first occurrences as ``wanted`` counts and the counts
    are used up, so one Counter can be passed over several rows in priority order (the
    player's hand, then the table, ...) and equal cards are outlined exactly once each.
    """
    claimed: list[int] = []
    for i, card in enumerate(cards):
        if card is not None and wanted[card] > 0:
            wanted[card] -= 1
            claimed.append(i)
    return claimed


def card_names(ids: list[int] | tuple[int, ...]) -> list[str]:
    """Card ids to their names (the JSON and view form)."""
    return list(map(_NAMES.__getitem__, ids))  # no comprehension frame: every new game calls this


_NAMES: tuple[str, ...] = tuple(c.name for c in CARDS)
