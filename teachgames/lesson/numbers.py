"""Reading a pupil's number ("3/4", "6/8", "1 1/2", "1", "-15/8") with a small parser of
its own (never ``eval``), and writing numbers back the way a lesson prints them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.numbers import FORMS as FORMS
from ..core.numbers import fraction_text as fraction_text
from ..core.numbers import mixed_number
from ..core.numbers import number_form as number_form
from .words import msg, quote

#: Longest answer read; anything longer is refused with a message (no huge numbers).
MAX_ANSWER = 120
_MAX_DIGITS = 6

_NUMBER_RE = re.compile(
    r"^(?P<sign>[-−])?\s*(?:(?P<whole>\d+)\s+)?(?P<num>\d+)\s*[/⁄÷]\s*(?P<den>\d+)$|"
    r"^(?P<isign>[-−])?\s*(?P<int>\d+)$"
)
_DECIMAL_RE = re.compile(r"^[-−]?\s*\d*[.,]\d+$")


@dataclass(frozen=True)
class ParsedNumber:
    """A number as the pupil wrote it: ``kind`` "whole", "fraction" or "mixed"."""

    kind: str
    negative: bool
    whole: int
    numerator: int
    denominator: int

    def is_over(self, denominator: int) -> bool:
        """Written as one fraction with ``denominator`` at the bottom ("6/8" for 8)."""
        return self.kind == "fraction" and self.denominator == denominator

    @property
    def eighths_exact(self) -> bool:
        return self.is_over(8)

    def ratio(self) -> tuple[int, int]:
        """The value as (p, q) with q > 0 (not reduced)."""
        p = self.whole * self.denominator + self.numerator
        return (-p if self.negative else p), self.denominator

    def value(self) -> Any:
        """The exact value, a sympy Rational."""
        from sympy import Rational

        p, q = self.ratio()
        return Rational(p, q)

    def printed(self) -> str:
        sign = "-" if self.negative else ""
        if self.kind == "whole":
            return f"{sign}{self.whole}"
        if self.kind == "fraction":
            return f"{sign}{self.numerator}/{self.denominator}"
        return f"{sign}{self.whole} {self.numerator}/{self.denominator}"

    def expr(self) -> Any:
        """The number as the explanation prints it (2/8 stays 2/8)."""
        from ..explain import Mixed, Printed

        if self.kind == "mixed":
            return Mixed(self.value())
        p, q = self.ratio()
        return Printed(p, q)


def parse_number(text: object, language: str | None = None) -> ParsedNumber | str:
    """Read "3/4", "6/8", "1 1/2", "1", "-15/8". Returns a ParsedNumber, or a message
    in plain words saying how to write the answer (never raises, never evals)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return msg("bad_type", language)
    raw = str(text).strip()
    if not raw:
        return msg("no_answer", language)
    if len(raw) > MAX_ANSWER:
        return msg("too_long", language)
    if _DECIMAL_RE.match(raw):
        return msg("decimal", language, text=quote(raw, language))
    m = _NUMBER_RE.match(raw)
    if m is None:
        return msg("bad_number", language, text=quote(raw, language))
    digits = [g for g in (m.group("whole"), m.group("num"), m.group("den"), m.group("int")) if g]
    if any(len(d.lstrip("0")) > _MAX_DIGITS for d in digits):
        return msg("too_long", language)
    if m.group("int") is not None:
        return ParsedNumber("whole", bool(m.group("isign")), int(m.group("int")), 0, 1)
    den = int(m.group("den"))
    if den == 0:
        return msg("zero_den", language)
    kind = "mixed" if m.group("whole") is not None else "fraction"
    whole = int(m.group("whole") or 0)
    return ParsedNumber(kind, bool(m.group("sign")), whole, int(m.group("num")), den)


def mixed_words(p: int, q: int) -> str:
    """p/q as a mixed number in lowest terms ("1 3/8", "3", "5/8", "-1 7/8")."""
    return mixed_number(p, q)
