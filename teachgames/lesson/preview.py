"""One screen of a lesson file as a pupil first sees it, as self-contained HTML.

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


def screen_preview(lesson: Mapping[str, Any], index: int, language: str) -> str:
    """Screen ``index`` of the lesson data ``lesson`` in ``language``, as the pupil sees it
    before answering. A screen that does not check raises the LessonFileError the file
    would (its place named as in the whole lesson: ``/screens/2/prompt``)."""
    check_language(language)
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
    return screen_html(Activity(spec, language).view_model())


__all__ = ["screen_preview"]
