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

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from itertools import product
from math import inf, log

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


def likelihood(sequence: Sequence[bool], params: Parameters) -> float:
    """The log-likelihood of one pupil's first tries under ``params`` (the forward pass
    of knowledge tracing's hidden Markov model)."""
    known, total = params.known, 0.0
    for correct in sequence:
        right = known * (1 - params.slip) + (1 - known) * params.guess
        p = right if correct else 1 - right
        total += log(max(p, 1e-12))
        known = update(known, correct, params)
    return total


#: The grid :func:`fit` searches (coarse: a class gives a few hundred answers a skill).
GRID = {
    "known": (0.02, 0.05, 0.1, 0.2, 0.35, 0.5),
    "learn": (0.02, 0.05, 0.1, 0.15, 0.25),
    "slip": (0.05, 0.1, 0.15, 0.2),
    "guess": (0.1, 0.2, 0.3),
}


def fit(sequences: Iterable[Sequence[bool]], fallback: Parameters = DEFAULT) -> Parameters:
    """The four parameters that best explain a class's first tries at one skill (one
    sequence per pupil), by maximum likelihood over :data:`GRID`; ``fallback`` when there
    are too few answers (fewer than 30) to say anything. Guess stays at most 0.3 and slip
    at most 0.2, so a fit never decides that a guess is as good as knowing.

    ``pyBKT`` fits the same four parameters by expectation maximisation, finer; this grid
    search needs no dependency and runs in the browser's Python too."""
    data = [list(s) for s in sequences if s]
    if sum(len(s) for s in data) < 30:
        return fallback
    best, best_score = fallback, -inf
    for known, learn, slip, guess in product(*GRID.values()):
        params = Parameters(known, learn, slip, guess)
        score = sum(likelihood(s, params) for s in data)
        if score > best_score:
            best, best_score = params, score
    return best
