"""A game's ``scenario()``: a position built by hand (a lesson's puzzle, a test's), as a game.

Each game has a function that reads and checks a position given in its card notation
(``scenario_position``) and returns what its game class is made from. ``scenario()``
is that function with the game made at the end: it takes the same parameters and shows
them in ``help()`` and in a notebook's tooltip, with the game class as its result.

``functools.wraps`` and ``inspect.signature`` would do this in two lines, but both
modules are slow to import (``inspect`` alone takes half a bare interpreter's start)
and a game's module is read on the way to every ``new_game``. So the signature is
read from the position function itself when something asks (``help``, a tooltip,
``inspect``).
"""

from __future__ import annotations

__all__ = ["scenario_function"]

TYPE_CHECKING = False
if TYPE_CHECKING:
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

    def scenario(*args: P.args, **kwargs: P.kwargs) -> G:
        return make(position(*args, **kwargs))

    # What ``help()`` and ``inspect.signature`` show: ``position`` itself (its code, so its
    # parameters and defaults) under another name and with the game as its result. They
    # follow ``__wrapped__``, as for any function wrapped by ``functools.wraps``.
    original: Any = position  # a plain function: its code, defaults and annotations are read
    shown = type(original)(original.__code__, original.__globals__, "scenario", original.__defaults__,
                           original.__closure__)  # types.FunctionType, without importing types  # fmt: skip
    shown.__kwdefaults__ = original.__kwdefaults__
    shown.__annotations__ = {**original.__annotations__, "return": returns}
    scenario.__wrapped__ = shown  # type: ignore[attr-defined]
    scenario.__doc__ = position.__doc__
    scenario.__module__ = module
    return scenario
