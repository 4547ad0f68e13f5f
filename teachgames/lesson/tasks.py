"""The tasks a lesson screen asks, and how each marks an answer.

A task is data: what the pupil sees to answer (:meth:`Task.view`, never the answer), how an
answer is marked (:meth:`Task.check` returns a :class:`Mark`), the right answer and the
likely wrong ones with the misconception behind each (for the teacher's view and the answer
key). Kinds:

- :class:`Choose`: choose one or several options, each shown as words and, where it helps,
  a picture (never a number that could be taken for an answer); also "why?" (choose a
  reason, ``kind="why"``).
- :class:`TypeAmount`: type an amount, read generously and exactly
  (:func:`~teachgames.lesson.reading.read_amount`).
- :class:`PickCards`: pick cards on a game table; the game's engine judges the pick
  (its ``judge`` callable), so the lesson never re-implements a rule.
- :class:`Order`: put items in order (up and down buttons: nothing needs a drag).

Marks are maths, not moves: a wrong sum gets "You added the tops and the bottoms ...",
never a game's "Not legal". A wrong answer names its misconception when the task knows it;
an answer that could not be read, or the right amount in a form the task did not ask for,
is said so and does not use up a try.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from ..core.i18n import tr
from .reading import Amount, Unread, read_amount
from .slips import Numbers, examples, find_slip

#: A piece of text in the pupil's language: called with the language code.
Text = Callable[[str], str]

Outcome = Literal["right", "wrong", "unread", "form"]


def say(key: str, **values: Any) -> Text:
    """A catalogue message as :data:`Text`; a value that is itself Text is said in the same
    language ("{cards}" filled with the cards in the pupil's words)."""

    def text(language: str) -> str:
        shown = {k: v(language) if callable(v) else v for k, v in values.items()}
        return tr(key, language, **shown)

    return text


def plain(words: str) -> Text:
    """The same words in every language (a number, a card's notation)."""
    return lambda _language: words


@dataclass(frozen=True)
class Mark:
    """How one answer was marked.

    ``outcome``: "right"; "wrong" (uses a try); "unread" (could not be read) or "form"
    (right so far but not finished: the right amount or digits not in the form asked,
    some of the right options chosen but not all), neither of which uses a try. ``line`` is one
    short line in the pupil's language; ``echo`` the answer as the pupil gave it;
    ``misconception`` the key of the misconception named, if any."""

    outcome: Outcome
    line: str
    echo: str
    misconception: str | None = None

    @property
    def correct(self) -> bool:
        return self.outcome == "right"

    @property
    def uses_try(self) -> bool:
        return self.outcome in ("right", "wrong")


@dataclass(frozen=True)
class Misconception:
    """A misconception a wrong answer shows: its catalogue key (the one short line that
    names it, ``lesson.misconception.<name>`` or a game's own) and the values it needs."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def line(self, language: str) -> str:
        return say(self.key, **self.values)(language)


class Task(Protocol):
    """What every task kind offers a screen."""

    @property
    def kind(self) -> str:
        """ "choose", "why", "amount", "cards", "order": how the front end draws it."""
        ...

    def view(self, language: str) -> dict[str, Any]:
        """What the front end draws to let the pupil answer (JSON; never the answer)."""
        ...

    def check(self, answer: object, language: str) -> Mark:
        """Mark an answer (any input: a bad one is an "unread" mark, never an error)."""
        ...

    def answer_text(self, language: str) -> str:
        """The right answer in words (the teacher's view, the worked solution, the key)."""
        ...

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        """The likely wrong answers with the line naming each one's misconception."""
        ...


def _unread(key: str, echo: str, language: str) -> Mark:
    return Mark("unread", tr(f"lesson.read.{key}", language), echo)


def _as_ids(answer: object) -> list[str] | None:
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, (list, tuple)) and all(isinstance(a, str) for a in answer):
        return list(answer)
    return None


# ---------------------------------------------------------------------- choose


@dataclass(frozen=True)
class Option:
    """One option of a :class:`Choose` or :class:`Order` task: its id (sent back by the
    front end), its words, an optional picture (SVG in the language), whether it is right,
    and the misconception choosing it shows."""

    id: str
    label: Text
    right: bool = False
    misconception: Misconception | None = None
    picture: Callable[[str], str] | None = None

    def view(self, language: str) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label(language)}
        if self.picture is not None:
            out["svg"] = self.picture(language)
        return out


@dataclass(frozen=True)
class Choose:
    """Choose one option (or, with ``several``, every right one)."""

    options: tuple[Option, ...]
    several: bool = False
    kind: str = "choose"
    #: Said for a wrong choice whose option names no misconception.
    otherwise: Misconception | None = None

    def __post_init__(self) -> None:
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids) or not any(o.right for o in self.options):
            raise ValueError("a choice task needs distinct option ids and at least one right option")

    def view(self, language: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "several": self.several,
            "options": [o.view(language) for o in self.options],
        }

    def check(self, answer: object, language: str) -> Mark:
        ids = _as_ids(answer)
        by_id = {o.id: o for o in self.options}
        if ids is None or any(i not in by_id for i in ids):
            return _unread("choose_listed", "", language)
        if not ids:
            return _unread("choose_first", "", language)
        if len(ids) > 1 and not self.several:
            return _unread("choose_one", "", language)
        chosen = [by_id[i] for i in dict.fromkeys(ids)]
        echo = ", ".join(o.label(language) for o in chosen)
        wrong = [o for o in chosen if not o.right]
        if wrong:
            named = next((o.misconception for o in wrong if o.misconception is not None), self.otherwise)
            line = named.line(language) if named else tr("lesson.mark.choice_wrong", language)
            return Mark("wrong", line, echo, named.key if named else None)
        missed = [o for o in self.options if o.right and o not in chosen]
        if missed:  # right so far: said kindly, and no try is used
            return Mark("form", tr("lesson.mark.missed_some", language, n=len(missed)), echo, None)
        return Mark("right", tr("lesson.mark.right", language), echo)

    def answer_text(self, language: str) -> str:
        return ", ".join(o.label(language) for o in self.options if o.right)

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        return [
            (o.label(language), o.misconception.line(language))
            for o in self.options
            if not o.right and o.misconception is not None
        ]


# ---------------------------------------------------------------------- type an amount


@dataclass(frozen=True)
class Wrong:
    """A likely wrong amount and its misconception: either given as ``values``
    (each (numerator, denominator)), or recognised by ``when`` (an :class:`Amount` test)."""

    misconception: Misconception
    values: tuple[tuple[int, int], ...] = ()
    when: Callable[[Amount], bool] | None = None
    #: How the teacher's view writes this wrong answer (default: the first value).
    shown: str | None = None

    def matches(self, amount: Amount) -> bool:
        if self.when is not None and self.when(amount):
            return True
        return any(amount.numerator * q == p * amount.denominator for p, q in self.values)


AmountForm = Literal["any", "over", "mixed", "whole"]


@dataclass(frozen=True)
class TypeAmount:
    """Type an amount. ``value`` is exact (numerator, denominator); ``form`` asks for one
    written form: "over" (a fraction over ``den``), "mixed" (wholes and a proper part), or
    "whole" (a whole number: slices, points); "any" takes every equal form, decimals and
    percentages included. ``unit`` is the unit the answer counts ("points", "pizzas"); the
    input's label says it in the pupil's words (``unit_label``).

    ``part_unit`` names one 1/``den`` part ("slices" for eighths of a pizza): "6 slices"
    is 6/8, right where 3/4 is asked in eighths; with ``counts`` (the question asks "how
    many eighths?") a bare number counts parts too, and without it a bare number that
    would be right in parts is asked about (no try used). ``terms`` are the signed amounts
    the value adds up to (3/4 + 5/8), from which the shared slip rules
    (:mod:`~teachgames.lesson.slips`) name what the task's own ``wrongs`` do not."""

    value: tuple[int, int]
    form: AmountForm = "any"
    den: int = 8
    wrongs: tuple[Wrong, ...] = ()
    unit: str | None = None
    unit_label: Text | None = None
    #: How the right answer is written for the teacher and the worked solution.
    shown: Text | None = None
    kind: str = "amount"
    part_unit: str | None = None
    counts: bool = False
    terms: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        p, q = self.value
        if q <= 0:
            raise ValueError("an amount task needs a bottom above zero")
        if self.terms:
            top, bottom = 0, 1
            for a, b in self.terms:
                top, bottom = top * b + a * bottom, bottom * b
            if top * q != p * bottom:
                raise ValueError(f"the terms {self.terms} do not add up to {p}/{q}")

    @property
    def numbers(self) -> Numbers:
        return Numbers(self.value, self.terms, self.den)

    def view(self, language: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "unit": self.unit_label(language) if self.unit_label else "",
            # a phone's numeric keypad has no minus key: an answer below zero needs letters
            "inputmode": "numeric" if self.form == "whole" and self.value[0] >= 0 else "text",
        }

    def _equal(self, amount: Amount) -> bool:
        p, q = self.value
        return amount.numerator * q == p * amount.denominator

    def _in_parts(self, read: Amount) -> Amount:
        """A count of parts read as the fraction it is ("6 slices" = 6/8); a bare number
        too where the question is about parts (form "over"), unless it is right as it is."""
        if self.part_unit is None or read.form != "whole" or read.unit not in (None, self.part_unit):
            return read
        if read.unit is None and (self.form != "over" or self._equal(read)):
            return read
        return replace(read, denominator=self.den, form="fraction")

    def check(self, answer: object, language: str) -> Mark:
        read = read_amount(answer)
        if isinstance(read, Unread):
            # A task whose answer is a whole number shows whole-number examples, not 3/4.
            whole = read.key == "not_a_number" and self.value[0] % self.value[1] == 0
            return _unread("not_a_whole_number" if whole else read.key, read.text, language)
        echo = read.text
        units = {u for u in (self.unit, self.part_unit) if u is not None}
        if read.unit is not None and units and read.unit not in units:
            return Mark("unread", tr(f"lesson.read.unit_{self.part_unit or self.unit}", language), echo)
        counted = self._in_parts(read)
        if self._equal(counted):
            if counted is not read and read.unit is None and not self.counts:
                parts = tr(f"lesson.{self.part_unit}", language, n=read.numerator)
                line = tr(f"lesson.mark.want_{self.part_unit}", language, slices=parts, den=self.den)
                return Mark("form", line, echo)
            problem = self._form_problem(counted, language)
            if problem:
                return Mark("form", problem, echo)
            return Mark("right", tr("lesson.mark.right", language), echo)
        for wrong in self.wrongs:
            if wrong.matches(counted):
                return Mark("wrong", wrong.misconception.line(language), echo, wrong.misconception.key)
        slip = find_slip(self.numbers, counted)
        if slip is not None:
            named = Misconception(f"lesson.misconception.{slip.key}", slip.values)
            return Mark("form" if slip.notation else "wrong", named.line(language), echo, named.key)
        return Mark("wrong", tr("lesson.mark.amount_wrong", language, answer=echo), echo)

    def _form_problem(self, read: Amount, language: str) -> str:
        if self.form == "over" and not read.is_over(self.den):
            return tr("lesson.mark.want_over", language, answer=read.text, den=self.den)
        if self.form == "mixed" and read.form == "mixed" and not read.proper_mixed:
            return tr("lesson.misconception.leftover_improper", language)
        if self.form == "mixed" and not read.proper_mixed:
            return tr("lesson.mark.want_mixed", language, answer=read.text)
        if self.form == "whole" and read.form != "whole":
            return tr("lesson.mark.want_whole", language, answer=read.text)
        return ""

    def answer_text(self, language: str) -> str:
        if self.shown is not None:
            return self.shown(language)
        p, q = self.value
        return str(p) if q == 1 else f"{p}/{q}"

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        out = []
        for wrong in self.wrongs:
            shown = wrong.shown or (
                " / ".join(str(p) if q == 1 else f"{p}/{q}" for p, q in wrong.values) or "…"
            )
            out.append((shown, wrong.misconception.line(language)))
        # the shared rules' slips the task's own list does not name already
        for text, _key in self.slips():
            out.append((text, self.check(text, language).line))
        return out

    def slips(self) -> list[tuple[str, str]]:
        """(what a pupil types, the misconception key it is named with) for each shared
        slip rule that fits this task and that its own ``wrongs`` do not name first."""
        out = []
        for text, key in examples(self.numbers):
            read = read_amount(text)
            if isinstance(read, Amount) and not any(w.matches(self._in_parts(read)) for w in self.wrongs):
                out.append((text, f"lesson.misconception.{key}"))
        return out


# ---------------------------------------------------------------------- pick cards


@dataclass(frozen=True)
class CardGroup:
    """A row of cards the pupil may pick from (the hand, the open pizzas)."""

    label: Text
    cards: tuple[Option, ...]


#: A game's judge of a pick: (the chosen card ids, the language) -> a Mark.
Judge = Callable[[Sequence[str], str], Mark]


@dataclass(frozen=True)
class PickCards:
    """Pick cards on a game table. The game's ``judge`` marks the pick with its own rules
    (a move asked about, never played), so the misconception it names is the engine's
    diagnosis; ``right`` holds the right picks, each a set of card ids (for the teacher's
    view), and ``wrongs`` the tempting ones."""

    groups: tuple[CardGroup, ...]
    judge: Judge
    right: tuple[frozenset[str], ...]
    wrongs: tuple[frozenset[str], ...] = ()
    kind: str = "cards"

    def _cards(self) -> dict[str, Option]:
        return {c.id: c for g in self.groups for c in g.cards}

    def view(self, language: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "several": True,
            "groups": [
                {"label": g.label(language), "options": [c.view(language) for c in g.cards]}
                for g in self.groups
            ],
        }

    def check(self, answer: object, language: str) -> Mark:
        ids = _as_ids(answer)
        cards = self._cards()
        if ids is None or any(i not in cards for i in ids):
            return _unread("choose_listed", "", language)
        if not ids:
            return _unread("pick_first", "", language)
        return self.judge(list(dict.fromkeys(ids)), language)

    def _words(self, pick: frozenset[str], language: str) -> str:
        """A pick in words, row by row: "tomato 1/4 + pepper 1/2 → 6/8 pt"."""
        rows = [" + ".join(c.label(language) for c in g.cards if c.id in pick) for g in self.groups]
        return " → ".join(r for r in rows if r)

    def answer_text(self, language: str) -> str:
        return "; ".join(self._words(p, language) for p in self.right)

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        return [(self._words(p, language), self.check(sorted(p), language).line) for p in self.wrongs]


# ---------------------------------------------------------------------- order


@dataclass(frozen=True)
class Order:
    """Put ``items`` in order (given in the order shown; ``right`` is the ids in the right
    order). ``misconception`` names the usual wrong order (e.g. the reversed one)."""

    items: tuple[Option, ...]
    right: tuple[str, ...]
    wrongs: tuple[tuple[tuple[str, ...], Misconception], ...] = ()
    kind: str = "order"

    def view(self, language: str) -> dict[str, Any]:
        return {"kind": self.kind, "options": [o.view(language) for o in self.items]}

    def check(self, answer: object, language: str) -> Mark:
        ids = _as_ids(answer)
        by_id = {o.id: o for o in self.items}
        if ids is None or sorted(ids) != sorted(by_id):
            return _unread("order_all", "", language)
        echo = " < ".join(by_id[i].label(language) for i in ids)
        if tuple(ids) == self.right:
            return Mark("right", tr("lesson.mark.right", language), echo)
        for order, misconception in self.wrongs:
            if tuple(ids) == order:
                return Mark("wrong", misconception.line(language), echo, misconception.key)
        return Mark("wrong", tr("lesson.mark.order_wrong", language), echo)

    def answer_text(self, language: str) -> str:
        by_id = {o.id: o for o in self.items}
        return " < ".join(by_id[i].label(language) for i in self.right)

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        by_id = {o.id: o for o in self.items}
        return [
            (" < ".join(by_id[i].label(language) for i in order), m.line(language))
            for order, m in self.wrongs
        ]
