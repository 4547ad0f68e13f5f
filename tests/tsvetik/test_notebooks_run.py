"""The Tsvetik lesson notebooks run top to bottom in every language (marked ``notebooks``):
no error; 8+ shows its three activities and the game (widgets a pupil clicks, no answer
given before the pupil commits), 11+ its three activities, the replay and the game; each
ends with practice on its skills."""

from __future__ import annotations

from pathlib import Path

import pytest
from notebook_run import errors, outputs_of, run_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/tsvetik-*.ipynb"))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    assert len(NOTEBOOKS) == 6  # 8+ and 11+, in en, ru, bg
    lesson = path.stem.split("-", 1)[1]
    code = run_notebook(path, tmp_path)
    assert not errors(code)
    widgets = outputs_of(code, "application/vnd.jupyter.widget-view+json")
    assert "practice.show(" in "".join(code[-1].source)  # every lesson ends with practice
    if lesson == "8plus":  # warm-up, puzzles, the game against the bot, the exit ticket, practice
        assert len(widgets) == 5
        assert all("show_activity" in "".join(c.source) for c in (code[2], code[3], code[5]))
        return
    # warm-up, puzzles, the replay (after the puzzles: it gives chances), the game, the ticket,
    # then practice
    assert len(widgets) == 6
    assert all("show_activity" in "".join(c.source) for c in (code[2], code[3], code[6]))
    assert 'mode="replay"' in "".join(code[4].source) and 'mode="play"' in "".join(code[5].source)
