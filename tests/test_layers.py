"""The package is layered one way: no import cycle, and no game engine imports the widgets.

The import graph is read from the source with ``ast`` (nothing is imported), counting
imports inside functions too, because a function-body import that closes a cycle still
ties the lower layer to the higher one; only ``if TYPE_CHECKING:`` blocks are left out
(they never run). A game is a plug-in folder ``teachgames/<game>/``; only its
``widget*`` modules may import ``teachgames.widgets`` (the registry wires the rest).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "teachgames"
#: Shared layers; every other sub-package of teachgames/ is a game.
SHARED = {"core", "explain", "pictures", "lesson", "widgets"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, type_only: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, in functions too, and under ``if TYPE_CHECKING:`` only
    when ``type_only`` asks for them."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not type_only:
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def imported_modules(name: str, path: Path, known: set[str], type_only: bool = False) -> set[str]:
    """The teachgames modules that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8")), type_only):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            if target in known and target != name:
                out.add(target)
    return out


@functools.cache
def import_graph(type_only: bool = False) -> dict[str, set[str]]:
    """Module -> the teachgames modules it imports (read once per test session)."""
    mods = modules()
    known = set(mods)
    return {name: imported_modules(name, path, known, type_only) for name, path in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def all_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected knot, for a readable failure message."""
    cycles = []
    remaining = {k: set(v) for k, v in graph.items()}
    while (cycle := find_cycle(remaining)) is not None:
        cycles.append(cycle)
        remaining[cycle[-2]].discard(cycle[-1])  # break it and look for more
    return cycles


def test_the_graph_sees_imports_in_functions_but_not_type_checking(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .a import x\n"
        "if TYPE_CHECKING:\n    from .b import y\n"
        "def f():\n    from ..pkg import c\n"
    )
    tree = ast.parse(source)
    names = sorted((n.module or "") for n in _imports(tree) if isinstance(n, ast.ImportFrom) and n.level)
    assert names == ["a", "pkg"]


def test_find_cycle_finds_a_cycle_and_accepts_a_tree() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_knows_the_delissimo_engine() -> None:
    graph = import_graph()
    assert "teachgames.delissimo.state" in graph["teachgames.delissimo.engine"]


def test_no_import_cycle_in_teachgames() -> None:
    cycles = all_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_not_even_a_type_annotation_names_a_higher_layer_in_a_circle() -> None:
    """An annotation that names the class above (a picture typed with the whole game)
    ties the layers together for every reader and every type checker: annotate with
    the layer below (the rules engine) instead."""
    cycles = all_cycles(import_graph(type_only=True))
    assert not cycles, "type-only import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def game_packages() -> list[str]:
    return sorted(
        p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name not in SHARED
    )


def registered_game_folders() -> list[str]:
    """The folders under teachgames/ of the games the registry knows (a plug-in game from
    another package has its own import graph, outside this one)."""
    from teachgames.core.registry import game_names, game_package

    folders = []
    for name in game_names():
        package = game_package(name) or ""
        if package.startswith("teachgames."):
            folders.append(package.split(".")[1])
    return folders


def copied_game_folders() -> list[str]:
    """Folders that hold a game by the template (an ``engine.py`` and a ``game.py``, see
    tests/test_template.py), registered or not yet: a game folder just copied in is drawn
    as ``<game>`` too."""
    return sorted(p.parent.name for p in ROOT.glob("*/game.py") if (p.parent / "engine.py").is_file())


def test_every_registered_game_has_its_folder_in_the_graph() -> None:
    folders = registered_game_folders()
    assert len(folders) >= 4 and set(folders) <= set(game_packages())


@pytest.mark.parametrize("game", game_packages())
def test_game_modules_do_not_import_the_widgets(game: str) -> None:
    graph = import_graph()
    prefix = f"teachgames.{game}."
    bad = {
        name: sorted(t for t in targets if t == "teachgames.widgets" or t.startswith("teachgames.widgets."))
        for name, targets in graph.items()
        if (name == f"teachgames.{game}" or name.startswith(prefix))
        and not name.startswith(f"{prefix}widget")
    }
    bad = {k: v for k, v in bad.items() if v}
    assert not bad, f"{game} modules importing teachgames.widgets: {bad}"


#: The modules of a game's upper layers: explanations, pictures, the whole game class that
#: composes them, whole simulated games, its widget, its lessons and its practice.
#: Everything else in a game is its rules engine, which never imports these, not even
#: inside a function.
UPPER = ("explain", "draw", "tikz", "game", "simulation", "widget", "lesson", "worksheet", "practice")


def _layer_is_upper(module: str, game: str) -> bool:
    rest = module[len(f"teachgames.{game}.") :]
    return rest.split(".")[0].startswith(UPPER) if rest else True


@pytest.mark.parametrize("game", sorted(set(registered_game_folders()) | set(copied_game_folders())))
def test_a_games_engine_never_imports_its_explanations_or_pictures(game: str) -> None:
    graph = import_graph()
    prefix = f"teachgames.{game}."
    bad = {
        name: sorted(t for t in targets if t.startswith(prefix) and _layer_is_upper(t, game))
        for name, targets in graph.items()
        if name.startswith(prefix) and not _layer_is_upper(name, game)
    }
    bad = {k: v for k, v in bad.items() if v}
    assert not bad, f"{game}: rules-layer modules importing upper layers: {bad}"


# ------------------------------------------------------------------ the drawing in the docs
ARCHITECTURE = ROOT.parent / "docs" / "architecture.md"
#: How docs/architecture.md names every game folder in its drawing.
GAME = "<game>"


def drawn_layers(text: str) -> dict[str, set[str]]:
    """The drawing of the section "The layers": layer -> the layers it imports, in the
    order drawn (bottom layer first)."""
    section = text.split("## The layers", 1)[1]
    block = section.split("```", 2)[1]
    drawing: dict[str, set[str]] = {}
    for line in block.splitlines():
        if not line.strip():
            continue
        name, _, imports = line.partition("←")
        drawing[name.strip()] = {part.strip() for part in imports.split(",") if part.strip()}
    return drawing


def layer_of(module: str, games: set[str]) -> str:
    """The layer of a module as the drawing names it: its sub-package (``<game>`` for a
    game folder), ``teachgames`` for the package itself, the module for a top-level one."""
    parts = module.split(".")
    if len(parts) == 1:
        return "teachgames"
    return GAME if parts[1] in games else parts[1]


def layer_imports() -> dict[str, set[str]]:
    """Layer -> the other layers its modules import, read from the source."""
    games = set(registered_game_folders()) | set(copied_game_folders())
    found: dict[str, set[str]] = {}
    for name, targets in import_graph().items():
        layer = layer_of(name, games)
        found.setdefault(layer, set()).update(layer_of(t, games) for t in targets)
    return {layer: imports - {layer} for layer, imports in found.items()}


def arrows_back_up(drawing: dict[str, set[str]]) -> list[str]:
    """Every import of a layer drawn on its own line or below it."""
    order = list(drawing)
    return [
        f"{layer} ← {target}"
        for layer, imports in drawing.items()
        for target in sorted(imports)
        if target not in order or order.index(target) >= order.index(layer)
    ]


def test_the_drawing_reader_reads_layers_in_order_and_finds_an_arrow_back_up() -> None:
    drawing = drawn_layers("## The layers\n\ntext\n\n```\ncore\nlesson   ← core\ncli ← lesson, core\n```\n")
    assert drawing == {"core": set(), "lesson": {"core"}, "cli": {"lesson", "core"}}
    assert arrows_back_up(drawing) == []
    assert arrows_back_up({"core": set(), "classroom": {"core", "cli"}, "cli": {"classroom"}}) == [
        "classroom ← cli"
    ]
    assert layer_of("teachgames.delissimo.state", {"delissimo"}) == GAME
    assert layer_of("teachgames.cli.errors", {"delissimo"}) == "cli"
    assert layer_of("teachgames", {"delissimo"}) == "teachgames"


def test_docs_architecture_draws_the_real_imports() -> None:
    """docs/architecture.md draws every arrow the code has and no arrow it lacks."""
    drawing = drawn_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    real = layer_imports()
    undrawn = sorted(f"{layer} ← {t}" for layer, ts in real.items() for t in ts - drawing.get(layer, set()))
    unreal = sorted(f"{layer} ← {t}" for layer, ts in drawing.items() for t in ts - real.get(layer, set()))
    missing_layers = sorted(set(real) - set(drawing))
    assert not (undrawn or unreal or missing_layers), (
        f"docs/architecture.md differs from the imports: in the code but not drawn {undrawn}, "
        f"drawn but not in the code {unreal}, layers not drawn {missing_layers}"
    )


def test_no_arrow_back_up() -> None:
    """A layer imports only the layers drawn above it, so no two layers import each other
    (the classroom's commands do not import the ``teachgames`` command's modules)."""
    real = layer_imports()
    order = list(drawn_layers(ARCHITECTURE.read_text(encoding="utf-8")))
    drawing = {layer: real.get(layer, set()) for layer in order}
    assert not arrows_back_up(drawing), f"arrows back up: {arrows_back_up(drawing)}"



def _tricks(tree: ast.AST) -> list[str]:
    """``TYPE_CHECKING = False`` (use ``typing.TYPE_CHECKING``) and a module's ``__class__``
    swapped (a callable module): both hide from a reader what the module is."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == "TYPE_CHECKING":
                found.append(f"line {node.lineno}: TYPE_CHECKING assigned")
            if isinstance(target, ast.Attribute) and target.attr == "__class__":
                found.append(f"line {node.lineno}: __class__ assigned")
    return found


def test_the_trick_finder_finds_both_tricks() -> None:
    source = "import sys\nTYPE_CHECKING = False\nsys.modules[__name__].__class__ = object\n"
    assert _tricks(ast.parse(source)) == ["line 2: TYPE_CHECKING assigned", "line 3: __class__ assigned"]


def test_no_module_plays_tricks_on_the_reader() -> None:
    found = {name: t for name, path in modules().items() if (t := _tricks(ast.parse(path.read_text("utf-8"))))}
    assert not found, found
