"""A pupil joins the class from the site's pupil page: a small form, never code.

The lesson page (:mod:`teachgames.site.inpage`) shows this form above the lesson when the
site is served with its class server (``/class/`` of the page's own address answers). The
lesson's activities start at once with a :class:`LateLink`: answers committed before the
pupil has joined wait in it and go to the class the moment they join; the teacher's
pacing reaches the activities from then on. The join itself and every answer go through
:class:`~.asynclink.AsyncLink` (asyncio tasks, no threads: Pyodide has none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.answers import AnswerEvent, ClassLink
from .asynclink import Fetch

if TYPE_CHECKING:
    from .joinwidget import JoinForm

#: The class server's place on the site's own address (teachgames.site serves it there).
PREFIX = "/class"


class LateLink:
    """A class link before the pupil has joined: answers wait, pacing is free; once
    :meth:`connect` ed, everything goes to the real link (the waiting answers first)."""

    def __init__(self) -> None:
        self.link: ClassLink | None = None
        self.waiting: list[AnswerEvent] = []
        self.callbacks: list[Callable[[], None]] = []

    def send(self, event: AnswerEvent) -> None:
        if self.link is None:
            self.waiting.append(event)
        else:
            self.link.send(event)

    def allowed_screen(self, lesson: str) -> int | None:
        return None if self.link is None else self.link.allowed_screen(lesson)

    def classroom_note(self, lesson: str, language: str) -> tuple[bool, str | None]:
        """The joined link's pause and what is shown to the class (nothing before joining)."""
        note = getattr(self.link, "classroom_note", None)
        if not callable(note):
            return False, None
        paused, words = note(lesson, language)
        return bool(paused), words if isinstance(words, str) else None

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)
        if self.link is not None:
            self.link.subscribe(callback)

    def connect(self, link: ClassLink) -> None:
        self.link = link
        for event in self.waiting:
            link.send(event)
        self.waiting.clear()
        for callback in self.callbacks:
            link.subscribe(callback)
            callback()


async def class_here(base: str, fetch: Fetch) -> bool:
    """Whether the site at ``base`` is served with its class server."""
    try:
        status, data = await fetch("GET", base + PREFIX + "/api/info", {}, None)
    except OSError:
        return False
    return status == 200 and isinstance(data, dict) and data.get("server") == "teachgames-class"


def join_form(base: str, late: LateLink, fetch: Fetch, language: str = "en") -> JoinForm:
    """The form (one anywidget, :class:`~.joinwidget.JoinForm`): the class code, the
    pupil's name, Join; the server's refusal (a wrong code, a bad name) is shown in the
    pupil's language and they may try again; once in, the form says so, ``late`` is
    connected and the form's ``link`` is the pupil's :class:`~.asynclink.AsyncLink`."""
    from .joinwidget import JoinForm

    return JoinForm(base + PREFIX, late.connect, fetch, language)
