"""``teachgames site``: the command a teacher types. Wired into ``teachgames.cli`` by
``add_cli(subparsers)``; ``run(args)`` does the work and returns the exit code."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .content import LANGUAGES, known_games
from .errors import SiteBuildError


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
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Build (and serve) the site; one clear line on stderr and exit code 1 when anything fails."""
    from .builder import build_site
    from .server import serve

    try:
        if not getattr(args, "no_build", False):
            build_site(
                args.output,
                languages=tuple(args.language or LANGUAGES),
                games=args.games,
                pyodide=args.pyodide,
                wheels_cache=getattr(args, "cache", None),
                log=lambda message: print(message, flush=True),
            )
        if args.serve:
            serve(args.output, "0.0.0.0" if getattr(args, "lan", False) else args.host, args.port)
    except SiteBuildError as err:
        print(f"teachgames site: {err}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m teachgames.site -o DIR ...`` (the same options as ``teachgames site``)."""
    parser = argparse.ArgumentParser(prog="python -m teachgames.site")
    sub = parser.add_subparsers(dest="command")
    add_cli(sub)
    return run(parser.parse_args(["site", *(sys.argv[1:] if argv is None else argv)]))
