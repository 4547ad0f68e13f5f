"""The teacher's key on disk: made once, kept private (0600) beside the database, and
replaced on request (``teachgames class rotate-key`` or the dashboard's button), so a
key that was seen (a mirrored projector, a log, a shared screen) can be retired.

Standard library only: the command line and the server both use it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..core.files import write_whole

KEY_FILE = "classroom-teacher.key"
LINK_FILE = "classroom-teacher.link"
#: The environment variable that gives the key instead of the file.
KEY_VARIABLE = "TEACHGAMES_CLASS_KEY"


def private_folder(url: str) -> Path:
    """Where the teacher's key and link are kept: beside a SQLite database, else here."""
    return Path(url.removeprefix("sqlite:///")).parent if url.startswith("sqlite:///") else Path.cwd()


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to a file only its owner may read (0600), replacing any old one
    whole (a new file moved into place: a reader never sees half a key)."""
    write_whole(path, text.encode("utf-8"), private=True)


def teacher_key(url: str) -> str:
    """The teacher's key: TEACHGAMES_CLASS_KEY, or one kept in a private file beside the
    database (made on the first start), so a restart keeps the dashboard link working."""
    given = os.environ.get(KEY_VARIABLE)
    if given:
        return given
    path = private_folder(url) / KEY_FILE
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    key = secrets.token_urlsafe(24)
    write_private(path, key + "\n")
    return key


def rotate(url: str) -> str:
    """A new key in the key file (the old one stops working, in a running server too:
    it reads the file again when it changes); the dashboard link beside it, if any,
    carries the new key. ValueError when the key comes from the environment."""
    if os.environ.get(KEY_VARIABLE):
        raise ValueError(f"the teacher's key is given by {KEY_VARIABLE}: change it there")
    folder = private_folder(url)
    key = secrets.token_urlsafe(24)
    write_private(folder / KEY_FILE, key + "\n")
    link = folder / LINK_FILE
    if link.exists():
        base = link.read_text(encoding="utf-8").strip().split("#", 1)[0]
        write_private(link, f"{base}#key={key}\n")
    return key
