"""How a test answers any lesson task: right, and with each of its likely wrong answers.

Shared by every game's activity tests and by the browser walkthroughs, so each game's
tests state only what is its own."""

from __future__ import annotations

from typing import Any

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


#: A game's move verdict, which a pupil's maths is never marked with.
MOVE_VERDICTS = ("Not legal", "Нельзя", "Не може")
#: Answers no task can read: each is said so, and uses no try.
NONSENSE: tuple[object, ...] = ("", "<script>alert(1)</script>", ["no-such-option"], None, {"a": 1}, ["x", 3])


def check_wrong_answers_named(spec: Any, index: int, language: str, *, also_forbidden: tuple[str, ...] = ()) -> set[str]:
    """Each likely wrong answer of screen ``index`` gets its own line naming its
    misconception (never a move verdict), and a second try: nothing is revealed. Returns
    the misconception keys met."""
    from teachgames.lesson import Activity

    task = spec.screens[index].task
    lines, keys = set(), set()
    for answer, key in wrong_answers(task):
        run = Activity(spec, language)
        run.go(index)
        mark = run.answer(answer)
        assert mark.outcome == "wrong" and mark.misconception == key, (run.screen.id, answer, mark)
        assert mark.line and "{" not in mark.line
        assert run.view_model()["screen"]["reveal"] is None  # a second try, not the answer
        assert not any(w in mark.line for w in (*MOVE_VERDICTS, *also_forbidden)), mark.line
        lines.add(mark.line)
        keys.add(key)
    assert len(lines) == len(keys), "each misconception has its own line"
    return keys


def check_nonsense_uses_no_try(spec: Any, index: int, language: str, nonsense: tuple[object, ...] = NONSENSE) -> None:
    """Answers no task can read are each said so, and use no try."""
    from teachgames.lesson import Activity

    run = Activity(spec, language)
    run.go(index)
    for answer in nonsense:
        mark = run.answer(answer)
        assert mark.outcome == "unread" and mark.line, answer
    assert run.view_model()["screen"]["tries"]["used"] == 0
