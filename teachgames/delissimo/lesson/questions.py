"""Delissimo's exit-ticket questions, the kinds that need the engine: can these cards take
that pizza (yes/no, judged by ``game.explain``), which orders can take a pizza, what a card can
capture. Number and choice questions are the shared kinds (:mod:`teachgames.lesson.questions`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.i18n import resolve_language
from ...lesson.feedback import Feedback
from ...lesson.numbers import MAX_ANSWER
from ...lesson.questions import ChoiceQuestion, NumberQuestion, Question, YesNoQuestion, is_empty
from ..cards import parse_card
from .arithmetic import side_words, sums_words
from .capture import check_capture, refusal_reason
from .card_lists import resolve_choices
from .words import card_text, lower_first, msg, sentence, topping_text

if TYPE_CHECKING:
    from ...explain import Explanation
    from .. import DelissimoGame

__all__ = [
    "CanCaptureQuestion",
    "CaptureQuestion",
    "CardsQuestion",
    "ChoiceQuestion",
    "NumberQuestion",
    "Question",
    "YesNoQuestion",
]  # fmt: skip


def _scenario(position: Mapping[str, Any]) -> DelissimoGame:
    from .. import scenario

    return scenario(**position)


@dataclass(frozen=True)
class CanCaptureQuestion(YesNoQuestion):
    """Asks "can these cards take that pizza?": the engine's verdict on the capture
    ``give``/``take`` in the position ``position`` (``scenario`` keywords) is the answer."""

    position: Mapping[str, Any] = field(default_factory=dict)
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()

    @property
    def note(self) -> dict[str, str]:
        """What the feedback adds, in every language ({} if the catalogue has none)."""
        from ...lesson.words import msg_all

        return {lang: self.extra("note", lang) for lang in msg_all(f"{self.key}_note", self.values)}

    def game(self) -> DelissimoGame:
        return _scenario(self.position)

    def explanation(self, language: str | None = None) -> Explanation:
        g = self.game()
        move = {
            "kind": "capture",
            "player": g.current_player,
            "give": list(self.give),
            "take": list(self.take),
        }
        explanation: Explanation = g.explain(move, language=language)
        return explanation

    def truth(self, language: str) -> tuple[bool, str, Explanation | None]:
        explanation = self.explanation(language)
        truth = bool(explanation.verdict)
        cards = [parse_card(c) for c in self.give], [parse_card(c) for c in self.take]
        why = sums_words(self.game(), *cards, language)
        if not truth:
            why = f"{refusal_reason(explanation)}. {why}"
        return truth, why, explanation


@dataclass(frozen=True)
class CardsQuestion(Question):
    """Asks "which of these orders can take pizza X?": each choice is checked by the engine
    (one order for that pizza, in the position ``position``); the answer is the set of
    choices that can."""

    position: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    pizza: str = ""

    def game(self) -> DelissimoGame:
        return _scenario(self.position)

    def verdicts(self, language: str | None = None) -> dict[str, Explanation]:
        g = self.game()
        return {
            c: g.explain(
                {"kind": "capture", "player": g.current_player, "give": [c], "take": [self.pizza]},
                language=language,
            )
            for c in self.choices
        }

    def expected(self) -> set[str]:
        return {c for c, e in self.verdicts().items() if e.verdict}

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        if is_empty(answer):
            return Feedback(False, msg("no_answer", lang), None, "", language=lang, answered=False)
        shown = answer if isinstance(answer, str) else repr(answer)
        chosen = resolve_choices(answer, self.choices, lang)
        if isinstance(chosen, str):
            return Feedback(False, chosen, None, shown[:MAX_ANSWER], language=lang)
        verdicts = self.verdicts(lang)
        g = self.game()
        pizza = [parse_card(self.pizza)]

        def reason(card: str) -> str:
            order = parse_card(card)
            amount = side_words([order])
            topping = topping_text(order.topping_names[0], lang)
            if verdicts[card].verdict:
                return msg("order_fits", lang, amount=amount, pizza=pizza[0].printed, topping=topping)
            if order.eighths != pizza[0].eighths:
                return msg("order_amount", lang, amount=amount, pizza=pizza[0].printed)
            if not order.toppings & pizza[0].toppings:
                return msg("order_topping", lang, amount=amount, topping=topping)
            return lower_first(refusal_reason(verdicts[card]))

        right = {c for c, e in verdicts.items() if e.verdict}

        def named(card: str) -> str:
            return card_text(parse_card(card), lang)

        notes = []
        for c in self.choices:
            if c in chosen and c not in right:
                notes.append(sentence(msg("card_wrongly", lang, card=named(c), reason=reason(c))))
            elif c in right and c not in chosen:
                notes.append(sentence(msg("card_missed", lang, card=named(c), reason=reason(c))))
        summary = sentence(
            "; ".join(
                msg("card_can" if c in right else "card_cannot", lang, card=named(c), reason=reason(c))
                for c in self.choices
            )
        )
        title = msg("cards_title", lang, pizza=card_text(pizza[0], lang))
        explanation = _combined(g, verdicts, title, lang)
        if chosen == right:
            return Feedback(
                True, msg("cards_right", lang, why=summary + "."), explanation, shown, language=lang
            )
        return Feedback(
            False, msg("cards_wrong", lang, why=" ".join(notes)), explanation, shown, language=lang
        )


@dataclass(frozen=True)
class CaptureQuestion(Question):
    """Asks "what can your 5/8 card take?": the pupil names cards from the centre; any legal
    capture with the ``give`` cards is right (there may be several)."""

    position: Mapping[str, Any] = field(default_factory=dict)
    give: tuple[str, ...] = ()

    def game(self) -> DelissimoGame:
        return _scenario(self.position)

    def open_cards(self) -> tuple[str, ...]:
        return tuple(self.game().view()["open"])

    def answers(self) -> list[set[str]]:
        """Every right answer (a set of open cards)."""
        give = {parse_card(c) for c in self.give}
        return [{c.name for c in m.take} for m in self.game().captures() if set(m.give) == give]

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        if is_empty(answer):
            return Feedback(False, msg("no_answer", lang), None, "", language=lang, answered=False)
        shown = answer if isinstance(answer, str) else repr(answer)
        chosen = resolve_choices(answer, self.open_cards(), lang)
        if isinstance(chosen, str):
            return Feedback(False, chosen, None, shown[:MAX_ANSWER], language=lang)
        inner = check_capture(self.game(), list(self.give), sorted(chosen), language=lang)
        return Feedback(inner.correct, inner.message, inner.explanation, shown, language=lang)


def _combined(
    game: DelissimoGame, verdicts: Mapping[str, Explanation], title: str, language: str | None
) -> Explanation:
    """One explanation with a heading per choice (each checked by the engine)."""
    from ...explain import Explanation

    e = Explanation(title=title, language=language)
    for explanation in verdicts.values():
        e.add_heading(("✓ " if explanation.verdict else "✗ ") + explanation.title)
        e.extend(explanation)
    return e
