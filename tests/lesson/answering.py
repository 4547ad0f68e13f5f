"""How a test answers any lesson task: right, and with each of its likely wrong answers.

Shared by every game's activity tests and by the browser walkthroughs, so each game's
tests state only what is its own."""

from __future__ import annotations

from teachgames.core.numbers import mixed_number
from teachgames.lesson import Choose, Order, PickCards, TypeAmount


def amount_text(p: int, q: int) -> str:
    return str(p) if q == 1 else f"{p}/{q}"


def right_answer(task: object) -> object:
    """What a pupil gives to answer ``task`` right: option ids (a list), or text typed."""
    if isinstance(task, Choose):
        return [o.id for o in task.options if o.right]
    if isinstance(task, Order):
        return list(task.right)
    if isinstance(task, PickCards):
        return sorted(task.right[0])
    assert isinstance(task, TypeAmount)
    p, q = task.value
    if task.form == "over":
        return f"{p * task.den // q}/{task.den}"
    if task.form == "mixed":
        return mixed_number(p, q)
    return amount_text(p, q)


def wrong_answers(task: object) -> list[tuple[object, str]]:
    """(a likely wrong answer, the misconception key it must be named with)."""
    if isinstance(task, Choose):
        return [([o.id], o.misconception.key) for o in task.options if not o.right and o.misconception]
    if isinstance(task, TypeAmount):
        return [(amount_text(p, q), w.misconception.key) for w in task.wrongs for p, q in w.values]
    if isinstance(task, PickCards):  # the engine names it: the judge's own key
        return [(sorted(pick), task.check(sorted(pick), "en").misconception or "") for pick in task.wrongs]
    if isinstance(task, Order):
        return [(list(order), m.key) for order, m in task.wrongs]
    return []
