"""The screens a teacher can add to a lesson: every screen of our lessons (by the name a
lesson file gives it, ``game/lesson/part/screen``) and every screen of the teacher's own
good lesson files (copied into the lesson being built); and the misconceptions a likely
wrong answer of theirs may name."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.i18n import tr
from ..lesson.files import known_misconceptions
from ..lesson.notebooks import all_lessons
from ..lesson.show import PARTS, activity_spec


@cache
def our_screens(language: str) -> tuple[dict[str, Any], ...]:
    """Our lessons' screens in order, each with the names a page lists it under."""
    out = []
    for lesson in all_lessons():
        for part in PARTS:
            try:
                spec = activity_spec(lesson.game, lesson.name, part)
            except (KeyError, ValueError):
                continue  # a lesson without this part (the experiments have no ticket)
            for screen in spec.screens:
                out.append(
                    {
                        "ours": f"{lesson.game}/{lesson.name}/{part}/{screen.id}",
                        "group": spec.title(language),
                        "title": screen.title(language),
                    }
                )
    return tuple(out)


@cache
def offered_misconceptions(language: str) -> tuple[dict[str, str], ...]:
    """The misconceptions teachgames names that a lesson file's wrong answer may name
    (:func:`~teachgames.lesson.files.known_misconceptions`), each with the line a pupil
    is told, in ``language``."""
    return tuple(
        {"id": name, "line": tr(f"lesson.misconception.{name}", language)} for name in known_misconceptions()
    )


__all__ = ["offered_misconceptions", "our_screens"]
