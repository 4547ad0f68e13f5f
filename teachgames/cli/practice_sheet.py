"""``teachgames worksheet GAME --from-practice FILE``: a sheet for one pupil, from a saved
practice (``Practice.to_dict()``, as the practice widget keeps it), aimed at the skills that
pupil knows least, printed with its answer key.

A file that cannot be read, is not JSON, is not a saved practice or is another game's is one
line saying so (never a traceback); nothing is written.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..core.errors import UsageError

#: how many of the pupil's weakest skills the sheet aims at, and items per skill
SKILLS = 3
ITEMS = 4


def read_practice(path: Path, game: str, language: str | None) -> Any:
    """The saved practice at ``path`` as a :class:`~teachgames.practice.Practice` of ``game``."""
    from ..core.i18n import tr
    from ..practice import Practice

    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark as Notepad writes it
    except UnicodeDecodeError as exc:
        raise UsageError(tr("cli.from_practice.not_json", language, path=path, reason=exc.reason)) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UsageError(tr("cli.from_practice.unreadable", language, path=path, reason=reason)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"{exc.msg}, line {exc.lineno}"
        raise UsageError(tr("cli.from_practice.not_json", language, path=path, reason=reason)) from None
    try:
        run = Practice.from_dict(data, language)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    if run.game != game:
        raise UsageError(tr("cli.from_practice.other_game", language, path=path, found=run.game, game=game))
    return run


def cmd_from_practice(args: argparse.Namespace) -> int:
    """Print the sheet and its key for the pupil whose practice is in ``args.from_practice``."""
    from ..core.i18n import tr
    from ..practice import sheet, weakest

    run = read_practice(Path(args.from_practice), args.game, args.language)
    language = args.language or run.language
    aimed = weakest([run.to_dict()], n=SKILLS)
    if aimed:
        note = tr("cli.from_practice.aimed", language, skills=_titles(run, aimed, language))
    else:  # every skill mastered: review them all
        aimed = list(run.skill_ids)
        note = tr("cli.from_practice.all_mastered", language, skills=_titles(run, aimed, language))
    made = sheet(args.game, aimed, items=ITEMS, seed=args.seed, language=language)
    print(note, made["sheet"], made["key"], sep="\n\n")
    return 0


def _titles(run: Any, skill_ids: list[str], language: str) -> str:
    from ..practice import skill

    return ", ".join(skill(run.game, sid).title(language) for sid in skill_ids)
