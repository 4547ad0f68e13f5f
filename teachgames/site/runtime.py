"""The Pyodide runtime: from the npm registry (``npm pack``) or a copy already downloaded.

The npm package holds only the core runtime (no packages, not even micropip): that is all
the site needs, since every wheel comes from PyPI and is listed in our own lock file. Only
the files the browser loads are copied into the site (no source maps, no type stubs).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tarfile
from pathlib import Path, PurePosixPath
from typing import Any

from .errors import SiteBuildError
from .packages import PYODIDE_INTEGRITY, PYODIDE_VERSION

#: what the kernel loads from the runtime folder
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def integrity_of(path: Path) -> str:
    """npm's ``dist.integrity`` form (``sha512-<base64>``) of a file."""
    digest = hashlib.sha512()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")


def npm_pack(cache: Path) -> Path:
    """``pyodide-<version>.tgz`` in ``cache``, fetched with ``npm pack`` when missing."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tarball.is_file():
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError(
            f"npm is needed to fetch the Pyodide runtime {PYODIDE_VERSION}; install npm, or pass "
            f"--pyodide PATH to a pyodide-{PYODIDE_VERSION}.tgz (npm pack pyodide@{PYODIDE_VERSION})"
        )
    command = [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache), "--silent"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise SiteBuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {err}") from err
    if done.returncode != 0 or not tarball.is_file():
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        reason = next((line for line in lines if "ERR" in line), lines[-1] if lines else "no tarball")
        raise SiteBuildError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {reason.strip()}")
    return tarball


def _extract(tarball: Path, dest: Path) -> Path:
    """Extract the runtime files only (refusing links and paths outside the archive)."""
    dest.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(tarball) as tar:
            for member in tar.getmembers():
                path = PurePosixPath(member.name)
                if not member.isfile() or ".." in path.parts or path.is_absolute():
                    continue
                if path.name in (*RUNTIME_FILES, "pyodide-lock.json", "package.json"):
                    source = tar.extractfile(member)
                    if source is not None:
                        (dest / path.name).write_bytes(source.read())
    except (OSError, tarfile.TarError) as err:
        raise SiteBuildError(f"{tarball} is not a readable Pyodide archive ({err})") from err
    return dest


def prepare_runtime(pyodide: Path | None, cache: Path, work: Path) -> Path:
    """A folder holding the runtime files, checked: from npm (hash-pinned) or from ``pyodide``.

    ``pyodide`` may be the npm tarball (checked against the pinned hash when it is that
    version), an official ``pyodide-<v>.tar.bz2`` release, or an unpacked folder.
    """
    if pyodide is None:
        tarball = npm_pack(cache)
        got = integrity_of(tarball)
        if got != PYODIDE_INTEGRITY:
            raise SiteBuildError(
                f"{tarball.name}: integrity {got} is not the pinned {PYODIDE_INTEGRITY}; refusing it "
                f"(delete {tarball} to download it again)"
            )
        folder = _extract(tarball, work / "pyodide")
    elif pyodide.is_dir():
        folder = pyodide / "package" if (pyodide / "package" / "pyodide.mjs").is_file() else pyodide
    elif pyodide.is_file():
        folder = _extract(pyodide, work / "pyodide")
    else:
        raise SiteBuildError(f"--pyodide {pyodide}: no such file or folder")
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise SiteBuildError(
            f"{pyodide or 'the npm package'} is not a Pyodide runtime: no {', '.join(missing)}"
        )
    version = runtime_version(folder)
    if version is not None and version != PYODIDE_VERSION:
        raise SiteBuildError(
            f"Pyodide {version} given, but the kernel needs Pyodide {PYODIDE_VERSION} "
            f"(npm pack pyodide@{PYODIDE_VERSION})"
        )
    return folder


def runtime_version(folder: Path) -> str | None:
    """The runtime's version from its package.json, if it has one."""
    package = folder / "package.json"
    if not package.is_file():
        return None
    try:
        version = json.loads(package.read_text(encoding="utf-8")).get("version")
    except ValueError:
        return None
    return version if isinstance(version, str) else None


def runtime_info(folder: Path) -> dict[str, Any]:
    """The ``info`` block for our lock file (ABI, platform, Python), from the runtime's own lock."""
    lock = folder / "pyodide-lock.json"
    if lock.is_file():
        try:
            info = json.loads(lock.read_text(encoding="utf-8")).get("info")
        except ValueError:
            info = None
        if isinstance(info, dict):
            return info
    raise SiteBuildError(f"{folder} has no pyodide-lock.json to read the runtime's ABI from")


def copy_runtime(folder: Path, dest: Path) -> None:
    """Copy the files the browser loads into the site's runtime folder."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(folder / name, dest / name)
