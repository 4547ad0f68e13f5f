"""Slips a teacher expects, written once as rules over a task's own numbers.

A task that types an amount knows its right value and, for a sum or a difference, the
signed terms that make it (3/4 + 5/8 is ``((3, 4), (5, 8))``; 55 − 40 is ``((55, 1),
(-40, 1))``). From those numbers each rule here knows the answer a pupil holding one idea
types, and recognises it whatever the lesson:

- ``decimal_bar``: a point or a comma for the fraction bar (3.4 for 3/4, 6,8 for 6/8);
- ``whole_joined``: the wholes written against the top (25/8 for 2 5/8, 13/8 for 1 3/8);
- ``whole_dropped``: only the part smaller than one (5/8 for 2 5/8);
- ``tops_bigger_bottom``: the tops added and the bigger bottom kept (8/8 for 3/4 + 5/8);
- ``tops_and_bottoms``: the tops added and the bottoms added (8/12 for 3/4 + 5/8);
- ``regroup_halfway``: a whole changed into parts, then nothing taken away (2 13/8 for
  3 5/8 − 1 7/8);
- ``sign_flipped``: the right size with the wrong sign (−15 for 55 − 40);
- ``all_taken_away`` and ``all_added``: every term taken away (−95) or added (95).

The first two are the right digits in another notation: the pupil is told what to write
instead and uses no try. A task's own likely wrong answers come first (they know the game);
these rules name what they do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.numbers import mixed_number
from .reading import Amount, read_amount

Ratio = tuple[int, int]


@dataclass(frozen=True)
class Numbers:
    """The numbers of one typed-amount task: its right ``value``, the signed ``terms`` that
    add up to it (none when it is not a sum), and the ``den`` the lesson counts parts in."""

    value: Ratio
    terms: tuple[Ratio, ...] = ()
    den: int = 8

    def denominators(self) -> Iterator[int]:
        """The bottoms the right answer is written over: its lowest terms', and ``den``
        where the value can be written in those parts (1 3/4 also as 1 6/8)."""
        p, q = self.value
        lowest = q // _gcd(p, q)
        if lowest == 1:  # a whole number: no bottom to write
            return
        yield lowest
        if lowest != self.den and (self.den * p) % q == 0:
            yield self.den


@dataclass(frozen=True)
class Slip:
    """A slip recognised: its message key (``lesson.misconception.<key>``), the values
    the message needs, and whether it is only notation (the right digits: no try used)."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)
    notation: bool = False


def _gcd(a: int, b: int) -> int:
    a, b = abs(a), abs(b)
    while b:
        a, b = b, a % b
    return a or 1


def _same(amount: Amount, p: int, q: int) -> bool:
    return q != 0 and amount.numerator * q == p * amount.denominator


def _text(p: int, q: int) -> str:
    """A value as a pupil types it: a whole number or a fraction as it came (8/8 stays
    8/8), with a true minus sign."""
    sign = "−" if p < 0 else ""
    return f"{sign}{abs(p)}" if q == 1 else f"{sign}{abs(p)}/{q}"


def _mixed_text(p: int, q: int) -> str:
    """An amount as the lesson writes it: wholes and a part (3 5/8)."""
    return mixed_number(p, q).replace("-", "−")


@dataclass(frozen=True)
class Rule:
    """One slip as a rule: ``example`` is what a pupil holding the idea types for a task
    with these numbers (None where the rule says nothing about the task); ``find`` tells
    whether an amount read is that slip and says it (None when it is not)."""

    key: str
    example: Callable[[Numbers], str | None]
    find: Callable[[Numbers, Amount], Slip | None]


# ---------------------------------------------------------------------- notation slips


def _decimal_digits(n: Numbers) -> Iterator[tuple[int, int]]:
    """(top, bottom) of each way the right fraction is written, when it is less than ten
    wholes and not a whole number: the digits a point would stand between."""
    p, q = n.value
    for d in n.denominators():
        top = p * d // q
        if d > 1 and top > 0:
            yield top, d


def _decimal_example(n: Numbers) -> str | None:
    return next((f"{a}.{b}" for a, b in _decimal_digits(n)), None)


def _decimal_find(n: Numbers, amount: Amount) -> Slip | None:
    if amount.form != "decimal" or amount.numerator <= 0:
        return None
    k = len(str(amount.denominator)) - 1  # the digits after the point, as written
    whole, rest = divmod(amount.numerator, amount.denominator)
    if rest == 0 or len(str(rest)) != k:  # "3.40" or "3.04": not a fraction's digits
        return None
    for a, b in _decimal_digits(n):
        if (whole, rest) == (a, b):
            return Slip("decimal_bar", {"answer": amount.text, "fraction": f"{a}/{b}"}, notation=True)
    return None


def _mixed_parts(n: Numbers) -> Iterator[tuple[int, int, int]]:
    """(wholes, top, bottom) of the right value as a mixed number with a part."""
    p, q = n.value
    if p <= q:
        return
    for d in n.denominators():
        whole, top = divmod(p * d // q, d)
        if whole and top:
            yield whole, top, d


def _joined_example(n: Numbers) -> str | None:
    return next((f"{w}{t}/{d}" for w, t, d in _mixed_parts(n)), None)


def _joined_find(n: Numbers, amount: Amount) -> Slip | None:
    if amount.form != "fraction":
        return None
    for w, t, d in _mixed_parts(n):
        if (amount.numerator, amount.denominator) == (int(f"{w}{t}"), d):
            wholes = -(-amount.numerator // d) - 1  # the most wholes it is surely more than
            return Slip("whole_joined", {"answer": amount.text, "wholes": wholes}, notation=True)
    return None


# ---------------------------------------------------------------------- value slips


def _value_rule(key: str, wrong: Callable[[Numbers], Ratio | None]) -> Rule:
    """A rule whose slip is one wrong value (written in any form)."""

    def example(n: Numbers) -> str | None:
        w = wrong(n)
        return None if w is None else _text(*w)

    def find(n: Numbers, amount: Amount) -> Slip | None:
        w = wrong(n)
        if w is None or not _same(amount, *w):
            return None
        return Slip(key, {"answer": amount.text})

    return Rule(key, example, find)


def _whole_dropped(n: Numbers) -> Ratio | None:
    p, q = n.value
    if p <= q or p % q == 0:
        return None
    return p % q, q


def _fractions(n: Numbers) -> list[Ratio] | None:
    """The terms of a sum of two or more fractions above zero (None for anything else)."""
    if len(n.terms) < 2 or any(p <= 0 or q <= 1 for p, q in n.terms):
        return None
    return list(n.terms)


def _tops_bigger_bottom(n: Numbers) -> Ratio | None:
    terms = _fractions(n)
    if terms is None or len({q for _, q in terms}) < 2:
        return None
    return sum(p for p, _ in terms), max(q for _, q in terms)


def _tops_and_bottoms(n: Numbers) -> Ratio | None:
    terms = _fractions(n)
    if terms is None:
        return None
    return sum(p for p, _ in terms), sum(q for _, q in terms)


def _signed_terms(n: Numbers) -> list[Ratio] | None:
    """Terms of which some add and some take away (None otherwise)."""
    if len(n.terms) < 2 or all(p >= 0 for p, _ in n.terms) or all(p <= 0 for p, _ in n.terms):
        return None
    return list(n.terms)


def _sum_of(terms: list[Ratio], sign: int) -> Ratio:
    den = 1
    for _, q in terms:
        den = den * q // _gcd(den, q)
    return sign * sum(abs(p) * (den // q) for p, q in terms), den


def _all_taken_away(n: Numbers) -> Ratio | None:
    terms = _signed_terms(n)
    return None if terms is None else _sum_of(terms, -1)


def _all_added(n: Numbers) -> Ratio | None:
    terms = _signed_terms(n)
    return None if terms is None else _sum_of(terms, 1)


def _sign_flipped(n: Numbers) -> Ratio | None:
    """The right size with the other sign, where signs are what the task is about."""
    p, q = n.value
    if p == 0 or (p > 0 and all(t >= 0 for t, _ in n.terms)):
        return None
    return -p, q


def _regroup_example(n: Numbers) -> str | None:
    parts = _regrouped(n)
    return None if parts is None else f"{parts[0]} {parts[1]}/{parts[2]}"


def _regrouped(n: Numbers) -> tuple[int, int, int] | None:
    """The first term of a difference with one whole changed into parts (3 5/8 as 2 13/8),
    when its part is smaller than the part taken away (the case that needs it)."""
    if len(n.terms) != 2:
        return None
    (a, qa), (b, qb) = n.terms
    if a <= 0 or b >= 0 or qa != qb or a <= qa:
        return None
    whole, top = divmod(a, qa)
    if top >= (-b) % qb:
        return None
    return whole - 1, top + qa, qa


def _regroup_find(n: Numbers, amount: Amount) -> Slip | None:
    parts = _regrouped(n)
    if parts is None or amount.form != "mixed" or amount.part is None:
        return None
    (a, qa), (b, qb) = n.terms
    if amount.part[0] < amount.part[1] or not _same(amount, a, qa):
        return None
    values = {"answer": amount.text, "first": _mixed_text(a, qa), "second": _mixed_text(-b, qb)}
    return Slip("regroup_halfway", values)


#: Every rule, in the order they are tried (the notation slips first).
RULES: tuple[Rule, ...] = (
    Rule("decimal_bar", _decimal_example, _decimal_find),
    Rule("whole_joined", _joined_example, _joined_find),
    Rule("regroup_halfway", _regroup_example, _regroup_find),
    _value_rule("tops_bigger_bottom", _tops_bigger_bottom),
    _value_rule("tops_and_bottoms", _tops_and_bottoms),
    _value_rule("whole_dropped", _whole_dropped),
    _value_rule("all_taken_away", _all_taken_away),
    _value_rule("all_added", _all_added),
    _value_rule("sign_flipped", _sign_flipped),
)


def find_slip(numbers: Numbers, amount: Amount) -> Slip | None:
    """The first rule's slip that ``amount`` shows for a task with these ``numbers``
    (never for the right value)."""
    if _same(amount, *numbers.value):
        return None
    for rule in RULES:
        slip = rule.find(numbers, amount)
        if slip is not None:
            return slip
    return None


def examples(numbers: Numbers) -> list[tuple[str, str]]:
    """(what a pupil types, the slip's key) for each rule that fits a task with these
    numbers and names that answer itself (a value two rules give is named by the first)."""
    out = []
    for rule in RULES:
        text = rule.example(numbers)
        if text is None:
            continue
        read = read_amount(text)
        slip = find_slip(numbers, read) if isinstance(read, Amount) else None
        if slip is not None and slip.key == rule.key:
            out.append((text, rule.key))
    return out
