"""Is the file we are asked to write writable? Asked before any work is done.

Simulating and drawing a long game takes a while; finding out afterwards that the folder
does not exist wastes it and ends in a traceback. Each problem is an ``OSError`` subclass
(or ``ValueError`` for an unknown ending) whose message says what to change.
"""

from __future__ import annotations

import os
from pathlib import Path

FORMATS = (".html", ".md", ".tex", ".pdf")


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(path.anchor or ".")


def check_folder(folder: Path) -> None:
    """``folder`` exists, is a folder, and we may write in it."""
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(f"cannot write in the folder {folder}")
        return
    existing = _nearest_existing(folder)
    if existing.exists() and not existing.is_dir():
        raise NotADirectoryError(f"{existing} is a file, not a folder: choose another place to write")
    raise FileNotFoundError(f"the folder {folder} does not exist: create it first, or write elsewhere")


def check_target(path: str | os.PathLike[str]) -> Path:
    """The path to write, checked: a known ending, not a folder, in a writable folder."""
    target = Path(path).expanduser()
    suffix = target.suffix.lower()
    if target.is_dir():
        raise IsADirectoryError(
            f"{target} is a folder: give a file name, such as {target / ('example' + (suffix or '.html'))}"
        )
    if suffix not in FORMATS:
        raise ValueError(
            f"cannot export to {suffix or 'a file without an ending'}: use one of {', '.join(FORMATS)}"
        )
    check_folder(target.absolute().parent)
    if target.exists() and not os.access(target, os.W_OK):
        raise PermissionError(f"cannot overwrite {target}: it is read-only")
    if suffix == ".md":
        pictures = target.with_name(target.stem + "_files")
        if pictures.exists() and not pictures.is_dir():
            raise NotADirectoryError(
                f"{pictures} is a file, but the Markdown's pictures go into a folder of that name"
            )
    return target
