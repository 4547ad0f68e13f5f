"""The two toy games, registered for a test as a notebook would register its own game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import teachgames
from teachgames.core import registry

from .toys import Race, Sums


@pytest.fixture
def toys() -> Iterator[None]:
    """``sums`` and ``race`` in the registry for one test, and gone after it."""
    teachgames.register_game("sums", Sums)
    teachgames.register_game("race", Race)
    yield
    registry.unregister_game("sums")
    registry.unregister_game("race")
