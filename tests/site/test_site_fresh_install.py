"""The README's site commands on a fresh machine: a new virtual environment made with nothing
but ``python3`` (the README's bootstrap), only ``pip install ".[site]"`` in it, then
``teachgames site -o classroom``, run outside the checkout as a teacher would.

The other site tests run in the development environment, whose ``test`` extra brings
JupyterLab and jupyter-server along: a ``site`` extra missing one of the build's needs (as it
once missed jupyter-server) passes there and fails for every teacher. This test sees it.

Cheap as it can be: pip's own cache and the site's download cache are the usual ones (a
second run downloads nothing), and one language of one game is built. Needs the package
index (pip) and npm (the Pyodide runtime, once); without them it skips on a desktop and
fails when ``CI`` is set.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(command: list[str], cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.site
@pytest.mark.slow
def test_the_readme_site_commands_build_a_site_with_only_the_site_extra(tmp_path: Path) -> None:
    if shutil.which("npm") is None and not os.environ.get("TEACHGAMES_PYODIDE"):
        message = "the site build needs npm (to fetch the Pyodide runtime)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    env = tmp_path / "venv"
    made = _run([sys.executable, "-m", "teachgames.cli.bootstrap", str(env)], cwd=ROOT)
    assert made.returncode == 0, made.stderr
    python = env / "bin" / "python"

    installed = _run([str(python), "-m", "pip", "install", "--quiet", f"{ROOT}[site]"], cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-2000:]
    # nothing of the development environment came along: no JupyterLab, no test tools
    absent = _run([str(python), "-c", "import jupyterlab"], cwd=tmp_path)
    assert absent.returncode != 0

    command = [str(env / "bin" / "teachgames"), "site", "-o", "classroom", "--language", "en"]
    command += ["--games", "delissimo"]
    if os.environ.get("TEACHGAMES_PYODIDE"):
        command += ["--pyodide", os.environ["TEACHGAMES_PYODIDE"]]
    built = _run(command, cwd=tmp_path)
    assert built.returncode == 0, built.stderr[-2000:]
    assert "Traceback" not in built.stderr

    site = tmp_path / "classroom"
    assert "delissimo-8plus.ipynb" in (site / "classroom.html").read_text(encoding="utf-8")
    assert (site / "files" / "en" / "delissimo-8plus.ipynb").is_file()
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert {"teachgames", "sympy", "ipywidgets", "anywidget"} <= set(lock["packages"])
