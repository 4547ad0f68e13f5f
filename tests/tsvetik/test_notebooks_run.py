"""The Tsvetik lesson notebooks run top to bottom in every language (marked ``notebooks``):
no error, a play widget, the exit ticket's summary empty after Run All (no answer claimed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/tsvetik-*.ipynb"))


def _text(output: dict) -> str:  # type: ignore[type-arg]
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    return str(output.get("data", {}).get("text/plain", ""))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    from teachgames.tsvetik.lesson import exit_ticket

    assert len(NOTEBOOKS) == 6  # 8+ and 11+, in en, ru, bg
    language, lesson = path.parent.name, path.stem.split("-", 1)[1]
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    nb = nbformat.read(copy, as_version=4)
    NotebookClient(
        nb, kernel_name="python3", timeout=180, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    widgets = [
        o for c in code for o in c.outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(widgets) == 1  # the game against the bots
    assert "".join(_text(o) for o in code[-1].outputs).strip() == exit_ticket(lesson, language).summary()
