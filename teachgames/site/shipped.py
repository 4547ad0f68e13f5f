"""A lesson notebook as the site ships it: already as the site's kernel will leave it.

JupyterLab marks a notebook changed the moment its kernel connects if the notebook's
``kernelspec`` or ``language_info`` differ from what that kernel reports, and it marks every
cell ``trusted`` when it runs. The lessons are written for a desktop kernel ("Python 3",
``python3``); in the site the kernel is Pyodide's, so a pupil who opened a lesson and did
nothing saw it as changed, and "Save your changes?" when closing it. The site's copy of each
notebook therefore carries the browser kernel's own metadata (the values the pinned
jupyterlite-pyodide-kernel's front end reports, see ``JUPYTERLITE_REQUIREMENTS``) and its
code cells trusted (the lessons are the teacher's own; trust only lets their outputs show).
Running the lesson then changes only what running must change: outputs and execution counts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: what the Pyodide kernel of jupyterlite-pyodide-kernel 0.8.6 writes as ``kernelspec``
SITE_KERNELSPEC: dict[str, str] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: what it answers as ``language_info`` (its front end's fixed answer, version included)
SITE_LANGUAGE_INFO: dict[str, Any] = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}


def site_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``notebook`` with the site kernel's metadata and its code cells trusted."""
    metadata = {
        **notebook.get("metadata", {}),
        "kernelspec": dict(SITE_KERNELSPEC),
        "language_info": json.loads(json.dumps(SITE_LANGUAGE_INFO)),
    }
    cells = [
        {**cell, "metadata": {**cell.get("metadata", {}), "trusted": True}}
        if cell.get("cell_type") == "code"
        else cell
        for cell in notebook.get("cells", [])
    ]
    return {**notebook, "metadata": metadata, "cells": cells}


def write_site_notebook(source: Path, target: Path) -> None:
    """Write the site's copy of the notebook at ``source`` to ``target``."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    text = json.dumps(site_notebook(notebook), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    target.write_text(text, encoding="utf-8")
