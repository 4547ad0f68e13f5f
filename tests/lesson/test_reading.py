"""Reading a pupil's amount: every reasonable form to the same exact value, the form kept,
nonsense refused with a named message, never an exception, never eval."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

from teachgames.lesson.reading import Amount, Unread, read_amount


@pytest.mark.parametrize(
    ("text", "value", "form"),
    [
        ("3/4", Rational(3, 4), "fraction"),
        ("6/8", Rational(3, 4), "fraction"),
        (" 6 / 8 ", Rational(3, 4), "fraction"),
        ("0,75", Rational(3, 4), "decimal"),
        ("0.75", Rational(3, 4), "decimal"),
        (",75", Rational(3, 4), "decimal"),
        ("75 %", Rational(3, 4), "percent"),
        ("75%", Rational(3, 4), "percent"),
        ("20 процентов", Rational(1, 5), "percent"),
        ("three quarters", Rational(3, 4), "fraction"),
        ("три четверти", Rational(3, 4), "fraction"),
        ("три четвърти", Rational(3, 4), "fraction"),
        ("пять восьмых", Rational(5, 8), "fraction"),
        ("пет осми", Rational(5, 8), "fraction"),
        ("a half", Rational(1, 2), "fraction"),
        ("половина", Rational(1, 2), "fraction"),
        ("1 3/8", Rational(11, 8), "mixed"),
        ("1 and 3/8", Rational(11, 8), "mixed"),
        ("1 целая 3/8", Rational(11, 8), "mixed"),
        ("1 целая и 3/8", Rational(11, 8), "mixed"),
        ("1 цяло и 3/8", Rational(11, 8), "mixed"),
        ("две цели и три осми", Rational(19, 8), "mixed"),
        ("one and a half", Rational(3, 2), "mixed"),
        ("-15/8", Rational(-15, 8), "fraction"),
        ("−1 7/8", Rational(-15, 8), "mixed"),
        ("12", 12, "whole"),
        ("five", 5, "whole"),
        ("6/4", Rational(3, 2), "fraction"),
    ],
)
def test_every_form_reads_exactly(text: str, value: object, form: str) -> None:
    read = read_amount(text)
    assert isinstance(read, Amount)
    assert read.value == value
    assert read.form == form
    assert read.text == text.strip()  # echoed as typed, never rewritten ("1 2/8" stays "1 2/8")


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("5 slices", "slices"),
        ("5 кусочков", "slices"),
        ("пять кусков", "slices"),
        ("5 парчета", "slices"),
        ("1 slice", "slices"),
        ("2 pizzas", "pizzas"),
        ("3 целых", "pizzas"),
        ("10 points", "points"),
        ("10 очков", "points"),
        ("7 точки", "points"),
        ("3 cards", "cards"),
    ],
)
def test_unit_words_in_three_languages(text: str, unit: str) -> None:
    read = read_amount(text)
    assert isinstance(read, Amount) and read.unit == unit


def test_a_mixed_number_keeps_its_written_part() -> None:
    read = read_amount("1 6/4")
    assert isinstance(read, Amount)
    assert read.part == (6, 4) and not read.proper_mixed
    assert read_amount("1 2/8") == Amount(10, 8, "mixed", "1 2/8", None, (2, 8))


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "empty"),
        ("   ", "empty"),
        (None, "empty"),
        ("3/0", "zero_bottom"),
        ("1 2/0", "zero_bottom"),
        ("abc", "not_a_number"),
        ("__import__('os')", "not_a_number"),
        ("1/2/3", "not_a_number"),
        ("9" * 7, "not_a_number"),
        ("x" * 200, "too_long"),
        ("3/4 pizzas slices", "not_a_number"),
    ],
)
def test_nonsense_is_named_never_raised(text: object, key: str) -> None:
    read = read_amount(text)
    assert isinstance(read, Unread) and read.key == key


@given(st.text(max_size=120))
def test_any_text_gives_an_amount_or_a_message(text: str) -> None:
    assert isinstance(read_amount(text), (Amount, Unread))


@given(st.integers(-(10**5), 10**5), st.integers(1, 10**5))
def test_every_written_fraction_reads_back(p: int, q: int) -> None:
    read = read_amount(f"{p}/{q}")
    assert isinstance(read, Amount) and read.value == Rational(p, q)
