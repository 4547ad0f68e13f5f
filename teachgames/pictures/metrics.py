"""Text width estimates for laying out pictures (no fonts are measured or embedded).

Widths come from the advance widths of DejaVu Sans (:mod:`._dejavu`), the sans-serif
font of most Linux hosts and of matplotlib. It is wider than Arial or Helvetica, so the
estimates are upper bounds in hosts that use those: laid-out text does not overflow.
"""

from __future__ import annotations

from ._dejavu import BOLD, DEFAULT, REGULAR


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of sans-serif text at font ``size`` (for layout only),
    Latin, Cyrillic and maths signs letter by letter; other characters count one em."""
    get = (BOLD if bold else REGULAR).get
    return sum(get(ch, DEFAULT) for ch in text) * size / 1000.0


def fit_size(text: str, size: float, room: float, bold: bool = False) -> float:
    """``size``, or smaller so that ``text`` fits in ``room`` units (with a little slack)."""
    width = text_width(text, size, bold) * 1.06
    return size if width <= room else size * room / width
