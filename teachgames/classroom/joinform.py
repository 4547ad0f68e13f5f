"""A pupil joins the class from the site's pupil page: a small form, never code.

The lesson page (:mod:`teachgames.site.inpage`) shows this form above the lesson when the
site is served with its class server (``/class/`` of the page's own address answers). The
lesson's activities start at once with a :class:`LateLink`: answers committed before the
pupil has joined wait in it and go to the class the moment they join; the teacher's
pacing reaches the activities from then on. The join itself and every answer go through
:class:`~.asynclink.AsyncLink` (asyncio tasks, no threads: Pyodide has none).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

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
        #: Activities waiting for the server's record of the pupil's work: (lesson, part, take).
        self.progress_wanted: list[tuple[str, str, Callable[[Mapping[str, Any]], None]]] = []
        #: The task that hands the server's records over once joined (kept: asyncio holds
        #: only a weak reference to a task).
        self.delivering: asyncio.Future[None] | None = None

    def on_saved_progress(self, lesson: str, part: str, take: Callable[[Mapping[str, Any]], None]) -> None:
        """Call ``take(record)`` with the server's record of this pupil's work on an
        activity once they have joined: in classroom mode the server's record wins over
        what the browser kept (a pupil back after a reload joins again with their token)."""
        self.progress_wanted.append((lesson, part, take))

    async def _deliver(self, link: ClassLink) -> None:
        fetch = getattr(link, "saved_progress_async", None)
        if not callable(fetch):
            return
        for lesson, part, take in list(self.progress_wanted):
            try:
                record = await fetch(lesson, part)
            except Exception:  # the class being away must not stop the lesson
                continue
            if isinstance(record, Mapping):
                take(record)

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
        if self.progress_wanted:
            self.delivering = asyncio.ensure_future(self._deliver(link))


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
