"""Exact numbers as a lesson writes them, and the check that every written step is true.

``Printed(2, 8)`` is a fraction as printed on a card: it stays ``2/8`` on the page and is
worth ``Rational(1, 4)`` when evaluated. ``Mixed(Rational(29, 8))`` shows ``3 5/8``.
``psum``, ``pdiff`` and ``ptimes`` build unevaluated sums, differences and products that
keep the order they were given (the printers in :mod:`.printing` print them as built).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sympy import Add, Basic, Expr, Float, Integer, Mul, Rational, S, simplify
from sympy.logic.boolalg import BooleanFalse, BooleanTrue


class ExplanationError(AssertionError):
    """A step of an explanation states something false (or cannot be checked).

    An ``AssertionError`` on purpose: a wrong step is a bug in the code that wrote it,
    never something to show a pupil.
    """


#: The relations a chain may use, with ASCII spellings accepted on input.
RELATIONS: tuple[str, ...] = ("=", "≠", "<", ">", "≤", "≥")
_RELATION_ALIASES: dict[str, str] = {
    "==": "=",
    "!=": "≠",
    "<>": "≠",
    "<=": "≤",
    ">=": "≥",
    "=<": "≤",
    "=>": "≥",
}


def _as_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Integer)):
        raise TypeError(f"{what} must be an integer, not {value!r}")
    return int(value)


class _ShownRational(Expr):  # type: ignore[misc]
    """A rational number with its own way of being shown (the subclasses' printers).

    Everything sympy asks about its value is answered from ``value``, so Printed and
    Mixed behave as the Rational they stand for in every check of a chain.
    """

    is_commutative = True

    @property
    def value(self) -> Rational:
        raise NotImplementedError

    def doit(self, **hints: Any) -> Rational:
        return self.value

    def _eval_evalf(self, prec: int) -> Any:
        return self.value._eval_evalf(prec)

    def _eval_is_rational(self) -> bool:
        return True

    def _eval_is_integer(self) -> bool:
        return bool(self.value.is_integer)

    def _eval_is_positive(self) -> bool:
        return bool(self.value > 0)

    def _eval_is_negative(self) -> bool:
        return bool(self.value < 0)

    def _eval_is_zero(self) -> bool:
        return bool(self.value == 0)


class Printed(_ShownRational):
    """A fraction exactly as printed: ``Printed(2, 8)`` shows 2/8 and is worth 1/4.

    ``doit()`` (and so any evaluation) gives the ``Rational``. ``Printed(1, 1)`` prints 1,
    ``Printed(8, 8)`` prints 8/8: only a denominator of 1 is left out.
    """

    def __new__(cls, numerator: int | Integer, denominator: int | Integer = 1) -> Printed:
        n = _as_int(numerator, "numerator")
        d = _as_int(denominator, "denominator")
        if d <= 0:
            raise ValueError(f"a printed fraction needs a positive denominator, not {d}")
        obj: Printed = Expr.__new__(cls, Integer(n), Integer(d))
        return obj

    @property
    def numerator(self) -> int:
        return int(self.args[0])

    @property
    def denominator(self) -> int:
        return int(self.args[1])

    @property
    def value(self) -> Rational:
        return Rational(self.numerator, self.denominator)

    # sympy's own printers (str(), latex(), pprint()) keep the printed form too.
    def _sympystr(self, printer: Any) -> str:
        if self.denominator == 1:
            return str(self.numerator)
        return f"{self.numerator}/{self.denominator}"

    def _latex(self, printer: Any) -> str:
        n, d = self.numerator, self.denominator
        if d == 1:
            return str(n)
        sign = "-" if n < 0 else ""
        return f"{sign}\\frac{{{abs(n)}}}{{{d}}}"

    def _pretty(self, printer: Any) -> Any:
        from sympy.printing.pretty.stringpict import prettyForm

        if self.denominator == 1:
            return prettyForm(str(self.numerator))
        return prettyForm(str(self.numerator)) / prettyForm(str(self.denominator))


class Mixed(_ShownRational):
    """A number shown as a mixed number: ``Mixed(Rational(29, 8))`` shows 3 5/8.

    Whole numbers show as themselves (``Mixed(3)`` is 3) and proper fractions as
    fractions (``Mixed(Rational(-3, 8))`` is -3/8). ``doit()`` gives the Rational.
    """

    def __new__(cls, value: Any) -> Mixed:
        exact = exact_value(value)
        if not isinstance(exact, Rational):
            raise TypeError(f"a mixed number needs an exact rational value, not {value!r}")
        obj: Mixed = Expr.__new__(cls, exact)
        return obj

    @property
    def value(self) -> Rational:
        v: Rational = self.args[0]
        return v

    @property
    def parts(self) -> tuple[int, int, int, int]:
        """``(sign, whole, numerator, denominator)`` with whole, numerator >= 0."""
        v = self.value
        sign = -1 if v < 0 else 1
        p, q = abs(int(v.p)), int(v.q)
        return sign, p // q, p % q, q

    def _sympystr(self, printer: Any) -> str:
        return PRINTERS["text"](self)

    def _latex(self, printer: Any) -> str:
        return PRINTERS["latex"](self)


def _unset(expr: Any) -> str:
    raise RuntimeError("teachgames.explain.printing was not imported (import teachgames.explain)")


#: How a printed fraction writes itself as text and as LaTeX. The printing module, which
#: builds on these classes, registers its printers here when it is imported (the package
#: always imports it), so this module never imports the one above it.
PRINTERS: dict[str, Callable[[Any], str]] = {"text": _unset, "latex": _unset}


def as_expr(value: Any) -> Expr:
    """A chain member as a sympy expression: ints become Integers; floats are refused."""
    if isinstance(value, bool):
        raise TypeError(f"a chain member must be a number or a sympy expression, not {value!r}")
    if isinstance(value, int):
        return Integer(value)
    if isinstance(value, (float, Float)):
        raise TypeError(f"{value!r} is not exact: explanations use sympy Rational, Integer or Printed")
    if isinstance(value, Expr):
        return value
    if isinstance(value, Basic):
        raise TypeError(f"{value!r} is not an expression that has a value")
    raise TypeError(f"a chain member must be a number or a sympy expression, not {value!r}")


def exact_value(value: Any) -> Expr:
    """Evaluate exactly: ``doit()``, then ``simplify`` only when that is not yet a number."""
    expr = as_expr(value)
    result = expr.doit()
    if not isinstance(result, Rational):
        result = simplify(result)
    if result.has(Float):
        raise ExplanationError(f"{expr} does not have an exact value (it gave {result})")
    out: Expr = result
    return out


def normalise_relation(relation: str) -> str:
    rel = _RELATION_ALIASES.get(relation.strip(), relation.strip())
    if rel not in RELATIONS:
        raise ValueError(f"unknown relation {relation!r}; use one of {', '.join(RELATIONS)}")
    return rel


def relation_holds(left: Expr, relation: str, right: Expr) -> bool:
    """Whether ``left relation right`` is true for two exact values.

    Raises ExplanationError when sympy cannot decide (for instance with free symbols
    that do not cancel).
    """
    if isinstance(left, Rational) and isinstance(right, Rational):
        diff = left - right
    else:
        diff = simplify(left - right)
    if relation in ("=", "≠"):
        if diff.is_zero is None:
            raise ExplanationError(f"cannot check {left} {relation} {right}")
        return bool(diff.is_zero) == (relation == "=")
    decided: Any = {
        "<": diff.is_negative,
        ">": diff.is_positive,
        "≤": diff.is_nonpositive,
        "≥": diff.is_nonnegative,
    }[relation]
    if isinstance(decided, (BooleanTrue, BooleanFalse)):
        decided = bool(decided)
    if decided is None:
        raise ExplanationError(f"cannot check {left} {relation} {right}")
    return bool(decided)


def psum(terms: Iterable[Any]) -> Expr:
    """``a + b + c`` unevaluated, printed in exactly the given order.

    A negative term prints as a subtraction (``psum([Printed(5, 8), -1])`` is 5/8 − 1).
    One term is returned as it is; no terms make 0.
    """
    items = [as_expr(t) for t in terms]
    if not items:
        return S.Zero
    if len(items) == 1:
        return items[0]
    out: Expr = Add(*items, evaluate=False)
    return out


def negate(term: Any) -> Expr:
    """``−term`` unevaluated (a product with -1 first, which the printers show as a minus)."""
    out: Expr = Mul(S.NegativeOne, as_expr(term), evaluate=False)
    return out


def pdiff(a: Any, b: Any) -> Expr:
    """``a − b`` unevaluated, in that order."""
    out: Expr = Add(as_expr(a), negate(b), evaluate=False)
    return out


def ptimes(*factors: Any) -> Expr:
    """``a × b (× …)`` unevaluated, in the given order (at least two factors)."""
    if len(factors) == 1 and isinstance(factors[0], Sequence):
        factors = tuple(factors[0])
    items = [as_expr(f) for f in factors]
    if len(items) < 2:
        raise ValueError("ptimes needs at least two factors")
    out: Expr = Mul(*items, evaluate=False)
    return out
