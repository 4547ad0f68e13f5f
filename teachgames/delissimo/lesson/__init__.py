"""Self-checks and exit tickets for the Delissimo lesson notebooks, on the shared lesson
machinery (:mod:`teachgames.lesson`).

    from teachgames.delissimo.lesson import check_capture, exit_ticket

    check_capture(puzzle, give=["tomato 1/4", "pepper 1/2"], take=["6/8 pt"])
    ticket = exit_ticket("8plus")          # empty: no answer counts until the pupil gives one
    ticket.answer(1, "tomato 3/4, mushroom 6/8")
    print(ticket.summary())   # Exit ticket 8+: 1 of 3 right, 2 not answered yet — Q1 ✓ Q2 ? Q3 ?

A pupil writes a capture as card strings, or answers with card strings, a number, or by
choosing (6+: every question is a choice, in slices and whole pizzas). The engine decides
what is right (``game.explain``; a checked move is never played) and every
:class:`~teachgames.lesson.Feedback` says why, with the arithmetic.

One job per module:

- ``words``: Delissimo's lesson messages over the shared ones; cards and slices in words;
- ``card_lists``: reading the cards a pupil names, matching them to a question's cards;
- ``arithmetic``: a capture's sums in words (slices at 6+, fractions above);
- ``capture``: :func:`check_capture`;
- ``questions``: the question kinds that need the engine (:class:`CanCaptureQuestion`,
  :class:`CardsQuestion`, :class:`CaptureQuestion`);
- ``worked``: the worked explanations of the tickets' questions;
- ``plans``: the three lesson plans' tickets (:data:`TICKETS`);
- ``tickets``: :func:`exit_ticket`;
- ``notebooks``: the three lessons' cells for the generic builder (words in ``text/<language>/``).
"""

from __future__ import annotations

from ...lesson import MAX_ANSWER as MAX_ANSWER
from ...lesson import ExitTicket, Feedback
from .capture import check_capture
from .plans import TICKETS
from .questions import (
    CanCaptureQuestion,
    CaptureQuestion,
    CardsQuestion,
    ChoiceQuestion,
    NumberQuestion,
    Question,
    YesNoQuestion,
)
from .tickets import exit_ticket

__all__ = [
    "TICKETS",
    "CanCaptureQuestion",
    "CaptureQuestion",
    "CardsQuestion",
    "ChoiceQuestion",
    "ExitTicket",
    "Feedback",
    "NumberQuestion",
    "Question",
    "YesNoQuestion",
    "check_capture",
    "exit_ticket",
]
