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
        ("9" * 7, "too_big"),
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


# ---------------------------------------------------------------------- what pupils really type


@pytest.mark.parametrize(
    ("text", "value", "form"),
    [
        # a vulgar-fraction glyph is a part after the wholes, never the top's last digit
        ("1⅜", Rational(11, 8), "mixed"),
        ("2⅝", Rational(21, 8), "mixed"),
        ("1¾", Rational(7, 4), "mixed"),
        ("1 ⅜", Rational(11, 8), "mixed"),
        ("-1⅞", Rational(-15, 8), "mixed"),
        ("⅜", Rational(3, 8), "fraction"),
        ("1 целая ⅜", Rational(11, 8), "mixed"),
        ("1³⁄₈", Rational(11, 8), "mixed"),
        ("⅟8", Rational(1, 8), "fraction"),
        # signs: a leading +, words for minus, dashes for minus, "below zero"
        ("+6", 6, "whole"),
        ("+10", 10, "whole"),
        ("+ 3/4", Rational(3, 4), "fraction"),
        ("minus 9", -9, "whole"),
        ("минус 9", -9, "whole"),
        ("–9", -9, "whole"),
        ("—9", -9, "whole"),
        ("−9", -9, "whole"),
        ("- 9", -9, "whole"),
        ("9 below zero", -9, "whole"),
        ("9 ниже нуля", -9, "whole"),
        ("9 под нулата", -9, "whole"),
        ("−15 points", -15, "whole"),
        # a part counted out of a whole
        ("2 out of 35", Rational(2, 35), "fraction"),
        ("6 из 30", Rational(6, 30), "fraction"),
        ("6 от 30", Rational(6, 30), "fraction"),
        ("6 slices of 8", Rational(6, 8), "fraction"),
        # digits of other scripts and shapes
        ("❶", 1, "whole"),
        ("⓵", 1, "whole"),
        ("➀", 1, "whole"),
        ("፩", 1, "whole"),
        ("٣/٤", Rational(3, 4), "fraction"),
        ("３/４", Rational(3, 4), "fraction"),
        ("= 6", 6, "whole"),
        ("3/4\u200b", Rational(3, 4), "fraction"),  # a zero-width space pasted along
    ],
)
def test_what_pupils_really_type_reads_exactly(text: str, value: object, form: str) -> None:
    read = read_amount(text)
    assert isinstance(read, Amount), text
    assert (read.value, read.form) == (value, form)


@pytest.mark.parametrize(
    ("text", "count", "unit"),
    [
        ("2 slices", 2, "slices"),
        ("6 slices", 6, "slices"),
        ("6 кусков", 6, "slices"),
        ("2 куска", 2, "slices"),
        ("6 кусочков пиццы", 6, "slices"),
        ("6 парчета", 6, "slices"),
        ("6 парчета от пицата", 6, "slices"),
        ("6 slices of pizza", 6, "slices"),
        ("3/4 of a pizza", Rational(3, 4), "pizzas"),
        ("2 5/8 pizzas", Rational(21, 8), "pizzas"),
        ("10 очков", 10, "points"),
    ],
)
def test_unit_words_in_every_case(text: str, count: object, unit: str) -> None:
    read = read_amount(text)
    assert isinstance(read, Amount) and (read.value, read.unit) == (count, unit)


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ("9" * 5000, "too_long"),
        pytest.param(10**5000, "too_big", id="a 5,000-digit int"),
        ("1234567", "too_big"),
        ("万", "not_a_number"),
        ("\ud800", "not_a_number"),
        ("\x00", "empty"),
        ("3/4 pizzas slices", "not_a_number"),
        ("minus −9", "not_a_number"),
        (object(), "not_a_number"),
        (float("nan"), "not_a_number"),
        (["3/4"], "not_a_number"),
        (True, "not_a_number"),
    ],
)
def test_what_cannot_be_read_is_named(given: object, key: str) -> None:
    read = read_amount(given)
    assert isinstance(read, Unread) and read.key == key


def test_the_echo_is_always_printable() -> None:
    """A lone surrogate or a NUL never reaches the page (it could not be sent as UTF-8)."""
    for typed in ("\ud800 3/4", "3/4\x00", "1⅜\ud83d"):
        read = read_amount(typed)
        read.text.encode("utf-8")
        assert "\x00" not in read.text


ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=200)
ANYTHING = st.one_of(
    ANY_TEXT,
    st.integers(),
    st.floats(),
    st.none(),
    st.booleans(),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=10),
    st.text(st.sampled_from("0123456789/ ,.-+⅜¾½−–—❶٣ minusслицекуcлиз"), max_size=40),
)


@given(ANYTHING)
def test_read_amount_never_raises(given: object) -> None:
    read = read_amount(given)
    assert isinstance(read, (Amount, Unread))
    read.text.encode("utf-8")  # always something the page can show


def test_huge_text_is_refused_without_being_read() -> None:
    read = read_amount("1/2 " * 1_000_000)
    assert isinstance(read, Unread) and read.key == "too_long" and len(read.text) <= 80
