"""Tsvetik-Semitsvetik's practice: score a colour, a total below zero, the chance of a
colour. Every collection is the top of a real bank dealt by the engine, and every score
is the engine's own (``score_counts``; the worked solution is ``score_cards``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import tr
from ..practice.common import dealt, hints
from ..practice.model import Problem, Rule, Skill, Value, words
from .cards import COLOURS
from .messages import colour_word
from .rules import make_rules
from .scoring import best_group, counts_of, score_counts

if TYPE_CHECKING:
    from ..explain import Explanation

G = "tsvetik"
P = "tsvetik.practice."
RULES = make_rules("seed")


def _bank(stream: Any) -> list[int]:
    view = dealt(G, stream, players=3)
    return [COLOURS.index(c) for c in view["bank_cards"]]


def _counts_words(counts: list[int]) -> Any:
    def said(language: str) -> str:
        parts = [
            tr(P + "cards_of", language, n=n, colour=colour_word(c, language))
            for c, n in enumerate(counts)
            if n
        ]
        return ", ".join(parts)

    return said


def _scored(cards: list[int]) -> Any:
    def explain(language: str) -> Explanation:
        from . import score_cards

        _, e = score_cards([COLOURS[c] for c in cards], "seed", language)
        return e

    return explain


# ---------------------------------------------------------------------- one colour


def _one_colour(stream: Any, level: int) -> Problem:
    top = {1: 3, 2: 5, 3: 7}[level]
    while True:
        bank = _bank(stream)
        colour = bank[0]
        n = bank.count(colour)
        n = min(n, stream.randint(2, top))
        if n >= 2:
            break
    cards = [colour] * n
    points = score_counts(counts_of(cards), RULES)
    return Problem(
        "score_colour",
        words(P + "prompt.score_colour", cards=_counts_words(counts_of(cards))),
        "amount",
        (points, 1),
        _scored(cards),
        facts={"n": n, "table": RULES.one_colour, "cards": [COLOURS[c] for c in cards]},
        form="points",
        hints=hints(P + "hint.score_colour", n=n),
        guess=1 / 10,
    )


def _counted_cards(problem: Problem) -> Value | None:
    return (problem.facts["n"], 1)


def _row_off(problem: Problem) -> Value | None:
    n, table = problem.facts["n"], problem.facts["table"]
    return (table[n], 1) if n < len(table) else None


# ---------------------------------------------------------------------- below zero


def _negative(stream: Any, level: int) -> Problem:
    size = {1: 5, 2: 7, 3: 9}[level]
    while True:
        bank = _bank(stream)
        cards = bank[:size]
        counts = counts_of(cards)
        points = score_counts(counts, RULES)
        group = best_group(counts, RULES)
        if points < 0 and group is not None:
            break
    extra = size - group.size
    return Problem(
        "negative_total",
        words(P + "prompt.negative_total", cards=_counts_words(counts)),
        "amount",
        (points, 1),
        _scored(cards),
        facts={
            "group": points - extra * RULES.extra,
            "extra": extra,
            "step": RULES.extra,
            "cards": [COLOURS[c] for c in cards],
        },
        form="points",
        hints=hints(P + "hint.negative_total", n=size),
        guess=1 / 10,
    )


def _added_negative(problem: Problem) -> Value | None:
    f = problem.facts
    return (f["group"] - f["extra"] * f["step"], 1)


def _forgot_negative(problem: Problem) -> Value | None:
    return (problem.facts["group"], 1)


# ---------------------------------------------------------------------- chance


def _chance(stream: Any, level: int) -> Problem:
    size = {1: 6, 2: 9, 3: 12}[level]
    while True:
        bank = _bank(stream)
        rest = bank[:size]
        colour = stream.choice(rest)
        r = rest.count(colour)
        if 0 < r < size - r:
            break
    counts = counts_of(rest)

    def explain(language: str) -> Explanation:
        from sympy import Rational

        from ..explain import Explanation, Printed

        e = Explanation(title=tr(P + "worked.chance", language), language=language)
        e.add(
            tr(P + "worked.chance_count", language, r=r, n=size, colour=colour_word(colour, language)),
            [Printed(r, size), Rational(r, size)],
        )
        return e

    return Problem(
        "chance",
        words(
            P + "prompt.chance",
            cards=_counts_words(counts),
            n=size,
            colour=lambda language: colour_word(colour, language),
        ),
        "amount",
        (r, size),
        explain,
        facts={"r": r, "n": size, "cards": [COLOURS[c] for c in rest], "colour": COLOURS[colour]},
        form="any",
        hints=hints(P + "hint.chance", n=size),
        guess=1 / 12,
    )


def _count_not_chance(problem: Problem) -> Value | None:
    return (problem.facts["r"], 1)


def _odds(problem: Problem) -> Value | None:
    r, n = problem.facts["r"], problem.facts["n"]
    return (r, n - r)


SKILLS: tuple[Skill, ...] = (
    Skill(
        G,
        "score_colour",
        "seed",
        "8+",
        _one_colour,
        (Rule("counted_cards", _counted_cards), Rule("row_off", _row_off)),
        ("8plus.warmup.read", "8plus.puzzles.own"),
    ),
    Skill(
        G,
        "negative_total",
        "seed",
        "11+",
        _negative,
        (Rule("added_negative", _added_negative), Rule("extras_forgotten", _forgot_negative)),
        ("11plus.warmup.extra", "11plus.puzzles.left"),
    ),
    Skill(
        G,
        "chance",
        "seed",
        "11+",
        _chance,
        (Rule("count_not_chance", _count_not_chance), Rule("odds", _odds)),
        ("11plus.puzzles.unlikely", "11plus.puzzles.chance"),
    ),
)
