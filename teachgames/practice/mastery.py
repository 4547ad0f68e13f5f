"""How sure we are that a pupil knows a skill: Bayesian Knowledge Tracing, and when a
mastered skill comes back for review.

**Knowledge tracing** (Corbett and Anderson, 1995) keeps one number per pupil and skill,
the probability that the skill is known, and updates it after each first try with four
parameters: ``known`` at the start, ``learn`` (the chance of learning it from one item),
``slip`` (a knower's mistake) and ``guess`` (a right answer without knowing). The guess
of an item is the larger of the skill's and the item's own chance of a blind guess, so
an item with four options counts less than one where the pupil types a number. The
parameters are shipped (:data:`DEFAULT`); a class's answers can refit them (``pyBKT``
fits exactly these four) and a game may ship its own per skill.

A skill is **mastered** once the probability reaches :data:`MASTERED`. With the shipped
parameters that takes five right first tries in a row from the start, so a pupil who
guesses among a dozen plausible answers is almost never marked as knowing it, and a
pupil who knows it is, within five items.

**Review** is spaced by items, not by the clock (a lesson has no days): a mastered skill
comes back after :data:`FIRST_GAP` further items, and each right review doubles the gap
(the expanding intervals of spaced repetition); a missed review lowers the probability
by the same update, and below the mastery line the skill is practised again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

#: The probability from which a skill counts as mastered.
MASTERED = 0.95
#: Items between mastering a skill and its first review; each right review doubles it.
FIRST_GAP = 4


@dataclass(frozen=True)
class Parameters:
    """The four parameters of knowledge tracing for one skill."""

    known: float = 0.05
    learn: float = 0.05
    slip: float = 0.1
    guess: float = 0.3

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


#: The shipped parameters (every skill, until a class's answers refit them).
DEFAULT = Parameters()


def update(known: float, correct: bool, params: Parameters = DEFAULT, guess: float | None = None) -> float:
    """The probability that the skill is known after one first try (right or not): the
    Bayes step on the evidence, then the chance of learning from the item."""
    g = max(params.guess, guess or 0.0)
    s = params.slip
    if correct:
        evidence = known * (1 - s)
        posterior = evidence / (evidence + (1 - known) * g)
    else:
        evidence = known * s
        posterior = evidence / (evidence + (1 - known) * (1 - g))
    return posterior + (1 - posterior) * params.learn


def items_to_master(params: Parameters = DEFAULT, guess: float | None = None) -> int:
    """How many right first tries in a row take a new pupil to mastery (for the docs and
    the benchmark's expectations)."""
    p, n = params.known, 0
    while p < MASTERED:
        p = update(p, True, params, guess)
        n += 1
    return n
