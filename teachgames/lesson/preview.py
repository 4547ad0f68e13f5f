"""One screen of a lesson file as a pupil first sees it, as self-contained HTML, and what
the pupil meets later on it (the hint, the lines after wrong answers, the worked
solution, the reveal), as data for the teacher to read.

The authoring app (``teachgames author``) previews each screen while a teacher builds a
lesson; it shows exactly what the activity widget's static rendering shows (the prompt,
the engine's picture, the options), through the same reading of the file, so a preview
never promises what the lesson would not do. One screen is read on its own, inside a
lesson of one screen, so a half-written screen elsewhere does not hide this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.i18n import LANGUAGES, check_language
from ..widgets.activity_static import screen_html
from .activity import Activity
from .files import FORMAT, VERSION, LessonFileError, read_lesson
from .screens import ActivitySpec, paragraphs
from .tasks import Task, TypeAmount


def screen_preview(lesson: Mapping[str, Any], index: int, language: str) -> str:
    """Screen ``index`` of the lesson data ``lesson`` in ``language``, as the pupil sees it
    before answering. A screen that does not check raises the LessonFileError the file
    would (its place named as in the whole lesson: ``/screens/2/prompt``)."""
    check_language(language)
    return screen_html(Activity(_alone(lesson, index), language).view_model())


def screen_notes(lesson: Mapping[str, Any], index: int, language: str) -> dict[str, Any]:
    """What the pupil meets later on screen ``index``, in ``language``, read as the lesson
    reads it: ``asks`` (whether the screen has a task: a screen to read shows no hint and
    no worked solution, and its reveal with its text), ``hint`` (the steps behind the hint
    button, one a paragraph), ``wrongs`` (each likely wrong answer the file names, with
    the line a pupil who gives it is told), ``worked`` and ``reveal`` (paragraphs; a puzzle's
    worked solution holds the engine's after the teacher's words). A screen that does not
    check raises as :func:`screen_preview` does."""
    check_language(language)
    spec = _alone(lesson, index)
    screen = spec.screens[0]
    task = screen.task
    return {
        "asks": task is not None,
        "hint": paragraphs(screen.hint(language)) if screen.hint is not None else [],
        "wrongs": _wrongs(task, lesson["screens"][index].get("task"), language) if task is not None else [],
        "worked": screen.worked(language).view()["paragraphs"] if screen.worked is not None else [],
        "reveal": screen.reveal(language).view()["paragraphs"] if screen.reveal is not None else [],
    }


def _wrongs(task: Task, written: object, language: str) -> list[dict[str, Any]]:
    """Each likely wrong answer of ``task`` with the line its pupil is told: those the file
    names for an amount (``written``, the task as written), else the task's own."""
    if isinstance(task, TypeAmount) and isinstance(written, Mapping):
        answers = [str(entry["answer"]) for entry in written.get("wrong") or []]
        return [{"answer": answer, "line": task.check(answer, language).line} for answer in answers]
    own = task.likely_wrong(language)
    if isinstance(task, TypeAmount):
        own = own[: len(task.wrongs)]  # not the shared slips every amount task knows
    return [{"answer": answer, "line": line} for answer, line in own]


def _alone(lesson: Mapping[str, Any], index: int) -> ActivitySpec:
    """Screen ``index`` of ``lesson`` read as a lesson of its own."""
    screens = lesson.get("screens")
    if not isinstance(screens, list) or not 0 <= index < len(screens):
        raise IndexError(f"the lesson has no screen {index + 1}")
    alone = {
        "format": FORMAT,
        "version": VERSION,
        "id": "preview",
        "language": lesson.get("language", "en"),
        "title": lesson.get("title") or dict.fromkeys(LANGUAGES, "…"),
        "summary": False,
        "screens": [screens[index]],
    }
    try:
        spec = read_lesson(alone, "the lesson")
    except LessonFileError as exc:
        raise exc.at(exc.where.replace("/screens/0", f"/screens/{index}", 1)) from None
    return spec


__all__ = ["screen_notes", "screen_preview"]
