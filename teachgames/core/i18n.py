"""The message catalogue: every word a pupil reads, in English, Russian and Bulgarian.

A key is namespaced ``"<domain>.<name>"``; the domain's messages live in
``<folder>/locales/<language>.json``, where the folder is the game's own package when the
domain names a game (``toygame/locales/`` for a plug-in game ``toy`` registered as
``toygame:Game``: :func:`~teachgames.core.plugins.package_of`), else ``teachgames/<domain>``
(``teachgames/lesson/locales/``). A file is one JSON object whose keys are
the names, written either bare (``"one_for_one"``) or with the domain
(``"delissimo.one_for_one"``); nested objects are joined with dots
(``{"verdict": {"legal": …}}`` holds ``verdict.legal``); top-level keys that start with
``_`` are comments. Values are ``str.format`` templates with named fields::

    tr("explain.player", number=2)          # "Player 2"
    tr("explain.player", "ru", number=2)    # "Игрок 2"

A key missing from ``ru`` or ``bg`` falls back to English; :func:`missing_keys` and
:func:`placeholder_problems` let tests hold every language complete.

**Plurals.** A field ``{n|form|form…}`` is the word that agrees with the number ``n``, one
form per CLDR plural category of the language, in CLDR order (the number itself is written
with its own ``{n}``)::

    en  one|other              "{n} {n|pizza|pizzas}"            1 pizza, 5 pizzas
    ru  one|few|many[|other]   "{n} {n|пицца|пиццы|пицц}"        1 пицца, 2 пиццы, 5 пицц
    bg  one|other              "{n} {n|пица|пици}"               1 пица, 5 пици

:func:`plural` gives the category of a number (integers by the CLDR integer rules; a
fraction such as 1 1/2 is "other", which in Russian falls back to the "few" form when the
template gives three forms: "1 1/2 пиццы"). A whole message may instead be keyed by category
(``"zone.pile.one"``, ``".few"``, ``".many"``, ``".other"``) and read with :func:`tr_plural`.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from .plugins import package_of

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
def catalogue_package(domain: str) -> str | None:
    """The package whose ``locales/`` holds a game's words (the game's own package, found
    through its registration), or None for a domain of teachgames itself. teachgames' own
    domains win: a plug-in named ``lesson`` cannot take the lesson layer's words."""
    package = package_of(domain)
    if package is None or package.startswith("teachgames."):
        return package
    from importlib import resources

    own = resources.files("teachgames") / domain / "locales"
    return None if own.is_dir() else package


def where(domain: str) -> str:
    """Where a domain's catalogue is, for people (``toygame/locales/``)."""
    package = catalogue_package(domain)
    folder = package.replace(".", "/") if package else f"teachgames/{domain}"
    return f"{folder}/locales/"


@cache
def messages(domain: str, language: str) -> dict[str, str]:
    """The messages of one domain in one language (no fallback); {} if there is no file.

    Cached per (domain, language): call :func:`forget_messages` after editing a file.
    """
    check_language(language)
    if not domain.isidentifier():
        raise ValueError(f"bad message domain {domain!r}")
    # importlib.resources reads a zipped install too; it costs ~14 ms to import (pathlib,
    # tempfile, shutil...), so it loads with the first message, not with the package
    from importlib import resources

    package = catalogue_package(domain)
    folder = resources.files(package) if package else resources.files("teachgames") / domain
    path = folder / "locales" / f"{language}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}
    source = f"{where(domain)}{language}.json"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{source} is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{source} must hold one object")
    out: dict[str, str] = {}
    _flatten(domain, data, "", out)
    return out


def forget_messages() -> None:
    """Read every catalogue again on next use (after a file was edited, or a game registered)."""
    messages.cache_clear()
    catalogue_package.cache_clear()


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
        raise KeyError(f"no message {key!r} (looked in {where(domain)})")
    try:
        return fill(template, lang, values)
    except KeyError as exc:
        raise KeyError(f"message {key!r} needs a value for {exc.args[0]!r}") from None
    except (IndexError, ValueError) as exc:
        raise KeyError(f"message {key!r} ({lang}) is not a valid template: {exc}") from None


def message(key: str, **values: Any) -> Callable[[str | None], str]:
    """The message ``key`` as words not yet said: a function of the language that says it.

    An error is raised once but read by people of several languages (its English in a log,
    a teacher's Russian on the page), so it keeps this instead of one sentence. A value
    that is itself such a function (the kind of thing found, the reason of an error
    below) is said in the same language; any other value is data, filled in as it is."""

    def say(language: str | None) -> str:
        return tr(key, language, **{k: v(language) if callable(v) else v for k, v in values.items()})

    return say


def tr_found(
    text: str, table: Sequence[tuple[re.Pattern[str], str]], language: str | None = None, prefix: str = ""
) -> str | None:
    """``text``, a sentence someone else wrote in English (an engine's reason, Python's
    JSON parser), worded by the catalogue: the message ``prefix + key`` of the first
    pattern of ``table`` that finds it, its named groups as the values; None when no
    pattern knows it (the caller then shows the English after a visible marker)."""
    for pattern, key in table:
        found = pattern.search(text)
        if found:
            values = {name: value.strip() for name, value in found.groupdict().items()}
            return tr(prefix + key, language, **values)
    return None


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a ``str.format`` template (a plural field ``{n|…}`` names ``n``)."""
    plural_field = _plural_field()
    names = {m.group("name") for m in plural_field.finditer(template)}
    for _, field, _, _ in string.Formatter().parse(plural_field.sub("", template)):
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
        base, _, category = name.rpartition(".")
        if category in _CATEGORIES and base:
            # one form of a word keyed by plural category: any of English's fields may appear
            siblings = [english[f"{base}.{c}"] for c in _CATEGORIES if f"{base}.{c}" in english]
            try:
                allowed = frozenset().union(*(placeholders(t) for t in siblings))
                if not siblings or not placeholders(template) <= allowed:
                    problems.append(name)
            except ValueError:
                problems.append(name)
            continue
        if name not in english:
            problems.append(name)
            continue
        try:
            if placeholders(template) != placeholders(english[name]):
                problems.append(name)
        except ValueError:
            problems.append(name)
    return problems


# ---------------------------------------------------------------------- plurals

#: The CLDR plural categories each language's plural fields list, in this order.
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "ru": ("one", "few", "many", "other"),
    "bg": ("one", "other"),
}

_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

@cache
def _plural_field() -> re.Pattern[str]:
    """``{name|form|form…}``, not inside doubled braces (``{{`` is a literal brace)."""
    return re.compile(r"(?<!\{)\{(?P<name>[A-Za-z_]\w*)\|(?P<forms>[^{}]*)\}(?!\})")


def _whole(n: object) -> int | None:
    """``n`` as an int when it is a whole number (an int, a whole sympy number, "3"), else None."""
    if isinstance(n, bool):
        return int(n)
    if isinstance(n, int):
        return n
    text = str(n).strip().replace("\u2212", "-")
    digits = text[1:] if text.startswith("-") else text
    if digits.isdecimal():  # what the pattern -?\d+ matches
        return int(text)
    return None


def plural(n: object, language: str | None = None) -> str:
    """The CLDR plural category of the number ``n`` in ``language``: "one", "few", "many"
    or "other".

    en and bg: "one" for 1, else "other". ru: "one" for 1, 21, 101 …; "few" for 2–4, 22–24 …;
    "many" for 0, 5–20, 25–30 …; "other" for a number that is not whole (1 1/2, 3/8).
    """
    lang = resolve_language(language)
    whole = _whole(n)
    if whole is None:
        return "other"
    k = abs(whole)
    if lang != "ru":
        return "one" if k == 1 else "other"
    if k % 10 == 1 and k % 100 != 11:
        return "one"
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return "few"
    return "many"


def plural_form(n: object, forms: list[str] | tuple[str, ...], language: str | None = None) -> str:
    """The form of a word that agrees with ``n``: ``forms`` in the order of
    :data:`PLURAL_CATEGORIES` (Russian may leave out "other": the "few" form serves)."""
    lang = resolve_language(language)
    categories = PLURAL_CATEGORIES[lang]
    category = plural(n, lang)
    if category == "other" and lang == "ru" and len(forms) == 3:
        category = "few"
    index = categories.index(category)
    if index >= len(forms):
        raise ValueError(f"plural forms {forms!r} ({lang}) lack the {category!r} form")
    return forms[index]


def plural_problems(template: str, language: str) -> list[str]:
    """Plural fields of ``template`` whose number of forms does not fit ``language``."""
    want = len(PLURAL_CATEGORIES[check_language(language)])
    allowed = {want, want - 1} if language == "ru" else {want}
    fields = _plural_field().finditer(template)
    return [m.group(0) for m in fields if len(m.group("forms").split("|")) not in allowed]


def fill(template: str, language: str, values: dict[str, Any]) -> str:
    """``template`` with its plural fields chosen for their numbers, then ``str.format``."""

    def choose(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in values:
            raise KeyError(name)
        form = plural_form(values[name], m.group("forms").split("|"), language)
        return form.replace("{", "{{").replace("}", "}}")

    if "|" not in template:  # no plural field: most messages
        return template.format(**values)
    return _plural_field().sub(choose, template).format(**values)


def tr_plural(key: str, n: object, language: str | None = None, **values: Any) -> str:
    """The message ``key.<category>`` for the number ``n`` (the other convention: one key per
    CLDR category, e.g. ``zone.pile.one`` / ``.few`` / ``.many`` / ``.other``), falling back
    to ``key.other`` and then to English; ``n`` is passed to the template as ``{n}``."""
    lang = resolve_language(language)
    domain, name = _split(key)
    category = plural(n, lang)
    for lookup in (lang, FALLBACK):
        table = messages(domain, lookup)
        for candidate in (f"{name}.{category}", f"{name}.other"):
            if candidate in table:
                return fill(table[candidate], lookup, {"n": n, **values})
    raise KeyError(f"no message {key!r}.<plural category> (looked in {where(domain)})")
