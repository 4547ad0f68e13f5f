"""The Ligretto lesson notebook runs top to bottom in every language (nbclient, a temporary
copy; nothing is written back): no cell fails, the three activities and the live round show,
each its own cell."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from notebook_run import errors, run_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/ligretto-*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"


def test_one_notebook_per_language() -> None:
    assert sorted(p.parent.name for p in NOTEBOOKS) == ["bg", "en", "ru"]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    language = path.parent.name
    start = time.perf_counter()
    code = run_notebook(path, tmp_path)
    print(f"\n{language}/{path.name}: {len(code)} code cells in {time.perf_counter() - start:.1f} s")
    assert not errors(code)
    # 3 activities, the live round, and the practice on the ticket's skills that ends the lesson
    assert sum(1 for c in code for o in c.outputs if WIDGET in o.get("data", {})) == 5
    assert "practice.show(" in code[-1].source
    # every output is a widget now (their words are checked in the browser, tests/voila)
    shown = [c for c in code if "show_activity(" in c.source or "teachgames.show(" in c.source]
    assert len(shown) == 4 and all(any(WIDGET in o.get("data", {}) for o in c.outputs) for c in shown)
