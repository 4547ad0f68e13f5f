"""``teachgames worksheet GAME``: a class's worksheets and their answer key.

    teachgames worksheet delissimo --level basic --pupils 30 --language ru --seed 7 -o sheet.pdf

writes ``sheet.pdf`` (one or two A4 pages a pupil) and ``sheet-key.pdf`` (the class
table, then each pupil's answers with the engine's working). ``.html`` and ``.tex``
too. The target is checked before any position is searched; a mistake is one line.
``--lesson 8plus`` prints a lesson's exit ticket instead (``--part`` another activity):
the same tasks as the lesson, on paper, for every pupil. ``--from-practice pupil.json``
prints a sheet with its key aimed at one pupil's weakest skills (a saved practice).

    teachgames worksheet --file my-lesson.json --language ru --names "Аня,Борис" -o sheet.pdf

prints a teacher's own lesson file (``docs/lesson-files.md``) the same way. It names no
game: a file's screens may be of several games. A file that cannot be read says where
and why in one line, as ``python -m teachgames.lesson.filecheck`` does.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..core.errors import UsageError
from .games import chosen_options, count_of, read_names, split_list

if TYPE_CHECKING:
    from ..worksheets.build import Worksheet


def add_sheet_arguments(
    p: argparse.ArgumentParser, languages: tuple[str, ...], *, inherited: bool = False
) -> None:
    """The options of every worksheet, of a game or of a lesson file: where to write, the
    pupils, the language, ``--file``. ``worksheet`` takes them before the game and the
    game's own parser after it; there they are ``inherited``: given, they count; left
    out, they keep what was given before the game (argparse would put back the default)."""
    unset = argparse.SUPPRESS if inherited else None
    p.add_argument(
        "-o", "--output", default=unset, help="file to write (.pdf, .html, .tex); the key goes beside it"
    )
    p.add_argument(
        "--pupils", type=count_of("--pupils", 1), default=unset, metavar="N",
        help="how many pupils (default: 1, or one per name)",
    )  # fmt: skip
    p.add_argument("--names", default=unset, help="comma-separated pupils' names, one sheet each")
    p.add_argument("--language", default=unset, choices=languages)
    p.add_argument(
        "--file", default=unset, metavar="LESSON.json",
        help="print this lesson file of yours (docs/lesson-files.md) instead of a game: no game to name",
    )  # fmt: skip


def add_arguments(p: argparse.ArgumentParser, languages: tuple[str, ...]) -> None:
    """A game's worksheet options (its own, such as ``--level``, come from the game)."""
    add_sheet_arguments(p, languages, inherited=True)
    p.add_argument(
        "--kinds", default=None, help="comma-separated kinds of task (default: every kind of the level)"
    )
    p.add_argument("--seed", type=int, default=7, help="the class's variants (default: 7)")
    p.add_argument("--lesson", default=None, help="print this lesson's activity instead (e.g. 8plus)")
    p.add_argument("--part", default="ticket", help="with --lesson: the activity (default: ticket)")
    p.add_argument(
        "--from-practice", default=None, metavar="FILE",
        help="print a sheet and its key aimed at the weakest skills of one pupil's saved practice (.json)",
    )  # fmt: skip


def cmd_worksheet(args: argparse.Namespace) -> int:
    """Write the worksheets and the key; say where, in the user's language."""
    from ..core.i18n import tr

    if args.file is not None:
        if args.game is not None:
            raise UsageError(tr("cli.worksheet.file_and_game", args.language, game=args.game))
        return _write(_file_sheet(args), args.output)
    if args.game is None:
        from .games import registered_games

        games = ", ".join(registered_games())
        raise UsageError(tr("cli.worksheet.needs_game", args.language, games=games))
    if getattr(args, "game_broken", None):
        raise UsageError(args.game_broken)
    if args.from_practice is not None:
        from .practice_sheet import cmd_from_practice

        return cmd_from_practice(args)
    if args.output is None:
        raise UsageError(tr("cli.from_practice.needs_output", args.language))
    _check_target(args.output)
    return _write(_game_sheet(args), args.output)


def _check_target(output: str) -> None:
    """The file to write, checked before any work (a wrong ending, a missing folder)."""
    from ..worksheets.write import check_worksheet_target

    try:
        check_worksheet_target(output)
    except (OSError, ValueError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None


def _game_sheet(args: argparse.Namespace) -> Worksheet:
    """A game's worksheets, or one of our lessons' activities (``--lesson``)."""
    from ..worksheets.build import build_worksheet

    names = read_names(args.names)
    kinds = split_list(args.kinds, "--kinds")
    options = chosen_options(args)
    options.pop("players", None)  # a worksheet has pupils, not players
    try:
        if args.lesson is not None:
            from ..worksheets.activity import activity_worksheet

            return activity_worksheet(
                args.game, args.lesson, args.part, pupils=args.pupils, names=names, language=args.language
            )
        return build_worksheet(
            args.game, pupils=args.pupils, names=names, language=args.language, kinds=kinds,
            seed=args.seed, **options,
        )  # fmt: skip
    except (ValueError, KeyError) as exc:
        raise UsageError(str(exc).strip("'\"")) from None


def _file_sheet(args: argparse.Namespace) -> Worksheet:
    """The worksheets of a teacher's lesson file: a file missing, or one that does not
    read (its place and reason), is one line, before anything is written."""
    from pathlib import Path

    from ..core.i18n import tr
    from ..lesson.files import LessonFileError
    from ..worksheets.activity import lesson_file_worksheet

    if args.output is None:
        raise UsageError(tr("cli.worksheet.file_needs_output", args.language))
    _check_target(args.output)
    if not Path(args.file).expanduser().exists():
        raise UsageError(tr("cli.worksheet.no_file", args.language, path=args.file))
    names = read_names(args.names)
    try:
        return lesson_file_worksheet(
            Path(args.file).expanduser(), pupils=args.pupils, names=names, language=args.language
        )
    except LessonFileError as exc:
        raise UsageError(tr("cli.worksheet.bad_file", args.language, error=str(exc))) from None
    except ValueError as exc:  # the pupils and names, as for a game's sheets
        raise UsageError(str(exc)) from None


def _write(sheet: Worksheet, output: str) -> int:
    from ..core.i18n import tr
    from ..worksheets.write import write_worksheet

    sheets, key = write_worksheet(sheet, output)
    lang = sheet.language
    tasks = tr("worksheets.pages", lang, n=len(sheet.kinds))
    print(tr("worksheets.wrote", lang, sheets=sheets, answers=key, n=len(sheet.pupils), pages=tasks))
    return 0
