"""Whose classes a teacher's request opens: each teacher of a school on one JupyterHub
sees their own classes, and no other teacher's.

A class made by a Hub teacher is theirs (its ``owner`` is their Hub name); a class made
with the teacher's key has no owner, and the key opens exactly those (on the LAN that
is every class: one teacher, one key, unchanged). A projector link opens its one
session. What a teacher may not open is answered as if it did not exist (404), so the
names of other teachers' classes do not leak.
"""

from __future__ import annotations

from dataclasses import dataclass

from .store import SessionInfo


@dataclass(frozen=True)
class TeacherAccess:
    #: The Hub teacher's name; None: the teacher's key.
    owner: str | None = None
    #: A projector link's session: that one session, and no class.
    session: int | None = None

    def owns(self, class_owner: str | None) -> bool:
        """Whether the class (by its owner) is this teacher's to list, start, export or delete."""
        return self.session is None and class_owner == self.owner

    def opens(self, info: SessionInfo) -> bool:
        """Whether this teacher may see and pace the session."""
        return info.id == self.session if self.session is not None else info.owner == self.owner
