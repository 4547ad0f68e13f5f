"""The lesson pages kept on each laptop: a service worker and a "prepare the laptops" page.

A pupil's browser keeps what it fetched in its HTTP cache, but revalidates every file on
the next visit (so it needs the teacher's server) and may evict the 15 MB of a lesson
whenever it likes. A service worker with Cache Storage keeps the lesson pages, their
scripts, the Python runtime and the wheels the lessons import for as long as the site does
not change: a second visit asks the network for nothing, and works with the server off.

- ``pupil/offline.js``: the worker (``page/offline.js``) after the list of files it keeps
  and a version, the hash of those files' contents: a rebuilt site with any file changed
  gets a new cache, and the old one is deleted once the new one is complete. Its scope is
  ``pupil/``, the lesson pages (JupyterLite's own service worker owns the site's root).
  Only the site's own files in that list are answered from the cache; anything else
  (the class server under ``/class/``, other origins) goes to the network untouched.
- ``pupil/<language>/prepare.html``: the page a teacher opens on each laptop the day
  before; it fetches every kept file into the cache with a progress bar, then says the
  laptop is ready.
- The lesson page registers the worker once its lesson has run (``page.mjs``), so the
  first visit's downloads are not slowed by a second copy; the worker's files then come
  mostly from the browser's HTTP cache.

Browsers allow service workers only on ``https://`` and ``localhost``: served from a
teacher's laptop on plain ``http://`` the pages work as before and the prepare page says
why it cannot keep the site.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..core.i18n import FALLBACK, messages, tr
from .config import RUNTIME_DIR
from .pages import LESSON_PAGES
from .runtime import RUNTIME_FILES

#: the worker's file in the site; its folder is its scope
WORKER = f"{LESSON_PAGES}/offline.js"
#: the worker's code, after the generated list
SOURCE = Path(__file__).resolve().parent / "page" / "offline.js"
#: the prepare page's script
PREPARE_SCRIPT = Path(__file__).resolve().parent / "page" / "prepare.mjs"
#: the prepare page, per language
PREPARE_PAGE = "prepare.html"
#: the lesson pages' shared files (written by :func:`.lessonpage.write_lesson_pages`)
PAGE_ASSETS = ("page.css", "page.mjs", "worker.mjs")
#: the lock's packages a lesson page loads (their requirements come along)
LESSON_PACKAGES = ("teachgames",)
#: words the prepare page's script writes (catalogue keys ``site.prepare.*``)
PREPARE_WORDS = ("progress", "done", "failed", "not_secure")


def lesson_wheels(lock: dict[str, object], roots: Iterable[str]) -> list[str]:
    """The wheel files of ``roots`` and everything they require, by the lock's ``depends``."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    wanted, queue = set(), list(roots)
    while queue:
        name = queue.pop()
        if name in wanted or name not in packages:
            continue
        wanted.add(name)
        queue.extend(packages[name].get("depends", []))
    return sorted(packages[name]["file_name"] for name in wanted)


def kept_files(site: Path) -> list[str]:
    """What a laptop keeps, relative to the site's root: the lesson pages and their files,
    the runtime, the lock and the wheels a lesson page loads, now or after its first
    screen (sympy). The JupyterLite app (the teacher's notebook) is not kept."""
    from .packages import AFTER_FIRST_SCREEN

    runtime = site / RUNTIME_DIR
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    files = ["favicon.ico"] if (site / "favicon.ico").is_file() else []
    files += [f"{LESSON_PAGES}/{name}" for name in PAGE_ASSETS]
    pages = sorted(p for p in (site / LESSON_PAGES).glob("*/*.html"))
    files += [p.relative_to(site).as_posix() for p in pages]
    names = [
        *RUNTIME_FILES,
        "pyodide-lock.json",
        *lesson_wheels(lock, [*LESSON_PACKAGES, *AFTER_FIRST_SCREEN]),
    ]
    files += [f"{RUNTIME_DIR}/{name}" for name in names]
    return files


def version_of(site: Path, files: Sequence[str]) -> str:
    """A hash of the kept files' names and contents: any change, a new version."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def worker_source(version: str, files: Sequence[str]) -> str:
    """The service worker: its version and list, then its code."""
    head = f"const VERSION = {json.dumps(version)};\nconst FILES = {json.dumps(list(files), indent=0)};\n"
    return head + SOURCE.read_text(encoding="utf-8")


def prepare_page(language: str, version: str, files: Sequence[str], sizes: Sequence[int]) -> str:
    """The "prepare the laptops" page in ``language`` (it lives in ``pupil/<language>/``)."""
    from .lessonpage import THEME_SCRIPT, _script_data

    own, english = messages("site", language), messages("site", FALLBACK)
    words = {key: own.get(f"prepare.{key}", english[f"prepare.{key}"]) for key in PREPARE_WORDS}
    data = {"version": version, "files": [f"../../{name}" for name in files], "sizes": list(sizes)}
    title = html.escape(tr("site.prepare.title", language))
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>{THEME_SCRIPT}"
        '<link rel="icon" href="../../favicon.ico">'
        '<link rel="stylesheet" href="../page.css">'
        '<script type="module" src="../prepare.mjs"></script></head>\n'
        f'<body><main>\n<p class="tg-back"><a href="../../classroom.html">'
        f"{html.escape(tr('site.back', language))}</a></p>\n"
        f"<h1>{title}</h1>\n<p>{html.escape(tr('site.prepare.intro', language))}</p>\n"
        f'<p><button type="button" id="tg-prepare">{html.escape(tr("site.prepare.start", language))}'
        "</button></p>\n"
        '<p><progress id="tg-prepare-bar" max="1" value="0" hidden></progress></p>\n'
        '<p id="tg-prepare-status" role="status" aria-live="polite"></p>\n'
        + _script_data("tg-prepare-data", data)
        + _script_data("tg-prepare-words", words)
        + "\n</main></body></html>\n"
    )


def write_offline(site: Path, languages: Sequence[str]) -> tuple[str, list[str]]:
    """Write the prepare pages, the prepare script and the service worker into a built
    site (after its lesson pages); the version and the kept files."""
    folder = site / LESSON_PAGES
    present = sorted({p.parent.name for p in folder.glob("*/*.html")} | set(languages))
    for language in present:
        (folder / language).mkdir(parents=True, exist_ok=True)
        # a placeholder first, so that the page is in its own list
        (folder / language / PREPARE_PAGE).write_text("", encoding="utf-8")
    (folder / PREPARE_SCRIPT.name).write_bytes(PREPARE_SCRIPT.read_bytes())
    files = [*kept_files(site), f"{LESSON_PAGES}/{PREPARE_SCRIPT.name}"]
    # the prepare pages hold the version, so it is taken over everything else
    others = [name for name in files if not name.endswith(f"/{PREPARE_PAGE}")]
    version = version_of(site, others)
    sizes = [(site / name).stat().st_size for name in files]
    for language in present:
        page = prepare_page(language, version, files, sizes)
        (folder / language / PREPARE_PAGE).write_text(page, encoding="utf-8")
    (site / WORKER).write_text(worker_source(version, [f"../{name}" for name in files]), encoding="utf-8")
    return version, files
