"""``teachgames lessons``: a copy of the lesson notebooks of one's own, opened in JupyterLab.

The copy never overwrites a pupil's work (``--fresh`` restores the originals, and says
so). It holds everything the copied pages link to (the puzzles file, the rules), and a
``.ruff.toml`` that keeps a linter run in a surrounding checkout away from it.
JupyterLab runs in its own process group: Ctrl-C or SIGTERM to this command stops it
cleanly (its kernels included) instead of leaving a server running.
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
import time
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any

from .errors import UsageError, say

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
    for item in sorted(lessons.glob("*.md")):
        for linked in _linked_files(item, root):
            relative = linked.relative_to(resolved_root)
            if relative.parts[0] != "lessons":
                plan.setdefault(target / relative, linked)
    return plan


def copy_lessons(target: Path, fresh: bool = False, language: str | None = None) -> list[Path]:
    """Copy the notebooks (in ``language``), the lesson plans and what they link to into
    ``target``; never overwrite a pupil's work unless ``fresh``. Returns the files written."""
    written: list[Path] = []
    for dest, source in lesson_files(target, language).items():
        if fresh or not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, dest)
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


def run_in_own_group(command: list[str]) -> int:
    """Run ``command`` in its own process group; SIGINT/SIGTERM here stop it cleanly.

    The first signal asks the whole group to stop (SIGTERM: JupyterLab shuts its kernels
    down); a second one, or ``STOP_SECONDS`` without an exit, kills the group.
    """
    if os.name != "posix":  # no process groups: Ctrl-C reaches JupyterLab directly
        return subprocess.call(command)
    stopping: list[int] = []
    started: list[subprocess.Popen[bytes]] = []

    def forward(signum: int, frame: FrameType | None) -> None:
        if not stopping:
            say("stopping JupyterLab ...")
        stopping.append(signum)
        if started:
            _signal_group(started[0], signal.SIGTERM if len(stopping) == 1 else signal.SIGKILL)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)
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


def cmd_lessons(args: argparse.Namespace) -> int:
    """Copy the lesson notebooks to a folder of your own and open JupyterLab there."""
    target = Path(args.dir or default_dir(args.language)).expanduser().absolute()
    check_lessons_dir(target)
    missing = None if args.no_lab else lab_missing()
    if missing:
        raise UsageError(missing)
    had = sum(dest.exists() for dest in lesson_files(target, args.language))
    written = copy_lessons(target, args.fresh, args.language)
    if args.fresh:
        said = f"{len(written)} files restored to the originals (--fresh)"
    else:
        said = f"{len(written)} files copied" if written else "nothing new to copy"
        if had:
            said += f"; the {had} files you already had were kept (--fresh restores the originals)"
    print(f"lessons in {target}: {said}")
    if args.no_lab:
        return 0
    return run_in_own_group(lab_command(target, args.no_browser))
