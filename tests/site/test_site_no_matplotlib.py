"""The browser kernel has no matplotlib (Pyodide cannot get it from PyPI), so a lesson must
never need it: ``import teachgames``, a game, an explained capture, the SVG pictures, the
widget's view-model, and every code cell of every lesson notebook, run with matplotlib made
impossible to import.

Runs in a subprocess, because matplotlib may already be imported in the test process.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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

g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
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
import ast, json, os
from pathlib import Path

REPRS = ("_repr_html_", "_repr_svg_", "_repr_latex_", "_repr_markdown_", "_repr_mimebundle_")
for path in sorted(Path(NOTEBOOKS).glob("**/*.ipynb")):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    space = {"__name__": "__lesson__"}
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        try:
            exec(compile(tree, f"{path.name}[{number}]", "exec"), space)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"{path.name}[{number}]", "eval"), space)
                for name in REPRS:
                    method = getattr(value, name, None)
                    if callable(method):
                        method()
        except Exception as err:
            raise SystemExit(f"{path.relative_to(NOTEBOOKS)} cell {number}: {type(err).__name__}: {err}")
    print("RAN", path.relative_to(NOTEBOOKS))
print("NOTEBOOKS OK")
"""


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


def test_every_lesson_cell_runs_without_matplotlib() -> None:
    notebooks = ROOT / "notebooks"
    count = len(list(notebooks.glob("**/*.ipynb")))
    assert count, "no lesson notebooks found"
    done = _run(BLOCK + f"NOTEBOOKS = {str(notebooks)!r}\n" + textwrap.dedent(RUN_NOTEBOOKS))
    assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-3000:])
    assert done.stdout.count("RAN ") == count
    assert "NOTEBOOKS OK" in done.stdout
