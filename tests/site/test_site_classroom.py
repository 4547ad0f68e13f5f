"""The classroom site's speed and serving parts, without network or browser.

What a teacher or pupil would notice: a module compiled for the browser still imports (and
its source is gone, or kept when asked); the same input gives the same archive; a pupil's
browser gets the brotli or gzip copy it asked for, a file edited after the build is never
sent stale, hashed scripts are cached for good and the rest revalidated; the address
without a page opens the start page; ``micropip.install('requests')`` is refused in the
pupil's language while the site's own packages install (the lesson pages themselves:
tests/site/test_lesson_pages.py).
"""

from __future__ import annotations

import asyncio
import gzip
import importlib
import json
import os
import sys
import time
import types
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

from teachgames.site import SiteBuildError, builder, bytecode, compiler, compress, kernel_start, startup
from teachgames.site.server import IMMUTABLE, REVALIDATE, accepted, cache_control, serve_in_thread
from teachgames.site.wheels import WheelInfo


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


WHEEL = {
    "toypkg/__init__.py": "from .core import VALUE\n",
    "toypkg/core.py": "VALUE = 6 * 7\n",
    "toypkg/data.txt": "kept\n",
    "toypkg/heavy/__init__.py": "raise ImportError('never shipped')\n",
    "toypkg-1.0.dist-info/METADATA": "Name: toypkg\nVersion: 1.0\n",
    "toypkg-1.0.dist-info/RECORD": "toypkg/__init__.py,sha256=x,1\n",
}


def test_a_compiled_archive_imports_without_its_sources_and_drops_what_was_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _zip(tmp_path / "toypkg-1.0-py3-none-any.whl", WHEEL)
    out = tmp_path / "out.whl"
    counts = bytecode.compile_archive(str(src), str(out), "/lib/site-packages", drop=("toypkg/heavy/",))
    assert counts == {"compiled": 2, "source": 0, "dropped": 1}
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        record = z.read("toypkg-1.0.dist-info/RECORD").decode()
        assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
    assert {"toypkg/__init__.pyc", "toypkg/core.pyc", "toypkg/data.txt"} <= names
    assert not any(n.endswith(".py") for n in names) and not any("heavy" in n for n in names)
    assert "toypkg/core.pyc,," in record and "toypkg/__init__.py," not in record
    # the same input gives the same bytes (a site rebuilt is the same site)
    again = tmp_path / "again.whl"
    bytecode.compile_archive(str(src), str(again), "/lib/site-packages", drop=("toypkg/heavy/",))
    assert again.read_bytes() == out.read_bytes()
    # sourceless modules import from the archive (this Python's bytecode, as the browser's is its own)
    monkeypatch.syspath_prepend(str(out))
    module = importlib.import_module("toypkg")
    try:
        assert module.VALUE == 42
        assert module.core.__spec__.origin.endswith("core.pyc")
    finally:
        for name in ("toypkg", "toypkg.core"):
            sys.modules.pop(name, None)


def test_a_package_compiled_without_docstrings_is_smaller_and_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documented = {
        "docpkg/__init__.py": '"""A package."""\n' + "def f():\n    \"\"\"" + "Words. " * 400 + "\"\"\"\n    return 7\n",
        "docpkg-1.0.dist-info/RECORD": "",
    }
    src = _zip(tmp_path / "docpkg-1.0-py3-none-any.whl", documented)
    plain, bare = tmp_path / "plain.whl", tmp_path / "bare.whl"
    bytecode.compile_archive(str(src), str(plain), "/lib/site-packages")
    bytecode.compile_archive(str(src), str(bare), "/lib/site-packages", optimize=2)
    assert bare.stat().st_size < plain.stat().st_size - 2000
    monkeypatch.syspath_prepend(str(bare))
    try:
        module = importlib.import_module("docpkg")
        assert module.f() == 7 and module.f.__doc__ is None and module.__doc__ is None
    finally:
        sys.modules.pop("docpkg", None)
    # the level is part of the cache key: a site built before does not hand over the other
    job = compiler.Job(src, tmp_path / "out.whl", "/lib/site-packages")
    assert compiler.Job(src, job.dest, job.install_prefix, optimize=2).key() != job.key()


def test_keeping_sources_puts_unchecked_bytecode_in_pycache(tmp_path: Path) -> None:
    src = _zip(tmp_path / "toypkg-1.0-py3-none-any.whl", WHEEL)
    out = tmp_path / "out.whl"
    bytecode.compile_archive(str(src), str(out), "/lib/site-packages", keep_source=True)
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(out) as z:
        pyc = z.read(f"toypkg/__pycache__/core.{tag}.pyc")
        assert "toypkg/core.py" in z.namelist()
    flags = int.from_bytes(pyc[4:8], "little")
    assert flags == 0b01  # hash-based, never checked against the source's time stamp


def test_a_file_that_does_not_compile_keeps_its_source(tmp_path: Path) -> None:
    src = _zip(tmp_path / "a.zip", {"old.py": "print 'python 2'\n", "new.py": "X = 1\n"})
    counts = bytecode.compile_archive(str(src), str(tmp_path / "b.zip"), "/lib")
    assert counts["source"] == 1 and counts["compiled"] == 1
    with zipfile.ZipFile(tmp_path / "b.zip") as z:
        assert sorted(z.namelist()) == ["new.pyc", "old.py"]


def test_without_node_the_site_ships_sources_and_says_pupils_wait_longer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiler, "node", lambda: None)
    monkeypatch.setattr(builder, "node", lambda: None)
    src = _zip(tmp_path / "toypkg-1.0-py3-none-any.whl", WHEEL)
    stdlib = _zip(tmp_path / "python_stdlib.zip", {"os.py": ""})
    job = compiler.Job(src, tmp_path / "out" / src.name, compiler.SITE_PACKAGES)
    with pytest.raises(SiteBuildError, match="node is needed"):
        compiler.compile_archives([job], tmp_path, tmp_path / "cache", tmp_path / "work")
    said: list[str] = []
    info = {src: WheelInfo("toypkg", "1.0", ("toypkg",), ())}
    got = builder._precompile(stdlib, info, tmp_path, tmp_path / "cache", tmp_path / "work", said.append)
    assert got == (stdlib, info)
    assert said and "pupils wait longer" in said[0]


# ------------------------------------------------------------------ kernel start


def _notebook(path: Path, cells: list[tuple[str, str]]) -> Path:
    data = {"cells": [{"cell_type": kind, "source": text, "metadata": {}} for kind, text in cells]}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


LOCK = {
    "teachgames": {"imports": ["teachgames"], "depends": ["sympy", "ipywidgets"]},
    "sympy": {"imports": ["isympy", "sympy"], "depends": ["mpmath"]},
    "mpmath": {"imports": ["mpmath"], "depends": []},
    "ipywidgets": {"imports": ["ipywidgets"], "depends": []},
}


def test_the_kernel_preloads_what_the_lessons_import_and_what_those_need(tmp_path: Path) -> None:
    nb = _notebook(
        tmp_path / "l.ipynb",
        [
            ("markdown", "import nothing"),
            ("code", "%pip install sympy\nimport teachgames\nfrom teachgames.delissimo import scenario"),
            ("code", "import json\nfrom . import nope\nthis does not parse ("),
            ("code", "from . import relative"),
            ("code", "import os.path"),
        ],
    )
    modules = kernel_start.lesson_imports([nb])
    assert modules == ["teachgames", "teachgames.delissimo", "os.path"]
    packages, chosen = kernel_start.preload_plan(modules, LOCK)
    assert packages == ["teachgames"]  # os is the standard library: nothing to load
    assert chosen == ["teachgames", "teachgames.delissimo", "sympy", "ipywidgets"]


def test_the_standard_library_zip_gets_the_start_up_module_and_its_settings(tmp_path: Path) -> None:
    src = _zip(tmp_path / "python_stdlib.zip", {"os.py": "", "sitecustomize.py": "old = 1\n"})
    nb = _notebook(tmp_path / "l.ipynb", [("code", "import teachgames")])
    settings = kernel_start.settings_source([nb], LOCK)
    out = kernel_start.stdlib_with_startup(src, tmp_path / "out.zip", settings)
    with zipfile.ZipFile(out) as z:
        assert z.read("sitecustomize.py") == kernel_start.STARTUP.read_bytes()
        namespace: dict[str, Any] = {}
        exec(z.read("_teachgames_site_settings.py").decode(), namespace)
    assert namespace["PACKAGES"] == ["teachgames"] and "sympy" in namespace["LATER"]
    assert "sympy" not in namespace["MODULES"]  # the first widget never waits for it
    assert "ipykernel" in namespace["ALLOWED"] and "sympy" in namespace["ALLOWED"]
    assert "{names}" in namespace["REFUSALS"]["ru"] and "интернет" in namespace["REFUSALS"]["ru"]


def test_micropip_refuses_what_the_site_does_not_hold_in_the_pupils_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    installed: list[Any] = []

    async def install(requirements: Any, *args: Any, **kwargs: Any) -> None:
        installed.append(requirements)

    fake = types.ModuleType("micropip")
    fake.install = install  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "micropip", fake)
    monkeypatch.setattr(startup, "_browser_language", lambda: "ru-RU")
    monkeypatch.setattr(startup, "_origin", lambda: "http://10.0.0.5:8000")
    refusals = {"en": "{names}: no", "ru": "{names}: только пакеты сайта"}
    startup.close_micropip(["sympy", "teachgames"], refusals)
    startup.close_micropip(["sympy", "teachgames"], refusals)  # a second call wraps nothing more

    with pytest.raises(ValueError, match=r"^requests: только пакеты сайта$"):
        asyncio.run(fake.install("requests"))
    with pytest.raises(ValueError, match=r"https://example\.org/x-1\.0-py3-none-any\.whl"):
        asyncio.run(fake.install(["sympy", "https://example.org/x-1.0-py3-none-any.whl"]))
    assert installed == []
    asyncio.run(fake.install("SymPy>=1.12"))
    asyncio.run(fake.install(["http://10.0.0.5:8000/static/pyodide/x-1.0-py3-none-any.whl", "emfs:/a.whl"]))
    assert installed == ["SymPy>=1.12", ["http://10.0.0.5:8000/static/pyodide/x-1.0-py3-none-any.whl", "emfs:/a.whl"]]


# ------------------------------------------------------------------ pupil page


# ------------------------------------------------------------------ serving


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "build").mkdir(parents=True)
    (site / "jupyter-lite.json").write_text("{}", encoding="utf-8")
    (site / "classroom.html").write_text("<p>start</p>", encoding="utf-8")
    (site / "build" / "1031.b91a70b.js").write_text("console.log('x');" * 400, encoding="utf-8")
    (site / "lesson.json").write_text(json.dumps({"cells": ["text"] * 400}), encoding="utf-8")
    (site / "tiny.json").write_text("{}", encoding="utf-8")
    return site


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


def test_the_server_sends_the_compressed_copy_asked_for_with_cache_headers(tmp_path: Path) -> None:
    site = _site(tmp_path)
    assert compress.precompress(site, tmp_path / "cache") >= 2
    assert not (site / "tiny.json.gz").exists()  # too small to be worth it
    original = (site / "lesson.json").read_bytes()
    server, base = serve_in_thread(site)
    try:
        status, headers, body = _get(f"{base}/lesson.json", **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["Content-Encoding"] == "br" and len(body) < len(original)
        assert headers["Cache-Control"] == REVALIDATE and headers["Vary"] == "Accept-Encoding"
        status, headers, body = _get(f"{base}/lesson.json", **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == original
        status, headers, body = _get(f"{base}/lesson.json", **{"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in headers and body == original
        assert headers["Content-Type"] == "application/json"
        # a warm visit: the same ETag costs no body
        status, _, body = _get(f"{base}/lesson.json", **{"If-None-Match": headers["ETag"]})
        assert status == 304 and body == b""
        status, headers, _ = _get(f"{base}/build/1031.b91a70b.js", **{"Accept-Encoding": "gzip"})
        assert headers["Cache-Control"] == IMMUTABLE and headers["Content-Type"] == "text/javascript"
        # a file edited after the build is sent as it is now, not as its stale copy
        time.sleep(0.01)
        (site / "lesson.json").write_text('{"edited": true}', encoding="utf-8")
        os.utime(site / "lesson.json")
        status, headers, body = _get(f"{base}/lesson.json", **{"Accept-Encoding": "br, gzip"})
        assert "Content-Encoding" not in headers and body == b'{"edited": true}'
        # the copies themselves are not pages; the bare address opens the start page
        assert _get(f"{base}/lesson.json.br")[0] == 404
        status, _, body = _get(f"{base}/")
        assert status == 200 and body == b"<p>start</p>"
    finally:
        server.shutdown()
        server.server_close()


def test_encodings_and_cache_rules() -> None:
    assert accepted("gzip, deflate, br;q=0") == {"gzip", "deflate"}
    assert accepted(None) == set()
    assert cache_control("/site/build/1031.b91a70b.js") == IMMUTABLE
    assert cache_control("/site/static/pyodide/sympy-1.14.0-py3-none-any.whl") == REVALIDATE
    assert cache_control("/site/jupyter-lite.json") == REVALIDATE
