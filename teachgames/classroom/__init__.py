"""Classroom mode: the class server, the pupils' link to it, the teacher's dashboard.

Light to import: the link (:mod:`.client`) is pure standard library; SQLAlchemy,
Starlette and uvicorn load only with the server (:mod:`.server`, :mod:`.store`), the
widget only with :func:`Teacher.dashboard`.

    link = teachgames.classroom.join("http://192.168.1.10:8765", "K7WQ2M", "Asel")
    link.send(AnswerEvent.new("delissimo-8plus", "toppings", "3/8", False,
                              misconception="lesson.misconception.tops_and_bottoms"))
    link.allowed_screen("delissimo-8plus")      # None: free; 2: screens 0..2 only
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.answers import AnswerEvent, ClassLink, EventError, NoClass

if TYPE_CHECKING:
    from typing import Any

__all__ = ["AnswerEvent", "ClassLink", "EventError", "HttpLink", "NoClass", "Teacher", "from_hub", "join"]


def __getattr__(name: str) -> Any:
    if name in ("join", "from_hub", "HttpLink"):
        from . import client

        return getattr(client, name)
    if name == "Teacher":
        from .teacher import Teacher

        return Teacher
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
