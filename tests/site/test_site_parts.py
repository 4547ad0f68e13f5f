"""The classroom site's parts, without network: the lock file and its hash check, the
configuration that keeps the kernel inside the site, wheel trimming, which notebooks go in,
the runtime check, the server's MIME types and the command's options.

What a teacher would notice: a site whose wheel was changed after the build is refused; a
site that would fetch Pyodide from the internet (no ``pyodideUrl``) or ask PyPI is refused;
``--language ru`` gives the Russian lessons only; a ``.wasm`` file is served as
``application/wasm`` (else the browser will not compile it); the server is private unless
asked.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import io
import json
import re
import sys
import tarfile
import types
import urllib.request
import zipfile
from pathlib import Path

import pytest

from teachgames.site import (
    SiteBuildError,
    add_cli,
    bytecode,
    config,
    content,
    kernel_start,
    run,
    runtime,
    startup,
)
from teachgames.site.lock import defer, lock_entries, verify_lock, write_lock
from teachgames.site.packages import DROPPED, PYODIDE_VERSION, WHEELS, Wheel
from teachgames.site.pages import plan_page, start_page
from teachgames.site.server import serve_in_thread
from teachgames.site.wheels import check_hash, download_wheels, sha256_of, trim_wheel, wheel_info

INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}


def make_wheel(
    folder: Path, name: str, version: str, requires: tuple[str, ...] = (), files: tuple[str, ...] = ()
) -> Path:
    """A small pure-Python wheel with a package, optional extra files and requirements."""
    folder.mkdir(parents=True, exist_ok=True)
    dist = name.replace("-", "_")
    path = folder / f"{dist}-{version}-py3-none-any.whl"
    info = f"{dist}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    entries = {
        f"{dist}/__init__.py": "X = 1\n",
        f"{info}/METADATA": metadata,
        f"{info}/WHEEL": "Tag: py3-none-any\n",
    }
    entries.update({f: "# file\n" for f in files})
    entries[f"{info}/RECORD"] = "".join(f"{n},sha256=x,1\n" for n in entries) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in entries.items():
            z.writestr(zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


def locked_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "pyodide"
    a = make_wheel(
        folder, "alpha", "1.0", requires=("beta>=1", 'gamma; sys_platform == "win32"', "delta; extra == 'x'")
    )
    b = make_wheel(folder, "beta", "2.0")
    write_lock(folder, INFO, lock_entries({a: wheel_info(a), b: wheel_info(b)}))
    return folder


# ----------------------------------------------------------------------------- the lock


def test_lock_lists_each_wheel_with_its_sha256_imports_and_browser_requirements(tmp_path: Path) -> None:
    folder = locked_folder(tmp_path)
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert lock["info"] == INFO
    alpha = lock["packages"]["alpha"]
    assert alpha["sha256"] == sha256_of(folder / "alpha-1.0-py3-none-any.whl")
    assert alpha["imports"] == ["alpha"]
    # the Windows-only and the optional requirement are not the browser's
    assert alpha["depends"] == ["beta"]
    assert alpha["install_dir"] == "site" and alpha["package_type"] == "package"
    verify_lock(folder, ["alpha", "beta"])


def test_verify_lock_refuses_a_wheel_changed_after_the_build(tmp_path: Path) -> None:
    folder = locked_folder(tmp_path)
    wheel = folder / "beta-2.0-py3-none-any.whl"
    data = bytearray(wheel.read_bytes())
    data[-1] ^= 0xFF
    wheel.write_bytes(bytes(data))
    with pytest.raises(SiteBuildError, match=r"beta-2\.0-py3-none-any\.whl: sha256 .* differs"):
        verify_lock(folder)


def test_verify_lock_refuses_a_missing_wheel_or_package(tmp_path: Path) -> None:
    folder = locked_folder(tmp_path)
    with pytest.raises(SiteBuildError, match="does not list teachgames"):
        verify_lock(folder, ["teachgames"])
    (folder / "alpha-1.0-py3-none-any.whl").unlink()
    with pytest.raises(SiteBuildError, match=r"alpha-1\.0-py3-none-any\.whl is listed .* but missing"):
        verify_lock(folder)


def test_a_requirement_the_site_does_not_bundle_is_an_error_but_matplotlib_is_left_out(
    tmp_path: Path,
) -> None:
    lone = make_wheel(tmp_path, "alpha", "1.0", requires=("beta",))
    with pytest.raises(SiteBuildError, match="alpha needs beta"):
        lock_entries({lone: wheel_info(lone)})
    plots = make_wheel(
        tmp_path / "p", "teachgames", "0.1", requires=("matplotlib>=3.7", "widgetsnbextension")
    )
    assert lock_entries({plots: wheel_info(plots)})["teachgames"]["depends"] == []


def test_a_pinned_download_with_another_hash_is_refused_without_asking_pypi(tmp_path: Path) -> None:
    cached = make_wheel(tmp_path, "alpha", "1.0")
    with pytest.raises(SiteBuildError, match="is not the pinned"):
        download_wheels([Wheel("alpha", "1.0", "0" * 64)], tmp_path)
    got = download_wheels([Wheel("alpha", "1.0", sha256_of(cached))], tmp_path)
    assert list(got.values()) == [cached]
    with pytest.raises(SiteBuildError, match="refusing it"):
        check_hash(cached, "f" * 64)


def test_every_pin_is_exact() -> None:
    names = [w.name for w in WHEELS]
    assert len(names) == len(set(names))
    for wheel in WHEELS:
        assert len(wheel.sha256) == 64 and int(wheel.sha256, 16) >= 0
        assert wheel.version[0].isdigit()
    assert {"micropip", "ipython", "sympy", "anywidget", "ipywidgets"} <= set(names)
    assert "matplotlib" not in names


# ----------------------------------------------------------------------------- trimming


def test_trim_drops_test_folders_and_their_record_lines_and_is_reproducible(tmp_path: Path) -> None:
    src = make_wheel(
        tmp_path / "src",
        "alpha",
        "1.0",
        files=("alpha/tests/test_a.py", "alpha/core/test/x.py", "alpha/testing.py", "alpha/_bundled/n.ipynb"),
    )
    one = trim_wheel(src, tmp_path / "one", drop=("alpha/_bundled/",))
    names = zipfile.ZipFile(one).namelist()
    assert "alpha/testing.py" in names and "alpha/__init__.py" in names
    assert not [n for n in names if "/tests/" in n or "/test/" in n or "_bundled" in n]
    record = zipfile.ZipFile(one).read("alpha-1.0.dist-info/RECORD").decode()
    assert "tests/test_a.py" not in record and "alpha/testing.py" in record
    two = trim_wheel(src, tmp_path / "two", drop=("alpha/_bundled/",))
    assert one.read_bytes() == two.read_bytes()


# ----------------------------------------------------------------------------- configuration


def test_the_site_config_keeps_the_kernel_inside_the_site() -> None:
    settings = config.lite_config()["jupyter-config-data"]["litePluginSettings"][config.KERNEL_PLUGIN]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert settings["disablePyPIFallback"] is True
    # the kernel's own packages load with Pyodide, in parallel, not one by one through micropip
    assert {"micropip", "ipython", "jedi", "comm"} <= set(settings["loadPyodideOptions"]["packages"])
    built = config.build_config(["/x/anywidget"])["LiteBuildConfig"]
    assert built["federated_extensions"] == ["/x/anywidget"] and built["ignore_sys_prefix"] is True


def _site(tmp_path: Path, settings: dict[str, object]) -> Path:
    site = tmp_path / "site"
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "static" / "pyodide" / "pyodide.mjs").write_text("export {}")
    data = {"jupyter-config-data": {"litePluginSettings": {config.KERNEL_PLUGIN: settings}}}
    config.write_json(site / "jupyter-lite.json", data)
    return site


def test_a_built_site_without_pyodide_url_or_allowing_pypi_is_refused(tmp_path: Path) -> None:
    good = {"pyodideUrl": config.PYODIDE_URL, "disablePyPIFallback": True}
    config.check_site_config(_site(tmp_path / "a", good))
    with pytest.raises(SiteBuildError, match="pyodideUrl is None"):
        config.check_site_config(_site(tmp_path / "b", {"disablePyPIFallback": True}))
    with pytest.raises(SiteBuildError, match="disablePyPIFallback is not true"):
        config.check_site_config(_site(tmp_path / "c", {"pyodideUrl": config.PYODIDE_URL}))


# ----------------------------------------------------------------------------- content


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for name in (
        "en/delissimo-8plus.ipynb",
        "ru/delissimo-8plus.ipynb",
        "bg/delissimo-6plus.ipynb",
        "tsvetik-intro.ru.ipynb",
        "en/experiments.ipynb",
        "en/.ipynb_checkpoints/x.ipynb",
    ):
        path = root / "notebooks" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": ["# T <b>\n"]}]}))
    (root / "lessons").mkdir()
    (root / "lessons" / "delissimo-8plus.md").write_text("# Plan\n")
    return root


def test_notebooks_are_chosen_by_language_and_game(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    ru, plans = content.discover(["ru"], None, root)
    assert sorted(i.target for i in ru) == ["ru/delissimo-8plus.ipynb", "tsvetik-intro.ru.ipynb"]
    # the plan exists only in English (no language mark): it comes along for the teacher
    assert [(p.target, p.language) for p in plans] == [("plans/delissimo-8plus.md", "en")]
    (root / "lessons" / "ru").mkdir()
    (root / "lessons" / "ru" / "delissimo-8plus.md").write_text("# План\n")
    assert [p.target for p in content.discover(["ru"], None, root)[1]] == ["plans/ru/delissimo-8plus.md"]
    en, plans = content.discover(["en"], ["delissimo"], root)
    assert sorted(i.target for i in en) == ["en/delissimo-8plus.ipynb", "en/experiments.ipynb"]
    assert [p.target for p in plans] == ["plans/delissimo-8plus.md"]
    with pytest.raises(SiteBuildError, match="no lesson notebook of 'tsvetik' in en"):
        content.discover(["en"], ["tsvetik"], root)
    with pytest.raises(SiteBuildError, match="unknown language 'fr'"):
        content.discover(["fr"], None, root)


def test_the_start_page_links_every_lesson_and_escapes_titles(tmp_path: Path) -> None:
    notebooks, plans = content.discover(["ru"], None, _tree(tmp_path))
    page = start_page(notebooks, plans, "ru")
    assert page.count('class="lesson"') == 2 and "notebooks/index.html?path=ru/delissimo-8plus.ipynb" in page
    assert "T &lt;b&gt;" in page and "<b>" not in page
    assert 'lang="ru"' in page and "Уроки" in page
    # the English plan sits in an English section, with English words
    assert '<section lang="en">' in page and "Teacher&#x27;s lesson plans" in page
    assert 'href="plans/delissimo-8plus.html"' in page


# ----------------------------------------------------------------------------- runtime


def test_a_runtime_of_another_version_or_without_its_files_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "rt"
    folder.mkdir()
    for name in runtime.RUNTIME_FILES:
        (folder / name).write_text("x")
    (folder / "package.json").write_text(json.dumps({"version": "0.1.0"}))
    with pytest.raises(
        SiteBuildError, match=f"Pyodide 0.1.0 given, but the kernel needs Pyodide {PYODIDE_VERSION}"
    ):
        runtime.prepare_runtime(folder, tmp_path / "cache", tmp_path / "work")
    (folder / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    assert runtime.prepare_runtime(folder, tmp_path / "cache", tmp_path / "work") == folder
    tarball = tmp_path / "broken.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        data = b"export {}"
        info = tarfile.TarInfo("package/pyodide.mjs")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    with pytest.raises(SiteBuildError, match=r"is not a Pyodide runtime: no pyodide\.asm\.mjs"):
        runtime.prepare_runtime(tarball, tmp_path / "cache", tmp_path / "work")


def test_the_npm_tarball_is_checked_against_its_pinned_integrity(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"pyodide-{PYODIDE_VERSION}.tgz").write_bytes(b"not the real runtime")
    with pytest.raises(SiteBuildError, match=r"integrity .* is not the pinned"):
        runtime.prepare_runtime(None, cache, tmp_path / "work")


# ----------------------------------------------------------------------------- serving and the command


def test_the_server_gives_wasm_and_modules_their_mime_types(tmp_path: Path) -> None:
    site = _site(tmp_path, {"pyodideUrl": config.PYODIDE_URL, "disablePyPIFallback": True})
    (site / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    server, base = serve_in_thread(site)
    try:
        assert base.startswith("http://127.0.0.1:")
        for path, mime in (
            ("static/pyodide/pyodide.asm.wasm", "application/wasm"),
            ("static/pyodide/pyodide.mjs", "text/javascript"),
            ("jupyter-lite.json", "application/json"),
        ):
            with urllib.request.urlopen(f"{base}/{path}", timeout=10) as answer:
                assert answer.headers["Content-Type"].startswith(mime), path
    finally:
        server.shutdown()
        server.server_close()


def test_serving_a_folder_that_is_no_site_says_so(tmp_path: Path) -> None:
    with pytest.raises(SiteBuildError, match="is not a built site"):
        serve_in_thread(tmp_path)


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="teachgames")
    add_cli(parser.add_subparsers(dest="command"))
    return parser.parse_args(["site", *argv])


def test_the_command_is_private_by_default_and_builds_nothing_over_a_foreign_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _parse("-o", str(tmp_path), "--language", "ru", "--language", "bg", "--games", "delissimo")
    assert args.host == "127.0.0.1" and args.port == 8000 and not args.serve
    assert args.language == ["ru", "bg"] and args.games == ["delissimo"] and args.func is run
    (tmp_path / "homework.txt").write_text("a teacher's own file")
    assert run(args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not empty and holds no teachgames site" in err[0]
    assert (tmp_path / "homework.txt").read_text() == "a teacher's own file"
    assert _parse("-o", "x", "--serve", "--lan").lan


def test_a_plan_page_has_its_title_its_language_and_a_way_back(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "lessons" / "ru").mkdir()
    (root / "lessons" / "ru" / "delissimo-8plus.md").write_text(
        "# План <урока>\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"
    )
    plan = content.discover(["ru"], None, root)[1][0]
    page = plan_page(plan)
    assert "<title>План &lt;урока&gt;</title>" in page and 'lang="ru"' in page
    assert 'href="../../classroom.html">Все уроки</a>' in page


def test_every_dependency_of_teachgames_is_bundled_for_the_browser() -> None:
    """A new dependency in pyproject.toml must be pinned for the site too (or the build stops)."""
    import tomllib

    from teachgames.site.packages import NOT_IN_BROWSER
    from teachgames.site.wheels import canonical

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    names = {canonical(re.split(r"[\s<>=!~\[;]", d, maxsplit=1)[0]) for d in declared}
    bundled = {canonical(w.name) for w in WHEELS}
    assert names - bundled - NOT_IN_BROWSER == set()
    assert "matplotlib" not in names, "matplotlib is the plots extra: the browser cannot install it"


def test_sympy_waits_until_after_the_first_screen() -> None:
    first, later = kernel_start.first_and_later(["teachgames", "teachgames.lesson", "anywidget", "sympy"])
    assert first == ["teachgames", "teachgames.lesson", "anywidget"]
    assert later == ["sympy"]


def test_the_kernel_imports_the_first_screen_at_once_and_sympy_once_the_pupil_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pupil's first widget never waits behind sympy's import: the kernel imports it only
    after a cell has run and the pupil is reading (no cell running for a moment)."""
    imported: list[str] = []
    seen: list[startup.Activity] = []

    async def load_package(packages: list[str]) -> None:
        imported.append("load " + ",".join(packages))

    monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(loadPackage=load_package))
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", types.SimpleNamespace(to_js=list))
    monkeypatch.setattr(importlib, "import_module", imported.append)
    monkeypatch.setattr(startup.Activity, "watch", lambda self: seen.append(self))
    monkeypatch.setattr(startup, "READING", 0.05)

    async def pupil() -> None:
        task = asyncio.ensure_future(startup.preload(["teachgames"], ["teachgames.lesson"], ["sympy"]))
        await asyncio.sleep(0.3)
        assert imported == ["load teachgames", "teachgames.lesson"]  # no cell run yet
        seen[0].started()
        await asyncio.sleep(0.3)
        assert "sympy" not in imported  # a cell is running
        seen[0].finished()
        await asyncio.wait_for(task, 5)

    asyncio.run(pupil())
    assert imported == ["load teachgames", "teachgames.lesson", "sympy"]
    assert [what for what, _ in startup.TIMES][-1] == "preloaded"


def test_a_dropped_folder_can_keep_some_of_its_files(tmp_path: Path) -> None:
    """Pygments ships only the lexers IPython uses: the rest of ``pygments/lexers`` goes."""
    drop = DROPPED["pygments"]
    assert bytecode._dropped("pygments/lexers/rust.py", drop)
    assert not bytecode._dropped("pygments/lexers/python.py", drop)
    assert not bytecode._dropped("pygments/lexers/__init__.py", drop)
    assert not bytecode._dropped("pygments/formatters/html.py", drop)
    assert bytecode._dropped("sympy/polys/benchmarks/bench_solvers.py", DROPPED["sympy"])


def test_loading_teachgames_no_longer_fetches_sympy_before_the_first_widget() -> None:
    entries = {
        "teachgames": {"depends": ["sympy", "anywidget"]},
        "sympy": {"depends": ["mpmath"]},
        "mpmath": {"depends": []},
        "anywidget": {"depends": []},
    }
    deferred = defer(entries, {"sympy", "mpmath"})
    assert deferred["teachgames"]["depends"] == ["anywidget"]
    assert deferred["sympy"]["depends"] == ["mpmath"]  # sympy still brings mpmath when it comes
    assert entries["teachgames"]["depends"] == ["sympy", "anywidget"]  # the input is left as it was


def _fake_pyodide(monkeypatch: pytest.MonkeyPatch, wheels: dict[str, bytes]) -> types.SimpleNamespace:
    lock = types.SimpleNamespace(
        **{
            name: types.SimpleNamespace(
                file_name=f"{name}-1.0-py3-none-any.whl",
                sha256=sha256_of_bytes(data),
                depends=["dep"] if name == "pkg" else [],
            )
            for name, data in wheels.items()
        }
    )
    api = types.SimpleNamespace(lockfile_packages=lock, config=types.SimpleNamespace(indexURL="http://site/static/pyodide/"))
    fake = types.SimpleNamespace(_api=api, loadedPackages=types.SimpleNamespace())
    monkeypatch.setitem(sys.modules, "pyodide_js", fake)
    return fake


def sha256_of_bytes(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _wheel_bytes(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buffer.getvalue()


def test_a_lesson_importing_sympy_before_the_kernel_loaded_it_gets_it_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel loads sympy once the pupil reads; a cell that needs it sooner finds it
    (fetched there and then, with what it needs, each checked against the lock)."""
    wheels = {"pkg": _wheel_bytes({"pkg/__init__.py": "X = 1\n"}), "dep": _wheel_bytes({"dep.py": ""})}
    fake = _fake_pyodide(monkeypatch, wheels)
    asked: list[str] = []

    def fetch(url: str) -> bytes:
        asked.append(url)
        return wheels[url.rsplit("/", 1)[1].split("-")[0]]

    startup.install_now("pkg", str(tmp_path), fetch)
    assert asked == [
        "http://site/static/pyodide/dep-1.0-py3-none-any.whl",
        "http://site/static/pyodide/pkg-1.0-py3-none-any.whl",
    ]
    assert (tmp_path / "pkg" / "__init__.py").is_file() and (tmp_path / "dep.py").is_file()
    assert startup.loaded("pkg") and startup.loaded("dep")
    assert fake.loadedPackages.pkg == startup.CHANNEL

    # a file that is not the one the lock names is refused, and nothing is unpacked
    fake.loadedPackages = types.SimpleNamespace(dep=startup.CHANNEL)
    with pytest.raises(OSError, match="sha256"):
        startup.install_now("pkg", str(tmp_path / "other"), lambda url: b"PK tampered")
    assert not (tmp_path / "other").exists() and not startup.loaded("pkg")

    finder = startup.Deferred({"pkg": ["pkg"]}, str(tmp_path / "again"))
    assert finder.find_spec("pkg") is None  # it never finds: it puts the files in place
    assert [what for what, _ in startup.TIMES][-1].startswith("could not fetch pkg")  # no browser here


def test_the_start_page_lists_the_lessons_in_teaching_order() -> None:
    """Game by game, and within a game by age (6+, 8+, 10+; 8+, 11+), not by file name
    (where 10plus came before 6plus and 11plus before 8plus)."""
    repo = Path(__file__).resolve().parents[2]
    notebooks, plans = content.discover(["en"], None, repo)
    page = start_page(notebooks, plans, "en")
    order = re.findall(r'data-lesson="en/([^"]+)\.ipynb"', page)
    assert order.index("delissimo-6plus") < order.index("delissimo-8plus") < order.index("delissimo-10plus")
    assert order.index("tsvetik-8plus") < order.index("tsvetik-11plus")
    assert order.index("delissimo-10plus") < order.index("tsvetik-8plus")  # one game's lessons together
    plan_order = re.findall(r'href="plans/([^"]+)\.html"', page)
    assert plan_order.index("delissimo-6plus") < plan_order.index("delissimo-8plus") < plan_order.index("delissimo-10plus")
