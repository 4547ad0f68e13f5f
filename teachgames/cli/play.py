"""``teachgames play`` and ``teachgames export``: a seeded bot game, printed or written down.

Both check everything the user typed (the output path, the number of names and bots)
before playing, so a mistake costs no waiting and ends in one clear line.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..core.errors import UsageError
from .bots import make_bots, parse_bots, play_out
from .games import check_names, new_game_from_args, read_names


def _players_wanted(args: argparse.Namespace, names: list[str] | None, bots: list[str]) -> int | None:
    """``--players``, else as many as names or bots were given, else the game's default."""
    players: int | None = getattr(args, "game_players", None)
    if players is not None:
        return players
    if names:
        return len(names)
    if len(bots) > 1:
        return len(bots)
    return None


def played_game(args: argparse.Namespace, names: list[str] | None = None) -> Any:
    """A new seeded game of ``args.game`` played to the end by the bots asked for."""
    bot_names = parse_bots(args.bots, args.game)
    players = _players_wanted(args, names, bot_names)
    if players is not None:
        check_names(names, players)
        make_bots(bot_names, players, args.game)  # a wrong count is said before the game is dealt
    game = new_game_from_args(args, players)
    check_names(names, game.players)
    bots = make_bots(bot_names, game.players, args.game)
    return play_out(game, bots, args.seed)


def _score_lines(game: Any, names: list[str] | None, language: str | None) -> str:
    from ..core.i18n import tr
    from ..explain import Mixed, to_text

    winners = set(game.winners())
    winner = "  " + tr("cli.winner", language)

    def shown(score: Any) -> str:
        try:
            return to_text(Mixed(score))
        except (TypeError, ValueError):
            return str(score)

    def who(p: int) -> str:
        return names[p] if names else tr("explain.player", language, number=p + 1)

    return "\n".join(
        f"{who(p)}: {shown(s)}" + (winner if p in winners else "") for p, s in enumerate(game.scores())
    )


def _explained(move: Any) -> bool:
    """Moves worth an explanation in ``--explain`` (a plain "ends the turn" is not)."""
    return getattr(move, "kind", None) not in ("end_turn", "pass", "draw")


def cmd_play(args: argparse.Namespace) -> int:
    """Play a seeded game between bots and print every move and the final scores."""
    from ..exports.example import call_accepting

    names = read_names(args.names)
    game = played_game(args, names)
    replay = game.replay()
    for number, move in enumerate(game.history, start=1):
        before = replay[number - 1]
        print(f"{number:3}. {call_accepting(before.describe, move, language=args.language, names=names)}")
        if args.explain and _explained(move):
            explanation = call_accepting(before.explain, move, language=args.language, names=names)
            text = explanation.text() if hasattr(explanation, "text") else str(explanation)
            print("\n".join("       " + line for line in text.splitlines()[1:]))
    print()
    if args.explain:
        scores = call_accepting(game.explain_scores, language=args.language, names=names)
        print(scores.text() if hasattr(scores, "text") else scores)
    else:
        print(_score_lines(game, names, args.language))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a worked example of a seeded bot game (or a saved game) to a file."""
    from ..exports import check_export, export

    try:
        target = check_export(args.output)
    except (OSError, ValueError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    names = read_names(args.names)
    if args.load:
        game = _loaded(args.load, args.game)
        check_names(names, game.players)
    else:
        game = played_game(args, names)
    chosen = args.moves
    if isinstance(chosen, int) and chosen < len(game.history):
        game = game.replay()[chosen]  # the game after its first N moves
    path = export(
        game, target, language=args.language, names=names, moves="all" if isinstance(chosen, int) else chosen
    )
    from ..core.i18n import tr

    moves = len(game.history)
    shown = None
    if chosen == "key":
        from ..exports import key_moves

        replay = game.replay()
        shown = len(key_moves([replay[i].explain(m) for i, m in enumerate(game.history)]))
    if path.suffix.lower() == ".md":
        from ..exports import files_folder

        folder = files_folder(path)
        if shown is None:
            print(tr("cli.wrote_files", args.language, path=path, n=moves, folder=folder))
        else:
            print(tr("cli.wrote_key_files", args.language, path=path, shown=shown, n=moves, folder=folder))
    elif shown is not None:
        print(tr("cli.wrote_key", args.language, path=path, shown=shown, n=moves))
    else:
        print(tr("cli.wrote", args.language, path=path, n=moves))
    return 0


def _loaded(source: str, game_name: str) -> Any:
    from pathlib import Path

    from ..core.registry import load_game

    path = Path(source).expanduser()
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read the saved game {path}: {exc.strerror or exc}") from None
    game = load_game(text)
    if game.name != game_name:
        raise UsageError(f"{path} is a saved {game.name} game, not {game_name}")
    return game
