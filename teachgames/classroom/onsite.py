"""The class server inside ``teachgames site --serve``: one command for the teacher.

The class server runs in a thread of the site's process, on a loopback port nobody
else sees; the site's server forwards everything under ``/class/`` to it
(:mod:`teachgames.site.server`). Pupils' pages and the teacher's dashboard therefore talk
to the very origin they were loaded from: the browser's origin check passes without any
``--allow-origin``, no CORS preflight is needed, and a pupil types one address. The site
server passes the pupil's own address on (``X-Forwarded-For``, trusted from loopback
only), so guessing codes is still throttled per pupil, not per proxy.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .keys import KEY_FILE, KEY_VARIABLE, LINK_FILE, private_folder, write_private

if TYPE_CHECKING:
    import uvicorn

    from .server import Settings
    from .store import SessionInfo, Store

#: Where the class server answers on the site's origin.
PREFIX = "/class"


def lesson_task_ids(lesson: str, source: str | None = None) -> list[str]:
    """The session's tasks for a lesson id: every activity task in order ("warmup.fit", ...),
    the dashboard's columns and what pacing counts in (the tasks the server judges with).
    ``source``: a teacher's lesson file's JSON text."""
    from .judge import lesson_tasks

    try:
        return list(lesson_tasks(lesson, source))
    except LookupError as exc:
        raise ValueError(str(exc)) from None


@dataclass
class RunningClass:
    """A class server serving on loopback in a thread; :meth:`stop` ends it."""

    server: uvicorn.Server
    thread: threading.Thread
    port: int
    store: Store
    teacher_key: str
    session: SessionInfo | None
    settings: Settings | None = None
    #: Where the teacher's dashboard link is kept (beside the database), never printed.
    folder: Path | None = None

    @property
    def upstream(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def dashboard_path(self, language: str = "en") -> str:
        key = self.settings.current_key() if self.settings is not None else self.teacher_key
        return f"{PREFIX}/dashboard?lang={language}#key={key}"

    def keep_link(self, base: str, language: str = "en") -> Path:
        """Write the dashboard link (it carries the teacher's key) to a private file
        (0600) and return its path: the key is never printed, since a projector often
        mirrors the screen. A new key (rotated) rewrites the same file."""
        path = (self.folder or Path.cwd()) / LINK_FILE
        write_private(path, f"{base}{self.dashboard_path(language)}\n")
        if self.settings is not None:
            self.settings.link_file = path
            self.settings.link_base = f"{base}{PREFIX}/dashboard?lang={language}"
        return path

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.store.close()


def start_class(
    db_url: str,
    *,
    klass: str | None = None,
    lesson: str | None = None,
    hours: float = 3.0,
    teacher_key: str | None = None,
) -> RunningClass:
    """Start the class server for a site: the database at ``db_url`` (migrated), the
    teacher's key (kept beside the database unless given), and, with ``klass`` and
    ``lesson`` (one of ours by its id, or a teacher's lesson file by its path), a session
    whose class code pupils type. ValueError for a lesson that does not exist or a file
    that cannot be read; the server is listening when this returns."""
    import uvicorn

    from .judge import session_lesson
    from .keys import teacher_key as stored_key
    from .server import Settings, create_app
    from .store import Store, database_url

    source = None
    if lesson:
        lesson, source = session_lesson(lesson)
    tasks = lesson_task_ids(lesson, source) if lesson else []
    db_url = database_url(db_url)  # `teachgames site --db classroom.db`: a file name is enough
    store = Store(db_url)
    session = None
    if klass:
        if not lesson:
            store.close()
            raise ValueError("a class needs a lesson (for example --lesson delissimo-8plus)")
        class_id = store.class_named(klass)
        # a restart after a crash takes the class's open session up again: same code
        session = store.resumable(class_id, lesson, source) or store.new_session(
            class_id, lesson, tasks, hours, source
        )
    # the site's server on loopback is the one proxy whose X-Forwarded-For names the pupil
    kept = teacher_key is None and not os.environ.get(KEY_VARIABLE)
    settings = Settings(
        url=db_url,
        teacher_key=teacher_key or stored_key(db_url),
        prefix=PREFIX,
        trusted_proxies=("127.0.0.1",),
        key_file=private_folder(db_url) / KEY_FILE if kept else None,
    )
    app = create_app(settings, store)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        app,
        log_level="warning",
        proxy_headers=False,  # the class server reads X-Forwarded-For itself (trusted_proxies)
        timeout_graceful_shutdown=1,
        lifespan="off",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        thread.join(0.02)
    if not server.started:
        store.close()
        raise OSError("the class server did not start")
    return RunningClass(
        server,
        thread,
        int(sock.getsockname()[1]),
        store,
        settings.teacher_key,
        session,
        settings,
        private_folder(db_url),
    )
