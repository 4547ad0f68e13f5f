"""A lesson's activity printed as a worksheet: the same tasks as the lesson's exit ticket
(or any of its activities), on paper, with the answer key.

Each screen with a task becomes a :class:`~teachgames.worksheets.tasks.PrintTask`: its
prompt, its picture and the options to choose from (never marked), the right answer, the
worked solution the screen reveals, and the likely wrong answers with the misconception
each shows, all in the sheet's language. Every pupil gets the same tasks (an activity
is one lesson's questions, not a pool of variants)::

    teachgames.worksheets.activity.activity_worksheet("delissimo", "8plus", "ticket", pupils=30)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.i18n import resolve_language, tr
from .build import MAX_PUPILS, PupilSheet, Worksheet
from .tasks import PrintTask


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


def activity_print_tasks(
    game: str, lesson: str, part: str, language: str | None = None
) -> tuple[PrintTask, ...]:
    """The tasks of one activity as print tasks (screens without a task are left out)."""
    from ..lesson.activity import Activity
    from ..lesson.show import activity_spec

    lang = resolve_language(language)
    spec = activity_spec(game, lesson, part)
    run = Activity(spec, lang, teacher=True)
    out = []
    for i, screen in enumerate(spec.screens):
        if screen.task is None:
            continue
        run.go(i)
        view = run.view_model()["screen"]
        task = screen.task
        options = _option_words(task.view(lang)) if task.kind != "amount" else []
        prompt = "\n\n".join([*view["prompt"], *options])
        pictures = ([view["svg"]] if view.get("svg") else []) + _option_svgs(task.view(lang))
        # the teacher's view reveals the worked solution, then the reveal: each once
        worked = [p for part_ in (view["answers"]["reveal"] or []) for p in part_["paragraphs"]]
        answer = task.answer_text(lang)
        out.append(
            PrintTask(
                kind=f"{part}.{screen.id}",
                language=lang,
                title=screen.title(lang),
                prompt=prompt,
                answer=" ".join([answer + ".", *worked]) if worked else answer,
                misconceptions=tuple(f"{a}: {line}" for a, line in task.likely_wrong(lang)),
                picture_svg="".join(pictures),
                short=answer[:40],
                lines=2 if task.kind == "choose" else 3,
                position={"game": game, "lesson": lesson, "part": part, "screen": screen.id},
            )
        )
    return tuple(out)


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

    lang = resolve_language(language)
    clean = [str(n).strip() for n in names] if names else []
    count = pupils if pupils is not None else (len(clean) or 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PUPILS:
        raise ValueError(f"the number of pupils must be a whole number from 1 to {MAX_PUPILS}, not {count!r}")
    tasks = activity_print_tasks(game, lesson, part, lang)
    spec = activity_spec(game, lesson, part)
    sheets = tuple(PupilSheet(n, clean[n - 1] if n <= len(clean) else "", tasks) for n in range(1, count + 1))
    return Worksheet(
        game=game,
        title=spec.title(lang),
        subtitle=" · ".join([spec.lesson, tr("worksheets.pupils", lang, n=count)]),
        language=lang,
        seed=0,
        kinds=tuple(t.kind for t in tasks),
        pupils=sheets,
    )
