"""What the browser kernel runs on: the Pyodide runtime and the exact wheels, pinned.

A classroom site must come out the same every time it is built, and nothing fetched for it
may be swapped on the way: so every download is pinned here by version *and* hash, and the
build refuses a file whose hash differs. The set is the closure of what the Pyodide kernel
(micropip, ipython, jedi, comm) and the lessons (teachgames: sympy, anywidget, ipywidgets)
import, as pure-Python wheels from PyPI; versions follow the lock file of the Pyodide release
where it has them (they are the versions that release was tested with).

To move to a new Pyodide or kernel release: change ``PYODIDE_VERSION``/``PYODIDE_INTEGRITY``
(``npm view pyodide@<v> dist.integrity``) and the wheels, then run
``python -m teachgames.site.pins`` which prints fresh pins from a download.
"""

from __future__ import annotations

from typing import NamedTuple

#: the Pyodide release jupyterlite-pyodide-kernel 0.8.6 expects (its ``PYODIDE_VERSION``)
PYODIDE_VERSION = "314.0.6"
#: npm's ``dist.integrity`` of ``pyodide@PYODIDE_VERSION`` (sha512 of the tarball)
PYODIDE_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
#: the Python inside that Pyodide (wheels are chosen for it)
PYODIDE_PYTHON = "3.14"

#: the JupyterLite packages the site is built with (the ``site`` extra)
JUPYTERLITE_REQUIREMENTS = ("jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6")


class Wheel(NamedTuple):
    """One pinned pure-Python wheel: PyPI name, exact version, sha256 of the file PyPI serves."""

    name: str
    version: str
    sha256: str


WHEELS: tuple[Wheel, ...] = (
    # the kernel's own needs
    Wheel("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"),
    Wheel("ipython", "9.12.0", "0f2701e8ee86e117e37f50563205d36feaa259d2e08d4a6bc6b6d74b18ce128d"),
    Wheel(
        "ipython-pygments-lexers", "1.1.1", "a9462224a505ade19a605f71f8fa63c2048833ce50abc86768a0d81d876dc81c"
    ),
    Wheel("jedi", "0.19.2", "a8ef22bde8490f57fe5c7681a3c83cb58874daf72b4784de3cce5b6ef6edb5b9"),
    Wheel("parso", "0.8.6", "2c549f800b70a5c4952197248825584cb00f033b29c692671d3bf08bf380baff"),
    Wheel("comm", "0.2.3", "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    Wheel("traitlets", "5.14.3", "b74e89e397b1ed28cc831db7aea759ba6640cb3de13090ca145426688ff1ac4f"),
    Wheel("decorator", "5.2.1", "d316bb415a2d9e2d2b3abcc4084c6502fc09240e292cd76a76afc106a1c8e04a"),
    Wheel("matplotlib-inline", "0.2.1", "d56ce5156ba6085e00a9d54fead6ed29a9c47e215cd1bba2e976ef39f5710a76"),
    Wheel("prompt-toolkit", "3.0.52", "9aac639a3bbd33284347de5ad8d68ecc044b91a762dc39b7c21095fcd6a19955"),
    Wheel("wcwidth", "0.6.0", "1a3a1e510b553315f8e146c54764f4fb6264ffad731b3d78088cdb1478ffbdad"),
    Wheel("pygments", "2.20.0", "81a9e26dd42fd28a23a2d169d86d7ac03b46e2f8b59ed4698fb4785f946d0176"),
    Wheel("stack-data", "0.6.3", "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695"),
    Wheel("executing", "2.2.1", "760643d3452b4d777d295bb167ccc74c64a81df23fb5e08eff250c425a4b2017"),
    Wheel("asttokens", "3.0.1", "15a3ebc0f43c2d0a50eeafea25e19046c68398e487b9f1f5b517f7c0f40f976a"),
    Wheel("pure-eval", "0.2.3", "1db8e35b67b3d218d818ae653e27f06c3aa420901fa7b081ca98cbedc874e0d0"),
    # the lessons' needs
    Wheel("sympy", "1.14.0", "e091cc3e99d2141a0ba2847328f5479b05d94a6635cb96148ccb3f34671bd8f5"),
    Wheel("mpmath", "1.4.1", "dc4f0ea2304480d4a9a48a94c1020571558ade522b44a6912efac63a586e140f"),
    Wheel("anywidget", "0.11.0", "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
    Wheel("psygnal", "0.16.1", "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92"),
    Wheel("typing-extensions", "4.15.0", "f0fa19c6845758ab08074a0cfa8b7aecb71c999ca73d62883bc25cc018c4e548"),
    Wheel("ipywidgets", "8.1.9", "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d"),
    Wheel("jupyterlab-widgets", "3.0.17", "40ac1e9955acf116c4d995d9bfa082d86ad9ec6d91c4f134827cf5e0a5eb75e0"),
    Wheel("tqdm", "4.67.3", "ee1e4c0e59148062281c49d80b25b67771a127c85fc9676d3be5f243206826bf"),
)

#: requirements the kernel extension provides itself (its own piplite index), never bundled
PROVIDED_BY_KERNEL = frozenset({"widgetsnbextension", "ipykernel", "pyodide-kernel", "piplite"})

#: requirements that cannot run in the browser and that no lesson needs (plots are optional)
NOT_IN_BROWSER = frozenset({"matplotlib"})

#: requirements a package uses only when they are there: IPython's completer imports jedi
#: if it can. Left out of the package's ``depends``, so the lesson pages (which complete
#: nothing) neither fetch nor import them; the JupyterLite kernel loads jedi itself
#: (:data:`KERNEL_PACKAGES`), so the notebooks still complete names.
OPTIONAL_IN_BROWSER = {"ipython": frozenset({"jedi"})}

#: the kernel's own packages that its worker would install one by one through micropip
#: (it skips those Pyodide already loaded as it started: ``loadPyodideOptions.packages``)
KERNEL_PACKAGES = ("micropip", "comm", "jedi", "ipython")

#: archives compiled without their docstrings (``compile(optimize=2)``, as ``python -OO``,
#: which CPython's standard library and sympy both support): a third of sympy's bytecode
#: is docstrings, 1.5 MB of what every pupil downloads, and the lessons never read them
#: (teachgames' explanation tests pass under ``-OO``). ``help()`` on a sympy object or a
#: standard module in the site's notebooks then has no text. teachgames and IPython (whose
#: magics are parsed from their docstrings) keep theirs.
WITHOUT_DOCSTRINGS = frozenset({"python-stdlib", "sympy", "mpmath"})

#: packages no lesson's first screen imports (the activities need sympy only once an
#: explanation is shown): the kernel imports them once the pupil is reading, not before the
#: first widget (see ``teachgames/site/startup.py``)
AFTER_FIRST_SCREEN = frozenset({"sympy", "mpmath"})

#: the front-end extensions the lessons need (as named in their package.json)
LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")

#: the lexers IPython and its Pygments lexers import (its tracebacks, ``?`` help, ``%%timeit``),
#: with the modules those import; a lexer asked for by name outside this list is not shipped
PYGMENTS_LEXERS = (
    "__init__",
    "_mapping",
    "_css_builtins",
    "_lilypond_builtins",
    "_scheme_builtins",
    "css",
    "data",
    "html",
    "javascript",
    "jvm",
    "lilypond",
    "lisp",
    "markup",
    "perl",
    "python",
    "ruby",
    "shell",
    "special",
)

#: parts of packages no lesson imports, left out of the site (paths inside the wheel or the
#: standard library zip; ``!path`` keeps a path inside a dropped folder): sympy's subpackages
#: that ``import sympy`` does not load and no lesson uses, Pygments' lexers of other
#: languages (3.8 of its 4.4 MB; the notebook's own highlighting is JupyterLab's, in the
#: page), jedi's typeshed stubs, standard modules with no use in a browser tab
DROPPED: dict[str, tuple[str, ...]] = {
    "sympy": tuple(
        f"sympy/{sub}/"
        # combinatorics and codegen stay: sympy's tensor and printing modules import them lazily
        for sub in [
            "physics",
            "stats",
            "vector",
            "diffgeom",
            "liealgebras",
            "categories",
            "crypto",
            "holonomic",
            "sandbox",
            "unify",
            "benchmarks",
            "polys/benchmarks",
            "parsing/autolev",
            "parsing/latex",
        ]
    ),
    "pygments": ("pygments/lexers/", *(f"!pygments/lexers/{name}.py" for name in PYGMENTS_LEXERS)),
    # typeshed: jedi completes from the live objects without its stubs (IPython gives it those)
    "jedi": ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/"),
    "python-stdlib": tuple(
        [
            "__phello__/",
            "__hello__.py",
            "xmlrpc/",
            "wsgiref/",
            "idlelib/",
            "tkinter/",
            "turtledemo/",
            "pydoc_data/",
            "ensurepip/",
            "venv/",
            "lib2to3/",
        ]
    ),
}
