"""Printed, Mixed and the ordered builders: what the page shows, and what it is worth."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import Add, Integer, Rational, Symbol, latex

from teachgames.explain import (
    ExplanationError,
    Mixed,
    Printed,
    exact_value,
    pdiff,
    psum,
    ptimes,
    to_latex,
    to_text,
)


def test_printed_keeps_two_eighths_everywhere() -> None:
    p = Printed(2, 8)
    assert latex(p) == r"\frac{2}{8}"
    assert to_latex(p) == r"\frac{2}{8}"
    assert str(p) == "2/8"
    assert to_text(p) == "2/8"
    assert p.doit() == Rational(1, 4)
    assert exact_value(p) == Rational(1, 4)
    assert p != Printed(1, 4)  # the printed form is part of the object


def test_printed_whole_forms() -> None:
    assert str(Printed(1, 1)) == "1"
    assert to_latex(Printed(1, 1)) == "1"
    assert str(Printed(8, 8)) == "8/8"
    assert to_latex(Printed(8, 8)) == r"\frac{8}{8}"
    assert Printed(8, 8).doit() == 1


def test_printed_rejects_bad_parts() -> None:
    with pytest.raises(ValueError):
        Printed(1, 0)
    with pytest.raises(TypeError):
        Printed(1.5, 8)  # type: ignore[arg-type]


def test_printed_survives_sympy_rebuilds() -> None:
    p = Printed(6, 8)
    assert p.func(*p.args) == p
    assert str(p.xreplace({})) == "6/8"
    assert float(p.evalf()) == 0.75


def test_mixed_numbers() -> None:
    assert to_text(Mixed(Rational(29, 8))) == "3 5/8"
    assert to_latex(Mixed(Rational(29, 8))) == r"3\frac{5}{8}"
    assert to_text(Mixed(3)) == "3"
    assert to_text(Mixed(Rational(-3, 8))) == "−3/8"
    assert to_latex(Mixed(Rational(-3, 8))) == r"-\frac{3}{8}"
    assert to_text(Mixed(Rational(-29, 8))) == "−3 5/8"
    assert Mixed(Rational(29, 8)).doit() == Rational(29, 8)
    assert str(Mixed(Rational(29, 8))) == "3 5/8"


def test_psum_keeps_the_written_order() -> None:
    s = psum([Printed(1, 4), Printed(2, 8), Rational(1, 2)])
    assert to_text(s) == "1/4 + 2/8 + 1/2"
    assert to_latex(s) == r"\frac{1}{4} + \frac{2}{8} + \frac{1}{2}"
    assert exact_value(s) == 1
    # sympy's own printer would reorder; ours follows the order given
    s2 = psum([Rational(1, 2), Printed(2, 8), Printed(1, 4)])
    assert to_text(s2) == "1/2 + 2/8 + 1/4"


def test_plain_unevaluated_add_is_printed_in_order() -> None:
    s = Add(Printed(3, 8), Printed(1, 8), evaluate=False)
    assert to_text(s) == "3/8 + 1/8"


def test_pdiff_and_ptimes() -> None:
    assert to_text(pdiff(18, ptimes(4, 2))) == "18 − 4 × 2"
    assert to_latex(pdiff(18, ptimes(4, 2))) == r"18 - 4 \times 2"
    assert exact_value(pdiff(18, ptimes(4, 2))) == 10
    d = pdiff(Printed(5, 8), psum([Printed(1, 8), Printed(2, 8)]))
    assert to_text(d) == "5/8 − (1/8 + 2/8)"
    assert exact_value(d) == Rational(2, 8)
    assert to_text(ptimes(3, -20)) == "3 × (−20)"
    assert exact_value(ptimes(3, -20)) == -60
    assert to_text(psum([Printed(5, 8), Rational(-1, 8)])) == "5/8 − 1/8"
    assert to_text(ptimes(7, Symbol("red"))) == "7 × red"


def test_floats_are_refused() -> None:
    with pytest.raises(TypeError):
        exact_value(0.5)
    with pytest.raises(TypeError):
        psum([0.25, 0.25])


fractions = st.tuples(st.integers(0, 40), st.sampled_from([1, 2, 4, 8, 3, 6]))


@given(st.lists(fractions, min_size=2, max_size=6))
def test_psum_value_and_order(parts: list[tuple[int, int]]) -> None:
    terms = [Printed(n, d) for n, d in parts]
    s = psum(terms)
    assert exact_value(s) == sum((Rational(n, d) for n, d in parts), Integer(0))
    assert to_text(s) == " + ".join(to_text(t) for t in terms)


@given(st.integers(-200, 200), st.integers(1, 12))
def test_mixed_text_reads_back(p: int, q: int) -> None:
    v = Rational(p, q)
    text = to_text(Mixed(v), minus="-")
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("-")
    if " " in body:
        whole, frac = body.split(" ")
        n, d = frac.split("/")
        back = Integer(whole) + Rational(int(n), int(d))
        assert 0 < int(n) < int(d)
    elif "/" in body:
        n, d = body.split("/")
        back = Rational(int(n), int(d))
    else:
        back = Integer(body)
    assert sign * back == v


def test_explanation_error_is_an_assertion() -> None:
    assert issubclass(ExplanationError, AssertionError)
