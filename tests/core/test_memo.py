"""The memo and the once-computed attribute that stand in for functools on the start-up path."""

from __future__ import annotations

from teachgames.core.memo import memoize, once


def test_a_memoised_function_computes_each_answer_once() -> None:
    calls: list[tuple[int, int]] = []

    @memoize()
    def add(a: int, b: int = 0) -> int:
        calls.append((a, b))
        return a + b

    assert [add(1, 2), add(1, 2), add(1, b=2), add(1, b=2), add(3)] == [3, 3, 3, 3, 3]
    assert calls == [(1, 2), (1, 2), (3, 0)]  # positional and keyword calls are remembered apart
    add.cache_clear()
    assert add(1, 2) == 3 and calls[-1] == (1, 2)
    assert add.__name__ == "add" and add.__wrapped__(5, 5) == 10  # type: ignore[attr-defined]


def test_a_hot_path_may_read_the_answers_by_their_positional_arguments() -> None:
    @memoize()
    def double(n: int) -> int:
        return 2 * n

    assert double.cache.get((4,)) is None  # not asked yet: the caller computes it
    assert double(4) == 8 and double.cache.get((4,)) == 8
    double.cache_clear()
    assert double.cache.get((4,)) is None


def test_a_bounded_memo_forgets_everything_when_full_and_stays_right() -> None:
    calls: list[int] = []

    @memoize(maxsize=3)
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert [square(n) for n in (1, 2, 3, 1)] == [1, 4, 9, 1]
    assert calls == [1, 2, 3]
    assert square(4) == 16  # the memo was full: emptied, then 4 kept
    assert square(1) == 1 and calls == [1, 2, 3, 4, 1]


def test_once_works_out_an_attribute_on_first_reading_only() -> None:
    class Box:
        def __init__(self) -> None:
            self.reads = 0

        @once
        def contents(self) -> list[int]:
            """What the box holds."""
            self.reads += 1
            return [1, 2]

    box = Box()
    assert box.contents is box.contents and box.reads == 1
    assert Box().contents == [1, 2]
    assert Box.contents.__doc__ == "What the box holds."
