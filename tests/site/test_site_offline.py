"""The lesson pages kept on each laptop, without a browser: the service worker the build
writes, the files it keeps (exactly the lesson pages' files that exist in the site, never
the teacher's JupyterLite app, never another origin), its version (a new one when any kept
file changes) and the "prepare the laptops" page in each language. A browser test of the
worker answering with the server stopped is in test_site_offline_browser.py.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from teachgames.site.content import Item
from teachgames.site.lessonpage import write_lesson_pages
from teachgames.site.offline import WORKER, kept_files, lesson_wheels, write_offline

ROOT = Path(__file__).resolve().parents[2]
LESSON = "delissimo-8plus.ipynb"

#: a small lock: teachgames needs anywidget (and its own needs); the kernel's jedi is not a lesson's
LOCK = {
    "info": {"version": "0.0"},
    "packages": {
        "teachgames": {"file_name": "teachgames-0.1.0-py3-none-any.whl", "depends": ["anywidget"]},
        "anywidget": {"file_name": "anywidget-0.11.0-py3-none-any.whl", "depends": ["psygnal"]},
        "psygnal": {"file_name": "psygnal-0.16.1-py3-none-any.whl", "depends": []},
        "sympy": {"file_name": "sympy-1.14.0-py3-none-any.whl", "depends": ["mpmath"]},
        "mpmath": {"file_name": "mpmath-1.4.1-py3-none-any.whl", "depends": []},
        "jedi": {"file_name": "jedi-0.19.2-py2.py3-none-any.whl", "depends": ["parso"]},
        "parso": {"file_name": "parso-0.8.6-py2.py3-none-any.whl", "depends": []},
    },
}


def _site(tmp_path: Path, languages: tuple[str, ...] = ("en", "ru")) -> Path:
    """A site as the build leaves it before compressing: lesson pages, runtime, wheels."""
    site = tmp_path / "site"
    runtime = site / "static" / "pyodide"
    runtime.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        (runtime / name).write_bytes(name.encode() * 10)
    for entry in LOCK["packages"].values():  # type: ignore[attr-defined]
        (runtime / entry["file_name"]).write_bytes(entry["file_name"].encode())
    (runtime / "pyodide-lock.json").write_text(json.dumps(LOCK), encoding="utf-8")
    (site / "lab").mkdir()
    (site / "lab" / "index.html").write_text("<html></html>", encoding="utf-8")
    (site / "favicon.ico").write_bytes(b"icon")
    items = [
        Item(ROOT / "notebooks" / lang / LESSON, f"{lang}/{LESSON}", lang, "delissimo") for lang in languages
    ]
    write_lesson_pages(site, items)
    return site


def _worker_list(site: Path) -> tuple[str, list[str]]:
    source = (site / WORKER).read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "([0-9a-f]+)";', source, re.M)
    files = re.search(r"^const FILES = (\[.*?\]);", source, re.M | re.S)
    assert version and files, "the worker does not start with its version and its list"
    return version.group(1), json.loads(files.group(1))


def _script_json(page: str, element_id: str) -> Any:
    found = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    assert found, f"no {element_id} data on the page"
    return json.loads(found.group(1))


def test_the_worker_keeps_exactly_the_lesson_pages_files_and_they_exist(tmp_path: Path) -> None:
    site = _site(tmp_path)
    version, files = write_offline(site, ("en", "ru"))
    worker_version, listed = _worker_list(site)
    assert worker_version == version
    # listed relative to the worker (pupil/), each a file of the site, none twice
    in_site = [(site / "pupil" / name).resolve() for name in listed]
    assert all(path.is_file() for path in in_site), [str(p) for p in in_site if not p.is_file()]
    assert [p.relative_to(site.resolve()).as_posix() for p in in_site] == files
    assert len(set(files)) == len(files)
    for needed in (
        "pupil/en/delissimo-8plus.html",
        "pupil/ru/delissimo-8plus.html",
        "pupil/page.mjs",
        "pupil/worker.mjs",
        "static/pyodide/pyodide.asm.wasm",
        "static/pyodide/pyodide-lock.json",
        "static/pyodide/teachgames-0.1.0-py3-none-any.whl",
        "static/pyodide/psygnal-0.16.1-py3-none-any.whl",  # a requirement of a requirement
        "static/pyodide/sympy-1.14.0-py3-none-any.whl",  # fetched after the first screen
        "static/pyodide/mpmath-1.4.1-py3-none-any.whl",
    ):
        assert needed in files
    # the teacher's notebook app and the kernel's own packages stay on the server
    assert not any(name.startswith("lab/") or "jedi" in name or "parso" in name for name in files)
    assert WORKER not in files  # a worker is never answered from its own cache
    assert not any(name.startswith(("http:", "https:", "//")) for name in listed)


def test_the_version_changes_with_any_kept_file_and_only_then(tmp_path: Path) -> None:
    site = _site(tmp_path)
    first, _ = write_offline(site, ("en",))
    again, _ = write_offline(site, ("en",))
    assert again == first  # the same files: the laptops keep what they have
    (site / "lab" / "index.html").write_text("<html>changed</html>", encoding="utf-8")
    assert write_offline(site, ("en",))[0] == first  # not kept: no reason to fetch again
    (site / "static" / "pyodide" / "teachgames-0.1.0-py3-none-any.whl").write_bytes(b"a new lesson")
    rebuilt, _ = write_offline(site, ("en",))
    assert rebuilt != first
    assert _worker_list(site)[0] == rebuilt
    assert f'"version": "{rebuilt}"' in (site / "pupil" / "en" / "prepare.html").read_text(encoding="utf-8")


def test_the_worker_answers_only_its_own_files_from_the_cache(tmp_path: Path) -> None:
    site = _site(tmp_path)
    write_offline(site, ("en",))
    source = (site / WORKER).read_text(encoding="utf-8")
    # a request not in the list (the class server, another origin) is left to the network
    assert "if (!KEPT.has(key)) return;" in source
    assert 'request.method !== "GET"' in source
    # old versions are deleted once the new one is active
    assert "caches.delete(name)" in source


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Prepare the laptops for the lessons"),
        ("ru", "Подготовка ноутбуков к урокам"),
        ("bg", "Подготовка на лаптопите за уроците"),
    ],
)
def test_the_prepare_page_in_each_language_lists_what_the_worker_keeps(
    tmp_path: Path, language: str, title: str
) -> None:
    site = _site(tmp_path, (language,))
    version, files = write_offline(site, (language,))
    page = (site / "pupil" / language / "prepare.html").read_text(encoding="utf-8")
    assert f'<html lang="{language}">' in page
    assert f"<h1>{html.escape(title)}</h1>" in page
    data = _script_json(page, "tg-prepare-data")
    assert data["version"] == version
    # listed relative to the page (pupil/<language>/): the same files as the worker's
    assert [name.removeprefix("../../") for name in data["files"]] == files
    assert len(data["sizes"]) == len(files) and sum(data["sizes"]) > 0
    words = _script_json(page, "tg-prepare-words")
    assert set(words) == {"progress", "done", "failed", "not_secure"}
    assert "{done}" in words["progress"] and "{total}" in words["progress"]
    if language != "en":
        english = _site(tmp_path / "en", ("en",))
        write_offline(english, ("en",))
        in_english = (english / "pupil" / "en" / "prepare.html").read_text(encoding="utf-8")
        assert words["done"] != _script_json(in_english, "tg-prepare-words")["done"]  # translated


def test_lesson_wheels_follow_requirements_and_skip_unknown_names() -> None:
    assert lesson_wheels(LOCK, ["teachgames", "nothing-like-it"]) == [
        "anywidget-0.11.0-py3-none-any.whl",
        "psygnal-0.16.1-py3-none-any.whl",
        "teachgames-0.1.0-py3-none-any.whl",
    ]


def test_kept_files_of_a_built_site_exist(tmp_path: Path) -> None:
    site = _site(tmp_path, ("bg",))
    write_offline(site, ("bg",))
    assert all((site / name).is_file() for name in kept_files(site))
    assert "pupil/bg/prepare.html" in kept_files(site)


def test_the_start_page_links_each_languages_prepare_page_and_it_exists(tmp_path: Path) -> None:
    from teachgames.site.pages import start_page

    site = _site(tmp_path, ("en", "bg"))
    write_offline(site, ("en", "bg"))
    items = [
        Item(ROOT / "notebooks" / lang / LESSON, f"{lang}/{LESSON}", lang, "delissimo")
        for lang in ("en", "bg")
    ]
    page = start_page(items, [], "en")
    links = re.findall(r'<a class="prepare" href="([^"]+)">([^<]+)</a>', page)
    assert [href for href, _ in links] == ["pupil/en/prepare.html", "pupil/bg/prepare.html"]
    assert links[1][1] == "Подготовка на лаптопите за уроците"
    assert all((site / href).is_file() for href, _ in links)
