"""A lesson as a pupil's page: its words and what its code shows, never the code itself.

The site opens JupyterLite's own one-window app (the REPL, with ``hideCodeInput``) on
``show_lesson("en/lesson.ipynb")``: this reads the notebook and, cell by cell, shows the
Markdown as text and runs the code in the kernel's own namespace, showing what each cell
shows (its widgets, its pictures, the value of its last line), as "Run all" would in the
notebook. Any notebook works: nothing here knows a lesson. A cell that fails shows its
error and the lesson goes on, as a pupil would want.

When the site is served with its class server (``teachgames site --serve``), the page
first shows the class's join form (:mod:`teachgames.classroom.joinform`): the pupil types
the code on the board and a name, and every activity of the lesson sends its committed
answers to the class and obeys the teacher's pacing; the lesson's cells stay as they are.

Runs in the browser (Pyodide) as in any IPython kernel; needs IPython (and, for the class,
ipywidgets and the browser's ``fetch``).
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
from pathlib import Path
from typing import Any

#: where JupyterLite's kernel sees the site's files when its working folder is elsewhere
DRIVE = Path("/drive")


def lesson_cells(path: str | Path) -> list[tuple[str, str]]:
    """(kind, source) of every Markdown and code cell of a notebook, in order."""
    file = Path(path)
    if not file.is_file() and (DRIVE / file).is_file():
        file = DRIVE / file
    data = json.loads(file.read_text(encoding="utf-8"))
    cells = []
    for cell in data.get("cells", []):
        kind = cell.get("cell_type")
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        if kind in ("markdown", "code") and text.strip():
            cells.append((kind, text))
    return cells


async def run_code(source: str, namespace: dict[str, Any], name: str) -> Any:
    """Run a cell's code in ``namespace`` (top-level ``await`` allowed); returns the value of
    its last line when that is an expression, as a notebook cell shows it."""
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    tree = ast.parse(source, name)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    result = eval(compile(tree, name, "exec", flags=flags), namespace)
    if inspect.iscoroutine(result):
        await result
    if last is None:
        return None
    value = eval(compile(ast.Expression(last.value), name, "eval", flags=flags), namespace)
    return await value if inspect.iscoroutine(value) else value


#: The lesson's words at a size a classroom reads (JupyterLab's 14 px is for a desk), as
#: the Voilà pupil pages have them; the widgets are already sized for the projector.
#: (``:root:root``: the theme's own ``:root`` rules load after this output and would win.)
READABLE = (
    "<style>:root:root { --jp-content-font-size1: 20px; } .jp-RenderedMarkdown { line-height: 1.5; }</style>"
)


async def show_lesson(path: str | Path) -> None:
    """Show a notebook as a pupil's page in the running IPython kernel."""
    from IPython import get_ipython
    from IPython.display import HTML, Markdown, display

    show: Any = display  # IPython's functions carry no types
    text: Any = Markdown
    shell = get_ipython()
    namespace: dict[str, Any] = shell.user_ns if shell is not None else {}
    if sys.platform == "emscripten":  # a browser tab: the class may be on this site
        show(HTML(READABLE))
        language = Path(path).parts[0] if Path(path).parts else "en"
        form = await class_form(language if language in ("en", "ru", "bg") else "en")
        if form is not None:
            show(form)
    for number, (kind, source) in enumerate(lesson_cells(path), start=1):
        if kind == "markdown":
            show(text(source))
            continue
        code = shell.transform_cell(source) if shell is not None else source
        try:
            value = await run_code(code, namespace, f"<{Path(path).name} cell {number}>")
        except Exception:
            if shell is None:
                raise
            shell.showtraceback()
            continue
        if value is not None:
            show(value)


async def class_form(language: str) -> Any:
    """The class's join form when this page's own address serves the class server, else
    None; activities shown from now on answer to the class once the pupil has joined."""
    import js  # the browser (Pyodide)

    from ..classroom.asynclink import pyodide_fetch
    from ..classroom.joinform import LateLink, class_here, join_form
    from ..lesson.show import use_class_link

    base = str(js.location.origin)
    if not await class_here(base, pyodide_fetch):
        return None
    late = LateLink()
    use_class_link(late)
    return join_form(base, late, pyodide_fetch, language)
