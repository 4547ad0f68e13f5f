"""The few statistics a simulation lesson needs, exact where they can be.

A win rate is ``wins / games`` as an exact fraction when asked (``rate_fraction``), and
its 95% confidence interval is Wilson's, which stays honest for small counts and for
rates near 0 or 1 (a class may run only 20 games). Standard library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``games``."""
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be from 0 to {games}, not {wins}")
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def decimal(value: float, places: int, language: str) -> str:
    """A decimal as the language writes it: ``52.3`` in English, ``52,3`` in Russian and Bulgarian."""
    text = f"{value:.{places}f}"
    return text if language == "en" else text.replace(".", ",")


def as_float(value: Any) -> float:
    """An exact score (int, sympy Rational) as a float for averages; NaN if it is not a number."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


@dataclass(frozen=True, slots=True)
class SeatRow:
    """How one seat did over a series of games."""

    seat: int
    bot: str
    wins: int
    games: int
    mean_score: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def seat_rows(results: Sequence[Any], bots: Sequence[str]) -> list[SeatRow]:
    """Wins (a shared first place counts for each player in it) and mean scores per seat."""
    games = len(results)
    rows = []
    for seat, bot in enumerate(bots):
        wins = sum(seat in r.winners for r in results)
        total = sum(as_float(r.scores[seat]) for r in results)
        rows.append(SeatRow(seat, bot, wins, games, total / games if games else math.nan))
    return rows
