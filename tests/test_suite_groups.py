"""The README's parallel run really shares its servers: a test that needs JupyterLab, Voilà,
the built site, JupyterHub or PostgreSQL is put in that server's group (``tests/conftest.py``)
and pytest-xdist sends a whole group to one worker. When the grouping is lost (as it is with
pytest 9.2 and pytest-xdist 3.8) nothing fails by itself: each worker starts its own servers,
the run takes minutes longer and two site builds race for one cache. This test makes it loud:
a small suite with this repository's grouping runs on two workers, as the README runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import SHARED_SERVERS

HERE = Path(__file__).resolve().parent

SMALL_SUITE = """
import pytest

@pytest.fixture(scope="session")
def {fixture}():
    return "started once"

@pytest.mark.parametrize("n", range(6))
def test_shared(n, {fixture}):
    pass

@pytest.mark.parametrize("n", range(6))
def test_plain(n):
    pass
"""


def test_every_test_of_a_shared_server_runs_on_one_worker(tmp_path: Path) -> None:
    fixture, group = next(iter(SHARED_SERVERS.items()))
    (tmp_path / "conftest.py").write_text(
        (HERE / "conftest.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "test_small.py").write_text(SMALL_SUITE.format(fixture=fixture), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v", "-p", "no:cacheprovider",
         "test_small.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    ran = re.findall(r"\[(gw\d+)\] \[\s*\d+%\] PASSED test_small\.py::(test_\w+)\[\d\](@\w+)?", done.stdout)
    assert len(ran) == 12, done.stdout[-2000:]
    shared = {(worker, suffix) for worker, name, suffix in ran if name == "test_shared"}
    assert len(shared) == 1, (
        f"the {group} group's tests ran as {sorted(shared)}: every worker starts its own server"
    )
    assert shared.pop()[1] == f"@{group}"
