"""A teacher's own lessons (lesson files) at work in a notebook, as ours are.

:func:`show_lesson` shows a lesson file's activity exactly as
:func:`~teachgames.lesson.show.show_activity` shows one of ours, in classroom mode too.
A class link knows a lesson by its id alone, so the lesson files shown in this kernel
are kept here by id: the link finds a shown file's screens through
:func:`lesson_source` and :func:`task_titles_of` (to name the screen the teacher shows
the class, to rebuild the pupil's work from the class server's record).
"""

from __future__ import annotations

from collections.abc import Callable
from os import PathLike
from typing import TYPE_CHECKING, Any

from ..core.answers import AnswerEvent, ClassLink
from .files import load_lesson, read_lesson
from .screens import ActivitySpec
from .show import lesson_id_parts, lesson_task_titles, show_spec, spec_task_titles

if TYPE_CHECKING:
    from ..widgets.activity import ActivityWidget

#: Teachers' lessons (lesson files) shown in this kernel, by id: their JSON text.
_lesson_files: dict[str, str] = {}


def lesson_source(lesson_id: str) -> str | None:
    """The JSON text of the lesson file shown here with id ``lesson_id``; None for ours."""
    return _lesson_files.get(lesson_id)


def show_lesson(
    lesson: ActivitySpec | str | PathLike[str],
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
    link: ClassLink | None = None,
    **widget: Any,
) -> ActivityWidget:
    """A teacher's lesson (a lesson file's path, or what :func:`~.files.load_lesson`
    gave) as a widget, exactly as :func:`~.show.show_activity` shows ours: in classroom mode
    (the class link a pupil's page sets, or ``link``) its answers go to the class, the
    teacher's pacing holds its screens, and the server's record of the pupil's work wins
    over the browser's. The class's session must be of this lesson file (``teachgames
    class serve --lesson week-3.json``)."""
    spec = lesson if isinstance(lesson, ActivitySpec) else load_lesson(lesson)
    source = spec.meta.get("json")
    if isinstance(source, str):
        _lesson_files[spec.lesson] = source
    return show_spec(spec, language=language, teacher=teacher, record=record, link=link, **widget)


def task_titles_of(lesson_id: str, language: str | None = None) -> dict[str, str]:
    """:func:`~.show.lesson_task_titles` by lesson id, a lesson file shown here included; {} for
    a lesson unknown here."""
    source = lesson_source(lesson_id)
    if source is not None:
        return spec_task_titles(read_lesson(source), language)
    try:
        return lesson_task_titles(*lesson_id_parts(lesson_id), language)
    except (KeyError, ValueError, LookupError, ImportError):
        return {}


__all__ = ["lesson_source", "show_lesson", "task_titles_of"]
