"""A lesson's words: per-language text files cut into named sections.

A text file is sections that each start with a ``<!-- name -->`` line; a section's
``{field}`` s are filled when it is read. The notebook builder and the activity screens
both read lessons' words this way, so this module is theirs to share: importing it loads
no notebook machinery.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SECTION = re.compile(r"^<!--\s*([\w.\-]+)\s*-->\s*$", re.MULTILINE)
_FIELD = re.compile(r"\{(\w+)\}")


def read_sections(text: str, source: str = "text") -> dict[str, str]:
    """The named sections of a text file: ``<!-- name -->`` lines start each one."""
    parts = _SECTION.split(text)
    if parts[0].strip():
        raise ValueError(f"{source}: text before the first <!-- name --> line")
    out: dict[str, str] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        if name in out:
            raise ValueError(f"{source}: section {name!r} appears twice")
        out[name] = body.strip("\n")
    return out


@dataclass(frozen=True)
class Prose:
    """A lesson's words in one language: the sections of its text files."""

    language: str
    sections: dict[str, str]
    source: str = ""

    @classmethod
    def load(cls, language: str, files: Sequence[Path]) -> Prose:
        sections: dict[str, str] = {}
        for path in files:
            if path.exists():
                for name, body in read_sections(path.read_text(encoding="utf-8"), str(path)).items():
                    sections.setdefault(name, body)
        return cls(language, sections, ", ".join(str(f) for f in files))

    def __call__(self, name: str, **values: Any) -> str:
        """Section ``name`` with its ``{fields}`` filled (a field without a value is an error;
        other braces are left alone)."""
        if name not in self.sections:
            raise KeyError(f"no section {name!r} in {self.source} ({self.language})")

        def fill(m: re.Match[str]) -> str:
            field = m.group(1)
            if field not in values:
                raise KeyError(f"section {name!r} ({self.language}) needs a value for {field!r}")
            return str(values[field])

        return _FIELD.sub(fill, self.sections[name])

    def fields(self, name: str) -> set[str]:
        return set(_FIELD.findall(self.sections.get(name, "")))
