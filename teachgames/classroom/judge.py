"""The server marks every answer itself, with the lesson's own tasks.

A pupil's kernel is the pupil's: whatever its activity said, a body can claim
``"correct": true`` on any text, name any misconception, or invent a task. So the class
server knows each session's lesson (its activities' screens and tasks, the same data the
pupils run) and reads each answer with that task's own ``check``: the verdict it stores
is the :class:`~teachgames.lesson.tasks.Mark` the pupil saw, and the pupil's own
``correct`` and ``misconception`` are never used.

What a pupil's activity sends as the answer is the mark's *echo*: the typed amount as
read, or the chosen options' words (", " between them), or the picked cards in the
game's words. A typed amount is read again as it is. A choice, an order or a pick is
found among the task's possible answers: every answer the task can be given (every
option, every order, every pick of the task's cards) is marked once per
language and kept by its echo, so reading an answer is a look-up; a pick whose cards
are in another order than the one tried is found by its words regardless of order. An
answer that is none of these (made-up text) is not an answer to the task, and the
server refuses it.

A session of a teacher's own lesson (a lesson file, ``docs/lesson-files.md``) keeps the
file's JSON text with it (``source``): its tasks are the file's screens as
:func:`~teachgames.lesson.files.read_lesson` reads them, so the server judges the lesson
as it was when the session began, whatever becomes of the file on the teacher's disk.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..lesson.screens import ActivitySpec
from ..lesson.show import PARTS, activities_of, activity_spec, lesson_id_parts
from ..lesson.tasks import Choose, Mark, Order, PickCards, Task, Text

#: At most this many possible answers are marked for one task and language.
MAX_CANDIDATES = 6000


class UnknownLesson(LookupError):
    """No lesson with activities has this id; the message says what there is instead."""


@dataclass(frozen=True)
class TaskEntry:
    """One task of a lesson: what it asks, and how many tries a pupil has at it; ``title``
    is its screen's title (the dashboard's column head)."""

    id: str
    task: Task
    tries: int
    title: Text


@dataclass(frozen=True)
class Verdict:
    """The server's mark of one answer: what the pupil's own activity would show."""

    correct: bool
    misconception: str | None


def lesson_parts(game: str, lesson: str) -> tuple[str, ...]:
    """The activity parts of a lesson in order: warm-up, puzzles, ticket for every game's
    lesson; a lesson with other parts names them in its activities module's ``LESSONS``."""
    try:
        for part in PARTS:
            activity_spec(game, lesson, part)
        return PARTS
    except KeyError:
        pass
    spec = activities_of(game)
    module = sys.modules.get(spec.partition(":")[0]) if spec else None
    if module is None and spec:
        module = importlib.import_module(spec.partition(":")[0])
    table: Any = getattr(module, "LESSONS", {})
    entry = table.get(lesson) if isinstance(table, Mapping) else None
    if isinstance(entry, tuple) and entry and isinstance(entry[0], tuple):
        return tuple(str(p) for p in entry[0])
    if isinstance(entry, Mapping):
        return tuple(str(p) for p in entry)
    raise KeyError(lesson)


def _specs(lesson_id: str, source: str | None) -> list[ActivitySpec]:
    if source is None:
        game, name = lesson_id_parts(lesson_id)
        return [activity_spec(game, name, p) for p in lesson_parts(game, name)]
    from ..lesson.files import read_lesson

    spec = read_lesson(source)
    if spec.lesson != lesson_id:
        raise ValueError(f"the lesson file's id is {spec.lesson!r}")
    return [spec]


@lru_cache(maxsize=256)
def lesson_tasks(lesson_id: str, source: str | None = None) -> dict[str, TaskEntry]:
    """Every task of the lesson ``lesson_id`` ("delissimo-8plus"), by the id an answer
    names it with ("warmup.fit"), in screen order. :class:`UnknownLesson` otherwise.
    ``source``: the JSON text of a teacher's lesson file whose id is ``lesson_id`` (its
    tasks are "screens.<screen id>")."""
    from ..core.errors import GameFileError

    try:
        specs = _specs(lesson_id, source)
    except (KeyError, ValueError, LookupError, ImportError, GameFileError) as exc:
        reason = exc.args[0] if exc.args else exc
        raise UnknownLesson(f"{lesson_id!r}: no lesson with activities ({reason})") from None
    out: dict[str, TaskEntry] = {}
    for spec in specs:
        for screen in spec.screens:
            if screen.task is not None:
                task_id = f"{spec.part}.{screen.id}"
                out[task_id] = TaskEntry(task_id, screen.task, spec.tries, screen.title)
    return out


def session_lesson(named: str) -> tuple[str, str | None]:
    """(lesson id, lesson file text) for the lesson a teacher names when a session begins:
    one of ours by its id ("delissimo-8plus", no file), or a teacher's lesson file by its
    path ("teachgames-lessons/week-3.json": its id and :func:`~teachgames.lesson.files.canonical`
    JSON text). A file that cannot be read raises GameFileError naming the field."""
    path = Path(named)
    if path.suffix.lower() != ".json" and not path.is_file():
        return named, None
    from ..lesson.files import load_lesson

    spec = load_lesson(path)
    return spec.lesson, str(spec.meta["json"])


def resolve_tasks(lesson_id: str, names: Sequence[str], source: str | None = None) -> list[str]:
    """The session's columns: each name a task id of the lesson, or the screen's own id
    when only one part has it ("toppings" is "puzzles.toppings"). Nothing given: every
    task of the lesson. A name the lesson lacks: ValueError naming the tasks there are."""
    known = list(lesson_tasks(lesson_id, source))
    if not names:
        return known
    out = []
    for name in names:
        found = [t for t in known if t == name] or [t for t in known if t.partition(".")[2] == name]
        if len(found) != 1:
            raise ValueError(f"{lesson_id} has no task {name!r}; its tasks are {', '.join(known)}")
        out.append(found[0])
    return out


def _verdict(mark: Mark) -> Verdict | None:
    return Verdict(mark.correct, mark.misconception) if mark.uses_try else None


def _words_key(text: str) -> tuple[str, ...]:
    """An answer's words in any order: a pick's cards shown in another order are the same pick."""
    return tuple(sorted(text.split()))


def _candidates(task: Task) -> list[list[str]]:
    """Every answer (a list of ids) the task can be given, up to :data:`MAX_CANDIDATES`."""
    if isinstance(task, Choose):
        ids = [o.id for o in task.options]
        if not task.several:
            return [[i] for i in ids]
        sizes = range(1, len(ids) + 1)
        return [list(p) for k in sizes for p in itertools.permutations(ids, k)][:MAX_CANDIDATES]
    if isinstance(task, Order):
        ids = [o.id for o in task.items]
        return [list(p) for p in itertools.islice(itertools.permutations(ids), MAX_CANDIDATES)]
    if isinstance(task, PickCards):
        ids = [c.id for g in task.groups for c in g.cards]
        picks = (list(c) for k in range(1, len(ids) + 1) for c in itertools.combinations(ids, k))
        return list(itertools.islice(picks, MAX_CANDIDATES))
    return []


@dataclass(frozen=True)
class _Table:
    """The verdicts each echo can have: usually one; two when the words shown cannot tell
    two picks apart (slices alone, whatever the toppings)."""

    exact: dict[str, tuple[Verdict, ...]]
    words: dict[tuple[str, ...], tuple[Verdict, ...]]


def _add(table: dict[Any, tuple[Verdict, ...]], key: Any, verdict: Verdict) -> None:
    known = table.get(key, ())
    if verdict not in known:
        table[key] = (*known, verdict)


@lru_cache(maxsize=4096)
def _table(lesson_id: str, task_id: str, language: str, source: str | None) -> _Table:
    """Every possible answer of one task marked in one language, by its echo (made once)."""
    task = lesson_tasks(lesson_id, source)[task_id].task
    exact: dict[str, tuple[Verdict, ...]] = {}
    words: dict[tuple[str, ...], tuple[Verdict, ...]] = {}
    for answer in _candidates(task):
        mark = task.check(answer, language)
        verdict = _verdict(mark)
        if verdict is not None:
            _add(exact, mark.echo, verdict)
            _add(words, _words_key(mark.echo), verdict)
    return _Table(exact, words)


def _choose(possible: tuple[Verdict, ...], claimed: Verdict | None) -> Verdict:
    """One verdict of several the words allow: the pupil's own when it is one of them
    (checked, not trusted), else the first that is not right."""
    if claimed in possible or len(possible) == 1:
        return claimed if claimed in possible else possible[0]
    return next((v for v in possible if not v.correct), possible[0])


def judge(
    lesson_id: str,
    task_id: str,
    answer: str,
    language: str,
    claimed: Verdict | None = None,
    source: str | None = None,
) -> Verdict | None:
    """The server's mark of ``answer`` to task ``task_id`` of ``lesson_id`` in ``language``,
    or None when it is no answer to that task (nothing the pupil's activity would send:
    an unreadable text, an option the task does not have). The task must be the lesson's
    (:func:`lesson_tasks`); KeyError otherwise. ``claimed`` (what the pupil's side said)
    is used only where the answer's words fit several verdicts and it is one of them.
    ``source``: the session's lesson file (:func:`lesson_tasks`)."""
    entry = lesson_tasks(lesson_id, source)[task_id]
    if not isinstance(entry.task, (Choose, Order, PickCards)):
        return _verdict(entry.task.check(answer, language))
    table = _table(lesson_id, task_id, language, source)
    possible = table.exact.get(answer) or table.words.get(_words_key(answer))
    if possible:
        return _choose(possible, claimed)
    # an option's own id ("b"), as a script or a test may send it
    return _verdict(entry.task.check(answer, language))


@lru_cache(maxsize=4096)
def _given_by_echo(lesson_id: str, task_id: str, language: str, source: str | None) -> dict[str, list[str]]:
    task = lesson_tasks(lesson_id, source)[task_id].task
    found: dict[str, list[str]] = {}
    for answer in _candidates(task):
        mark = task.check(answer, language)
        if mark.uses_try:
            found.setdefault(mark.echo, answer)
    return found


def given_answer(lesson_id: str, task_id: str, echo: str, language: str, source: str | None = None) -> object:
    """What the pupil's activity was given for an answer the server keeps by its echo:
    the option, order or card ids whose words these are (the first such, when words
    cannot tell two apart), or the text itself for a typed amount. What a pupil's record
    rebuilt from the server's answers replays (:mod:`.resume`)."""
    try:
        entry = lesson_tasks(lesson_id, source)[task_id]
    except (KeyError, LookupError):
        return echo
    if not isinstance(entry.task, (Choose, Order, PickCards)):
        return echo
    return _given_by_echo(lesson_id, task_id, language, source).get(echo, echo)
