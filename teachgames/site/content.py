"""Which lesson notebooks and teacher plans go into a site, found by their names.

Notebooks come from the repository's ``notebooks/`` folder (a checkout) or the copy bundled
in the installed package (``teachgames/_bundled``). A notebook's language is read from its
path: a folder named after the language (``notebooks/ru/...``) or a suffix
(``delissimo-8plus.ru.ipynb``); a notebook with neither is English. Its game is the first
part of its name (``delissimo-8plus``) or a folder named after the game, among the games the
registry knows (so a plug-in game from any installed package has its pages); notebooks of no
game (the experiments notebook) go into every site.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import SiteBuildError

LANGUAGES = ("en", "ru", "bg")


def known_games() -> tuple[str, ...]:
    """Every game a site may hold lessons of: the registry's (installed and registered)."""
    from ..core.registry import game_names

    return game_names()


def __getattr__(name: str) -> tuple[str, ...]:
    # ``KNOWN_GAMES`` was a fixed tuple; it is now the registry's answer, asked when read.
    if name == "KNOWN_GAMES":
        return known_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Item:
    """One file for the site: where it is, where it goes in the site, its language and game."""

    source: Path
    target: str
    language: str
    game: str | None


def source_root() -> Path:
    """The folder holding ``notebooks/`` and ``lessons/``: the checkout, else the bundled copy."""
    package = Path(__file__).resolve().parent.parent
    checkout = package.parent
    if (checkout / "notebooks").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout
    bundled = package / "_bundled"
    if (bundled / "notebooks").is_dir():
        return bundled
    raise SiteBuildError("no lesson notebooks found: neither a checkout's notebooks/ nor teachgames/_bundled")


def language_of(relative: Path) -> str:
    parts = relative.parts
    for part in parts[:-1]:
        if part in LANGUAGES:
            return part
    suffixes = relative.name.split(".")
    if len(suffixes) >= 3 and suffixes[-2] in LANGUAGES:
        return suffixes[-2]
    return "en"


def game_of(relative: Path, games: Iterable[str]) -> str | None:
    known = tuple(games)
    for part in relative.parts[:-1]:
        if part in known:
            return part
    first = relative.name.split(".")[0].split("-")[0].split("_")[0]
    return first if first in known else None


def _collect(root: Path, pattern: str, prefix: str) -> list[Item]:
    games = known_games()
    items = []
    for path in sorted(root.rglob(pattern)):
        relative = path.relative_to(root)
        if any(part.startswith((".", "_")) for part in relative.parts):
            continue
        target = f"{prefix}{relative.as_posix()}"
        items.append(Item(path, target, language_of(relative), game_of(relative, games)))
    return items


_AGE = re.compile(r"(\d+)plus")


def teaching_order(items: Iterable[Item]) -> list[Item]:
    """The items as a teacher meets them: game by game (the registry's order, the items
    of no game last), and within a game by the pupils' age (6+, 8+, 10+, 11+), not by
    file name, where "10plus" sorts before "6plus"."""
    games = known_games()

    def key(item: Item) -> tuple[int, int, str]:
        game = games.index(item.game) if item.game in games else len(games)
        age = _AGE.search(item.source.name)
        return (game, int(age.group(1)) if age else 0, item.source.name)

    return sorted(items, key=key)


def select(items: Sequence[Item], languages: Sequence[str], games: Sequence[str] | None) -> list[Item]:
    """The items in these languages and of these games (plus the items of no game)."""
    return [
        item
        for item in items
        if item.language in languages and (games is None or item.game is None or item.game in games)
    ]


def _stem(item: Item) -> str:
    return item.source.name.split(".")[0]


def discover(
    languages: Sequence[str], games: Sequence[str] | None, root: Path | None = None
) -> tuple[list[Item], list[Item]]:
    """(notebooks, plans) for a site; an unknown language or a game with no notebook is an error."""
    for language in languages:
        if language not in LANGUAGES:
            raise SiteBuildError(
                f"unknown language {language!r}; the lessons exist in {', '.join(LANGUAGES)}"
            )
    base = root or source_root()
    notebooks = select(_collect(base / "notebooks", "*.ipynb", ""), languages, games)
    every_plan = _collect(base / "lessons", "*.md", "plans/")
    plans = select(every_plan, languages, games)
    # a plan not yet written in the chosen languages comes in English (the teacher reads it)
    have = {_stem(item) for item in plans}
    plans += [
        item for item in select(every_plan, ["en"], games) if _stem(item) not in have and item not in plans
    ]
    for game in games or ():
        if not any(item.game == game for item in notebooks):
            raise SiteBuildError(
                f"no lesson notebook of {game!r} in {', '.join(languages)} under {base / 'notebooks'}"
            )
    if not any(item.game is not None for item in notebooks):
        raise SiteBuildError(f"no lesson notebooks in {', '.join(languages)} under {base / 'notebooks'}")
    return notebooks, plans


def lesson_cells(path: Path) -> list[tuple[str, str]]:
    """(kind, source) of every Markdown and code cell of a notebook that is not empty, in order."""
    return [(kind, text) for kind, text, _ in tagged_cells(path)]


def tagged_cells(path: Path) -> list[tuple[str, str, list[str]]]:
    """(kind, source, tags) of every Markdown and code cell that is not empty, in order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in data.get("cells", []):
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        tags = cell.get("metadata", {}).get("tags", [])
        if cell.get("cell_type") in ("markdown", "code") and text.strip():
            found.append((str(cell["cell_type"]), text, [str(tag) for tag in tags]))
    return found
