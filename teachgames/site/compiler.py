"""Precompile the site's Python (the standard library zip and every wheel) with the site's own
Pyodide, run by Node: see :mod:`.bytecode` for what is written and why.

Compiled archives are kept in the download cache under the sha256 of what went in (the
archive, the runtime's version, the options), so a rebuild compiles only what changed
(teachgames itself, usually). Without Node the site still works, only slower for pupils:
the build says so and ships the sources.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.files import write_whole
from .errors import SiteBuildError
from .packages import PYODIDE_PYTHON, PYODIDE_VERSION
from .wheels import sha256_of

HERE = Path(__file__).resolve().parent
#: changes whenever bytecode.py would write other bytes (a new cache key for every archive)
FORMAT = "1"
SITE_PACKAGES = f"/lib/python{PYODIDE_PYTHON}/site-packages"
STDLIB_ZIP = f"/lib/python{PYODIDE_PYTHON.replace('.', '')}.zip"


@dataclass(frozen=True)
class Job:
    """One archive to compile: where it is, where the result goes, what it is in the browser."""

    src: Path
    dest: Path
    install_prefix: str
    drop: tuple[str, ...] = ()
    keep_source: bool = False
    #: ``compile()``'s optimization level: 2 leaves the docstrings (and asserts) out
    optimize: int = 0

    def key(self) -> str:
        parts = [FORMAT, PYODIDE_VERSION, sha256_of(self.src), self.install_prefix, str(self.keep_source)]
        parts.append(str(self.optimize))
        return hashlib.sha256("\0".join([*parts, *self.drop]).encode("utf-8")).hexdigest()


def node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def compile_archives(jobs: Sequence[Job], runtime: Path, cache: Path, work: Path) -> int:
    """Write every job's ``dest``; returns how many were compiled now (the others came from
    the cache). Raises :class:`SiteBuildError` when Node or Pyodide fails."""
    cache.mkdir(parents=True, exist_ok=True)
    todo: list[tuple[Job, Path]] = []
    for job in jobs:
        cached = cache / f"{job.key()}{job.src.suffix}"
        if cached.is_file():
            job.dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, job.dest)
        else:
            todo.append((job, cached))
    if not todo:
        return 0
    runner = node()
    if runner is None:
        raise SiteBuildError("node is needed to precompile the site's Python (apt-get install nodejs)")
    work.mkdir(parents=True, exist_ok=True)
    listing = [
        {
            "src": str(job.src.resolve()),
            "dest": str((work / f"{n}{job.src.suffix}").resolve()),
            "install_prefix": job.install_prefix,
            "drop": list(job.drop),
            "keep_source": job.keep_source,
            "optimize": job.optimize,
        }
        for n, (job, _) in enumerate(todo)
    ]
    job_file = work / "jobs.json"
    job_file.write_text(json.dumps(listing), encoding="utf-8")
    command = [runner, str(HERE / "compile.mjs"), str(runtime.resolve()), str(HERE / "bytecode.py"),
               str(job_file.resolve())]  # fmt: skip
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise SiteBuildError(f"precompiling the site's Python with Node failed: {err}") from err
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        reason = next((ln for ln in reversed(lines) if "Error" in ln), lines[-1] if lines else "")
        raise SiteBuildError(f"precompiling the site's Python with Node failed: {reason}")
    for entry, (job, cached) in zip(listing, todo, strict=True):
        result = Path(str(entry["dest"]))
        write_whole(cached, result.read_bytes())  # a build beside this one may read it now
        job.dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(result), job.dest)
    return len(todo)
