"""The screens a teacher can add to a lesson: every screen of our lessons (by the name a
lesson file gives it, ``game/lesson/part/screen``) and every screen of the teacher's own
good lesson files (copied into the lesson being built)."""

from __future__ import annotations

from functools import cache
from typing import Any

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


__all__ = ["our_screens"]
