"""The pupil's "Join your class" form as one anywidget.

Pure anywidget (``static/joinform.js`` + ``.css``, no ``@jupyter-widgets/controls``), so
it renders in JupyterLab, in JupyterLite and in a pupil page's own small widget host
that knows only anywidget's model (``get/set/on/off/save_changes/send``).

Python is the source of truth. The page sends one intent, a custom message
``{"type": "join", "code": "...", "name": "..."}`` (the button, or Enter in a box; with
``"token"`` when the page kept the pupil's token from before a reload, so the server
brings the same pupil back); this
checks it, runs the join as an asyncio task (no threads: Pyodide has none) and publishes
what the pupil sees as synced traits: ``status`` (the words of the status line),
``busy``, ``joined``, ``problem`` (the status is a refusal) and ``missing`` (the boxes
left empty), and ``kept`` (the code, name and token the page keeps in the browser's
``localStorage`` for a reload). When the server stops taking the pupil's token (the
lesson ended, the code ran out) the form shows itself again with why, and a join then
sends the answers still queued with the new token. A message of any other shape is
ignored: the page can never make this raise. The pupil's typing is only ever text:
sent to the class server as a name or a code, never run, and the page shows it with ``textContent``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.answers import ClassLink
from ..core.i18n import tr
from ..core.jsmodules import joined
from .asynclink import AsyncLink, Fetch
from .client import JoinError

STATIC = Path(__file__).parent / "static"

#: the words the page puts on the form itself (the status words are chosen here)
LABELS = ("title", "code", "name", "button")


class JoinForm(anywidget.AnyWidget):
    """The class code box, the name box and Join; the server's refusal (a wrong code, a
    bad name) in the pupil's language, and they may try again; once in, the form says
    so, its boxes go, ``connect(link)`` is called and :attr:`link` keeps the link."""

    _esm = joined(STATIC / "joinform.js")  # with the widgets' shared dom.js in place
    _css = STATIC / "joinform.css"
    lang = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    joined = traitlets.Bool(False).tag(sync=True)
    problem = traitlets.Bool(False).tag(sync=True)
    missing = traitlets.List(traitlets.Unicode()).tag(sync=True)
    kept = traitlets.Dict({}).tag(sync=True)

    def __init__(
        self, url: str, connect: Callable[[ClassLink], None], fetch: Fetch, language: str = "en"
    ) -> None:
        super().__init__(lang=language, words={key: self._words(key, language) for key in LABELS})
        self.url = url
        self.connect = connect
        self.fetch = fetch
        self.language = language
        self.link: AsyncLink | None = None  # once joined (for the curious pupil's prompt and tests)
        self._joining: asyncio.Future[None] | None = None  # kept: a task nobody holds may be collected
        self.on_msg(self._on_message)

    @staticmethod
    def _words(key: str, language: str, **values: Any) -> str:
        return tr(f"classroom.join.{key}", language, **values)

    def _say(self, key: str, *, problem: bool = False, missing: tuple[str, ...] = (), **values: Any) -> None:
        self.status = self._words(key, self.language, **values)
        self.problem = problem
        self.missing = list(missing)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "join":
            return
        code, name, token = content.get("code"), content.get("name"), content.get("token")
        if isinstance(code, str) and isinstance(name, str):
            self.join(code, name, token if isinstance(token, str) and 0 < len(token) <= 200 else None)

    def join(self, code: str, name: str, token: str | None = None) -> asyncio.Future[None] | None:
        """Start joining with what the pupil typed (the task, or None when nothing starts:
        a box is empty, a join is under way, or the pupil is already in)."""
        if self.busy or self.joined:
            return None
        code, name = code.strip(), " ".join(name.split())  # the name as the class will show it
        missing = [box for box, typed in (("code", code), ("name", name)) if not typed]
        if missing:
            self._say("missing", problem=True, missing=tuple(missing))
            return None
        self.busy = True
        self._say("joining")
        self._joining = asyncio.ensure_future(self._join(code, name, token))
        return self._joining

    async def _join(self, code: str, name: str, token: str | None) -> None:
        try:
            if self.link is not None:  # back after the server stopped taking the token
                await self.link.rejoin(code, name)
                link = self.link
            else:
                link = await AsyncLink.join(
                    self.url, code, name, fetch=self.fetch, language=self.language, token=token
                )
        except JoinError as exc:
            self.status, self.problem = str(exc), True
        except OSError:
            self._say("offline", problem=True)
        else:
            if self.link is None:
                self.link = link
                link.on_gone(self._gone)
                self.connect(link)
            self._say("joined", name=name)
            self.kept = {"code": code, "name": name, "token": link.token}
            self.joined = True
        finally:
            self.busy = False

    def _gone(self) -> None:
        """The server stopped taking the pupil's token: the form again, saying why."""
        self.joined = False
        self.status = self.link.problem if self.link is not None and self.link.problem else ""
        self.problem = True
