"""Reading an amount a pupil typed, generously and exactly.

A pupil writes an amount the way they were taught, not the way a parser likes: "3/4",
"6/8", "1 3/8", "1 and 3/8", «1 целая 3/8», „1 цяло и 3/8“, "0,75", "0.75", "75 %",
"three quarters", «три четверти», „три четвърти“, "5 slices", «5 кусочков», "1⅜" (a
glyph is the part after the wholes), "+6", "minus 9", "–9", "9 below zero", "2 out of 35",
«6 из 30», „6 от 30“, and digits of any script (❶, ⓵, ٣). Every one of
them is read to the same exact value (a sympy ``Rational``, never a float), and the form
it was written in is kept, so a task can ask for eighths or a mixed number and say so
when the amount is right but the form is not. Nothing is ever evaluated.

:func:`read_amount` returns an :class:`Amount`, or an :class:`Unread` whose ``key`` names
the lesson message that says how to write the answer (``lesson.read.<key>``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from sympy import Rational

#: The longest answer read (anything longer is refused in words, never parsed).
MAX_CHARS = 80
#: The most digits one number may have (no huge numbers from a held-down key).
MAX_DIGITS = 6

Form = Literal["whole", "fraction", "mixed", "decimal", "percent"]

#: Unit words a pupil may write after an amount, by the unit they name (all three
#: languages, every case and number a pupil is likely to type).
_UNITS = """
slices: slice slices piece pieces кусок куска кусков кусочек кусочка кусочков кусочки куски
        долька дольки долек парче парчета парченце парченца резен резена
pizzas: pizza pizzas whole wholes пицца пиццы пицц пиццу целая целых целые пица пици пицата
points: point points pt pts очко очка очков балл балла баллов точка точки т
cards:  card cards карта карты карт карту карти картата
"""
UNIT_WORDS: dict[str, frozenset[str]] = {
    unit: frozenset(words.split())
    for unit, words in re.findall(r"(\w+):([^:]+?)(?=\n\w+:|\Z)", _UNITS.strip())
}

#: Number words 0-20 in the three languages (cardinal, as pupils write them).
_NUMBER_WORDS: dict[str, int] = {}
for _n, _words in enumerate(
    [
        "zero ноль нуль нула",
        "one a an один одна одно одну едно една един",
        "two два две две",
        "three три",
        "four четыре четири",
        "five пять пет",
        "six шесть шест",
        "seven семь седем",
        "eight восемь осем",
        "nine девять девет",
        "ten десять десет",
        "eleven одиннадцать единадесет",
        "twelve двенадцать дванадесет",
        "thirteen тринадцать тринадесет",
        "fourteen четырнадцать четиринадесет",
        "fifteen пятнадцать петнадесет",
        "sixteen шестнадцать шестнадесет",
        "seventeen семнадцать седемнадесет",
        "eighteen восемнадцать осемнадесет",
        "nineteen девятнадцать деветнадесет",
        "twenty двадцать двадесет",
    ]
):
    for _w in _words.split():
        _NUMBER_WORDS.setdefault(_w, _n)

#: Words for the parts of a whole ("quarter", «четверть», „четвърт“) by denominator.
_PART_WORDS: dict[str, int] = {}
for _d, _words in {
    2: "half halves вторая вторых вторые половина половины половин втора втори половин половина половинки",
    3: "third thirds третья третьих трети третина третини",
    4: "quarter quarters fourth fourths четверть четверти четвертей четвёртая четвертая четвёртых "
    "четвертых четвърт четвърти четвъртина четвъртини",
    8: "eighth eighths восьмая восьмых восьмые осма осми осмина осмини",
}.items():
    for _w in _words.split():
        _PART_WORDS[_w] = _d

#: Words that join the wholes to the part of a mixed number ("1 and 3/8", «1 целая 3/8»).
_JOINERS = frozenset(
    ["and", "и", "whole", "wholes", "цел", "целая", "целых", "целые", "целое", "цяло", "цели", "цели"]
)


@dataclass(frozen=True)
class Amount:
    """An amount as the pupil wrote it: its exact value, its form, its unit word, and the
    text itself (echoed back exactly as typed)."""

    numerator: int
    denominator: int
    form: Form
    text: str
    unit: str | None = None
    #: For a mixed number, the part after the wholes, as written ("1 6/4": (6, 4)).
    part: tuple[int, int] | None = None

    @property
    def value(self) -> Rational:
        from sympy import Rational

        return Rational(self.numerator, self.denominator)

    def is_over(self, denominator: int) -> bool:
        """Written as one fraction with ``denominator`` at the bottom ("6/8" for 8)."""
        return self.form == "fraction" and self.denominator == denominator

    @property
    def proper_mixed(self) -> bool:
        """Written as wholes and a part smaller than one ("1 3/8", "2"), or a proper
        fraction: the form a mixed-number answer asks for."""
        if self.form == "whole":
            return True
        if self.form == "mixed":
            return self.part is not None and self.part[0] < self.part[1]
        return self.form == "fraction" and abs(self.numerator) < self.denominator


@dataclass(frozen=True)
class Unread:
    """An answer that could not be read as an amount: ``key`` names the message
    (``lesson.read.<key>``) that says how to write it; ``text`` is what was typed."""

    key: str
    text: str


#: Dashes and minus signs a keyboard or a word processor gives for "minus" (en and em
#: dash, the minus sign, the heavy minus, ...): each reads as "-".
_MINUS_SIGNS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2796\ufe63\uff0d"
#: Slashes that write a fraction bar (the fraction slash, the division slash, ÷, ➗).
_SLASHES = "\u2044\u2215\u00f7\u2797"
_SIGNS = str.maketrans({**dict.fromkeys(_MINUS_SIGNS, "-"), **dict.fromkeys(_SLASHES, "/"), "\u2795": "+"})
#: Superscript digits opening a written fraction ("1³⁄₈"): a space keeps them off the wholes.
_SUPERSCRIPT_FRACTION = re.compile("(?<=\\d)(?=[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+\u2044)")

#: Words for the sign of an amount: "minus 9", «минус 9», "plus 6".
_MINUS_WORDS = frozenset(["minus", "минус", "negative"])
_PLUS_WORDS = frozenset(["plus", "плюс"])
#: How a pupil says "below zero" after a number ("9 below zero", «9 ниже нуля», „9 под нулата“).
_BELOW_ZERO = (("below", "zero"), ("ниже", "нуля"), ("под", "нулата"), ("под", "нула"), ("под", "нулю"))
#: "N out of M", «N из M», „N от M“, "N of M": a part of a whole counted out.
_OUT_OF = (("out", "of"), ("of",), ("из",), ("от",))
#: Small words between an amount and its unit ("3/4 of a pizza", „3/4 от пицата“).
_LINKS = frozenset(["of", "a", "an", "the", "от"])


def _printable(text: str) -> str:
    """The text as it can be echoed: a lone surrogate becomes U+FFFD, control and format
    characters (NUL, a zero-width space pasted along) go, tabs and line breaks are spaces."""
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cs":
            out.append("\ufffd")
        elif ch.isspace():
            out.append(" ")
        elif category not in ("Cc", "Cf"):
            out.append(ch)
    return "".join(out).strip()


def _vulgar(ch: str) -> str:
    """A vulgar-fraction glyph as a fraction with a space before it ("⅜" -> " 3/8 "), so
    "1⅜" reads as 1 3/8, never as 13/8; any other character as it is."""
    if unicodedata.category(ch) == "No" and unicodedata.digit(ch, None) is None:
        written = unicodedata.normalize("NFKC", ch)
        if "\u2044" in written:
            return f" {written}" if written.endswith("\u2044") else f" {written} "
    return ch


def _ascii_digit(ch: str) -> str:
    """A digit of any script (❶, ⓵, ➀, ፩, ٣) as the ASCII digit it means."""
    if ch.isascii():
        return ch
    digit = unicodedata.digit(ch, None)
    return ch if digit is None else str(digit)


def _clean(text: str) -> str:
    text = _SUPERSCRIPT_FRACTION.sub(" ", text)
    text = unicodedata.normalize("NFKC", "".join(_vulgar(ch) for ch in text))
    text = "".join(_ascii_digit(ch) for ch in text.translate(_SIGNS))
    text = text.replace("ё", "е")
    return " ".join(text.lower().split())


_INT = rf"\d{{1,{MAX_DIGITS}}}"
_SIGN = r"(?P<sign>[-+])?\s*"
_FRACTION = re.compile(rf"^{_SIGN}(?P<num>{_INT})\s*/\s*(?P<den>{_INT})$")
_MIXED = re.compile(rf"^{_SIGN}(?P<whole>{_INT})\s+(?P<num>{_INT})\s*/\s*(?P<den>{_INT})$")
_WHOLE = re.compile(rf"^{_SIGN}(?P<whole>{_INT})$")
_DECIMAL = re.compile(rf"^{_SIGN}(?P<int>\d{{0,{MAX_DIGITS}}})[.,](?P<frac>\d{{1,{MAX_DIGITS}}})$")
_PERCENT = re.compile(
    rf"^(?P<num>[-+]?\s*(?:{_INT}|\d{{0,{MAX_DIGITS}}}[.,]\d{{1,{MAX_DIGITS}}}))\s*(?:%|percent|процент\w*)$"
)
_TOO_BIG = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


@cache
def _unit_of() -> dict[str, str]:
    return {word: unit for unit, words in UNIT_WORDS.items() for word in words}


def _as_text(text: object) -> str | Unread:
    """What was given, as text; a number given as a Python number is read too, one too big
    to be a pupil's answer is refused (never turned into 5,000 digits)."""
    if isinstance(text, str):
        return text
    if text is None:
        return ""
    if isinstance(text, int) and not isinstance(text, bool):
        return str(text) if abs(text) < 10**MAX_DIGITS else Unread("too_big", "")
    if isinstance(text, float) and abs(text) < 10**MAX_DIGITS:
        return repr(text)
    return Unread("not_a_number", "")


def read_amount(text: object) -> Amount | Unread:
    """Read an amount in any of the forms a pupil writes (see the module's docstring).

    Never raises, whatever it is given: anything unreadable gives an :class:`Unread`
    naming the message to show ("empty", "too_long", "too_big", "zero_bottom",
    "not_a_number")."""
    given = _as_text(text)
    if isinstance(given, Unread):
        return given
    if len(given) > 4 * MAX_CHARS:  # never clean a whole page pasted in
        return Unread("too_long", _printable(given[: 4 * MAX_CHARS])[:MAX_CHARS])
    shown = _printable(given)
    if not shown:
        return Unread("empty", shown)
    if len(shown) > MAX_CHARS:
        return Unread("too_long", shown[:MAX_CHARS])
    tokens = _clean(shown).rstrip(".!?").removeprefix("=").split()
    negative, tokens = _sign_words(tokens)
    unit, tokens = _unit_words(tokens)
    amount = _read_tokens(tokens, shown, unit)
    if amount is None:
        core = " ".join(tokens)
        key = "zero_bottom" if _zero_bottom(core) else "too_big" if _TOO_BIG.search(core) else "not_a_number"
        return Unread(key, shown)
    if negative:
        if amount.numerator < 0:  # "minus -9": one sign too many to be sure
            return Unread("not_a_number", shown)
        return replace(amount, numerator=-amount.numerator)
    return amount


def _sign_words(tokens: list[str]) -> tuple[bool, list[str]]:
    """A sign said in words: "minus 9", «минус 9», "plus 6", "9 below zero"."""
    negative = False
    if len(tokens) >= 2 and tokens[0] in _MINUS_WORDS | _PLUS_WORDS:
        negative, tokens = tokens[0] in _MINUS_WORDS, tokens[1:]
    for phrase in _BELOW_ZERO:
        if len(tokens) > len(phrase) and tuple(tokens[-len(phrase) :]) == phrase:
            return not negative, tokens[: -len(phrase)]
    return negative, tokens


def _unit_words(tokens: list[str]) -> tuple[str | None, list[str]]:
    """The unit words after an amount ("6 slices", "3/4 of a pizza", «6 кусков пиццы»):
    slices of a pizza count slices; any other pair of units is not an amount."""
    units = _unit_of()
    unit = None
    while len(tokens) >= 2 and tokens[-1] in units and unit in (None, "pizzas"):
        if unit is not None and units[tokens[-1]] != "slices":
            return unit, [*tokens, "?"]  # "3/4 pizzas slices": unread
        unit = units[tokens[-1]]
        tokens = tokens[:-1]
        while len(tokens) >= 2 and tokens[-1] in _LINKS:
            tokens = tokens[:-1]
    return unit, tokens


def _read_tokens(tokens: list[str], shown: str, unit: str | None) -> Amount | None:
    for phrase in _OUT_OF:
        for i in range(1, len(tokens) - len(phrase) + 1):
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                return _read_out_of(tokens[:i], tokens[i + len(phrase) :], shown, unit)
    joiner = next((i for i in range(1, len(tokens) - 1) if tokens[i] in _JOINERS), None)
    if joiner is None:
        return _read_simple(tokens, shown, unit)
    return _read_mixed(tokens[:joiner], tokens[joiner + 1 :], shown, unit)


def _read_out_of(left: list[str], right: list[str], shown: str, unit: str | None) -> Amount | None:
    """ "2 out of 35", «6 из 30», „6 от 30“, "6 slices of 8": the part over the whole."""
    left_unit, left = _unit_words(left)
    right_unit, right = _unit_words(right)
    part = _number(left[0]) if len(left) == 1 else None
    whole = _number(right[0]) if len(right) == 1 else None
    if part is None or not whole:
        return None
    return Amount(part, whole, "fraction", shown, left_unit or right_unit or unit)


def _zero_bottom(core: str) -> bool:
    return re.search(r"/\s*0+(?:\s|$)", core) is not None


def _read_mixed(left: list[str], right: list[str], shown: str, unit: str | None) -> Amount | None:
    """Wholes, a joining word, a part: "1 and 3/8", «1 целая 3/8», "one and a half"."""
    while right and right[0] in _JOINERS:
        right = right[1:]
    whole = _number(left[0]) if len(left) == 1 else None
    part = _read_simple(right, shown, unit)
    if whole is None or part is None or part.form != "fraction" or part.numerator < 0:
        return None
    n, d = part.numerator, part.denominator
    return Amount(whole * d + n, d, "mixed", shown, unit, part=(n, d))


def _read_simple(tokens: list[str], shown: str, unit: str | None) -> Amount | None:
    core = " ".join(tokens)
    if m := _WHOLE.match(core):
        n = int(m.group("whole"))
        return Amount(-n if m.group("sign") == "-" else n, 1, "whole", shown, unit)
    if (m := _FRACTION.match(core)) and int(m.group("den")):
        n, d = int(m.group("num")), int(m.group("den"))
        return Amount(-n if m.group("sign") == "-" else n, d, "fraction", shown, unit)
    if (m := _MIXED.match(core)) and int(m.group("den")):
        whole, n, d = int(m.group("whole")), int(m.group("num")), int(m.group("den"))
        p = whole * d + n
        return Amount(-p if m.group("sign") == "-" else p, d, "mixed", shown, unit, part=(n, d))
    if m := _DECIMAL.match(core):
        digits = m.group("frac")
        p = int((m.group("int") or "0") + digits)
        return Amount(-p if m.group("sign") == "-" else p, 10 ** len(digits), "decimal", shown, unit)
    if m := _PERCENT.match(core):
        read = _read_simple([m.group("num").replace(" ", "")], shown, unit)
        if read is not None:
            return Amount(read.numerator, read.denominator * 100, "percent", shown, unit)
        return None
    return _read_words(tokens, shown, unit)


def _read_words(tokens: list[str], shown: str, unit: str | None) -> Amount | None:
    """ "three quarters", «три четверти», „три осми“, "a half", "five"."""
    words = tokens
    if len(words) == 2 and words[0] in {"a", "an"}:
        words = words[1:]
    if len(words) == 1 and words[0] in _PART_WORDS:
        return Amount(1, _PART_WORDS[words[0]], "fraction", shown, unit)
    if len(words) == 2 and words[1] in _PART_WORDS and (count := _number(words[0])) is not None:
        return Amount(count, _PART_WORDS[words[1]], "fraction", shown, unit)
    if len(words) == 1 and (count := _number(words[0])) is not None:
        return Amount(count, 1, "whole", shown, unit)
    return None


def _number(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return _NUMBER_WORDS.get(word)
