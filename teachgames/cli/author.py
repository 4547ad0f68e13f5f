"""``teachgames author``: the lesson maker, a page where a teacher builds lesson files.

It serves the authoring app (:mod:`teachgames.author`) on this computer only and opens
it in the browser; the lesson files are written in the teacher's lessons folder (by
default the one ``teachgames lessons`` uses), where ``teachgames lessons`` lists them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import UsageError
from .errors import say

#: Where the lesson files go unless ``--folder`` says otherwise (``teachgames lessons``'s copy).
DEFAULT_FOLDER = "teachgames-lessons"


def add_arguments(p: argparse.ArgumentParser, languages: tuple[str, ...]) -> None:
    p.add_argument("--folder", default=None, help=f"your lessons folder (default: ./{DEFAULT_FOLDER})")
    p.add_argument("--port", type=int, default=0, help="the port to serve on (default: any free one)")
    p.add_argument("--no-browser", action="store_true", help="print the address without opening a browser")
    p.add_argument("--language", default="en", choices=languages, help="the page's language at first")


def cmd_author(args: argparse.Namespace) -> int:
    from ..author import Author, LessonFolder, serve

    folder = Path(args.folder or DEFAULT_FOLDER).expanduser()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file, not a folder: give --folder a folder for your lessons")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port is a number from 1 to 65535, not {args.port}")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        serve(Author(LessonFolder(folder), args.language), args.port, not args.no_browser, say=print)
    except OSError as exc:
        if exc.errno in (98, 48, 10048):  # the port is taken (Linux, macOS, Windows)
            taken = f"port {args.port} is already in use: leave --port out to take a free one"
            raise UsageError(taken) from None
        raise
    except KeyboardInterrupt:
        say("stopped; your lessons are saved")
    return 0


__all__ = ["DEFAULT_FOLDER", "add_arguments", "cmd_author"]
