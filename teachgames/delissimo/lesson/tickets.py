"""The Delissimo exit tickets: :func:`exit_ticket` gives a lesson's ticket as a shared
:class:`~teachgames.lesson.ExitTicket`, empty until the pupil answers."""

from __future__ import annotations

from ...core.i18n import check_language
from ...lesson.tickets import ExitTicket
from .plans import TICKETS

__all__ = ["ExitTicket", "exit_ticket"]


def exit_ticket(name: str, language: str | None = None) -> ExitTicket:
    """The exit ticket of a lesson notebook: "6plus", "8plus" or "10plus" (or "8+")."""
    key = str(name).replace("+", "plus").strip().lower()
    if key not in TICKETS:
        raise ValueError(f"no exit ticket {name!r}; there are: {', '.join(TICKETS)}")
    if language is not None:
        check_language(language)
    title, questions = TICKETS[key]
    return ExitTicket(title, questions, language)
