"""``teachgames worksheet GAME``: a class's worksheets and their answer key.

    teachgames worksheet delissimo --level basic --pupils 30 --language ru --seed 7 -o sheet.pdf

writes ``sheet.pdf`` (one or two A4 pages a pupil) and ``sheet-key.pdf`` (the class
table, then each pupil's answers with the engine's working). ``.html`` and ``.tex``
too. The target is checked before any position is searched; a mistake is one line.
``--lesson 8plus`` prints a lesson's exit ticket instead (``--part`` another activity):
the same tasks as the lesson, on paper, for every pupil. ``--from-practice pupil.json``
prints a sheet with its key aimed at one pupil's weakest skills (a saved practice).
"""

from __future__ import annotations

import argparse

from ..core.errors import UsageError
from .games import chosen_options, count_of, read_names, split_list


def add_arguments(p: argparse.ArgumentParser, languages: tuple[str, ...]) -> None:
    p.add_argument(
        "-o", "--output", default=None, help="file to write (.pdf, .html, .tex); the key goes beside it"
    )
    p.add_argument(
        "--pupils", type=count_of("--pupils", 1), default=None, metavar="N",
        help="how many pupils (default: 1, or one per name)",
    )
    p.add_argument("--names", default=None, help="comma-separated pupils' names, one sheet each")
    p.add_argument(
        "--kinds", default=None, help="comma-separated kinds of task (default: every kind of the level)"
    )
    p.add_argument("--seed", type=int, default=7, help="the class's variants (default: 7)")
    p.add_argument("--language", default=None, choices=languages)
    p.add_argument("--lesson", default=None, help="print this lesson's activity instead (e.g. 8plus)")
    p.add_argument("--part", default="ticket", help="with --lesson: the activity (default: ticket)")
    p.add_argument(
        "--from-practice", default=None, metavar="FILE",
        help="print a sheet and its key aimed at the weakest skills of one pupil's saved practice (.json)",
    )  # fmt: skip


def cmd_worksheet(args: argparse.Namespace) -> int:
    """Write the worksheets and the key; say where, in the user's language."""
    from ..core.i18n import tr
    from ..worksheets.build import build_worksheet
    from ..worksheets.write import check_worksheet_target, write_worksheet

    if getattr(args, "game_broken", None):
        raise UsageError(args.game_broken)
    if args.from_practice is not None:
        from .practice_sheet import cmd_from_practice

        return cmd_from_practice(args)
    if args.output is None:
        raise UsageError(tr("cli.from_practice.needs_output", args.language))
    try:
        check_worksheet_target(args.output)
    except (OSError, ValueError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    names = read_names(args.names)
    kinds = split_list(args.kinds, "--kinds")
    options = chosen_options(args)
    options.pop("players", None)  # a worksheet has pupils, not players
    try:
        if args.lesson is not None:
            from ..worksheets.activity import activity_worksheet

            sheet = activity_worksheet(
                args.game, args.lesson, args.part, pupils=args.pupils, names=names, language=args.language
            )
        else:
            sheet = build_worksheet(
                args.game, pupils=args.pupils, names=names, language=args.language, kinds=kinds,
                seed=args.seed, **options,
            )  # fmt: skip
    except (ValueError, KeyError) as exc:
        raise UsageError(str(exc).strip("'\"")) from None
    sheets, key = write_worksheet(sheet, args.output)
    lang = sheet.language
    tasks = tr("worksheets.pages", lang, n=len(sheet.kinds))
    print(tr("worksheets.wrote", lang, sheets=sheets, answers=key, n=len(sheet.pupils), pages=tasks))
    return 0
