"""``teachgames site``: the command a teacher types. Wired into ``teachgames.cli`` by
``add_cli(subparsers)``; ``run(args)`` does the work and returns the exit code."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from .content import LANGUAGES, known_games
from .errors import SiteBuildError

if TYPE_CHECKING:
    from ..classroom.onsite import RunningClass


def add_cli(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``site`` subcommand to an ``argparse`` subparsers object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "site",
        help="build the offline classroom site (JupyterLite: the lessons run in the browser)",
        description="Build a static site with every lesson notebook, the teacher's plans, the "
        "Python runtime of the browser (Pyodide) and every package the lessons import, checked "
        "against their hashes; --serve serves it to a class.",
    )
    parser.add_argument("-o", "--output", required=True, metavar="DIR", help="the site's folder")
    parser.add_argument(
        "--language",
        action="append",
        choices=LANGUAGES,
        metavar="LANG",
        help=f"lessons in this language ({', '.join(LANGUAGES)}); repeat for several; default: all",
    )
    parser.add_argument(
        "--games",
        nargs="+",
        choices=known_games(),
        metavar="GAME",
        help="only these games' lessons (default: all)",
    )
    parser.add_argument(
        "--lessons",
        metavar="DIR",
        help="your lessons folder: its lesson files go into the site as lessons too "
        "(made with teachgames author or by hand)",
    )
    parser.add_argument(
        "--pyodide",
        metavar="PATH",
        help="a Pyodide runtime already downloaded (npm tarball, release tarball or folder)",
    )
    parser.add_argument(
        "--cache", metavar="DIR", help="where downloads are kept (default ~/.cache/teachgames/site)"
    )
    parser.add_argument(
        "--serve", action="store_true", help="serve the site after building it (Ctrl+C stops)"
    )
    parser.add_argument("--no-build", action="store_true", help="with --serve: serve the site already in DIR")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to serve on (default 127.0.0.1; 0.0.0.0 for the whole local network)",
    )
    parser.add_argument(
        "--lan", action="store_true", help="serve on the local network (same as --host 0.0.0.0)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port to serve on (default 8000)")
    group = parser.add_argument_group(
        "the class server (with --serve: pupils join under /class/ of the same address)"
    )
    group.add_argument("--class", dest="klass", help="open a session for this class: its code is printed")
    group.add_argument(
        "--lesson",
        help="the class's lesson, e.g. delissimo-8plus or a lesson file week-3.json (with --class)",
    )
    group.add_argument("--hours", type=float, default=3.0, help="how long the class code works (default: 3)")
    group.add_argument(
        "--db",
        default=os.environ.get("TEACHGAMES_CLASS_DB"),
        help="the class database (default: ./classroom.db; or postgresql://user@host/db)",
    )
    group.add_argument("--no-class", action="store_true", help="serve the lessons without the class server")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Build (and serve) the site; one clear line on stderr and exit code 1 when anything fails."""
    from .builder import build_site

    if getattr(args, "klass", None) and not getattr(args, "lesson", None):
        print(
            "teachgames site: --class needs --lesson (for example --lesson delissimo-8plus)", file=sys.stderr
        )
        return 1
    try:
        if not getattr(args, "no_build", False):
            build_site(
                args.output,
                languages=tuple(args.language or LANGUAGES),
                games=args.games,
                pyodide=args.pyodide,
                wheels_cache=getattr(args, "cache", None),
                log=lambda message: print(message, flush=True),
                lessons=getattr(args, "lessons", None),
            )
        if args.serve:
            return serve_with_class(args)
    except SiteBuildError as err:
        print(f"teachgames site: {err}", file=sys.stderr)
        return 1
    return 0


def serve_with_class(args: argparse.Namespace) -> int:
    """Serve the site and, unless ``--no-class``, the class server under ``/class/`` of the
    same address: the class code and the teacher's dashboard link are printed; Ctrl-C
    stops both. Without the ``classroom`` extra the lessons are served alone, said in one line."""
    from .server import serve

    host = "0.0.0.0" if getattr(args, "lan", False) else args.host
    language = (args.language or ["en"])[0]
    running: RunningClass | None = None
    if not getattr(args, "no_class", False):
        started = _start_class(args, language)
        if isinstance(started, int):
            return started
        running = started

    def ready(addresses: list[str]) -> None:
        if running is None:
            return
        from ..core.i18n import tr

        def _words(key: str, language: str, **values: object) -> str:
            return tr(f"classroom.{key}", language, **values)

        base = addresses[-1].rsplit("/", 1)[0]
        info = running.session
        if info is not None:
            until = info.expires.astimezone().strftime("%H:%M")
            words = {"klass": args.klass, "lesson": info.lesson, "code": info.code, "until": until}
            print(_words("serve.code", language, **words), flush=True)
        print(_words("serve.ready", language, url=f"{base}/class/"), flush=True)
        # the link carries the teacher's key: kept in a private file, never on the screen
        kept = running.keep_link(base, language)
        print(_words("serve.dashboard_file", language, path=str(kept)), flush=True)

    try:
        serve(args.output, host, args.port, upstream=running.upstream if running else None, on_ready=ready)
    finally:
        if running is not None:
            running.stop()
    return 0


def _start_class(args: argparse.Namespace, language: str) -> RunningClass | int | None:
    """The running class server, or an exit code after one clear line on stderr."""
    try:
        import sqlalchemy  # noqa: F401 (only: is the classroom extra there?)
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        from ..classroom.onsite import start_class
        from ..classroom.store import default_url
    except ImportError:
        print(
            "teachgames site: serving the lessons without the class server "
            '(it needs pip install "teachgames[classroom]")',
            file=sys.stderr,
        )
        return None
    from sqlalchemy.exc import SQLAlchemyError

    url = args.db or default_url()
    try:
        return start_class(url, klass=args.klass, lesson=args.lesson, hours=args.hours)
    except ValueError as exc:
        print(f"teachgames site: --lesson: {exc}", file=sys.stderr)
    except SQLAlchemyError as exc:
        problem = exc.__class__.__name__
        print(f"teachgames site: cannot open the class database {url}: {problem}", file=sys.stderr)
    except OSError as exc:
        print(f"teachgames site: the class server could not start: {exc}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    """``python -m teachgames.site -o DIR ...`` (the same options as ``teachgames site``)."""
    parser = argparse.ArgumentParser(prog="python -m teachgames.site")
    sub = parser.add_subparsers(dest="command")
    add_cli(sub)
    return run(parser.parse_args(["site", *(sys.argv[1:] if argv is None else argv)]))
