"""Every game folder follows one template: the same file for the same role, the same specs.

The template is docs/plugins.md's table in "2. The template": a fixed list of roles, each a
module ``<role>.py``, or a package ``<role>/`` of the same name when it has grown big
(its ``__init__`` re-exports the role's public names: Delissimo's ``draw/`` and
``widget/``). The game class in ``game.py`` names every part above the rules as a spec,
the same names in every game, each pointing into its role's module. A game may keep
more modules of its own (Delissimo's ``search.py``, Ligretto's ``simulation.py``); what
it may not do is miss a role or put a role under another name.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from teachgames.core.game import Game
from teachgames.core.registry import game_class

ROOT = Path(__file__).resolve().parent.parent / "teachgames"
PLUGINS = ROOT.parent / "docs" / "plugins.md"

#: The roles every game folder has, bottom layer first (docs/plugins.md, "2. The template").
ROLES = (
    "cards",
    "rules",
    "state",
    "checks",
    "moves",
    "messages",
    "engine",
    "position",
    "bots",
    "game",
    "explain",
    "draw",
    "widget",
    "lesson",
    "worksheet",
    "practice",
)
#: Roles a game has only when it needs them: TikZ pictures for the LaTeX export.
OPTIONAL = ("tikz",)
#: The lesson role's parts, each a module or a package.
LESSON_PARTS = ("activities", "notebooks")
LANGUAGES = ("en", "ru", "bg")
#: Spec name on the game class -> the role its module lies in.
SPECS = {
    "explanations": "explain",
    "positions": "position",
    "widget": "widget",
    "static_html": "draw",
    "lessons": "lesson.notebooks",
    "activities": "lesson.activities",
    "worksheet": "worksheet",
    "practice": "practice",
    "bots": "bots",
}
#: The built-in games (their folders under teachgames/).
GAMES = ("delissimo", "tsvetik", "ligretto", "split")


def _kind(folder: Path, role: str) -> str | None:
    """"module", "package", "both" or None (missing) for ``role`` in ``folder``."""
    module = (folder / f"{role}.py").is_file()
    package = (folder / role / "__init__.py").is_file()
    return {(True, False): "module", (False, True): "package", (True, True): "both"}.get((module, package))


def folder_problems(folder: Path) -> list[str]:
    """What the folder of a game lacks or holds against the template, in words."""
    problems = []
    if not (folder / "__init__.py").is_file():
        problems.append("no __init__.py: the folder is not a package")
    for role in ROLES + OPTIONAL:
        kind = _kind(folder, role)
        if kind is None and role in ROLES:
            problems.append(f"no {role}.py (or {role}/ package): the role {role!r} is missing")
        elif kind == "both":
            problems.append(f"both {role}.py and {role}/: one role, one place")
        elif kind == "package" and role != "lesson":
            text = (folder / role / "__init__.py").read_text(encoding="utf-8")
            if "__all__" not in text:
                problems.append(f"{role}/__init__.py does not re-export the role's names (__all__)")
    if _kind(folder, "lesson") == "package":
        for part in LESSON_PARTS:
            if _kind(folder / "lesson", part) not in ("module", "package"):
                problems.append(f"no lesson/{part}.py: the lesson role is incomplete")
    for language in LANGUAGES:
        if not (folder / "locales" / f"{language}.json").is_file():
            problems.append(f"no locales/{language}.json: the game's words in {language}")
    return problems


def _spec_module(spec: Any) -> list[str]:
    specs = spec.values() if isinstance(spec, dict) else [spec]
    return [s.partition(":")[0] for s in specs]


def spec_problems(cls: type[Game[Any, Any]], package: str) -> list[str]:
    """Every spec declared once, on the game class in ``<package>.game``, pointing into
    its role's module (or the role's package)."""
    problems = []
    if cls.__module__ != f"{package}.game":
        problems.append(f"the game class lives in {cls.__module__}, not {package}.game")
    for name, role in SPECS.items():
        declared = [k.__qualname__ for k in cls.__mro__ if k is not Game and name in vars(k)]
        if declared != [cls.__qualname__]:
            problems.append(f"the spec {name!r} is declared on {declared or 'no class'}, not on the game class alone")
            continue
        modules = _spec_module(getattr(cls, name))
        if not modules:
            problems.append(f"the spec {name!r} names nothing")
        target = f"{package}.{role}"
        for module in modules:
            if module != target and not module.startswith(target + "."):
                problems.append(f"the spec {name!r} points into {module}, not the role {target}")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_every_role(game: str) -> None:
    assert folder_problems(ROOT / game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_the_same_specs_on_its_game_class(game: str) -> None:
    assert spec_problems(game_class(game), f"teachgames.{game}") == []


def test_every_folder_under_teachgames_that_is_a_game_is_checked() -> None:
    """A fifth game folder copied in is checked too: a folder with an engine.py and a
    game.py is a game (core/ has the shared Game base in its game.py, and no engine)."""
    folders = sorted(p.parent.name for p in ROOT.glob("*/game.py") if (p.parent / "engine.py").is_file())
    assert set(GAMES) <= set(folders)
    for folder in folders:
        assert folder_problems(ROOT / folder) == [], folder


def test_a_missing_role_a_role_in_two_places_and_a_silent_package_are_found(tmp_path: Path) -> None:
    folder = tmp_path / "copied"
    shutil.copytree(ROOT / "ligretto", folder, ignore=shutil.ignore_patterns("__pycache__"))
    assert folder_problems(folder) == []
    (folder / "bots.py").unlink()
    (folder / "draw").mkdir()
    (folder / "draw" / "__init__.py").write_text("from .svg import table_svg\n", encoding="utf-8")
    (folder / "locales" / "bg.json").unlink()
    (folder / "lesson" / "activities.py").unlink()
    problems = folder_problems(folder)
    assert any("'bots' is missing" in p for p in problems)
    assert any("both draw.py and draw/" in p for p in problems)
    assert any("locales/bg.json" in p for p in problems)
    assert any("lesson/activities.py" in p for p in problems)
    (folder / "draw.py").unlink()
    assert any("draw/__init__.py does not re-export" in p for p in folder_problems(folder))


def _toy(base: type[Any], **specs: Any) -> type[Game[Any, Any]]:
    """A game class on ``base`` declaring ``specs``, as if written in tsvetik/game.py."""
    toy: type[Game[Any, Any]] = type("Toy", (base,), dict(specs, __module__="teachgames.tsvetik.game"))
    return toy


def test_a_spec_on_the_engine_or_in_another_role_is_found() -> None:
    from teachgames.tsvetik.engine import TsvetikEngine

    tsvetik = game_class("tsvetik")
    specs = {name: vars(tsvetik)[name] for name in SPECS}
    assert spec_problems(_toy(TsvetikEngine, **specs), "teachgames.tsvetik") == []
    elsewhere = _toy(TsvetikEngine, **dict(specs, static_html="teachgames.tsvetik.widget:static_html"))
    assert spec_problems(elsewhere, "teachgames.tsvetik") == [
        "the spec 'static_html' points into teachgames.tsvetik.widget, not the role teachgames.tsvetik.draw"
    ]
    on_the_engine = _toy(TsvetikEngine, widget=specs["widget"])
    split_up = _toy(on_the_engine, **{k: v for k, v in specs.items() if k != "positions"})
    problems = spec_problems(split_up, "teachgames.tsvetik")
    assert any(p.startswith("the spec 'widget' is declared on ['Toy', 'Toy']") for p in problems)
    assert any(p.startswith("the spec 'positions' is declared on no class") for p in problems)


def _documented_roles() -> list[str]:
    section = PLUGINS.read_text(encoding="utf-8").split("## 2. The template", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)(?:\.py|/)`", section, flags=re.M)


def test_docs_plugins_shows_the_template_the_test_checks() -> None:
    documented = _documented_roles()
    assert [r for r in documented if r in ROLES] == list(ROLES)
    assert set(documented) == {"__init__", "locales", *ROLES, *OPTIONAL}


@pytest.mark.parametrize("game", GAMES)
def test_every_spec_resolves_to_what_its_reader_expects(game: str) -> None:
    """The specs are strings mypy cannot follow; this follows them: each names a thing
    of the kind the layer that reads it expects."""
    from teachgames.core.bots import Bot
    from teachgames.core.specs import resolve
    from teachgames.practice.model import Skill
    from teachgames.widgets.base import GameWidget

    cls = game_class(game)
    explain = resolve(f"{cls.explanations}:explain_move").__module__
    assert explain == f"teachgames.{game}.explain"
    assert all(callable(resolve(f"{cls.positions}:{f}")) for f in ("position_of", "game_at"))
    widget = resolve(cls.widget or "")
    assert isinstance(widget, type) and issubclass(widget, GameWidget)
    page = resolve(cls.static_html or "")(cls.new(seed=1))
    assert page.lstrip().startswith("<div") and "<svg" in page and "<script" not in page
    lessons = resolve(cls.lessons or "")
    assert isinstance(lessons, tuple) and lessons
    assert callable(resolve(cls.activities or ""))
    kinds = resolve(cls.worksheet or "")
    assert isinstance(kinds, tuple) and kinds
    skills = resolve(cls.practice or "")
    assert skills and all(isinstance(s, Skill) and s.game == game for s in skills)
    assert cls.bots and all(isinstance(resolve(spec)(), Bot) for spec in cls.bots.values())
