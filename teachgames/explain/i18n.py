"""The message catalogue, re-exported: it lives in ``teachgames.core.i18n`` because the
engines state their reasons through it too, and they must not import sympy."""

from ..core.i18n import (
    FALLBACK,
    LANGUAGES,
    check_language,
    get_language,
    keys,
    messages,
    missing_keys,
    placeholder_problems,
    placeholders,
    resolve_language,
    set_language,
    tr,
)

__all__ = [
    "FALLBACK",
    "LANGUAGES",
    "check_language",
    "get_language",
    "keys",
    "messages",
    "missing_keys",
    "placeholder_problems",
    "placeholders",
    "resolve_language",
    "set_language",
    "tr",
]
