"""The lesson pages of the classroom site: a pupil's page for each notebook, with no code.

A lesson page is plain HTML made when the site is built: the notebook's Markdown already
rendered, so the pupil reads the lesson's first lines at once, and in the place of each
code cell an empty place that its output fills. The page's script (``page/page.mjs``)
starts Pyodide in a web worker, which runs the cells in order
(:func:`teachgames.site.inpage.run_lesson`) and draws each widget with the page's own small
widget host: no JupyterLab and no kernel, which cost a pupil 7-9 s before any lesson code
ran. The code travels in the page as data (a JSON script element): it is never shown.

A cell that shows something (its last line is an expression, as ``show_activity(...)``)
says "getting this part ready" until its output comes; a cell that only sets things up
(tagged ``remove-output``, as the lesson builder tags the imports, or ended by ``;``, or
with no expression last) takes no room.
"""

from __future__ import annotations

import ast
import html
import json
import shutil
from collections.abc import Sequence
from pathlib import Path

from ..core.i18n import FALLBACK, messages, tr
from .content import Item, tagged_cells
from .pages import LESSON_PAGES as FOLDER
from .pages import START_PAGE, markdown_html, notebook_title
from .pages import lesson_page_target as page_target

#: the lesson pages' shared scripts and style
ASSETS = Path(__file__).resolve().parent / "page"
#: words the page's script writes itself (catalogue keys ``site.page.*``)
SCRIPT_WORDS = ("cell_failed", "no_worker")


#: a cell's tag saying it shows nothing (Jupyter Book's; the lesson builder sets it)
NO_OUTPUT_TAG = "remove-output"


def shows_something(source: str, tags: Sequence[str] = ()) -> bool:
    """Whether a cell shows its last value: its last statement is an expression, not
    ended by ``;`` (IPython's way of saying "show nothing"), and the cell is not tagged
    ``remove-output``; a cell that does not parse is taken to show something (its error)."""
    if NO_OUTPUT_TAG in tags:
        return False
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return True
    return bool(body) and isinstance(body[-1], ast.Expr) and not source.rstrip().endswith(";")


def _script_data(element_id: str, value: object) -> str:
    # no "<", ">" or "&" in the element (as Django's json_script): nothing in the data can
    # end the script element or change how the page's parser reads it; JSON reads \u003c as "<"
    text = json.dumps(value, ensure_ascii=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


#: sets the theme before anything is drawn: ?theme=dark|light, else the browser's choice
THEME_SCRIPT = (
    "<script>{const t=new URLSearchParams(location.search).get('theme');"
    "document.documentElement.dataset.theme=t==='dark'||t==='light'?t:"
    "(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}</script>"
)


def lesson_page(item: Item) -> str:
    """The HTML of a notebook's lesson page."""
    language = item.language
    up = "../" * page_target(item).count("/")
    parts: list[str] = []
    code: list[str] = []
    loading = html.escape(tr("site.page.loading", language))
    for kind, source, tags in tagged_cells(item.source):
        if kind == "markdown":
            parts.append(f'<div class="tg-text">{markdown_html(source)}</div>')
            continue
        number = len(code)
        code.append(source)
        if shows_something(source, tags):
            parts.append(
                f'<div class="tg-cell" data-cell="{number}" aria-busy="true">'
                f'<p class="tg-loading">{loading}</p></div>'
            )
        else:
            parts.append(f'<div class="tg-cell" data-cell="{number}" aria-busy="true" hidden></div>')
    own, english = messages("site", language), messages("site", FALLBACK)
    # templates: the script fills {error} itself
    words = {key: own.get(f"page.{key}", english[f"page.{key}"]) for key in SCRIPT_WORDS}
    title = html.escape(notebook_title(item.source))
    back = html.escape(tr("site.back", language))
    no_script = html.escape(tr("site.page.no_script", language))
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>{THEME_SCRIPT}"
        f'<link rel="icon" href="{up}favicon.ico">'
        f'<link rel="stylesheet" href="{up}{FOLDER}/page.css">'
        f'<link rel="modulepreload" href="{up}{FOLDER}/page.mjs">'
        f'<script type="module" src="{up}{FOLDER}/page.mjs"></script></head>\n'
        f'<body><main>\n<p class="tg-back"><a href="{up}{START_PAGE}">{back}</a></p>\n'
        f"<noscript><p>{no_script}</p></noscript>\n"
        # the class's join form goes here when the site is served with its class server
        '<div class="tg-cell" data-cell="join" hidden></div>\n'
        + "\n".join(parts)
        + '\n<p id="tg-page-status" role="status"></p>\n'
        + _script_data("tg-cells", code)
        + _script_data("tg-words", words)
        + "\n</main></body></html>\n"
    )


def write_lesson_pages(site: Path, notebooks: Sequence[Item]) -> list[str]:
    """Write every notebook's lesson page and the pages' shared scripts into a built site;
    the pages' paths in the site."""
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for asset in ("page.mjs", "worker.mjs", "page.css"):
        shutil.copyfile(ASSETS / asset, folder / asset)
    written = []
    for item in notebooks:
        target = site / page_target(item)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(lesson_page(item), encoding="utf-8")
        written.append(page_target(item))
    return written
