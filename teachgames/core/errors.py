"""The small family of errors every game raises.

Both are ``ValueError`` subclasses (as in python-chess) so that a caller who only
knows "bad input" can still catch them, while a teacher-facing tool can show
``reason`` (plain words) and branch on ``code`` (a short stable identifier).
Both can say themselves in any language (``words(language)``) when they were raised
from the message catalogue (:meth:`IllegalMove.said`, :func:`file_error`): the one
message a log shows is then no obstacle to a Russian or Bulgarian teacher's page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Words not yet said: the language (None: the package's) -> the sentence.
Said = Callable[[str | None], str]


class Worded:
    """An error that keeps how to say itself in any language beside its one message."""

    _translate: Said | None = None

    @property
    def worded(self) -> bool:
        """Whether the catalogue words this error (else :meth:`words` is its one message,
        whatever the language: a caller that shows it may mark it as such)."""
        return self._translate is not None

    def words(self, language: str | None = None) -> str:
        """The error in ``language`` (the package language when None)."""
        return str(self) if self._translate is None else self._translate(language)


class IllegalMove(Worded, ValueError):
    """A move the rules refuse. The game it was offered to is left unchanged.

    ``reason`` is a plain-words sentence for a pupil ("one card for one card is not
    allowed at 6+") in the package language; ``words(language)`` gives it in another
    language; ``code`` is a short machine-readable tag ("one-for-one");
    ``explanation`` optionally carries the step-by-step arithmetic that shows why.
    """

    def __init__(
        self,
        reason: str,
        code: str = "illegal",
        explanation: Any = None,
        translate: Callable[[str | None], str] | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.explanation = explanation
        self._translate = translate

    @classmethod
    def said(cls, domain: str, key: str, code: str, **values: Any) -> IllegalMove:
        """An IllegalMove whose reason is the catalogue message ``domain.key``."""
        from .i18n import message

        words = message(f"{domain}.{key}", **values)
        return cls(words(None), code, translate=words)


class GameFileError(Worded, ValueError):
    """A saved game, position code or lesson file that cannot be read: not JSON, wrong
    format, or tampered with. ``str()`` is the English; ``words(language)`` says it in
    another language when it was raised by :func:`file_error`."""

    def __init__(self, *args: object, translate: Said | None = None) -> None:
        super().__init__(*args)
        self._translate = translate


def file_error(key: str, **values: Any) -> GameFileError:
    """A GameFileError whose message is the catalogue message ``key`` ("core.code.empty"):
    English in ``str()`` (logs, tests, a developer's traceback), any language in
    ``words(language)``. Values that are words themselves (a callable of the language)
    are said in the same language."""
    from .i18n import message

    words = message(key, **values)
    return GameFileError(words("en"), translate=words)


class TypesettingError(RuntimeError):
    """A PDF could not be made (LaTeX or its fonts missing, or LaTeX stopped); the
    message is one line saying why, for the teacher who asked for the PDF."""


class UsageError(Exception):
    """Something the user asked of a command cannot be done as asked; the message says how
    to fix it. Every command (``teachgames ...``, ``teachgames classroom ...``) raises it,
    and the command line turns it into one line and exit code 2."""
