"""The experiments notebook runs top to bottom in every language (marked ``notebooks``):
every experiment gets its table and its chart (with the chart's data table), in the
notebook's language; the pupils' parts are activities and the repeat control (no code to edit)."""

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
    html = outputs_of(cells, "text/html")
    tables = [t for t in html if "teachgames-experiment" in t]
    charts = [t for t in html if "teachgames-chart" in t]
    assert len(tables) == 3 and len(charts) == 2  # the 40 games, Ligretto, Tsvetik; two win charts
    assert all("<caption>" in c and "<svg" in c for c in charts)  # each chart with its data table
    sources = "\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code")
    assert "show_activity(" in sources and "repeat_widget()" in sources and "games=200" not in sources
    if path.parent.name != "en":
        data = tables + [c[c.index("<table"):] for c in charts]
        assert all(re.search(r"\d,\d%", t) for t in data)  # the language's decimal comma
        assert not any(re.search(r"\d\.\d", t) for t in data)
        assert not any("Win rate" in t or "Seat" in t or "cards/s" in t for t in data)
