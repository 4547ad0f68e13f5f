"""Precompressed copies of the site's files (``x.br`` and ``x.gz`` beside ``x``), made once at
build time so the server only picks a file: a teacher's laptop serving 30 pupils compresses
nothing while they wait.

Brotli for the browsers that ask for it (Chromium and Firefox do on ``https://`` and on
``localhost``), gzip for the others (plain ``http://`` to a laptop on the school's network).
The runtime's WebAssembly shrinks from 9.4 to about 3 MB, the bytecode wheels to a quarter.
Results are kept in the download cache under the file's sha256: the JupyterLite files and
the pinned wheels are the same from build to build, so a rebuild compresses only what
changed.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core.files import write_whole

#: what is worth compressing (zip archives too: ours are stored uncompressed, see bytecode.py)
COMPRESSIBLE = frozenset(
    [
        ".js",
        ".mjs",
        ".css",
        ".json",
        ".html",
        ".wasm",
        ".whl",
        ".zip",
        ".svg",
        ".ipynb",
        ".md",
        ".txt",
        ".map",
        ".ico",
        ".ttf",
        ".woff",
        ".eot",
        ".otf",
    ]
)
#: smaller files are not worth a second request's headers
MIN_SIZE = 1024
#: above this size brotli's slowest level costs tens of seconds for a few per cent
LARGE = 2 * 1024 * 1024
ENCODINGS = {"br": ".br", "gzip": ".gz"}


def _brotli(data: bytes) -> bytes:
    import brotli

    if len(data) > LARGE:
        return bytes(brotli.compress(data, quality=9, lgwin=24))
    return bytes(brotli.compress(data, quality=11))


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def have_brotli() -> bool:
    try:
        import brotli  # noqa: F401
    except ImportError:
        return False
    return True


def candidates(site: Path) -> list[Path]:
    return sorted(
        p
        for p in site.rglob("*")
        if p.is_file() and p.suffix in COMPRESSIBLE and p.stat().st_size >= MIN_SIZE
    )


def _one(path: Path, cache: Path, encodings: Iterable[str]) -> int:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    written = 0
    for encoding in encodings:
        suffix = ENCODINGS[encoding]
        cached = cache / digest[:2] / f"{digest}{suffix}"
        if not cached.is_file():
            packed = _brotli(data) if encoding == "br" else _gzip(data)
            if len(packed) >= len(data) * 0.95:
                continue  # not worth it: the server sends the file as it is
            cached.parent.mkdir(parents=True, exist_ok=True)
            write_whole(cached, packed)  # another build, or thread, may write the same entry
        shutil.copyfile(cached, path.with_name(path.name + suffix))
        written += 1
    return written


def precompress(site: Path, cache: Path, workers: int = 2) -> int:
    """Write ``.br`` (when the brotli module is there) and ``.gz`` beside every compressible
    file of ``site``; returns how many were written."""
    encodings = ("br", "gzip") if have_brotli() else ("gzip",)
    files = candidates(site)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(lambda p: _one(p, cache, encodings), files))
