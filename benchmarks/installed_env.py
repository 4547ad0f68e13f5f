"""The environment a start-up figure is measured in: bytecode cached, as installed.

pip compiles a package's modules when it installs them, and an editable install writes
``__pycache__`` on first import, so a pupil's kernel never recompiles teachgames. A
machine that sets ``PYTHONDONTWRITEBYTECODE`` (some containers and CI images do) would
make every child process recompile every module and measure the compiler instead. The
cache goes to a folder of the caller's (a temporary one), never into the source tree.
"""

from __future__ import annotations

import os


def installed_env(cache: str) -> dict[str, str]:
    """``os.environ`` with bytecode writing allowed and cached under ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env
