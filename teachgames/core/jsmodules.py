"""A front-end ES module as one import-free module, its helper modules put in place.

anywidget loads a widget's ``_esm`` from a string, where a relative ``import`` has no
file to reach. The package's front-end modules still import their shared helpers the
usual way (``import { el } from "./dom.js";`` next to it, or
``import { el } from "../../widgets/static/dom.js";`` from another folder of the
package), so that a linter and a reader follow them; :func:`joined` puts each imported
helper module in place of its import line, its ``export`` keywords dropped, once per
module. Any folder of the package may be imported from; nothing outside it.

Standard library only; each module is read once per process.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

#: The package's folder: an import may reach any module in it, and nothing outside.
PACKAGE = Path(__file__).resolve().parent.parent
#: ``import { a, b } from "./dom.js";`` (or ``"../x/dom.js"``) on a line of its own:
#: the only import form the front-end modules use.
_IMPORT = re.compile(r'^import \{[\w\s,]+\} from "((?:\./|(?:\.\./)+)[\w/-]+\.js)";[ \t]*$', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=function |const |let |class )", re.MULTILINE)


def _module_path(importer: Path, spec: str) -> Path:
    """The file ``spec`` names, relative to the module importing it, inside the package."""
    path = (importer.parent / spec).resolve()
    if not path.is_relative_to(PACKAGE.resolve()):
        raise ValueError(f"{importer.name}: {spec} is outside the teachgames package")
    return path


def inlined(path: Path, seen: frozenset[Path] = frozenset()) -> str:
    """The module at ``path`` with its helper modules put in place of its imports."""
    path = path.resolve()
    text = path.read_text(encoding="utf-8")

    def helper(match: re.Match[str]) -> str:
        module = _module_path(path, match[1])
        if module in seen or module == path:
            raise ValueError(f"{path.name}: importing {match[1]} makes a cycle")
        body = inlined(module, seen | {path, module})
        declarations = _EXPORT.sub("", body)
        name = module.relative_to(PACKAGE.resolve()).as_posix()
        return f"// ---- {name} (put in place of its import)\n{declarations}// ---- end of {name}\n"

    return _IMPORT.sub(helper, text)


@functools.cache
def joined(path: Path) -> str:
    """The front-end module at ``path`` as one import-free ES module (cached)."""
    return inlined(path)
