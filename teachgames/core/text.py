"""Text a person typed, made safe to print: every control character shown, none obeyed.

A pupil's name is text and is never refused, but a newline, a carriage return or an
ANSI escape in it would start a new line or recolour a terminal when printed, so a
name could forge a line of a transcript ("Player 2: 999 (winner)"). :func:`visible`
replaces each such character with a sign a reader sees: the Unicode "control pictures"
(a newline is ␊, an escape ␛) for the C0 characters and DEL, U+FFFD for the rest.
"""

from __future__ import annotations

import unicodedata

__all__ = ["visible"]

#: The line and paragraph separators break a line wherever Unicode text is shown.
_SEPARATORS = {"\u2028", "\u2029", "\x85"}


def _shown(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def visible(text: str) -> str:
    """``text`` with every control character (and line separator) replaced by a visible
    sign; anything else, any script, left as it is."""
    if text.isprintable():
        return text
    return "".join(
        _shown(c) if c in _SEPARATORS or unicodedata.category(c) == "Cc" else c for c in text
    )
