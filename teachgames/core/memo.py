"""Memoised functions and attributes worked out once, without importing functools.

``functools`` imports ``collections`` (with ``reprlib``, ``keyword`` and ``types``,
about 150 KB of bytecode), and reading that was a fifth of a bare interpreter's
start: more than everything else dealing a game needs from the standard library
except ``random``. The modules on the way to a dealt game memoise with these instead.

:func:`memoize` keeps a plain dict that is emptied once it holds ``maxsize`` answers.
Every function memoised so is pure and its working set (capture searches by table,
decks by rules, catalogues by language) stays far below its bound, so the order of
eviction of an LRU cache bought nothing; a look-up is one dict access.
Type checkers read :func:`memoize` and :class:`once` as ``functools.lru_cache`` and
``functools.cached_property``.
"""

from __future__ import annotations

__all__ = ["memoize", "once"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from functools import cached_property as once
    from typing import Any, ParamSpec, Protocol, TypeVar

    P = ParamSpec("P")
    R = TypeVar("R", covariant=True)

    class Memoized(Protocol[P, R]):
        """A memoised function: called like the function, and emptied by ``cache_clear``."""

        def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

        def cache_clear(self) -> None: ...

        @property
        def cache(self) -> Mapping[Any, R]:
            """The answers so far, by the tuple of positional arguments (read only)."""

    def memoize(maxsize: int | None = None) -> Callable[[Callable[P, R]], Memoized[P, R]]: ...

else:
    _KEYWORDS = object()  # separates positional from keyword arguments in a memo key

    def memoize(maxsize=None):
        """Remember a pure function's answers by its (hashable) arguments, at most
        ``maxsize`` of them (None: no bound); ``cache_clear()`` forgets them."""

        def decorate(function):
            table = {}

            def memoized(*args, **kwargs):
                key = (*args, _KEYWORDS, *sorted(kwargs.items())) if kwargs else args
                try:
                    return table[key]
                except KeyError:
                    pass
                value = function(*args, **kwargs)
                if maxsize is not None and len(table) >= maxsize:
                    table.clear()
                table[key] = value
                return value

            memoized.cache_clear = table.clear
            memoized.cache = table  # for a hot path that looks up before it calls (read only)
            memoized.__wrapped__ = function
            for name in ("__module__", "__name__", "__qualname__", "__doc__"):
                setattr(memoized, name, getattr(function, name))
            return memoized

        return decorate

    class once:
        """An attribute worked out by the method on first reading and then kept in the
        instance's ``__dict__`` (the instance must have one)."""

        def __init__(self, method):
            self.method = method
            self.name = method.__name__
            self.__doc__ = method.__doc__

        def __set_name__(self, owner, name):
            self.name = name

        def __get__(self, instance, owner=None):
            if instance is None:
                return self
            value = instance.__dict__[self.name] = self.method(instance)
            return value
