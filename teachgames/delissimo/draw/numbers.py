"""Scores in a lesson's one number form, for the table's pile boxes, the widget's score
table, its game-over line and the static fallback: one widget never mixes 71/8 with 7/2.

The forms are those of :func:`teachgames.core.numbers.number_form` ("over": 29/8,
"mixed": 3 5/8, "both": 29/8 = 3 5/8) and Delissimo's own **"slices"**: whole pizzas and
slices in the pupil's words ("3 whole pizzas and 5 slices", «3 целые пиццы и 5 кусков»),
for pupils who do not read written fractions yet.

**Decision (number form per level)**, kept as data in :data:`LEVEL_FORMS`; a teacher
overrides it with ``number_form=`` on the widget or the picture:

* 6+ (``beginner``, ``whole``): "slices" -- the 6+ plan says pupils see no written
  fractions; they count slices and whole pizzas;
* 8+ (``basic``): "over" -- everything in eighths (29/8), the lesson's common
  denominator; mixed numbers come later (grade 5);
* 10+ (``advanced``): "both" -- eighths and the mixed number (29/8 = 3 5/8), as the 10+
  plan turns improper fractions into mixed numbers and back.
"""

from __future__ import annotations

from ...core.numbers import FORMS, mixed_number, number_form, read_exact
from ..messages import slices_words

__all__ = [
    "LEVEL_FORMS",
    "NUMBER_FORMS",
    "check_form",
    "level_form",
    "mixed_number",
    "parse_score",
    "score_words",
    "slices_words",
]

#: Every number form a Delissimo picture or widget writes.
NUMBER_FORMS: tuple[str, ...] = (*FORMS, "slices")

#: The Decision above: the number form of each level's lessons.
LEVEL_FORMS: dict[str, str] = {
    "beginner": "slices",
    "whole": "slices",
    "basic": "over",
    "advanced": "both",
}

#: The form of a level this table does not know (a teacher's own level name).
OTHER_LEVEL_FORM = "both"


def level_form(level: object) -> str:
    """The number form a level's lessons use (:data:`LEVEL_FORMS`)."""
    return LEVEL_FORMS.get(str(level), OTHER_LEVEL_FORM)


def check_form(form: str | None, level: object) -> str:
    """``form``, or the level's form when it is None; an unknown form is a ValueError
    naming the forms."""
    if form is None:
        return level_form(level)
    if form not in NUMBER_FORMS:
        raise ValueError(
            f"number_form must be one of {', '.join(NUMBER_FORMS)} (or None: the level's), not {form!r}"
        )
    return form


def parse_score(value: object) -> tuple[int, int] | None:
    """A view's score as (numerator, denominator): the view holds exact numbers
    (``{"numerator": 29, "denominator": 8}``); None for anything else."""
    return read_exact(value)


def score_words(value: object, form: str, language: str | None = None) -> str:
    """A view's exact score (``{"numerator": 29, "denominator": 8}`` or a whole number)
    written in ``form``; a value that is not an exact number is shown as it is."""
    exact = read_exact(value)
    if exact is None:
        return str(value)
    p, q = exact
    if form == "slices":
        return slices_words(p, q, language)
    return number_form(p, q, form=form)
