"""The browser kernel has no matplotlib (Pyodide cannot get it from PyPI), so a lesson must
never need it: ``import teachgames``, a game, an explained capture, the SVG pictures, the
widget's view-model, and every code cell of every English lesson notebook, run with matplotlib
made impossible to import. (The Russian and Bulgarian notebooks call the same functions with
their own card words; ``tests/test_notebooks.py`` runs them all.)

Runs in a subprocess, because matplotlib may already be imported in the test process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

BLOCK = """
import importlib.abc, sys, traceback

class NoMatplotlib(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            stack = "".join(traceback.format_stack(limit=6))
            raise ImportError(f"matplotlib is blocked (the browser has none): {name}\\n{stack}")
        return None

sys.meta_path.insert(0, NoMatplotlib())
"""

CHECKS = """
import teachgames
from teachgames.bots import GreedyBot
from teachgames.delissimo.draw import table_svg

g = teachgames.new_game("delissimo", level="basic", players=3, seed=12)  # Player 1 can capture
capture = g.captures()[0]
assert "<svg" in capture.explanation.svg() and capture.explanation.text()
assert capture.explanation.latex()
assert "<svg" in str(table_svg(g.view()))
assert "<svg" in g.picture()
for language in ("en", "ru", "bg"):
    assert "<svg" in g.explain(capture, language=language).svg()
w = teachgames.show(g, mode="play", players=["Pupil", GreedyBot(), GreedyBot()])
assert w.view_model, "the widget has no view-model"
json.dumps(w.view_model)
print("CHECKS OK")
"""

RUN_NOTEBOOKS = """
import ast, json
from pathlib import Path

REPRS = ("_repr_html_", "_repr_svg_", "_repr_latex_", "_repr_markdown_", "_repr_mimebundle_")
for path in sorted(Path(NOTEBOOKS).glob("en/*.ipynb")):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    space = {"__name__": "__lesson__"}
    name = path.relative_to(NOTEBOOKS).as_posix()
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        known = any(piece in source for piece in KNOWN.get(path.name, ()))
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        try:
            exec(compile(tree, f"{name}[{number}]", "exec"), space)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"{name}[{number}]", "eval"), space)
                for method in REPRS:
                    shown = getattr(value, method, None)
                    if callable(shown):
                        shown()
        except Exception as err:
            words = str(err).strip().splitlines()
            print("FAILED", json.dumps({"notebook": name, "cell": number, "source": source, "known": known,
                                        "error": type(err).__name__, "message": words[0] if words else ""}))
            if not known:
                break
    else:
        print("RAN", name)
"""

#: Cells known to need matplotlib today, by notebook file and a piece of the cell's code, with
#: the file that must change. ``test_cells_that_plot_say_in_one_line_that_they_need_matplotlib``
#: holds them to the promise (strict xfail: it fails loudly once they are fixed, so the entry goes).
NEEDS_MATPLOTLIB: dict[str, tuple[str, ...]] = {}


@pytest.fixture(scope="module")
def lesson_run() -> tuple[list[str], list[dict[str, Any]]]:
    """Every code cell of every English lesson notebook, run once with matplotlib blocked:
    (notebooks that ran to the end, failed cells). A known plotting cell's failure is noted
    and the notebook goes on; any other failure stops that notebook."""
    code = (
        BLOCK
        + f"NOTEBOOKS = {str(NOTEBOOKS)!r}\nKNOWN = {NEEDS_MATPLOTLIB!r}\n"
        + textwrap.dedent(RUN_NOTEBOOKS)
    )
    done = _run(code)
    assert done.returncode == 0, done.stderr[-3000:]
    ran = [line[4:] for line in done.stdout.splitlines() if line.startswith("RAN ")]
    failed = [json.loads(line[7:]) for line in done.stdout.splitlines() if line.startswith("FAILED ")]
    return ran, failed


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_blocker_really_blocks_matplotlib() -> None:
    done = _run(BLOCK + "import matplotlib.pyplot\n")
    assert done.returncode != 0
    assert "matplotlib is blocked" in done.stderr


def test_teachgames_game_explanation_pictures_and_widget_need_no_matplotlib() -> None:
    done = _run(
        BLOCK
        + "import json\n"
        + CHECKS
        + "\nassert not [m for m in sys.modules if m.startswith('matplotlib')]\n"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "CHECKS OK" in done.stdout


def test_every_lesson_cell_runs_without_matplotlib(
    lesson_run: tuple[list[str], list[dict[str, Any]]],
) -> None:
    ran, failed = lesson_run
    unknown = [f for f in failed if not f["known"]]
    assert unknown == [], "\n".join(
        f"{f['notebook']} cell {f['cell']}: {f['error']}: {f['message']}" for f in unknown
    )
    assert sorted(ran) == sorted(f"en/{p.name}" for p in NOTEBOOKS.glob("en/*.ipynb"))


def test_cells_that_plot_say_in_one_line_that_they_need_matplotlib(
    lesson_run: tuple[list[str], list[dict[str, Any]]],
) -> None:
    """A plotting cell in the browser either works or fails with one line of teachgames' own
    that names matplotlib: never a raw import error."""
    for failure in lesson_run[1]:
        assert "matplotlib is blocked" not in failure["message"], failure
        assert "matplotlib" in failure["message"], failure
