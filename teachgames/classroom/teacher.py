"""The teacher's side in a notebook: start a lesson, watch it, pace it, take results out.

    teacher = Teacher("http://127.0.0.1:8765", key)        # or Teacher.from_hub()
    session = teacher.start("7B", "delissimo-8plus", tasks=["toppings", "sum"])
    teacher.dashboard(session["id"])                        # the live widget
    teacher.results(session["id"])                          # a pandas DataFrame

Standard library only (urllib), like the pupils' link; pandas loads with ``results``,
anywidget with ``dashboard``.
"""

from __future__ import annotations

import os
from typing import Any

from .client import JoinError, request


class Teacher:
    def __init__(self, url: str, key: str) -> None:
        self.url = url.rstrip("/")
        self.auth = key if " " in key else f"Bearer {key}"

    @classmethod
    def from_hub(cls, url: str | None = None) -> Teacher:
        """In a teacher's JupyterHub server: the Hub token says they are in the teachers' group."""
        url = url or os.environ.get("TEACHGAMES_CLASS_URL")
        token = os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            raise JoinError(
                "not inside a JupyterHub user server with a class (TEACHGAMES_CLASS_URL is not set)"
            )
        return cls(url, f"token {token}")

    def call(self, method: str, path: str, body: Any = None, timeout: float = 30.0) -> Any:
        status, data = request(self.url, method, path, body, self.auth, timeout)
        if status >= 400:
            message = data.get("message") if isinstance(data, dict) else None
            raise JoinError(str(message or f"class server answered {status}"))
        return data

    def classes(self) -> list[dict[str, Any]]:
        """This teacher's classes (in a Hub: the ones they made; with the key: the key's)."""
        result: list[dict[str, Any]] = self.call("GET", "/api/classes")
        return result

    def new_class(self, name: str) -> int:
        return int(self.call("POST", "/api/classes", {"name": name})["id"])

    def start(
        self, klass: str, lesson: str, tasks: list[str] | None = None, hours: float = 3.0
    ) -> dict[str, Any]:
        """Open a session of ``lesson`` for the class named ``klass`` (made if new): its id
        and code. ``lesson`` is one of ours ("delissimo-8plus") or the path of a lesson file
        of the teacher's ("week-3.json"), which the session keeps as it is now."""
        import json

        body: dict[str, Any] = {"lesson": lesson, "tasks": tasks or [], "hours": hours}
        if lesson.lower().endswith(".json"):
            from ..lesson.files import load_lesson

            spec = load_lesson(lesson)  # a broken file says where, before anything is sent
            body = {"lesson_file": json.loads(str(spec.meta["json"])), "tasks": tasks or [], "hours": hours}
        known = {c["name"]: c["id"] for c in self.classes()}
        class_id = known.get(klass) or self.new_class(klass)
        session: dict[str, Any] = self.call("POST", f"/api/classes/{class_id}/sessions", body)
        return session

    def sessions(self, class_id: int | None = None) -> list[dict[str, Any]]:
        """Every session of this teacher's classes (or one class's), oldest first: class,
        lesson, code, when it started, open or ended, pupils and answers counted (the
        session picker's list). In a Hub a teacher's classes are those they made."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        result: list[dict[str, Any]] = self.call("GET", f"/api/sessions{query}")
        return result

    def rotate_key(self) -> str:
        """A new teacher's key; the old one stops working at once (this object, the
        server's key file and its dashboard link take the new one)."""
        key = str(self.call("POST", "/api/teacher/key")["key"])
        self.auth = f"Bearer {key}"
        return key

    def board(self, session: int, language: str = "en", since: str | None = None) -> dict[str, Any]:
        query = f"?lang={language}" + (f"&since={since}" if since else "")
        result: dict[str, Any] = self.call("GET", f"/api/sessions/{session}/board{query}", timeout=40)
        return result

    def control(self, session: int, action: str, **values: Any) -> dict[str, Any]:
        """hold (screen=), release, free, reveal (answer=id), show_screen (screen=), hide,
        pause, unpause, anonymize (on=), timer (minutes=), stop_timer, close, reopen (hours=)."""
        result: dict[str, Any] = self.call(
            "POST", f"/api/sessions/{session}/control", {"action": action, **values}
        )
        return result

    def projector_link(self, session: int) -> str:
        """A link that opens this session's dashboard in a browser (the projector) until
        the session ends; asking again makes a new link and retires the old one."""
        path = self.call("POST", f"/api/sessions/{session}/projector")["path"]
        return f"{self.url}/{path}"

    def results_csv(self, session: int) -> str:
        """The session's answers as CSV text (what ``teachgames class results`` writes)."""
        return self._text(f"/api/sessions/{session}/answers.csv")

    def practice_csv(self, session: int, language: str = "en") -> str:
        """The session's practice mastery, one row per pupil and skill, as CSV."""
        return self._text(f"/api/sessions/{session}/practice.csv?lang={language}")

    def practice(self, session: int, language: str = "en") -> Any:
        """The session's skill x pupil mastery grid and every practice try, as the server marked them."""
        return self.call("GET", f"/api/sessions/{session}/practice?lang={language}")

    def results_table_json(self, session: int) -> str:
        """The session's answers as pandas' "table" JSON: ``pandas.read_json(file,
        orient="table")`` gives back the DataFrame of :meth:`results`, types and all."""
        return self._text(f"/api/sessions/{session}/answers.json")

    def _text(self, path: str) -> str:
        from urllib.request import Request, urlopen

        req = Request(self.url + path, headers={"Authorization": self.auth})
        with urlopen(req, timeout=30) as response:
            text: str = response.read().decode("utf-8")
        return text

    def results(self, session: int) -> Any:
        """The session's answers as a pandas DataFrame, one row per answer."""
        from .results import answers_frame

        return answers_frame(self.call("GET", f"/api/sessions/{session}/answers"))

    def misconceptions(self, class_id: int) -> Any:
        """How often each misconception was named, per session, as a DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.call("GET", f"/api/classes/{class_id}/misconceptions"))

    def delete_class(self, class_id: int) -> None:
        self.call("DELETE", f"/api/classes/{class_id}")

    def remove_pupil(self, session: int, pupil_id: int) -> None:
        """Take a pupil (a name that is no pupil, a second row) out of the session with
        their answers; their link asks them to join again."""
        self.call("DELETE", f"/api/sessions/{session}/pupils/{pupil_id}")

    def delete_answer(self, session: int, answer_id: str) -> None:
        self.call("DELETE", f"/api/sessions/{session}/answers/{answer_id}")

    def end(self, session: int) -> None:
        """End the session: nobody joins or answers any more; the answers are kept."""
        self.control(session, "close")

    def dashboard(self, session: int, language: str = "en", hide_names: bool = False) -> Any:
        """The live dashboard widget for the notebook (the projector page draws the same)."""
        from .widget import Dashboard

        return Dashboard(self, session, language=language, hide_names=hide_names)
