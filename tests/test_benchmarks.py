"""The benchmarks folder stays runnable as one: every script is in ``run_all.py``'s list,
and the short settings it passes are options the script really has."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _run_all() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_all", BENCHMARKS / "run_all.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_benchmark_is_run_by_run_all() -> None:
    run_all = _run_all()
    scripts = {p.name for p in BENCHMARKS.glob("*.py")} - run_all.HELPERS
    assert scripts == set(run_all.SCRIPTS), "add the new benchmark to SCRIPTS (or HELPERS)"
    assert set(run_all.SCRIPTS) >= run_all.SLOW


def test_run_all_passes_only_options_the_scripts_define() -> None:
    for script, args in _run_all().SCRIPTS.items():
        defined = set(re.findall(r"add_argument\(\s*\"(--[\w-]+)\"", (BENCHMARKS / script).read_text()))
        assert {a for a in args if a.startswith("--")} <= defined, script


def _site_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_first_widget", BENCHMARKS / "site_first_widget.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_benchmark_never_writes_into_the_site_it_is_given(tmp_path: Path) -> None:
    import json

    bench = _site_benchmark()
    given = tmp_path / "teachers-site"
    (given / "pupil").mkdir(parents=True)
    config = {"jupyter-config-data": {"appName": "JupyterLite"}}
    (given / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    (given / "pupil" / "page.html").write_text("<p>lesson</p>", encoding="utf-8")
    before = {p: p.read_bytes() for p in given.rglob("*") if p.is_file()}
    work = tmp_path / "work"
    work.mkdir()
    measured = bench.site_to_measure(str(given), str(work))
    assert {p: p.read_bytes() for p in given.rglob("*") if p.is_file()} == before
    exposed = json.loads((measured / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert exposed["jupyter-config-data"]["exposeAppInBrowser"] == "true"
    assert (measured / "pupil" / "page.html").read_text(encoding="utf-8") == "<p>lesson</p>"


def test_the_site_benchmark_stops_when_its_server_does_not_start(tmp_path: Path) -> None:
    import subprocess
    import sys

    import pytest

    bench = _site_benchmark()
    port = bench.free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [sys.executable, "-c", "import sys; sys.exit('port taken')"], stdout=output, stderr=subprocess.STDOUT
        )
    with pytest.raises(SystemExit, match="the site server exited") as stopped:
        bench.wait_for_server(server, port, log, seconds=30)
    assert "port taken" in str(stopped.value)


def test_docs_benchmarks_gives_every_figure_a_command_that_prints_it() -> None:
    """Each row of docs/benchmarks.md ends in the command that prints its figure: a script
    of benchmarks/ with options it defines; and every benchmark has a row."""
    page = (BENCHMARKS.parent / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and not line.startswith(("| what", "| ---"))]
    commands = [re.findall(r"`python benchmarks/([\w.]+\.py)((?: --?[\w-]+(?: [\w.]+)?)*)`", row) for row in rows]
    assert rows and all(commands), [row for row, found in zip(rows, commands, strict=True) if not found]
    for script, options in (c for found in commands for c in found):
        assert (BENCHMARKS / script).exists(), script
        defined = set(re.findall(r"add_argument\(\s*\"(--[\w-]+)\"", (BENCHMARKS / script).read_text()))
        assert set(re.findall(r"--[\w-]+", options)) <= defined, (script, options)
    named = {script for found in commands for script, _ in found}
    assert named == set(_run_all().SCRIPTS), "give every benchmark a row in docs/benchmarks.md"
