"""``check_capture``: is a capture the pupil writes legal now, and why (the engine decides;
the game is only asked, never changed)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.i18n import resolve_language
from ...lesson.feedback import Feedback
from ...lesson.numbers import MAX_ANSWER
from ..cards import SLICES_PER_PIZZA, Card
from .arithmetic import slice_words, sums_words
from .card_lists import card_list, parse_cards
from .words import example_card, lower_first, msg

if TYPE_CHECKING:
    from ...explain import Explanation
    from .. import DelissimoGame


def refusal_reason(explanation: Explanation) -> str:
    """The rule a refused move breaks: the last words of its explanation."""
    for step in reversed(explanation.steps):
        if step.words and not step.heading:
            return step.words.rstrip(".")
    return ""


#: Refusals whose reason needs no sums after it (the cards are not there, or the reason
#: already shows the arithmetic).
_NO_SUMS = frozenset(
    {"not-in-hand", "not-open", "give-not-order", "take-not-pizza", "game-over", "sum-differs"}
)


def _read_cards(value: Sequence[str] | str, parameter: str, example: str, lang: str) -> list[Card] | str:
    """The cards of ``give=`` or ``take=``, or the words that say how to write them."""
    items = card_list(value, lang)
    if isinstance(items, str):
        return items
    if not items:
        # the parameter's name is the notebook's Python (give=/take=), the same in every language
        return msg(f"empty_{parameter}", lang, parameter=parameter, example=example_card(example, lang))
    return parse_cards(items, lang)


def _right_words(
    game: DelissimoGame, give: Sequence[Card], take: Sequence[Card], sums: str, lang: str
) -> str:
    """What a right capture is told: the sums, and the whole pizzas when the level counts them."""
    if game.rules.whole_pizzas:
        total = sum(c.eighths for c in [*give, *take])
        return msg("capture_right_whole", lang, sums=sums, wholes=total // SLICES_PER_PIZZA)
    key = "capture_right_orders" if game.rules.orders else "capture_right"
    return msg(key, lang, sums=sums)


def check_capture(
    game: DelissimoGame,
    give: Sequence[str] | str,
    take: Sequence[str] | str,
    *,
    player: int | None = None,
    language: str | None = None,
) -> Feedback:
    """Is this capture legal now, and why? The game is only asked, never changed.

    ``give``/``take`` are card names (a list, or one string such as "1/8 mp, 6/8 mp").
    ``player`` defaults to the player to act. Bad input gives a Feedback that says how
    to write it, never an exception.
    """
    lang = resolve_language(language)
    shown = f"give={give!r}, take={take!r}"[: 2 * MAX_ANSWER]
    if game.is_over():
        return Feedback(False, msg("game_over", lang), None, shown, language=lang)
    parsed: list[list[Card]] = []
    for value, parameter, example in ((give, "give", "2/8 mt"), (take, "take", "4/8 pt")):
        cards = _read_cards(value, parameter, example, lang)
        if isinstance(cards, str):
            return Feedback(False, cards, None, shown, language=lang)
        parsed.append(cards)
    give_cards, take_cards = parsed
    who = game.current_player if player is None else player
    move = {
        "kind": "capture",
        "player": who,
        "give": [c.name for c in give_cards],
        "take": [c.name for c in take_cards],
    }
    try:
        explanation = game.explain(move, language=lang)
    except Exception as exc:  # the engine's words, even if it cannot explain this move
        return Feedback(False, str(exc), None, shown, language=lang)
    sums = sums_words(game, give_cards, take_cards, lang)
    if explanation.verdict:
        message = _right_words(game, give_cards, take_cards, sums, lang)
        return Feedback(True, message, explanation, shown, language=lang)
    reason = refusal_reason(explanation)
    try:
        problem = game.problem(move)
    except Exception:
        problem = None
    if problem is not None and problem.code == "sum-differs":
        # say it once, in the lesson's words: the explanation below shows the ≠
        given, taken = sum(c.eighths for c in give_cards), sum(c.eighths for c in take_cards)
        if game.rules.orders:
            amounts = {"give": f"{given}/8", "take": f"{taken}/8"}
        else:
            amounts = {"give": slice_words(give_cards, lang), "take": slice_words(take_cards, lang)}
        message = msg("capture_unequal", lang, **amounts)
        return Feedback(False, message, explanation, shown, language=lang)
    if problem is not None and problem.code in _NO_SUMS:
        sums = ""
    message = msg("capture_wrong", lang, reason=lower_first(reason), sums=sums).strip()
    return Feedback(False, message, explanation, shown, language=lang)
