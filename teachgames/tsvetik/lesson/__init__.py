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

from sympy import Rational

from ...lesson import ChoiceQuestion, ExitTicket, NumberQuestion
from ..cards import COLOURS, parse_colour
from ..engine import TsvetikGame, scenario
from ..scoring import score_of

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

#: Exit ticket, question 1: the score of these cards (seed table).
Q1_CARDS = ("red",) * 5 + ("blue",) * 2
#: Question 2: which group is best for these cards?
Q2_CARDS = ("red", "orange", "yellow", "green", "blue", "red")
#: Question 3: the bank's cards and how many are red.
Q3_BANK, Q3_RED = 30, 6


def field_puzzle() -> TsvetikGame:
    """The lesson's puzzle: which field should Player 1 take, and what are the chances?"""
    return scenario(
        players=2,
        bank=list(PUZZLE_BANK),
        fields=[list(f) for f in PUZZLE_FIELDS],
        collected=[list(c) for c in PUZZLE_COLLECTED],
    )


def _score(cards: tuple[str, ...]) -> int:
    from ..rules import make_rules

    return score_of([parse_colour(c) for c in cards], make_rules("seed"))


def exit_ticket(language: str | None = None) -> ExitTicket:
    """Three questions: a score with extra cards, the best group, the chance of a colour."""
    from ..rules import make_rules
    from ..scoring import best_group, counts_of

    q1 = _score(Q1_CARDS)
    best = best_group(counts_of([parse_colour(c) for c in Q2_CARDS]), make_rules("seed"))
    right = 2 if best is not None and best.colour is None else 1
    chance = Rational(Q3_RED, Q3_BANK)
    return ExitTicket(
        TsvetikGame.title(language),
        [
            NumberQuestion(key="tsvetik.lesson.ticket.q1", value=(q1, 1)),
            ChoiceQuestion(
                key="tsvetik.lesson.ticket.q2",
                options=("@tsvetik.lesson.choice.one_colour", "@tsvetik.lesson.choice.different"),
                right=frozenset({right}),
            ),
            NumberQuestion(
                key="tsvetik.lesson.ticket.q3",
                value=(int(chance.p), int(chance.q)),
                values={"bank": Q3_BANK, "red": Q3_RED},
            ),
        ],
        language=language,
    )


__all__ = ["exit_ticket", "field_puzzle"]
