"""The class server's records, behind one small API (SQLAlchemy 2; SQLite or PostgreSQL).

Every query is built with SQLAlchemy's expression language, so every value a pupil or
a teacher sends reaches the database as a bound parameter, never as SQL text. SQLite
runs in WAL mode (readers never wait for the writer, a crash loses no committed answer)
with foreign keys on, so deleting a class deletes its pupils' answers there too.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, func, select, update
from sqlalchemy.orm import sessionmaker

from ..core.answers import AnswerEvent
from .models import Answer, Klass, Pupil, Session

#: Letters of a class code: no 0/O, 1/I/L, so a code read off a projector is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: A session's code works this long unless the teacher says otherwise.
DEFAULT_HOURS = 3.0
MAX_NAME = 40


class StoreError(ValueError):
    """A request the records cannot honour; ``key`` names the message in the catalogue."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def now() -> datetime:
    return datetime.now(timezone.utc)


def utc(when: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time stored here is UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def token_hash(token: str) -> str:
    """Tokens are kept only as their SHA-256: a copied database opens no session."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A display name as the pupil typed it (any text), trimmed; empty or too long -> error."""
    if not isinstance(name, str):
        raise StoreError("classroom.error.name")
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME:
        raise StoreError("classroom.error.name")
    return text


def default_url(folder: Path | None = None) -> str:
    return f"sqlite:///{(folder or Path.cwd()) / 'classroom.db'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged answer survives a power cut
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to the newest Alembic revision (a new file: create every table)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


@dataclass(frozen=True)
class SessionInfo:
    id: int
    class_id: int
    class_name: str
    lesson: str
    tasks: tuple[str, ...]
    code: str
    expires: datetime
    pacing: int | None
    reveal_answer: str | None
    timer_started: datetime | None
    timer_seconds: int
    version: int

    def open(self, at: datetime | None = None) -> bool:
        return (at or now()) < self.expires


@dataclass(frozen=True)
class PupilInfo:
    id: int
    session_id: int
    name: str


@dataclass(frozen=True)
class Stored:
    """What became of a batch of answers: ids newly recorded, ids already there."""

    added: tuple[str, ...]
    already: tuple[str, ...]
    refused: tuple[str, ...]


def _session_info(row: Session, class_name: str) -> SessionInfo:
    return SessionInfo(
        id=row.id,
        class_id=row.class_id,
        class_name=class_name,
        lesson=row.lesson,
        tasks=tuple(t for t in row.tasks.split("\n") if t),
        code=row.code,
        expires=utc(row.expires),
        pacing=row.pacing,
        reveal_answer=row.reveal_answer,
        timer_started=utc(row.timer_started) if row.timer_started else None,
        timer_seconds=row.timer_seconds,
        version=row.version,
    )


class Store:
    """The records: classes, sessions, pupils, answers. Thread-safe (a session per call)."""

    def __init__(self, url: str, *, create: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        if create:
            migrate(self.engine)
        self._db = sessionmaker(self.engine, expire_on_commit=False)
        self.dialect = self.engine.dialect.name
        # SQLite takes one writer at a time and makes the others sleep and retry in
        # growing steps (up to 100 ms each): queueing the server's writers on a lock
        # instead serves a class answering at once in arrival order, without those naps.
        self._lock = threading.Lock() if self.dialect == "sqlite" else None

    def _writing(self) -> contextlib.AbstractContextManager[object]:
        return self._lock if self._lock is not None else contextlib.nullcontext()

    def close(self) -> None:
        self.engine.dispose()

    # -- classes and sessions (the teacher's) ------------------------------------------
    def new_class(self, name: str) -> int:
        text = clean_name(name) if len(name) <= 80 else clean_name(name[:80])
        with self._writing(), self._db.begin() as db:
            row = Klass(name=text, created=now())
            db.add(row)
            db.flush()
            return row.id

    def classes(self) -> list[tuple[int, str]]:
        with self._db() as db:
            return [(r.id, r.name) for r in db.scalars(select(Klass).order_by(Klass.id))]

    def delete_class(self, class_id: int) -> bool:
        """Delete the class, its sessions, pupils and every answer they gave."""
        with self._writing(), self._db.begin() as db:
            sessions = select(Session.id).where(Session.class_id == class_id)
            db.execute(delete(Answer).where(Answer.session_id.in_(sessions)))
            db.execute(delete(Pupil).where(Pupil.session_id.in_(sessions)))
            db.execute(delete(Session).where(Session.class_id == class_id))
            gone = db.execute(delete(Klass).where(Klass.id == class_id))
            return bool(getattr(gone, "rowcount", 0))

    def new_session(
        self, class_id: int, lesson: str, tasks: Sequence[str] = (), hours: float = DEFAULT_HOURS
    ) -> SessionInfo:
        AnswerEvent.new(lesson, "x", "", True)  # the same key rules as answers
        for task in tasks:
            AnswerEvent.new(lesson, task, "", True)
        with self._writing(), self._db.begin() as db:
            klass = db.get(Klass, class_id)
            if klass is None:
                raise StoreError("classroom.error.no_class")
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if db.scalar(select(Session.id).where(Session.code == code)) is None:
                    break
            row = Session(
                class_id=class_id,
                lesson=lesson,
                tasks="\n".join(tasks),
                code=code,
                started=now(),
                expires=now() + timedelta(hours=hours),
                pacing=None,
                timer_seconds=0,
                version=0,
            )
            db.add(row)
            db.flush()
            return _session_info(row, klass.name)

    def session(self, session_id: int) -> SessionInfo | None:
        with self._db() as db:
            row = db.get(Session, session_id)
            return _session_info(row, row.klass.name) if row else None

    def sessions(self, class_id: int | None = None) -> list[SessionInfo]:
        with self._db() as db:
            query = select(Session).order_by(Session.id)
            if class_id is not None:
                query = query.where(Session.class_id == class_id)
            return [_session_info(r, r.klass.name) for r in db.scalars(query)]

    def open_sessions(self) -> list[SessionInfo]:
        return [s for s in self.sessions() if s.open()]

    def update_session(self, session_id: int, **changes: Any) -> SessionInfo:
        """Change pacing / reveal / timer / expiry, and bump the version pupils poll on."""
        allowed = {"pacing", "reveal_answer", "timer_started", "timer_seconds", "expires"}
        if set(changes) - allowed:
            raise ValueError(f"cannot change {sorted(set(changes) - allowed)}")
        with self._writing(), self._db.begin() as db:
            db.execute(
                update(Session).where(Session.id == session_id).values(**changes, version=Session.version + 1)
            )
            row = db.get(Session, session_id)
            if row is None:
                raise StoreError("classroom.error.no_session")
            db.refresh(row)
            return _session_info(row, row.klass.name)

    def projector_key(self, session_id: int) -> str:
        """A new key that opens this session's dashboard (and its controls) until the
        session ends; the one made before stops working."""
        key = secrets.token_urlsafe(24)
        with self._writing(), self._db.begin() as db:
            db.execute(update(Session).where(Session.id == session_id).values(projector_hash=token_hash(key)))
        return key

    def is_projector(self, session_id: int, key: str) -> bool:
        with self._db() as db:
            row = db.get(Session, session_id)
            return (
                row is not None
                and row.projector_hash is not None
                and hmac.compare_digest(row.projector_hash, token_hash(key))
                and utc(row.expires) > now()
            )

    # -- pupils --------------------------------------------------------------------------
    def join(self, code: str, name: str, hub_user: str | None = None) -> tuple[str, PupilInfo, SessionInfo]:
        """A pupil joins the open session with ``code``: a new token (shown once) for them.

        A Hub user who joins again gets a new token for the same pupil row (their answers
        stay theirs); a LAN pupil is a new row each time (a name is not an identity).
        """
        text = clean_name(name)
        token = secrets.token_urlsafe(32)
        with self._writing(), self._db.begin() as db:
            row = db.scalar(select(Session).where(Session.code == code.strip().upper()))
            if row is None or utc(row.expires) <= now():
                raise StoreError("classroom.error.code")
            pupil = None
            if hub_user is not None:
                pupil = db.scalar(select(Pupil).where(Pupil.session_id == row.id, Pupil.hub_user == hub_user))
            if pupil is None:
                pupil = Pupil(
                    session_id=row.id,
                    name=text,
                    token_hash=token_hash(token),
                    hub_user=hub_user,
                    joined=now(),
                )
                db.add(pupil)
            else:
                pupil.token_hash = token_hash(token)
            db.flush()
            return token, PupilInfo(pupil.id, row.id, pupil.name), _session_info(row, row.klass.name)

    def pupil_for_token(self, token: str) -> tuple[PupilInfo, SessionInfo] | None:
        """The pupil a token belongs to, while their session is open (one query: it runs
        for every answer a pupil sends)."""
        with self._db() as db:
            found = db.execute(
                select(Pupil.id, Pupil.session_id, Pupil.name, Session, Klass.name)
                .join(Session, Pupil.session_id == Session.id)
                .join(Klass, Session.class_id == Klass.id)
                .where(Pupil.token_hash == token_hash(token))
            ).first()
            if found is None:
                return None
            pupil_id, session_id, name, row, class_name = found
            session = _session_info(row, class_name)
            if not session.open():
                return None
            return PupilInfo(pupil_id, session_id, name), session

    def pupils(self, session_id: int) -> list[PupilInfo]:
        with self._db() as db:
            rows = db.scalars(select(Pupil).where(Pupil.session_id == session_id).order_by(Pupil.id))
            return [PupilInfo(p.id, p.session_id, p.name) for p in rows]

    # -- answers -------------------------------------------------------------------------
    def add_answers(self, pupil: PupilInfo, events: Iterable[AnswerEvent]) -> Stored:
        """Record a pupil's answers once each: an id already recorded for this pupil is
        acknowledged again (a retry); an id recorded for another pupil is refused."""
        batch = {e.id: e for e in events}
        if not batch:
            return Stored((), (), ())
        received = now()
        rows = [
            {
                "id": e.id,
                "pupil_id": pupil.id,
                "session_id": pupil.session_id,
                "lesson": e.lesson,
                "task": e.task,
                "answer": e.answer,
                "correct": e.correct,
                "misconception": e.misconception,
                "attempt": e.attempt,
                "at": utc(datetime.fromisoformat(e.at.replace("Z", "+00:00"))).astimezone(timezone.utc),
                "received": received,
                "language": e.language,
            }
            for e in batch.values()
        ]
        with self._writing(), self._db.begin() as db:
            before = dict(
                db.execute(select(Answer.id, Answer.pupil_id).where(Answer.id.in_(list(batch)))).all()
            )
            new = [r for r in rows if r["id"] not in before]
            if new:
                db.execute(self._insert_once(), new)
            after = dict(
                db.execute(select(Answer.id, Answer.pupil_id).where(Answer.id.in_(list(batch)))).all()
            )
        added = tuple(i for i in batch if i not in before and after.get(i) == pupil.id)
        already = tuple(i for i in batch if i in before and before[i] == pupil.id)
        refused = tuple(i for i in batch if after.get(i) != pupil.id)
        return Stored(added, already, refused)

    def _insert_once(self) -> Any:
        """INSERT ... ON CONFLICT DO NOTHING: two retries racing each other make one row."""
        if self.dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(Answer).on_conflict_do_nothing(index_elements=["id"])
        if self.dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            return sqlite_insert(Answer).on_conflict_do_nothing(index_elements=["id"])
        from sqlalchemy import insert

        return insert(Answer)

    def answers(self, session_id: int, pupil_id: int | None = None) -> list[dict[str, Any]]:
        """Answers of a session (one pupil's when ``pupil_id`` is given), oldest first."""
        with self._db() as db:
            query = (
                select(Answer, Pupil.name)
                .join(Pupil, Answer.pupil_id == Pupil.id)
                .where(Answer.session_id == session_id)
                .order_by(Answer.at, Answer.attempt, Answer.received, Answer.id)
            )
            if pupil_id is not None:
                query = query.where(Answer.pupil_id == pupil_id)
            return [
                {
                    "id": a.id,
                    "pupil_id": a.pupil_id,
                    "pupil": name,
                    "lesson": a.lesson,
                    "task": a.task,
                    "answer": a.answer,
                    "correct": a.correct,
                    "misconception": a.misconception,
                    "attempt": a.attempt,
                    "at": utc(a.at).isoformat(),
                    "language": a.language,
                }
                for a, name in db.execute(query).all()
            ]

    def answer(self, answer_id: str) -> dict[str, Any] | None:
        with self._db() as db:
            row = db.get(Answer, answer_id)
            if row is None:
                return None
            return {
                "id": row.id,
                "session_id": row.session_id,
                "task": row.task,
                "answer": row.answer,
                "correct": row.correct,
                "misconception": row.misconception,
            }

    def count_answers(self, session_id: int | None = None) -> int:
        with self._db() as db:
            query = select(func.count()).select_from(Answer)
            if session_id is not None:
                query = query.where(Answer.session_id == session_id)
            return int(db.scalar(query) or 0)

    def misconceptions(self, class_id: int) -> list[dict[str, Any]]:
        """How often each misconception was named, per session of the class."""
        with self._db() as db:
            query = (
                select(Session.id, Session.lesson, Session.started, Answer.misconception, func.count())
                .join(Answer, Answer.session_id == Session.id)
                .where(Session.class_id == class_id, Answer.misconception.is_not(None))
                .group_by(Session.id, Session.lesson, Session.started, Answer.misconception)
                .order_by(Session.id, func.count().desc())
            )
            return [
                {
                    "session": sid,
                    "lesson": lesson,
                    "started": utc(started).isoformat(),
                    "misconception": key,
                    "count": n,
                }
                for sid, lesson, started, key, n in db.execute(query).all()
            ]
