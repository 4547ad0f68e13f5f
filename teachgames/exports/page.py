"""A worked example as one self-contained, printable HTML page (no script, no CDN).

Every word is escaped here or by the picture and explanation that drew it: a pupil's
name such as ``Ann" onclick="…`` is text on the page, never markup. Card drawings are
defined once and reused (see :mod:`.defs`), so a long game stays a small file.
"""

from __future__ import annotations

import html

from .defs import share_pictures
from .example import WorkedExample

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:60rem;margin:2rem auto;
padding:0 1rem;color:#222}
h1{margin-bottom:.2rem} .meta{color:#555;margin-top:0}
section{border-top:1px solid #ccc;padding:.8rem 0;break-inside:avoid;page-break-inside:avoid}
section h2{font-size:1.1rem;margin:.2rem 0 .6rem}
.picture svg{max-width:100%;height:auto} .explanation svg{max-width:100%;height:auto}
@page{size:A4;margin:12mm}
@media print{body{margin:0;max-width:none} section{break-inside:avoid;page-break-inside:avoid}
.picture svg,.explanation svg{max-height:120mm;width:auto}}
"""


def _explanation_html(explanation: object) -> str:
    render = getattr(explanation, "html", None)
    if callable(render):
        return str(render())
    return f"<pre>{html.escape(str(explanation))}</pre>"


def to_html(example: WorkedExample) -> str:
    """A self-contained printable page: inline SVG pictures and maths, no script."""
    esc = html.escape
    defs, pictures = share_pictures(
        [step.picture_svg for step in example.steps] + [example.final_picture_svg]
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{esc(example.language)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(example.title)}</title><style>{_CSS}</style></head><body>",
        defs,
        f"<h1>{esc(example.title)}</h1>",
        f'<p class="meta">{esc(example.subtitle)}</p>',
    ]
    for step, picture in zip(example.steps, pictures[:-1], strict=True):
        parts += [
            '<section class="move">',
            f"<h2>{esc(step.heading)}</h2>",
            *([f'<p class="move-words">{esc(step.caption)}</p>'] if step.caption else []),
            f'<div class="picture">{picture}</div>',
            f'<div class="explanation">{_explanation_html(step.explanation)}</div>',
            "</section>",
        ]
    parts += [
        '<section class="scores">',
        f'<div class="picture">{pictures[-1]}</div>',
        f'<div class="explanation">{_explanation_html(example.scores)}</div>',
        "</section></body></html>",
    ]
    return "\n".join(parts)
