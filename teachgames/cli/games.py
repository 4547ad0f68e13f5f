"""Games for the command line, found through the registry.

The command knows no game: the choices of ``teachgames play GAME`` are the registered
games, and each game's own options (its levels, presets, ...) are what its class
declares in ``Game.options``. A game that cannot be loaded (a broken plug-in) is
still listed, and says why when it is chosen, so one bad plug-in never breaks the rest.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import UsageError
from ..core.options import GameOption, declared_options

#: The command's own options: a game option of the same name is not offered (it would clash).
RESERVED = frozenset(
    {"seed", "bots", "names", "language", "explain", "output", "load", "games", "jobs", "help"}
)


def registered_games() -> tuple[str, ...]:
    """Every game the registry knows now (installed ones, then registered ones)."""
    from ..core.registry import game_names

    return game_names()


def game_options(name: str) -> tuple[tuple[GameOption, ...], str | None]:
    """The options a game declares, and why it cannot be loaded (None when it can)."""
    from ..core.registry import game_class

    try:
        cls = game_class(name)
    except Exception as exc:  # a broken plug-in must not break the other games
        return (), f"the game {name} cannot be loaded: {exc}"
    return declared_options(cls), None


def _reader(option: GameOption) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        try:
            return option.read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    read.__name__ = option.name  # argparse names the option in its error with this
    return read


def add_game_arguments(parser: argparse.ArgumentParser, options: Sequence[GameOption]) -> None:
    """The game's declared options as ``--level``, ``--max-dots`` ...; unset ones stay the game's."""
    for option in options:
        if option.name in RESERVED:
            continue  # every sub-command has its own --seed, --language ...
        flag = "--" + option.name.replace("_", "-")
        default = f" (default: {option.default})" if option.default is not None else ""
        parser.add_argument(
            flag,
            dest=f"game_{option.name}",
            type=_reader(option),
            default=None,
            metavar=option.name.upper() if option.choices is None else None,
            choices=option.choices,
            help=option.help + default,
        )
    if not any(o.name == "players" for o in options):
        parser.add_argument(
            "--players", dest="game_players", type=count_of("--players", 1), default=None, metavar="N",
            help="how many players",
        )


def chosen_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (the rest keep the game's defaults)."""
    prefix = "game_"
    return {
        key[len(prefix):]: value
        for key, value in vars(args).items()
        if key.startswith(prefix) and value is not None
    }


def new_game_from_args(args: argparse.Namespace, players: int | None) -> Any:
    """A new seeded game of ``args.game`` with the options given; bad ones are usage errors."""
    from ..core.registry import new_game

    broken = getattr(args, "game_broken", None)
    if broken:
        raise UsageError(broken)
    options = chosen_options(args)
    if players is not None:
        options["players"] = players
    try:
        return new_game(args.game, seed=args.seed, **options)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{args.game}: {exc}") from None


#: What each list flag takes, shown when it is given empty: (the items, an example).
_LISTS = {
    "--names": ("names", "Ann,Bob,Cy"),
    "--kinds": ("kinds of task", "common,score"),
}


def split_list(text: str | None, what: str) -> list[str] | None:
    """``"Ann, Bob ,Cy"`` -> ``["Ann", "Bob", "Cy"]``; None when the flag was not given.
    An empty list or an empty item is a usage error naming the flag (never a silent default)."""
    if text is None:
        return None
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        takes, example = _LISTS.get(what, ("items", "a,b"))
        if not any(items):
            raise UsageError(f"{what} takes {takes} separated by commas, such as {example}; not {text!r}")
        raise UsageError(f"{what} has an empty item in {text!r}: separate the {what[2:]} with single commas")
    return items


def read_names(text: str | None) -> list[str] | None:
    """``--names``: the players' names, each with its control characters made visible
    (a newline shows as ␊), so no name can forge a line of what the command prints."""
    from ..core.text import visible

    names = split_list(text, "--names")
    return None if names is None else [visible(name) for name in names]


def count_of(what: str, low: int) -> Callable[[str], int]:
    """An argparse reader for a flag that takes a whole number, ``low`` or more; its
    error names the flag and what it takes (``--players takes a whole number, 1 or more``)."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or number < low:
            raise argparse.ArgumentTypeError(f"takes a whole number, {low} or more, not {text!r}")
        return number

    read.__name__ = what
    return read


def check_names(names: list[str] | None, players: int) -> None:
    """One name per player, exactly."""
    if names is not None and len(names) != players:
        raise UsageError(
            f"--names gives {len(names)} name{'s' if len(names) != 1 else ''} for {players} players: "
            f"give {players} names separated by commas"
        )
