"""The worked explanations of the exit tickets' number questions (sympy loads only when
one is built)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .words import local

if TYPE_CHECKING:
    from ...explain import Explanation


def why_pile(language: str | None) -> Explanation:
    from sympy import Integer

    from ...explain import Explanation, Printed, psum
    from ..explain import whole_groups

    pile = [2, 6, 5, 3, 7, 1]
    e = Explanation(title=local(_PILE_TITLE, language), language=language)
    e.add(local(_PILE_ALL, language), [psum([Printed(k, 8) for k in pile]), Printed(24, 8), Integer(3)])
    groups, _left = whole_groups(pile)
    for group in groups:
        e.add(local(_PILE_WHOLE, language), [psum([Printed(k, 8) for k in group]), Printed(8, 8), Integer(1)])
    return e


def why_three_quarters(language: str | None) -> Explanation:
    from ...explain import Explanation, Printed

    e = Explanation(title="3/4 = ?/8", language=language)
    e.add(local(_TIMES_TWO, language), [Printed(3, 4), Printed(6, 8)])
    return e


def why_final_score(language: str | None) -> Explanation:
    from sympy import Integer, Rational

    from ...explain import Explanation, Mixed, Printed, pdiff, psum

    e = Explanation(title=local(_SCORE_TITLE, language), language=language)
    e.add(local(_SCORE_DELIVERED, language), [Mixed(Rational(13, 4)), Printed(26, 8)])
    e.add(local(_SCORE_PENALTY, language), [psum([Printed(5, 8), Integer(1)]), Printed(13, 8)])
    e.add(local(_SCORE_FINAL, language), [pdiff(Printed(26, 8), Printed(13, 8)), Printed(13, 8),
                                           Mixed(Rational(13, 8))])  # fmt: skip
    return e


def why_sum(language: str | None) -> Explanation:
    from sympy import Rational

    from ...explain import Explanation, Mixed, Printed, psum

    e = Explanation(title="3/4 + 5/8", language=language)
    e.add(
        local(_SUM_EIGHTHS, language),
        [psum([Printed(3, 4), Printed(5, 8)]), psum([Printed(6, 8), Printed(5, 8)]), Printed(11, 8),
         Mixed(Rational(11, 8))],
    )  # fmt: skip
    return e


_PILE_TITLE = {"en": "Counting the pile", "ru": "Считаем взятки", "bg": "Броим взятките"}
_PILE_ALL = {"en": "All the slices:", "ru": "Все куски:", "bg": "Всички парчета:"}
_PILE_WHOLE = {"en": "A whole pizza:", "ru": "Целая пицца:", "bg": "Цяла пица:"}
_TIMES_TWO = {
    "en": "Multiply the top and the bottom by 2:",
    "ru": "Умножим числитель и знаменатель на 2:",
    "bg": "Умножаваме числителя и знаменателя по 2:",
}
_SCORE_TITLE = {"en": "The final score", "ru": "Итоговый счёт", "bg": "Крайният резултат"}
_SCORE_DELIVERED = {"en": "Delivered:", "ru": "Доставлено:", "bg": "Доставено:"}
_SCORE_PENALTY = {
    "en": "Penalty: tomato 5/8, and the special order counts as a whole pizza:",
    "ru": "Штраф: помидоры 5/8, а спецзаказ — целая пицца:",
    "bg": "Наказание: домати 5/8, а специалната поръчка е цяла пица:",
}
_SCORE_FINAL = {"en": "Final score:", "ru": "Итог:", "bg": "Резултат:"}
_SUM_EIGHTHS = {
    "en": "Write both in eighths, then add:",
    "ru": "Запишем обе дроби в восьмых и сложим:",
    "bg": "Записваме двете дроби в осми и събираме:",
}
