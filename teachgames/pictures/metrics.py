"""Text width estimates for laying out pictures (no fonts are measured or embedded)."""

from __future__ import annotations

#: Rough advance widths of DejaVu-like sans-serif letters, in ems, for layout only.
_NARROW = frozenset("iljtfr.,:;!|' ·()[]-1/")
_WIDE = frozenset("mwMWшщжыюмфШЩЖЫЮМФ@%—")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of sans-serif text (for layout only); Cyrillic included,
    which runs about a sixth wider than Latin."""
    ems = 0.0
    for ch in text:
        if ch in _NARROW:
            ems += 0.36
        elif ch in _WIDE:
            ems += 0.92
        elif ch.isupper():
            ems += 0.72
        else:
            ems += 0.62
    return ems * size * (1.1 if bold else 1.0)


def fit_size(text: str, size: float, room: float, bold: bool = False) -> float:
    """``size``, or smaller so that ``text`` fits in ``room`` units (with a little slack)."""
    width = text_width(text, size, bold) * 1.06
    return size if width <= room else size * room / width
