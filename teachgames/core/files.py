"""Writing a file whole: a reader sees the old file or the new one, never half of either.

Every file teachgames keeps and may read back while another process or thread writes it (a
saved lesson, the teacher's key, a pupil's outbox, the site builder's caches) is written the
same way: the bytes go to a new file beside it, under a name no other writer can have, and
that file is renamed into place. Two writers of the same path (two site builds sharing one
cache, two threads compressing the same file) then each finish with a whole file; a fixed
spare name (``x.part``) would let one writer move the other's half-written file, or find it
gone.

Standard library only: the command line, the class server and the site builder use it.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_whole(path: Path, data: bytes, *, private: bool = False, durable: bool = False) -> Path:
    """Replace ``path`` with ``data`` in one step and return ``path``.

    ``private``: only the owner may read it (0600; the teacher's key). ``durable``: the bytes
    reach the disk before the rename, so a power cut leaves the old file or the new one (a
    teacher's lesson). A failed write removes its spare file and leaves ``path`` as it was.
    """
    spare = path.with_name(f".{path.name}.{secrets.token_hex(6)}.part")
    handle = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if private else 0o666)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(spare, path)
    except BaseException:
        spare.unlink(missing_ok=True)
        raise
    return path
