"""Compile an archive's Python files to bytecode, as the browser's Python would on first import.

The browser's Python (Pyodide) compiles every ``.py`` it imports, each time a pupil opens a
lesson: 559 standard modules and ~1,500 modules of sympy, IPython and the rest, seconds of a
school laptop's CPU before the first widget. A ``.pyc`` beside (or instead of) each ``.py``
skips that. The bytecode must come from the very Python that will run it (the magic number
and the code objects differ between versions and builds), so this module runs *inside the
site's own Pyodide* under Node (:mod:`.compiler` starts it); it uses only the standard
library and imports nothing of teachgames, so it can be executed on its own there.

What it writes:

- each ``x.py`` becomes ``x.pyc`` in the same folder (a "sourceless" module, what Pyodide's
  own ``py-compile`` ships), or, with ``keep_source``, ``__pycache__/x.<tag>.pyc`` beside the
  kept ``x.py`` (tracebacks then show the source lines: used for teachgames itself);
- the ``.pyc`` are *unchecked hash-based* (PEP 552): never compared with a source file's
  time stamp, which unpacking in the browser does not keep;
- code objects name their file where it will be in the browser, so tracebacks read well;
- entries are stored uncompressed: the server sends the archive compressed (brotli or gzip),
  which shrinks a whole archive better than zip's file-by-file deflate, and the browser's
  native decoder replaces zlib running in WebAssembly;
- paths starting with one of ``drop`` are left out (parts of packages no lesson imports),
  except those starting with a ``drop`` entry written ``!path`` (kept inside a dropped
  folder), and a wheel's ``RECORD`` lists what is left;
- fixed time stamps and order: the same input gives the same bytes.

A file that does not compile (a Python-2-only example shipped in a package) keeps its source.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

#: the date every entry gets (zip cannot store earlier; same bytes on every build)
EPOCH = (1980, 1, 1, 0, 0, 0)


def _matches(name: str, prefix: str) -> bool:
    return name == prefix.rstrip("/") or name.startswith(prefix)


def _dropped(name: str, drop: Sequence[str]) -> bool:
    """``name`` starts with a ``drop`` prefix and with none of its ``!`` exceptions."""
    kept = [entry[1:] for entry in drop if entry.startswith("!")]
    return any(not entry.startswith("!") and _matches(name, entry) for entry in drop) and not any(
        _matches(name, entry) for entry in kept
    )


def _bytecode(source: bytes, browser_path: str, optimize: int = 0) -> bytes | None:
    """Unchecked hash-based ``.pyc`` bytes for ``source``, or None when it does not compile."""
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    try:
        code = compile(source, browser_path, "exec", dont_inherit=True, optimize=optimize)
    except (SyntaxError, ValueError):
        return None
    data: bytes = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return bytes(data)


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info


def compile_archive(
    src: str,
    dest: str,
    install_prefix: str,
    keep_source: bool = False,
    drop: Sequence[str] = (),
    optimize: int = 0,
) -> dict[str, int]:
    """Write ``dest``: the zip ``src`` with its ``.py`` compiled (see the module's docstring).

    ``install_prefix`` is where the archive's paths live in the browser
    (``/lib/python3.14/site-packages`` for a wheel, ``/lib/python314.zip`` for the
    standard library); ``optimize`` is ``compile()``'s (2: no docstrings, no asserts).
    Returns counts: compiled, kept as source, dropped.
    """
    tag = sys.implementation.cache_tag
    counts = {"compiled": 0, "source": 0, "dropped": 0}
    out: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(src) as zin:
        names = [i.filename for i in zin.infolist() if not i.is_dir()]
        for name in names:
            if _dropped(name, drop) or "/__pycache__/" in f"/{name}" or name.endswith(".pyc"):
                counts["dropped"] += 1
                continue
            data = zin.read(name)
            if name.endswith(".dist-info/RECORD"):
                continue  # written again below, for the files that are left
            if not name.endswith(".py"):
                out.append((name, data))
                continue
            pyc = _bytecode(data, f"{install_prefix}/{name}", optimize)
            if pyc is None:
                counts["source"] += 1
                out.append((name, data))
                continue
            counts["compiled"] += 1
            path = PurePosixPath(name)
            if keep_source:
                out.append((name, data))
                cached = path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc"
                out.append((str(cached).removeprefix("./"), pyc))
            else:
                out.append((str(path.with_suffix(".pyc")), pyc))
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
    if record is not None:
        listing = "".join(f"{name},,\n" for name, _ in out) + f"{record},,\n"
        out.append((record, listing.encode("utf-8")))
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as zout:
        for name, data in out:
            zout.writestr(_entry(name), data)
    return counts


def run_jobs(jobs: Iterable[dict[str, object]], root: str = "") -> list[dict[str, int]]:
    """Compile each job (the keyword arguments of :func:`compile_archive`); ``root`` is put
    before the file paths (where the host's files are mounted in the browser's Python)."""
    results = []
    for job in jobs:
        drop = job.get("drop", ())
        results.append(
            compile_archive(
                root + str(job["src"]),
                root + str(job["dest"]),
                str(job["install_prefix"]),
                bool(job.get("keep_source", False)),
                tuple(str(d) for d in drop) if isinstance(drop, (list, tuple)) else (),
                int(str(job.get("optimize", 0))),
            )
        )
    return results


def main(job_file: str, root: str = "") -> str:
    """Run the jobs listed in a JSON file; returns the counts as JSON (what Node prints)."""
    with open(root + job_file, encoding="utf-8") as f:
        jobs = json.load(f)
    return json.dumps(run_jobs(jobs, root))
