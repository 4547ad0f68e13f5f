"""A teacher's mistake on the authoring page, said in the page's language.

The page is read by teachers in English, Russian and Bulgarian: what the interface
refuses (a lesson with no title, an empty position code, a file name with a folder in
it) is kept as a message key of the page's catalogue (``author/locales``, keys
``error_*``) with its values, and said in the language the page is in when answered.
"""

from __future__ import annotations

from ..core.errors import UsageError
from ..core.i18n import check_language, fill, messages


class Refused(UsageError):
    """A request the authoring app refuses: ``key`` names its words in the page's catalogue;
    ``str()`` is the English."""

    def __init__(self, key: str, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.words("en"))

    def words(self, language: str) -> str:
        """The refusal in ``language`` (English where the catalogue lacks the words)."""
        catalogue = messages("author", "en") | messages("author", check_language(language))
        return fill(catalogue[self.key], language, dict(self.values))


__all__ = ["Refused"]
