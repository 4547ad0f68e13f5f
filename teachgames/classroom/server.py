"""The class server: one Starlette application (served by uvicorn) over the :class:`Store`.

Who may do what:

* a **pupil** holds a session token (from ``POST /api/join`` with the class code and a
  display name, or ``POST /api/hub/join`` with their JupyterHub token). With it they may
  send answers, which are recorded as *theirs* whatever the body says, read their own
  answers, and read the pacing. Nothing else.
* the **teacher** holds the teacher's key (``Authorization: Bearer <key>``, printed by
  ``teachgames class serve``) or is in the Hub's teachers' group. Only they see the
  dashboard, pace the class, show an answer, run the timer, take results out and
  delete a class, and each only their own classes (:mod:`.access`): another teacher's
  class is not found (404).
* in a Hub, a pupil joins only a lesson of their own class (a member of its Hub group,
  :func:`.hub.class_group`), and a Hub teacher's class is joined through the Hub only.

Every request body is read up to a bound (413 past it); a request that carries an
``Origin`` header is served only when that origin is this server's own or one the
teacher allowed (a page elsewhere cannot drive a pupil's or the teacher's browser
against this server). Tokens travel in headers, never in cookies, so no other page
can borrow them. Errors are JSON ``{"error": key, "message": words}`` in the language the
request asks for (``?lang=`` or ``Accept-Language``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import re
import secrets
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..core.answers import LANGUAGES, AnswerEvent, EventError
from ..core.errors import GameFileError
from ..core.i18n import tr
from .access import TeacherAccess
from .board import board_state
from .bus import BOARD, PACING, bus_for
from .hub import HubIdentity, HubUser
from .practice_results import add_results, is_practice, mark_practice, mastery_grid, practice_rows
from .practice_results import results as practice_results
from .results import answers_csv, answers_table_json, rows_csv
from .store import PupilInfo, SessionInfo, Store, Stored, StoreError, event_time, now
from .throttle import Limit, Throttle

STATIC = Path(__file__).parent / "static"
#: Bodies are small JSON; a batch of 100 answers of 500 characters fits in 64 KiB.
MAX_BODY = 64 * 1024
#: A new session's request, which may carry a teacher's lesson file.
MAX_LESSON_BODY = 600 * 1024
MAX_BATCH = 100
#: No request of this server nests deeper than a few levels.
MAX_DEPTH = 16
SURROGATE = re.compile("[\ud800-\udfff]")
#: The largest record number (a 32-bit signed integer, as PostgreSQL's ``integer``).
MAX_ID = 2**31 - 1
#: A pupil's activity says how many hints it opened; more than this is no lesson's.
MAX_HINTS = 100
#: A long poll waits this long for a change before answering "no change".
LONG_POLL = 20.0
#: Seconds a woken dashboard poll waits for more answers before it draws the board.
BOARD_GATHER = 0.25


class Refusal(Exception):
    """A request refused with a status and a message key (the words come from the catalogue)."""

    def __init__(self, status: int, key: str, headers: dict[str, str] | None = None, **values: Any) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.values = values
        self.headers = headers or {}


@dataclass
class Settings:
    url: str
    teacher_key: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    hub: HubIdentity | None = None
    allowed_origins: tuple[str, ...] = ()
    prefix: str = "/"
    max_body: int = MAX_BODY
    long_poll: float = LONG_POLL
    throttle: Throttle = field(default_factory=Throttle)
    #: Joins (right codes) per pupil's address and per class code within a minute.
    joins_per_client: Limit = field(default_factory=lambda: Limit(10))
    joins_per_code: Limit = field(default_factory=lambda: Limit(60))
    #: Addresses of proxies whose ``X-Forwarded-For`` names the pupil (the site's own
    #: forwarding on loopback); any other caller's copy of that header is ignored.
    trusted_proxies: tuple[str, ...] = ()
    #: Long polls one pupil may have waiting at once (a tab or two); more get 429.
    polls_per_pupil: int = 3
    #: The file that keeps the teacher's key (``teachgames class rotate-key`` writes a new
    #: one there; the running server takes it up), and the dashboard link beside it.
    key_file: Path | None = None
    link_file: Path | None = None
    link_base: str = ""
    #: Processes serving the class (``--workers``): a key held in memory only cannot
    #: be changed in all of them from one request.
    workers: int = 1
    _key_seen: float = field(default=0.0, repr=False)

    def current_key(self) -> str:
        """The teacher's key now: the key file's when it changed since it was read."""
        if self.key_file is not None:
            with contextlib.suppress(OSError):
                changed = self.key_file.stat().st_mtime_ns
                if changed != self._key_seen:
                    text = self.key_file.read_text(encoding="utf-8").strip()
                    if text:
                        self.teacher_key, self._key_seen = text, changed
        return self.teacher_key

    def rotate_key(self) -> str:
        """Make a new teacher's key, keep it (key file and dashboard link, 0600) and
        stop taking the old one."""
        from .keys import write_private

        key = secrets.token_urlsafe(24)
        if self.key_file is not None:
            write_private(self.key_file, key + "\n")
            self._key_seen = self.key_file.stat().st_mtime_ns
        if self.link_file is not None and self.link_base:
            write_private(self.link_file, f"{self.link_base}#key={key}\n")
        self.teacher_key = key
        return key


def language_of(request: Request) -> str:
    asked = request.query_params.get("lang") or request.headers.get("accept-language", "")[:2].lower()
    return asked if asked in LANGUAGES else "en"


def refusal_response(request: Request, exc: Refusal) -> JSONResponse:
    body: dict[str, Any] = {"error": exc.key, "message": tr(exc.key, language_of(request), **exc.values)}
    if "retry-after" in exc.headers:  # a pupil's fetch in the browser may not see headers
        body["retry_after"] = int(exc.headers["retry-after"])
    return JSONResponse(
        body,
        status_code=exc.status,
        headers=exc.headers,
    )


async def read_json(request: Request, limit: int) -> Any:
    """The body as JSON, bounded in size (413) and in depth, and text only (400): a
    lone surrogate is no character any database keeps."""
    declared = request.headers.get("content-length")
    if declared is not None and (not (declared.isascii() and declared.isdigit()) or int(declared) > limit):
        raise Refusal(413, "classroom.error.too_big")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refusal(413, "classroom.error.too_big")
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refusal(400, "classroom.error.bad_json") from None
    if not plain_json(data):
        raise Refusal(400, "classroom.error.bad_json")
    return data


def plain_json(data: Any) -> bool:
    """Whether parsed JSON nests at most :data:`MAX_DEPTH` deep and every string (keys
    too) is real text: no lone surrogate."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if SURROGATE.search(value):
                return False
        elif isinstance(value, (list, dict)):
            if depth >= MAX_DEPTH:
                return False
            items = [*value, *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return True


def path_id(request: Request, name: str) -> int | None:
    """A record's number from the path, or None when it cannot be one: not digits, or
    past what a database's integer holds (PostgreSQL's stops at 2**31 - 1)."""
    text = str(request.path_params.get(name, ""))
    if not text.isascii() or not text.isdigit() or len(text) > 10:
        return None
    number = int(text)
    return number if 0 < number <= MAX_ID else None


def session_tasks(lesson: str, names: list[str], source: str | None = None) -> list[str]:
    """A new session's columns, each a task of the lesson (LookupError: no such lesson;
    ValueError: a task it lacks, in words naming the tasks it has). ``source``: a
    teacher's lesson file's JSON text."""
    from .judge import resolve_tasks

    return resolve_tasks(lesson, names, source)


def lesson_file_text(value: Any) -> tuple[str, str]:
    """(the lesson's id, its canonical JSON text) for a teacher's lesson file sent with a
    new session (the file's JSON object); GameFileError naming the field when it is no
    lesson."""
    from ..lesson.files import read_lesson

    spec = read_lesson(value if isinstance(value, dict) else {"format": None}, "lesson_file")
    return spec.lesson, str(spec.meta["json"])


def read_answer(item: Any) -> tuple[AnswerEvent, int | None]:
    """One answer of a batch as the pupil's side sent it, and the hints it used (an
    optional whole number the lesson's activity adds). EventError when malformed."""
    if not isinstance(item, dict):
        raise EventError("an answer must be a JSON object")
    hints = item.get("hints")
    if hints is not None and (
        not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= MAX_HINTS
    ):
        raise EventError(f"hints must be a whole number from 0 to {MAX_HINTS}")
    event = AnswerEvent.from_dict({k: v for k, v in item.items() if k != "hints"})
    if "\x00" in event.answer:
        raise EventError("answer must be text without NUL characters")
    try:
        event_time(event.at)
    except ValueError as exc:
        raise EventError(f"at: {exc}") from None
    return event, hints


def session_rows(store: Store, rows: list[SessionInfo]) -> list[dict[str, Any]]:
    """Sessions as the picker lists them: class, lesson, when, open or ended, counts."""
    counts = store.session_counts([s.id for s in rows])
    return [
        {
            "id": s.id,
            "class_id": s.class_id,
            "class": s.class_name,
            "lesson": s.lesson,
            "code": s.code,
            "open": s.open(),
            "started": s.started.isoformat() if s.started else None,
            "expires": s.expires.isoformat(),
            "pupils": counts.get(s.id, (0, 0))[0],
            "answers": counts.get(s.id, (0, 0))[1],
        }
        for s in rows
    ]


def mark_answers(
    info: SessionInfo, events: list[AnswerEvent], language: str
) -> tuple[list[AnswerEvent], dict[str, str]]:
    """The answers the server marked (with its own ``correct`` and ``misconception``) and,
    for each one refused, why in the caller's language."""
    from .judge import UnknownLesson, Verdict, judge, lesson_tasks

    marked: list[AnswerEvent] = []
    problems: dict[str, str] = {}
    try:
        tasks = lesson_tasks(info.lesson, info.lesson_file)
    except UnknownLesson:
        tasks = {}
    for event in events:
        entry = tasks.get(event.task) if event.lesson == info.lesson else None
        if event.lesson != info.lesson:
            problems[event.id] = tr("classroom.error.other_lesson", language, lesson=info.lesson)
        elif entry is None:
            problems[event.id] = tr("classroom.error.no_task", language, lesson=info.lesson, task=event.task)
        elif event.attempt > entry.tries:
            problems[event.id] = tr("classroom.error.tries", language, n=entry.tries)
        else:
            claimed = Verdict(event.correct, event.misconception)
            verdict = judge(info.lesson, event.task, event.answer, event.language, claimed, info.lesson_file)
            if verdict is None:
                problems[event.id] = tr("classroom.error.unreadable", language)
            else:
                marked.append(replace(event, correct=verdict.correct, misconception=verdict.misconception))
    return marked, problems


class OriginCheck:
    """Refuse (403) any request whose ``Origin`` is neither this server nor allowed;
    answer CORS preflights for allowed origins (a JupyterLite pupil's page)."""

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = {o.rstrip("/") for o in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin is None:
            await self.app(scope, receive, send)
            return
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
        cross = origin != own
        if cross and origin not in self.allowed:
            response: Response = JSONResponse(
                {"error": "classroom.error.origin", "message": "origin not allowed"}, status_code=403
            )
            await response(scope, receive, send)
            return
        cors = {
            "access-control-allow-origin": origin,
            "access-control-allow-headers": "authorization, content-type",
            "access-control-allow-methods": "GET, POST, DELETE",
            "access-control-max-age": "600",
            "vary": "Origin",
        }
        if cross and scope["method"] == "OPTIONS":
            await Response(status_code=204, headers=cors)(scope, receive, send)
            return

        async def send_with_cors(message: Any) -> None:
            if cross and message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *[(k.encode(), v.encode()) for k, v in cors.items()],
                ]
            await send(message)

        await self.app(scope, receive, send_with_cors)


class ClassServer:
    """The routes and what they share: the store, the settings, the bus that wakes the
    long polls (this process's on SQLite; every process's through PostgreSQL)."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        self.settings = settings
        self.store = store or Store(settings.url)
        self.bus = bus_for(self.store.url, self.store.engine)
        #: Long polls waiting now, per pupil (in this process: a limit per worker).
        self.polls: defaultdict[int, int] = defaultdict(int)

    # -- who is asking ---------------------------------------------------------------
    def _credentials(self, request: Request) -> tuple[str, str] | None:
        header = request.headers.get("authorization", "")
        scheme, _, value = header.partition(" ")
        value = value.strip()
        if not value:
            return None
        return scheme.lower(), value

    async def _hub_user(self, request: Request) -> HubUser | None:
        creds = self._credentials(request)
        if creds is None or creds[0] != "token" or self.settings.hub is None:
            return None
        return await run_in_threadpool(self.settings.hub.user, creds[1])

    async def teacher(self, request: Request) -> TeacherAccess:
        """Which teacher asks (the key's classes, or a Hub teacher's), kept on the request
        for :meth:`session_of`; 401/403 for anyone else."""
        creds = self._credentials(request)
        access = None
        if (
            creds is not None
            and creds[0] == "bearer"
            and hmac.compare_digest(creds[1].encode(), self.settings.current_key().encode())
        ):
            access = TeacherAccess(owner=None)
        else:
            user = await self._hub_user(request)
            if user is not None and self.settings.hub is not None and self.settings.hub.is_teacher(user):
                access = TeacherAccess(owner=user.name)
        if access is None:
            raise Refusal(403 if creds else 401, "classroom.error.teacher")
        request.state.access = access
        return access

    async def session_teacher(self, request: Request) -> bool:
        """The teacher (True), or the projector key of the session in the path (False:
        that session only, none of the class's others)."""
        creds = self._credentials(request)
        if creds is not None and creds[0] == "bearer" and len(creds[1]) <= 200:
            session_id = path_id(request, "session")
            if session_id is not None and await run_in_threadpool(
                self.store.is_projector, session_id, creds[1]
            ):
                request.state.access = TeacherAccess(session=session_id)
                return False
        await self.teacher(request)
        return True

    async def own_class(self, access: TeacherAccess, class_id: int | None) -> int:
        """The class in the path when it is this teacher's; 404 otherwise (another
        teacher's class is answered as one that does not exist)."""
        found = None if class_id is None else await run_in_threadpool(self.store.klass, class_id)
        if found is None or not access.owns(found.owner):
            raise Refusal(404, "classroom.error.no_class")
        return found.id

    async def pupil(self, request: Request) -> tuple[PupilInfo, SessionInfo]:
        creds = self._credentials(request)
        if creds is None or creds[0] != "bearer" or len(creds[1]) > 200:
            raise Refusal(401, "classroom.error.auth")
        found = await run_in_threadpool(self.store.pupil_for_token, creds[1])
        if found is None:
            raise Refusal(401, "classroom.error.auth")
        return found

    async def session_of(self, request: Request) -> SessionInfo:
        """The session in the path, when the teacher checked before (:meth:`teacher`)
        may open it; 404 otherwise, another teacher's session too."""
        session_id = path_id(request, "session")
        if session_id is None:
            raise Refusal(404, "classroom.error.no_session")
        info = await run_in_threadpool(self.store.session, session_id)
        access = getattr(request.state, "access", None)
        if info is None or not isinstance(access, TeacherAccess) or not access.opens(info):
            raise Refusal(404, "classroom.error.no_session")
        return info

    # -- pupils ----------------------------------------------------------------------
    def client(self, request: Request) -> str:
        """The caller's address: the connection's own, or, from a trusted proxy only,
        the last address that proxy put in ``X-Forwarded-For``."""
        peer = request.client.host if request.client else "?"
        if peer not in self.settings.trusted_proxies:
            return peer
        forwarded = [a.strip() for a in request.headers.get("x-forwarded-for", "").split(",") if a.strip()]
        return forwarded[-1][:100] if forwarded else peer

    async def join(self, request: Request) -> Response:
        client = self.client(request)
        wait = self.settings.throttle.wait(client)
        if wait > 0:
            raise Refusal(429, "classroom.error.throttled", headers={"retry-after": str(int(wait) + 1)})
        body = await read_json(request, 4096)
        if not isinstance(body, dict) or not isinstance(body.get("code"), str):
            raise Refusal(400, "classroom.error.bad_request", reason="code")
        resume = body.get("token")
        resume = resume if isinstance(resume, str) and 0 < len(resume) <= 200 else None
        code = body["code"][:20].strip().upper()
        for limit, key, words in (
            (self.settings.joins_per_client, client, "classroom.error.joins"),
            (self.settings.joins_per_code, code, "classroom.error.code_busy"),
        ):
            wait = limit.wait(key)
            if wait > 0 and resume is None:
                raise Refusal(429, words, headers={"retry-after": str(int(wait) + 1)})
        placeholder = tr("classroom.board.pupil", language_of(request))
        try:
            token, pupil, info = await run_in_threadpool(
                lambda: self.store.join(code, body.get("name"), resume=resume, placeholder=placeholder)
            )
        except StoreError as exc:
            if exc.key == "classroom.error.code":
                self.settings.throttle.failed(client)
                raise Refusal(404, exc.key) from None
            status = {"classroom.error.name_taken": 409, "classroom.error.hub_only": 403}.get(exc.key, 400)
            raise Refusal(status, exc.key, **exc.values) from None
        if token != resume:
            self.settings.joins_per_client.add(client)
            self.settings.joins_per_code.add(code)
        await self.bus.publish(info.id, BOARD)
        return JSONResponse(self._joined(token, pupil, info))

    def _joined(self, token: str, pupil: PupilInfo, info: SessionInfo) -> dict[str, Any]:
        return {
            "token": token,
            "pupil": {"id": pupil.id, "name": pupil.name},
            "session": {"id": info.id, "lesson": info.lesson, "expires": info.expires.isoformat()},
        }

    async def hub_join(self, request: Request) -> Response:
        """A Hub pupil joins a lesson of their own class (the one open, or by its code)."""
        hub = self.settings.hub
        if hub is None:
            raise Refusal(404, "classroom.error.no_hub")
        user = await self._hub_user(request)
        if user is None:
            raise Refusal(401, "classroom.error.auth")
        body = await read_json(request, 4096)
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code:
            # No code: the one open session of the pupil's class, as the teacher started it.
            opened = await run_in_threadpool(self.store.open_sessions)
            opened = [s for s in opened if hub.in_class(user, s.class_name)]
            if not opened:
                raise Refusal(404, "classroom.error.hub_session")
            if len(opened) > 1:  # two lessons of their classes at once: the pupil must say which
                raise Refusal(409, "classroom.error.hub_many")
            code = opened[0].code
        else:
            found = await run_in_threadpool(self.store.open_session, code[:20])
            if found is not None and not hub.in_class(user, found.class_name):
                raise Refusal(403, "classroom.error.not_your_class")
        try:
            token, pupil, info = await run_in_threadpool(self.store.join, code[:20], user.name, user.name)
        except StoreError as exc:
            raise Refusal(404 if exc.key == "classroom.error.code" else 400, exc.key) from None
        await self.bus.publish(info.id, BOARD)
        return JSONResponse(self._joined(token, pupil, info))

    async def answers(self, request: Request) -> Response:
        """A pupil's answers, marked here: each is read with its task in the session's
        lesson, and the verdict stored is the server's. An answer to a task the lesson
        lacks, past the task's tries, or that no pupil's activity would send is refused
        (422) and nothing else in the batch is held up by it."""
        pupil, info = await self.pupil(request)
        body = await read_json(request, self.settings.max_body)
        items = body.get("answers") if isinstance(body, dict) else None
        if not isinstance(items, list) or len(items) > MAX_BATCH:
            raise Refusal(
                400, "classroom.error.bad_request", reason=f"answers: a list of at most {MAX_BATCH}"
            )
        try:
            read = [read_answer(item) for item in items]
        except EventError as exc:
            raise Refusal(400, "classroom.error.bad_answer", reason=str(exc)) from None
        language = language_of(request)
        practised = [replace(e, hints=h) for e, h in read if is_practice(e)]
        read = [(e, h) for e, h in read if not is_practice(e)]
        marked, problems = await run_in_threadpool(mark_answers, info, [e for e, _ in read], language)
        hints = {e.id: h for e, h in read}
        stored = await run_in_threadpool(self.store.add_answers, pupil, marked, hints)
        if practised:  # a practice's tries: marked and kept apart (practice_results)
            stored, problems = await run_in_threadpool(
                self._practice, pupil, info, practised, language, stored, problems
            )
        if stored.added:
            await self.bus.publish(info.id, BOARD)
        words = {i: tr("classroom.error.not_yours", language) for i in stored.refused}
        words |= problems
        status = 200 if not words else (409 if stored.refused else 422)
        return JSONResponse(
            {
                "acknowledged": [*stored.added, *stored.already],
                "refused": [*stored.refused, *problems],
                "problems": words,
            },
            status_code=status,
        )

    def _practice(
        self,
        pupil: PupilInfo,
        info: SessionInfo,
        events: list[AnswerEvent],
        language: str,
        stored: Stored,
        problems: dict[str, str],
    ) -> tuple[Stored, dict[str, str]]:
        """Mark and keep a batch's practice tries; the batch's outcome with theirs added."""
        marked, refused = mark_practice(info, events, language)
        kept = add_results(self.store, pupil, marked)
        together = Stored(
            (*stored.added, *kept.added), (*stored.already, *kept.already), (*stored.refused, *kept.refused)
        )
        return together, problems | refused

    async def my_practice(self, request: Request) -> Response:
        """A pupil's own practice tries as the server marked them (no one else's)."""
        pupil, info = await self.pupil(request)
        rows = await run_in_threadpool(practice_results, self.store, info.id, pupil.id)
        return JSONResponse({"results": [{k: v for k, v in r.items() if k != "pupil_id"} for r in rows]})

    async def practice(self, request: Request) -> Response:
        """The teacher's skill x pupil mastery grid of a session (``practice.csv``: one row
        per pupil and skill, for the teacher's results)."""
        await self.session_teacher(request)
        info = await self.session_of(request)
        language = language_of(request)
        if request.path_params.get("format") == "csv":
            rows = await run_in_threadpool(practice_rows, self.store, info, language)
            return Response(
                rows_csv(rows),
                media_type="text/csv; charset=utf-8",
                headers={"content-disposition": f'attachment; filename="session-{info.id}-practice.csv"'},
            )
        grid = await run_in_threadpool(mastery_grid, self.store, info, language)
        grid["results"] = await run_in_threadpool(practice_results, self.store, info.id)
        return JSONResponse(grid)

    async def me(self, request: Request) -> Response:
        pupil, info = await self.pupil(request)
        rows = await run_in_threadpool(self.store.answers, info.id, pupil.id)
        return JSONResponse(
            {
                "pupil": {"id": pupil.id, "name": pupil.name},
                "session": {"id": info.id, "lesson": info.lesson},
                "answers": [{k: v for k, v in r.items() if k not in ("pupil_id",)} for r in rows],
            }
        )

    def _pacing(self, info: SessionInfo, reveal: dict[str, Any] | None) -> dict[str, Any]:
        shown = (
            info.shown_screen
            if info.shown_screen is not None and info.shown_screen < len(info.tasks)
            else None
        )
        return {
            "version": info.version,
            "lesson": info.lesson,
            "allowed": info.pacing,
            "paused": info.paused,
            "reveal": reveal and {"task": reveal["task"], "answer": reveal["answer"]},
            "screen": None if shown is None else {"index": shown, "task": info.tasks[shown]},
        }

    async def pacing(self, request: Request) -> Response:
        """Long poll: answers at once when the version differs from ``since``, otherwise
        when the teacher changes something or after ``wait`` seconds (at most 20)."""
        _pupil, info = await self.pupil(request)
        since = request.query_params.get("since")
        try:
            wait = min(float(request.query_params.get("wait", "0")), self.settings.long_poll)
        except ValueError:
            wait = 0.0
        wait = wait if wait == wait else 0.0  # NaN waits no time
        if since is not None and since == str(info.version) and wait > 0:
            if self.polls[_pupil.id] >= self.settings.polls_per_pupil:
                raise Refusal(429, "classroom.error.polls", headers={"retry-after": "5"})
            self.polls[_pupil.id] += 1
            try:
                # marked before the second read: a change committed after it wakes the wait
                mark = await self.bus.mark(info.id, PACING)
                fresh = await run_in_threadpool(self.store.session, info.id)
                if fresh is not None and str(fresh.version) == since:
                    await self.bus.wait(info.id, PACING, mark, wait)
            finally:
                self.polls[_pupil.id] -= 1
                if not self.polls[_pupil.id]:
                    del self.polls[_pupil.id]
            fresh = await run_in_threadpool(self.store.session, info.id)
            info = fresh or info
        reveal = (
            await run_in_threadpool(self.store.answer, info.reveal_answer) if info.reveal_answer else None
        )
        return JSONResponse(self._pacing(info, reveal))

    # -- the teacher -----------------------------------------------------------------
    async def classes(self, request: Request) -> Response:
        """The teacher's own classes (GET); a new class of theirs (POST)."""
        access = await self.teacher(request)
        if request.method == "POST":
            body = await read_json(request, 4096)
            name = body.get("name") if isinstance(body, dict) else None
            try:
                class_id = await run_in_threadpool(self.store.new_class, name, access.owner)  # type: ignore[arg-type]
            except (StoreError, TypeError):
                raise Refusal(400, "classroom.error.name") from None
            return JSONResponse({"id": class_id}, status_code=201)
        rows = await run_in_threadpool(self.store.classes_of, access.owner)
        return JSONResponse([{"id": c.id, "name": c.name} for c in rows])

    async def one_class(self, request: Request) -> Response:
        access = await self.teacher(request)
        class_id = await self.own_class(access, path_id(request, "klass"))
        if request.method == "DELETE":
            sessions = await run_in_threadpool(self.store.sessions, class_id)
            if not await run_in_threadpool(self.store.delete_class, class_id):
                raise Refusal(404, "classroom.error.no_class")
            for s in sessions:
                await self.bus.publish(s.id, PACING)
            return Response(status_code=204)
        # a teacher's own lesson comes with its file (a lesson file is at most 512 kB)
        body = await read_json(request, MAX_LESSON_BODY)
        if not isinstance(body, dict):
            raise Refusal(400, "classroom.error.bad_request", reason="body")
        tasks = body.get("tasks", [])
        hours = body.get("hours", 3)
        lesson, source = body.get("lesson"), None
        if "lesson_file" in body:
            try:
                lesson, source = await run_in_threadpool(lesson_file_text, body["lesson_file"])
            except GameFileError as exc:
                raise Refusal(400, "classroom.error.bad_request", reason=str(exc)[:300]) from None
        if (
            not isinstance(lesson, str)
            or not isinstance(tasks, list)
            or not all(isinstance(t, str) for t in tasks)
            or not isinstance(hours, (int, float))
            or not 0 < hours <= 24
        ):
            raise Refusal(400, "classroom.error.bad_request", reason="lesson, tasks, hours")
        try:
            tasks = await run_in_threadpool(session_tasks, lesson, tasks, source)
        except ValueError as exc:
            raise Refusal(400, "classroom.error.bad_request", reason=str(exc)) from None
        except LookupError:
            raise Refusal(400, "classroom.error.unknown_lesson", lesson=lesson[:120]) from None
        try:
            info = await run_in_threadpool(
                self.store.new_session, class_id, lesson, tasks, float(hours), source
            )
        except StoreError as exc:
            raise Refusal(404, exc.key) from None
        except EventError as exc:
            raise Refusal(400, "classroom.error.bad_request", reason=str(exc)) from None
        return JSONResponse(
            {"id": info.id, "code": info.code, "expires": info.expires.isoformat(), "lesson": info.lesson},
            status_code=201,
        )

    async def sessions(self, request: Request) -> Response:
        """Every session of the teacher's classes (``?class=<id>``: that class's), oldest
        first, with its pupils and answers counted: what the session picker offers."""
        access = await self.teacher(request)
        wanted = request.query_params.get("class", "")
        class_id = int(wanted) if wanted.isascii() and wanted.isdigit() and len(wanted) <= 9 else None
        rows = [s for s in await run_in_threadpool(self.store.sessions, class_id) if access.opens(s)]
        return JSONResponse(await run_in_threadpool(session_rows, self.store, rows))

    async def misconceptions(self, request: Request) -> Response:
        access = await self.teacher(request)
        class_id = await self.own_class(access, path_id(request, "klass"))
        return JSONResponse(await run_in_threadpool(self.store.misconceptions, class_id))

    async def board(self, request: Request) -> Response:
        full = await self.session_teacher(request)
        since = request.query_params.get("since")
        session_id = path_id(request, "session")
        # marked before the session is read: a change committed after the read wakes the wait
        mark = await self.bus.mark(session_id, BOARD) if since is not None and session_id else 0
        info = await self.session_of(request)
        if since is not None and since == info.board_stamp:
            await self.bus.wait(info.id, BOARD, mark, self.settings.long_poll)
            # A class answering at once wakes this poll per answer: gather a quarter of a
            # second of them into one board, which the teacher cannot tell from live.
            await asyncio.sleep(BOARD_GATHER)
            info = await self.session_of(request)
        stamp = info.board_stamp
        state = await run_in_threadpool(board_state, self.store, info, language_of(request))
        state["stamp"] = stamp
        if full:  # the session picker: the teacher's sessions of this class (not a projector's)
            rows = await run_in_threadpool(self.store.sessions, info.class_id)
            state["sessions"] = await run_in_threadpool(session_rows, self.store, rows)
        return JSONResponse(state)

    async def control(self, request: Request) -> Response:
        """The teacher's controls: hold, release, free, reveal (an answer), show_screen,
        hide, pause, unpause, anonymize, timer, stop_timer, close, reopen."""
        await self.session_teacher(request)
        info = await self.session_of(request)
        body = await read_json(request, 4096)
        action = body.get("action") if isinstance(body, dict) else None
        changes: dict[str, Any]
        if action == "hold":
            default = (
                info.pacing if info.pacing is not None else await run_in_threadpool(self._furthest, info)
            )
            screen = body.get("screen", default)
            if not isinstance(screen, int) or isinstance(screen, bool) or not 0 <= screen < 10_000:
                raise Refusal(400, "classroom.error.bad_request", reason="screen")
            changes = {"pacing": screen}
        elif action == "release":
            changes = {"pacing": (info.pacing if info.pacing is not None else 0) + 1}
        elif action == "free":
            changes = {"pacing": None}
        elif action == "reveal":
            answer_id = body.get("answer")
            found = (
                await run_in_threadpool(self.store.answer, answer_id) if isinstance(answer_id, str) else None
            )
            if found is None or found["session_id"] != info.id:
                raise Refusal(404, "classroom.error.not_found")
            changes = {"reveal_answer": answer_id, "shown_screen": None}
        elif action == "hide":
            changes = {"reveal_answer": None, "shown_screen": None}
        elif action == "show_screen":
            screen = body.get("screen")
            if not isinstance(screen, int) or isinstance(screen, bool) or not 0 <= screen < len(info.tasks):
                raise Refusal(400, "classroom.error.bad_request", reason="screen")
            changes = {"shown_screen": screen, "reveal_answer": None}
        elif action in ("pause", "unpause"):
            changes = {"paused": action == "pause"}
        elif action == "anonymize":
            on = body.get("on", True)
            if not isinstance(on, bool):
                raise Refusal(400, "classroom.error.bad_request", reason="on")
            changes = {"anonymous": on}
        elif action == "reopen":
            hours = body.get("hours", 3)
            if not isinstance(hours, (int, float)) or isinstance(hours, bool) or not 0 < hours <= 24:
                raise Refusal(400, "classroom.error.bad_request", reason="hours")
            changes = {"expires": now() + timedelta(hours=hours)}
        elif action == "timer":
            minutes = body.get("minutes", 5)
            if not isinstance(minutes, (int, float)) or not 0 < minutes <= 180:
                raise Refusal(400, "classroom.error.bad_request", reason="minutes")
            changes = {"timer_started": now(), "timer_seconds": round(minutes * 60)}
        elif action == "stop_timer":
            changes = {"timer_started": None, "timer_seconds": 0}
        elif action == "close":
            changes = {"expires": now() - timedelta(seconds=1)}
        else:
            raise Refusal(400, "classroom.error.bad_request", reason="action")
        updated = await run_in_threadpool(lambda: self.store.update_session(info.id, **changes))
        await self.bus.publish(info.id, PACING)
        return JSONResponse({"version": updated.version, "pacing": updated.pacing})

    def _furthest(self, info: SessionInfo) -> int:
        """Where "Hold here" holds a class that moved freely: the furthest screen anyone
        has answered, not the first screen (which sent pupils back). The server knows
        what pupils answered, not which screen each one is looking at."""
        tasks = list(info.tasks)
        answered = {a["task"] for a in self.store.answers(info.id)}
        reached = [tasks.index(t) for t in answered if t in tasks]
        return max(reached) if reached else 0

    async def remove(self, request: Request) -> Response:
        """The teacher removes a pupil (with their answers) or deletes one answer."""
        await self.teacher(request)
        info = await self.session_of(request)
        if "pupil" in request.path_params:
            pupil_id = path_id(request, "pupil")
            done = pupil_id is not None and await run_in_threadpool(
                self.store.remove_pupil, info.id, pupil_id
            )
        else:
            answer_id = str(request.path_params["answer"])
            done = len(answer_id) == 32 and await run_in_threadpool(
                self.store.delete_answer, info.id, answer_id
            )
        if not done:
            raise Refusal(404, "classroom.error.not_found")
        await self.bus.publish(info.id, PACING)
        return Response(status_code=204)

    async def projector(self, request: Request) -> Response:
        """A link that opens this session's dashboard page on the projector's browser."""
        await self.teacher(request)
        info = await self.session_of(request)
        key = await run_in_threadpool(self.store.projector_key, info.id)
        return JSONResponse({"path": f"dashboard?session={info.id}#key={key}"}, status_code=201)

    async def results(self, request: Request) -> Response:
        await self.teacher(request)
        info = await self.session_of(request)
        rows = await run_in_threadpool(self.store.answers, info.id)
        if request.path_params.get("format") == "json":  # pandas' "table" JSON, types kept
            text = await run_in_threadpool(answers_table_json, rows)
            name = f"session-{info.id}-{info.lesson}.json"
            return Response(
                text,
                media_type="application/json",
                headers={"content-disposition": f'attachment; filename="{name}"'},
            )
        if request.path_params.get("format") == "csv":
            filename = f"session-{info.id}-{info.lesson}.csv"
            return Response(
                answers_csv(rows),
                media_type="text/csv; charset=utf-8",
                headers={"content-disposition": f'attachment; filename="{filename}"'},
            )
        return JSONResponse(rows)

    async def rotate_key(self, request: Request) -> Response:
        """A new teacher's key; the old one stops working at once (a projector link made
        before goes on: it opens its one session only)."""
        creds = self._credentials(request)
        if creds is None or creds[0] != "bearer":
            raise Refusal(403 if creds else 401, "classroom.error.teacher")  # the Hub's teachers have no key
        await self.teacher(request)
        if self.settings.key_file is None and self.settings.workers > 1:
            raise Refusal(409, "classroom.error.key_elsewhere")
        key = await run_in_threadpool(self.settings.rotate_key)
        return JSONResponse({"key": key}, status_code=201)

    async def info(self, request: Request) -> Response:
        """Who answers here (no secret): a pupil's page asks before it offers the join form."""
        return JSONResponse({"server": "teachgames-class", "hub": self.settings.hub is not None})

    # -- pages -----------------------------------------------------------------------
    async def dashboard_page(self, request: Request) -> Response:
        return HTMLResponse(
            (STATIC / "dashboard.html").read_text(encoding="utf-8"),
            headers={
                "content-security-policy": "default-src 'self'; style-src 'self'; script-src 'self'; "
                "connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
                "referrer-policy": "no-referrer",
                "x-content-type-options": "nosniff",
            },
        )

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in {"dashboard.js", "dashboard.css", "page.js"}:
            raise Refusal(404, "classroom.error.not_found")
        media = "text/css" if name.endswith(".css") else "text/javascript"
        return FileResponse(STATIC / name, media_type=media, headers={"x-content-type-options": "nosniff"})

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/", lambda r: RedirectResponse("dashboard"), methods=["GET"]),
            Route("/dashboard", self.dashboard_page, methods=["GET"]),
            Route("/static/{name}", self.static, methods=["GET"]),
            Route("/api/info", self.info, methods=["GET"]),
            Route("/api/join", self.join, methods=["POST"]),
            Route("/api/hub/join", self.hub_join, methods=["POST"]),
            Route("/api/answers", self.answers, methods=["POST"]),
            Route("/api/me", self.me, methods=["GET"]),
            Route("/api/pacing", self.pacing, methods=["GET"]),
            Route("/api/classes", self.classes, methods=["GET", "POST"]),
            Route("/api/classes/{klass}", self.one_class, methods=["DELETE"]),
            Route("/api/classes/{klass}/sessions", self.one_class, methods=["POST"]),
            Route("/api/classes/{klass}/misconceptions", self.misconceptions, methods=["GET"]),
            Route("/api/sessions", self.sessions, methods=["GET"]),
            Route("/api/sessions/{session}/board", self.board, methods=["GET"]),
            Route("/api/sessions/{session}/control", self.control, methods=["POST"]),
            Route("/api/sessions/{session}/projector", self.projector, methods=["POST"]),
            Route("/api/sessions/{session}/pupils/{pupil}", self.remove, methods=["DELETE"]),
            Route("/api/sessions/{session}/answers/{answer}", self.remove, methods=["DELETE"]),
            Route("/api/sessions/{session}/answers.{format}", self.results, methods=["GET"]),
            Route("/api/teacher/key", self.rotate_key, methods=["POST"]),
            Route("/api/sessions/{session}/answers", self.results, methods=["GET"]),
            Route("/api/me/practice", self.my_practice, methods=["GET"]),
            Route("/api/sessions/{session}/practice", self.practice, methods=["GET"]),
            Route("/api/sessions/{session}/practice.{format}", self.practice, methods=["GET"]),
        ]


def create_app(settings: Settings, store: Store | None = None) -> Starlette:
    """The ASGI application (the store is migrated to the newest schema first)."""
    server = ClassServer(settings, store)
    routes = server.routes()
    prefix = settings.prefix.rstrip("/")
    if prefix:
        routes = [Mount(prefix, routes=routes)]

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refusal)
        return refusal_response(request, exc)

    app = Starlette(routes=routes, exception_handlers={Refusal: refused})
    app.state.server = server
    app.add_middleware(OriginCheck, allowed=settings.allowed_origins)
    return app
