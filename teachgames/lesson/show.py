"""Showing a game's lesson activity in a notebook: ``show_activity("delissimo", "8plus",
"warmup")``.

The game's class names its activities (``activities = "module:function"``, a function
``(lesson, part) -> ActivitySpec``), so a game in any installed package, or one registered
in a notebook, offers lessons the same way: nothing here knows a game by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.registry import game_class
from ..core.specs import resolve
from .activity import Activity, AnswerEvent
from .screens import ActivitySpec

if TYPE_CHECKING:
    from ..widgets.activity import ActivityWidget


def activity_spec(game: str, lesson: str, part: str) -> ActivitySpec:
    """The activity ``part`` of ``game``'s lesson ``lesson``; a KeyError in plain words
    names what there is when it does not exist."""
    spec = game_class(game).activities
    if spec is None:
        raise KeyError(f"the game {game!r} has no lesson activities")
    make: Callable[[str, str], ActivitySpec] = resolve(spec)
    return make(lesson, part)


def activity(
    game: str,
    lesson: str,
    part: str,
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
) -> Activity:
    """One pupil's run through an activity (no widget: for tests and scripts)."""
    return Activity(activity_spec(game, lesson, part), language, teacher=teacher, record=record)


def show_activity(
    game: str,
    lesson: str,
    part: str,
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
    **widget: Any,
) -> ActivityWidget:
    """The activity as a widget: the pupil answers each screen; ``teacher=True`` shows
    the answers and the likely wrong answers on every screen (the teacher's view)."""
    from ..widgets.activity import ActivityWidget

    return ActivityWidget(
        activity(game, lesson, part, language=language, teacher=teacher, record=record), **widget
    )
