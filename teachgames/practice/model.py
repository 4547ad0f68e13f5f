"""What practice is made of: skills, the problems a game's generator deals, the
misconception rules that answer them wrongly, and an item that marks a pupil's answer.

A **skill** is data: its id, its title and the lesson screens that teach it (words in the
catalogue, ``practice.<game>.skill.<id>``), the game level it belongs to, how many levels
of difficulty its generator knows, and its misconception rules.

A **problem** is what a game's generator returns for one seeded deal: the question's
words, the exact answer (``value``), the facts the rules read, and the worked
explanation (made only when asked for: dealing must stay fast). Answers are of two kinds:

- ``"amount"``: an exact number (pizzas, slices, points, a chance), read with the lesson
  layer's reader (:func:`teachgames.lesson.read_amount`) so every form a pupil types is
  read; ``form`` says which written form the question asks for.
- ``"pick"``: cards or words picked from the options shown (the pizzas an order takes,
  orders from smallest to biggest, the name of each pair); ``ordered`` says whether the
  order of the picks matters.

A **rule** is a misconception written as a function (Brown and Burton's buggy rules):
given any problem of its skill it computes the answer a pupil holding the idea gives, or
None when the idea leads to the right answer there or does not apply. Matching a wrong
answer against the rules names the misconception on items nobody wrote by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..core.i18n import tr

if TYPE_CHECKING:
    from ..explain import Explanation

#: Words in the pupil's language: called with the language code.
Text = Callable[[str], str]
#: An exact amount as (numerator, denominator), denominator > 0.
Ratio = tuple[int, int]
#: A problem's answer: an amount, or the ids of the options picked.
Value = Ratio | tuple[str, ...]

AnswerKind = Literal["amount", "pick"]
#: How an amount is asked for: "slices" (a whole count of slices, 6+), "points" (a whole
#: number of points, maybe below zero), "whole" (a whole count of something else),
#: "over" (a fraction with ``den`` at the bottom), "mixed" (wholes and a proper part),
#: "any" (every equal form).
AmountForm = Literal["slices", "points", "whole", "over", "mixed", "any"]


def words(key: str, **values: Any) -> Text:
    """The catalogue message ``key`` as Text; a value that is itself Text (a card's name)
    is said in the same language."""

    def text(language: str) -> str:
        return tr(key, language, **{k: v(language) if callable(v) else v for k, v in values.items()})

    return text


@dataclass(frozen=True)
class Choice:
    """One option a pick answer is made of: its id (a card's notation, a word's key) and
    its words (a card's name in the pupil's language)."""

    id: str
    label: Text
    #: A picture of the option (SVG), drawn by the game's own pictures, or None.
    picture: Callable[[str], str] | None = None


@dataclass(frozen=True)
class Problem:
    """One dealt question (see the module's docstring)."""

    skill: str
    prompt: Text
    kind: AnswerKind
    value: Value
    explain: Callable[[str], Explanation]
    #: What the rules read (the terms added, the cards shown ...): plain data.
    facts: Mapping[str, Any] = field(default_factory=dict)
    form: AmountForm = "any"
    den: int = 8
    #: The options of a pick answer; ``repeat``: one option may be picked more than once
    #: (a word for each pair), and then the picks are always in order.
    choices: tuple[Choice, ...] = ()
    ordered: bool = False
    repeat: bool = False
    #: The hint ladder: one to three steps, the last one close to the answer.
    hints: Callable[[str], list[str]] = lambda _language: []
    #: The chance that a blind guess is right (what the mastery model allows for).
    guess: float = 0.1
    picture: Callable[[str], str] | None = None
    #: How the right answer is written for the pupil once it is revealed.
    shown: Text | None = None
    #: A pupil writes an amount over one as a mixed number here (the prompt's own form), so
    #: a misconception's answer is typed "2 1/8", never "17/8", which reads as 1 7/8 mistyped.
    types_mixed: bool = False


@dataclass(frozen=True)
class Rule:
    """A misconception as a rule: ``answer(problem)`` is the answer a pupil holding it
    gives (None: the rule gives the right answer there, or does not apply). Its line is the
    catalogue message ``practice.misconception.<key>``."""

    key: str
    answer: Callable[[Problem], Value | None]

    def line(self, language: str) -> str:
        return tr(f"practice.misconception.{self.key}", language)

    def title(self, language: str) -> str:
        return tr(f"practice.misconception_title.{self.key}", language)


#: A generator: (a seeded random stream, the difficulty level 1..levels) -> a problem.
Generator = Callable[[Any, int], Problem]


@dataclass(frozen=True)
class Skill:
    """One skill of one game (see the module's docstring)."""

    game: str
    id: str
    #: The game level the skill belongs to ("beginner", "basic", "advanced", ...).
    game_level: str
    #: The pupils' age group ("6+", "8+", "10+"): the number forms follow it.
    age: str
    generate: Generator
    rules: tuple[Rule, ...] = ()
    #: The lesson screens that teach it: "<lesson>.<part>.<screen>".
    lessons: tuple[str, ...] = ()
    #: How many levels of difficulty the generator knows (level 1 is the easiest).
    levels: int = 3

    def title(self, language: str = "en") -> str:
        return tr(f"{self.game}.practice.skill.{self.id}", language)

    def taught_by(self, language: str = "en") -> str:
        """The lesson screens that teach the skill, in words."""
        return tr(f"{self.game}.practice.taught.{self.id}", language)

    def rule(self, key: str) -> Rule:
        for rule in self.rules:
            if rule.key == key:
                return rule
        raise KeyError(key)


def distinct(problem: Problem, rules: Sequence[Rule]) -> bool:
    """Whether every rule that applies gives its own wrong answer (no two coincide and none
    is right): the item then tells the misconceptions apart."""
    seen: set[Any] = set()
    for rule in rules:
        wrong = rule.answer(problem)
        if wrong is None:
            continue
        key = same_key(problem, wrong)
        if key == same_key(problem, problem.value) or key in seen:
            return False
        seen.add(key)
    return True


def applies(problem: Problem, rules: Sequence[Rule]) -> bool:
    """Whether at least one rule gives a wrong answer on this problem."""
    right = same_key(problem, problem.value)
    for rule in rules:
        wrong = rule.answer(problem)
        if wrong is not None and same_key(problem, wrong) != right:
            return True
    return False


def same_key(problem: Problem, value: Value) -> Any:
    """A value as compared with the answer: an amount by its exact value, picks in order
    when order matters, else as a set."""
    if problem.kind == "amount":
        p, q = value
        return ("amount", _reduced(int(p), int(q)))
    picks = tuple(str(v) for v in value)
    return ("pick", picks if problem.ordered or problem.repeat else tuple(sorted(picks)))


def _reduced(p: int, q: int) -> tuple[int, int]:
    from math import gcd

    g = gcd(p, q) or 1
    return (p // g, q // g)
