"""Specs: ``"package.module:attribute"`` strings that name code to import on first use.

This is how a lower layer reaches a higher one without importing it: a game class names
its widget and its static picture as specs, the Game base names the display function,
and :func:`resolve` imports them only when they are used. It depends on nothing else in
teachgames, so every layer may use it without making an import cycle.
"""

from __future__ import annotations

import importlib
from typing import Any


def resolve(spec: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute."""
    module, colon, attr = spec.partition(":")
    if not colon or not module or not attr:
        raise ValueError(f"a spec looks like 'package.module:name', not {spec!r}")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj
