"""Self-checks and exit tickets for the Delissimo lesson notebooks.

    from teachgames.delissimo.lesson import check_capture, exit_ticket

    check_capture(puzzle, give=["tomato 1/4", "pepper 1/2"], take=["6/8 pt"])
    ticket = exit_ticket("8plus")
    ticket.answer(1, "tomato 3/4, mushroom 6/8")
    ticket.answer(2, "6/8")
    print(ticket.summary())   # Exit ticket 8+: 2 of 3 right — Q1 ✓ Q2 ✓ Q3 ?

A pupil writes a capture as card strings, or answers a question with card strings, a
fraction ("6/8"), a mixed number ("1 3/8"), a whole number ("3") or yes/no. The engine
decides what is right (``game.explain``; a checked move is never played) and every
:class:`Feedback` says why, with the arithmetic, and shows itself in a notebook.

Answers are read by the package's own small parser (never ``eval``) and compared
exactly. Importing it is light (no sympy): sympy loads only when an explanation is
built. Every message is English, Russian and Bulgarian, from the message catalogue
(``lesson.*`` keys in ``teachgames/delissimo/locales``).

One job per module:

- ``words``: the catalogue's messages (``msg``), cards and pupil text named per language;
- ``numbers``: reading a pupil's number (:func:`parse_number`, :class:`ParsedNumber`);
- ``card_lists``: reading the cards a pupil names, matching them to a question's cards;
- ``arithmetic``: fractions, mixed numbers and a capture's sums in words;
- ``feedback``: :class:`Feedback`, the answer to a self-check;
- ``capture``: :func:`check_capture`;
- ``questions``: the kinds of exit-ticket question and how each is checked;
- ``worked``: the worked explanations of the tickets' number questions;
- ``plans``: the three lesson plans' tickets (:data:`TICKETS`);
- ``tickets``: :class:`ExitTicket` and :func:`exit_ticket`.
"""

from __future__ import annotations

from .capture import check_capture
from .feedback import Feedback
from .numbers import MAX_ANSWER as MAX_ANSWER
from .numbers import ParsedNumber, parse_number
from .plans import TICKETS
from .questions import CaptureQuestion, CardsQuestion, NumberQuestion, Question, YesNoQuestion
from .tickets import ExitTicket, exit_ticket

__all__ = [
    "TICKETS",
    "CaptureQuestion",
    "CardsQuestion",
    "ExitTicket",
    "Feedback",
    "NumberQuestion",
    "ParsedNumber",
    "Question",
    "YesNoQuestion",
    "check_capture",
    "exit_ticket",
    "parse_number",
]
