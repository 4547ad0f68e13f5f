"""What the browser's Python does at start in a classroom site (shipped as its ``sitecustomize``).

Python imports ``sitecustomize`` when it starts; the site's build puts this file under that
name into the runtime's standard library zip, with ``_teachgames_site_settings`` beside it
(what the lessons import, which packages the site holds, the refusal in every language).
Once the kernel has started (its ``pyodide_kernel`` module is imported), two things happen:

- **the lessons' packages are loaded and imported in the background** (teachgames, sympy,
  the widgets: seconds of CPU on a school laptop) while the pupil reads the lesson's first
  lines, so the first cell finds them ready; a cell run before that simply waits for it;
- **installing from the internet is refused**: ``micropip.install('requests')`` raises a
  ``ValueError`` saying in the pupil's language that only the site's own packages can be
  installed, before anything is asked of any index. The site's packages still install.

Nothing here imports teachgames (it may not be installed yet when Python starts), and every
failure is swallowed: a lesson must never fail because a speed-up did.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
#: what happened when (``time.monotonic()``, the worker's ``performance.now()`` in seconds):
#: read by ``benchmarks/site_breakdown.py`` to say where a pupil's wait goes
TIMES: list[tuple[str, float]] = []
#: seconds without a cell running after which the pupil is taken to be reading
READING = 1.0
#: seconds after the first screen's imports after which the rest is imported anyway
AT_THE_LATEST = 20.0


def mark(what: str) -> None:
    TIMES.append((what, time.monotonic()))


def _settings() -> Any:
    try:
        import _teachgames_site_settings as settings
    except ImportError:
        return None
    return settings


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def outside_requirements(requirements: str | Sequence[str], allowed: Sequence[str], origin: str) -> list[str]:
    """The requirements that would need an index: names the site does not hold, or URLs of
    another host (a wheel of the site itself, ``emfs:`` or relative paths, are inside)."""
    wanted = [requirements] if isinstance(requirements, str) else list(requirements)
    known = {canonical(name) for name in allowed}
    outside = []
    for requirement in wanted:
        text = str(requirement).strip()
        if "://" in text or text.startswith(("emfs:", "/", "./", "../")) or text.endswith(".whl"):
            if "://" in text and not (origin and text.startswith(origin + "/")):
                outside.append(text)
            continue
        match = _NAME.match(text)
        if match is None or canonical(match.group(1)) not in known:
            outside.append(text)
    return outside


def refusal(language: str, refusals: dict[str, str], names: Sequence[str]) -> str:
    text = refusals.get(language[:2].lower()) or refusals.get("en") or "{names}: not in this site"
    return text.replace("{names}", ", ".join(names))


def _browser_language() -> str:
    try:
        import js

        return str(js.navigator.language or "en")
    except Exception:
        return "en"


def _origin() -> str:
    try:
        import js

        return str(js.location.origin)
    except Exception:
        return ""


def close_micropip(allowed: Sequence[str], refusals: dict[str, str]) -> None:
    """Wrap ``micropip.install``: a package the site does not hold is refused in plain words."""
    import micropip

    original: Callable[..., Awaitable[Any]] = micropip.install
    if getattr(original, "_teachgames_closed", False):
        return

    async def install(requirements: str | list[str], *args: Any, **kwargs: Any) -> Any:
        outside = outside_requirements(requirements, allowed, _origin())
        if outside:
            raise ValueError(refusal(_browser_language(), refusals, outside))
        return await original(requirements, *args, **kwargs)

    install._teachgames_closed = True  # type: ignore[attr-defined]
    install.__doc__ = original.__doc__
    micropip.install = install


class Activity:
    """When the pupil last ran a cell (IPython's ``pre_run_cell``/``post_run_cell``)."""

    def __init__(self) -> None:
        self.cells = 0
        self.running = False
        self.since = time.monotonic()

    def started(self, *_: Any) -> None:
        self.running = True

    def finished(self, *_: Any) -> None:
        self.cells += 1
        self.running = False
        self.since = time.monotonic()

    def watch(self) -> None:
        with contextlib.suppress(Exception):
            from IPython import get_ipython

            shell = get_ipython()
            shell.events.register("pre_run_cell", self.started)
            shell.events.register("post_run_cell", self.finished)

    def reading(self, since_start: float) -> bool:
        """The pupil is reading: a cell has run and none since ``READING`` s, or nothing has
        run for ``AT_THE_LATEST`` s."""
        if self.running:
            return False
        quiet = time.monotonic() - self.since
        return (self.cells > 0 and quiet >= READING) or since_start >= AT_THE_LATEST


async def _import_all(modules: Sequence[str]) -> None:
    import asyncio
    import importlib

    for module in modules:
        mark(f"import {module}")
        with contextlib.suppress(Exception):
            importlib.import_module(module)
        mark(f"imported {module}")
        await asyncio.sleep(0)  # a cell the pupil ran meanwhile goes first


async def preload(
    packages: Sequence[str],
    modules: Sequence[str],
    later: Sequence[str] = (),
    later_packages: Sequence[str] = (),
) -> None:
    """Load the site's wheels the lessons need and import the first screen's modules, then,
    once the pupil is reading (see :class:`Activity`), the heavy rest (sympy): importing it
    at once would make the first widget wait for it. Errors are ignored: the lesson's own
    import reports them."""
    import asyncio

    mark("kernel answered")
    activity = Activity()
    activity.watch()
    try:
        import pyodide_js
        from pyodide.ffi import to_js

        mark("load packages")
        await pyodide_js.loadPackage(to_js(list(packages)))
        mark("loaded packages")
    except Exception:
        return
    begun = time.monotonic()
    await _import_all(modules)
    while later and not activity.reading(time.monotonic() - begun):
        await asyncio.sleep(0.25)
    waiting = [name for name in later_packages if not loaded(name)]
    if waiting:
        mark("load later packages")
        with contextlib.suppress(Exception):
            await pyodide_js.loadPackage(to_js(waiting))
        mark("loaded later packages")
    await _import_all(later)
    mark("preloaded")


def quiet_empty_results() -> None:
    """Send a cell's result only when it has one, as the desktop kernel (ipykernel) does.

    The Pyodide kernel's display hook sends an ``execute_result`` with no data after every
    cell whose last line shows a widget (the widget has displayed itself): an empty "Out"
    area in the page, and one more output in the notebook than the same lesson gets on a
    desktop."""
    from pyodide_kernel.display import LiteDisplayHook  # type: ignore[import-not-found]

    if getattr(LiteDisplayHook.finish_displayhook, "teachgames", False):
        return
    publish = LiteDisplayHook.finish_displayhook

    def finish_displayhook(self: Any) -> None:
        if self.data:
            publish(self)
            return
        sys.stdout.flush()
        sys.stderr.flush()
        self.data, self.metadata = {}, {}

    finish_displayhook.teachgames = True  # type: ignore[attr-defined]
    LiteDisplayHook.finish_displayhook = finish_displayhook


def _try(step: Callable[[], None]) -> None:
    """A start-up step that must never stop the kernel's start."""
    with contextlib.suppress(Exception):
        step()


def _kernel_started() -> None:
    settings = _settings()
    if settings is None:
        return
    with contextlib.suppress(Exception):
        close_micropip(settings.ALLOWED, settings.REFUSALS)
    try:
        import asyncio

        loop = asyncio.get_event_loop()
        # once the kernel's module has loaded (it is being imported now)
        loop.call_soon(_try, quiet_empty_results)
        # after the kernel's own start has finished and answered the page
        later = getattr(settings, "LATER", ())
        later_packages = list(getattr(settings, "DEFERRED", {}))
        loop.call_later(
            0.2,
            lambda: asyncio.ensure_future(
                preload(settings.PACKAGES, settings.MODULES, later, later_packages)
            ),
        )
    except Exception:
        pass


#: Pyodide's name for packages loaded from the site's own lock
CHANNEL = "default channel"


def loaded(package: str) -> bool:
    """Pyodide has loaded ``package`` (or :class:`Deferred` has put it in place)."""
    try:
        import pyodide_js

        return getattr(pyodide_js.loadedPackages, package, None) is not None
    except Exception:
        return False


def fetch_now(url: str) -> bytes:
    """The file at ``url``, fetched synchronously (allowed in the kernel's web worker)."""
    import js

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return bytes(js.Uint8Array.new(request.response).to_bytes())


def install_now(package: str, site_packages: str, fetch: Callable[[str], bytes] = fetch_now) -> None:
    """Put ``package`` (and what it needs that is not there yet) into ``site_packages`` at
    once, from the site's lock: its file, checked against the lock's sha256, unpacked."""
    import hashlib
    import importlib
    import io
    import zipfile

    import pyodide_js

    entry = getattr(pyodide_js._api.lockfile_packages, package)
    for dep in entry.depends:
        if not loaded(str(dep)):
            install_now(str(dep), site_packages, fetch)
    base = str(pyodide_js._api.config.indexURL)  # the site's static/pyodide/, beside the lock
    data = fetch(base.rstrip("/") + "/" + str(entry.file_name))
    if hashlib.sha256(data).hexdigest() != str(entry.sha256):
        raise OSError(f"{entry.file_name}: its sha256 differs from the lock's")
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        wheel.extractall(site_packages)
    setattr(pyodide_js.loadedPackages, package, CHANNEL)
    importlib.invalidate_caches()


class Deferred:
    """A finder for the packages the kernel loads only once the pupil reads (sympy): a
    lesson that imports one before then gets it at once (fetched synchronously), instead
    of a ``ModuleNotFoundError``. Finds nothing itself: it only puts the files in place."""

    def __init__(self, imports: dict[str, Sequence[str]], site_packages: str) -> None:
        self.package_of = {name: package for package, names in imports.items() for name in names}
        self.site_packages = site_packages

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        package = self.package_of.get(name)
        if package is not None and not loaded(package):
            mark(f"fetch {package} at once")
            try:
                install_now(package, self.site_packages)
            except Exception as err:  # the import then fails as it would have, and says why
                mark(f"could not fetch {package}: {err!r}")
            else:
                mark(f"fetched {package} at once")
        return None


#: modules whose first import marks a step of the kernel's start (see :data:`TIMES`)
STEPS = ("micropip", "piplite", "IPython", "jedi", "ipykernel")


class KernelWatch:
    """A finder that finds nothing: it only notices the kernel's module being imported (and
    marks the first import of each of :data:`STEPS`)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name in STEPS and name not in self.seen:
            self.seen.add(name)
            mark(f"first import of {name}")
        if name == "pyodide_kernel":
            mark("kernel import")
            sys.meta_path.remove(self)
            _kernel_started()
        return None


def install() -> None:
    if sys.platform == "emscripten" and not any(isinstance(f, KernelWatch) for f in sys.meta_path):
        mark("python started")
        sys.meta_path.insert(0, KernelWatch())
        settings = _settings()
        deferred = getattr(settings, "DEFERRED", None)
        if deferred:
            sys.meta_path.insert(1, Deferred(deferred, settings.SITE_PACKAGES))


install()
