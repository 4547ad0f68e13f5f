"""A worked example as a LaTeX document (cards in TikZ where the game draws them), and PDF.

The document is for LuaLaTeX (:mod:`teachgames.exports.pdf` says why and what it needs):
Unicode words in OpenType fonts with a fallback for any script a pupil's name is in.
A game without a TikZ picture (``Game.picture_tex`` returns None, the default) is
exported with its explanations only; ``.pdf`` runs ``lualatex`` where it is installed.
"""

from __future__ import annotations

from .example import WorkedExample, untitled
from .pdf import MAIN_FONT, RTL_FONTS, FontsNeeded, fonts_needed, lualatex, write_pdf

__all__ = ["lualatex", "preamble", "tex_escape", "to_latex", "write_pdf"]

_BABEL = {"en": "english", "ru": "russian", "bg": "bulgarian"}

#: The card suits in words, red as on the cards (each suit's letter made a command;
#: ``\char`` takes the glyph from the font, or the fallback font, that has it).
_SUITS = tuple(
    rf'\catcode"{code}=\active \protected\def{char}{{\mbox{{{colour}\char"{code}}}}}'
    for code, char, colour in (
        ("2660", "\u2660", ""),
        ("2665", "\u2665", r"\color{red}"),
        ("2666", "\u2666", r"\color{red}"),
        ("2663", "\u2663", ""),
    )
)


def tex_escape(text: str) -> str:
    """Words escaped for a LaTeX document (the explanations' own escaping); a control
    character, which would stop LaTeX or end a paragraph, prints as its sign (␊, ␛)."""
    from ..core.text import visible
    from ..explain.explanation import latex_words

    return latex_words(visible(text))


def _explanation_tex(explanation: object) -> str:
    render = getattr(explanation, "latex", None)
    if callable(render):
        return str(render())
    return tex_escape(str(explanation))


def _fonts(needed: FontsNeeded) -> list[str]:
    """babel's fonts: the main font, with the fallback fonts that give letters it lacks,
    and the right-to-left scripts present set in their own font, in their direction
    (``bidi=basic``)."""
    if not needed.fallback:
        return [rf"\babelfont{{rm}}{{{MAIN_FONT}}}"]
    fallback = ", ".join(f'"{name}:mode=harf;"' for name in needed.fallback)
    lines = [
        rf"\directlua{{luaotfload.add_fallback('teachgames', {{{fallback}}})}}",
        rf"\babelfont{{rm}}[RawFeature={{fallback=teachgames}}]{{{MAIN_FONT}}}",
    ]
    for language, font in RTL_FONTS:
        if language not in needed.rtl:
            continue
        lines += [
            rf"\babelprovide[import, onchar=ids fonts]{{{language}}}",
            rf"\babelfont[{language}]{{rm}}{{{font}}}",
        ]
    return lines


def preamble(language: str, margin: str = "2cm", text: str | None = None) -> list[str]:
    """The document's class and packages, up to ``\\begin{document}``'s settings, for
    LuaLaTeX: A4, the pupil's language (hyphenation, words like "Contents"), fonts for
    the scripts of ``text``, the document's words (:func:`_fonts`; every font where it is
    not given), the card suits in words, TikZ. Shared
    by every LaTeX this package writes (worked examples, worksheets), so they typeset
    alike. Consecutive lines keep 4pt between them even where tall stacked fractions
    meet (``\\lineskip``), so no fraction touches the one below."""
    return [
        r"\documentclass[11pt,a4paper]{article}",
        rf"\usepackage[bidi=basic,{_BABEL.get(language, 'english')}]{{babel}}",
        *_fonts(fonts_needed(text)),
        *_SUITS,  # Split's cards in words (8♦ and 8♣)
        r"\usepackage{amsmath,amssymb}",
        r"\usepackage{tikz}",
        rf"\usepackage[margin={margin}]{{geometry}}",
        r"\setlength{\parindent}{0pt}",
        r"\setlength{\lineskiplimit}{4pt}",
        r"\setlength{\lineskip}{4pt}",
        r"\everymath{\displaystyle}",  # fractions a pupil can read on paper
    ]


def to_latex(example: WorkedExample) -> str:
    """A LaTeX document for LuaLaTeX (:mod:`teachgames.exports.pdf`).
    Each step (its heading, picture and explanation) is one unbreakable block, so no
    step is split across a page break."""
    lang = example.language
    body: list[str] = [
        rf"\title{{{tex_escape(example.title)}}}",
        rf"\date{{{tex_escape(example.subtitle)}}}",
        r"\begin{document}",
        r"\maketitle",
    ]
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
        _explanation_tex(untitled(example.scores)),
        r"\end{document}",
    ]
    text = "\n".join(body)
    return "\n".join([*preamble(lang, text=text), text]) + "\n"
