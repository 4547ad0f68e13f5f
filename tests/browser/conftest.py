"""Real-browser fixtures: one JupyterLab per test session, Debian chromium via Playwright.

What makes a browser test reliable here: own Jupyter config/data/runtime dirs, a fixed
token, a free port, the announcements pop-up disabled, the server in its own process
group (only that group is signalled on teardown), readiness by polling /api/status.

When chromium or playwright is missing the tests skip, except when the environment
variable ``CI`` is set: then they fail, so CI never passes by skipping them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
#: The desktop browser, as pupils have it: the benchmarks that time what a pupil waits use it.
PUPILS_CHROMIUM = "/usr/bin/chromium"
#: Debian's Chromium builds, the first present is used. ``chromium-headless-shell`` is the
#: same Blink without the desktop browser around it, as Playwright itself uses for headless
#: runs: the same browser tests take about 14 % less processor time than with ``chromium``
#: (``python benchmarks/browser_cpu.py``), which matters on a CI bound by its processor.
#: ``TEACHGAMES_CHROMIUM`` names another build to test with.
CHROMIUM_BUILDS = ("/usr/bin/chromium-headless-shell", PUPILS_CHROMIUM)
CHROMIUM_INSTALL = "apt-get install chromium-headless-shell, or chromium"


def chromium_path() -> str:
    """The Chromium the browser tests drive (see ``CHROMIUM_BUILDS``)."""
    chosen = os.environ.get("TEACHGAMES_CHROMIUM")
    if chosen:
        return chosen
    return next((b for b in CHROMIUM_BUILDS if Path(b).exists()), CHROMIUM_BUILDS[-1])


CHROMIUM = chromium_path()
#: A lesson's activities (warm-up, puzzles, exit ticket ...), not the practice that ends the
#: lesson: both draw a ``tga-root``, so a walk through the lesson's parts counts only these.
LESSON_ACTIVITY = '[data-testid="tga-activity"]'

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TOKEN = "teachgames-browser-test-token"
ARTIFACTS = REPO / "artifacts" / "browser"
SERVER_START_TIMEOUT_S = 90.0

#: The kernel is really connected (the toolbar's "idle" shows earlier).
KERNEL_READY_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext && w.sessionContext.session;
  const k = s && s.kernel;
  return !!k && k.connectionStatus === "connected" && k.status === "idle";
}"""


def click_and_wait_js(timeout_ms: int = 30_000) -> str:
    """JavaScript that clicks an element and resolves when its widget shows a new view-model
    version (or rejects after ``timeout_ms``)."""
    return """(target) => new Promise((resolve, reject) => {
  const root = target.closest('[data-testid="tg-widget"]');
  const before = root.getAttribute("data-version");
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error("no DOM update")); }, TIMEOUT_MS);
  const obs = new MutationObserver(() => {
    if (root.getAttribute("data-version") !== before) {
      obs.disconnect(); clearTimeout(timer); resolve(true);
    }
  });
  obs.observe(root, {attributes: true, attributeFilter: ["data-version"]});
  target.click();
})""".replace("TIMEOUT_MS", str(timeout_ms))


#: Click an element and resolve when its widget shows a new view-model version.
CLICK_AND_WAIT_JS = click_and_wait_js()
THEME_JS = "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})"


def use_theme(page: Any, theme: str, timeout_ms: int = 120_000) -> str:
    """Switch JupyterLab to ``theme`` ("JupyterLab Light" or "JupyterLab Dark") and wait
    until the page is in it; "light" or "dark", for a screenshot's name."""
    from playwright.sync_api import expect

    page.evaluate(THEME_JS, theme)
    dark = theme.endswith("Dark")
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", "false" if dark else "true", timeout=timeout_ms
    )
    return "dark" if dark else "light"


def missing_chromium() -> list[str]:
    """The Chromium every browser test drives, in words, when this machine lacks it."""
    if Path(CHROMIUM).exists():
        return []
    return [f"chromium at {CHROMIUM} ({CHROMIUM_INSTALL})"]


def missing_browser_parts() -> list[str]:
    """What the real-browser tests need and this machine lacks."""
    missing = missing_chromium()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the Python playwright package")
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        missing.append("jupyterlab")
    return missing


def require_browser() -> None:
    """Skip when the browser stack is missing; fail instead when CI is set."""
    missing = missing_browser_parts()
    if not missing:
        return
    message = "real-browser tests need " + ", ".join(missing)
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Lab:
    """A running JupyterLab: where it serves and which folder it serves."""

    base_url: str
    token: str
    root: Path
    log: Path

    def notebook_url(self, relative: str) -> str:
        return f"{self.base_url}/lab/tree/{relative}?token={self.token}&reset"


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


@contextlib.contextmanager
def running_lab(base: Path) -> Iterator[Lab]:
    """A JupyterLab serving a copy of ``notebooks/`` under ``base`` (also used by
    ``benchmarks/widget_browser.py``); stopped, with its process group, on exit."""
    root = base / "root"
    if (REPO / "notebooks").is_dir():
        shutil.copytree(REPO / "notebooks", root / "notebooks")
    else:
        (root / "notebooks").mkdir(parents=True)
    config, data, runtime = base / "config", base / "data", base / "runtime"
    for d in (config, data, runtime):
        d.mkdir()
    _write_json(
        config / "labconfig" / "page_config.json",
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}},
    )
    # Render every cell (no windowing), so every widget of a run notebook is in the DOM.
    _write_json(
        config / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
        / "tracker.jupyterlab-settings",
        {"windowingMode": "none"},
    )
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(data),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
    )
    port = _free_port()
    log_path = base / "jupyterlab.log"
    log_file = log_path.open("w")
    cmd = [
        sys.executable, "-m", "jupyter", "lab",
        "--allow-root", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    proc = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"JupyterLab exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}"
                )
            try:
                with urllib.request.urlopen(f"{base_url}/api/status?token={TOKEN}", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"JupyterLab did not answer:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
        yield Lab(base_url, TOKEN, root, log_path)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # the server's own group, nothing else
            proc.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        log_file.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    require_browser()
    with running_lab(tmp_path_factory.mktemp("jupyterlab")) as running:
        yield running


def launched_chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright's sync API, closed after use: the body of the
    module-scoped browser fixtures (Playwright's sync API cannot run twice at once, so a
    module's browser closes when its tests are done, before another module's start)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def browser(lab: Lab) -> Iterator[Any]:
    yield from launched_chromium()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture()
def shots(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``shots(page_or_locator, "name")`` saves a PNG under tmp_path and artifacts/browser/."""
    saved: list[Path] = []

    def take(target: Any, name: str, **kw: Any) -> Path:
        path = tmp_path / f"{name}.png"
        target.screenshot(path=str(path), **kw)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, ARTIFACTS / path.name)
        saved.append(path)
        return path

    yield take
    if saved:
        print(f"\nscreenshots ({request.node.name}): " + ", ".join(str(p) for p in saved))
