"""The experiments notebook runs top to bottom in every language (marked ``notebooks``):
every question gets its table and its chart, in the notebook's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_run import errors, outputs_of, run_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/experiments-*.ipynb"))


def test_one_notebook_per_language():
    assert [p.parent.name for p in NOTEBOOKS] == ["bg", "en", "ru"]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name for p in NOTEBOOKS])
def test_the_experiments_notebook_runs(path: Path, tmp_path: Path):
    cells = run_notebook(path, tmp_path)
    assert not errors(cells)
    tables = [t for t in outputs_of(cells, "text/html") if "teachgames-experiment" in t]
    charts = outputs_of(cells, "image/svg+xml")
    assert len(tables) == 4 and len(charts) >= 6  # a table per game; a win chart each, histograms
    if path.parent.name != "en":
        assert all(re.search(r"\d,\d%", t) for t in tables)  # the language's decimal comma
        assert not any("Win rate" in t or "Seat" in t for t in tables)
