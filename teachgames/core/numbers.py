"""Exact numbers written for pupils: one mixed-number writer for every picture, widget and
lesson (standard library only: an engine's pictures need no sympy to write "3 5/8")."""

from __future__ import annotations

import math
import operator
from typing import Any

__all__ = ["FORMS", "exact", "fraction_text", "mixed_number", "number_form", "read_exact", "whole_number"]


def mixed_number(numerator: int, denominator: int = 8) -> str:
    """An exact fraction as a mixed number in lowest terms: 29/8 -> "3 5/8", 16/8 -> "2",
    -3/8 -> "-3/8", -29/8 -> "-3 5/8"."""
    if denominator == 0:
        raise ValueError("a fraction cannot have denominator 0")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    sign = "-" if numerator < 0 else ""
    whole, rest = divmod(abs(numerator), denominator)
    g = math.gcd(rest, denominator)
    frac = f"{rest // g}/{denominator // g}" if rest else ""
    if whole and frac:
        return f"{sign}{whole} {frac}"
    if frac:
        return sign + frac
    return f"{sign}{whole}"


def exact(numerator: int, denominator: int = 1) -> dict[str, int]:
    """An exact number as JSON (lowest terms, positive denominator): what a game's ``view()``
    holds for a score, so every reader gets numbers, never text to parse back."""
    if denominator == 0:
        raise ValueError("a fraction cannot have denominator 0")
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    g = math.gcd(numerator, denominator) or 1
    return {"numerator": numerator // g, "denominator": denominator // g}


def read_exact(value: object) -> tuple[int, int] | None:
    """(numerator, denominator) of a score in a view: an ``exact()`` mapping or a whole
    number; None for anything else (a hand-edited view must not crash a picture)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value, 1
    if isinstance(value, dict):
        n, d = value.get("numerator"), value.get("denominator")
        if isinstance(n, int) and isinstance(d, int) and d > 0 and not isinstance(n, bool):
            return n, d
    return None


def fraction_text(n: int, d: int) -> str:
    """n/d as written ("3/8"; "2" when d is 1), not reduced."""
    return str(n) if d == 1 else f"{n}/{d}"


#: How a lesson writes its numbers: "over" (everything over one denominator, "29/8"),
#: "mixed" (wholes and a part, "3 5/8"), "both" ("29/8 = 3 5/8").
FORMS = ("over", "mixed", "both")


def number_form(p: int, q: int, form: str = "both", denominator: int = 8) -> str:
    """p/q written in the lesson's one form, so a score table never mixes 71/8 with 7/2.

    ``form="over"`` writes it over ``denominator`` when that is exact ("7/2" → "28/8"),
    ``"mixed"`` as a mixed number in lowest terms, ``"both"`` as "28/8 = 3 1/2"."""
    if form not in FORMS:
        raise ValueError(f"unknown number form {form!r}; the forms are {', '.join(FORMS)}")
    if p == 0:
        return "0"
    over = (
        fraction_text(p * denominator // q, denominator) if (p * denominator) % q == 0 else mixed_number(p, q)
    )
    if form == "over":
        return over
    mixed = mixed_number(p, q)
    if form == "mixed" or over == mixed:
        return mixed
    return f"{over} = {mixed}"


def whole_number(value: Any) -> int | None:
    """``value`` as a Python int when it is a whole number: an int, or anything that
    says it is one (``operator.index``: numpy's integers); never a bool (True is no
    player and no count). None otherwise."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None
