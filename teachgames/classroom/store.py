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
import os
import secrets
import threading
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, func, select, update
from sqlalchemy.exc import IntegrityError
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


def event_time(at: str) -> datetime:
    """A pupil's ISO 8601 time as UTC; ValueError for one that is not a real moment
    (no zone, or past what a database keeps: year 1 at +14:00 is before year 1 in UTC)."""
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
        if when.tzinfo is None:
            raise ValueError("no time zone")
        moment = when.astimezone(timezone.utc)
    except (OverflowError, ValueError, TypeError) as exc:
        raise ValueError(f"not a time: {exc}") from None
    if not 2000 <= moment.year <= 2200:
        raise ValueError("a time between the years 2000 and 2200")
    return moment


def token_hash(token: str) -> str:
    """Tokens are kept only as their SHA-256: a copied database opens no session."""
    return hashlib.sha256(token.encode()).hexdigest()


#: Characters that show nothing: Hangul fillers, the braille blank, and the like (their
#: Unicode category is a letter's or a symbol's, so the category alone misses them).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def normalise_name(name: str, limit: int = MAX_NAME) -> str:
    """A display name as a reader sees it: NFC, without controls, bidi overrides and
    other invisible characters (a right-to-left override shows "Asel" as "lesA"; a
    zero-width name is a blank row), runs of spaces as one, at most ``limit``
    characters. May be empty: the caller then shows a placeholder, never refuses."""
    text = unicodedata.normalize("NFC", name)
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Zs", "Zl", "Zp") or ch in "\t\n\r\x0b\x0c":
            kept.append(" ")
        elif category[0] == "C" or ch in _BLANK_LETTERS:
            continue  # Cc controls, Cf format (bidi, zero-width), Cs, Co, Cn
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].strip()


def clean_name(name: object, limit: int = MAX_NAME) -> str:
    """A class's or pupil's name: text, normalised (:func:`normalise_name`); not text or
    nothing left of it -> StoreError."""
    if not isinstance(name, str):
        raise StoreError("classroom.error.name")
    text = normalise_name(name, limit)
    if not text:
        raise StoreError("classroom.error.name")
    return text


def default_url(folder: Path | None = None) -> str:
    return f"sqlite:///{(folder or Path.cwd()) / 'classroom.db'}"


def database_url(given: str) -> str:
    """A database as the teacher names it: a URL, or a plain file name (SQLite in it)."""
    if "://" in given:
        return given
    return f"sqlite:///{Path(given).expanduser().resolve()}"


def private_file(url: str) -> None:
    """Make a new SQLite file readable by its owner only (0600) before SQLite opens it:
    it holds pupils' names and answers. Its -wal and -shm files take the same mode."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return
    path = Path(url.removeprefix("sqlite:///"))
    if not path.exists() and path.parent.is_dir():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout."""
    if url.startswith("sqlite"):
        private_file(url)
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
    started: datetime | None = None
    paused: bool = False
    anonymous: bool = False
    shown_screen: int | None = None
    #: The Hub teacher whose class this is (None: the teacher's key's).
    owner: str | None = None
    #: Grows with every answer, join or removal (``version``: with the teacher's controls).
    board_version: int = 0
    #: A teacher's own lesson: its file's JSON text (the judge's ``source``); None for ours.
    lesson_file: str | None = field(default=None, repr=False)

    @property
    def board_stamp(self) -> str:
        """What the dashboard long-polls on: the same in every process of the server."""
        return f"{self.version}.{self.board_version}"

    def open(self, at: datetime | None = None) -> bool:
        return (at or now()) < self.expires


@dataclass(frozen=True)
class ClassInfo:
    id: int
    name: str
    #: The Hub teacher who made it; None: the teacher's key's (every class on the LAN).
    owner: str | None


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


def _session_info(row: Session, class_name: str, owner: str | None) -> SessionInfo:
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
        started=utc(row.started),
        paused=bool(row.paused),
        anonymous=bool(row.anonymous),
        shown_screen=row.shown_screen,
        owner=owner,
        board_version=row.board_version or 0,
        lesson_file=row.lesson_file,
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

    def writing(self) -> contextlib.AbstractContextManager[object]:
        """Held around a write by a module that keeps its own table here (the practice
        results): SQLite's writers queue on one lock, as the store's own do."""
        return self._writing()

    def close(self) -> None:
        self.engine.dispose()

    # -- classes and sessions (the teacher's) ------------------------------------------
    def new_class(self, name: str, owner: str | None = None) -> int:
        """A new class; ``owner``: the Hub teacher making it (None: the teacher's key)."""
        text = clean_name(name, 80)
        with self._writing(), self._db.begin() as db:
            row = Klass(name=text, created=now(), owner=owner)
            db.add(row)
            db.flush()
            return row.id

    def class_named(self, name: object, owner: str | None = None) -> int:
        """``owner``'s class called ``name`` (the teacher's key's by default), made when
        there is none: the name is cleaned as :meth:`new_class` keeps it (NFC, no invisible
        characters, single spaces) before it is looked up, so "7B " or a decomposed "Ё"
        finds the class the store keeps as "7B" or "Ё" instead of making a second one; a
        Hub teacher's own "7B" is never taken for the key's. StoreError for a name with
        nothing left of it."""
        text = clean_name(name, 80)
        for klass in self.classes_of(owner):
            if klass.name == text:
                return klass.id
        return self.new_class(text, owner)

    def classes(self) -> list[tuple[int, str]]:
        with self._db() as db:
            return [(r.id, r.name) for r in db.scalars(select(Klass).order_by(Klass.id))]

    def every_class(self) -> list[ClassInfo]:
        """Every class with its owner (the command line's list: the server's keeper sees all)."""
        with self._db() as db:
            return [ClassInfo(r.id, r.name, r.owner) for r in db.scalars(select(Klass).order_by(Klass.id))]

    def classes_of(self, owner: str | None) -> list[ClassInfo]:
        """One teacher's classes: a Hub teacher's (``owner``), or the teacher's key's (None)."""
        mine = Klass.owner.is_(None) if owner is None else Klass.owner == owner
        with self._db() as db:
            rows = db.scalars(select(Klass).where(mine).order_by(Klass.id))
            return [ClassInfo(r.id, r.name, r.owner) for r in rows]

    def give_class(self, class_id: int, owner: str | None) -> bool:
        """Make the class ``owner``'s (a Hub teacher's name; None: the teacher's key's):
        how a class made before owners were recorded goes to its Hub teacher."""
        with self._writing(), self._db.begin() as db:
            done = db.execute(update(Klass).where(Klass.id == class_id).values(owner=owner))
            return bool(getattr(done, "rowcount", 0))

    def klass(self, class_id: int) -> ClassInfo | None:
        with self._db() as db:
            row = db.get(Klass, class_id)
            return ClassInfo(row.id, row.name, row.owner) if row else None

    def open_session(self, code: str) -> SessionInfo | None:
        """The open session whose code is ``code`` (as a pupil types it), if any."""
        with self._db() as db:
            row = db.scalar(select(Session).where(Session.code == code.strip().upper()))
            info = _session_info(row, row.klass.name, row.klass.owner) if row else None
        return info if info is not None and info.open() else None

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
        self,
        class_id: int,
        lesson: str,
        tasks: Sequence[str] = (),
        hours: float = DEFAULT_HOURS,
        lesson_file: str | None = None,
    ) -> SessionInfo:
        """A new session of ``lesson`` for the class, with a fresh class code; ``lesson_file``
        is the JSON text of a teacher's own lesson (kept: the judge reads it)."""
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
                board_version=0,
                paused=False,
                anonymous=False,
                lesson_file=lesson_file,
            )
            db.add(row)
            db.flush()
            return _session_info(row, klass.name, klass.owner)

    def session(self, session_id: int) -> SessionInfo | None:
        with self._db() as db:
            row = db.get(Session, session_id)
            return _session_info(row, row.klass.name, row.klass.owner) if row else None

    def sessions(self, class_id: int | None = None) -> list[SessionInfo]:
        with self._db() as db:
            query = select(Session).order_by(Session.id)
            if class_id is not None:
                query = query.where(Session.class_id == class_id)
            return [_session_info(r, r.klass.name, r.klass.owner) for r in db.scalars(query)]

    def resumable(self, class_id: int, lesson: str, lesson_file: str | None = None) -> SessionInfo | None:
        """The class's newest open session of ``lesson``: what a restarted server takes up
        again (same code, same pupils and answers) instead of a second session. A
        teacher's lesson is taken up only as it was (the same ``lesson_file`` text): an
        edited file starts a new session, since its tasks may be others."""
        found = [
            s
            for s in self.sessions(class_id)
            if s.lesson == lesson and s.lesson_file == lesson_file and s.open()
        ]
        return found[-1] if found else None

    def session_counts(self, session_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """(pupils, answers) per session, for the session picker."""
        if not session_ids:
            return {}
        with self._db() as db:
            pupils = dict(
                db.execute(
                    select(Pupil.session_id, func.count())
                    .where(Pupil.session_id.in_(list(session_ids)))
                    .group_by(Pupil.session_id)
                ).all()
            )
            answers = dict(
                db.execute(
                    select(Answer.session_id, func.count())
                    .where(Answer.session_id.in_(list(session_ids)))
                    .group_by(Answer.session_id)
                ).all()
            )
        return {i: (int(pupils.get(i, 0)), int(answers.get(i, 0))) for i in session_ids}

    def open_sessions(self) -> list[SessionInfo]:
        return [s for s in self.sessions() if s.open()]

    def update_session(self, session_id: int, **changes: Any) -> SessionInfo:
        """Change pacing / reveal / timer / expiry, and bump the version pupils poll on."""
        allowed = {
            "pacing",
            "reveal_answer",
            "timer_started",
            "timer_seconds",
            "expires",
            "paused",
            "anonymous",
            "shown_screen",
        }
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
            return _session_info(row, row.klass.name, row.klass.owner)

    @staticmethod
    def board_changed(db: Any, session_id: int) -> None:
        """Grow the session's board version in the transaction that changed the board
        (every process's dashboards long-poll on it), here and in ``practice_results``."""
        db.execute(
            update(Session).where(Session.id == session_id).values(board_version=Session.board_version + 1)
        )

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
    def join(
        self,
        code: str,
        name: object,
        hub_user: str | None = None,
        *,
        resume: str | None = None,
        placeholder: str = "Pupil",
    ) -> tuple[str, PupilInfo, SessionInfo]:
        """A pupil joins the open session with ``code``: a new token (shown once) for them.

        ``resume``, the token this pupil was given before (kept by their browser), brings
        the same pupil row back with it: a reload is not a second pupil. A Hub user who
        joins again gets a new token for the same pupil row. A name is normalised
        (:func:`normalise_name`); nothing visible left is the placeholder and a number;
        a name another pupil of the session already has is refused (``name_taken``:
        the pupil adds an initial), so the teacher can tell every row apart.
        """
        if not isinstance(name, str):
            raise StoreError("classroom.error.name")
        text = normalise_name(name)
        token = secrets.token_urlsafe(32)
        with self._writing(), self._db.begin() as db:
            row = db.scalar(select(Session).where(Session.code == code.strip().upper()))
            if row is None or utc(row.expires) <= now():
                raise StoreError("classroom.error.code")
            info = _session_info(row, row.klass.name, row.klass.owner)
            if hub_user is None and info.owner is not None:
                # a Hub teacher's class: its pupils are who the Hub says (no typed name)
                raise StoreError("classroom.error.hub_only")
            if resume is not None:
                back = db.scalar(
                    select(Pupil).where(Pupil.session_id == row.id, Pupil.token_hash == token_hash(resume))
                )
                if back is not None:
                    return resume, PupilInfo(back.id, row.id, back.name), info
            pupil = None
            if hub_user is not None:
                pupil = db.scalar(select(Pupil).where(Pupil.session_id == row.id, Pupil.hub_user == hub_user))
            if pupil is None:
                taken = db.scalars(select(Pupil.name).where(Pupil.session_id == row.id))
                names = {n.casefold() for n in taken}
                if not text:
                    number = len(names) + 1
                    while f"{placeholder} {number}".casefold() in names:
                        number += 1
                    text = f"{placeholder} {number}"
                elif hub_user is None and text.casefold() in names:
                    raise StoreError("classroom.error.name_taken", name=text)
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
            self.board_changed(db, row.id)
            return token, PupilInfo(pupil.id, row.id, pupil.name), info

    def pupil_for_token(self, token: str) -> tuple[PupilInfo, SessionInfo] | None:
        """The pupil a token belongs to, while their session is open (one query: it runs
        for every answer a pupil sends)."""
        with self._db() as db:
            found = db.execute(
                select(Pupil.id, Pupil.session_id, Pupil.name, Session, Klass.name, Klass.owner)
                .join(Session, Pupil.session_id == Session.id)
                .join(Klass, Session.class_id == Klass.id)
                .where(Pupil.token_hash == token_hash(token))
            ).first()
            if found is None:
                return None
            pupil_id, session_id, name, row, class_name, owner = found
            session = _session_info(row, class_name, owner)
            if not session.open():
                return None
            return PupilInfo(pupil_id, session_id, name), session

    def pupils(self, session_id: int) -> list[PupilInfo]:
        with self._db() as db:
            rows = db.scalars(select(Pupil).where(Pupil.session_id == session_id).order_by(Pupil.id))
            return [PupilInfo(p.id, p.session_id, p.name) for p in rows]

    def remove_pupil(self, session_id: int, pupil_id: int) -> bool:
        """The teacher removes a pupil from a session: their row and every answer they
        gave (their token stops working: their link asks them to join again)."""
        with self._writing(), self._db.begin() as db:
            mine = select(Answer.id).where(Answer.pupil_id == pupil_id, Answer.session_id == session_id)
            db.execute(
                update(Session)
                .where(Session.id == session_id, Session.reveal_answer.in_(mine))
                .values(reveal_answer=None, version=Session.version + 1)
            )
            db.execute(delete(Answer).where(Answer.pupil_id == pupil_id, Answer.session_id == session_id))
            gone = db.execute(delete(Pupil).where(Pupil.id == pupil_id, Pupil.session_id == session_id))
            self.board_changed(db, session_id)
            return bool(getattr(gone, "rowcount", 0))

    def delete_answer(self, session_id: int, answer_id: str) -> bool:
        """The teacher deletes one answer of a session (no longer shown to the class either)."""
        with self._writing(), self._db.begin() as db:
            db.execute(
                update(Session)
                .where(Session.id == session_id, Session.reveal_answer == answer_id)
                .values(reveal_answer=None, version=Session.version + 1)
            )
            gone = db.execute(delete(Answer).where(Answer.id == answer_id, Answer.session_id == session_id))
            self.board_changed(db, session_id)
            return bool(getattr(gone, "rowcount", 0))

    # -- answers -------------------------------------------------------------------------
    def add_answers(
        self, pupil: PupilInfo, events: Iterable[AnswerEvent], hints: Mapping[str, int | None] | None = None
    ) -> Stored:
        """Record a pupil's answers: an id already recorded for this pupil is acknowledged
        again (a retry); an id recorded for another pupil is refused. A pupil has one
        current answer per task and try: a newer one (by the pupil's time) takes the
        older one's place, an older one is acknowledged and changes nothing. The events'
        ``correct`` and ``misconception`` are stored as given: the server's own marks."""
        batch = {e.id: e for e in events}
        if not batch:
            return Stored((), (), ())
        for _ in range(3):
            try:
                return self._add_answers(pupil, batch, hints or {})
            except IntegrityError:  # PostgreSQL: the same id sent twice at once; read again
                continue
        return self._add_answers(pupil, batch, hints or {})

    def _add_answers(
        self, pupil: PupilInfo, batch: dict[str, AnswerEvent], hints: Mapping[str, int | None]
    ) -> Stored:
        received = now()
        current: dict[tuple[str, int], dict[str, Any]] = {}
        for e in batch.values():
            row = {
                "id": e.id,
                "pupil_id": pupil.id,
                "session_id": pupil.session_id,
                "lesson": e.lesson,
                "task": e.task,
                "answer": e.answer,
                "correct": e.correct,
                "misconception": e.misconception,
                "attempt": e.attempt,
                "at": event_time(e.at),
                "received": received,
                "language": e.language,
                "hints": hints.get(e.id),
            }
            kept = current.get((e.task, e.attempt))
            if kept is None or kept["at"] <= row["at"]:
                current[(e.task, e.attempt)] = row
        with self._writing(), self._db.begin() as db:
            before = dict(
                db.execute(select(Answer.id, Answer.pupil_id).where(Answer.id.in_(list(batch)))).all()
            )
            new = [r for r in current.values() if r["id"] not in before]
            for row in new:
                db.execute(self._upsert_current(), row)
            after = dict(
                db.execute(select(Answer.id, Answer.pupil_id).where(Answer.id.in_(list(batch)))).all()
            )
            if new:  # last, so the session's row is locked only for the commit
                self.board_changed(db, pupil.session_id)
        refused = tuple(i for i in batch if i in before and before[i] != pupil.id)
        added = tuple(i for i in batch if i not in before and after.get(i) == pupil.id)
        already = tuple(i for i in batch if i not in refused and i not in added)
        return Stored(added, already, refused)

    def _upsert_current(self) -> Any:
        """INSERT, or take the place of this pupil's answer to the same task and try when
        the new one is not older (ON CONFLICT ... DO UPDATE ... WHERE)."""
        if self.dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            insert: Any = pg_insert(Answer)
        else:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            insert = sqlite_insert(Answer)
        fields = ("id", "answer", "correct", "misconception", "at", "received", "language", "hints")
        return insert.on_conflict_do_update(
            index_elements=["pupil_id", "task", "attempt"],
            set_={f: insert.excluded[f] for f in fields},
            where=Answer.at <= insert.excluded.at,
        )

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
                    "at": utc(a.at).isoformat(timespec="milliseconds"),
                    "language": a.language,
                    "hints": a.hints,
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
