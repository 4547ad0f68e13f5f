"""Worked examples for worksheets: every move with its picture and explanation.

``export(game, "example.html")`` writes a self-contained, printable page (inline SVG
pictures and maths, no JavaScript, no CDN); ``.md`` writes Markdown with the pictures
as data URIs and the maths in ``$...$``; ``.tex`` writes a LaTeX document (cards drawn
in TikZ) that compiles with a standard TeX Live; ``.pdf`` compiles that document when
``pdflatex`` is installed.

The export works for any game that can present itself: ``replay()``, ``describe(move)``,
``picture(move)`` (SVG), ``picture_tex(move)`` (TikZ or None), ``explain(move)`` and
``explain_scores()`` -- the same methods the widgets use, so a worksheet shows exactly
what the class saw.
"""

from __future__ import annotations

import base64
import html
import re
import shutil
import subprocess
import sys
import tempfile
import types
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMATS = (".html", ".md", ".tex", ".pdf")


@dataclass(frozen=True)
class Step:
    """One move of a worked example, as the class sees it."""

    number: int
    heading: str  # "Step 1"
    words: str
    picture_svg: str
    picture_tex: str | None
    explanation: Any  # teachgames.explain.Explanation


@dataclass(frozen=True)
class WorkedExample:
    title: str
    subtitle: str
    language: str
    steps: tuple[Step, ...]
    final_picture_svg: str
    scores: Any  # Explanation


def worked_example(
    game: Any, *, language: str | None = None, names: Sequence[str] | None = None, title: str | None = None
) -> WorkedExample:
    """Every move of ``game`` (in the position before it) with picture and explanation."""
    from .core.i18n import resolve_language, tr

    lang = resolve_language(language)
    positions = game.replay()
    steps = []
    for i, move in enumerate(game.history):
        before = positions[i]
        steps.append(
            Step(
                number=i + 1,
                heading=tr("explain.step", lang, number=i + 1),
                words=before.describe(move, lang, names),
                picture_svg=before.picture(move, names=names, language=lang),
                picture_tex=before.picture_tex(move),
                explanation=before.explain(move, lang, names),
            )
        )
    rules = getattr(game, "rules", None)
    level = getattr(rules, "level", "")
    seed = game.seed
    subtitle = f"{game.name} · {level} · {game.players} players" + (
        f" · seed {seed}" if seed is not None else ""
    )
    return WorkedExample(
        title=title or f"{game.name.capitalize()}: a worked example",
        subtitle=subtitle,
        language=lang,
        steps=tuple(steps),
        final_picture_svg=game.picture(names=names, language=lang),
        scores=game.explain_scores(lang, names),
    )


def export(
    game: Any,
    path: str | Path,
    *,
    language: str | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """Write a worked example of ``game`` to ``path`` (.html, .md, .tex or .pdf)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(
            f"cannot export to {suffix or 'a file without an ending'}: use one of {', '.join(FORMATS)}"
        )
    example = worked_example(game, language=language, names=names, title=title)
    if suffix == ".pdf":
        return _write_pdf(to_latex(example), target)
    text = {".html": to_html, ".md": to_markdown, ".tex": to_latex}[suffix](example)
    target.write_text(text, encoding="utf-8")
    return target


# ---------------------------------------------------------------------- HTML
_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:60rem;margin:2rem auto;
padding:0 1rem;color:#222}
h1{margin-bottom:.2rem} .meta{color:#555;margin-top:0}
section{border-top:1px solid #ccc;padding:.8rem 0;break-inside:avoid;page-break-inside:avoid}
section h2{font-size:1.1rem;margin:.2rem 0 .6rem}
.picture svg{max-width:100%;height:auto} .explanation svg{max-width:100%;height:auto}
@media print{body{margin:0;max-width:none} section{break-inside:avoid}}
"""


def to_html(example: WorkedExample) -> str:
    """A self-contained printable page: inline SVG pictures and maths, no script."""
    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{esc(example.language)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(example.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(example.title)}</h1>",
        f'<p class="meta">{esc(example.subtitle)}</p>',
    ]
    for step in example.steps:
        parts += [
            '<section class="move">',
            f"<h2>{esc(step.heading)}</h2>",
            f'<div class="picture">{_safe_svg(step.picture_svg)}</div>',
            f'<div class="explanation">{step.explanation.html()}</div>',
            "</section>",
        ]
    parts += [
        '<section class="scores">',
        f'<div class="picture">{_safe_svg(example.final_picture_svg)}</div>',
        f'<div class="explanation">{example.scores.html()}</div>',
        "</section></body></html>",
    ]
    return "\n".join(parts)


def _safe_svg(svg: str) -> str:
    """Pictures are made by our own code with escaped text; refuse anything that could run."""
    if re.search(r"<\s*script|\son[a-z]+\s*=|javascript:", svg, re.IGNORECASE):
        raise ValueError("a picture contained script; it was not exported")
    return svg


# ---------------------------------------------------------------------- Markdown
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|$])")


def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(_safe_svg(svg).encode("utf-8")).decode("ascii")


def to_markdown(example: WorkedExample) -> str:
    """Markdown with the pictures as data URIs (one file) and the maths in $...$."""
    parts = [f"# {_md(example.title)}", "", f"*{_md(example.subtitle)}*", ""]
    for step in example.steps:
        parts += [
            f"## {_md(step.heading)}",
            "",
            f"![{_md(step.words)}]({_data_uri(step.picture_svg)})",
            "",
            step.explanation.markdown(),
            "",
        ]
    parts += ["## " + _md(example.scores.title), "", f"![]({_data_uri(example.final_picture_svg)})", ""]
    parts.append(example.scores.markdown())
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------------- LaTeX
def tex_escape(text: str) -> str:
    """Words escaped for a LaTeX document (the explanations' own escaping)."""
    from .explain.explanation import latex_words

    return latex_words(text)


_BABEL = {"en": "english", "ru": "russian", "bg": "bulgarian"}


def to_latex(example: WorkedExample) -> str:
    """A LaTeX document; pdflatex with TeX Live's base, pictures and recommended sets."""
    lang = example.language
    preamble = [
        r"\documentclass[11pt,a4paper]{article}",
        r"\usepackage[utf8]{inputenc}",
        r"\usepackage[T2A,T1]{fontenc}" if lang in ("ru", "bg") else r"\usepackage[T1]{fontenc}",
        rf"\usepackage[{_BABEL[lang]}]{{babel}}",
        r"\usepackage{amsmath,amssymb}",
        r"\usepackage{tikz}",
        r"\usepackage[margin=2cm]{geometry}",
        r"\setlength{\parindent}{0pt}",
        r"\everymath{\displaystyle}",  # fractions a pupil can read on paper
        rf"\title{{{tex_escape(example.title)}}}",
        rf"\date{{{tex_escape(example.subtitle)}}}",
        r"\begin{document}",
        r"\maketitle",
    ]
    body: list[str] = []
    for step in example.steps:
        body.append(rf"\subsection*{{{tex_escape(step.heading)}}}")
        if step.picture_tex:
            body += [r"\begin{center}", step.picture_tex, r"\end{center}"]
        body += [r"\begin{minipage}{\linewidth}", step.explanation.latex(), r"\end{minipage}", ""]
    body += [
        r"\subsection*{" + tex_escape(example.scores.title) + "}",
        example.scores.latex(),
        r"\end{document}",
    ]
    return "\n".join(preamble + body) + "\n"


def _write_pdf(latex: str, target: Path) -> Path:
    tool = shutil.which("pdflatex")
    if tool is None:
        raise RuntimeError(
            "PDF export needs pdflatex (Debian: apt-get install texlive-latex-base texlive-pictures "
            "texlive-latex-recommended); export .html and print it, or .tex to compile elsewhere"
        )
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "example.tex"
        source.write_text(latex, encoding="utf-8")
        for _ in range(2):  # a second run settles references
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
        shutil.copyfile(Path(tmp) / "example.pdf", target)
    return target


class _CallableModule(types.ModuleType):
    """``teachgames.export`` is both this module and the function: importing a submodule
    binds its name on the package, so the module itself must be callable to keep the
    public ``teachgames.export(game, path)`` working whatever was imported first."""

    __call__ = staticmethod(export)


sys.modules[__name__].__class__ = _CallableModule
