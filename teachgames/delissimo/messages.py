"""Delissimo's words, looked up in the package's message catalogue.

The engine states reasons through ``say(key, **values)`` so that a refused move
reads the same in the engine, in the explanation and in the widget, in every
language the catalogue has.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"


@lru_cache(maxsize=8)
def _catalogue(language: str) -> dict[str, str]:
    path = resources.files(__package__).joinpath("locales").joinpath(f"{language}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The message ``key`` in ``language`` (English where a translation is missing)."""
    lang = language or DEFAULT_LANGUAGE
    try:
        template = _catalogue(lang).get(key) or _catalogue(DEFAULT_LANGUAGE)[key]
    except FileNotFoundError:
        template = _catalogue(DEFAULT_LANGUAGE)[key]
    return template.format(**values)
