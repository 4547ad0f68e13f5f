"""The Ligretto lesson notebook runs top to bottom in every language (nbclient, a temporary
copy; nothing is written back): no cell fails, the three activities and the live round show,
and a Russian or Bulgarian notebook speaks its language in its outputs too."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from notebook_run import errors, run_notebook, text

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/ligretto-*.ipynb"))
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
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
    assert sum(1 for c in code for o in c.outputs if WIDGET in o.get("data", {})) == 4  # 3 activities, live
    outputs = "".join(text(o) for c in code for o in c.outputs)
    if language != "en":
        assert CYRILLIC.search(outputs)
        for english in ("Can Player", "Points for the round", "How the scores", "The fastest player"):
            assert english not in outputs, f"{english!r} in a {language} notebook's outputs"
