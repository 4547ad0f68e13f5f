"""A lesson's activity printed as a worksheet: the same tasks as the lesson's exit ticket
(or any of its activities, or a teacher's own lesson file), on paper, with the answer key.

Each screen with a task becomes a :class:`~teachgames.worksheets.tasks.PrintTask`: its
prompt, its picture and the options to choose from (never marked), the right answer, the
worked solution the screen reveals, and the likely wrong answers with the misconception
each shows, all in the sheet's language. Every pupil gets the same tasks (an activity
is one lesson's questions, not a pool of variants).

Everything goes through one function of an
:class:`~teachgames.lesson.screens.ActivitySpec` (:func:`spec_worksheet`), so one of our
lessons and a teacher's file print the same way::

    from teachgames.worksheets import activity_worksheet, lesson_file_worksheet
    activity_worksheet("delissimo", "8plus", "ticket", pupils=30)
    lesson_file_worksheet("my-lesson.json", language="ru", names=["Аня", "Борис"])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.i18n import resolve_language, tr
from .build import PupilSheet, Worksheet, class_list
from .tasks import PrintTask

if TYPE_CHECKING:
    import os

    from ..lesson.activity import Activity
    from ..lesson.screens import ActivitySpec


def _option_svgs(view: dict[str, Any]) -> list[str]:
    groups = view.get("groups") or [{"options": view.get("options") or []}]
    return [str(o["svg"]) for g in groups for o in g["options"] if o.get("svg")]


def _option_words(view: dict[str, Any]) -> list[str]:
    groups = view.get("groups") or [{"label": "", "options": view.get("options") or []}]
    out = []
    for group in groups:
        labels = ", ".join(str(o["label"]) for o in group["options"])
        out.append(f"{group['label']}: {labels}" if group.get("label") else labels)
    return out


def _line(text: str) -> str:
    """A title or a likely mistake on one line, as the lesson's page shows it: a newline
    a teacher typed in a file would print in LaTeX as its sign (␊), not as a space."""
    return " ".join(text.split())


def _sentence(paragraph: str) -> str:
    """A paragraph as it runs on in the key's answer line: with a full stop when it has
    none (the engine's headings and sums, "✗ Not legal", "4 + 2 + 2 = 8", end bare, and
    would read as one sentence with the next)."""
    return paragraph if paragraph.endswith((".", "!", "?", ":", ";", "…", ")")) else paragraph + "."


def _print_task(run: Activity, index: int, where: dict[str, Any]) -> PrintTask:
    """Screen ``index`` of the activity as the teacher's view shows it, for paper: the
    pupil's words, picture and options; the answer with the worked solution and reveal."""
    lang, spec = run.language, run.spec
    screen = spec.screens[index]
    task = screen.task
    assert task is not None  # only screens that ask are printed
    run.go(index)
    view = run.view_model()["screen"]
    options = _option_words(task.view(lang)) if task.kind != "amount" else []
    pictures = ([view["svg"]] if view.get("svg") else []) + _option_svgs(task.view(lang))
    # the teacher's view reveals the worked solution, then the reveal: each once
    worked = [p for part_ in (view["answers"]["reveal"] or []) for p in part_["paragraphs"]]
    answer = task.answer_text(lang)
    return PrintTask(
        kind=f"{spec.part}.{screen.id}",
        language=lang,
        title=_line(screen.title(lang)),
        prompt="\n\n".join([*view["prompt"], *options]),
        answer=" ".join(map(_sentence, [answer, *worked])) if worked else answer,
        misconceptions=tuple(_line(f"{a}: {line}") for a, line in task.likely_wrong(lang)),
        picture_svg="".join(pictures),
        short=answer[:40],
        lines=2 if task.kind == "choose" else 3,
        position={**where, "screen": screen.id},
    )


def spec_print_tasks(
    spec: ActivitySpec, language: str | None = None, *, game: str = ""
) -> tuple[PrintTask, ...]:
    """The tasks of an activity as print tasks (screens without a task are left out).

    Each is read from the teacher's view of the running activity, so the paper says what
    the screen says. ``game`` names the game the activity is of, when it is one (a
    teacher's file may mix games); each task's ``position`` then records it beside the
    lesson, part and screen, which find the screen again."""
    from ..lesson.activity import Activity

    run = Activity(spec, resolve_language(language), teacher=True)
    where = {**({"game": game} if game else {}), "lesson": spec.lesson, "part": spec.part}
    return tuple(_print_task(run, i, where) for i, s in enumerate(spec.screens) if s.task is not None)


def spec_worksheet(
    spec: ActivitySpec,
    *,
    pupils: int | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
    game: str = "",
) -> Worksheet:
    """One sheet per pupil (or per name) with the activity's tasks, all pupils the same,
    titled with the activity's title; ``game`` as in :func:`spec_print_tasks`."""
    lang = resolve_language(language)
    count, clean = class_list(pupils, names)
    tasks = spec_print_tasks(spec, lang, game=game)
    if not tasks:
        raise ValueError(f"{spec.lesson}: no screen asks anything, so there is nothing to print")
    sheets = tuple(PupilSheet(n, clean[n - 1] if clean else "", tasks) for n in range(1, count + 1))
    return Worksheet(
        game=game,
        title=_line(spec.title(lang)),
        subtitle=" · ".join([spec.lesson, tr("worksheets.pupils", lang, n=count)]),
        language=lang,
        seed=0,
        kinds=tuple(t.kind for t in tasks),
        pupils=sheets,
    )


def activity_print_tasks(
    game: str, lesson: str, part: str, language: str | None = None
) -> tuple[PrintTask, ...]:
    """The tasks of one of our lessons' activities as print tasks."""
    from ..lesson.show import activity_spec

    return spec_print_tasks(activity_spec(game, lesson, part), language, game=game)


def activity_worksheet(
    game: str,
    lesson: str,
    part: str = "ticket",
    *,
    pupils: int | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> Worksheet:
    """One sheet per pupil with the activity's tasks (default: the lesson's exit ticket)."""
    from ..lesson.show import activity_spec

    spec = activity_spec(game, lesson, part)
    return spec_worksheet(spec, pupils=pupils, names=names, language=language, game=game)


def lesson_file_worksheet(
    path: str | os.PathLike[str],
    *,
    pupils: int | None = None,
    names: Sequence[str] | None = None,
    language: str | None = None,
) -> Worksheet:
    """One sheet per pupil with the tasks of a teacher's lesson file (``docs/lesson-files.md``).

    ``language`` defaults to the file's own (its ``"language"``), the one the teacher wrote
    it in, rather than the package's: a Russian teacher's file prints in Russian without
    saying so twice. A text the file lacks in the sheet's language is printed in one it
    has, after the visible marker the lesson shows ("(in English) ..."). A file that
    cannot be read raises :class:`~teachgames.lesson.files.LessonFileError` (a
    ``GameFileError``) naming the place and the reason; nothing is printed."""
    from ..lesson.files import load_lesson

    spec = load_lesson(path)
    shown = language if language is not None else spec.meta.get("language")
    return spec_worksheet(spec, pupils=pupils, names=names, language=shown)


__all__ = [
    "activity_print_tasks",
    "activity_worksheet",
    "lesson_file_worksheet",
    "spec_print_tasks",
    "spec_worksheet",
]
