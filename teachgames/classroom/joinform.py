"""A pupil joins the class from the site's pupil page: a small form, never code.

The pupil page (:mod:`teachgames.site.pupil`) shows this form above the lesson when the
site is served with its class server (``/class/`` of the page's own address answers). The
lesson's activities start at once with a :class:`LateLink`: answers committed before the
pupil has joined wait in it and go to the class the moment they join; the teacher's
pacing reaches the activities from then on. The join itself and every answer go through
:class:`~.asynclink.AsyncLink` (asyncio tasks, no threads: Pyodide has none).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..core.answers import AnswerEvent, ClassLink
from .asynclink import AsyncLink, Fetch
from .client import JoinError

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


def join_form(base: str, late: LateLink, fetch: Fetch, language: str = "en") -> Any:
    """The form (an ipywidgets box): the class code, the pupil's name, Join; the server's
    refusal (a wrong code, a bad name) is shown in the pupil's language and they may try
    again; once in, the form says so and ``late`` is connected."""
    import ipywidgets as w

    from ..core.i18n import tr

    def words(key: str, **values: Any) -> str:
        return tr(f"classroom.join.{key}", language, **values)

    title = w.HTML(f"<b>{words('title')}</b>")
    labelled = {"style": {"description_width": "initial"}, "layout": w.Layout(width="auto")}
    code = w.Text(description=words("code"), **labelled)
    name = w.Text(description=words("name"), **labelled)
    button = w.Button(description=words("button"), button_style="primary")
    status = w.Label("")
    for widget, test_id in ((code, "tg-join-code"), (name, "tg-join-name"), (button, "tg-join")):
        widget.add_class(test_id)
    status.add_class("tg-join-status")
    box = w.VBox([title, w.HBox([code, name, button]), status])
    box.add_class("tg-join-form")
    box.link = None  # the AsyncLink once joined (for the curious pupil's prompt and for tests)

    async def join() -> None:
        try:
            link = await AsyncLink.join(
                base + PREFIX, code.value.strip(), name.value.strip(), fetch=fetch, language=language
            )
        except JoinError as exc:
            status.value = str(exc)
        except OSError:
            status.value = words("offline")
        else:
            box.link = link
            late.connect(link)
            status.value = words("joined", name=name.value.strip())
            box.children = [title, status]
            return
        button.disabled = False

    def clicked(_: Any) -> None:
        if not code.value.strip() or not name.value.strip():
            status.value = words("missing")
            return
        button.disabled = True
        status.value = words("joining")
        box._joining = asyncio.ensure_future(join())  # kept: a task nobody holds may be collected

    button.on_click(clicked)
    return box
