"""Seeded, local randomness.

Every random choice in teachgames goes through a ``random.Random`` made here, never
the global ``random`` module, so that the same seed always gives the same game and
two games never disturb each other's streams.
"""

from __future__ import annotations

import random


def make_rng(seed: int | None) -> random.Random:
    """Return a private generator; ``None`` picks a fresh seed from the OS."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return random.Random(seed)


def fresh_seed() -> int:
    """A new seed for callers who did not give one, so the game can still be saved and replayed."""
    return random.SystemRandom().randrange(2**31)
