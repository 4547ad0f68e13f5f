"""Wrong answers that follow a known misconception, recognised so the feedback can say
what went wrong rather than only "8/12 is not 11/8".

- :func:`tops_and_bottoms`: a sum answered by adding the numerators and the denominators
  (3/4 + 5/8 → "8/12").
- :func:`bigger_denominator`: a comparison answered as if a bigger number at the bottom
  made a bigger fraction (1/8 chosen over 1/4).
"""

from __future__ import annotations

from collections.abc import Sequence

from .numbers import fraction_text
from .reading import Amount
from .words import msg


def tops_and_bottoms(
    terms: Sequence[tuple[int, int]], answer: Amount, language: str | None
) -> str | None:
    """The message for a sum whose answer adds tops and bottoms, or None.

    ``terms`` are the fractions added, as (numerator, denominator). The answer counts as this
    mistake when it is written as one fraction equal to (sum of tops)/(sum of bottoms), in
    those very numbers or reduced (8/12 or 2/3), and that is not the right sum."""
    if len(terms) < 2 or answer.form != "fraction" or answer.numerator < 0:
        return None
    tops, bottoms = sum(n for n, _ in terms), sum(d for _, d in terms)
    if answer.numerator * bottoms != tops * answer.denominator:
        return None
    right = sum(n * _lcm_all(terms) // d for n, d in terms), _lcm_all(terms)
    if right[0] * answer.denominator == answer.numerator * right[1]:
        return None
    shown = " + ".join(fraction_text(n, d) for n, d in terms)
    return msg("tops_bottoms", language, terms=shown, wrong=f"{answer.numerator}/{answer.denominator}")


def bigger_denominator(chosen: tuple[int, int], other: tuple[int, int], language: str | None) -> str | None:
    """The message when the pupil chose ``chosen`` as the bigger of two fractions with the
    same top because its bottom is bigger (1/8 over 1/4), or None."""
    (n1, d1), (n2, d2) = chosen, other
    if n1 == n2 and d1 > d2 and n1 > 0:
        return msg("bigger_denominator", language)
    return None


def _lcm_all(terms: Sequence[tuple[int, int]]) -> int:
    from math import lcm

    out = 1
    for _, d in terms:
        out = lcm(out, d)
    return out
