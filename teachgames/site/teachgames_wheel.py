"""A wheel of teachgames itself for the browser: built from this checkout, or from the
installed package when there is no checkout (a teacher who ran ``pip install teachgames``).
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

from .errors import SiteBuildError

PACKAGE = Path(__file__).resolve().parent.parent


def checkout_root() -> Path | None:
    """The repository holding this package, if it is a checkout (not an installed copy)."""
    root = PACKAGE.parent
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and 'name = "teachgames"' in pyproject.read_text(encoding="utf-8"):
        return root
    return None


def teachgames_wheel(dest: Path) -> Path:
    """``teachgames-<version>-py3-none-any.whl`` in ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    root = checkout_root()
    if root is None:
        return wheel_from_installed(dest)
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "-w",
        str(dest),
        str(root),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise SiteBuildError(f"building the teachgames wheel failed: {err}") from err
    found = sorted(dest.glob("teachgames-*.whl"))
    if done.returncode != 0 or not found:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        raise SiteBuildError(
            f"building the teachgames wheel from {root} failed: {lines[-1] if lines else ''}"
        )
    return found[-1]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def wheel_from_installed(dest: Path) -> Path:
    """Pack the installed package's files and its dist-info metadata into a wheel."""
    try:
        dist = metadata.distribution("teachgames")
    except metadata.PackageNotFoundError as err:
        raise SiteBuildError("teachgames is neither a checkout nor installed; cannot make its wheel") from err
    version = dist.version
    info = f"teachgames-{version}.dist-info"
    path = dest / f"teachgames-{version}-py3-none-any.whl"
    files: list[tuple[str, bytes]] = []
    for source in sorted(PACKAGE.rglob("*")):
        relative = source.relative_to(PACKAGE.parent)
        if source.is_file() and "__pycache__" not in relative.parts and source.suffix != ".pyc":
            files.append((relative.as_posix(), source.read_bytes()))
    for name in ("METADATA", "entry_points.txt"):
        text = dist.read_text(name)
        if text is not None:
            files.append((f"{info}/{name}", text.encode("utf-8")))
    files.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: teachgames.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(_record_line(n, d) + "\n" for n, d in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in [*files, (f"{info}/RECORD", record.encode("utf-8"))]:
            z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return path
