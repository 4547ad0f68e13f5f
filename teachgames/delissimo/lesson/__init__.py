"""Delissimo's lessons (6+, 8+, 10+) on the shared activity layer (:mod:`teachgames.lesson`).

    from teachgames.delissimo.lesson import exit_ticket

    ticket = exit_ticket("8plus")          # the lesson's "ticket" activity, empty
    ticket.go(1)                           # "write 3/4 of a pizza in eighths"
    ticket.answer("6/8")                   # a Mark: right, or the slip named
    print(ticket.summary_text())

Pupils pick cards on a table, choose, or type an amount; the engine decides what a pick is
worth (``game.problem``; a checked move is never played) and every line says why in the
lesson's number words (slices and whole pizzas at 6+, eighths above).

One job per module:

- ``activities``: every screen of the three lessons as data (warm-up, puzzles, exit ticket);
- ``arithmetic``: a capture's sums in words (slices at 6+, fractions above);
- ``words``: cards, toppings and slices in the pupil's words;
- ``notebooks``: the three lessons' cells for the generic builder (words in ``text/<language>/``).
"""

from __future__ import annotations

from ...lesson.activity import Activity
from ...lesson.show import exit_ticket as lesson_ticket

__all__ = ["exit_ticket"]


def exit_ticket(name: str, language: str | None = None) -> Activity:
    """The exit ticket of a lesson notebook, "6plus", "8plus" or "10plus" (or "8+"): the
    shared :func:`teachgames.lesson.exit_ticket` of that lesson."""
    return lesson_ticket("delissimo", str(name).replace("+", "plus").strip().lower(), language=language)
