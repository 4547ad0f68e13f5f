"""In classroom mode the server's record wins: a pupil's work on an activity, rebuilt
from the answers the class server keeps for them.

A pupil who comes back to the class (a reloaded page, a restarted kernel: the same
token) gets their activities as the server has them, not as their browser kept them:
the browser's copy may be older, or from before the teacher removed an answer. The
record is in the form :meth:`teachgames.lesson.activity.Activity.progress` writes, so
the activity takes it through its own strict :meth:`~teachgames.lesson.activity.Activity.restore`
(which marks every answer again); a choice's words are turned back into the options'
ids the activity was given. What the server cannot know (whether the solution was
opened) is left as not opened; answers the link has not delivered yet count too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def progress_record(lesson_id: str, part: str, answers: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The activity ``part`` of the lesson ``lesson_id`` ("delissimo-8plus", or a lesson
    file's id when the file is shown here) as the answers say (rows with ``lesson``,
    ``task`` "<part>.<screen>", ``answer``, ``attempt``, ``hints``); None for a lesson or
    part that is not there."""
    from ..lesson.activity import Activity
    from ..lesson.files import read_lesson
    from ..lesson.own import lesson_source
    from ..lesson.show import activity, lesson_id_parts
    from .judge import given_answer

    source = lesson_source(lesson_id)  # a teacher's lesson file shown in this kernel
    try:
        if source is not None:
            run = Activity(read_lesson(source))
            if run.spec.part != part:
                return None
        else:
            run = activity(*lesson_id_parts(lesson_id), part)
    except (KeyError, ValueError, LookupError):
        return None
    record = run.progress()
    screens: dict[str, dict[str, Any]] = {}
    last = -1
    order = {s.id: i for i, s in enumerate(run.spec.screens) if s.task is not None}
    tries: dict[str, dict[int, tuple[object, int]]] = {}
    for row in answers:
        task = str(row.get("task", ""))
        if row.get("lesson") != lesson_id or not task.startswith(part + "."):
            continue
        screen = task[len(part) + 1 :]
        attempt = row.get("attempt")
        if screen not in order or not isinstance(attempt, int) or not 1 <= attempt <= run.spec.tries:
            continue
        hints = row.get("hints")
        language = str(row.get("language", "en"))
        given = given_answer(lesson_id, task, str(row.get("answer", "")), language, source)
        tries.setdefault(screen, {})[attempt] = (given, hints if isinstance(hints, int) else 0)
        last = max(last, order[screen])
    for screen, kept in tries.items():
        steps = len(run.hint_steps(order[screen]))
        screens[screen] = {
            "answers": [answer for _, (answer, _) in sorted(kept.items())],
            "hints": max(0, min(steps, max(h for _, h in kept.values()))),
            "solution": False,
        }
    record["screens"] = screens
    record["index"] = max(0, last)
    return record
