"""What a pupil's activity tells the class server, and what it asks of it.

This module is the seam between the lesson activity layer (:mod:`teachgames.lesson`)
and the classroom (:mod:`teachgames.classroom`): an activity builds an
:class:`AnswerEvent` when a pupil commits an answer and hands it to a
:class:`ClassLink`; it asks the link which screen the teacher lets the class open. It
lives in ``core`` because both layers use it and the lower one may not import the
higher. Pure standard library and cheap to import, because every pupil kernel loads it,
Pyodide ones included.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Protocol

#: Languages an answer may be given in (the package's own, kept literal here so this
#: module imports nothing of teachgames).
LANGUAGES = ("en", "ru", "bg")

#: Bounds the server enforces too; a client refuses longer fields before queueing them.
MAX_ANSWER = 500
MAX_KEY = 120
MAX_ATTEMPT = 1000
#: A hint ladder has at most this many steps.
MAX_HINTS = 3

_ID = re.compile(r"^[0-9a-f]{32}$")
_KEY = re.compile(r"^[A-Za-z0-9_.:\-]{1,120}$")


class EventError(ValueError):
    """An answer event that cannot be recorded; the message says which field and why."""


@dataclass(frozen=True)
class AnswerEvent:
    """One committed answer of one pupil to one task.

    ``id`` is made on the pupil's side (a uuid4 hex), so a retry of the same event never
    counts twice. ``answer`` is the text exactly as it was shown back to the pupil.
    """

    id: str
    lesson: str
    task: str
    answer: str
    correct: bool
    misconception: str | None
    attempt: int
    at: str
    language: str
    #: How many hint steps the pupil had opened on the task before this answer (None: the
    #: sender does not say; an older client).
    hints: int | None = None

    @classmethod
    def new(
        cls,
        lesson: str,
        task: str,
        answer: str,
        correct: bool,
        *,
        misconception: str | None = None,
        attempt: int = 1,
        language: str = "en",
        at: str | None = None,
        hints: int | None = None,
    ) -> AnswerEvent:
        """A fresh event with its own id and the time now (UTC)."""
        when = at or datetime.now(timezone.utc).isoformat(timespec="milliseconds")
        event = cls(
            uuid.uuid4().hex, lesson, task, answer, correct, misconception, attempt, when, language, hints
        )
        event.check()
        return event

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON; ``hints`` only when it is known (an older server refuses
        fields it does not know)."""
        out = asdict(self)
        if self.hints is None:
            del out["hints"]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AnswerEvent:
        """Read an event sent as JSON; anything malformed -> :class:`EventError`."""
        if not isinstance(data, Mapping):
            raise EventError("an answer must be a JSON object")
        fields = ("id", "lesson", "task", "answer", "correct", "misconception", "attempt", "at", "language")
        unknown = set(data) - {*fields, "hints"}
        if unknown:
            raise EventError(f"unknown fields: {', '.join(sorted(map(str, unknown)))}")
        missing = [f for f in fields if f not in data and f != "misconception"]
        if missing:
            raise EventError(f"missing fields: {', '.join(missing)}")
        event = cls(
            id=data["id"],
            lesson=data["lesson"],
            task=data["task"],
            answer=data["answer"],
            correct=data["correct"],
            misconception=data.get("misconception"),
            attempt=data["attempt"],
            at=data["at"],
            language=data["language"],
            hints=data.get("hints"),
        )
        event.check()
        return event

    def check(self) -> None:
        """Raise :class:`EventError` unless every field has the type and size allowed."""
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise EventError("id must be 32 lower-case hex digits (uuid4().hex)")
        for name in ("lesson", "task"):
            value = getattr(self, name)
            if not isinstance(value, str) or not _KEY.match(value):
                raise EventError(f"{name} must be a short key of letters, digits and . _ - :")
        if self.misconception is not None and (
            not isinstance(self.misconception, str) or not _KEY.match(self.misconception)
        ):
            raise EventError("misconception must be a message key or null")
        if not isinstance(self.answer, str) or len(self.answer) > MAX_ANSWER:
            raise EventError(f"answer must be text of at most {MAX_ANSWER} characters")
        if not isinstance(self.correct, bool):
            raise EventError("correct must be true or false")
        if (
            not isinstance(self.attempt, int)
            or isinstance(self.attempt, bool)
            or not 1 <= self.attempt <= MAX_ATTEMPT
        ):
            raise EventError(f"attempt must be a whole number from 1 to {MAX_ATTEMPT}")
        if self.hints is not None and (
            not isinstance(self.hints, int)
            or isinstance(self.hints, bool)
            or not 0 <= self.hints <= MAX_HINTS
        ):
            raise EventError(f"hints must be a whole number from 0 to {MAX_HINTS}, or null")
        if self.language not in LANGUAGES:
            raise EventError(f"language must be one of {', '.join(LANGUAGES)}")
        if not isinstance(self.at, str) or len(self.at) > 40:
            raise EventError("at must be an ISO 8601 time")
        try:
            when = datetime.fromisoformat(self.at.replace("Z", "+00:00"))
        except ValueError:
            raise EventError("at must be an ISO 8601 time") from None
        if when.tzinfo is None:
            raise EventError("at must say its time zone (UTC)")


class ClassLink(Protocol):
    """How an activity talks to the class: answers out, pacing in."""

    def send(self, event: AnswerEvent) -> None:
        """Queue the event; never blocks the widget; retried while the network is away."""

    def allowed_screen(self, lesson: str) -> int | None:
        """The highest screen index pupils may open now, or None when they move freely."""

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (no arguments) whenever pacing or the shown answer changes."""


class NoClass:
    """The link of a pupil working alone: answers go nowhere, every screen is open."""

    def send(self, event: AnswerEvent) -> None:
        event.check()

    def allowed_screen(self, lesson: str) -> int | None:
        return None

    def subscribe(self, callback: Callable[[], None]) -> None:
        return None
