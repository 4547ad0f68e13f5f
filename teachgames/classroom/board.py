"""What the teacher's dashboard shows, as one JSON-able dict (the page and the widget
draw the same dict with the same ``dashboard.js``).

Per pupil and task the *latest* state counts: right once any try was right, otherwise
wrong with the misconception of the latest wrong try, otherwise not yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .store import SessionInfo, Store, now

#: Keys of the dashboard's words, sent with the state so the page needs no catalogue.
WORDS = (
    "title",
    "pupil",
    "pupil_n",
    "right",
    "wrong",
    "not_yet",
    "hide_names",
    "show",
    "showing",
    "stop_showing",
    "common",
    "no_wrong",
    "no_diagnosis",
    "pacing",
    "free",
    "held",
    "hold",
    "release",
    "let_go",
    "timer",
    "start",
    "stop_timer",
    "left",
    "over",
    "no_timer",
    "code",
    "answered",
    "offline",
    "task",
    "end",
    "end_confirm",
    "screen_of",
    "summary_answered",
    "summary_right",
    "summary_hints",
    "previous",
    "next",
    "totals",
    "grid",
    "pause",
    "unpause",
    "paused",
    "show_screen",
    "export_csv",
    "export_table",
    "sessions",
    "session_open",
    "session_ended",
    "session_item",
    "reopen",
    "new_key",
    "new_key_confirm",
    "new_key_done",
    "remove",
    "remove_confirm",
    "practice",
    "practice_skill",
    "practice_known",
    "practice_mastered",
    "practice_help",
    "practice_holds",
    "practice_none",
    "export_practice",
)
#: How many of the most common wrong answers are listed.
COMMON = 6
#: How many of the current screen's wrong answers its summary lists (the board's top
#: fits a 1280x720 projector with them).
SCREEN_COMMON = 3


def diagnosis(key: str | None, language: str) -> str:
    """The misconception's words for the teacher, in their language.

    The classroom's own short diagnosis (``classroom.diagnosis.<name>``, a teacher's
    summary) comes first; then the lesson's message under the key itself when it reads
    without values; else the key's last part in words ("tops and bottoms")."""
    from ..core.i18n import tr

    if not key:
        return tr("classroom.board.no_diagnosis", language)
    name = key.rsplit(".", 1)[-1]
    for candidate in (f"classroom.diagnosis.{name}", key):
        try:
            return tr(candidate, language)
        except (KeyError, ValueError):
            continue
    return name.replace("_", " ")


def words(language: str) -> dict[str, str]:
    from ..core.i18n import messages

    catalogue = messages("classroom", language)
    english = messages("classroom", "en")
    return {w: catalogue.get(f"board.{w}", english[f"board.{w}"]) for w in WORDS}


def _cells(answers: Sequence[Mapping[str, Any]], language: str) -> dict[tuple[int, str], dict[str, Any]]:
    """Each pupil's latest answer to each task (a right one stays, later tries counted),
    with the hints the pupil opened before them."""
    from ..core.i18n import tr

    cells: dict[tuple[int, str], dict[str, Any]] = {}
    for a in answers:
        key = (a["pupil_id"], a["task"])
        cell = cells.get(key)
        hints = a.get("hints") or 0
        if cell is not None and cell["state"] == "right":
            cell["tries"] += 1
            cell["hints"] += hints
            continue
        cells[key] = {
            "state": "right" if a["correct"] else "wrong",
            "answer": a["answer"],
            "answer_id": a["id"],
            "misconception": a["misconception"],
            "diagnosis": None if a["correct"] else diagnosis(a["misconception"], language),
            "tries": (cell["tries"] + 1) if cell else 1,
            "hints": (cell["hints"] if cell else 0) + hints,  # opened before these answers
        }
    for cell in cells.values():
        cell["hints_text"] = tr("classroom.board.hints", language, n=cell["hints"]) if cell["hints"] else ""
    return cells


def _common_wrong(answers: Sequence[Mapping[str, Any]], language: str) -> list[dict[str, Any]]:
    """The most common wrong answers (at most ``COMMON``), each with one pupil's answer to show."""
    wrong = Counter((a["task"], a["answer"], a["misconception"]) for a in answers if not a["correct"])
    example: dict[tuple[str, str, str | None], str] = {}
    for a in answers:
        if not a["correct"]:
            example.setdefault((a["task"], a["answer"], a["misconception"]), a["id"])
    return [
        {
            "task": task,
            "answer": text,
            "count": n,
            "misconception": key,
            "diagnosis": diagnosis(key, language),
            "answer_id": example[(task, text, key)],
        }
        for (task, text, key), n in sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1]))[
            :COMMON
        ]
    ]


def screen_summaries(
    tasks: Sequence[str],
    answers: Sequence[Mapping[str, Any]],
    cells: Mapping[tuple[int, str], Mapping[str, Any]],
    language: str,
) -> list[dict[str, Any]]:
    """Per screen (task) what the teacher teaches from: how many pupils answered, how
    many have it right, the hints they opened, and its most common wrong answers."""
    per_task: dict[str, list[Mapping[str, Any]]] = {t: [] for t in tasks}
    for a in answers:
        per_task.setdefault(a["task"], []).append(a)
    summaries = []
    for task in tasks:
        mine = [c for (_, t), c in cells.items() if t == task]
        summaries.append(
            {
                "task": task,
                "answered": len(mine),
                "right": sum(c["state"] == "right" for c in mine),
                "hints": sum(int(c["hints"]) for c in mine),
                "common": _common_wrong(per_task[task], language)[:SCREEN_COMMON],
            }
        )
    return summaries


def current_screen(tasks: Sequence[str], pacing: int | None, answers: Sequence[Mapping[str, Any]]) -> int:
    """The screen the board's summary opens on: the one the class is held on, else the
    furthest one anyone has answered (where a class moving freely is), else the first."""
    if not tasks:
        return 0
    if pacing is not None:
        return max(0, min(pacing, len(tasks) - 1))
    reached = [tasks.index(a["task"]) for a in answers if a["task"] in tasks]
    return max(reached, default=0)


def task_titles(lesson: str, language: str, source: str | None = None) -> dict[str, str]:
    """The lesson's screen titles by task ("warmup.fit" -> "Which orders fit?") for the
    board's column heads; {} for a session whose lesson has no activities here (its
    tasks were given by hand), and the board shows the tasks' ids. ``source``: the
    session's lesson file, whose screens' titles these are then."""
    from ..lesson.show import lesson_id_parts, lesson_task_titles

    if source is not None:
        from .judge import UnknownLesson, lesson_tasks

        try:
            entries = lesson_tasks(lesson, source)
        except UnknownLesson:
            return {}
        return {task: entry.title(language) for task, entry in entries.items()}
    try:
        return lesson_task_titles(*lesson_id_parts(lesson), language)
    except (KeyError, ValueError, LookupError, ImportError):
        return {}


def board_state(store: Store, info: SessionInfo, language: str = "en") -> dict[str, Any]:
    answers = store.answers(info.id)
    pupils = store.pupils(info.id)
    tasks = list(info.tasks)
    for a in answers:
        if a["task"] not in tasks:
            tasks.append(a["task"])
    cells = _cells(answers, language)
    common = _common_wrong(answers, language)
    screens = screen_summaries(tasks, answers, cells, language)
    revealed = store.answer(info.reveal_answer) if info.reveal_answer else None
    timer = None
    if info.timer_started is not None:
        left = info.timer_seconds - (now() - info.timer_started).total_seconds()
        timer = {"seconds": info.timer_seconds, "left": max(0, round(left))}
    return {
        "session": {
            "id": info.id,
            "class": info.class_name,
            "lesson": info.lesson,
            "code": info.code,
            "open": info.open(),
            "expires": info.expires.isoformat(),
            "started": info.started.isoformat() if info.started else None,
            "paused": info.paused,
            "anonymous": info.anonymous,
            "shown_screen": info.shown_screen,
        },
        "tasks": tasks,
        "titles": task_titles(info.lesson, language, info.lesson_file),
        "pupils": [
            {"id": p.id, "name": p.name, "cells": {t: cells[(p.id, t)] for t in tasks if (p.id, t) in cells}}
            for p in pupils
        ],
        "common": common,
        "screens": screens,
        "current": current_screen(tasks, info.pacing, answers),
        "pacing": info.pacing,
        "reveal": revealed and {"id": revealed["id"], "task": revealed["task"], "answer": revealed["answer"]},
        "timer": timer,
        "language": language,
        "words": words(language),
        "practice": practice_grid(store, info, language),
    }


def practice_grid(store: Store, info: SessionInfo, language: str) -> dict[str, Any]:
    """The session's skill x pupil mastery grid (empty when no one practised)."""
    from .practice_results import mastery_grid

    return mastery_grid(store, info, language)
