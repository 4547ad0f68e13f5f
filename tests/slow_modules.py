"""Which slow standard modules a fresh interpreter loads while it runs a script.

Each of ``typing`` and ``dataclasses`` costs as much to import as a bare interpreter's
whole start, and the others pull such modules in (or cost nearly as much). Dealing,
playing, undoing and viewing a game does without all of them, so that a lesson's first
game starts in under twice a bare interpreter's time (benchmarks/api_speed.py prints it);
explanations, pictures and lessons may load them later.
"""

from __future__ import annotations

import subprocess
import sys

SLOW_TO_IMPORT = ("typing", "dataclasses", "inspect", "re", "json", "enum", "string", "functools",
                  "collections", "ast", "tokenize")  # fmt: skip


def slow_modules_loaded(script: str) -> list[str]:
    """Run ``script`` (Python source) in a fresh interpreter and list the slow modules it
    left loaded; the script's own assertions fail the run."""
    report = f"\nimport sys\nprint(sorted(m for m in {SLOW_TO_IMPORT!r} if m in sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", script + report], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return [name.strip(" '") for name in done.stdout.strip().splitlines()[-1].strip("[]").split(",") if name.strip()]
