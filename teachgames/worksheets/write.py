"""Writing a class's worksheets: the pupils' sheets and, beside them, the answer key.

``sheet.pdf`` -> ``sheet.pdf`` and ``sheet-key.pdf`` (likewise ``.html`` and ``.tex``):
the key is a file of its own, so the sheets can go to the printer without it. The
target is checked before any position is searched (:func:`check_worksheet_target`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from .build import Worksheet

#: What a worksheet can be written as.
SHEET_FORMATS = (".html", ".tex", ".pdf")


def key_path(target: Path) -> Path:
    """``sheet.pdf`` -> ``sheet-key.pdf``."""
    return target.with_name(f"{target.stem}-key{target.suffix}")


def check_worksheet_target(path: str | os.PathLike[str]) -> Path:
    """The path to write, checked now: a known ending, a writable folder, LuaLaTeX for PDF."""
    from ..exports.pdf import lualatex
    from ..exports.target import check_target

    target = Path(path).expanduser()
    if target.suffix.lower() not in SHEET_FORMATS:
        ending = target.suffix or "a file without an ending"
        raise ValueError(f"cannot write a worksheet to {ending}: use one of {', '.join(SHEET_FORMATS)}")
    check_target(target)
    check_target(key_path(target))
    if target.suffix.lower() == ".pdf":
        lualatex()
    return target


def write_worksheet(sheet: Worksheet, path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write the sheets to ``path`` and the key beside it; returns (sheets, key)."""
    from .html import key_html, sheets_html
    from .latex import key_latex, sheets_latex

    target = check_worksheet_target(path)
    key = key_path(target)
    suffix = target.suffix.lower()
    if suffix == ".html":
        target.write_text(sheets_html(sheet), encoding="utf-8")
        key.write_text(key_html(sheet), encoding="utf-8")
    elif suffix == ".tex":
        target.write_text(sheets_latex(sheet), encoding="utf-8")
        key.write_text(key_latex(sheet), encoding="utf-8")
    else:
        from ..exports.pdf import write_pdf

        write_pdf(sheets_latex(sheet), target)
        write_pdf(key_latex(sheet), key)
    return target, key
