"""What a game lets a teacher choose when starting it (its levels, presets, ...).

A game declares its options as data on its class (``Game.options``); the command line,
the lesson builder, the export and the widgets read them from there (``declared_options``)
instead of knowing any game.
Only the standard library is used, so declaring options costs nothing at import.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameOption:
    """One keyword a game's ``new()`` accepts, described for people and for the CLI.

    ``kind`` is ``"str"`` or ``"int"`` (how text typed on a command line is read);
    ``choices`` lists the allowed values when there is a fixed set (levels, presets);
    ``words`` is the catalogue key of a value in words, with ``{value}`` in it
    (``"delissimo.draw.levels.{value}"``), so a worksheet says «8+ базовый», not "basic".
    """

    name: str
    help: str
    choices: tuple[Any, ...] | None = None
    default: Any = None
    kind: str = "str"
    words: str | None = None

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"a game option needs a Python name, not {self.name!r}")
        if self.kind not in ("str", "int"):
            raise ValueError(f"option {self.name!r}: kind must be 'str' or 'int', not {self.kind!r}")

    def read(self, text: str) -> Any:
        """Read a value typed by a user (a CLI argument); a bad one is a ValueError in plain words."""
        value: Any = text
        if self.kind == "int":
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"{self.name} must be a whole number, not {text!r}") from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"{self.name} must be one of {allowed}, not {text!r}")
        return value

    def value_words(self, value: Any, language: str | None = None) -> str:
        """``value`` as a pupil reads it in ``language``: the catalogue's words for it,
        else the value itself (a number, or a choice the catalogue does not name)."""
        if self.words is None:
            return str(value)
        from .i18n import tr

        try:
            return tr(self.words.format(value=value), language)
        except KeyError:
            return str(value)


def declared_options(cls: Any) -> tuple[GameOption, ...]:
    """What a game lets a teacher choose: its ``options``, or for a game that declares none,
    the keywords of its ``new()`` with a text or whole-number default (``new`` checks values)."""
    declared = tuple(o for o in getattr(cls, "options", ()) or () if isinstance(o, GameOption))
    if declared:
        return declared
    try:
        params = inspect.signature(cls.new).parameters.values()
    except (TypeError, ValueError, AttributeError):
        return ()
    found = []
    for p in params:
        default = p.default
        if p.name in ("players", "seed") or p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            continue
        if isinstance(default, bool) or not isinstance(default, (str, int)):
            continue
        kind = "int" if isinstance(default, int) else "str"
        found.append(GameOption(p.name, p.name.replace("_", " "), default=default, kind=kind))
    return tuple(found)
