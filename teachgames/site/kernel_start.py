"""What the browser's Python does at start: :mod:`.startup` as its ``sitecustomize``, and the
settings it reads, computed from the lessons and the lock.

The modules to import in the background are the ones the site's notebooks import (read from
their code cells, whatever notebooks there are), plus the direct requirements of those
packages (teachgames brings sympy: the import a pupil waits for longest). Only what the
lock holds is named: nothing else could be loaded anyway.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..core.i18n import tr
from .compiler import SITE_PACKAGES
from .content import LANGUAGES, lesson_cells
from .packages import AFTER_FIRST_SCREEN, PROVIDED_BY_KERNEL

STARTUP = Path(__file__).resolve().parent / "startup.py"
SETTINGS_MODULE = "_teachgames_site_settings"


def _code_cells(path: Path) -> Iterable[str]:
    try:
        cells = lesson_cells(path)
    except (OSError, ValueError):
        return
    yield from (source for kind, source in cells if kind == "code")


def lesson_imports(notebooks: Iterable[Path]) -> list[str]:
    """Every module the notebooks' code cells import (``import a.b``, ``from a.b import c``),
    in the order first seen; magics and shell lines are skipped, a cell that does not parse
    is ignored."""
    found: dict[str, None] = {}
    for path in notebooks:
        for source in _code_cells(path):
            lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
            try:
                tree = ast.parse("\n".join(lines))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    found.update(dict.fromkeys(alias.name for alias in node.names))
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found[node.module] = None
    return list(found)


def preload_plan(
    modules: Iterable[str], lock: Mapping[str, Mapping[str, Any]]
) -> tuple[list[str], list[str]]:
    """(lock packages to load, modules to import): the lessons' modules that the lock holds,
    then the top-level modules of those packages' direct requirements."""
    by_import = {name: package for package, entry in lock.items() for name in entry.get("imports", ())}
    packages: dict[str, None] = {}
    chosen: dict[str, None] = {}
    for module in modules:
        package = by_import.get(module.split(".")[0])
        if package is not None:
            packages[package] = None
            chosen[module] = None
    for package in list(packages):
        for dep in lock[package].get("depends", ()):
            imports = list(lock[dep].get("imports", ()))
            own = dep.replace("-", "_")
            chosen.update(dict.fromkeys([own] if own in imports else imports[:1]))
    return list(packages), list(chosen)


def first_and_later(modules: Iterable[str]) -> tuple[list[str], list[str]]:
    """(imported while the kernel starts, imported once the pupil is reading): the modules of
    :data:`AFTER_FIRST_SCREEN` (sympy: seconds, and no first screen needs it) wait."""
    first: list[str] = []
    later: list[str] = []
    for module in modules:
        (later if module.split(".")[0] in AFTER_FIRST_SCREEN else first).append(module)
    return first, later


def settings_source(notebooks: Iterable[Path], lock: Mapping[str, Mapping[str, Any]]) -> str:
    """The ``_teachgames_site_settings`` module :mod:`.startup` reads in the browser."""
    packages, modules = preload_plan(lesson_imports(notebooks), lock)
    first, later = first_and_later(modules)
    deferred = {name: list(lock[name].get("imports", ())) for name in sorted(AFTER_FIRST_SCREEN & set(lock))}
    refusals = {lang: tr("site.no_install", lang, names="{names}") for lang in LANGUAGES}
    allowed = sorted({*lock, *PROVIDED_BY_KERNEL})
    return (
        '"""Written by teachgames site: what the browser\'s Python loads at start, and what it refuses."""\n'
        f"PACKAGES = {packages!r}\nMODULES = {first!r}\nLATER = {later!r}\n"
        f"DEFERRED = {deferred!r}\nSITE_PACKAGES = {SITE_PACKAGES!r}\n"
        f"ALLOWED = {allowed!r}\nREFUSALS = {refusals!r}\n"
    )


def stdlib_with_startup(src: Path, dest: Path, settings: str) -> Path:
    """A copy of the runtime's standard library zip with the start-up module and its settings."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename not in ("sitecustomize.py", f"{SETTINGS_MODULE}.py"):
                zout.writestr(info, zin.read(info.filename))
        stamp = (1980, 1, 1, 0, 0, 0)
        zout.writestr(zipfile.ZipInfo("sitecustomize.py", stamp), STARTUP.read_bytes())
        zout.writestr(zipfile.ZipInfo(f"{SETTINGS_MODULE}.py", stamp), settings.encode("utf-8"))
    return dest
