"""What the live region says: an event's words and its arithmetic read as words.

A screen reader reads "3/8 + 1/8 = 1/2" as "three slash eight plus...". The live region
instead hears "3 eighths plus 1 eighth is 1 half": :func:`spoken` turns the signs and the
fractions of a maths line into the widget language's words (the ``speak.*`` words of the
widgets catalogue). :func:`announcement` joins an event's words with the maths lines of
its explanation (at most :data:`MATHS_LINES`) said in words, so a move is announced
with its working.

Pure text (no heavy imports); used by :class:`~teachgames.widgets.base.GameWidget`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .labels import widget_label

#: At most this many lines of working are said after an event's words.
MATHS_LINES = 3
_FRACTION = re.compile(r"(?<![\w/])(\d+)\s*/\s*(\d+)(?![\w/])")
#: Each sign's words (written out so that the catalogue check sees every key used).
_SIGNS: dict[str, Callable[[str], str]] = {
    "+": lambda lang: widget_label("speak.plus", lang),
    "−": lambda lang: widget_label("speak.minus", lang),
    "-": lambda lang: widget_label("speak.minus", lang),
    "×": lambda lang: widget_label("speak.times", lang),
    "·": lambda lang: widget_label("speak.times", lang),
    "=": lambda lang: widget_label("speak.equals", lang),
    "≠": lambda lang: widget_label("speak.not_equal", lang),
    "<": lambda lang: widget_label("speak.less", lang),
    ">": lambda lang: widget_label("speak.greater", lang),
    "≤": lambda lang: widget_label("speak.at_most", lang),
    "≥": lambda lang: widget_label("speak.at_least", lang),
}
#: Denominators said as a word ("eighths": the games' halves, thirds, quarters and
#: eighths); others are said "n over d".
_DENOMINATORS: dict[int, Callable[[str, int], str]] = {
    2: lambda lang, n: widget_label("speak.halves", lang, n=n),
    3: lambda lang, n: widget_label("speak.thirds", lang, n=n),
    4: lambda lang, n: widget_label("speak.quarters", lang, n=n),
    8: lambda lang, n: widget_label("speak.eighths", lang, n=n),
}
_SIGN = re.compile(r"(?<=\s)([+\-−×·=≠<>≤≥])(?=\s)")
_MARKS = re.compile(r"[✓✗▶⏵]")


def fraction_words(numerator: int, denominator: int, language: str) -> str:
    """3/8 -> "3 eighths" ("3 восьмых", "3 осми"); 5/7 -> "5 over 7"."""
    named = _DENOMINATORS.get(denominator)
    if named is not None:
        return named(language, numerator)
    return widget_label("speak.over", language, n=numerator, d=denominator)


def spoken(line: str, language: str) -> str:
    """A maths line with its fractions and signs in words."""
    text = _FRACTION.sub(lambda m: fraction_words(int(m[1]), int(m[2]), language), line)
    text = _SIGN.sub(lambda m: _SIGNS[m[1]](language), text)
    return " ".join(_MARKS.sub("", text).split())


def maths_lines(text: str) -> list[str]:
    """The lines of an explanation's text that hold working (an equation or comparison)."""
    return [ln.strip() for ln in text.splitlines() if re.search(r"\s[=<>≤≥≠]\s", ln)]


def announcement(words: str, explanation: Mapping[str, Any] | None, language: str) -> str:
    """An event's words (as the message shows them: card names such as "pepper 1/4"
    stay whole), then the working of its explanation in words."""
    parts = [" ".join(_MARKS.sub("", words).split())] if words else []
    if explanation and explanation.get("text"):
        parts += [spoken(ln, language) for ln in maths_lines(str(explanation["text"]))[:MATHS_LINES]]
    return " ".join(p if p.endswith((".", "!", "?", ":")) else p + "." for p in parts if p)
