"""The pupil's side of the class: :class:`HttpLink`, a :class:`~..core.answers.ClassLink` over HTTP.

``send()`` only puts the event in an outbox and wakes a sender thread, so the widget
never waits for the network. The sender posts what is pending in batches and drops an
event only when the server has acknowledged it (recorded now or before: ids make
retries harmless), backing off while the server cannot be reached. A second thread
long-polls the pacing (the server answers as soon as the teacher changes something),
so a "hold" or "release" reaches the pupil well within a second.

The logic is apart from the I/O: :class:`Outbox` (what is still to send, optionally kept
in a file so a restarted kernel still sends it) and :class:`Pacing` (the last word from
the teacher) are plain objects; :class:`HttpLink` drives them with threads and urllib.
A Pyodide kernel (JupyterLite) has neither threads that run in the background nor
urllib sockets: a Pyodide link drives the same two objects from two asyncio tasks with
``pyodide.http.pyfetch`` (see docs/classroom.md).
"""

from __future__ import annotations

import json
import os
import random
import threading
import urllib.error
import urllib.request
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from ..core.answers import AnswerEvent
from ..core.files import write_whole

#: At most this many answers go in one request (the server takes up to 100).
BATCH = 50
#: Waits between failed tries: exponential from ``BASE`` seconds up to ``CAP``, each a
#: random 50-100 % of that (jitter: a class whose server came back does not all retry
#: in the same instant).
BASE = 0.2
CAP = 30.0
#: What the server says when this pupil's token no longer opens the class (the lesson
#: ended, the code ran out, the pupil was removed): stop sending, ask to join again.
GONE = frozenset({401, 403, 404, 410})


class Backoff:
    """Exponential waits with jitter and a cap; the random source is the link's own."""

    def __init__(self, base: float = BASE, cap: float = CAP, rng: random.Random | None = None) -> None:
        self.base = base
        self.cap = cap
        self.rng = rng or random.Random()
        self.failures = 0

    def next(self, at_least: float = 0.0) -> float:
        """The wait after one more failure (at least ``at_least``: a server's Retry-After)."""
        wait = min(self.cap, self.base * 2.0 ** min(self.failures, 30)) * self.rng.uniform(0.5, 1.0)
        self.failures += 1
        return max(wait, min(at_least, self.cap * 4))

    def reset(self) -> None:
        self.failures = 0


class JoinError(Exception):
    """The server refused to let the pupil in; the message is the server's, in their language."""


class ServerRefused(OSError):
    """The server answered, but not with the pacing (a closed session, an expired token):
    an OSError, so the polling loop backs off instead of asking again at once."""


class Outbox:
    """Answers not yet acknowledged, oldest first; each id once. Optionally kept in a
    JSON-lines file so answers queued before a kernel restart are still sent."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._events: OrderedDict[str, AnswerEvent] = OrderedDict()
        self._lock = threading.Lock()
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    event = AnswerEvent.from_dict(json.loads(line))
                except ValueError:
                    continue
                self._events[event.id] = event

    def put(self, event: AnswerEvent) -> None:
        with self._lock:
            if event.id in self._events:
                return
            self._events[event.id] = event
            if self.path is not None:
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(event.to_dict()) + "\n")

    def batch(self, size: int = BATCH) -> list[AnswerEvent]:
        with self._lock:
            return list(self._events.values())[:size]

    def done(self, ids: Iterable[str]) -> None:
        with self._lock:
            changed = False
            for i in ids:
                changed |= self._events.pop(i, None) is not None
            if changed and self.path is not None:
                text = "".join(json.dumps(e.to_dict()) + "\n" for e in self._events.values())
                write_whole(self.path, text.encode("utf-8"))

    def __len__(self) -> int:
        with self._lock:
            return len(self._events)


class Pacing:
    """The teacher's last word: which lesson, the highest screen allowed, the shown answer."""

    def __init__(self) -> None:
        self.version: int | None = None
        self.lesson: str | None = None
        self.allowed: int | None = None
        self.reveal: dict[str, str] | None = None
        #: The teacher paused the class (input waits).
        self.paused = False
        #: The screen the teacher shows the class ({"index", "task"}), or None.
        self.screen: dict[str, Any] | None = None

    def update(self, data: dict[str, Any]) -> bool:
        """Take the server's answer; True when what pupils may see changed."""
        before = (self.lesson, self.allowed, self.reveal, self.paused, self.screen)
        self.version = data.get("version")
        self.lesson = data.get("lesson")
        allowed = data.get("allowed")
        self.allowed = allowed if isinstance(allowed, int) else None
        reveal = data.get("reveal")
        self.reveal = reveal if isinstance(reveal, dict) else None
        self.paused = data.get("paused") is True
        screen = data.get("screen")
        self.screen = screen if isinstance(screen, dict) and isinstance(screen.get("index"), int) else None
        return (self.lesson, self.allowed, self.reveal, self.paused, self.screen) != before


def classroom_words(pacing: Pacing, lesson: str, language: str) -> tuple[bool, str | None]:
    """(paused, the pupil's words for the pause and what is shown to the class)."""
    from ..core.i18n import tr

    said = []
    if pacing.paused:
        said.append(tr("classroom.link.paused", language))
    shown = pacing.reveal or pacing.screen
    if shown is not None:
        title = _screen_title(lesson, str(shown.get("task", "")), language)
        if pacing.reveal is not None:
            said.append(
                tr("classroom.link.shown_answer", language, screen=title, answer=pacing.reveal["answer"])
            )
        else:
            said.append(tr("classroom.link.shown_screen", language, screen=title))
    return pacing.paused, (" ".join(said) or None)


def _screen_title(lesson: str, task: str, language: str) -> str:
    """A task's screen as the pupil knows it ("6 Adding in eighths"), else its id."""
    from ..lesson.own import task_titles_of

    titles = task_titles_of(lesson, language)
    return f"{list(titles).index(task) + 1} {titles[task]}" if task in titles else task


def request(
    base: str, method: str, path: str, body: Any = None, token: str | None = None, timeout: float = 10.0
) -> tuple[int, Any]:
    """One JSON request with urllib; (status, parsed body). Network failures raise OSError."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token is not None:
        headers["Authorization"] = token if " " in token else f"Bearer {token}"
    req = urllib.request.Request(base.rstrip("/") + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, raw = response.status, response.read(4_000_000)
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read(100_000)
    try:
        return status, json.loads(raw or b"null")
    except ValueError:
        return status, None


class Wakeable(Protocol):
    """What wakes a transport's sender: a ``threading.Event`` or an ``asyncio.Event``."""

    def set(self) -> None: ...


class QueuedLink:
    """What every transport of a :class:`~teachgames.core.answers.ClassLink` shares: an
    answer is checked and queued in the outbox, and the transport's sender is woken (a
    thread's or an asyncio event); pacing and the shown answer are what the last poll said.
    :class:`HttpLink` (CPython threads) and ``asynclink.AsyncLink`` (asyncio, Pyodide) each
    bring their own loops."""

    url: str
    token: str
    outbox: Outbox
    pacing: Pacing
    _callbacks: list[Callable[[], None]]
    _wake: Wakeable

    def __init__(
        self, url: str, token: str, outbox: Outbox, *, language: str = "en", rng: random.Random | None = None
    ) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.outbox = outbox
        self.pacing = Pacing()
        self.language = language
        #: Ids the server would not take (another pupil's id, a malformed event): not retried.
        self.refused: list[str] = []
        #: Those answers themselves, set aside so they never hold up the ones after them.
        self.set_aside: list[AnswerEvent] = []
        #: The last problem met, in words in the pupil's language (None while all is well).
        self.problem: str | None = None
        #: True once the server says this pupil's token no longer opens the class: sending
        #: stops (the answers stay queued) until the pupil joins again (:meth:`rejoined`).
        self.gone = False
        self._aside_words: str | None = None
        self.backoff = Backoff(rng=rng)
        self.poll_backoff = Backoff(rng=rng)
        self._batch = BATCH
        self._callbacks = []
        self._gone_callbacks: list[Callable[[], None]] = []

    def on_gone(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the server stops taking this pupil's token (the join
        form shows itself again, with why)."""
        self._gone_callbacks.append(callback)

    def went(self) -> None:
        """The server said this pupil's token no longer opens the class."""
        if self.gone:
            return
        self.gone = True
        self.problem = self._words("gone")
        for callback in list(self._gone_callbacks):
            try:
                callback()
            except Exception as exc:  # a subscriber's bug must not stop the link
                self.problem = f"callback failed: {exc!r}"

    def _words(self, key: str, **values: object) -> str:
        from ..core.i18n import tr

        return tr(f"classroom.link.{key}", self.language, **values)

    def after_post(
        self, batch: list[AnswerEvent], status: int, data: Any, retry_after: float = 0.0
    ) -> float | None:
        """What the server's answer to a batch means: the seconds to wait before the next
        post (0: at once), or None: wait until woken (nothing to send, or the pupil must
        join again). Acknowledged answers leave the outbox; an answer the server refuses
        (4xx) is set aside, never retried, and never holds up the others."""
        if (
            status in (200, 409, 422)
            and isinstance(data, dict)
            and isinstance(data.get("acknowledged"), list)
        ):
            refused = [i for i in data.get("refused", []) if isinstance(i, str)]
            acknowledged = [i for i in data["acknowledged"] if isinstance(i, str)]
            self._aside([e for e in batch if e.id in refused], data.get("problems"))
            self.outbox.done([*acknowledged, *refused])
            if not refused:
                self.problem = self._aside_words  # what was set aside is still said
            self.backoff.reset()
            self._batch = BATCH
            return 0.0
        if status in GONE:
            self.went()
            return None
        if 400 <= status < 500 and status not in (408, 429):
            if len(batch) > 1:  # one of them is refused: send them one at a time to find it
                self._batch = 1
                return 0.0
            self._aside(batch, {batch[0].id: _message(data, status)} if batch else None)
            self.outbox.done(e.id for e in batch)
            return 0.0
        self.problem = _message(data, status)
        return self.backoff.next(retry_after)

    def _aside(self, events: list[AnswerEvent], problems: Any) -> None:
        for event in events:
            self.refused.append(event.id)
            self.set_aside.append(event)
            reason = problems.get(event.id) if isinstance(problems, dict) else None
            self.problem = self._words("set_aside", reason=reason if isinstance(reason, str) else "")
            self._aside_words = self.problem

    def unreachable(self, exc: OSError) -> float:
        self.problem = f"class server not reachable: {exc}"
        return self.backoff.next()

    def rejoined(self, token: str) -> None:
        """The pupil joined again (the same pupil when the server kept them): what is
        queued goes out with the new token."""
        self.token = token
        self.gone = False
        self.problem = self._aside_words
        self.backoff.reset()
        self.poll_backoff.reset()
        self._wake.set()

    # -- ClassLink -------------------------------------------------------------------
    def send(self, event: AnswerEvent) -> None:
        event.check()
        self.outbox.put(event)
        self._wake.set()

    def allowed_screen(self, lesson: str) -> int | None:
        return self.pacing.allowed if self.pacing.lesson == lesson else None

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    # -- more for the notebook -------------------------------------------------------
    def revealed(self) -> dict[str, str] | None:
        """The answer the teacher shows the class (task and text, no name), or None."""
        return self.pacing.reveal

    def paused(self) -> bool:
        """Whether the teacher paused the class (the activities take no input)."""
        return self.pacing.paused

    def shown_screen(self) -> dict[str, Any] | None:
        """The screen the teacher shows the class ({"index", "task"}), or None."""
        return self.pacing.screen

    def classroom_note(self, lesson: str, language: str) -> tuple[bool, str | None]:
        """What the teacher says to the whole class now, in the pupil's words: (paused,
        words), the words None when nothing is paused or shown. Activities show it."""
        if self.pacing.lesson != lesson:
            return False, None
        return classroom_words(self.pacing, lesson, language)

    def pending(self) -> int:
        return len(self.outbox)


Transport = Callable[..., "tuple[int, Any]"]


class HttpLink(QueuedLink):
    """A :class:`~..core.answers.ClassLink` to a class server, for a CPython kernel."""

    _wake: threading.Event

    def __init__(
        self,
        url: str,
        token: str,
        *,
        queue_file: Path | str | None = None,
        long_poll: float = 20.0,
        start: bool = True,
        language: str = "en",
        transport: Transport | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(
            url, token, Outbox(Path(queue_file) if queue_file else None), language=language, rng=rng
        )
        self.long_poll = long_poll
        self.transport: Transport = transport or request
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        if start:
            self.start()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued answer is acknowledged (True) or ``timeout`` passes."""
        self._wake.set()
        waited = 0.0
        while len(self.outbox) and waited < timeout:
            self._stop.wait(0.05)
            waited += 0.05
        return not len(self.outbox)

    def my_answers(self) -> list[dict[str, Any]]:
        status, data = self.transport(self.url, "GET", "/api/me", token=self.token)
        if status != 200 or not isinstance(data, dict):
            raise JoinError(_message(data, status))
        answers: list[dict[str, Any]] = data["answers"]
        return answers

    def saved_progress(self, lesson_id: str, part: str) -> dict[str, Any] | None:
        """The server's record of this pupil's work on one activity (the answers it
        keeps, and those still on their way), which wins over the browser's copy; None
        when the server cannot be asked now (the browser's copy is used then)."""
        from .resume import progress_record

        try:
            answers = self.my_answers()
        except (OSError, JoinError, KeyError):
            return None
        kept = {a.get("id") for a in answers}
        waiting = [e.to_dict() for e in self.outbox.batch(10_000) if e.id not in kept]
        return progress_record(lesson_id, part, [*answers, *waiting])

    def rejoin(self, code: str, name: str) -> None:
        """Join the class again after the server stopped taking this pupil's token (the
        same pupil row while the session is open); the queued answers then go out."""
        status, data = self.transport(
            self.url,
            "POST",
            f"/api/join?lang={self.language}",
            {"code": code, "name": name, "token": self.token},
        )
        if status != 200 or not isinstance(data, dict):
            raise JoinError(_message(data, status))
        self.rejoined(str(data["token"]))

    def start(self) -> None:
        for target in (self._send_loop, self._poll_loop):
            thread = threading.Thread(target=target, daemon=True, name=f"classroom-{target.__name__}")
            thread.start()
            self._threads.append(thread)

    def close(self) -> None:
        self._stop.set()
        self._wake.set()

    # -- the two loops ---------------------------------------------------------------
    def step(self) -> float | None:
        """Post one batch: the seconds to wait before the next (0: at once), or None:
        wait to be woken (nothing queued, or the pupil must join again)."""
        batch = self.outbox.batch(self._batch)
        if not batch or self.gone:
            return None
        try:
            status, data = self.transport(
                self.url, "POST", "/api/answers", {"answers": [e.to_dict() for e in batch]}, self.token
            )
        except OSError as exc:
            return self.unreachable(exc)
        return self.after_post(batch, status, data, _retry_after(data))

    def send_once(self) -> bool:
        """Post one batch; True when the server took or refused it for good."""
        wait = self.step()
        return wait is None or wait == 0.0

    def _send_loop(self) -> None:
        while not self._stop.is_set():
            wait = self.step()
            if wait is None:
                self._wake.wait(1.0)
                self._wake.clear()
            elif wait > 0:
                self._stop.wait(wait)

    def poll_once(self, wait: float = 0.0) -> bool:
        """Ask for the pacing (waiting up to ``wait`` s for a change); True when it changed."""
        since = "" if self.pacing.version is None else f"&since={self.pacing.version}"
        status, data = self.transport(
            self.url, "GET", f"/api/pacing?wait={wait}{since}", token=self.token, timeout=wait + 10
        )
        if status in GONE:
            self.went()
        if status != 200 or not isinstance(data, dict):
            raise ServerRefused(_message(data, status))
        changed = self.pacing.update(data)
        if changed:
            for callback in list(self._callbacks):
                try:
                    callback()
                except Exception as exc:  # a subscriber's bug must not stop pacing for the others
                    self.problem = f"pacing callback failed: {exc!r}"
        return changed

    def _poll_loop(self) -> None:
        while not self._stop.is_set():
            if self.gone:
                self._stop.wait(1.0)
                continue
            try:
                self.poll_once(self.long_poll if self.pacing.version is not None else 0.0)
                self.poll_backoff.reset()
            except OSError as exc:
                if not self.gone:
                    self.problem = (
                        str(exc) if isinstance(exc, ServerRefused) else f"class server not reachable: {exc}"
                    )
                self._stop.wait(self.poll_backoff.next())


def _retry_after(data: Any) -> float:
    """A 429's wait as the server's body says it (the link sees no headers)."""
    value = data.get("retry_after") if isinstance(data, dict) else None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _message(data: Any, status: int) -> str:
    if isinstance(data, dict) and isinstance(data.get("message"), str):
        return str(data["message"])
    return f"class server answered {status}"


def join(
    url: str, code: str, name: str, *, language: str = "en", token: str | None = None, **options: Any
) -> HttpLink:
    """Join a class on the LAN site with the code on the projector and a display name;
    ``token``, one this pupil was given before (``link.token``), brings the same pupil
    back while the session is open, and their activities then come back as the server
    keeps them (:meth:`HttpLink.saved_progress`)."""
    body = {"code": code, "name": name} | ({"token": token} if token else {})
    status, data = request(url, "POST", f"/api/join?lang={language}", body)
    if status != 200 or not isinstance(data, dict):
        raise JoinError(_message(data, status))
    return HttpLink(url, str(data["token"]), language=language, **options)


def from_hub(
    url: str | None = None, code: str | None = None, *, language: str = "en", **options: Any
) -> HttpLink:
    """Join the class from inside a JupyterHub user server: the Hub says who the pupil is.

    ``url`` defaults to ``TEACHGAMES_CLASS_URL``, which the Hub's ``jupyterhub_config.py``
    puts in every user server's environment. The pupil joins a lesson of their own class
    (a member of its Hub group, ``class-7a`` for 7A): ``code`` is needed only when lessons
    of two of their classes are open, and another class's code is refused (JoinError).
    """
    url = url or os.environ.get("TEACHGAMES_CLASS_URL")
    hub_token = os.environ.get("JUPYTERHUB_API_TOKEN")
    if not url or not hub_token:
        raise JoinError("not inside a JupyterHub user server with a class (TEACHGAMES_CLASS_URL is not set)")
    body = {"code": code} if code else {}
    status, data = request(url, "POST", f"/api/hub/join?lang={language}", body, token=f"token {hub_token}")
    if status != 200 or not isinstance(data, dict):
        raise JoinError(_message(data, status))
    return HttpLink(url, str(data["token"]), language=language, **options)
