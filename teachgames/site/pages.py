"""The site's own pages: a start page listing the lessons, and each teacher's plan as a page.

A teacher gives pupils one address (``classroom.html``); each lesson opens as a pupil's page
with no code (:mod:`.lessonpage`: its own page, Pyodide in a web worker), and beside it as
the notebook with its code and in JupyterLab. Plans are rendered from Markdown when ``mistune`` is
installed (it comes with Jupyter), else shown as preformatted text. No page loads anything
from outside the site.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from ..core.i18n import tr
from .content import Item, teaching_order

START_PAGE = "classroom.html"

STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;"
    "line-height:1.5;color:#1a1a1a}a{color:#0b5cad}li{margin:.4rem 0}"
    "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2rem .5rem}"
    "pre,code{background:#f3f3f3}"
)


def _page(title: str, body: str, language: str, up: str = "") -> str:
    icon = f"{up}static/favicons/favicon.ico"
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="{icon}">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n"
    )


def notebook_title(path: Path) -> str:
    """The first heading of a notebook's first Markdown cell, else its file name."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        cells = []
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            for line in text.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
            break
    return path.stem


def markdown_html(text: str) -> str:
    try:
        import mistune
    except ImportError:
        return f"<pre>{html.escape(text)}</pre>"
    rendered = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])(text)
    return str(rendered)


def plan_page(item: Item) -> str:
    text = item.source.read_text(encoding="utf-8")
    up = "../" * plan_target(item).count("/")
    back = f'<p><a href="{up}{START_PAGE}">{html.escape(tr("site.back", item.language))}</a></p>'
    return _page(plan_title(item), back + markdown_html(text), item.language, up)


def plan_target(item: Item) -> str:
    return str(Path(item.target).with_suffix(".html").as_posix())


#: the lesson pages' folder in the site (see :mod:`.lessonpage`)
LESSON_PAGES = "pupil"


def lesson_page_target(item: Item) -> str:
    """Where a notebook's lesson page lives in the site: ``pupil/en/delissimo-8plus.html``."""
    return (Path(LESSON_PAGES) / Path(item.target).with_suffix(".html")).as_posix()


def _lesson_row(item: Item) -> str:
    path = quote(item.target)
    title = html.escape(notebook_title(item.source))
    lab = html.escape(tr("site.in_lab", item.language))
    code = html.escape(tr("site.with_code", item.language))
    pupil = html.escape(quote(lesson_page_target(item)))
    return (
        f'<li><a class="lesson" data-lesson="{html.escape(item.target)}" href="{pupil}">{title}</a> '
        f'(<a class="notebook" href="notebooks/index.html?path={path}">{code}</a> · '
        f'<a href="lab/index.html?path={path}">{lab}</a>)</li>'
    )


def _plan_row(item: Item) -> str:
    return f'<li><a class="plan" href="{quote(plan_target(item))}">{html.escape(plan_title(item))}</a></li>'


def plan_title(item: Item) -> str:
    """A plan's first heading, else its file name."""
    try:
        lines = item.source.read_text(encoding="utf-8").splitlines()
    except OSError:
        lines = []
    return next((line.lstrip("#").strip() for line in lines if line.startswith("#")), item.source.stem)


def start_page(notebooks: Sequence[Item], plans: Sequence[Item], language: str) -> str:
    """The page pupils open: one section per language (in that language), lessons then
    plans, each in teaching order (:func:`.content.teaching_order`)."""
    sections = []
    languages = list(
        dict.fromkeys([language, *(i.language for i in notebooks), *(i.language for i in plans)])
    )
    for lang in languages:
        lessons = [_lesson_row(i) for i in teaching_order(notebooks) if i.language == lang]
        plan_rows = [_plan_row(i) for i in teaching_order(plans) if i.language == lang]
        if not lessons and not plan_rows:
            continue
        part = f'<section lang="{lang}">\n'
        if lessons:
            part += f"<h2>{html.escape(tr('site.lessons', lang))}</h2>\n<ul>{''.join(lessons)}</ul>\n"
            # the teacher's page that keeps the lessons on each laptop (offline.py)
            prepare = html.escape(tr("site.prepare.title", lang))
            part += f'<p><a class="prepare" href="{LESSON_PAGES}/{lang}/prepare.html">{prepare}</a></p>\n'
        if plan_rows:
            part += f"<h2>{html.escape(tr('site.plans', lang))}</h2>\n<ul>{''.join(plan_rows)}</ul>\n"
        sections.append(part + "</section>")
    body = (
        f"<h1>{html.escape(tr('site.title', language))}</h1>\n"
        f"<p>{html.escape(tr('site.intro', language))}</p>\n" + "\n".join(sections)
    )
    return _page(tr("site.title", language), body, language)


def write_pages(
    site: Path, notebooks: Sequence[Item], plans: Sequence[Item], languages: Sequence[str]
) -> None:
    """Write ``classroom.html`` and one page per plan into a built site."""
    for item in plans:
        target = site / plan_target(item)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(plan_page(item), encoding="utf-8")
    (site / START_PAGE).write_text(start_page(notebooks, plans, languages[0]), encoding="utf-8")
