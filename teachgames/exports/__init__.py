"""Worked examples for worksheets: every move with its picture and explanation.

``export(game, "example.html")`` writes a self-contained, printable page (inline SVG
pictures and maths, no JavaScript, no CDN; each card drawing defined once and reused);
``.md`` writes Markdown with its pictures as SVG files beside it (``example_files/``)
and the maths in ``$...$``; ``.tex`` writes a LaTeX document (cards in TikZ where the
game draws them) that compiles with a standard TeX Live; ``.pdf`` compiles that
document with ``lualatex`` (:mod:`teachgames.exports.pdf`: names in any script).

Any registered game exports: everything is asked through the Game contract
(``replay()``, ``describe``, ``picture``, ``explain``, ``explain_scores``, and the
optional ``picture_tex``), the same methods the widgets use, so a worksheet shows
exactly what the class saw. The target is checked before any work is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .example import Step, WorkedExample, key_moves, worked_example
from .latex import tex_escape, to_latex
from .markdown import files_folder, to_markdown, write_markdown
from .page import to_html
from .target import FORMATS, check_target

__all__ = [
    "FORMATS",
    "Step",
    "WorkedExample",
    "check_target",
    "export",
    "files_folder",
    "key_moves",
    "tex_escape",
    "to_html",
    "to_latex",
    "to_markdown",
    "worked_example",
]


def check_export(path: str | Path) -> Path:
    """Everything that can be checked before the work: the path, and LuaLaTeX for a PDF."""
    target = check_target(path)
    if target.suffix.lower() == ".pdf":
        from .pdf import lualatex

        lualatex()
    return target


def export(
    game: Any,
    path: str | Path,
    *,
    language: str | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
    moves: str | int = "all",
) -> Path:
    """Write a worked example of ``game`` to ``path`` (.html, .md, .tex or .pdf):
    ``moves="all"`` every move (the default), ``"key"`` the moves that teach, or a
    number: the first N moves."""
    target = check_export(path)
    suffix = target.suffix.lower()
    example = worked_example(game, language=language, names=names, title=title, moves=moves)
    if suffix == ".pdf":
        from .pdf import write_pdf

        return write_pdf(to_latex(example), target)
    if suffix == ".md":
        return write_markdown(example, target)
    text = to_html(example) if suffix == ".html" else to_latex(example)
    target.write_text(text, encoding="utf-8")
    return target

