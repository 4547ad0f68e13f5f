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


async def preload(packages: Sequence[str], modules: Sequence[str], later: Sequence[str] = ()) -> None:
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
    await _import_all(later)
    mark("preloaded")


def _kernel_started() -> None:
    settings = _settings()
    if settings is None:
        return
    with contextlib.suppress(Exception):
        close_micropip(settings.ALLOWED, settings.REFUSALS)
    try:
        import asyncio

        loop = asyncio.get_event_loop()
        # after the kernel's own start has finished and answered the page
        later = getattr(settings, "LATER", ())
        loop.call_later(
            0.2, lambda: asyncio.ensure_future(preload(settings.PACKAGES, settings.MODULES, later))
        )
    except Exception:
        pass


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


install()
