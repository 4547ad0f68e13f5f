"""A lesson's screens at work: predict, commit, then see why.

:class:`Activity` is the state of one pupil going through an :class:`ActivitySpec`: which
screen is open, each task's tries and marks. It is plain Python (no widget): the widget
(:class:`teachgames.widgets.activity.ActivityWidget`) draws :meth:`Activity.view_model`
and hands the pupil's intents back here, and tests drive it directly.

What it promises a teacher:

- **Nothing is revealed before the pupil commits**: a screen's reveal, worked solution and
  answer are not in the view-model (so not in the page) until the task is right, or has
  used its tries, or the pupil asked for the solution.
- **A wrong answer is named and retried**: the first miss gets one line naming its
  misconception and a second try; after the last try the worked solution shows.
- Answers that cannot be read, and right amounts in the wrong form, are said so and use
  no try.
- **The teacher's view** (``teacher=True``) shows, on every screen, the answer and the
  likely wrong answers with their misconceptions.
- Every committed answer can be recorded (``record``: a callable given an
  :class:`AnswerEvent`; classroom mode sends it to the class server), with the number of
  hints the pupil had opened on that screen.
- **Hints cost nothing**: a task's hint ladder (one to three steps, the screen's ``hint``
  text, one paragraph a step) opens a step at a time before the pupil commits; no try is
  used, and the record says how many steps each screen's pupil opened.
- **Nothing a pupil did is lost**: :meth:`Activity.progress` is the pupil's work as plain
  JSON (the answers given, hints opened, solutions seen, the open screen) that the front
  end keeps in the browser; :meth:`Activity.restore` takes such a record back only after
  checking it strictly, and marks its answers again (a record is never trusted: a tampered
  or stale one is ignored, whole).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.answers import MAX_ANSWER, AnswerEvent
from ..core.i18n import resolve_language, tr
from .screens import ActivitySpec, Reveal, Screen, paragraphs
from .tasks import Mark

#: The version of a saved progress record; a record of another version is ignored.
PROGRESS_VERSION = 1
#: The most option ids one saved answer may hold.
MAX_IDS = 64
_RECORD_FIELDS = {"v", "lesson", "part", "digest", "index", "screens"}
_SCREEN_FIELDS = {"answers", "hints", "solution"}


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _answer_like(value: object) -> bool:
    """An answer as the front end sends it: text, or a short list of short option ids."""
    if isinstance(value, str):
        return len(value) <= MAX_ANSWER
    return (
        isinstance(value, list)
        and len(value) <= MAX_IDS
        and all(isinstance(v, str) and len(v) <= MAX_ANSWER for v in value)
    )


def _kept(answer: object) -> str | list[str]:
    """An answer that used a try, as a saved record keeps it."""
    if isinstance(answer, (list, tuple)):
        return [str(a)[:MAX_ANSWER] for a in answer][:MAX_IDS]
    return str(answer)[:MAX_ANSWER]


@dataclass
class ScreenState:
    """One screen's progress: the marks of the answers that used a try, the last mark
    (shown to the pupil) and whether the reveal is open."""

    marks: list[Mark] = field(default_factory=list)
    last: Mark | None = None
    asked_solution: bool = False
    #: The answers that used a try, as the pupil gave them (what a saved record keeps).
    answers: list[str | list[str]] = field(default_factory=list)
    #: How many steps of the screen's hint ladder the pupil has opened.
    hints: int = 0

    @property
    def touched(self) -> bool:
        return bool(self.marks or self.hints or self.asked_solution)

    @property
    def solved(self) -> bool:
        return any(m.correct for m in self.marks)

    def done(self, tries: int) -> bool:
        return self.solved or len(self.marks) >= tries or self.asked_solution

    def status(self, tries: int) -> str:
        if self.solved:
            return "right"
        if self.done(tries):
            return "shown"
        return "tried" if self.marks else "open"


class Activity:
    """One pupil's run through the screens of ``spec`` (see the module's docstring)."""

    def __init__(
        self,
        spec: ActivitySpec,
        language: str | None = None,
        *,
        teacher: bool = False,
        record: Callable[[AnswerEvent], None] | None = None,
    ) -> None:
        self.spec = spec
        self.language = resolve_language(language)
        self.teacher = teacher
        self.record = record
        self.index = 0
        self.states = [ScreenState() for _ in spec.screens]
        #: The furthest screen the teacher lets the class open (None: any).
        self.allowed: int | None = None
        #: Who the browser keeps this work for: a pupil's id in a class, else "local".
        self.pupil = "local"
        #: Whether a record the browser kept may be restored (False once the class
        #: server's record has been: the server's record wins).
        self.browser_restore = True
        #: The teacher paused the class: these words (the pupil's language) say so and
        #: every input waits until the teacher goes on (None: not paused).
        self.paused: str | None = None
        #: What the teacher shows the whole class now, in the pupil's words (None: nothing).
        self.class_note: str | None = None

    def _not_paused(self) -> None:
        """ValueError with the teacher's pause in the pupil's words while the class is paused."""
        if self.paused is not None and not self.teacher:
            raise ValueError(self.paused)

    # ------------------------------------------------------------ moving
    @property
    def screen(self) -> Screen:
        return self.spec.screens[self.index]

    @property
    def state(self) -> ScreenState:
        return self.states[self.index]

    @property
    def count(self) -> int:
        return len(self.spec.screens) + (1 if self.spec.summary else 0)

    def on_summary(self) -> bool:
        return self.index == len(self.spec.screens)

    def go(self, index: object) -> None:
        """Open screen ``index`` (0-based; the summary is the last). Out of range, or past
        the teacher's hold: ValueError in plain words, nothing changes."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.count:
            raise ValueError(tr("lesson.activity.no_screen", self.language, count=self.count))
        self._not_paused()
        if self.allowed is not None and index > self.allowed and not self.teacher:
            raise ValueError(tr("lesson.activity.held", self.language))
        self.index = index

    # ------------------------------------------------------------ answering
    def answer(self, answer: object) -> Mark:
        """Mark an answer to the open screen's task (it never raises for what a pupil
        gives). A screen whose task is done keeps its marks: a further answer changes
        nothing and says so."""
        if self.on_summary() or self.screen.task is None:
            raise ValueError(tr("lesson.activity.nothing_to_answer", self.language))
        self._not_paused()
        state = self.state
        if state.done(self.spec.tries):
            return Mark("unread", tr("lesson.activity.already_done", self.language), "")
        mark = self.screen.task.check(answer, self.language)
        state.last = mark
        if mark.uses_try:
            state.marks.append(mark)
            state.answers.append(_kept(answer))
            self._record(mark, len(state.marks), state.hints)
        return mark

    def show_solution(self) -> None:
        """The pupil asks for the worked solution (after at least one try)."""
        self._not_paused()
        state = self.state
        if self.screen.task is None or not state.marks:
            raise ValueError(tr("lesson.activity.try_first", self.language))
        state.asked_solution = True

    def hint_steps(self, index: int | None = None) -> list[str]:
        """The hint ladder of screen ``index`` (default: the open one) in the pupil's
        language: one paragraph a step, the last closest to the answer."""
        screen = self.spec.screens[self.index if index is None else index]
        return paragraphs(screen.hint(self.language)) if screen.hint is not None else []

    def open_hint(self) -> str:
        """Open the next step of the open screen's hint ladder and return it. It uses no
        try. A screen with no hint, a finished task or a ladder already climbed: ValueError
        in plain words, nothing changes."""
        self._not_paused()
        steps = self.hint_steps() if not self.on_summary() else []
        state = self.state if not self.on_summary() else None
        if state is None or self.screen.task is None or not steps:
            raise ValueError(tr("lesson.activity.no_hint", self.language))
        if state.done(self.spec.tries):
            raise ValueError(tr("lesson.activity.already_done", self.language))
        if state.hints >= len(steps):
            raise ValueError(tr("lesson.activity.last_hint", self.language))
        state.hints += 1
        return steps[state.hints - 1]

    def hints_used(self) -> dict[str, int]:
        """How many hint steps the pupil opened on each task ("warmup.fit" -> 2): what the
        teacher's view and the class's results show."""
        return {
            self.task_id(i): st.hints
            for i, (sc, st) in enumerate(zip(self.spec.screens, self.states, strict=True))
            if sc.task is not None
        }

    def restart(self) -> None:
        """Start again on purpose: every answer, hint and solution seen is cleared and the
        first screen opens (what a class server already holds is not touched)."""
        self.states = [ScreenState() for _ in self.spec.screens]
        self.index = 0

    def _record(self, mark: Mark, attempt: int, hints: int = 0) -> None:
        if self.record is None:
            return
        self.record(
            AnswerEvent.new(
                self.spec.lesson,
                self.task_id(self.index),
                mark.echo[:MAX_ANSWER],
                mark.correct,
                misconception=mark.misconception,
                attempt=attempt,
                language=self.language,
                hints=hints,
            )
        )

    # ------------------------------------------------------------ progress kept
    @property
    def fresh(self) -> bool:
        """Nothing done yet: no answer, hint or solution, the first screen open."""
        return self.index == 0 and not any(s.touched for s in self.states)

    def digest(self) -> str:
        """What a saved record must match: the lesson, the part, the tries and each screen's
        id and task kind. A record made for another version of the lesson is stale."""
        shape = [
            self.spec.lesson,
            self.spec.part,
            self.spec.tries,
            [[s.id, s.task.kind if s.task is not None else None] for s in self.spec.screens],
        ]
        return hashlib.sha256(json.dumps(shape).encode()).hexdigest()[:16]

    def progress(self) -> dict[str, Any]:
        """The pupil's work as plain JSON, for the browser to keep: the open screen and, for
        each screen touched, the answers that used a try (as given), the hint steps
        opened and whether the solution was asked for. Marks are not kept: they are made
        again from the answers when the record comes back."""
        screens: dict[str, Any] = {}
        for screen, state in zip(self.spec.screens, self.states, strict=True):
            if state.touched:
                screens[screen.id] = {
                    "answers": list(state.answers),
                    "hints": state.hints,
                    "solution": state.asked_solution,
                }
        return {
            "v": PROGRESS_VERSION,
            "lesson": self.spec.lesson,
            "part": self.spec.part,
            "digest": self.digest(),
            "index": self.index,
            "screens": screens,
        }

    def restore(self, record: object) -> bool:
        """Take back a record made by :meth:`progress` (from the browser, or the class
        server's), and say whether it was used. It is used only on a fresh activity and
        only when every field is what :meth:`progress` writes for this very lesson: a
        record tampered with, for another lesson or an older version of it is ignored
        whole, and nothing changes. The answers are marked again here, never taken from
        the record; an answer past the screen's tries is not replayed, and a solution
        counts as seen only after an answer. Nothing is sent to the class again."""
        if not self.fresh:
            return False
        checked = self._checked(record)
        if checked is None:
            return False
        index, screens = checked
        states = [ScreenState() for _ in self.spec.screens]
        for i, screen in enumerate(self.spec.screens):
            saved = screens.get(screen.id)
            if saved is None or screen.task is None:
                continue
            state = states[i]
            state.hints = saved["hints"]
            for given in saved["answers"]:
                if state.done(self.spec.tries):
                    break
                mark = screen.task.check(given, self.language)
                if mark.uses_try:
                    state.marks.append(mark)
                    state.answers.append(given)
                    state.last = mark
            state.asked_solution = saved["solution"] and bool(state.marks)
        self.states = states
        self.index = index if self.allowed is None or self.teacher else min(index, self.allowed)
        return True

    def take_server_record(self, record: object) -> bool:
        """In classroom mode the server's record wins: ``record`` (made as :meth:`progress`
        makes it, from the answers the class server keeps) replaces what this activity
        holds, the browser's restored copy included, and is checked and marked again as
        :meth:`restore` does. A record it does not take changes nothing (False)."""
        if self._checked(record) is None:
            return False
        kept = (self.states, self.index)
        self.states, self.index = [ScreenState() for _ in self.spec.screens], 0
        if not self.restore(record):
            self.states, self.index = kept
            return False
        return True

    def _checked(self, record: object) -> tuple[int, dict[str, dict[str, Any]]] | None:
        """The record's open screen and screens when it is exactly what :meth:`progress`
        writes for this activity; None otherwise."""
        if not isinstance(record, Mapping) or set(record) != _RECORD_FIELDS:
            return None
        mine = (PROGRESS_VERSION, self.spec.lesson, self.spec.part, self.digest())
        if (record["v"], record["lesson"], record["part"], record["digest"]) != mine:
            return None
        index, screens = record["index"], record["screens"]
        if not _whole(index, 0, self.count - 1) or not isinstance(screens, Mapping):
            return None
        tasks = {s.id: i for i, s in enumerate(self.spec.screens) if s.task is not None}
        out: dict[str, dict[str, Any]] = {}
        for sid, saved in screens.items():
            if sid not in tasks or not isinstance(saved, Mapping) or set(saved) != _SCREEN_FIELDS:
                return None
            answers, hints, solution = saved["answers"], saved["hints"], saved["solution"]
            if not isinstance(answers, list) or len(answers) > self.spec.tries:
                return None
            if not all(map(_answer_like, answers)):
                return None
            if not _whole(hints, 0, len(self.hint_steps(tasks[sid]))) or not isinstance(solution, bool):
                return None
            out[sid] = {"answers": answers, "hints": hints, "solution": solution}
        return index, out

    def task_id(self, index: int) -> str:
        """The id the classroom records screen ``index`` under: "<part>.<screen>"."""
        return f"{self.spec.part}.{self.spec.screens[index].id}"

    def follow(self, allowed_task: str | None, tasks: list[str]) -> None:
        """Obey the teacher's pacing: ``allowed_task`` is the furthest task (of the lesson's
        ``tasks``, in order) the class may open, None when it is free. A screen of this
        activity past it is locked; an activity wholly after it waits on its first screen."""
        if allowed_task is None or allowed_task not in tasks:
            self.allowed = None
            return
        limit = tasks.index(allowed_task)
        mine = [i for i in range(len(self.spec.screens)) if self.task_id(i) in tasks]
        before = [i for i in mine if tasks.index(self.task_id(i)) <= limit]
        self.allowed = (max(before) if before else 0) if len(before) < len(mine) else None
        if self.allowed is not None and self.index > self.allowed:
            self.index = self.allowed

    # ------------------------------------------------------------ reading back
    def revealed(self, index: int | None = None) -> bool:
        """Whether screen ``index`` (default: the open one) shows its reveal: a screen
        with no task always does; a task once it is done."""
        i = self.index if index is None else index
        screen, state = self.spec.screens[i], self.states[i]
        return screen.task is None or state.done(self.spec.tries)

    def score(self) -> tuple[int, int]:
        """(tasks right, tasks in all)."""
        asked = [s for s, sc in zip(self.states, self.spec.screens, strict=True) if sc.task is not None]
        return sum(s.solved for s in asked), len(asked)

    def summary_text(self) -> str:
        right, total = self.score()
        open_ = sum(
            1
            for s, sc in zip(self.states, self.spec.screens, strict=True)
            if sc.task is not None and not s.done(self.spec.tries)
        )
        key = "lesson.activity.summary_open" if open_ else "lesson.activity.summary"
        return tr(
            key, self.language, title=self.spec.title(self.language), right=right, total=total, open=open_
        )

    # ------------------------------------------------------------ the view-model
    def view_model(self) -> dict[str, Any]:
        """What the widget draws (plain JSON). Holds the reveal, the solution and the
        answer only where :meth:`revealed` (or the teacher's view) allows."""
        lang = self.language
        nav = [
            {
                "index": i,
                "title": s.title(lang),
                "status": "info" if s.task is None else self.states[i].status(self.spec.tries),
                "locked": self.allowed is not None and i > self.allowed and not self.teacher,
                "hints": self.states[i].hints,
            }
            for i, s in enumerate(self.spec.screens)
        ]
        if self.spec.summary:
            nav.append(
                {
                    "index": len(self.spec.screens),
                    "title": tr("lesson.activity.summary_title", lang),
                    "status": "info",
                    "locked": False,
                    "hints": 0,
                }
            )
        return {
            "title": self.spec.title(lang),
            "index": self.index,
            "count": self.count,
            "nav": nav,
            "screen": self._summary_view() if self.on_summary() else self._screen_view(),
            "teacher": self.teacher,
            "classroom": {
                "paused": self.paused is not None and not self.teacher,
                "note": self.paused or self.class_note,
            },
            "progress": {
                "key": self.storage_key(),
                "record": self.progress(),
                "fresh": self.fresh,
                "restore": self.browser_restore,
            },
        }

    def storage_key(self) -> str:
        """Where the browser keeps this pupil's work on this activity: by lesson, part and
        pupil, so two pupils sharing a computer, or two parts, never mix."""
        return f"teachgames:progress:{self.spec.lesson}:{self.spec.part}:{self.pupil}"

    def _summary_view(self) -> dict[str, Any]:
        return {
            "id": "summary",
            "title": tr("lesson.activity.summary_title", self.language),
            "prompt": [self.summary_text()],
            "svg": None,
            "task": None,
            "feedback": None,
            "reveal": None,
            "hints": None,
            "tries": {"used": 0, "max": 0, "done": True, "can_ask_solution": False},
        }

    def _screen_view(self) -> dict[str, Any]:
        lang, screen, state = self.language, self.screen, self.state
        tries = self.spec.tries
        done = self.revealed()
        view: dict[str, Any] = {
            "id": screen.id,
            "title": screen.title(lang),
            "prompt": paragraphs(screen.prompt(lang)),
            "svg": screen.picture(lang) if screen.picture else None,
            "task": screen.task.view(lang) if screen.task else None,
            "feedback": self._feedback(state.last),
            "tries": {
                "used": len(state.marks),
                "max": tries,
                "done": done,
                "can_ask_solution": bool(state.marks) and not done,
            },
            "reveal": None,
            "hints": self._hints_view(state, done),
        }
        if done or self.teacher:
            parts = self._reveal_parts(screen, state, lang)
            view["reveal"] = parts if done and (parts["parts"] or parts["answer"]) else None
            if self.teacher:
                view["answers"] = self._teacher_view(screen, lang, parts)
        return view

    def _hints_view(self, state: ScreenState, done: bool) -> dict[str, Any] | None:
        """The hint steps opened (only those: the next one is not in the page) and whether
        another may be opened."""
        steps = self.hint_steps() if self.screen.task is not None else []
        if not steps:
            return None
        return {
            "shown": steps[: state.hints],
            "total": len(steps),
            "more": state.hints < len(steps) and not done,
        }

    def _feedback(self, mark: Mark | None) -> dict[str, Any] | None:
        if mark is None:
            return None
        return {"outcome": mark.outcome, "text": mark.line, "echo": mark.echo}

    def _reveal_parts(self, screen: Screen, state: ScreenState, lang: str) -> dict[str, Any]:
        shown: list[dict[str, Any]] = []
        if screen.task is not None and not state.solved and screen.worked is not None:
            shown.append(screen.worked(lang).view())
        if screen.reveal is not None:
            shown.append(screen.reveal(lang).view())
        answer = screen.task.answer_text(lang) if screen.task is not None else ""
        return {"answer": answer, "parts": shown}

    def _teacher_view(self, screen: Screen, lang: str, parts: dict[str, Any]) -> dict[str, Any]:
        task = screen.task
        return {
            "answer": task.answer_text(lang) if task else "",
            "wrongs": [{"answer": a, "line": line} for a, line in (task.likely_wrong(lang) if task else [])],
            "reveal": parts["parts"],
            "hints": self.hint_steps(),
        }


def reveal_of(
    words: Callable[[str], str], svg: Callable[[str], str | None] | None = None
) -> Callable[[str], Reveal]:
    """A reveal from a Text and an optional picture maker."""

    def make(language: str) -> Reveal:
        return Reveal(words(language), svg(language) if svg else None)

    return make
