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
