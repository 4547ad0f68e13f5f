"""Showing a game's lesson activity in a notebook: ``show_activity("delissimo", "8plus",
"warmup")``.

The game's class names its activities (``activities = "module:function"``, a function
``(lesson, part) -> ActivitySpec``), so a game in any installed package, or one registered
in a notebook, offers lessons the same way: nothing here knows a game by name.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.answers import AnswerEvent, ClassLink
from ..core.i18n import resolve_language
from ..core.registry import game_class
from ..core.specs import resolve
from .activity import Activity
from .screens import ActivitySpec

if TYPE_CHECKING:
    from ..widgets.activity import ActivityWidget

#: The parts of a lesson that are activities, in lesson order (every lesson here has them).
PARTS = ("warmup", "puzzles", "ticket")

#: The class link of activities shown without one: a pupil's page that offers the class's
#: join form sets it (:func:`use_class_link`), so the lesson's own cells need no change.
_class_link: ClassLink | None = None


def use_class_link(link: ClassLink | None) -> None:
    """Every activity shown from now on without ``link`` or ``record`` uses ``link``."""
    global _class_link
    _class_link = link


def class_link() -> ClassLink | None:
    """The class link set by :func:`use_class_link` (None: the pupil works alone): what
    the lesson's practice sends its tries through too."""
    return _class_link


def pupil_of(link: ClassLink | None) -> str:
    """Who the browser keeps an activity's work for: "local" without a class; in a class
    the link's ``pupil_id`` when it has one, else a short digest of its token (never the
    token itself), so two pupils on one computer never see each other's answers."""
    if link is None:
        return "local"
    pupil = getattr(link, "pupil_id", None)
    if isinstance(pupil, str) and pupil:
        return pupil
    token = getattr(link, "token", None)
    if isinstance(token, str) and token:
        return hashlib.sha256(token.encode()).hexdigest()[:16]
    return "class"


def server_progress(link: ClassLink | None, lesson_id: str, part: str) -> Mapping[str, Any] | None:
    """The class server's record of this pupil's work on one activity, when the link can
    give it: the hook for classroom mode, where **the server's record wins** over the one
    the browser kept. A link offers it as ``saved_progress(lesson_id, part)`` returning a
    record in the form :meth:`~teachgames.lesson.activity.Activity.progress` writes (or
    None); a link without the method, or one that fails, gives None and the browser's
    record is used."""
    fetch = getattr(link, "saved_progress", None)
    if not callable(fetch):
        return None
    try:
        record = fetch(lesson_id, part)
    except Exception:  # the class being away must not stop the lesson
        return None
    return record if isinstance(record, Mapping) else None


def activities_of(game: str) -> str | None:
    """The ``activities`` spec of a game's class; for a lesson of teachgames that is no game
    (the simulation experiments), the ``activities`` attribute of its package
    ``teachgames.<name>``, found the same way."""
    try:
        return game_class(game).activities
    except ValueError:
        if not game.isidentifier():
            raise
        try:
            package = importlib.import_module(f"teachgames.{game}")
        except ImportError:
            raise ValueError(f"there is no game or lesson {game!r}") from None
        spec: str | None = getattr(package, "activities", None)
        return spec


def activity_spec(game: str, lesson: str, part: str) -> ActivitySpec:
    """The activity ``part`` of ``game``'s lesson ``lesson``; a KeyError in plain words
    names what there is when it does not exist."""
    spec = activities_of(game)
    if spec is None:
        raise KeyError(f"the game {game!r} has no lesson activities")
    make: Callable[[str, str], ActivitySpec] = resolve(spec)
    return make(lesson, part)


def lesson_tasks(game: str, lesson: str, parts: tuple[str, ...] = PARTS) -> list[str]:
    """Every task of a lesson in order ("warmup.fit", ...): what a class session records,
    the dashboard's columns, and the order the teacher's pacing counts in."""
    return [task for part in parts for task in spec_tasks(activity_spec(game, lesson, part))]


def lesson_id_parts(lesson_id: str) -> tuple[str, str]:
    """("delissimo", "8plus") for the lesson id "delissimo-8plus" (what a session records)."""
    game, _, name = lesson_id.partition("-")
    if not game or not name:
        raise ValueError(f"{lesson_id!r} is not a lesson id such as delissimo-8plus")
    return game, name


def spec_tasks(spec: ActivitySpec) -> list[str]:
    """The tasks of one activity in order ("screens.halves", ...)."""
    return [f"{spec.part}.{s.id}" for s in spec.screens if s.task is not None]


def spec_task_titles(spec: ActivitySpec, language: str | None = None) -> dict[str, str]:
    """Each task of one activity, in order, with its screen's title in ``language``."""
    lang = resolve_language(language)
    return {f"{spec.part}.{s.id}": s.title(lang) for s in spec.screens if s.task is not None}


def lesson_task_titles(game: str, lesson: str, language: str | None = None,
                       parts: tuple[str, ...] = PARTS) -> dict[str, str]:  # fmt: skip
    """Each task's screen title in ``language`` ("warmup.fit" -> "Which orders fit?"): what
    the teacher's dashboard heads its columns with, instead of the task's id."""
    out: dict[str, str] = {}
    for part in parts:
        out |= spec_task_titles(activity_spec(game, lesson, part), language)
    return out


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


def exit_ticket(
    game: str,
    lesson: str,
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
) -> Activity:
    """The lesson's exit ticket: its ``"ticket"`` activity, one pupil's run of it, empty
    until the pupil answers (its summary counts nothing right before then). The same
    screens the notebook's last cell shows and a worksheet prints (``--part ticket``)."""
    return activity(game, lesson, "ticket", language=language, teacher=teacher, record=record)


def show_activity(
    game: str,
    lesson: str,
    part: str,
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
    link: ClassLink | None = None,
    **widget: Any,
) -> ActivityWidget:
    """The activity as a widget: the pupil answers each screen; ``teacher=True`` shows
    the answers and the likely wrong answers on every screen (the teacher's view).

    In classroom mode ``link`` (:func:`teachgames.classroom.join` or ``from_hub``) gets
    every committed answer, and the teacher's pacing holds the pupil's screens; the
    session's tasks are :func:`lesson_tasks` of the same lesson.

    The pupil's work is kept in the browser (keyed by lesson, part and :func:`pupil_of`)
    and restored on a reload; in classroom mode the server's record
    (:func:`server_progress`) wins when the link gives one."""
    spec = activity_spec(game, lesson, part)
    return show_spec(
        spec,
        lambda: lesson_tasks(game, lesson),
        language=language,
        teacher=teacher,
        record=record,
        link=link,
        **widget,
    )


def show_spec(
    spec: ActivitySpec,
    lesson_tasks: Callable[[], list[str]] | None = None,
    *,
    language: str | None = None,
    teacher: bool = False,
    record: Callable[[AnswerEvent], None] | None = None,
    link: ClassLink | None = None,
    **widget: Any,
) -> ActivityWidget:
    """The activity ``spec`` as a widget, in classroom mode when there is a link;
    ``lesson_tasks`` gives the session's tasks of its lesson in order (what the teacher's
    pacing counts; asked only in classroom mode), by default the spec's own tasks."""
    from ..widgets.activity import ActivityWidget

    if link is None and record is None:
        link = _class_link
    send = record if record is not None else (link.send if link is not None else None)
    run = Activity(spec, language, teacher=teacher, record=send)
    run.pupil = pupil_of(link)
    part = spec.part
    saved = server_progress(link, run.spec.lesson, part)
    if saved is not None and run.restore(saved):
        run.browser_restore = False
    view = ActivityWidget(run, **widget)
    if link is not None:
        lesson_id = run.spec.lesson
        tasks = lesson_tasks() if lesson_tasks is not None else spec_tasks(spec)

        def obey() -> None:
            allowed = link.allowed_screen(lesson_id)
            run.follow(tasks[allowed] if allowed is not None and 0 <= allowed < len(tasks) else None, tasks)
            # a class link may also pause the class and show it an answer or a screen
            note = getattr(link, "classroom_note", None)
            paused, words = note(lesson_id, run.language) if callable(note) else (False, None)
            run.paused, run.class_note = (words if paused else None), words
            view.refresh()

        link.subscribe(obey)
        obey()
        # a link that learns the server's record only later (the join form's, once the
        # pupil is in) hands it over then, and it wins over what the browser restored
        later = getattr(link, "on_saved_progress", None)
        if callable(later):

            def take(record: Mapping[str, Any]) -> None:
                if run.take_server_record(record):
                    run.browser_restore = False
                    view.refresh()

            later(lesson_id, part, take)
    return view
