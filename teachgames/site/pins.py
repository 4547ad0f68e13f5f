"""``python -m teachgames.site.pins``: download the wheels named in :mod:`.packages` (their
versions, ignoring the pinned hashes) and print their lines with fresh sha256s, for a
maintainer moving to new versions. Check what changed before pasting it in."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from .packages import WHEELS, Wheel
from .wheels import download_wheels, sha256_of


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        got = download_wheels([Wheel(w.name, w.version, "") for w in WHEELS], Path(tmp), verify=False)
        for wheel, path in got.items():
            sys.stdout.write(f'    Wheel("{wheel.name}", "{wheel.version}", "{sha256_of(path)}"),\n')


if __name__ == "__main__":
    main()
