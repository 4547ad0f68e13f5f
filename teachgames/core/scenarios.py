"""A game's ``scenario()``: a position built by hand (a lesson's puzzle, a test's), as a game.

Each game has a function that reads and checks a position given in its card notation
(``scenario_position``) and returns what its game class is made from. ``scenario()``
is that function with the game made at the end: it takes the same parameters and shows
them in ``help()`` and in a notebook's tooltip, with the game class as its result.

"""

from __future__ import annotations

__all__ = ["scenario_function"]

import functools
import types
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")
G = TypeVar("G")


def scenario_function(
    position: Callable[P, T], make: Callable[[T], G], returns: str, module: str
) -> Callable[P, G]:
    """``scenario()`` of a game: ``make(position(...))``, documented and typed as ``position``
    with ``returns`` (the game class's name) as its result; ``module`` is where it lives."""

    # ``help()`` and ``inspect.signature`` follow ``__wrapped__``: they show ``position``'s
    # parameters and defaults, under the name ``scenario`` and with the game as its result.
    original: Any = position
    shown = types.FunctionType(original.__code__, original.__globals__, "scenario", original.__defaults__,
                               original.__closure__)  # fmt: skip
    shown.__kwdefaults__ = original.__kwdefaults__
    shown.__annotations__ = {**original.__annotations__, "return": returns}

    @functools.wraps(shown)
    def scenario(*args: P.args, **kwargs: P.kwargs) -> G:
        return make(position(*args, **kwargs))

    scenario.__doc__ = position.__doc__
    scenario.__module__ = module
    return scenario
