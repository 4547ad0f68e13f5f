"""Wheels for the browser kernel: download the pinned ones, check their hashes, trim them.

Pyodide installs a wheel by unpacking it, so a wheel's test folders are only weight that
every pupil's browser would download: they are dropped (and the wheel's RECORD with them).
The trimmed file is what the lock lists, with its own sha256, which Pyodide checks again
when it loads it.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from .errors import SiteBuildError
from .packages import PYODIDE_PYTHON, Wheel

#: folder names whose contents no lesson imports
DROPPED_DIRS = frozenset({"tests", "test", "__pycache__"})


def canonical(name: str) -> str:
    """PyPI's normalised project name (``Typing_Extensions`` -> ``typing-extensions``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name_version(path: Path) -> tuple[str, str]:
    """(canonical name, version) from a wheel's file name."""
    parts = path.name.split("-")
    if len(parts) < 5 or not path.name.endswith(".whl"):
        raise SiteBuildError(f"{path.name} is not a wheel file name")
    return canonical(parts[0]), parts[1]


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def find_wheel(folder: Path, wheel: Wheel) -> Path | None:
    """The pure-Python wheel of exactly this name and version in a folder, if there is one."""
    for path in sorted(folder.glob("*-none-any.whl")):
        if wheel_name_version(path) == (canonical(wheel.name), wheel.version):
            return path
    return None


def check_hash(path: Path, expected: str) -> None:
    """Refuse a file whose sha256 is not the pinned one (a tampered or swapped download)."""
    got = sha256_of(path)
    if got != expected:
        raise SiteBuildError(
            f"{path.name}: sha256 {got} is not the pinned {expected}; refusing it "
            f"(delete it from {path.parent} to download it again)"
        )


def _pip_download(specs: Sequence[str], dest: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--only-binary",
        ":all:",
        "--python-version",
        PYODIDE_PYTHON,
        "--implementation",
        "py",
        "--abi",
        "none",
        "--platform",
        "any",
        "-d",
        str(dest),
        *specs,
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise SiteBuildError(f"could not run pip to download the browser's wheels: {err}") from err
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        reason = next((line for line in lines if "No matching distribution" in line), None)
        reason = reason or next((line for line in reversed(lines) if line.startswith("ERROR")), None)
        reason = reason or (lines[-1] if lines else f"pip exited with {done.returncode}")
        raise SiteBuildError(f"downloading wheels from PyPI failed: {reason}")


def download_wheels(wheels: Iterable[Wheel], cache: Path, verify: bool = True) -> dict[Wheel, Path]:
    """Each pinned wheel as a file in ``cache`` (downloaded only when missing), hash-checked."""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = list(wheels)
    missing = [w for w in wanted if find_wheel(cache, w) is None]
    if missing:
        _pip_download([f"{w.name}=={w.version}" for w in missing], cache)
    found: dict[Wheel, Path] = {}
    for wheel in wanted:
        path = find_wheel(cache, wheel)
        if path is None:
            raise SiteBuildError(f"pip gave no pure-Python wheel for {wheel.name}=={wheel.version}")
        if verify:
            check_hash(path, wheel.sha256)
        found[wheel] = path
    return found


def _dropped(name: str, extra: Sequence[str]) -> bool:
    parts = name.split("/")
    if parts[0].endswith((".dist-info", ".data")):
        return False
    return any(part in DROPPED_DIRS for part in parts[1:-1]) or any(name.startswith(p) for p in extra)


def trim_wheel(src: Path, dest_dir: Path, drop: Sequence[str] = ()) -> Path:
    """A copy of a wheel without test folders (and without paths starting with ``drop``).

    Entries keep their order and timestamps, so the same input gives the same bytes.
    """
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / src.name
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        kept = [info for info in zin.infolist() if not _dropped(info.filename, drop)]
        kept_names = {info.filename for info in kept}
        for info in kept:
            data = zin.read(info.filename)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines()
                data = "".join(line + "\n" for line in lines if line.split(",", 1)[0] in kept_names).encode(
                    "utf-8"
                )
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)
    return dest


class WheelInfo(NamedTuple):
    """What the lock file says about a wheel: its import names and its requirements."""

    name: str
    version: str
    imports: tuple[str, ...]
    requires: tuple[str, ...]


def _browser_environment() -> dict[str, str]:
    return {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "python_version": PYODIDE_PYTHON,
        "python_full_version": PYODIDE_PYTHON + ".0",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "platform_machine": "wasm32",
        "platform_release": "",
        "platform_version": "",
        "extra": "",
    }


def wheel_info(path: Path) -> WheelInfo:
    """Import names (top-level packages and modules) and the requirements that apply in the
    browser (markers evaluated for Pyodide; optional extras left out)."""
    from packaging.requirements import Requirement

    name, version = wheel_name_version(path)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        metadata = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if metadata is None:
            raise SiteBuildError(f"{path.name} has no METADATA; not a usable wheel")
        text = z.read(metadata).decode("utf-8")
    imports = sorted(
        {n.split("/")[0] for n in names if n.count("/") == 1 and n.endswith("/__init__.py")}
        | {n[:-3] for n in names if "/" not in n and n.endswith(".py")}
    )
    env = _browser_environment()
    requires = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate(env):
                requires.append(canonical(req.name))
    return WheelInfo(name, version, tuple(imports), tuple(dict.fromkeys(requires)))
