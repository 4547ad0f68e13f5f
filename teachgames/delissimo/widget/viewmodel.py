"""A Delissimo position as view-model parts: zones of cards, scores, words, explanations.

Every card has its picture (by name: the SVG is sent once, see
:meth:`teachgames.widgets.base.GameWidget.picture`; chosen and highlighted cards are
marked by the front-end's frames), its alt text and its key (``open:i``, ``hand:p:i``);
hidden cards are whatever ``game.view(player=...)`` shows ("?"), so a pupil's view never
holds other hands, and a hand shown face down takes one compact line ("GreedyBot: 4
cards"). The viewer's own hand comes last, marked ``mine``, so the controls and the
message sit right under it. Shared by play and replay.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.i18n import tr
from ..cards import claim_cards

log = logging.getLogger(__name__)

#: Cards in the widget are drawn this many pixels tall.
CARD_SIZE = 84


def card_picture(card: str, highlight: bool, selected: bool, language: str, slices: bool = False) -> str:
    """The SVG of one card as the widget draws it (the front-end scales it to the
    widget's width); ``slices``: a pizza shows its number of slices, not a fraction (6+)."""
    from ..draw import card_svg

    return str(
        card_svg(
            card, size=CARD_SIZE, highlight=highlight, selected=selected, language=language, slices=slices
        )
    )


def card_words(card: str, language: str, slices: bool = False) -> str:
    """A card's alt text (a pizza in slices with ``slices``)."""
    from ..draw import card_alt

    return card_alt(card, language, slices)


def pizza_toppings(card: str, language: str) -> str:
    """An open pizza's toppings in words, under its picture: the marks on its slices are
    small from the back of a classroom, and at 8+ they decide which orders may take it."""
    from ..draw import toppings_words

    return toppings_words(card, language)


def level_words(level: str, language: str) -> str:
    """ "8+ basic" for "basic", in ``language`` (the table picture's words)."""
    try:
        return tr(f"delissimo.draw.levels.{level}", language)
    except KeyError:
        return level


def score_text(score: object, form: str, language: str) -> str:
    """A view's exact score written in the lesson's one number form ("29/8", "3 5/8",
    "29/8 = 3 5/8", or "3 whole pizzas and 5 slices"): see
    :mod:`teachgames.delissimo.draw.numbers`."""
    from ..draw.numbers import score_words

    return score_words(score, form, language)


def keys_for(game: Any, view: Mapping[str, Any], player: int, move: Any) -> list[str]:
    """Keys of the cards a move uses, from the engine's one answer (``game.cards_used``,
    asked in the position the move is made from). A capture's given cards are found in the
    mover's hand and its taken pizzas among the open ones (a 2/8 taken from the table is
    outlined there even when the mover holds a 2/8 too); another move's cards in the hand
    first. A cancel plays its card even though the engine's answer lists no card for it (it
    takes none), so the hint can point at it."""
    hand = list(view["hands"][player]) if player < len(view.get("hands", [])) else []
    open_cards = list(view.get("open", []))
    wanted = list(game.cards_used(move))
    if not wanted and getattr(move, "kind", "") == "cancel":
        wanted = ["cancel"]
    if getattr(move, "kind", "") == "capture":
        in_hand = Counter(str(c) for c in move.give)
        on_table = Counter(str(c) for c in move.take)
    else:
        in_hand = Counter(name for name in wanted if name in hand)
        on_table = Counter(wanted) - in_hand
    keys = [f"hand:{player}:{i}" for i in claim_cards(hand, in_hand)]
    keys += [f"open:{i}" for i in claim_cards(open_cards, on_table)]
    return keys
