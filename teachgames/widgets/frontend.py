"""The widgets' front-end modules as anywidget loads them: one ES module, no imports.

The modules under ``static/`` import their shared helpers the usual way
(``import { el } from "./dom.js";``), so that a linter and a reader follow them;
:func:`esm` hands anywidget the module with each helper module put in place of its
import (:mod:`teachgames.core.jsmodules` does the joining). Every widget of the package
(the games, the lesson activity, practice, the classroom's join form, the experiments'
repeat control) builds its DOM with the one ``el`` of ``static/dom.js`` this way.

Standard library only; read once per process.
"""

from __future__ import annotations

import pathlib

from ..core.jsmodules import joined

STATIC = pathlib.Path(__file__).with_name("static")


def esm(name: str, folder: pathlib.Path = STATIC) -> str:
    """The front-end module ``<folder>/<name>`` (``widgets/static`` unless told) as one
    import-free ES module (cached)."""
    return joined(folder / name)
