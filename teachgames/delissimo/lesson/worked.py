"""The worked explanations of the exit tickets' number questions (sympy loads only when
one is built); their words are the catalogue's ``lesson.worked.*`` messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .words import msg

if TYPE_CHECKING:
    from ...explain import Explanation


def why_pile(language: str | None) -> Explanation:
    from sympy import Integer

    from ...explain import Explanation, Printed, psum
    from ..explain import whole_groups

    pile = [2, 6, 5, 3, 7, 1]
    e = Explanation(title=msg("worked.pile_title", language), language=language)
    e.add(msg("worked.pile_all", language), [psum([Printed(k, 8) for k in pile]), Printed(24, 8), Integer(3)])
    groups, _left = whole_groups(pile)
    for group in groups:
        whole = [psum([Printed(k, 8) for k in group]), Printed(8, 8), Integer(1)]
        e.add(msg("worked.pile_whole", language), whole)
    return e


def why_three_quarters(language: str | None) -> Explanation:
    from ...explain import Explanation, Printed

    e = Explanation(title="3/4 = ?/8", language=language)
    e.add(msg("worked.times_two", language), [Printed(3, 4), Printed(6, 8)])
    return e


def why_final_score(language: str | None) -> Explanation:
    from sympy import Integer, Rational

    from ...explain import Explanation, Mixed, Printed, pdiff, psum

    e = Explanation(title=msg("worked.score_title", language), language=language)
    e.add(msg("worked.score_delivered", language), [Mixed(Rational(13, 4)), Printed(26, 8)])
    e.add(msg("worked.score_penalty", language), [psum([Printed(5, 8), Integer(1)]), Printed(13, 8)])
    e.add(msg("worked.score_final", language), [pdiff(Printed(26, 8), Printed(13, 8)), Printed(13, 8),
                                                Mixed(Rational(13, 8))])  # fmt: skip
    return e


def why_sum(language: str | None) -> Explanation:
    from sympy import Rational

    from ...explain import Explanation, Mixed, Printed, psum

    e = Explanation(title="3/4 + 5/8", language=language)
    e.add(
        msg("worked.sum_eighths", language),
        [psum([Printed(3, 4), Printed(5, 8)]), psum([Printed(6, 8), Printed(5, 8)]), Printed(11, 8),
         Mixed(Rational(11, 8))],
    )  # fmt: skip
    return e


def why_compare(language: str | None) -> Explanation:
    """1/8 or 1/4? Both over 8: 1/4 = 2/8, and 2/8 > 1/8."""
    from ...explain import Explanation, Printed

    e = Explanation(title="1/8 ? 1/4", language=language)
    e.add(msg("worked.compare_common", language), [Printed(1, 4), Printed(2, 8)])
    e.add(msg("worked.compare_more", language), [Printed(2, 8), Printed(1, 8)], [">"])
    return e
