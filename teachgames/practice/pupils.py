"""Simulated pupils, to measure practice as a teacher would try it: does it find the
misconception a pupil holds, how soon does it trust a pupil who knows the skill, and is it
ever fooled by one who guesses?

Each pupil is a function from an item (and which try it is) to the text typed:

- :func:`knower`: always right (``str(item.answer)``);
- :func:`holder`: holds one misconception (the answer its rule gives; right where the
  rule changes nothing);
- :class:`Guesser`: picks among the answers a pupil could plausibly give, blind;
- :class:`Learner`: starts as a guesser (or holding a misconception) and learns the
  skill from each item with a known chance.

:func:`run` plays one pupil through a :class:`~teachgames.practice.run.Practice` and
reports when the run diagnosed the misconception and when it marked the skill mastered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ..core.rng import Chance
from .item import Item
from .run import Practice

#: A simulated pupil: (the item, the try, 1 or 2) -> what the pupil types or picks.
Pupil = Callable[[Item, int], Any]


def knower(item: Item, _try: int = 1) -> Any:
    return str(item.answer)


def holder(key: str) -> Pupil:
    """A pupil who holds the misconception ``key`` (and otherwise knows the skill)."""

    def answer(item: Item, _try: int = 1) -> Any:
        return item.wrong_answers().get(key, str(item.answer))

    return answer


class Guesser:
    """A pupil who guesses: among a dozen plausible amounts (the right one, the
    misconceptions' answers and numbers near them), or a random pick of the options
    shown in the shape asked for."""

    def __init__(self, seed: int = 0, pool: int = 12) -> None:
        self.chance = Chance(seed)
        self.pool = pool

    def __call__(self, item: Item, _try: int = 1) -> Any:
        problem = item.problem
        if problem.kind == "pick":
            ids = [c.id for c in problem.choices]
            if problem.repeat:
                return [self.chance.choice(ids) for _ in problem.value]
            if problem.ordered:
                return self.chance.sample(ids, len(ids))
            size = self.chance.randint(1, len(ids))
            return self.chance.sample(ids, size)
        return self.chance.choice(self.plausible(item))

    def plausible(self, item: Item) -> list[str]:
        """A dozen distinct amounts a pupil might type for this item, the right one among them."""
        p, q = (int(x) for x in item.problem.value)
        seen = {str(item.answer)}
        out = [str(item.answer)]
        for wrong in item.wrong_answers().values():
            if wrong not in seen:
                seen.add(wrong)
                out.append(wrong)
        step = 1
        while len(out) < self.pool:
            for value in (p + step * q, p - step * q) if q == 1 else (p + step, p - step):
                text = item.typed((value, q))
                if text not in seen and len(out) < self.pool:
                    seen.add(text)
                    out.append(text)
            step += 1
        return out


class Learner:
    """A pupil who does not know the skill yet (answers as ``before`` does) and learns it
    from each item with the chance ``rate``; once learnt, a slip now and then."""

    def __init__(self, rate: float, seed: int = 0, before: Pupil | None = None, slip: float = 0.05) -> None:
        self.rate, self.slip = rate, slip
        self.chance = Chance(seed)
        self.before = before or Guesser(seed)
        self.knows = False
        self.items = 0

    def __call__(self, item: Item, attempt: int = 1) -> Any:
        if attempt == 1:
            self.items += 1
            if not self.knows and self.items > 1 and self.chance.random() < self.rate:
                self.knows = True
        if self.knows and self.chance.random() >= self.slip:
            return knower(item)
        return self.before(item, attempt)


@dataclass
class Outcome:
    """When a run found what it looks for (the item's number, 1-based), or None."""

    diagnosed: int | None
    mastered: int | None
    items: int


def run(
    game: str,
    skill: str,
    pupil: Pupil,
    *,
    seed: int = 0,
    items: int = 20,
    want: str | None = None,
    stop: str = "both",
) -> Outcome:
    """Play ``pupil`` through up to ``items`` items of one skill; ``want`` is the
    misconception expected to be diagnosed. ``stop``: "diagnosed", "mastered" or "both"
    (stop when what is looked for is found)."""
    p = Practice(game, [skill], seed=seed)
    diagnosed = mastered = None
    for n in range(1, items + 1):
        item = p.item
        mark = p.answer(pupil(item, 1))
        if not mark.correct and not p.done:
            p.answer(pupil(item, 2))
        if diagnosed is None and want is not None and p.held()[skill] == want:
            diagnosed = n
        if mastered is None and p.states[skill].mastered:
            mastered = n
        if (stop == "diagnosed" and diagnosed) or (stop == "mastered" and mastered):
            break
        if stop == "both" and diagnosed and mastered:
            break
        p.next()
    return Outcome(diagnosed, mastered, n)


def orders(item: Item) -> list[tuple[str, ...]]:
    """Every order of an ordered pick's options (for tests that try them all)."""
    return list(permutations(c.id for c in item.problem.choices))
