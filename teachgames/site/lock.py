"""The ``pyodide-lock.json`` beside the runtime: every wheel the browser may load, with its hash.

Pyodide resolves ``import sympy`` (and the kernel's own ``micropip``, ``ipython`` ...) through
this file alone when the site forbids PyPI, and checks each file's sha256 as it loads it.
:func:`verify_lock` checks the same before the site is handed to a teacher, so a wheel
changed after the build is caught at once, not as a kernel that never starts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import SiteBuildError
from .packages import NOT_IN_BROWSER, OPTIONAL_IN_BROWSER, PROVIDED_BY_KERNEL
from .wheels import WheelInfo, sha256_of

LOCK_NAME = "pyodide-lock.json"


def lock_entries(wheels: Mapping[Path, WheelInfo]) -> dict[str, dict[str, Any]]:
    """Lock entries for these wheel files; each requirement must be bundled too.

    Requirements the kernel provides itself, or that no lesson needs in the browser
    (matplotlib), are left out of ``depends``, as are those a package uses only when
    they are there (:data:`~.packages.OPTIONAL_IN_BROWSER`); any other missing one is an
    error, since Pyodide would fail on it in the pupil's browser.
    """
    bundled = {info.name for info in wheels.values()}
    entries: dict[str, dict[str, Any]] = {}
    for path, info in sorted(wheels.items(), key=lambda item: item[1].name):
        depends = []
        optional = OPTIONAL_IN_BROWSER.get(info.name, frozenset())
        for req in info.requires:
            if req in optional:
                continue
            if req in bundled:
                depends.append(req)
            elif req not in PROVIDED_BY_KERNEL and req not in NOT_IN_BROWSER:
                raise SiteBuildError(f"{info.name} needs {req}, which the site does not bundle")
        entries[info.name] = {
            "name": info.name,
            "version": info.version,
            "file_name": path.name,
            "install_dir": "site",
            "sha256": sha256_of(path),
            "package_type": "package",
            "imports": list(info.imports),
            "depends": depends,
            "unvendored_tests": False,
        }
    return entries


def defer(entries: Mapping[str, dict[str, Any]], later: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The entries with the packages in ``later`` taken out of the others' ``depends``:
    loading teachgames then no longer fetches and unpacks sympy (5 MB) before the first
    widget; the kernel loads it once the pupil reads (``teachgames/site/startup.py``), or at
    once if a lesson imports it sooner. The ``later`` packages keep their own depends."""
    deferred = set(later)
    return {
        name: (
            entry
            if name in deferred
            else {**entry, "depends": [dep for dep in entry["depends"] if dep not in deferred]}
        )
        for name, entry in entries.items()
    }


def write_lock(folder: Path, runtime_info: Mapping[str, Any], entries: Mapping[str, Any]) -> Path:
    """Write the lock into the runtime's folder (where Pyodide looks for it)."""
    path = folder / LOCK_NAME
    data = {"info": dict(runtime_info), "packages": dict(entries)}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def verify_lock(folder: Path, names: Iterable[str] | None = None) -> dict[str, Any]:
    """Check that every wheel the lock lists is in ``folder`` with exactly its sha256.

    ``names``, when given, must all be in the lock (what the kernel and lessons import).
    Returns the lock; raises :class:`SiteBuildError` with one line otherwise.
    """
    path = folder / LOCK_NAME
    try:
        lock = json.loads(path.read_text(encoding="utf-8"))
        packages = lock["packages"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise SiteBuildError(f"{path} is missing or not a Pyodide lock file ({err})") from err
    for name in names or ():
        if name not in packages:
            raise SiteBuildError(f"{path.name} does not list {name}")
    for name, entry in sorted(packages.items()):
        wheel = folder / entry["file_name"]
        if not wheel.is_file():
            raise SiteBuildError(f"{name}: {wheel.name} is listed in {path.name} but missing")
        got = sha256_of(wheel)
        if got != entry["sha256"]:
            raise SiteBuildError(
                f"{wheel.name}: sha256 {got} differs from {entry['sha256']} in {path.name}; "
                "the file was changed after the build"
            )
        for dep in entry["depends"]:
            if dep not in packages:
                raise SiteBuildError(f"{name} depends on {dep}, which {path.name} does not list")
    return dict(lock)
