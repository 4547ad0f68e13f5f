"""The ``teachgames`` command.

    teachgames lessons                      # JupyterLab on a copy of the lesson notebooks
    teachgames lessons --pupil --lan        # the same lessons as apps for pupils (Voilà)
    teachgames play delissimo --level basic --players 3 --seed 7 --bots greedy,random,greedy
    teachgames export delissimo --level basic --seed 7 -o example.html   # or .md .tex .pdf
    teachgames simulate delissimo --bots greedy,random,random -n 1000 --jobs 2
    teachgames worksheet delissimo --level basic --pupils 30 --seed 7 -o sheet.pdf   # + sheet-key.pdf
    teachgames worksheet --file my-lesson.json --names "Аня,Борис" -o sheet.pdf   # a lesson file of yours
    teachgames author                       # the lesson maker: build a lesson file in a page, no code

The games and each game's options (``--level`` ...) come from the registry, so a game
added as a plug-in is on the command line at once. Every sub-command is seeded, so a
teacher can tell the class "seed 7" and everyone sees the same game. A user's mistake
(a bad path, the wrong number of names, a saved game that does not load) is one line
and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import UsageError
from .errors import guarded
from .games import add_game_arguments, count_of, game_options, registered_games

if TYPE_CHECKING:
    from .lessons import bundled_folder, copy_lessons

__all__ = ["UsageError", "build_parser", "bundled_folder", "copy_lessons", "main"]


def __getattr__(name: str) -> Any:
    # ``teachgames lessons``'s helpers load with it: they import pathlib and
    # importlib.resources, a sixth of a second that no other command needs.
    if name in ("bundled_folder", "copy_lessons"):
        from . import lessons

        return getattr(lessons, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _cmd_lessons(args: argparse.Namespace) -> int:
    from .lessons import cmd_lessons

    return cmd_lessons(args)


def _cmd_worksheet(args: argparse.Namespace) -> int:
    from .worksheet import cmd_worksheet

    return cmd_worksheet(args)


def _version() -> str:
    from .. import __version__

    return f"teachgames {__version__}"


def _moves(text: str) -> str | int:
    """``--moves``: "key", "all" or a number of moves."""
    word = text.strip().lower()
    if word in ("key", "all"):
        return word
    try:
        number = int(word)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--moves takes key, all or a number, not {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError("--moves must be 0 or more")
    return number


def _languages() -> tuple[str, ...]:
    from ..core.i18n import LANGUAGES

    return LANGUAGES


def _game_subparsers(
    parser: argparse.ArgumentParser,
    command: str,
    add_common: Callable[[argparse.ArgumentParser], None],
    *,
    required: bool = True,
) -> None:
    """One sub-parser per registered game, with that game's own options (the game may be
    left out when not ``required``: ``teachgames worksheet --file`` names none)."""
    games = parser.add_subparsers(dest="game", metavar="GAME", required=required)
    names = registered_games()
    parser.epilog = "games: " + (", ".join(names) or "none installed")
    for name in names:
        options, broken = game_options(name)
        sub = games.add_parser(name, help=broken or f"{command} {name}")
        add_game_arguments(sub, options)
        add_common(sub)
        sub.set_defaults(game_broken=broken)


def _play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=7, help="the deal (default: 7)")
    p.add_argument(
        "--bots", default=None, help="comma-separated, one per player or one for all: greedy, random, ..."
    )
    p.add_argument("--names", default=None, help="comma-separated player names, one per player")
    p.add_argument("--language", default=None, choices=_languages())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="teachgames", description="Card games as maths lessons.")
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_play(sub)
    _add_export(sub)
    _add_worksheet(sub)
    _add_simulate(sub)
    _add_lessons(sub)
    _add_author(sub)
    _add_site(sub)
    _add_class(sub)
    return parser


def _add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .play import cmd_play

    play = sub.add_parser("play", help="play a seeded game between bots and print it")

    def play_extra(p: argparse.ArgumentParser) -> None:
        _play_arguments(p)
        p.add_argument("--explain", action="store_true", help="explain every move and the scores")

    _game_subparsers(play, "play", play_extra)
    play.set_defaults(func=cmd_play)


def _add_export(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .play import cmd_export

    exp = sub.add_parser("export", help="write a worked example (.html, .md, .tex, .pdf)")

    def export_extra(p: argparse.ArgumentParser) -> None:
        _play_arguments(p)
        p.add_argument("-o", "--output", required=True, help="file to write; its ending picks the format")
        p.add_argument("--load", default="", help="export a saved game (JSON) instead of a new bot game")
        p.add_argument(
            "--moves",
            type=_moves,
            default="key",
            metavar="key|all|N",
            help="key: the moves that teach (default); all: the whole game; N: the first N moves",
        )

    _game_subparsers(exp, "export", export_extra)
    exp.set_defaults(func=cmd_export)


def _add_worksheet(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .worksheet import add_arguments, add_sheet_arguments

    sheet = sub.add_parser(
        "worksheet",
        help="write worksheets for a class and their answer key (.pdf, .html): of a game, "
        "or of your lesson file (--file)",
        description="A class's worksheets and their answer key: of a game (teachgames worksheet GAME "
        "-o sheet.pdf), or of a lesson file of yours, whose screens may be of any game "
        "(teachgames worksheet --file my-lesson.json -o sheet.pdf, no GAME).",
    )
    # ``worksheet --file my-lesson.json -o out.pdf`` names no game: its options come first
    add_sheet_arguments(sheet, _languages())
    _game_subparsers(sheet, "worksheet", lambda p: add_arguments(p, _languages()), required=False)
    sheet.set_defaults(func=_cmd_worksheet)


def _add_simulate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .simulate import cmd_simulate

    sim = sub.add_parser("simulate", help="play many seeded games between bots and sum them up")

    def simulate_extra(p: argparse.ArgumentParser) -> None:
        p.add_argument("--bots", default=None, help="comma-separated, one per player: greedy, random, ...")
        p.add_argument(
            "-n", "--games", type=count_of("-n", 1), default=100, help="how many games (default: 100)"
        )
        p.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
        p.add_argument("--jobs", type=count_of("--jobs", 1), default=1, help="worker processes (default: 1)")
        p.add_argument("--language", default=None, choices=_languages())

    _game_subparsers(sim, "simulate", simulate_extra)
    sim.set_defaults(func=cmd_simulate)


def _add_lessons(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lessons = sub.add_parser(
        "lessons", help="open the lesson notebooks in JupyterLab (or, with --pupil, serve them to pupils)"
    )
    lessons.add_argument(
        "--dir", default=None, help="where to put your copy (default: ./teachgames-lessons)"
    )
    lessons.add_argument("--language", default=None, choices=_languages(), help="the notebooks' language")
    lessons.add_argument("--fresh", action="store_true", help="overwrite your copy with the originals")
    lessons.add_argument(
        "--no-browser", action="store_true", help="start JupyterLab (or Voilà) without opening a browser"
    )
    lessons.add_argument("--no-lab", action="store_true", help="only copy the notebooks")
    lessons.add_argument(
        "--pupil", action="store_true",
        help="serve the lessons to pupils with Voilà: outputs and widgets only, no code",
    )
    lessons.add_argument(
        # checked by the pupil server, in the teacher's language, with the range a port takes
        "--port", type=int, default=None,
        help="with --pupil: the server's port (default: 8866)",
    )
    lessons.add_argument(
        "--lan", action="store_true",
        help="with --pupil: listen on this computer's network, for a classroom (default: this computer only)",
    )
    lessons.add_argument(
        "--class", dest="class_url", default=None, metavar="URL",
        help="with --pupil: the class server (teachgames class serve) pupils join with the class code; "
        "their answers go there",
    )
    lessons.set_defaults(func=_cmd_lessons)


def _add_author(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    author = sub.add_parser(
        "author", help="the lesson maker: order screens, write prompts, preview, saved as you go (no code)"
    )

    def run(args: argparse.Namespace) -> int:
        from .author import cmd_author

        return cmd_author(args)

    from .author import add_arguments

    add_arguments(author, _languages())
    author.set_defaults(func=run)


#: ``teachgames site`` (the classroom site) comes from ``teachgames.site`` when it is there.
SITE_HELP = "build the offline classroom site (JupyterLite: the lessons run in the browser)"


def _has_site() -> bool:
    import importlib.util

    return importlib.util.find_spec("teachgames.site") is not None


def _add_site(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """List ``site`` in the help; its own parser is built only when it is asked for, since
    importing the site builder costs more than every other command's start-up."""
    if _has_site():
        sub.add_parser("site", help=SITE_HELP, add_help=False)


def _site_parser() -> argparse.ArgumentParser:
    from .. import site

    parser = argparse.ArgumentParser(prog="teachgames")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    site.add_cli(commands)
    return parser


#: ``teachgames class`` (the class server) is built the same way, from ``teachgames.classroom``.
CLASS_HELP = "the class server: see every pupil's answers live, pace the class"


def _add_class(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("class", help=CLASS_HELP, add_help=False)


def _class_parser() -> argparse.ArgumentParser:
    from ..classroom.cli import add_cli

    parser = argparse.ArgumentParser(prog="teachgames")
    add_cli(parser.add_subparsers(dest="command", metavar="COMMAND", required=True))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 done, 2 a mistake in what was asked)."""

    words = list(sys.argv[1:] if argv is None else argv)

    def run() -> int:
        if words[:1] == ["class"]:
            parser = _class_parser()
        elif words[:1] == ["site"] and _has_site():
            parser = _site_parser()
        else:
            parser = build_parser()
        try:
            args = parser.parse_args(words)
        except SystemExit as exc:  # --help, --version, or argparse's own usage error
            return exc.code if isinstance(exc.code, int) else 2
        result: int = args.func(args)
        return result

    return guarded(run)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
