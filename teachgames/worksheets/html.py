"""Worksheets and their answer key as print-ready HTML pages (A4, no script, no CDN).

Print styles do the paper's work: every pupil starts a new page, no task is split by a
page break (``break-inside: avoid``), ruled lines leave room to write. Every word is
escaped here, or by the picture or explanation that drew it: a pupil called
``<img src=x onerror=alert(1)>`` is text on the page.
"""

from __future__ import annotations

import html

from .build import PupilSheet, Worksheet
from .tasks import PrintTask

_CSS = """
@page{size:A4;margin:14mm 15mm}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#111;max-width:48rem;
margin:1.5rem auto;padding:0 1rem;font-size:11.5pt;line-height:1.35}
.pupil,.key-pupil{border-top:2px solid #444;padding-top:.4rem;margin-top:1.2rem}
.runhead{font-size:9pt;color:#555;text-align:right;margin:0}
h1{font-size:17pt;margin:.1rem 0} .meta{color:#444;font-size:9.5pt;margin:.1rem 0 .5rem}
.fill{display:flex;gap:1.4rem;margin:.4rem 0 .8rem}
.fill span{flex:1;border-bottom:1px solid #333;min-height:1.3em}
.fill span.short{flex:.5}
.task{break-inside:avoid;page-break-inside:avoid;margin:.7rem 0 .4rem}
.task h2{font-size:12pt;margin:.2rem 0 .3rem}
.picture{margin:.4rem 0;display:flex;flex-wrap:wrap;gap:.6rem;align-items:flex-start}
.picture svg{max-width:100%;height:auto}
.row{display:flex;flex-wrap:wrap;gap:.25rem;align-items:center}
.row .label{font-size:10pt;color:#333;margin-right:.4rem}
.line{border-bottom:1px solid #555;height:2.1em}
table.summary{border-collapse:collapse;font-size:9.5pt;width:100%}
table.summary th,table.summary td{border:1px solid #555;padding:2px 4px;text-align:left;vertical-align:top}
.answer{font-weight:bold} .worked svg{max-width:100%;height:auto}
.mistakes{font-size:10pt;margin:.2rem 0 .2rem 1.2rem;padding:0}
@media print{body{margin:0;max-width:none}.pupil,.key-pupil{border:0;margin:0;padding:0}
.pupil{break-before:page;page-break-before:always}.pupil:first-of-type{break-before:auto}
.summary-page{break-after:page;page-break-after:always}}
"""


def _tr(key: str, language: str, **values: object) -> str:
    from ..core.i18n import tr

    return tr(f"worksheets.{key}", language, **values)


def _page(title: str, language: str, body: list[str]) -> str:
    esc = html.escape
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{esc(language)}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>",
            *body,
            "</body></html>",
        ]
    )


def _prompt_html(task: PrintTask) -> list[str]:
    return [f'<p class="prompt">{html.escape(p)}</p>' for p in task.prompt_paragraphs()]


def _task_html(number: int, task: PrintTask, language: str) -> list[str]:
    esc = html.escape
    out = [
        f'<section class="task" data-kind="{esc(task.kind)}">',
        f"<h2>{esc(_tr('task', language, number=number))}. {esc(task.title)}</h2>",
        *_prompt_html(task),
    ]
    if task.picture_svg:
        out.append(f'<div class="picture">{task.picture_svg}</div>')
    out += ['<div class="line"></div>'] * task.lines
    out.append("</section>")
    return out


def _pupil_html(sheet: Worksheet, pupil: PupilSheet) -> list[str]:
    esc = html.escape
    lang = sheet.language
    label = pupil.label(lang)
    variant = _tr("variant", lang, number=pupil.number)
    name = (
        f"<span>{esc(_tr('name', lang))}: <b>{esc(label)}</b></span>"
        if pupil.name
        else f"<span>{esc(_tr('name', lang))}:</span>"
    )
    out = [
        f'<article class="pupil" data-pupil="{pupil.number}">',
        f'<p class="runhead">{esc(label)} · {esc(variant)}</p>',
        f"<h1>{esc(sheet.title)}</h1>",
        f'<p class="meta">{esc(sheet.subtitle)} · {esc(variant)}</p>',
        f'<div class="fill">{name}<span class="short">{esc(_tr("class", lang))}:</span>'
        f'<span class="short">{esc(_tr("date", lang))}:</span></div>',
    ]
    for number, task in enumerate(pupil.tasks, 1):
        out += _task_html(number, task, lang)
    out.append("</article>")
    return out


def sheets_html(sheet: Worksheet) -> str:
    """The pupils' sheets as one printable page: each pupil on new paper."""
    body: list[str] = []
    for pupil in sheet.pupils:
        body += _pupil_html(sheet, pupil)
    return _page(sheet.title, sheet.language, body)


def _worked_html(task: PrintTask) -> str:
    if task.worked is None:
        return ""
    return f'<div class="worked">{task.worked.html()}</div>'


def key_html(sheet: Worksheet) -> str:
    """The answer key: the class table first, then each pupil's answers and working."""
    esc = html.escape
    lang = sheet.language
    title = _tr("key_title", lang, title=sheet.title)
    tasks = len(sheet.kinds)
    head = "".join(f"<th>{esc(_tr('task', lang, number=i))}</th>" for i in range(1, tasks + 1))
    rows = [
        "<tr><td>"
        + esc(p.label(lang))
        + "</td>"
        + "".join(f"<td>{esc(t.short or t.answer)}</td>" for t in p.tasks)
        + f"<td>&nbsp;&nbsp;/{tasks}</td></tr>"
        for p in sheet.pupils
    ]
    body = [
        '<section class="summary-page">',
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">{esc(sheet.subtitle)}</p>',
        f"<h2>{esc(_tr('summary', lang))}</h2>",
        f'<table class="summary"><thead><tr><th>{esc(_tr("pupil_column", lang))}</th>{head}'
        f"<th>{esc(_tr('marks', lang))}</th></tr></thead><tbody>",
        *rows,
        "</tbody></table></section>",
    ]
    for pupil in sheet.pupils:
        label = pupil.label(lang)
        body += [
            f'<article class="key-pupil" data-pupil="{pupil.number}">',
            f"<h2>{esc(label)} · {esc(_tr('variant', lang, number=pupil.number))}</h2>",
        ]
        for number, task in enumerate(pupil.tasks, 1):
            mistakes = "".join(f"<li>{esc(m)}</li>" for m in task.misconceptions)
            body += [
                f'<section class="task" data-kind="{esc(task.kind)}">',
                f"<h3>{esc(_tr('task', lang, number=number))}. {esc(task.title)}</h3>",
                *_prompt_html(task),
                f'<p>{esc(_tr("answer", lang))}: <span class="answer">{esc(task.answer)}</span></p>',
                _worked_html(task),
                (
                    f'<p><i>{esc(_tr("mistakes", lang))}</i></p><ul class="mistakes">{mistakes}</ul>'
                    if mistakes
                    else ""
                ),
                "</section>",
            ]
        body.append("</article>")
    return _page(title, lang, body)
