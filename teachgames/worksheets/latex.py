"""Worksheets and their answer key as LaTeX, typeset as the worked examples are
(:func:`teachgames.exports.latex.preamble`: A4, T2A for Russian and Bulgarian, TikZ).

Every task is one ``minipage``, which TeX never breaks, so no question, picture or
worked answer is split across a page break. Each pupil starts a new page, and the
running head of every page names the pupil (``\\markright``), so a pupil's pages can be
counted in the PDF and a dropped page goes back to its owner.
"""

from __future__ import annotations

from .build import PupilSheet, Worksheet
from .tasks import PrintTask


def _esc(text: str) -> str:
    from ..exports.latex import tex_escape

    return tex_escape(text)


def _tr(key: str, language: str, **values: object) -> str:
    from ..core.i18n import tr

    return tr(f"worksheets.{key}", language, **values)


def _prompt_tex(task: PrintTask) -> str:
    return r"\par ".join(_esc(p) for p in task.prompt_paragraphs())


def _document(sheet: Worksheet, body: list[str]) -> str:
    """The whole document: the shared preamble with the fonts ``body``'s letters need."""
    from ..exports.latex import preamble

    text = "\n".join(line for line in body if line)
    return "\n".join(
        [
            *preamble(sheet.language, margin="1.7cm", text=text),
            r"\usepackage{array}",
            r"\pagestyle{myheadings}",
            r"\newcommand{\answerline}{\par\vspace{7.5mm}\noindent\rule{\linewidth}{0.4pt}}",
            r"\begin{document}",
            text,
            r"\end{document}",
        ]
    ) + "\n"


def _head(sheet: Worksheet, pupil: PupilSheet, title: str) -> list[str]:
    lang = sheet.language
    label = _esc(pupil.label(lang))
    variant = _esc(_tr("variant", lang, number=pupil.number))
    name_line = (
        rf"{_esc(_tr('name', lang))}: \textbf{{{label}}}"
        if pupil.name
        else rf"{_esc(_tr('name', lang))}: \rule{{6.5cm}}{{0.4pt}}"
    )
    return [
        r"\clearpage",
        rf"\markright{{{label} \textperiodcentered{{}} {variant}}}",
        rf"{{\Large\bfseries {_esc(title)}}}\par",
        rf"{{\small {_esc(sheet.subtitle)} \textperiodcentered{{}} {variant}}}\par\medskip",
        rf"{name_line}\quad {_esc(_tr('class', lang))}: \rule{{2cm}}{{0.4pt}}"
        rf"\quad {_esc(_tr('date', lang))}: \rule{{2.8cm}}{{0.4pt}}\par\bigskip",
    ]


def _task_block(number: int, task: PrintTask, language: str) -> list[str]:
    out = [
        r"\par\medskip\noindent\begin{minipage}{\linewidth}",
        rf"\textbf{{{_esc(_tr('task', language, number=number))}. {_esc(task.title)}}}\par\smallskip",
        _prompt_tex(task) + r"\par",
    ]
    if task.picture_tex:
        out += [r"\begin{center}", task.picture_tex, r"\end{center}"]
    out += [r"\answerline"] * task.lines
    out += [r"\end{minipage}"]
    return out


def sheets_latex(sheet: Worksheet) -> str:
    """The pupils' sheets: one or two A4 pages each, a new page per pupil."""
    out: list[str] = []
    for pupil in sheet.pupils:
        out += _head(sheet, pupil, sheet.title)
        for number, task in enumerate(pupil.tasks, 1):
            out += _task_block(number, task, sheet.language)
    return _document(sheet, out)


def _summary(sheet: Worksheet) -> list[str]:
    """One table for marking the class: a row per pupil, a column per task."""
    lang = sheet.language
    tasks = len(sheet.kinds)
    # the text is 17.6 cm wide: a name column, one per task, the marks; 0.2 cm padding each
    width = (17.6 - 3.4 - 1.3 - 0.25 * (tasks + 2)) / max(1, tasks)
    ragged = ">{\\raggedright\\arraybackslash}"
    columns = f"|{ragged}p{{3.4cm}}|" + "|".join([f"{ragged}p{{{width:.2f}cm}}"] * tasks) + "|c|"
    head = " & ".join(
        [_esc(_tr("pupil_column", lang))]
        + [_esc(_tr("task", lang, number=i)) for i in range(1, tasks + 1)]
        + [_esc(_tr("marks", lang))]
    )
    rows = []
    for pupil in sheet.pupils:
        cells = [_esc(pupil.label(lang))] + [_esc(t.short or t.answer) for t in pupil.tasks]
        rows.append(" & ".join([*cells, rf"\phantom{{00}}/{tasks}"]) + r" \\ \hline")
    small = r"\footnotesize" if len(sheet.pupils) > 24 else r"\small"
    return [
        r"\clearpage",
        rf"\markright{{{_esc(_tr('key', lang))}}}",
        rf"{{\Large\bfseries {_esc(_tr('key_title', lang, title=sheet.title))}}}\par",
        rf"{{\small {_esc(sheet.subtitle)}}}\par\medskip",
        rf"\textbf{{{_esc(_tr('summary', lang))}}}\par\smallskip",
        r"\begingroup" + small + r"\renewcommand{\arraystretch}{1.12}",
        rf"\noindent\begin{{tabular}}{{{columns}}}\hline",
        head + r" \\ \hline\hline",
        *rows,
        r"\end{tabular}\endgroup",
    ]


def _key_block(number: int, task: PrintTask, language: str, heading: str = "") -> list[str]:
    """One task's key, unbreakable; ``heading`` (the pupil's name) rides with the first."""
    out = [
        r"\par\medskip\noindent\begin{minipage}{\linewidth}",
        heading,
        rf"\textbf{{{_esc(_tr('task', language, number=number))}. {_esc(task.title)}}}\par",
        rf"{{\small {_prompt_tex(task)}}}\par\smallskip",
        rf"{_esc(_tr('answer', language))}: \textbf{{{_esc(task.answer)}}}\par\smallskip",
    ]
    if task.worked is not None:
        out += [r"{\small", task.worked.latex(), r"}\par\smallskip"]
    if task.misconceptions:
        out.append(rf"\textit{{{_esc(_tr('mistakes', language))}}}\par")
        out += [r"{\small\begin{itemize}\setlength{\itemsep}{0pt}"]
        out += [rf"\item {_esc(m)}" for m in task.misconceptions]
        out += [r"\end{itemize}}"]
    out.append(r"\end{minipage}")
    return out


def key_latex(sheet: Worksheet) -> str:
    """The answer key: the class table on the first page, then every pupil's answers with
    the engine's worked explanation and the misconceptions behind likely wrong answers."""
    lang = sheet.language
    out = [*_summary(sheet), r"\clearpage"]
    for pupil in sheet.pupils:
        label = _esc(pupil.label(lang))
        variant = _esc(_tr("variant", lang, number=pupil.number))
        out += [r"\par\bigskip", rf"\markright{{{_esc(_tr('key', lang))} \textperiodcentered{{}} {label}}}"]
        heading = rf"{{\large\bfseries {label} \textperiodcentered{{}} {variant}}}\par\smallskip"
        for number, task in enumerate(pupil.tasks, 1):
            out += _key_block(number, task, lang, heading if number == 1 else "")
    return _document(sheet, out)
