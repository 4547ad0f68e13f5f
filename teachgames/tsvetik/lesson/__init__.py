"""The Tsvetik lessons' own parts: the puzzle position, the exit tickets' cards, and the
exit ticket (the lesson's ``"ticket"`` activity, :mod:`.activities`).

    from teachgames.tsvetik.lesson import field_puzzle, exit_ticket

    puzzle = field_puzzle()            # "which field should Player 1 take?"
    ticket = exit_ticket("11plus")     # empty: no answer counts until the pupil gives one
    ticket.go(2)                       # the chance of a red card
    ticket.answer("1/5")               # a Mark
    print(ticket.summary_text())

The screens' words are ``tsvetik.lesson.*`` messages and text sections (en, ru, bg); the
answers are worked out by the engine (``score_of``), never typed in by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...lesson.activity import Activity
from ...lesson.show import exit_ticket as lesson_ticket
from ..cards import COLOURS
from ..game import TsvetikGame, scenario

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

#: Exit ticket 11+, question 1: the score of these cards (the box's table).
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


def exit_ticket(lesson: str = "11plus", language: str | None = None) -> Activity:
    """The lesson's exit ticket (the shared :func:`teachgames.lesson.exit_ticket`), empty.

    11+: a score with extra cards, the best group, the chance of a colour as a fraction.
    8+ (no points off for extra cards): a one-colour score, the best group, the most likely
    colour of the next card."""
    if lesson not in LESSONS:
        raise ValueError(f"the Tsvetik lessons are {', '.join(LESSONS)}, not {lesson!r}")
    return lesson_ticket("tsvetik", lesson, language=language)


__all__ = ["LESSONS", "NO_EXTRA", "exit_ticket", "field_puzzle"]
