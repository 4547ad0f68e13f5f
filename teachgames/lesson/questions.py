"""Exit-ticket questions every game can use: their words (catalogue messages, in every
language) and how an answer is checked.

- :class:`Question`: the base; ``key`` is a full catalogue key ("delissimo.lesson.ticket.8plus.q2");
  an optional ``<key>_note`` and ``<key>_why`` add a note and the working in one line.
- :class:`NumberQuestion`: a number, in any equal form, over a given denominator, or mixed;
  a sum's ``terms`` let the feedback recognise "tops and bottoms added".
- :class:`YesNoQuestion`: yes or no; a game says what is true (:meth:`YesNoQuestion.truth`).
- :class:`ChoiceQuestion`: numbered options, answered by choosing (a click in
  :meth:`ExitTicket.ask <teachgames.lesson.tickets.ExitTicket.ask>`, or the option's number) —
  for pupils who do not yet write fractions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.i18n import resolve_language, tr
from .feedback import Feedback
from .misconceptions import bigger_denominator, tops_and_bottoms
from .numbers import MAX_ANSWER, fraction_text, mixed_words
from .reading import Amount, Unread, read_amount
from .words import has, msg, msg_all

if TYPE_CHECKING:
    from ..explain import Explanation

_YES = frozenset({"yes", "y", "да", "д"})
_NO = frozenset({"no", "n", "нет", "не", "н"})


def is_empty(answer: object) -> bool:
    """Nothing written yet: None, "", or only spaces (an exit ticket does not count it)."""
    return answer is None or (isinstance(answer, str) and not answer.strip()) or answer == []


def shown_answer(answer: object) -> str:
    return (answer if isinstance(answer, str) else repr(answer))[:MAX_ANSWER]


@dataclass(frozen=True)
class Question:
    """One exit-ticket question: its words and how an answer is checked.

    ``key`` names its words in the catalogue ("<domain>.<name>"); ``<key>_note`` and
    ``<key>_why`` (optional) add a note and the working; ``values`` fill placeholders."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)
    #: How a value is written in a language (a game names its cards in the pupil's words);
    #: None: as it is.
    show: Callable[[str, str], str] | None = field(default=None, compare=False)

    def shown_values(self, language: str | None) -> dict[str, Any]:
        """``values`` as the pupil reads them in ``language``."""
        if self.show is None:
            return dict(self.values)
        lang = resolve_language(language)
        show = self.show
        return {k: show(v, lang) if isinstance(v, str) else v for k, v in self.values.items()}

    @property
    def texts(self) -> dict[str, str]:
        """The question in every language: {language: text}."""
        return {lang: self.text(lang) for lang in msg_all(self.key, self.values)}

    def text(self, language: str | None = None) -> str:
        return tr(self.key, language, **self.shown_values(language))

    def extra(self, suffix: str, language: str | None) -> str:
        """The optional message ``<key>_<suffix>`` in ``language`` ("" if there is none)."""
        key = f"{self.key}_{suffix}"
        return tr(key, language, **self.shown_values(language)) if has(key) else ""

    def check(self, answer: object, language: str | None = None) -> Feedback:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class NumberQuestion(Question):
    """Answered with a number. ``form``: "any" (every equal form is right), "over" (one
    fraction over ``den``), or "mixed" (a whole number or a mixed number with a proper part).
    ``terms`` (for a sum) let the feedback recognise tops-and-bottoms addition. ``why``
    builds the worked explanation; ``<key>_why`` says it in one line."""

    value: tuple[int, int] = (0, 1)
    form: str = "any"
    den: int = 8
    terms: tuple[tuple[int, int], ...] = ()
    why: Callable[[str | None], Explanation] | None = None

    @property
    def why_words(self) -> dict[str, str]:
        """The working in one line, in every language ({} if the catalogue has none)."""
        return {lang: self.extra("why", lang) for lang in msg_all(f"{self.key}_why", self.values)}

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = shown_answer(answer)
        if is_empty(answer):
            return Feedback(False, msg("no_answer", lang), None, "", language=lang, answered=False)
        read = read_amount(answer)
        if isinstance(read, Unread):
            return Feedback(False, tr(f"lesson.read.{read.key}", lang), None, shown, language=lang)
        from sympy import Rational

        want = Rational(*self.value)
        got = read.value
        printed = _printed(read)
        value_words = fraction_text(*self.value)
        why = self.extra("why", lang)
        explanation = self._explain(lang, read if got != want else None)
        if got != want:
            mistake = tops_and_bottoms(self.terms, read, lang)
            if mistake is not None:
                return Feedback(False, f"{mistake} {why}".strip(), explanation, shown, language=lang)
            message = msg("number_wrong", lang, answer=printed, value=value_words, why=why)
            return Feedback(False, message.strip(), explanation, shown, language=lang)
        if self.form == "over" and not read.is_over(self.den):
            message = msg("want_over", lang, answer=printed, den=self.den)
            return Feedback(False, message, explanation, shown, language=lang)
        if self.form == "mixed" and not read.proper_mixed and abs(got) >= 1:
            message = msg("want_mixed", lang, answer=printed, mixed=mixed_words(*self.value))
            return Feedback(False, message, explanation, shown, language=lang)
        if printed == value_words:
            message = msg("number_right_plain", lang, why=why) if why else msg("right", lang) + "!"
        else:
            message = msg("number_right", lang, answer=printed, value=value_words, why=why)
        return Feedback(True, message.strip(), explanation, shown, language=lang)

    def _explain(self, language: str, wrong: Amount | None) -> Explanation | None:
        if self.why is None:
            return None
        e = self.why(language)
        if wrong is not None:
            from sympy import Rational

            e.add(msg("your_answer", language) + ":", [_expr(wrong), Rational(*self.value)], ["≠"])
            e.verdict = False
        return e


def _printed(amount: Amount) -> str:
    """A number as the feedback writes it back ("1 3/8", "-15/8", "6"); a decimal or a
    percentage as typed."""
    p, q = amount.numerator, amount.denominator
    sign = "-" if p < 0 else ""
    if amount.form == "whole":
        return str(p)
    if amount.form == "fraction":
        return f"{sign}{abs(p)}/{q}"
    if amount.form == "mixed" and amount.part is not None:
        n, d = amount.part
        return f"{sign}{(abs(p) - n) // d} {n}/{d}"
    return amount.text


def _expr(amount: Amount) -> Any:
    """The number as the explanation prints it (2/8 stays 2/8)."""
    from ..explain import Mixed, Printed

    if amount.form == "mixed":
        return Mixed(amount.value)
    return Printed(amount.numerator, amount.denominator)


def read_yes_no(answer: object) -> bool | None:
    """True for yes, False for no (in any of the three languages), None otherwise."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        word = answer.strip().lower().rstrip(".!")
        first = word.split()[0].rstrip(",:;") if word.split() else ""
        return True if first in _YES else False if first in _NO else None
    return None


@dataclass(frozen=True)
class YesNoQuestion(Question):
    """Answered yes or no. A game overrides :meth:`truth`; ``answer_is`` serves a question
    whose answer is simply given."""

    answer_is: bool | None = None

    def truth(self, language: str) -> tuple[bool, str, Explanation | None]:
        """(the right answer, why in words, an explanation or None)."""
        if self.answer_is is None:  # pragma: no cover - a game's subclass says
            raise NotImplementedError
        return self.answer_is, self.extra("why", language), None

    def expected(self) -> bool:
        return self.truth(resolve_language(None))[0]

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        if is_empty(answer):
            return Feedback(False, msg("no_answer", lang), None, "", language=lang, answered=False)
        said = read_yes_no(answer)
        if said is None:
            return Feedback(False, msg("bad_yesno", lang), None, shown_answer(answer), language=lang)
        truth, why, explanation = self.truth(lang)
        note = self.extra("note", lang)
        if note:
            why = f"{why} {note}"
        key = "yesno_right" if said == truth else "yesno_wrong"
        message = msg(key, lang, expected=msg("yes" if truth else "no", lang), why=why.strip())
        return Feedback(said == truth, message, explanation, shown_answer(answer), language=lang)


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    """Numbered options; the pupil chooses one (or, with ``several``, every right one).

    ``options`` are shown as they are ("2/8", "🍕") or, when they start with "@", are catalogue
    keys ("@delissimo.lesson.choice.more_slices"). ``right`` holds the right options' numbers
    (1-based). ``values`` of each option are the question's ``values``. A per-option note
    ``<key>_note<k>`` says why option k is wrong or right. ``compare`` (for "which is more?")
    gives each option's fraction, so choosing the one with the bigger bottom is recognised.
    ``picture`` draws an option (SVG) for pupils who read pictures better than numbers."""

    options: tuple[str, ...] = ()
    right: frozenset[int] = frozenset()
    several: bool = False
    compare: tuple[tuple[int, int], ...] = ()
    picture: Callable[[int], str] | None = None
    why: Callable[[str | None], Explanation] | None = None

    def option_texts(self, language: str | None = None) -> list[str]:
        values = self.shown_values(language)
        return [tr(o[1:], language, **values) if o.startswith("@") else o for o in self.options]

    def text(self, language: str | None = None) -> str:
        options = "; ".join(f"{k}) {t}" for k, t in enumerate(self.option_texts(language), 1))
        return f"{tr(self.key, language, **self.shown_values(language))} {options}"

    def prompt(self, language: str | None = None) -> str:
        """The question without its options (the buttons show them)."""
        return tr(self.key, language, **self.shown_values(language))

    def read(self, answer: object, language: str) -> set[int] | str:
        """The chosen option numbers, or a message saying how to answer."""
        count = len(self.options)
        items: list[object]
        if isinstance(answer, int):
            items = [answer]
        elif isinstance(answer, (list, tuple, set, frozenset)):
            items = list(answer)
        elif isinstance(answer, str):
            words = [p for p in re.split(r"[,;\s]+|\band\b|\bи\b", answer.strip()) if p]
            items = list(words)
            texts = [t.strip().lower() for t in self.option_texts(language)]
            if not all(p.isdigit() for p in words) and answer.strip().lower() in texts:
                return {texts.index(answer.strip().lower()) + 1}  # an option's words ("no"), not its number
        else:
            items = [answer]
        chosen: set[int] = set()
        example = "1, 3" if self.several else "2"
        how = msg("choose_many" if self.several else "choose_one", language, example=example)
        for item in items:
            if isinstance(item, bool) or not (
                isinstance(item, int) or (isinstance(item, str) and item.isdigit())
            ):
                return how
            k = int(item)
            if not 1 <= k <= count:
                return msg("no_choice", language, choice=k, count=count)
            chosen.add(k)
        if not chosen or (len(chosen) > 1 and not self.several):
            return how
        return chosen

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        if is_empty(answer):
            return Feedback(False, msg("no_answer", lang), None, "", language=lang, answered=False)
        chosen = self.read(answer, lang)
        texts = self.option_texts(lang)
        if isinstance(chosen, str):
            return Feedback(False, chosen, None, shown_answer(answer), language=lang)
        shown = ", ".join(f"{k}) {texts[k - 1]}" for k in sorted(chosen))
        why = self.extra("why", lang)
        explanation = self.why(lang) if self.why is not None else None
        if chosen == set(self.right):
            return Feedback(
                True, msg("choice_right", lang, why=why).strip(), explanation, shown, language=lang
            )
        notes: list[str] = []
        for k in sorted(chosen - self.right):
            note = self.extra(f"note{k}", lang)
            if self.compare and not self.several and len(self.right) == 1:
                other = self.compare[next(iter(self.right)) - 1]
                mistake = bigger_denominator(self.compare[k - 1], other, lang)
                note = " ".join(x for x in (mistake, note) if x)
            notes.append(note or msg("choice_extra", lang, choice=k))
        notes += (
            [msg("choice_missed", lang, choice=k) for k in sorted(self.right - chosen)]
            if self.several
            else []
        )
        message = msg("choice_wrong", lang, why=" ".join([*notes, why]).strip())
        return Feedback(False, message.strip(), explanation, shown, language=lang)
