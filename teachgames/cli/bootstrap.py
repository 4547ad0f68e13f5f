"""A virtual environment with pip, made by nothing but ``python3`` (the README's first step).

    python3 -m teachgames.cli.bootstrap          # makes ./.venv, with pip in it

A fresh Debian or Ubuntu has ``python3`` but no ``python``, no pip, and a Python that
refuses ``pip install`` into itself (it is "externally managed"); ``python3 -m venv .venv``
fails there too until the ``python3-venv`` package is installed, because Debian leaves
``ensurepip`` out. So: make the environment with ``ensurepip`` where the Python has it;
otherwise make it without pip and install pip from pip's own wheel, fetched from the
package index (``PIP_INDEX_URL``, else PyPI) and checked against the index's SHA-256 —
what ``ensurepip`` does with the wheel it ships. Nothing else is downloaded.

Runs from a checkout before teachgames is installed, so it uses only the standard library
(it is imported by path through ``teachgames/__init__``, which loads no third-party module).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.request
import venv
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

DEFAULT_INDEX = "https://pypi.org/simple/"
#: A release's wheel: ``pip-24.2-py3-none-any.whl`` (pre-releases are never chosen).
_WHEEL = re.compile(r"^pip-(\d+(?:\.\d+)*)-py3-none-any\.whl$")
_RUN_PIP = (
    "import runpy, sys; sys.path.insert(0, sys.argv[1]); del sys.argv[1]; "
    "runpy.run_module('pip', run_name='__main__', alter_sys=True)"
)


class BootstrapError(Exception):
    """Why the environment could not be made, in words that say what to do."""


def env_python(env: Path) -> Path:
    """The environment's own Python."""
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def has_pip(env: Path) -> bool:
    python = env_python(env)
    if not python.exists():
        return False
    done = subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True)
    return done.returncode == 0


def _with_ensurepip(env: Path) -> bool:
    """Make ``env`` with pip through ensurepip; False when this Python has none that works."""
    if importlib.util.find_spec("ensurepip") is None:
        return False
    try:
        venv.create(env, with_pip=True, clear=True)
    except (subprocess.CalledProcessError, SystemExit, OSError):
        return False
    return has_pip(env)


def pick_wheel(page: dict[str, Any], page_url: str) -> tuple[str, str]:
    """The newest release wheel of pip on an index page (PEP 691 JSON): (url, sha256)."""
    best: tuple[tuple[int, ...], str, str] | None = None
    for item in page.get("files", []):
        name = item.get("filename", "")
        match = _WHEEL.match(name)
        sha = (item.get("hashes") or {}).get("sha256")
        if match is None or not sha or item.get("yanked"):
            continue
        version = tuple(int(part) for part in match.group(1).split("."))
        if best is None or version > best[0]:
            best = (version, urljoin(page_url, item["url"]), sha)
    if best is None:
        raise BootstrapError(f"the package index at {page_url} lists no pip wheel")
    return best[1], best[2]


def download_pip(folder: Path, index: str | None = None) -> Path:
    """pip's newest wheel from the index, checked against the index's SHA-256."""
    base = (index or os.environ.get("PIP_INDEX_URL") or DEFAULT_INDEX).rstrip("/") + "/"
    page_url = urljoin(base, "pip/")
    request = urllib.request.Request(page_url, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            page = json.load(response)
        url, sha = pick_wheel(page, page_url)
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
    except (OSError, ValueError) as exc:
        raise BootstrapError(f"could not fetch pip from {page_url}: {exc}") from None
    return save_checked(data, sha, folder / url.rsplit("/", 1)[-1].split("#")[0])


def save_checked(data: bytes, sha256: str, path: Path) -> Path:
    """Write ``data`` to ``path`` only if its SHA-256 is the expected one."""
    if hashlib.sha256(data).hexdigest() != sha256.lower():
        raise BootstrapError(f"the downloaded {path.name} does not match the index's SHA-256; not installed")
    path.write_bytes(data)
    return path


def install_pip(env: Path, wheel: Path) -> None:
    """Install pip into ``env`` by running pip from its own wheel (as ensurepip does)."""
    command = [str(env_python(env)), "-c", _RUN_PIP, str(wheel), "install", "--no-index",
               "--disable-pip-version-check", "--no-cache-dir", "--no-compile", str(wheel)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or not has_pip(env):
        raise BootstrapError(f"installing pip into {env} failed:\n{done.stdout[-1500:]}{done.stderr[-1500:]}")


def bootstrap(env: Path, index: str | None = None, ensurepip: bool = True) -> str:
    """Make ``env`` a virtual environment with pip; returns what was done, in words."""
    if has_pip(env):
        return f"{env} is ready (it already has pip)"
    if ensurepip and _with_ensurepip(env):
        return f"made {env} (pip from this Python's ensurepip)"
    venv.create(env, with_pip=False, clear=True)
    with tempfile.TemporaryDirectory() as tmp:
        install_pip(env, download_pip(Path(tmp), index))
    return f"made {env} (this Python has no ensurepip: pip installed from its wheel on the package index)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m teachgames.cli.bootstrap",
        description="Make a virtual environment with pip using nothing but python3.",
    )
    parser.add_argument("dir", nargs="?", default=".venv", help="the environment's folder (default: .venv)")
    parser.add_argument("--index", default=None, help="package index (default: $PIP_INDEX_URL, else PyPI)")
    args = parser.parse_args(argv)
    env = Path(args.dir)
    if env.exists() and not env.is_dir():
        print(f"bootstrap: {env} is a file, not a folder", file=sys.stderr)
        return 2
    if env.is_dir() and any(env.iterdir()) and not (env / "pyvenv.cfg").exists():
        print(f"bootstrap: {env} is a folder of other things, not a virtual environment", file=sys.stderr)
        return 2
    try:
        print(bootstrap(env, args.index))
    except (BootstrapError, OSError, subprocess.CalledProcessError) as exc:
        print(f"bootstrap: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
