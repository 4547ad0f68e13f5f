"""Scoring a collection of flower cards, in whole numbers (no sympy: bots call this a lot).

Seed rules ("groups"): the player chooses ONE group, either cards of one colour or cards
of different colours (at most one of each); the group scores from its table by its size
and every other card is "extra" (−20 each). The engine tries every group and keeps the
best, which :mod:`.explain` then shows against the alternatives.

Coloretto: every colour scores on the triangular table by its count; the best
``plus_colours`` colours count plus, the others minus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import COLOURS
from .rules import TsvetikRules

if TYPE_CHECKING:
    from collections.abc import Sequence


@dataclass(frozen=True, slots=True)
class Group:
    """One way to score a collection: the group kept and what the others cost.

    ``colour`` is the colour index of a one-colour group, None for different colours.
    """

    colour: int | None
    size: int  #: cards in the group
    base: int  #: the table's points for the group
    extras: int  #: cards outside the group
    points: int  #: base + extras × the extra-card value


def _best_size(table: Sequence[int], available: int, total: int, extra: int, colour: int | None) -> Group:
    """The best group of ``colour`` (None: different colours) from 1 to ``available`` cards;
    on equal points the bigger group (fewer extras to explain). Only the winner is made."""
    best_size, best_points = 1, table[0] + (total - 1) * extra
    for size in range(2, min(available, len(table)) + 1):
        points = table[size - 1] + (total - size) * extra
        if points >= best_points:
            best_size, best_points = size, points
    return Group(colour, best_size, table[best_size - 1], total - best_size, best_points)


def group_options(counts: Sequence[int], rules: TsvetikRules) -> list[Group]:
    """Every group the seed rules allow for these colour counts, the best size of each:
    one per colour held (in colour order), then different colours. [] for no cards."""
    total = sum(counts)
    options: list[Group] = []
    for colour, n in enumerate(counts):
        if n:
            options.append(_best_size(rules.one_colour, n, total, rules.extra, colour))
    distinct = sum(1 for n in counts if n)
    if distinct:
        options.append(_best_size(rules.different, distinct, total, rules.extra, None))
    return options


def best_group(counts: Sequence[int], rules: TsvetikRules) -> Group | None:
    """The group with the most points (first in :func:`group_options` order on ties)."""
    best: Group | None = None
    for option in group_options(counts, rules):
        if best is None or option.points > best.points:
            best = option
    return best


def colour_points(n: int, rules: TsvetikRules) -> int:
    """Coloretto: the points of one colour held ``n`` times (0 for none)."""
    if n <= 0:
        return 0
    return rules.triangle[min(n, len(rules.triangle)) - 1]


def coloretto_split(counts: Sequence[int], rules: TsvetikRules) -> tuple[list[int], list[int]]:
    """Coloretto: the colours held that count plus (the best ones) and those that count minus.

    Best = most points; on ties the colour earlier in the rainbow counts plus.
    """
    held = [c for c, n in enumerate(counts) if n]
    ranked = sorted(held, key=lambda c: (-colour_points(counts[c], rules), c))
    return ranked[: rules.plus_colours], ranked[rules.plus_colours :]


#: Most scores one rules object remembers (a few MB at most).
SCORE_MEMO_SIZE = 50_000


def score_counts(counts: Sequence[int], rules: TsvetikRules) -> int:
    """The score of a collection given as colour counts (remembered per rules object)."""
    key = tuple(counts)
    memo = rules.score_memo
    score = memo.get(key)
    if score is None:
        if len(memo) >= SCORE_MEMO_SIZE:
            memo.clear()
        score = memo[key] = _score_counts(key, rules)
    return score


def _score_counts(counts: Sequence[int], rules: TsvetikRules) -> int:
    if rules.scoring == "coloretto":
        plus, minus = coloretto_split(counts, rules)
        return sum(colour_points(counts[c], rules) for c in plus) - sum(
            colour_points(counts[c], rules) for c in minus
        )
    best = best_group(counts, rules)
    return 0 if best is None else best.points


def counts_of(cards: Sequence[int]) -> list[int]:
    """Colour counts of a list of card indices."""
    out = [0] * len(COLOURS)
    for c in cards:
        out[c] += 1
    return out


def score_of(cards: Sequence[int], rules: TsvetikRules) -> int:
    """The score of a collection of card indices."""
    return score_counts(counts_of(cards), rules)
