"""The lesson notebooks run top to bottom with no user input, and are committed clean.

Each notebook in ``notebooks/`` is executed with nbclient in a temporary copy (nothing is
written back); no cell may fail and the exit-ticket summary must be printed. The committed
files must have no outputs and no execution counts, and must be what
``notebooks/build.py`` writes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]
CELL_TIMEOUT = 120


def test_there_are_lesson_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"delissimo-6plus.ipynb", "delissimo-8plus.ipynb", "delissimo-10plus.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_without_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: cell {cell.get('id')} has outputs"
            assert cell["execution_count"] is None, f"{path.name}: cell {cell.get('id')} has a count"
    assert "widgets" not in nb["metadata"], f"{path.name}: saved widget state"


def test_build_script_reproduces_the_notebooks(tmp_path: Path) -> None:
    """notebooks/build.py, run on a copy, writes exactly the committed files."""
    work = tmp_path / "repo"
    (work / "notebooks").mkdir(parents=True)
    shutil.copytree(ROOT / "lessons", work / "lessons")
    shutil.copy(ROOT / "notebooks" / "build.py", work / "notebooks" / "build.py")
    subprocess.run([sys.executable, str(work / "notebooks" / "build.py")], check=True, capture_output=True)
    for path in NOTEBOOKS:
        built = work / "notebooks" / path.name
        assert built.exists(), f"build.py does not write {path.name}"
        assert built.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{path.name} differs from what notebooks/build.py writes: run python notebooks/build.py"
        )


def test_8plus_widget_order() -> None:
    """The browser test relies on it: the first widget is the replay, then one play widget."""
    nb = json.loads((ROOT / "notebooks" / "delissimo-8plus.ipynb").read_text(encoding="utf-8"))
    shows = ["".join(c["source"]) for c in nb["cells"] if "teachgames.show(" in "".join(c["source"])]
    assert len(shows) == 2
    assert 'w = teachgames.show(g, mode="replay")' in shows[0]
    assert 'mode="play"' in shows[1] and '"Pupil"' in shows[1]


@pytest.fixture(scope="session")
def kernel_name() -> str:
    """A python3 kernelspec, installed for this user if Jupyter does not list one."""
    from jupyter_client.kernelspec import KernelSpecManager

    if "python3" not in KernelSpecManager().find_kernel_specs():
        subprocess.run(
            [sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"],
            check=True,
            capture_output=True,
        )
    return "python3"


def _text(output: dict[str, Any]) -> str:
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    return str(output.get("data", {}).get("text/plain", ""))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs(path: Path, tmp_path: Path, kernel_name: str) -> None:
    import nbformat
    from nbclient import NotebookClient

    committed = path.read_bytes()
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    nb = nbformat.read(copy, as_version=4)
    client = NotebookClient(
        nb, kernel_name=kernel_name, timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(tmp_path)}}
    )
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError on the first failing cell
    seconds = time.perf_counter() - start
    print(f"\n{path.name}: {len(nb.cells)} cells in {seconds:.1f} s")

    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    summary = code[-1]
    assert "ticket.summary()" in summary.source
    shown = "".join(_text(o) for o in summary.outputs)
    assert "of 3" in shown and "Exit ticket" in shown, shown
    widgets = [
        c
        for c in code
        if any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in c.outputs)
    ]
    assert len(widgets) == 2, "a replay widget and a play widget"
    assert path.read_bytes() == committed, "the run wrote into the committed notebook"
