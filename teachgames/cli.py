"""The ``teachgames`` command.

    teachgames lessons                      # JupyterLab on a copy of the lesson notebooks
    teachgames play delissimo --level basic --players 3 --seed 7 --bots greedy,random,greedy
    teachgames export delissimo --level basic --seed 7 -o example.html   # or .md .tex .pdf

Every sub-command is seeded, so a teacher can tell the class "seed 7" and everyone
sees the same game.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .core.errors import GameFileError, IllegalMove

BOTS = ("greedy", "random")


def _bots(spec: str, players: int, seed: int) -> list[Any]:
    from .bots import GreedyBot, RandomBot

    names = [s.strip() for s in spec.split(",") if s.strip()] or ["greedy"]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise SystemExit(f"teachgames: --bots names {len(names)} bots for {players} players")
    table: list[Any] = []
    for i, name in enumerate(names):
        if name == "greedy":
            table.append(GreedyBot())
        elif name == "random":
            table.append(RandomBot(seed * 10 + i))
        else:
            raise SystemExit(f"teachgames: unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return table


def _played_game(args: argparse.Namespace) -> Any:
    from . import new_game

    try:
        game = new_game(
            args.game, level=args.level, players=args.players, seed=args.seed, max_dots=args.max_dots
        )
    except (ValueError, NotImplementedError) as exc:
        raise SystemExit(f"teachgames: {exc}") from None
    bots = _bots(args.bots, game.players, args.seed)
    while (player := game.current_player) is not None:
        game.play(bots[player].choose(game))
    return game


def cmd_play(args: argparse.Namespace) -> int:
    """Play a seeded game between bots and print every move and the final scores."""
    game = _played_game(args)
    replay = game.replay()
    for number, move in enumerate(game.history, start=1):
        print(f"{number:3}. {replay[number - 1].describe(move, args.language)}")
        if args.explain and getattr(move, "kind", "") in ("capture", "special"):
            text = replay[number - 1].explain(move, args.language).text()
            print("\n".join("       " + line for line in text.splitlines()[1:]))
    print()
    print(game.explain_scores(args.language).text() if args.explain else _score_lines(game))
    return 0


def _score_lines(game: Any) -> str:
    from .explain import Mixed, to_text

    winners = set(game.winners())
    return "\n".join(
        f"Player {p + 1}: {to_text(Mixed(s))}" + ("  (winner)" if p in winners else "")
        for p, s in enumerate(game.scores())
    )


def cmd_export(args: argparse.Namespace) -> int:
    """Write a worked example of a seeded bot game (or a saved game) to a file."""
    from .export import export

    if args.load:
        from . import load_game

        try:
            game = load_game(Path(args.load).read_text(encoding="utf-8"))
        except (OSError, GameFileError) as exc:
            raise SystemExit(f"teachgames: cannot load {args.load}: {exc}") from None
    else:
        game = _played_game(args)
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    try:
        path = export(game, args.output, language=args.language, names=names)
    except (ValueError, RuntimeError) as exc:
        raise SystemExit(f"teachgames: {exc}") from None
    print(f"wrote {path} ({len(game.history)} moves)")
    return 0


def bundled_folder(name: str) -> Path:
    """The bundled ``notebooks`` or ``lessons`` folder (inside the wheel, or the source tree)."""
    packaged = Path(str(resources.files("teachgames"))) / "_bundled" / name
    if packaged.is_dir():
        return packaged
    source = Path(__file__).resolve().parent.parent / name
    if source.is_dir():
        return source
    raise SystemExit(f"teachgames: the bundled {name} folder is missing from this installation")


def copy_lessons(target: Path, fresh: bool = False) -> list[Path]:
    """Copy the notebooks and lesson plans to ``target``; never overwrite a pupil's work
    unless ``fresh``. Returns the files written."""
    written: list[Path] = []
    for folder, pattern in (("notebooks", "*.ipynb"), ("lessons", "*.md")):
        source = bundled_folder(folder)
        dest = target if folder == "notebooks" else target / "lessons"
        dest.mkdir(parents=True, exist_ok=True)
        for item in sorted(source.glob(pattern)):
            out = dest / item.name
            if fresh or not out.exists():
                shutil.copyfile(item, out)
                written.append(out)
    return written


def cmd_lessons(args: argparse.Namespace) -> int:
    """Copy the lesson notebooks to a folder of your own and open JupyterLab there."""
    target = Path(args.dir).expanduser().resolve()
    written = copy_lessons(target, args.fresh)
    print(f"lessons in {target} ({len(written)} files copied; existing files kept)")
    if args.no_lab:
        return 0
    command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={target}"]
    if args.no_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, lab machines)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="teachgames", description="Card games as maths lessons.")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", choices=["delissimo"], help="which game")
        p.add_argument("--level", default="basic", help="beginner, whole, basic or advanced (Delissimo)")
        p.add_argument("--players", type=int, default=3)
        p.add_argument("--seed", type=int, default=7)
        p.add_argument("--max-dots", type=int, default=3, help="1 keeps only the easiest cards")
        p.add_argument("--bots", default="greedy", help="comma-separated: greedy, random (one per player)")
        p.add_argument("--language", default=None, choices=["en", "ru", "bg"])

    play = sub.add_parser("play", help="play a seeded game between bots and print it")
    game_options(play)
    play.add_argument("--explain", action="store_true", help="explain every capture and the scores")
    play.set_defaults(func=cmd_play)

    exp = sub.add_parser("export", help="write a worked example (.html, .md, .tex, .pdf)")
    game_options(exp)
    exp.add_argument("-o", "--output", required=True, help="file to write; its ending picks the format")
    exp.add_argument("--names", default="", help="comma-separated player names")
    exp.add_argument("--load", default="", help="export a saved game (JSON) instead of a new bot game")
    exp.set_defaults(func=cmd_export)

    lessons = sub.add_parser("lessons", help="open the lesson notebooks in JupyterLab")
    lessons.add_argument("--dir", default="teachgames-lessons", help="where to put your copy")
    lessons.add_argument("--fresh", action="store_true", help="overwrite your copy with the originals")
    lessons.add_argument(
        "--no-browser", action="store_true", help="start JupyterLab without opening a browser"
    )
    lessons.add_argument("--no-lab", action="store_true", help="only copy the notebooks")
    lessons.set_defaults(func=cmd_lessons)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except IllegalMove as exc:  # a bug if it happens: bots only play legal moves
        raise SystemExit(f"teachgames: {exc.reason}") from None
    return result


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
