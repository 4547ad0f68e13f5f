"""The Ligretto lesson notebook runs top to bottom in every language (nbclient, a temporary
copy; nothing is written back): no cell fails, the live widget, the replay and the step widget
show, the experiment's plot is drawn, and a Russian or Bulgarian notebook speaks its language
in its outputs too."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/ligretto-*.ipynb"))
CELL_TIMEOUT = 180
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
WIDGET = "application/vnd.jupyter.widget-view+json"


def test_one_notebook_per_language() -> None:
    assert sorted(p.parent.name for p in NOTEBOOKS) == ["bg", "en", "ru"]


@pytest.fixture(scope="module")
def kernel_name() -> str:
    from jupyter_client.kernelspec import KernelSpecManager

    if "python3" not in KernelSpecManager().find_kernel_specs():
        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"],
                       check=True, capture_output=True)  # fmt: skip
    return "python3"


def _text(output: dict[str, Any]) -> str:
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    return str(output.get("data", {}).get("text/plain", ""))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.parent.name for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path, kernel_name: str) -> None:
    import nbformat
    from nbclient import NotebookClient

    language = path.parent.name
    committed = path.read_bytes()
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    nb = nbformat.read(copy, as_version=4)
    client = NotebookClient(nb, kernel_name=kernel_name, timeout=CELL_TIMEOUT,
                            resources={"metadata": {"path": str(tmp_path)}})  # fmt: skip
    start = time.perf_counter()
    client.execute()
    print(f"\n{language}/{path.name}: {len(nb.cells)} cells in {time.perf_counter() - start:.1f} s")
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    assert sum(1 for c in code for o in c.outputs if WIDGET in o.get("data", {})) == 3  # live, replay, step
    assert any("image/svg+xml" in o.get("data", {}) for c in code for o in c.outputs), "the experiment's plot"
    outputs = "".join(_text(o) for c in code for o in c.outputs)
    if language != "en":
        assert CYRILLIC.search(outputs)
        for english in ("Can Player", "Points for the round", "How the scores", "The fastest player"):
            assert english not in outputs, f"{english!r} in a {language} notebook's outputs"
    assert path.read_bytes() == committed, "the run wrote into the committed notebook"
