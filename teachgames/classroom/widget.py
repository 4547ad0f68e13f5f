"""The dashboard as an anywidget: ``static/dashboard.js`` draws ``state``; a thread
long-polls the server and reassigns ``state``; the buttons' messages become the
teacher's controls."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"


class BoardSource(Protocol):
    """What the widget needs of :class:`~.teacher.Teacher` (named here, not imported:
    the teacher's client imports this module)."""

    def board(self, session: int, language: str = "en", since: str | None = None) -> dict[str, Any]: ...

    def control(self, session: int, action: str, **values: Any) -> dict[str, Any]: ...

    def results_csv(self, session: int) -> str: ...

    def results_table_json(self, session: int) -> str: ...

    def rotate_key(self) -> str: ...

    def remove_pupil(self, session: int, pupil_id: int) -> None: ...


class Dashboard(anywidget.AnyWidget):
    _esm = STATIC / "dashboard.js"
    _css = STATIC / "dashboard.css"
    state = traitlets.Dict({}).tag(sync=True)
    hide_names = traitlets.Bool(False).tag(sync=True)
    problem = traitlets.Unicode(None, allow_none=True).tag(sync=True)

    def __init__(
        self, teacher: BoardSource, session: int, language: str = "en", hide_names: bool = False
    ) -> None:
        super().__init__(hide_names=hide_names)
        self.teacher = teacher
        self.session = session
        self.language = language
        self._stop = threading.Event()
        self.on_msg(self._on_message)
        self.refresh()
        self._thread = threading.Thread(target=self._poll, daemon=True, name="classroom-dashboard")
        self._thread.start()

    def refresh(self, since: str | None = None) -> None:
        asked = self.session
        try:
            state = self.teacher.board(asked, self.language, since)
            if asked != self.session:  # the teacher picked another session meanwhile
                return
            self.state = state
            self.problem = None
        except OSError as exc:
            self.problem = str(exc)

    def _poll(self) -> None:
        while not self._stop.is_set():
            before = self.problem
            self.refresh(self.state.get("stamp"))
            if self.problem is not None:
                self._stop.wait(1.0 if before is None else 3.0)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "control":
                values = {k: v for k, v in content.items() if k not in ("type", "action")}
                self.teacher.control(self.session, str(content.get("action")), **values)
            elif kind == "export":
                wanted = content.get("format")
                self._export(wanted if wanted in ("json", "practice") else "csv")
            elif kind == "session" and isinstance(content.get("id"), int) and content["id"] > 0:
                self.session = int(content["id"])  # the picker: another session of the class
                self.refresh()
            elif kind == "remove" and isinstance(content.get("pupil"), int) and content["pupil"] > 0:
                self.teacher.remove_pupil(self.session, int(content["pupil"]))
            elif kind == "new_key":
                self.teacher.rotate_key()
        except (OSError, ValueError) as exc:
            self.problem = str(exc)

    def _export(self, kind: str) -> None:
        """The session's answers to the teacher's browser as a file (CSV, or pandas'
        "table" JSON, which ``pandas.read_json(file, orient="table")`` reads)."""
        lesson = str(self.state.get("session", {}).get("lesson", "lesson"))
        if kind == "practice":  # the skill x pupil mastery, one row per pupil and skill
            practice_csv = getattr(self.teacher, "practice_csv", None)
            if not callable(practice_csv):
                return
            text = practice_csv(self.session, str(self.state.get("language", "en")))
            name = f"session-{self.session}-practice.csv"
            self.send({"type": "download", "filename": name, "text": text, "mime": "text/csv"})
            return
        if kind == "csv":
            text, mime = self.teacher.results_csv(self.session), "text/csv"
        else:
            text, mime = self.teacher.results_table_json(self.session), "application/json"
        self.send(
            {
                "type": "download",
                "filename": f"session-{self.session}-{lesson}.{kind}",
                "text": text,
                "mime": mime,
            }
        )

    def close(self) -> None:
        self._stop.set()
        super().close()

    def _repr_html_(self) -> str:  # a static fallback (exported notebooks): counts, no names
        state = self.state
        pupils = len(state.get("pupils", []))
        return f"<p>teachgames class dashboard: {pupils} pupils, session {self.session}</p>"
