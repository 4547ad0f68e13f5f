"""Exit-ticket questions: their words (the catalogue's ``lesson.ticket.<key>`` messages, in
every language) and how each kind of answer is checked (a number, yes/no, which orders can
take a pizza, what a card can capture)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.i18n import resolve_language
from ..cards import parse_card
from .arithmetic import fraction_text, mixed_words, side_words, sums_words
from .capture import check_capture, refusal_reason
from .card_lists import resolve_choices
from .feedback import Feedback
from .numbers import MAX_ANSWER, ParsedNumber, parse_number
from .words import card_text, lower_first, msg, msg_all, sentence, topping_text

if TYPE_CHECKING:
    from ...explain import Explanation
    from ..game import DelissimoGame

_YES = frozenset({"yes", "y", "да", "д"})
_NO = frozenset({"no", "n", "нет", "не", "н"})


@dataclass(frozen=True)
class Question:
    """One exit-ticket question: its words and how an answer is checked.

    ``key`` names its words in the catalogue: the question is ``lesson.ticket.<key>``, a
    note ``lesson.ticket.<key>_note``, the working ``lesson.ticket.<key>_why``; ``values``
    fill their placeholders (the cards, in the notation every language types)."""

    key: str
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def texts(self) -> dict[str, str]:
        """The question in every language: {language: text}."""
        return msg_all(f"ticket.{self.key}", self.values)

    def text(self, language: str | None = None) -> str:
        return msg(f"ticket.{self.key}", language, **self.values)

    def check(self, answer: object, language: str | None = None) -> Feedback:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class NumberQuestion(Question):
    """Answered with a number. ``form``: "any" (every equal form is right), "eighths"
    (a fraction over 8), or "mixed" (a whole number or a mixed number with a proper part).
    ``why`` builds the worked explanation; ``why_words`` says it in one line."""

    value: tuple[int, int] = (0, 1)
    form: str = "any"
    why: Callable[[str | None], Explanation] | None = None

    @property
    def why_words(self) -> dict[str, str]:
        """The working in one line, in every language ({} if the catalogue has none)."""
        return msg_all(f"ticket.{self.key}_why", self.values)

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        read = parse_number(answer, lang)
        if isinstance(read, str):
            return Feedback(False, read, None, shown[:MAX_ANSWER], language=lang)
        from sympy import Rational

        want = Rational(*self.value)
        got = read.value()
        value_words = fraction_text(*self.value)
        why = self.why_words.get(lang, "")
        explanation = self._explain(lang, read if got != want else None)
        if got != want:
            message = msg("number_wrong", lang, answer=read.printed(), value=value_words, why=why)
            return Feedback(False, message.strip(), explanation, shown, language=lang)
        if self.form == "eighths" and not read.eighths_exact:
            message = msg("want_eighths", lang, answer=read.printed())
            return Feedback(False, message, explanation, shown, language=lang)
        proper = read.kind == "whole" or (read.kind == "mixed" and read.numerator < read.denominator)
        if self.form == "mixed" and not proper and abs(got) >= 1:
            message = msg("want_mixed", lang, answer=read.printed(), mixed=mixed_words(*self.value))
            return Feedback(False, message, explanation, shown, language=lang)
        message = msg("number_right", lang, answer=read.printed(), value=value_words, why=why)
        return Feedback(True, message.strip(), explanation, shown, language=lang)

    def _explain(self, language: str, wrong: ParsedNumber | None) -> Explanation | None:
        if self.why is None:
            return None
        e = self.why(language)
        if wrong is not None:
            from sympy import Rational

            e.add(msg("your_answer", language) + ":", [wrong.expr(), Rational(*self.value)], ["≠"])
            e.verdict = False
        return e


@dataclass(frozen=True)
class YesNoQuestion(Question):
    """Asks "can these orders take that pizza?": the engine's verdict on ``move`` in the
    position ``position`` (``scenario`` keywords) is the answer."""

    position: Mapping[str, Any] = field(default_factory=dict)
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()

    @property
    def note(self) -> dict[str, str]:
        """What the feedback adds, in every language ({} if the catalogue has none)."""
        return msg_all(f"ticket.{self.key}_note", self.values)

    def game(self) -> DelissimoGame:
        from ..game import scenario

        return scenario(**self.position)

    def expected(self) -> bool:
        return bool(self.explanation().verdict)

    def explanation(self, language: str | None = None) -> Explanation:
        g = self.game()
        move = {
            "kind": "capture",
            "player": g.current_player,
            "give": list(self.give),
            "take": list(self.take),
        }
        return g.explain(move, language=language)

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        if isinstance(answer, bool):
            said: bool | None = answer
        elif isinstance(answer, str):
            word = answer.strip().lower().rstrip(".!")
            first = word.split()[0].rstrip(",:;") if word.split() else ""
            said = True if first in _YES else False if first in _NO else None
        else:
            said = None
        if said is None:
            return Feedback(False, msg("bad_yesno", lang), None, shown[:MAX_ANSWER], language=lang)
        explanation = self.explanation(lang)
        truth = bool(explanation.verdict)
        g = self.game()
        cards = [parse_card(c) for c in self.give], [parse_card(c) for c in self.take]
        why = sums_words(g, *cards, lang)
        if not truth:
            why = f"{refusal_reason(explanation)}. {why}"
        note = self.note
        if note:
            why = f"{why} {note[lang]}"
        key = "yesno_right" if said == truth else "yesno_wrong"
        message = msg(key, lang, expected=msg("yes" if truth else "no", lang), why=why.strip())
        return Feedback(said == truth, message, explanation, shown, language=lang)


@dataclass(frozen=True)
class CardsQuestion(Question):
    """Asks "which of these orders can take pizza X?": each choice is checked by the engine
    (one order for that pizza, in the position ``position``); the answer is the set of
    choices that can."""

    position: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    pizza: str = ""

    def game(self) -> DelissimoGame:
        from ..game import scenario

        return scenario(**self.position)

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
        from ..game import scenario

        return scenario(**self.position)

    def open_cards(self) -> tuple[str, ...]:
        return tuple(self.game().view()["open"])

    def answers(self) -> list[set[str]]:
        """Every right answer (a set of open cards)."""
        give = {parse_card(c) for c in self.give}
        return [{c.name for c in m.take} for m in self.game().captures() if set(m.give) == give]

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
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
