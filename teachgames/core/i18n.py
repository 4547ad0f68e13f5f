"""The message catalogue: every word a pupil reads, in English, Russian and Bulgarian.

A key is namespaced ``"<domain>.<name>"``; the domain's messages live in
``teachgames/<domain>/locales/<language>.json``. A file is one JSON object whose keys are
the names, written either bare (``"one_for_one"``) or with the domain
(``"delissimo.one_for_one"``); nested objects are joined with dots
(``{"verdict": {"legal": …}}`` holds ``verdict.legal``); top-level keys that start with
``_`` are comments. Values are ``str.format`` templates with named fields::

    tr("explain.player", number=2)          # "Player 2"
    tr("explain.player", "ru", number=2)    # "Игрок 2"

A key missing from ``ru`` or ``bg`` falls back to English; :func:`missing_keys` and
:func:`placeholder_problems` let tests hold every language complete.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "ru", "bg")
FALLBACK = "en"

_state: dict[str, str] = {"language": FALLBACK}


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; teachgames speaks {', '.join(LANGUAGES)}")
    return language


def set_language(language: str) -> None:
    """Set the package's default language for every message and explanation."""
    _state["language"] = check_language(language)


def get_language() -> str:
    """The package's default language ("en" unless :func:`set_language` changed it)."""
    return _state["language"]


def resolve_language(language: str | None) -> str:
    return get_language() if language is None else check_language(language)


def _flatten(domain: str, data: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in data.items():
        if not prefix and key.startswith("_"):
            continue
        name = prefix + key
        if not prefix and name.startswith(domain + "."):
            name = name[len(domain) + 1 :]
        if isinstance(value, dict):
            _flatten(domain, value, name + ".", out)
        elif isinstance(value, str):
            out[name] = value
        else:
            raise ValueError(
                f"locales/{domain}: message {name!r} must be a string, not {type(value).__name__}"
            )


@cache
def messages(domain: str, language: str) -> dict[str, str]:
    """The messages of one domain in one language (no fallback); {} if there is no file.

    Cached per (domain, language): call ``messages.cache_clear()`` after editing a file.
    """
    check_language(language)
    if not domain.isidentifier():
        raise ValueError(f"bad message domain {domain!r}")
    path = resources.files("teachgames") / domain / "locales" / f"{language}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"teachgames/{domain}/locales/{language}.json is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"teachgames/{domain}/locales/{language}.json must hold one object")
    out: dict[str, str] = {}
    _flatten(domain, data, "", out)
    return out


def _split(key: str) -> tuple[str, str]:
    domain, dot, name = key.partition(".")
    if not dot or not domain or not name:
        raise KeyError(f"message key {key!r} must look like 'domain.name'")
    return domain, name


def tr(key: str, language: str | None = None, **values: Any) -> str:
    """The message ``key`` ("domain.name") in ``language`` (default: the package's),
    with ``{placeholders}`` filled from ``values``.

    Falls back to English when the language lacks the key; raises KeyError naming the key
    when English lacks it too, or when a placeholder has no value.
    """
    lang = resolve_language(language)
    domain, name = _split(key)
    template = messages(domain, lang).get(name)
    if template is None:
        template = messages(domain, FALLBACK).get(name)
    if template is None:
        raise KeyError(f"no message {key!r} (looked in teachgames/{domain}/locales/)")
    try:
        return template.format(**values)
    except KeyError as exc:
        raise KeyError(f"message {key!r} needs a value for {exc.args[0]!r}") from None
    except (IndexError, ValueError) as exc:
        raise KeyError(f"message {key!r} ({lang}) is not a valid template: {exc}") from None


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a ``str.format`` template."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return frozenset(names)


def keys(domain: str) -> list[str]:
    """Every message name of a domain (those of the English file), sorted."""
    return sorted(messages(domain, FALLBACK))


def missing_keys(domain: str, language: str) -> list[str]:
    """English message names that ``language`` lacks (each shows in English until added)."""
    have = messages(domain, language)
    return [name for name in keys(domain) if name not in have]


def placeholder_problems(domain: str, language: str) -> list[str]:
    """Names whose ``{placeholders}`` differ from English, or that are not valid templates,
    or that the English file does not have."""
    english = messages(domain, FALLBACK)
    problems = []
    for name, template in sorted(messages(domain, language).items()):
        if name not in english:
            problems.append(name)
            continue
        try:
            if placeholders(template) != placeholders(english[name]):
                problems.append(name)
        except ValueError:
            problems.append(name)
    return problems
