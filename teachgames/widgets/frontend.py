"""The widgets' front-end modules as anywidget loads them: one ES module, no imports.

anywidget loads a widget's ``_esm`` from a string, where a relative ``import`` has no
file to reach. The modules under ``static/`` still import their shared helpers the
usual way (``import { el } from "./dom.js";``), so that a linter and a reader follow
them; :func:`esm` puts each imported helper module in place of its import line, its
``export`` keywords dropped, once per module.

Standard library only; read once per process.
"""

from __future__ import annotations

import functools
import pathlib
import re

STATIC = pathlib.Path(__file__).with_name("static")
#: ``import { a, b } from "./dom.js";`` on a line of its own (the only import form used).
_IMPORT = re.compile(r'^import \{[\w\s,]+\} from "\./([\w-]+\.js)";[ \t]*$', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=function |const |let |class )", re.MULTILINE)


def inlined(name: str, seen: frozenset[str] = frozenset()) -> str:
    """The module ``static/<name>`` with its helper modules put in place of its imports."""
    text = (STATIC / name).read_text(encoding="utf-8")

    def helper(match: re.Match[str]) -> str:
        module = match[1]
        if module in seen or module == name:
            raise ValueError(f"{name}: importing {module} makes a cycle")
        body = inlined(module, seen | {name, module})
        declarations = _EXPORT.sub("", body)
        return f"// ---- {module} (put in place of its import)\n{declarations}// ---- end of {module}\n"

    return _IMPORT.sub(helper, text)


@functools.cache
def esm(name: str) -> str:
    """The front-end module ``static/<name>`` as one import-free ES module (cached)."""
    return inlined(name)
