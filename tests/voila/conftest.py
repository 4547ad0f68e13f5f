"""Fixtures for the lessons as pupils see them: Voilà, driven by Debian chromium.

``voila_servers`` starts Voilà exactly as ``teachgames lessons --pupil`` does (the same
copy of the lessons, the same command, the same pupil template), on a free loopback port
with its own Jupyter config/data/runtime dirs in a tmp dir, in its own process group
(only that group is signalled on teardown); it is ready when its index page answers.

``pupil_page`` is a fresh 1280x720 chromium page that lets loopback requests through and
aborts and COUNTS every other one: nothing a lesson asks for may leave the machine, so a
test using it fails when one was asked for. Light or dark: ``pupil_page.open(server,
notebook, theme="dark")`` (Voilà's ``?theme=`` query).

When chromium, playwright or voila is missing the tests skip, except when the
environment variable ``CI`` is set: then they fail, so CI never passes by skipping them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from browser.conftest import launched_chromium, missing_chromium

from teachgames.cli.lessons import copy_lessons, lesson_files
from teachgames.cli.pupil import LOOPBACK, class_environment, voila_command, voila_environment, write_template

REPO = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 1280, "height": 720}
#: Voilà's two themes, for ``@pytest.mark.parametrize("theme", THEMES)``.
THEMES = ("light", "dark")
ARTIFACTS = REPO / "artifacts" / "voila"
SERVER_START_TIMEOUT_S = 90.0
#: How long a lesson may take to run all its cells and show them.
RENDER_TIMEOUT_MS = 180_000
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
#: Voilà has run every cell and shows them (its spinner is gone).
RENDERED_JS = """() => {
  const cells = document.getElementById("rendered_cells");
  return !document.getElementById("loading") && !!cells && getComputedStyle(cells).display !== "none";
}"""
#: Records what Voilà's spinner says while the cells run (it is gone once they are shown).
LOADING_WORDS_JS = """window.tgLoadingWords = [];
new MutationObserver(() => {
  const el = document.getElementById("loading_text");
  const said = el && el.textContent.trim();
  if (said && window.tgLoadingWords.at(-1) !== said) window.tgLoadingWords.push(said);
}).observe(document, {subtree: true, childList: true, characterData: true});"""
#: An output drawn by a widget view that is not one of the standard ipywidgets controls
#: (those carry the class jupyter-widgets): an anywidget, with something drawn in it.
ANYWIDGET_VIEW = ".jp-OutputArea-output > .lm-Widget:not(.jupyter-widgets):has(*)"


def missing_parts() -> list[str]:
    """What the Voilà browser tests need and this machine lacks."""
    missing = missing_chromium()
    for module, what in (("playwright.sync_api", "the Python playwright package"), ("voila", "voila")):
        try:
            __import__(module)
        except ImportError:
            missing.append(what)
    return missing


def require_voila_browser() -> None:
    """Skip when the browser stack is missing; fail instead when CI is set."""
    missing = missing_parts()
    if not missing:
        return
    message = "Voilà browser tests need " + ", ".join(missing)
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class VoilaServer:
    """A running Voilà: where it serves, the pupils' copy it serves, its log."""

    base_url: str
    root: Path
    language: str
    log: Path

    def url(self, notebook: str = "", theme: str = "light") -> str:
        """The lesson's page (``notebook``: a file name in the copy), or the teacher's
        index page when ``notebook`` is empty; in the light or dark theme."""
        path = f"voila/render/{quote(notebook)}" if notebook else ""
        return f"{self.base_url}/{path}?theme={theme}"

    def code_lines(self, notebook: str, shortest: int = 16) -> list[str]:
        """The lines of the notebook's code cells a pupil must never see (the short ones,
        such as ``)``, could be any text)."""
        cells = json.loads((self.root / notebook).read_text(encoding="utf-8"))["cells"]
        lines = []
        for cell in cells:
            if cell["cell_type"] == "code":
                source = cell["source"]
                text = "".join(source) if isinstance(source, list) else source
                lines += [line.strip() for line in text.splitlines() if len(line.strip()) >= shortest]
        return lines


def _pupils_copy(root: Path, language: str, notebooks: Sequence[Path] | None) -> None:
    """The copy ``teachgames lessons --pupil`` serves; with ``notebooks``, those notebooks
    instead of the bundled ones (and the lesson plans and pages they link to)."""
    if notebooks is None:
        copy_lessons(root, language=language)
        return
    for dest, source in lesson_files(root, language).items():
        if dest.suffix != ".ipynb":
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, dest)
    for notebook in notebooks:
        shutil.copyfile(notebook, root / Path(notebook).name)


@contextlib.contextmanager
def running_voila(
    base: Path,
    language: str = "en",
    notebooks: Sequence[Path] | None = None,
    class_url: str | None = None,
) -> Iterator[VoilaServer]:
    """Voilà serving the pupils' copy of the lessons under ``base`` (with ``class_url``,
    as ``--class`` serves them: pupils join that class); stopped, with its process
    group, on exit."""
    root = base / "lessons"
    root.mkdir(parents=True)
    _pupils_copy(root, language, notebooks)
    config, data, runtime, share = (base / name for name in ("config", "data", "runtime", "share"))
    for d in (config, data, runtime, share):
        d.mkdir()
    port = free_port()
    base_url = f"http://{LOOPBACK}:{port}"
    write_template(share, root, language, base_url + "/")
    env = voila_environment(share)
    if class_url is not None:
        env = class_environment(env, share, class_url, language)
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(data),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
    )
    log_path = base / "voila.log"
    with log_path.open("w") as log_file:
        proc = subprocess.Popen(
            voila_command(root, LOOPBACK, port, language=language), cwd=root, env=env,
            stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            _wait_until_it_answers(proc, base_url + "/", log_path)
            yield VoilaServer(base_url, root, language, log_path)
        finally:
            _stop_group(proc)


def _wait_until_it_answers(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"Voilà did not answer at {url}:\n{log.read_text()[-3000:]}")
        time.sleep(0.3)


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server's own process group (its kernels too), SIGKILL if it lingers."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


StartVoila = Callable[..., VoilaServer]


@pytest.fixture(scope="session")
def voila_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StartVoila]:
    """``voila_servers(language="en", notebooks=None)`` -> a running :class:`VoilaServer`.

    One server per distinct (language, notebooks), started on first use and kept for the
    session. ``notebooks``: paths of notebooks to serve instead of the bundled lessons.
    """
    require_voila_browser()
    started: dict[tuple[str, tuple[str, ...] | None], VoilaServer] = {}
    with contextlib.ExitStack() as stack:

        def start(language: str = "en", notebooks: Sequence[Path] | None = None) -> VoilaServer:
            key = (language, None if notebooks is None else tuple(str(Path(p).resolve()) for p in notebooks))
            if key not in started:
                base = tmp_path_factory.mktemp(f"voila-{language}")
                started[key] = stack.enter_context(running_voila(base, language, notebooks))
            return started[key]

        yield start


@pytest.fixture(scope="session")
def voila(voila_servers: StartVoila) -> VoilaServer:
    """Voilà serving the pupils' copy of every English lesson."""
    return voila_servers("en")


@pytest.fixture(scope="module")
def voila_browser() -> Iterator[Any]:
    require_voila_browser()
    yield from launched_chromium()


def is_local(url: str) -> bool:
    """A request that stays on this machine: loopback, or the page's own data and blobs."""
    if url.startswith(("data:", "blob:", "about:")):
        return True
    return (urlsplit(url).hostname or "") in LOCAL_HOSTS


@dataclass
class PupilPage:
    """A chromium page as a pupil's, counting every request that would leave the machine."""

    page: Any
    shots_dir: Path
    external: list[str] = field(default_factory=list)

    def _route(self, route: Any) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()

    def open(self, server: VoilaServer, notebook: str = "", theme: str = "light") -> Any:
        """Open a lesson (or the index page) and wait until Voilà has run and shown it."""
        self.page.goto(server.url(notebook, theme), timeout=RENDER_TIMEOUT_MS)
        if notebook:
            self.page.wait_for_function(RENDERED_JS, timeout=RENDER_TIMEOUT_MS)
        return self.page

    def loading_words(self) -> list[str]:
        """What Voilà's spinner said while the lesson's cells ran ("... 3 of 53")."""
        said: list[str] = self.page.evaluate("() => window.tgLoadingWords || []")
        return said

    def anywidgets(self) -> Any:
        """The locator of the anywidget outputs drawn on the page."""
        return self.page.locator(ANYWIDGET_VIEW)

    def shot(self, name: str, **kw: Any) -> Path:
        """Save a screenshot (the viewport unless ``full_page=True``) under the test's tmp
        dir and artifacts/voila/; returns its path."""
        path = self.shots_dir / f"{name}.png"
        self.page.screenshot(path=str(path), **kw)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, ARTIFACTS / path.name)
        print(f"\nscreenshot: {path}")
        return path


@pytest.fixture()
def pupil_page(voila_browser: Any, tmp_path: Path) -> Iterator[PupilPage]:
    """A fresh 1280x720 page; every request that is not loopback is aborted and counted,
    and the test fails at its end if there was one."""
    context = voila_browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.add_init_script(LOADING_WORDS_JS)
    pupil = PupilPage(page, tmp_path)
    page.route("**/*", pupil._route)
    # WebSockets are not routed; one to another host is counted all the same.
    page.on("websocket", lambda ws: None if is_local(ws.url) else pupil.external.append(ws.url))
    try:
        yield pupil
    finally:
        with contextlib.suppress(Exception):
            page.goto("about:blank")  # Voilà shuts the lesson's kernel down when its page goes
        context.close()
    assert pupil.external == [], f"{len(pupil.external)} requests would have left the machine: {pupil.external}"


# ---------------------------------------------------------------------- a pupil's walkthrough

WALK_TIMEOUT_MS = 60_000


def give(root: Any, answer: object) -> None:
    """Answer the open screen of an activity as a pupil does: type the text and press
    Enter, or press the options (a list of their ids) and Check."""
    if isinstance(answer, str):  # typed, then Enter (the keyboard's Check)
        root.locator("input.tga-input").fill(answer)
        root.locator("input.tga-input").press("Enter")
        return
    for oid in answer:  # type: ignore[attr-defined]
        root.locator(f'button.tga-option[data-id="{oid}"]').click()
    root.locator("[data-testid=tga-check]").click()


def walk_activity(
    root: Any,
    spec: Any,
    language: str,
    *,
    wrong_first: Sequence[str] = (),
    revealed: Callable[[Any, Any], None] | None = None,
) -> None:
    """Answer every screen of the activity ``spec`` in the browser, as a pupil: nothing is
    revealed before the answer; the screens named in ``wrong_first`` are first answered with
    their first likely wrong answer (its line is named, the echo shows it, nothing is
    revealed: a second try); then the right answer gets ✓ and the reveal. ``revealed(screen,
    reveal)`` adds checks once a screen is revealed. An exit ticket ends on its result."""
    from lesson.answering import right_answer, wrong_answers
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    root.scroll_into_view_if_needed()
    feedback = root.locator("[data-testid=tga-feedback]")
    reveal = root.locator("[data-testid=tga-reveal]")
    for i, screen in enumerate(spec.screens):
        expect(root.locator(".tga-title")).to_have_text(screen.title(language), timeout=WALK_TIMEOUT_MS)
        expect(reveal).to_be_hidden()  # nothing is revealed before the pupil commits
        assert screen.task is not None
        if screen.id in wrong_first:
            answer, _key = wrong_answers(screen.task)[0]
            give(root, answer)
            line = screen.task.check(answer, language).line
            expect(feedback).to_contain_text(line, timeout=WALK_TIMEOUT_MS)
            if isinstance(answer, str):
                expect(root.locator(".tga-echo")).to_contain_text(answer)
            expect(reveal).to_be_hidden()
            if not isinstance(answer, str):
                for oid in answer:  # press the wrong choice again: it is released
                    root.locator(f'button.tga-option[data-id="{oid}"]').click()
        give(root, right_answer(screen.task))
        expect(feedback).to_contain_text("✓", timeout=WALK_TIMEOUT_MS)
        expect(reveal).to_be_visible()
        if revealed is not None:
            revealed(screen, reveal)
        if i < len(spec.screens) - 1 or spec.summary:
            root.locator("[data-testid=tga-next]").click()
        else:
            expect(root.locator("[data-testid=tga-next]")).to_be_disabled()
    if spec.summary:
        count = len(spec.screens)
        summary = tr("lesson.activity.summary", language, title=spec.title(language), right=count, total=count)
        expect(root.locator(".tga-prompt")).to_have_text(summary, timeout=WALK_TIMEOUT_MS)
