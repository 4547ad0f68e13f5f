"""Writing numbers back the way a lesson prints them. A pupil's number is read by the one
reader, :func:`teachgames.lesson.reading.read_amount`."""

from __future__ import annotations

from ..core.numbers import FORMS as FORMS
from ..core.numbers import fraction_text as fraction_text
from ..core.numbers import mixed_number
from ..core.numbers import number_form as number_form

#: Longest answer echoed back in a ticket's feedback.
MAX_ANSWER = 120


def mixed_words(p: int, q: int) -> str:
    """p/q as a mixed number in lowest terms ("1 3/8", "3", "5/8", "-1 7/8")."""
    return mixed_number(p, q)
