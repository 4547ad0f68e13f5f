"""Ligretto's practice: a round's points and a running total, from rounds the engine
plays with bots (``simulate_round``): the centre cards and the Ligretto stack left are a
real player's, and the points are the engine's ``round_scores``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.rng import Chance
from ..practice.common import hints
from ..practice.model import Problem, Rule, Skill, Value, words

if TYPE_CHECKING:
    from ..explain import Explanation

G = "ligretto"
P = "ligretto.practice."


#: How many rounds the engine plays for practice (each once, the first time it is dealt).
ROUNDS = 64


@cache
def _played_round(index: int) -> tuple[tuple[int, int, int], ...]:
    """Every player's (cards in the centre, cards left in the Ligretto stack, points) in the
    round ``index``, played by the engine with bots at seeded speeds."""
    from . import simulate_round

    chance = Chance.from_text(f"practice/ligretto/round/{index}")
    players = chance.randint(2, 4)
    speeds = [round(chance.uniform(0.6, 2.0), 2) for _ in range(players)]
    game = simulate_round(players=players, seed=chance.randrange(2**31), speeds=speeds)
    view = game.view()
    points = game.round_scores()[-1]
    return tuple(
        (
            sum(owner == p for pile in view["piles"] for owner in pile["owners"]),
            int(view["hands"][p]["stack"]),
            int(points[p]),
        )
        for p in range(players)
    )


def played(stream: Any) -> tuple[int, int, int]:
    """One player's (centre, left, points) in one of the :data:`ROUNDS` rounds the engine
    played (a round costs tens of milliseconds to play, so each is played once and kept;
    a pupil never waits)."""
    row: tuple[int, int, int] = stream.choice(_played_round(stream.randrange(ROUNDS)))
    return row


def _round(stream: Any, level: int) -> Problem:
    while True:
        centre, left, points = played(stream)
        # level 1 any round, level 2 more cards left, level 3 a round below zero
        if left and (level == 1 or (level == 2 and left >= 3) or points < 0):
            break

    def explain(language: str) -> Explanation:
        from . import round_score

        _, e = round_score(centre, left, language)
        return e

    return Problem(
        "round_points",
        words(P + "prompt.round", centre=centre, left=left),
        "amount",
        (points, 1),
        explain,
        facts={"centre": centre, "left": left},
        form="points",
        hints=hints(P + "hint.round", centre=centre, left=left),
        guess=1 / 12,
    )


def _not_doubled(problem: Problem) -> Value | None:
    f = problem.facts
    return (f["centre"] - f["left"], 1)


def _added_penalty(problem: Problem) -> Value | None:
    f = problem.facts
    return (f["centre"] + 2 * f["left"], 1)


def _total(stream: Any, level: int) -> Problem:
    rounds = level + 1
    while True:
        points = [played(stream)[2] for _ in range(rounds)]
        if any(p < 0 for p in points):
            break

    def explain(language: str) -> Explanation:
        from sympy import Add, Integer

        from ..core.i18n import tr
        from ..explain import Explanation

        e = Explanation(title=tr(P + "worked.total", language), language=language)
        e.add(
            tr(P + "worked.add_rounds", language),
            [Add(*[Integer(p) for p in points], evaluate=False), Integer(sum(points))],
        )
        return e

    shown = ", ".join(f"{p:+d}".replace("-", "−") for p in points)
    return Problem(
        "running_total",
        words(P + "prompt.total", rounds=shown, n=rounds),
        "amount",
        (sum(points), 1),
        explain,
        facts={"points": points},
        form="points",
        hints=hints(P + "hint.total"),
        guess=1 / 12,
    )


def _dropped_sign(problem: Problem) -> Value | None:
    return (sum(abs(p) for p in problem.facts["points"]), 1)


def _subtracted_all(problem: Problem) -> Value | None:
    points = problem.facts["points"]
    return (points[0] - sum(abs(p) for p in points[1:]), 1)


SKILLS: tuple[Skill, ...] = (
    Skill(
        G,
        "round_points",
        "seed",
        "8+",
        _round,
        (Rule("not_doubled", _not_doubled), Rule("added_penalty", _added_penalty)),
        ("race.warmup.score", "race.warmup.below", "race.ticket.t1"),
    ),
    Skill(
        G,
        "running_total",
        "seed",
        "8+",
        _total,
        (Rule("forgot_negative_round", _dropped_sign), Rule("all_taken_away", _subtracted_all)),
        ("race.puzzles.total", "race.ticket.t2"),
    ),
)
