"""A worked example as a LaTeX document (cards in TikZ where the game draws them), and PDF.

The document compiles with a standard TeX Live (base, pictures and recommended sets).
A game without a TikZ picture (``Game.picture_tex`` returns None, the default) is
exported with its explanations only; ``.pdf`` runs ``pdflatex`` where it is installed.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from .example import WorkedExample

_BABEL = {"en": "english", "ru": "russian", "bg": "bulgarian"}

#: What to install when ``pdflatex`` is missing (the export checks before any work).
PDFLATEX_MISSING = (
    "PDF export needs pdflatex (Debian/Ubuntu: apt-get install texlive-latex-base texlive-pictures "
    "texlive-latex-recommended texlive-fonts-recommended texlive-lang-cyrillic cm-super); "
    "export .html and print it, or .tex to compile elsewhere"
)


#: The card suits in words, as TeX draws them (red as on the cards; xcolor comes with TikZ).
_SUITS = (
    r"\DeclareUnicodeCharacter{2660}{\ensuremath{\spadesuit}}",
    r"\DeclareUnicodeCharacter{2665}{\textcolor{red}{\ensuremath{\heartsuit}}}",
    r"\DeclareUnicodeCharacter{2666}{\textcolor{red}{\ensuremath{\diamondsuit}}}",
    r"\DeclareUnicodeCharacter{2663}{\ensuremath{\clubsuit}}",
)


def tex_escape(text: str) -> str:
    """Words escaped for a LaTeX document (the explanations' own escaping)."""
    from ..explain.explanation import latex_words

    return latex_words(text)


def _explanation_tex(explanation: object) -> str:
    render = getattr(explanation, "latex", None)
    if callable(render):
        return str(render())
    return tex_escape(str(explanation))


def preamble(language: str, margin: str = "2cm") -> list[str]:
    """The document's class and packages, up to ``\\begin{document}``'s settings: A4,
    T2A letters for Russian and Bulgarian, searchable words (``cmap``), the minus sign and
    the card suits in words, TikZ. Shared by every LaTeX this package writes (worked
    examples, worksheets), so they typeset alike."""
    return [
        r"\documentclass[11pt,a4paper]{article}",
        r"\usepackage[utf8]{inputenc}",
        r"\DeclareUnicodeCharacter{2212}{\ensuremath{-}}",  # the minus sign in words (−20)
        *_SUITS,  # Split's cards in words (8♦ and 8♣)
        r"\usepackage{cmap}",  # the PDF's words can be searched and copied (Cyrillic too)
        r"\usepackage[T2A,T1]{fontenc}" if language in ("ru", "bg") else r"\usepackage[T1]{fontenc}",
        rf"\usepackage[{_BABEL.get(language, 'english')}]{{babel}}",
        r"\usepackage{amsmath,amssymb}",
        r"\usepackage{tikz}",
        rf"\usepackage[margin={margin}]{{geometry}}",
        r"\setlength{\parindent}{0pt}",
        r"\everymath{\displaystyle}",  # fractions a pupil can read on paper
    ]


def to_latex(example: WorkedExample) -> str:
    """A LaTeX document; pdflatex with TeX Live's base, pictures and recommended sets.
    Each step (its heading, picture and explanation) is one unbreakable block, so no
    step is split across a page break."""
    lang = example.language
    preamble_lines = [
        *preamble(lang),
        rf"\title{{{tex_escape(example.title)}}}",
        rf"\date{{{tex_escape(example.subtitle)}}}",
        r"\begin{document}",
        r"\maketitle",
    ]
    body: list[str] = []
    for step in example.steps:
        body += [
            r"\par\bigskip\noindent\begin{minipage}{\linewidth}",
            rf"{{\large\bfseries {tex_escape(step.heading)}}}\par\smallskip",
        ]
        if step.caption:
            body.append(tex_escape(step.caption) + r"\par")
        if step.picture_tex:
            body += [r"\begin{center}", step.picture_tex, r"\end{center}"]
        body += [_explanation_tex(step.explanation), r"\end{minipage}", ""]
    scores_title = str(getattr(example.scores, "title", "") or "")
    body += [
        r"\subsection*{" + tex_escape(scores_title) + "}",
        _explanation_tex(example.scores),
        r"\end{document}",
    ]
    return "\n".join(preamble_lines + body) + "\n"


def pdflatex() -> str:
    """The pdflatex program, or a RuntimeError saying what to install."""
    tool = shutil.which("pdflatex")
    if tool is None:
        raise RuntimeError(PDFLATEX_MISSING)
    return tool


#: pdflatex runs at most this often: once, and again only while LaTeX says a second
#: pass would change the page (a worksheet has no cross-references, so once is usual).
MAX_RUNS = 3


def _asks_for_rerun(output: str) -> bool:
    """Whether pdflatex's output says that running it again would change the document."""
    return "Rerun to get" in output or "Label(s) may have changed" in output


def write_pdf(latex: str, target: Path) -> Path:
    """Compile ``latex`` in a temporary folder and copy the PDF to ``target``."""
    tool = pdflatex()
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "example.tex"
        source.write_text(latex, encoding="utf-8")
        for _ in range(MAX_RUNS):
            result = subprocess.run(
                [tool, "-interaction=nonstopmode", "-halt-on-error", source.name],
                cwd=tmp,
                capture_output=True,
                text=True,
                timeout=300,
            )
            if result.returncode != 0:
                log = result.stdout[-2000:]
                raise RuntimeError(f"pdflatex failed:\n{log}")
            if not _asks_for_rerun(result.stdout):
                break
        shutil.copyfile(Path(tmp) / "example.pdf", target)
    return target
