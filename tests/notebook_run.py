"""Running a lesson notebook headless, as the class would with Run All: one helper for
every game's notebook tests (nbclient on a temporary copy; nothing is written back)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

#: A lesson cell that takes longer than this is a bug (a simulation too large for a class).
CELL_TIMEOUT = 180


def kernel_name() -> str:
    """A python3 kernelspec, installed for this user if Jupyter lists none."""
    from jupyter_client.kernelspec import KernelSpecManager

    if "python3" not in KernelSpecManager().find_kernel_specs():
        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"],
                       check=True, capture_output=True)
    return "python3"


def run_notebook(path: Path, tmp_path: Path, timeout: int = CELL_TIMEOUT) -> list[Any]:
    """Execute a copy of ``path`` in ``tmp_path`` (``timeout`` seconds a cell at most);
    return its code cells with their outputs.

    Raises nbclient's CellExecutionError on the first failing cell; the committed file is
    left byte for byte as it was."""
    import nbformat
    from nbclient import NotebookClient

    committed = path.read_bytes()
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    nb = nbformat.read(copy, as_version=4)
    NotebookClient(nb, kernel_name=kernel_name(), timeout=timeout,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert path.read_bytes() == committed, "the run wrote into the committed notebook"
    return [c for c in nb.cells if c.cell_type == "code"]


def text(output: Any) -> str:
    """What an output shows as plain text (a stream, or a result's text/plain)."""
    if output.get("output_type") == "stream":
        return str(output.get("text", ""))
    return str(output.get("data", {}).get("text/plain", ""))


def outputs_of(cells: list[Any], mime: str) -> list[str]:
    """Every output of ``cells`` in the MIME type ``mime`` (e.g. text/html, image/svg+xml)."""
    found = []
    for cell in cells:
        for output in cell.outputs:
            data = output.get("data", {})
            if mime in data:
                value = data[mime]
                found.append("".join(value) if isinstance(value, list) else str(value))
    return found


def errors(cells: list[Any]) -> list[Any]:
    return [o for c in cells for o in c.outputs if o.output_type == "error"]
