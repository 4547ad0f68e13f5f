"""Seeded, local randomness: one generator, :class:`Chance`, for every random choice.

Every random choice in teachgames (a game's deal and its later deals and reshuffles, a
worksheet's positions, an experiment's draws, a simulated reaction time, a bot's pick)
comes from a :class:`Chance`, never the global ``random`` module, so that the same seed
always gives the same game and two games never disturb each other's streams.

``Chance`` is a ``random.Random`` with a basic generator of its own, the way the standard
library invites one ("override random(), seed(), getstate(), setstate(); optionally
getrandbits()"): every ``Random`` method (``choice``, ``sample``, ``randint``, ``shuffle``,
``uniform``...) works on it, and a type hint may keep saying ``random.Random``. What it
adds is a state that is one integer (SplitMix64), for chance *kept in a game's state*
(Split's and Ligretto's later deals and reshuffles): copying the state copies the
generator, so undo puts it back and a replay from the saved seed draws the same outcomes.
Copying one integer is far cheaper than a Mersenne Twister's ``getstate``/``setstate``,
which matters where a state is copied on every move.

The price is a draw: here it is Python arithmetic on 64-bit numbers where the Mersenne
Twister draws in C, so dealing a game costs a little more; one generator for every random
choice is worth that. The outputs of a seed are fixed (tests/core/test_rng.py), so a
seeded game a lesson quotes stays the same game. The speed figures are in
docs/benchmarks.md.
"""

from __future__ import annotations

import random
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO_64 = 1 << 64


def fresh_seed() -> int:
    """A new seed for callers who did not give one, so the game can still be saved and replayed."""
    return random.SystemRandom().randrange(2**31)


class Chance(random.Random):
    """A deterministic ``random.Random`` whose whole state is one integer (SplitMix64).

    ``Chance(seed)`` takes a whole number (its last 64 bits are the state) or ``None`` for
    a fresh seed from the operating system; :meth:`from_text` takes a text. Copies (``copy()``,
    ``copy.copy``, ``copy.deepcopy``, pickling) are cheap and exact; two generators are
    equal when their next draws are.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)

    # ------------------------------------------------------------------ the basic generator
    def seed(self, a: object = None, version: int = 2) -> None:
        """Start over from ``a``: its last 64 bits, or a fresh seed for ``None``.

        A float, a bool or text is refused, so that a game's seed stays the whole number
        a saved game can store (text seeds go through :meth:`from_text`)."""
        if a is None:
            a = fresh_seed()
        elif isinstance(a, bool) or not isinstance(a, int):
            raise ValueError(f"seed must be a whole number, not {a!r}")
        self.state = a & _MASK

    @classmethod
    def from_text(cls, text: str) -> Chance:
        """A generator seeded by a text such as ``"7/score/3"`` (its SHA-512, as
        ``random.Random`` hashes a text seed), for streams named by several numbers.
        ``hashlib`` is imported here, not with teachgames: it loads OpenSSL, and only
        worksheets name streams by text."""
        from hashlib import sha512

        return cls(int.from_bytes(sha512(text.encode()).digest()[:8], "big"))

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of the next number."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int, /) -> int:
        """A whole number of ``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        bits, have = 0, 0
        while have < k:
            bits = (bits << 64) | self.next64()
            have += 64
        return bits >> (have - k)

    def getstate(self) -> tuple[int]:
        return (self.state,)

    def setstate(self, state: tuple[Any, ...]) -> None:
        (value,) = state
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MASK:
            raise ValueError(f"not the state of a Chance: {state!r}")
        self.state = value

    # ------------------------------------------------------------------ whole numbers, shuffles
    def _randbelow(self, n: int) -> int:
        """A whole number in ``range(n)``, every one equally likely (rejection: no modulo bias).

        ``random.Random`` lets a subclass bring this (``__init_subclass__`` keeps it), so
        ``shuffle``, ``choice``, ``sample``, ``randint`` and ``randrange(a, b)`` draw
        through it. ``Random.shuffle`` is the Fisher–Yates shuffle from the end, with
        ``j = _randbelow(i + 1)``, exactly the loop ``Chance`` had of its own.

        A draw ``x`` is kept when it lies below the largest multiple of ``n`` that fits in
        64 bits, that is when ``x - x % n + n <= 2**64`` (no second division). The step of
        :meth:`next64` is written out here: this is the loop of every deal, and the inlined
        step made a 100-card shuffle a quarter faster."""
        state = self.state
        while True:
            state = z = (state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            r = z % n
            if z - r + n <= _TWO_64:
                self.state = state
                return r

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """As ``random.Random.randrange``; ``randrange(n)`` is the one deals use."""
        if stop is None and step == 1 and type(start) is int:
            if start <= 0:
                raise ValueError("randrange needs a positive bound")
            return self._randbelow(start)
        return super().randrange(start, stop, step)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """As ``normalvariate``: ``Random.gauss`` keeps a second draw aside, which a state of
        one integer cannot hold."""
        return self.normalvariate(mu, sigma)

    # ------------------------------------------------------------------ copies, equality
    def copy(self) -> Chance:
        """An independent generator that will draw exactly what this one draws next."""
        twin = type(self).__new__(type(self))
        twin.state = self.state
        return twin

    def __copy__(self) -> Chance:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Chance:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (0,), self.getstate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Chance(state={self.state})"
