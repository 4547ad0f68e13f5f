"""The experiments notebook runs top to bottom in every language (marked ``notebooks``):
every experiment gets its table and its chart (with the chart's data table), in the
notebook's language; the pupils' parts are activities and the repeat control (no code to
edit: one anywidget, with a static copy beside it for an exported notebook)."""

from __future__ import annotations

import re
from html import escape as html_escape
from pathlib import Path

import pytest
from notebook_run import errors, outputs_of, run_notebook

from teachgames.core.i18n import tr

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
    (control,) = [c for c in cells if c.get("cell_type") == "code" and "".join(c.get("source", "")) == "repeat_widget()"]
    (shown,) = [o["data"] for o in control.outputs if "data" in o]
    assert "application/vnd.jupyter.widget-view+json" in shown  # the one anywidget, drawn by any host
    assert html_escape(tr("experiments.repeat.press", path.parent.name, games=10)) in shown["text/html"]
    if path.parent.name != "en":
        data = tables + [c[c.index("<table"):] for c in charts]
        assert all(re.search(r"\d,\d%", t) for t in data)  # the language's decimal comma
        assert not any(re.search(r"\d\.\d", t) for t in data)
        assert not any("Win rate" in t or "Seat" in t or "cards/s" in t for t in data)
