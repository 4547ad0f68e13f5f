"""The offline classroom site: every lesson in the browser, nothing to install, nothing fetched.

``teachgames site -o DIR`` builds a static JupyterLite site whose Python kernel (Pyodide) and
every package the lessons import are inside the site, pinned and hash-checked, precompiled
to bytecode and precompressed; each lesson is there as a pupil's page without code and as
the notebook with its code. ``teachgames site -o DIR --serve`` serves it to a class. Build
needs the ``site`` extra (jupyterlite-core with jupyter-server, jupyterlite-pyodide-kernel,
brotli), Node (to precompile with the site's own Pyodide) and, once, PyPI and npm.

Nothing heavy is imported here: the builder loads only when a site is built.
"""

from __future__ import annotations

from .builder import SiteReport, build_site
from .cli import add_cli, run
from .errors import SiteBuildError
from .server import serve

__all__ = ["SiteBuildError", "SiteReport", "add_cli", "build_site", "run", "serve"]
