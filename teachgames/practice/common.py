"""Helpers every game's practice module shares: hint ladders and prompts from the
catalogue, and a fresh deal from a game's own engine."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..core.i18n import messages, tr
from ..core.registry import new_game
from .model import Text


def hints(key: str, **values: Any) -> Callable[[str], list[str]]:
    """The hint ladder ``<key>.1``, ``<key>.2`` ... (as many steps as the catalogue has),
    each filled with ``values`` (a value that is Text is said in the same language)."""

    def ladder(language: str) -> list[str]:
        shown = {k: v(language) if callable(v) else v for k, v in values.items()}
        domain, _, name = key.partition(".")
        known = messages(domain, "en")
        return [tr(f"{key}.{i}", language, **shown) for i in (1, 2, 3) if f"{name}.{i}" in known]

    return ladder


#: How many deals per game and options practice draws from. Each is dealt by the engine
#: the first time an item asks for it and kept (a deal costs a millisecond or more, the
#: questions asked about it far less), so a pupil never waits; the subsets of cards an
#: item takes from a deal make the items themselves endless.
DEALS_KEPT = 4096


def dealt(game: str, stream: Any, **options: Any) -> dict[str, Any]:
    """The teacher's view (``view()``) of a game of ``game`` dealt with one of
    :data:`DEALS_KEPT` seeds, drawn from ``stream`` (the item's own random stream: the
    same item seed deals the same position). Read it, never change it: it is shared."""
    return _view(game, stream.randrange(DEALS_KEPT), tuple(sorted(options.items())))


@lru_cache(maxsize=4 * DEALS_KEPT)
def _view(game: str, seed: int, options: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    view: dict[str, Any] = new_game(game, seed=seed, **dict(options)).view()
    return view


def joined(parts: list[Text], language: str) -> str:
    """Several pieces of words joined as a list ("a, b and c")."""
    said = [p(language) for p in parts]
    if len(said) == 1:
        return said[0]
    return tr("practice.and", language, first=", ".join(said[:-1]), last=said[-1])
