"""The lessons' shared words: the ``lesson.*`` messages (``teachgames/lesson/locales``), and
pupil text quoted and capitalised the way each language prints it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.i18n import LANGUAGES, messages, resolve_language, tr


def msg(key: str, language: str | None, **values: Any) -> str:
    """The shared lesson message ``key`` (``lesson.<key>``) in ``language``."""
    return tr(f"lesson.{key}", language, **values)


def msg_all(key: str, values: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The message ``key`` ("domain.name") in every language ({language: text}), or {} when
    the catalogue has no such message (a question without a note, say)."""
    domain, _, name = key.partition(".")
    if name not in messages(domain, "en"):
        return {}
    return {language: tr(key, language, **(values or {})) for language in LANGUAGES}


def has(key: str) -> bool:
    """Whether the catalogue has the message ``key`` ("domain.name") in English."""
    domain, _, name = key.partition(".")
    return name in messages(domain, "en")


#: Quotation marks around pupil text, as each language prints them.
_QUOTES = {"en": ("“", "”"), "ru": ("«", "»"), "bg": ("„", "“")}


def quote(text: str, language: str | None = None, limit: int = 40) -> str:
    """Pupil text shown back in a message: quoted and shortened (escaped later, in HTML)."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    left, right = _QUOTES.get(resolve_language(language), _QUOTES["en"])
    return f"{left}{short}{right}"


def sentence(text: str) -> str:
    """Words that start a sentence, with a capital ("заказ «грибы 6/8» …" → "Заказ …")."""
    return text[:1].upper() + text[1:]
