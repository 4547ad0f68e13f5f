"""Delissimo's words, looked up in the package's message catalogue.

The engine states reasons through ``say(key, **values)`` so that a refused move
reads the same in the engine, in the explanation and in the widget, in every
language the catalogue has (``teachgames/delissimo/locales/<language>.json``).
"""

from __future__ import annotations

from typing import Any

from ..core.i18n import tr


def say(key: str, language: str | None = None, **values: Any) -> str:
    """The Delissimo message ``key`` in ``language`` (default: the package's language)."""
    return tr(f"delissimo.{key}", language, **values)
