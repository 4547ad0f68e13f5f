"""The small family of errors every game raises.

Both are ``ValueError`` subclasses (as in python-chess) so that a caller who only
knows "bad input" can still catch them, while a teacher-facing tool can show
``reason`` (plain words) and branch on ``code`` (a short stable identifier).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable


class IllegalMove(ValueError):
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

    def words(self, language: str | None = None) -> str:
        """The reason in ``language`` (the package language when None)."""
        if self._translate is None:
            return self.reason
        return self._translate(language)

    @classmethod
    def said(cls, domain: str, key: str, code: str, **values: Any) -> IllegalMove:
        """An IllegalMove whose reason is the catalogue message ``domain.key``."""
        from .i18n import tr

        def words(language: str | None) -> str:
            return tr(f"{domain}.{key}", language, **values)

        return cls(words(None), code, translate=words)


class GameFileError(ValueError):
    """A saved game that cannot be loaded: not JSON, wrong format, or tampered with."""


class TypesettingError(RuntimeError):
    """A PDF could not be made (LaTeX or its fonts missing, or LaTeX stopped); the
    message is one line saying why, for the teacher who asked for the PDF."""


class UsageError(Exception):
    """Something the user asked of a command cannot be done as asked; the message says how
    to fix it. Every command (``teachgames ...``, ``teachgames classroom ...``) raises it,
    and the command line turns it into one line and exit code 2."""
