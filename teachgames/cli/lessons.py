"""``teachgames lessons``: a copy of the lesson notebooks of one's own, opened in JupyterLab
(or, with ``--pupil``, served to pupils with Voilà: outputs only, see ``pupil``).

The copy never overwrites a pupil's work (``--fresh`` restores the originals, and says
so). It holds everything the copied pages link to (the puzzles file, the rules), and a
``.ruff.toml`` that keeps a linter run in a surrounding checkout away from it.
JupyterLab (or Voilà) runs in its own process group: Ctrl-C or SIGTERM to this command
stops it cleanly (its kernels included) instead of leaving a server running.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import webbrowser
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any

from ..core.errors import UsageError
from ..core.network import EVERY_ADDRESS
from .errors import say
from .pupil import (
    DEFAULT_PORT,
    LOOPBACK,
    addresses,
    check_class_url,
    check_port,
    class_environment,
    voila_command,
    voila_environment,
    voila_missing,
    write_template,
)
from .pupil import tr as pupil_words

#: Written into the copy: a lesson folder inside a checkout is pupils' work, not code to lint.
RUFF_MARKER = ".ruff.toml"
RUFF_TEXT = (
    "# Written by `teachgames lessons`: these are copies of the lesson notebooks (pupils' work),\n"
    "# not the project's code, so `ruff check .` in a surrounding checkout leaves them alone.\n"
    'extend-exclude = ["*"]\n'
)
#: How long JupyterLab may take to shut its kernels down before it is killed.
STOP_SECONDS = 15.0
#: Relative links in the copied Markdown: ``[text](../docs/delissimo.md)``.
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


def bundled_root() -> Path:
    """The folder holding ``notebooks/`` and ``lessons/`` (inside the wheel, or the source tree)."""
    packaged = Path(str(resources.files("teachgames"))) / "_bundled"
    if (packaged / "notebooks").is_dir():
        return packaged
    source = Path(__file__).resolve().parents[2]
    if (source / "notebooks").is_dir():
        return source
    raise UsageError("the lesson notebooks are missing from this installation: reinstall teachgames")


def bundled_folder(name: str) -> Path:
    """The bundled ``notebooks`` or ``lessons`` folder."""
    folder = bundled_root() / name
    if not folder.is_dir():
        raise UsageError(f"the bundled {name} folder is missing from this installation: reinstall teachgames")
    return folder


def check_lessons_dir(target: Path) -> None:
    """``target`` is a folder we may write in, or can be made in one."""
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} is a file: give --dir a folder for the lessons")
    existing = next((p for p in (target, *target.parents) if p.exists()), None)
    if existing is None or not existing.is_dir():
        raise UsageError(f"cannot make the folder {target}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in {existing}: choose another --dir")


def _linked_files(markdown: Path, root: Path) -> list[Path]:
    """Files inside ``root`` that ``markdown`` links to with a relative path."""
    found = []
    for link in _LINK.findall(markdown.read_text(encoding="utf-8")):
        if "://" in link or link.startswith(("/", "mailto:")):
            continue
        path = (markdown.parent / link).resolve()
        if path.is_file() and path.is_relative_to(root.resolve()):
            found.append(path)
    return found


def default_dir(language: str | None) -> str:
    """``teachgames-lessons`` (English), ``teachgames-lessons-ru`` ...: one copy per language."""
    return "teachgames-lessons" if language in (None, "en") else f"teachgames-lessons-{language}"


def bundled_notebooks(language: str | None = None) -> list[Path]:
    """The lesson notebooks shipped in ``language`` (the lesson package knows the layout;
    an installation without per-language notebooks has the English ones flat)."""
    lang = language or "en"
    try:
        from ..lesson.notebooks import bundled
    except ImportError:
        found: list[Path] = []
    else:
        try:
            found = list(bundled(lang))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if not found and lang == "en":
        found = sorted(bundled_folder("notebooks").glob("*.ipynb"))
    if not found:
        raise UsageError(f"this installation has no lesson notebooks in {lang!r}")
    return found


def lesson_files(target: Path, language: str | None = None) -> dict[Path, Path]:
    """Every file a lesson copy holds: its place in ``target`` -> the bundled original."""
    root = bundled_root()
    plan: dict[Path, Path] = {}  # destination -> source
    for item in bundled_notebooks(language):
        plan[target / item.name] = item
    lessons = bundled_folder("lessons")
    for item in sorted(lessons.iterdir()):
        if item.is_file() and not item.name.startswith("."):
            plan[target / "lessons" / item.name] = item
    resolved_root = root.resolve()
    pages = sorted(lessons.glob("*.md"))  # and the pages they link, and theirs: every link works
    while pages:
        for linked in _linked_files(pages.pop(), root):
            relative = linked.relative_to(resolved_root)
            if relative.parts[0] != "lessons" and target / relative not in plan:
                plan[target / relative] = linked
                if linked.suffix == ".md":
                    pages.append(linked)
    return plan


def plugin_notebooks(target: Path, language: str | None = None) -> dict[Path, Any]:
    """The lessons of games that ship no notebook here (plug-in games from other packages,
    found through the registry): their place in ``target`` -> the ``Lesson`` that builds
    them. A plug-in whose lessons cannot be loaded is left out, and says why."""
    try:
        from ..lesson.notebooks import game_lessons, games_with_lessons
    except ImportError:
        return {}
    shipped = {path.stem.split("-")[0] for path in bundled_notebooks(language)}
    found: dict[Path, Any] = {}
    for game in games_with_lessons():
        if game in shipped:
            continue
        try:
            lessons = game_lessons(game)
        except Exception as exc:  # one broken plug-in must not stop the class's lessons
            say(f"the lessons of {game} cannot be loaded: {exc}")
            continue
        for lesson in lessons:
            found[target / f"{lesson.stem}.ipynb"] = lesson
    return found


def copy_lessons(target: Path, fresh: bool = False, language: str | None = None) -> list[Path]:
    """Copy the notebooks (in ``language``), the lesson plans and what they link to into
    ``target``, and write the notebooks of plug-in games' lessons there too; never
    overwrite a pupil's work unless ``fresh``. Returns the files written."""
    written: list[Path] = []
    for dest, source in lesson_files(target, language).items():
        if fresh or not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, dest)
            written.append(dest)
    for dest, lesson in plugin_notebooks(target, language).items():
        if fresh or not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(lesson.source(language or "en"), encoding="utf-8")
            written.append(dest)
    marker = target / RUFF_MARKER
    if not marker.exists():
        marker.write_text(RUFF_TEXT, encoding="utf-8")
    return written


def lab_missing() -> str | None:
    """What to install when JupyterLab is not there, or None when it is."""
    if all(importlib.util.find_spec(name) is not None for name in ("jupyterlab", "ipykernel")):
        return None
    return (
        "the lessons need JupyterLab, which this Python does not have; install it with: "
        f'{sys.executable} -m pip install "jupyterlab>=4.0" "ipykernel>=6.0"'
        ' (in the teachgames checkout, the same is: pip install ".[lessons]")'
    )


def lab_command(target: Path, no_browser: bool) -> list[str]:
    command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={target}"]
    if no_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, lab machines)
    return command


#: JupyterLab settings for the lessons, added to the user's own (``JUPYTER_CONFIG_PATH``):
#: its page config turns JupyterLab's "Jupyter news" announcements off, whose pop-up would
#: cover an activity's Next button in a pupil's first minute.
LAB_CONFIG = Path(__file__).with_name("lab_config")


def lab_environment() -> dict[str, str]:
    """The environment JupyterLab starts in: this one, with the lessons' settings added
    to the user's (a teacher's own JupyterLab settings are read as always, and kept)."""
    env = dict(os.environ)
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        p for p in (str(LAB_CONFIG), env.get("JUPYTER_CONFIG_PATH", "")) if p
    )
    return env


def run_in_own_group(
    command: list[str], env: dict[str, str] | None = None, stopping_words: str = "stopping JupyterLab ..."
) -> int:
    """Run ``command`` in its own process group; SIGINT/SIGTERM here stop it cleanly.

    The first signal asks the whole group to stop (SIGTERM: JupyterLab or Voilà shuts its
    kernels down) and says ``stopping_words``; a second one, or ``STOP_SECONDS`` without an
    exit, kills the group.
    """
    if os.name != "posix":  # no process groups: Ctrl-C reaches the server directly
        return subprocess.call(command, env=env)
    stopping: list[int] = []
    started: list[subprocess.Popen[bytes]] = []

    def forward(signum: int, frame: FrameType | None) -> None:
        if not stopping:
            say(stopping_words)
        stopping.append(signum)
        if started:
            _signal_group(started[0], signal.SIGTERM if len(stopping) == 1 else signal.SIGKILL)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        started.append(process)
        if stopping:  # a signal came while it was being started
            _signal_group(process, signal.SIGTERM)
        deadline: float | None = None
        while True:
            try:
                code = process.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                if stopping and deadline is None:
                    deadline = time.monotonic() + STOP_SECONDS
                elif deadline is not None and time.monotonic() > deadline:
                    _signal_group(process, signal.SIGKILL)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for process in started:
            if process.poll() is None:  # an error in this loop: never leave the server behind
                _signal_group(process, signal.SIGKILL)
                process.wait()
    return 0 if stopping else code


def _signal_group(process: subprocess.Popen[Any], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def check_pupil_options(args: argparse.Namespace) -> bool:
    """Whether the lessons go to pupils (``--pupil``); says what is wrong with the pupil
    options (a taken port, Voilà missing) before anything is copied."""
    lang = args.language
    pupils = getattr(args, "pupil", False)
    port: int | None = getattr(args, "port", None)
    if not pupils:
        if port is not None or getattr(args, "lan", False):
            raise UsageError(pupil_words("pupil_only", lang))
        if getattr(args, "class_url", None):
            raise UsageError(pupil_words("class_only", lang))
        return False
    if args.no_lab:
        raise UsageError(pupil_words("no_lab", lang))
    host = EVERY_ADDRESS if args.lan else LOOPBACK
    check_port(DEFAULT_PORT if port is None else port, host, lang)
    if getattr(args, "class_url", None):
        args.class_url = check_class_url(args.class_url, lang)
    missing = voila_missing(lang)
    if missing:
        raise UsageError(missing)
    return True


def serve_pupils(target: Path, args: argparse.Namespace) -> int:
    """Serve the lessons in ``target`` with Voilà until Ctrl-C; say the address to open."""
    lang = args.language or "en"
    port = DEFAULT_PORT if args.port is None else args.port
    host, local, network = addresses(args.lan, port)
    if not args.lan:
        said = pupil_words("serving", lang, url=local)
    elif network:
        said = pupil_words("serving_lan", lang, url=network, local=local)
    else:
        said = pupil_words("serving_lan_unknown", lang, port=port, local=local)
    with tempfile.TemporaryDirectory(prefix="teachgames-pupil-") as data:
        write_template(Path(data), target, lang, network or local)
        command = voila_command(target, host=host, port=port, language=lang)
        print(said, flush=True)
        if not args.no_browser:
            threading.Thread(target=_open_when_ready, args=(local,), daemon=True).start()
        env = voila_environment(Path(data))
        if getattr(args, "class_url", None):  # pupils join the class: the form, the answers
            env = class_environment(env, Path(data), args.class_url, lang)
        return run_in_own_group(command, env, pupil_words("stopping", lang))


def _open_when_ready(url: str, timeout: float = 120.0) -> None:
    """Open ``url`` in the teacher's browser once the server answers there."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.5)


def cmd_lessons(args: argparse.Namespace) -> int:
    """Copy the lesson notebooks to a folder of your own and open JupyterLab there (or,
    with ``--pupil``, serve them to pupils with Voilà)."""
    target = Path(args.dir or default_dir(args.language)).expanduser().absolute()
    check_lessons_dir(target)
    pupils = check_pupil_options(args)
    missing = None if args.no_lab or pupils else lab_missing()
    if missing:
        raise UsageError(missing)
    places = [*lesson_files(target, args.language), *plugin_notebooks(target, args.language)]
    had = sum(dest.exists() for dest in places)
    written = copy_lessons(target, args.fresh, args.language)
    if args.fresh:
        said = f"{len(written)} files restored to the originals (--fresh)"
    else:
        said = f"{len(written)} files copied" if written else "nothing new to copy"
        if had:
            said += f"; the {had} files you already had were kept (--fresh restores the originals)"
    print(f"lessons in {target}: {said}")
    from .teacher_lessons import listing, teacher_lessons

    language = args.language or "en"
    yours, _ = teacher_lessons(target, language)
    if yours:
        print(f"your own lesson files in {target}: {len(yours)}")
        print("\n".join(listing(yours, language)))
    if args.no_lab:
        return 0
    if pupils:
        return serve_pupils(target, args)
    return run_in_own_group(lab_command(target, args.no_browser), lab_environment())
