"""One practice item: a dealt problem in one language, marked like a lesson task.

``item.check(text)`` returns the lesson layer's :class:`~teachgames.lesson.tasks.Mark`:
an amount is read by the lesson's own reader (3/4, 6/8, "1 3/8", 0,75, "6 slices" ...),
picks by their notation or their words in any of the three languages. A wrong answer is
matched against the skill's misconception rules; when two rules give that very answer the
line says so and names both, rather than guessing which one the pupil holds.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..core.i18n import LANGUAGES, tr
from ..core.numbers import fraction_text, mixed_number
from ..lesson.tasks import Mark, TypeAmount
from .model import Problem, Rule, Skill, Value, same_key

if TYPE_CHECKING:
    from ..explain import Explanation

#: The most characters of a pick answer read (anything longer is refused in words).
MAX_PICK = 200


class Picks(tuple[str, ...]):
    """A pick answer (cards or words) that prints as a pupil would type it."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(self)


def _amount_form(problem: Problem) -> Any:
    return {"slices": "whole", "points": "whole", "whole": "whole"}.get(problem.form, problem.form)


def _unit(problem: Problem) -> str | None:
    return {"slices": "slices", "points": "points"}.get(problem.form)


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("ё", "е").replace("\u2212", "-")
    return " ".join(text.lower().strip(" .!«»\"'„“").split())


class Item:
    """A problem of ``skill`` in ``language`` (see the module's docstring)."""

    def __init__(self, skill: Skill, problem: Problem, language: str, seed: int, level: int) -> None:
        self.skill = skill
        self.problem = problem
        self.language = language
        self.seed = seed
        self.level = level

    def __repr__(self) -> str:
        return f"<practice item {self.skill.game}/{self.skill.id} seed={self.seed} level={self.level}>"

    # ------------------------------------------------------------ what the pupil sees
    @property
    def prompt(self) -> str:
        return self.problem.prompt(self.language)

    @property
    def kind(self) -> str:
        return self.problem.kind

    @property
    def answer(self) -> Any:
        """The exact answer: a sympy Rational for an amount of pizza or a chance (written
        as asked: a question in eighths gets ``Printed(4, 8)``, one in whole pizzas and a
        part ``Mixed(15/8)``, both sympy numbers whose ``doit()`` is the Rational), an int
        for slices and points, :class:`Picks` for cards or words."""
        value = self.problem.value
        if self.problem.kind == "pick":
            return Picks(str(v) for v in value)
        p, q = (int(x) for x in value)
        if self.problem.form in ("slices", "points", "whole"):
            return p // q
        from sympy import Rational

        if self.problem.form == "over":
            # the written form is the skill: 4/8 must not print as 1/2
            from ..explain import Printed

            k = self.problem.den // q if self.problem.den % q == 0 else 1
            return Printed(p * k, q * k)
        if self.problem.form == "mixed":
            from ..explain import Mixed

            return Mixed(Rational(p, q))
        return Rational(p, q)

    def answer_text(self) -> str:
        """The right answer in the pupil's words (the worked solution's last line)."""
        if self.problem.shown is not None:
            return self.problem.shown(self.language)
        if self.problem.kind == "pick":
            return ", ".join(self._label(str(v)) for v in self.problem.value)
        return self.typed(self.problem.value)

    def hints(self) -> list[str]:
        """The hint ladder, easiest first."""
        return self.problem.hints(self.language)

    @cached_property
    def explanation(self) -> Explanation:
        """The worked solution, exact (sympy), made by the game's own explanation code."""
        return self.problem.explain(self.language)

    def choices(self) -> list[dict[str, Any]]:
        """The options of a pick answer as the widget draws them."""
        return [
            {
                "id": c.id,
                "label": c.label(self.language),
                "svg": c.picture(self.language) if c.picture else None,
            }
            for c in self.problem.choices
        ]

    # ------------------------------------------------------------ wrong answers
    def rule_answers(self) -> list[tuple[Rule, Value]]:
        """Each rule that applies and the (wrong) answer it gives."""
        right = same_key(self.problem, self.problem.value)
        out = []
        for rule in self.skill.rules:
            wrong = rule.answer(self.problem)
            if wrong is not None and same_key(self.problem, wrong) != right:
                out.append((rule, wrong))
        return out

    def wrong_answers(self) -> dict[str, str]:
        """{misconception key: the answer a pupil holding it types}."""
        return {rule.key: self.typed(wrong) for rule, wrong in self.rule_answers()}

    def typed(self, value: Value) -> str:
        """A value written as a pupil of this age types it."""
        problem = self.problem
        if problem.kind == "pick":
            return ", ".join(self._pick_words(str(v)) for v in value)
        p, q = (int(x) for x in value)
        if problem.form in ("slices", "points", "whole") and q == 1:
            return str(p)
        if problem.form == "mixed" or (problem.types_mixed and p > q):
            return mixed_number(p, q)
        return fraction_text(p, q)

    def _pick_words(self, oid: str) -> str:
        if self.problem.repeat:
            for c in self.problem.choices:
                if c.id == oid:
                    return c.label(self.language)
        return oid

    # ------------------------------------------------------------ marking
    def check(self, text: object) -> Mark:
        """Mark an answer (never raises for what a pupil types)."""
        mark, _ = self.diagnose(text)
        return mark

    def diagnose(self, text: object) -> tuple[Mark, tuple[str, ...]]:
        """The mark and every misconception whose rule gives this very answer."""
        if self.problem.kind == "amount":
            return self._check_amount(text)
        return self._check_picks(text)

    def _named(self, keys: list[Rule], echo: str) -> tuple[Mark, tuple[str, ...]]:
        lang = self.language
        if len(keys) == 1:
            return Mark("wrong", keys[0].line(lang), echo, keys[0].key), (keys[0].key,)
        line = tr(
            "practice.mark.two_rules",
            lang,
            answer=echo,
            n=len(keys),
            rules="; ".join(r.title(lang) for r in keys),
            first=keys[0].line(lang),
        )
        return Mark("wrong", line, echo, keys[0].key), tuple(r.key for r in keys)

    def _check_amount(self, text: object) -> tuple[Mark, tuple[str, ...]]:
        problem = self.problem
        p, q = (int(x) for x in problem.value)
        task = TypeAmount((p, q), form=_amount_form(problem), den=problem.den, unit=_unit(problem))
        mark = task.check(text, self.language)
        if mark.outcome != "wrong":
            return mark, ()
        from ..lesson.reading import Amount, read_amount

        read = read_amount(text)
        if not isinstance(read, Amount):  # pragma: no cover - the task read it
            return mark, ()
        given = ("amount", _reduced(read.numerator, read.denominator))
        hits = [rule for rule, wrong in self.rule_answers() if same_key(problem, wrong) == given]
        if not hits:
            return mark, ()
        return self._named(hits, mark.echo)

    def _check_picks(self, text: object) -> tuple[Mark, tuple[str, ...]]:
        lang, problem = self.language, self.problem
        picks = self._read_picks(text)
        if isinstance(picks, str):
            return Mark("unread", tr(f"practice.read.{picks}", lang), _echo(text)), ()
        echo = ", ".join(self._label(i) for i in picks)
        if not problem.repeat and len(set(picks)) != len(picks):
            return Mark("unread", tr("practice.read.pick_twice", lang), echo), ()
        if problem.ordered and not problem.repeat and len(picks) != len(problem.choices):
            return Mark("unread", tr("practice.read.order_all", lang, n=len(problem.choices)), echo), ()
        if problem.repeat and len(picks) != len(problem.value):
            return Mark("unread", tr("practice.read.name_each", lang, n=len(problem.value)), echo), ()
        given = same_key(problem, tuple(picks))
        if given == same_key(problem, problem.value):
            return Mark("right", tr("lesson.mark.right", lang), echo), ()
        hits = [rule for rule, wrong in self.rule_answers() if same_key(problem, wrong) == given]
        if hits:
            return self._named(hits, echo)
        return Mark("wrong", tr("practice.mark.pick_wrong", lang, answer=echo), echo), ()

    def _label(self, oid: str) -> str:
        for c in self.problem.choices:
            if c.id == oid:
                return c.label(self.language)
        return oid

    def _names(self) -> dict[str, str]:
        """Every way a pupil may name an option: its id, its words in each language."""
        names: dict[str, str] = {}
        for c in self.problem.choices:
            names.setdefault(_clean(c.id), c.id)
        for language in (self.language, *LANGUAGES):
            for c in self.problem.choices:
                names.setdefault(_clean(c.label(language)), c.id)
        return names

    def _read_picks(self, text: object) -> list[str] | str:
        if isinstance(text, (list, tuple)) and all(isinstance(t, str) for t in text):
            parts = [str(t) for t in text]
        elif isinstance(text, str):
            if len(text) > MAX_PICK:
                return "too_long"
            parts = [t for t in re.split(r"[,;+\n]|<", text)]
        elif text is None:
            parts = []
        else:
            parts = [str(text)]
        parts = [p for p in (_clean(p) for p in parts) if p]
        if not parts:
            return "pick_first"
        names = self._names()
        out = []
        for part in parts:
            if part not in names:
                return "pick_listed"
            out.append(names[part])
        return out


def _echo(text: object) -> str:
    if isinstance(text, str):
        return text.strip()[:MAX_PICK]
    if isinstance(text, Sequence):
        return ", ".join(str(t) for t in text)[:MAX_PICK]
    return ""


def _reduced(p: int, q: int) -> tuple[int, int]:
    from math import gcd

    g = gcd(p, q) or 1
    return (p // g, q // g)
