"""The Tsvetik lesson's own parts: the puzzle position and the exit ticket.

    from teachgames.tsvetik.lesson import field_puzzle, exit_ticket

    puzzle = field_puzzle()            # "which field should Player 1 take?"
    ticket = exit_ticket()             # empty: no answer counts until the pupil gives one
    ticket.answer(1, "15")
    print(ticket.summary())

The questions' words are ``tsvetik.lesson.*`` messages (en, ru, bg); the answers are
worked out by the engine (``score_cards``), never typed in by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sympy import Rational

from ...lesson import ChoiceQuestion, ExitTicket, NumberQuestion, Question
from ..cards import COLOURS, parse_colour
from ..game import TsvetikGame, scenario
from ..rules import TsvetikRules, make_rules
from ..scoring import best_group, counts_of, score_of

#: The puzzle: Player 1 holds 3 red; field 1 has 2 red, field 2 blue and green, field 3 one
#: violet; Player 2 holds 6 cards. The bank is the rest of the box: 49 − 14 = 35 cards.
PUZZLE_FIELDS = (("red", "red"), ("blue", "green"), ("violet",), ())
PUZZLE_COLLECTED = (("red",) * 3, ("yellow", "orange", "indigo", "violet", "green", "green"))


def _rest_of_the_box() -> list[str]:
    """The cards not on the table, colours taken in turn (a fixed order, no shuffle)."""
    seen = [c for f in PUZZLE_FIELDS for c in f] + [c for h in PUZZLE_COLLECTED for c in h]
    left = {c: 7 - seen.count(c) for c in COLOURS}
    bank: list[str] = []
    while any(left.values()):
        for c in COLOURS:
            if left[c]:
                bank.append(c)
                left[c] -= 1
    return bank


PUZZLE_BANK = tuple(_rest_of_the_box())

#: The younger lesson's rules: no points off for extra cards (so no numbers below zero).
NO_EXTRA: dict[str, int] = {"extra": 0}

#: Exit ticket 11+, question 1: the score of these cards (seed table).
Q1_CARDS = ("red",) * 5 + ("blue",) * 2
#: Question 2: which group is best for these cards?
Q2_CARDS = ("red", "orange", "yellow", "green", "blue", "red")
#: Question 3: the bank's cards and how many are red (the question gives the cards seen, 49 − 30
#: and 7 − 6, so the pupil works out the denominator).
Q3_BANK, Q3_RED = 30, 6
#: Exit ticket 8+: a one-colour score, a choice of group, the most likely colour.
Q8_1_CARDS = ("yellow",) * 4
Q8_2_CARDS = ("red", "red", "red", "blue", "green", "violet", "orange")
Q8_3_BANK = {"red": 5, "blue": 2, "green": 1}

LESSONS = ("8plus", "11plus")


def field_puzzle(rules: Mapping[str, Any] | None = None) -> TsvetikGame:
    """The lessons' puzzle: which field should Player 1 take, and what are the chances?"""
    return scenario(
        players=2,
        bank=list(PUZZLE_BANK),
        fields=[list(f) for f in PUZZLE_FIELDS],
        collected=[list(c) for c in PUZZLE_COLLECTED],
        rules=rules,
    )


def _rules(overrides: Mapping[str, Any] | None = None) -> TsvetikRules:
    return make_rules("seed", overrides)


def _score(cards: tuple[str, ...], overrides: Mapping[str, Any] | None = None) -> int:
    return score_of([parse_colour(c) for c in cards], _rules(overrides))


def _group_choice(cards: tuple[str, ...], overrides: Mapping[str, Any] | None = None) -> int:
    """1 when one colour scores most for ``cards``, 2 when different colours do."""
    best = best_group(counts_of([parse_colour(c) for c in cards]), _rules(overrides))
    return 2 if best is not None and best.colour is None else 1


def exit_ticket(lesson: str = "11plus", language: str | None = None) -> ExitTicket:
    """The lesson's three questions, empty; the answers are worked out by the engine.

    11+: a score with extra cards, the best group, the chance of a colour as a fraction.
    8+ (no points off for extra cards): a one-colour score, the best group, the most likely
    colour of the next card."""
    if lesson not in LESSONS:
        raise ValueError(f"the Tsvetik lessons are {', '.join(LESSONS)}, not {lesson!r}")
    groups = ("@tsvetik.lesson.choice.one_colour", "@tsvetik.lesson.choice.different")
    title = f"{TsvetikGame.title(language)} {lesson.replace('plus', '+')}"
    if lesson == "8plus":
        likely = max(Q8_3_BANK, key=lambda c: Q8_3_BANK[c])
        colours = tuple(Q8_3_BANK)
        questions: list[Question] = [
            NumberQuestion(key="tsvetik.lesson.ticket8.q1", value=(_score(Q8_1_CARDS, NO_EXTRA), 1)),
            ChoiceQuestion(
                key="tsvetik.lesson.ticket8.q2",
                options=groups,
                right=frozenset({_group_choice(Q8_2_CARDS, NO_EXTRA)}),
            ),
            ChoiceQuestion(
                key="tsvetik.lesson.ticket8.q3",
                options=tuple(f"@tsvetik.colour.{c}" for c in colours),
                right=frozenset({colours.index(likely) + 1}),
                values=dict(Q8_3_BANK),
            ),
        ]
        return ExitTicket(title, questions, language=language)
    chance = Rational(Q3_RED, Q3_BANK)
    questions = [
        NumberQuestion(key="tsvetik.lesson.ticket.q1", value=(_score(Q1_CARDS), 1)),
        ChoiceQuestion(
            key="tsvetik.lesson.ticket.q2", options=groups, right=frozenset({_group_choice(Q2_CARDS)})
        ),
        NumberQuestion(
            key="tsvetik.lesson.ticket.q3",
            value=(int(chance.p), int(chance.q)),
            values={"bank": Q3_BANK, "red": Q3_RED, "seen": 49 - Q3_BANK, "seen_red": 7 - Q3_RED},
        ),
    ]
    return ExitTicket(title, questions, language=language)


__all__ = ["LESSONS", "NO_EXTRA", "exit_ticket", "field_puzzle"]
