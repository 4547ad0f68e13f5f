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
  :class:`AnswerEvent`; classroom mode sends it to the class server).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.answers import MAX_ANSWER, AnswerEvent
from ..core.i18n import resolve_language, tr
from .screens import ActivitySpec, Reveal, Screen, paragraphs
from .tasks import Mark


@dataclass
class ScreenState:
    """One screen's progress: the marks of the answers that used a try, the last mark
    (shown to the pupil) and whether the reveal is open."""

    marks: list[Mark] = field(default_factory=list)
    last: Mark | None = None
    asked_solution: bool = False

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
        state = self.state
        if state.done(self.spec.tries):
            return Mark("unread", tr("lesson.activity.already_done", self.language), "")
        mark = self.screen.task.check(answer, self.language)
        state.last = mark
        if mark.uses_try:
            state.marks.append(mark)
            self._record(mark, len(state.marks))
        return mark

    def show_solution(self) -> None:
        """The pupil asks for the worked solution (after at least one try)."""
        state = self.state
        if self.screen.task is None or not state.marks:
            raise ValueError(tr("lesson.activity.try_first", self.language))
        state.asked_solution = True

    def _record(self, mark: Mark, attempt: int) -> None:
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
            )
        )

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
                }
            )
        return {
            "title": self.spec.title(lang),
            "index": self.index,
            "count": self.count,
            "nav": nav,
            "screen": self._summary_view() if self.on_summary() else self._screen_view(),
            "teacher": self.teacher,
        }

    def _summary_view(self) -> dict[str, Any]:
        return {
            "id": "summary",
            "title": tr("lesson.activity.summary_title", self.language),
            "prompt": [self.summary_text()],
            "svg": None,
            "task": None,
            "feedback": None,
            "reveal": None,
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
            "hint": None,
        }
        if screen.hint is not None and state.marks and not done:
            view["hint"] = screen.hint(lang)
        if done or self.teacher:
            parts = self._reveal_parts(screen, state, lang)
            view["reveal"] = parts if done and (parts["parts"] or parts["answer"]) else None
            if self.teacher:
                view["answers"] = self._teacher_view(screen, lang, parts)
        return view

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
        }


def reveal_of(
    words: Callable[[str], str], svg: Callable[[str], str | None] | None = None
) -> Callable[[str], Reveal]:
    """A reveal from a Text and an optional picture maker."""

    def make(language: str) -> Reveal:
        return Reveal(words(language), svg(language) if svg else None)

    return make
