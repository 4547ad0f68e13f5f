"""The teacher's lessons folder as the authoring app sees it: which files it may open and
write, by name, and nothing outside the folder.

A name comes from a web page, so it is checked as hostile: one plain file name ending in
``.json`` (no folder part, no ``..``, no leading dot, no control characters), inside the
folder once resolved (a symbolic link out of the folder is refused too). A new lesson's
name is made from its title; two lessons never share a file.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from ..lesson.files import FORMAT, VERSION, LessonFile, lesson_files, parse, save_lesson
from .refused import Refused

#: A file name the app opens or writes: one name (no folder, no control character, not
#: hidden), ending in ``.json``; any letters, as a teacher names files ("Week 3 (halves).json").
_NAME = re.compile(r"[^./\\\x00-\x1f\x7f][^/\\\x00-\x1f\x7f]{0,115}\.json")
_SLUG = re.compile(r"[^a-z0-9]+")


class LessonFolder:
    """The lesson files of one folder: list, read, write (atomically), make a new one."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()

    def path(self, name: object) -> Path:
        """The file ``name`` in this folder; a UsageError in plain words for anything else."""
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise Refused("error_name", name=repr(str(name)[:80]))
        place = self.root / name
        if place.resolve().parent != self.root:
            raise Refused("error_outside", name=repr(name))
        return place

    def listing(self, language: str) -> list[dict[str, Any]]:
        """Every lesson file of the folder (broken ones with their reason), as the page lists
        them, in ``language``: the reason too."""
        if not self.root.is_dir():
            return []
        found: list[LessonFile] = lesson_files(self.root, language)
        return [
            {
                "name": f.path.name,
                "id": f.id,
                "title": f.title,
                "screens": f.screens,
                "problem": f.problem_in(language),
            }
            for f in found
        ]

    def read(self, name: object) -> dict[str, Any]:
        """The data of the lesson file ``name`` (bounded JSON; checked as a lesson on save)."""
        place = self.path(name)
        try:
            return parse(place.read_bytes(), place.name)
        except FileNotFoundError:
            raise Refused("error_missing", name=repr(place.name)) from None

    def write(self, name: object, data: dict[str, Any]) -> Path:
        """Check ``data`` as a lesson and write it in place of ``name`` (write, then rename)."""
        return save_lesson(data, self.path(name))

    def new_name(self, title: str) -> str:
        """A file name for a new lesson called ``title`` that no file of the folder has."""
        stem = _slug(title) or "lesson"
        name, n = f"{stem}.json", 2
        while (self.root / name).exists():
            name, n = f"{stem}-{n}.json", n + 1
        return name


def _slug(title: str) -> str:
    """``"Halves & quarters"`` -> ``"halves-quarters"``; Cyrillic is spelt in Latin letters
    so a Russian or Bulgarian title still gives a readable name."""
    latin = "".join(_LATIN.get(ch, ch) for ch in title.lower())
    plain = unicodedata.normalize("NFKD", latin).encode("ascii", "ignore").decode()
    return _SLUG.sub("-", plain).strip("-")[:40].strip("-")


#: Cyrillic letters in Latin (Russian and Bulgarian spelling; ъ is "a" in Bulgarian).
_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sht", "ъ": "a", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip


def new_lesson(lesson_id: str, title: dict[str, str], language: str) -> dict[str, Any]:
    """The data of an empty lesson (no screens yet: it is saved once it has one)."""
    return {
        "$schema": "https://teachgames.example/schemas/lesson-file-1.json",
        "format": FORMAT,
        "version": VERSION,
        "id": lesson_id,
        "language": language,
        "title": title,
        "tries": 2,
        "summary": True,
        "screens": [],
    }


__all__ = ["LessonFolder", "new_lesson"]
