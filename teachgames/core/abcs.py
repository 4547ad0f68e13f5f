"""The abstract collection types of ``collections.abc``, for ``isinstance`` checks.

``collections.abc`` is ``_collections_abc`` under its public name, but importing it
imports the whole ``collections`` package first (78 KB of bytecode), which dealing a
game does not otherwise need. These are the very same classes, taken from the module
that defines them and that the interpreter has loaded at start anyway (``random``
in the standard library does the same). Type annotations keep using
``collections.abc``: only type checkers read them.
"""

from _collections_abc import Mapping, Sequence

__all__ = ["Mapping", "Sequence"]
