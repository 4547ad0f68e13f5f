"""The class server's tables (SQLAlchemy 2, typed mappings).

A class has sessions (a lesson run on a day); a session has pupils (a display name and
a hashed token, nothing personal) and their answers. Deleting a class deletes all of
it, by foreign keys with ``ON DELETE CASCADE`` and by the ORM's cascade alike. The
migration in ``migrations/versions`` creates exactly these tables; a test compares them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class Klass(Base):
    """A class of pupils (``class`` is a Python keyword, hence the spelling)."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The JupyterHub teacher who made the class (only they see it); NULL: the teacher's key's.
    owner: Mapped[str | None] = mapped_column(String(120), nullable=True, index=True)
    sessions: Mapped[list[Session]] = relationship(
        back_populates="klass", cascade="all, delete-orphan", passive_deletes=True
    )


class Session(Base):
    """One lesson run with a class: its join code, pacing, shown answer and timer."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    lesson: Mapped[str] = mapped_column(String(120))
    #: The task ids of the lesson's screens in order ("\n"-joined), for the dashboard's columns.
    tasks: Mapped[str] = mapped_column(Text, default="")
    code: Mapped[str] = mapped_column(String(12), unique=True)
    started: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: Highest screen index pupils may open; NULL: they move freely.
    pacing: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reveal_answer: Mapped[str | None] = mapped_column(String(32), nullable=True)
    timer_started: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    timer_seconds: Mapped[int] = mapped_column(Integer, default=0)
    #: SHA-256 of the key that opens this session's dashboard page alone (NULL: none made).
    projector_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The teacher paused the class: pupils' screens take no input until it goes on.
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Names hidden on the board (Pupil 1, 2, ...), kept so a reload keeps them hidden.
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A screen (index) the teacher shows every pupil; NULL: none.
    shown_screen: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: Grows with every change of pacing, reveal or timer: pupils long-poll on it.
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: Grows with every answer, join or removal: the dashboard long-polls on it and
    #: ``version`` together, the same figures in every process of the server.
    board_version: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    #: A teacher's own lesson: the lesson file's JSON text, judged as it was when the
    #: session began; NULL for a lesson of teachgames.
    lesson_file: Mapped[str | None] = mapped_column(Text, nullable=True)
    klass: Mapped[Klass] = relationship(back_populates="sessions")
    pupils: Mapped[list[Pupil]] = relationship(
        back_populates="session", cascade="all, delete-orphan", passive_deletes=True
    )


class Pupil(Base):
    """A pupil in one session: a display name (text, shown escaped) and a token's hash."""

    __tablename__ = "pupils"
    __table_args__ = (UniqueConstraint("session_id", "hub_user"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: The JupyterHub user name when the Hub said who the pupil is; NULL on the LAN site.
    hub_user: Mapped[str | None] = mapped_column(String(120), nullable=True)
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    session: Mapped[Session] = relationship(back_populates="pupils")
    answers: Mapped[list[Answer]] = relationship(
        back_populates="pupil", cascade="all, delete-orphan", passive_deletes=True
    )


class Answer(Base):
    """One committed answer; its id is the pupil side's, so a retry is one row, and a
    pupil has one current answer per task and try (a newer one takes its place)."""

    __tablename__ = "answers"
    __table_args__ = (
        Index("ix_answers_session_task", "session_id", "task"),
        UniqueConstraint("pupil_id", "task", "attempt", name="uq_answers_pupil_task_attempt"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    lesson: Mapped[str] = mapped_column(String(120))
    task: Mapped[str] = mapped_column(String(120))
    answer: Mapped[str] = mapped_column(Text)
    correct: Mapped[bool] = mapped_column(Boolean)
    misconception: Mapped[str | None] = mapped_column(String(120), nullable=True)
    attempt: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    received: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    language: Mapped[str] = mapped_column(String(5))
    #: How many hints the pupil opened before this answer (NULL: their activity did not say).
    hints: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pupil: Mapped[Pupil] = relationship(back_populates="answers")


class PracticeResult(Base):
    """One try at a practice item, marked by the server: the item is dealt again from its
    game, skill, level and seed (and the misconception it probed) and the pupil's text
    checked against it. What the skill x pupil mastery grid is computed from. A pupil has
    one result per item and try (a newer one takes its place, as with answers)."""

    __tablename__ = "practice_results"
    __table_args__ = (
        Index("ix_practice_results_session", "session_id"),
        UniqueConstraint("pupil_id", "item", "attempt", name="uq_practice_results_pupil_item_attempt"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    skill: Mapped[str] = mapped_column(String(80))
    level: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    probe: Mapped[str | None] = mapped_column(String(80), nullable=True)
    #: "<game>/<skill>/<level>/<seed>/<probe>": the item, one key for the uniqueness above.
    item: Mapped[str] = mapped_column(String(240))
    attempt: Mapped[int] = mapped_column(Integer)
    answer: Mapped[str] = mapped_column(Text)
    correct: Mapped[bool] = mapped_column(Boolean)
    #: The misconception the server's mark named (NULL: right, or no rule fits).
    misconception: Mapped[str | None] = mapped_column(String(120), nullable=True)
    #: Every misconception whose rule gives this very answer ("\n"-joined): evidence.
    fits: Mapped[str] = mapped_column(Text, default="")
    #: The misconceptions a right answer to this item rules out ("\n"-joined).
    refutes: Mapped[str] = mapped_column(Text, default="")
    #: The chance of guessing the item right (knowledge tracing's guess), NULL: the default.
    guess: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    received: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    language: Mapped[str] = mapped_column(String(5))
